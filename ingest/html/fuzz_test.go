package html

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/ingest/internal/parsetest"
	"archivist/ingest/internal/srctext"
)

// seedChunk is the most of a shared fixture page one seed holds. Whole
// pages (up to 300 KB) make every mutation slow and each minimization
// take the fuzzer's full minute; pieces of them keep the variety.
const seedChunk = 8 << 10

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.html"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	shared, _ := filepath.Glob(filepath.Join(sharedFixtures, "html_readability", "*", "*.html"))
	for _, file := range shared {
		src, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		// The start (head, chrome), the middle (content) and the end.
		for _, at := range []int{0, len(src)/2 - seedChunk/2, len(src) - seedChunk} {
			at = max(0, at)
			f.Add(src[at:min(len(src), at+seedChunk)])
		}
	}
	f.Add([]byte(`<table><tr><td rowspan=3 colspan=2>a<td>b<tr><td>c</table>`))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse(context.Background(), src)
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		if errs := parsetest.CheckTree(p, srctext.NewLines(srctext.Normalize(src)).Count()); errs != nil {
			t.Fatalf("invariants broken for %q:\n%s", src, strings.Join(errs, "\n"))
		}
	})
}

// benchDoc is a generated HTML page of about n bytes mixing the
// constructs real pages use, with the chrome around them.
func benchDoc(n int) []byte {
	var b bytes.Buffer
	b.WriteString("<!DOCTYPE html><html><head><title>Bench</title><script>var x = 1;</script></head><body>\n" +
		"<nav><ul><li><a href=/>Home</a></li><li><a href=/a>About</a></li></ul></nav>\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "<h2 id=s%d>Section %d</h2>\n<p>A paragraph with <em>emphasis</em>, a <a href=\"https://example.com/%d\">link</a> and <code>code</code>.\n"+
			"It wraps onto a second line. Numbers: %d, %d.</p>\n<ul>\n<li>item one</li>\n<li>item <b>two</b></li>\n</ul>\n"+
			"<pre><code>func f%d() int {\n\treturn %d\n}</code></pre>\n<blockquote><p>A quote about section %d.</p></blockquote>\n"+
			"<table><caption>Table %d</caption><thead><tr><th>k</th><th>v</th></tr></thead>\n<tbody><tr><td rowspan=2>a</td><td>%d</td></tr>\n<tr><td colspan=1>b</td></tr></tbody></table>\n",
			i, i, i, i, i*7, i, i, i, i, i)
	}
	b.WriteString("<footer>Footer</footer></body></html>\n")
	return b.Bytes()
}

func BenchmarkParse(b *testing.B) {
	src := benchDoc(4 << 20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseReadability parses the Readability test pages, real
// pages with their boilerplate.
func BenchmarkParseReadability(b *testing.B) {
	var pages [][]byte
	size := 0
	for _, dir := range readabilityCases(b) {
		src, err := os.ReadFile(filepath.Join(dir, "source.html"))
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, src)
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range pages {
			if _, err := Parse(context.Background(), src); err != nil {
				b.Fatal(err)
			}
		}
	}
}
