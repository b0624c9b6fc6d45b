package markdown

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"archivist/app"
	"archivist/ingest/internal/parsetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ingest")

const testdata = "../../testdata/ingest"

// sharedFixtures is ../shared/fixtures beside the checkout, seen from this
// package's directory.
const sharedFixtures = "../../../shared/fixtures"

func parse(t testing.TB, src string) *app.Parsed {
	t.Helper()
	p, err := Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if errs := parsetest.Check([]byte(src), p, parsetest.Subsequence); errs != nil {
		t.Fatalf("invariants broken:\n%s", strings.Join(errs, "\n"))
	}
	return p
}

func TestGolden(t *testing.T) {
	parsetest.GoldenFiles(t, testdata, ".md", parse, *update)
}

func TestParse(t *testing.T) {
	t.Run("HashInCodeIsNotAHeading", func(t *testing.T) {
		p := parse(t, "# Real\n\n```\n# fenced\n```\n\n~~~\n## tilde fenced\n~~~\n\n    # indented\n\ntext\n")
		if got := parsetest.Headings(p); len(got) != 1 || got[0] != "1:Real" {
			t.Errorf("headings = %q, want only the real one", got)
		}
		var code []string
		for _, b := range p.Blocks {
			if b.Kind == app.BlockCode {
				code = append(code, b.Text)
			}
		}
		want := []string{"# fenced", "## tilde fenced", "# indented"}
		if strings.Join(code, "|") != strings.Join(want, "|") {
			t.Errorf("code blocks = %q, want %q", code, want)
		}
	})
	t.Run("SectionTree", func(t *testing.T) {
		p := parse(t, "intro\n\n## A\n\n### A1\n\n# B\n\n### B1\n\n## B2\n")
		got := []int{}
		for _, s := range p.Sections {
			got = append(got, s.Parent)
		}
		// Root, A under root, A1 under A, B under root, B1 under B
		// (a skipped level), B2 under B.
		if want := []int{-1, 0, 1, 0, 3, 3}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("parents = %v, want %v", got, want)
		}
		if p.Blocks[0].Section != 0 || p.Blocks[0].Text != "intro" {
			t.Errorf("text before the first heading should be in the root: %+v", p.Blocks[0])
		}
		if s := p.Sections[1]; s.LineStart != 3 || s.LineEnd != 6 {
			t.Errorf("section A covers lines %d–%d, want 3–6 (up to the line before # B)", s.LineStart, s.LineEnd)
		}
	})
	t.Run("CRLFSameAsLF", func(t *testing.T) {
		lf := "# T\n\nline one\nline two\n\n> quote\n"
		a := parsetest.ViewOf(parse(t, lf))
		b := parsetest.ViewOf(parse(t, strings.ReplaceAll(lf, "\n", "\r\n")))
		c := parsetest.ViewOf(parse(t, strings.ReplaceAll(lf, "\n", "\r")))
		if fmt.Sprint(a) != fmt.Sprint(b) || fmt.Sprint(a) != fmt.Sprint(c) {
			t.Errorf("CRLF or CR input parses differently:\nLF   %v\nCRLF %v\nCR   %v", a, b, c)
		}
	})
	t.Run("LinesOfAQuote", func(t *testing.T) {
		p := parse(t, "# T\n\nfirst *line*\nsecond [line](http://x)\nthird line\n")
		b := p.Blocks[1]
		i := strings.Index(b.Text, "second line")
		if i < 0 {
			t.Fatalf("block text %q lacks the link text", b.Text)
		}
		if first, last := b.LinesOf(i, i+len("second line\nthird")); first != 4 || last != 5 {
			t.Errorf("quote lines = %d–%d, want 4–5", first, last)
		}
	})
	t.Run("Title", func(t *testing.T) {
		for _, c := range []struct{ src, want string }{
			{"## Sub\n\n# Main\n", "Main"},
			{"## Only a second level\n", "Only a second level"},
			{"\n\n  Just some *text* here\nmore\n", "Just some text here"},
			{"<!-- nothing visible -->\n", ""},
			{strings.Repeat("word ", 40), strings.TrimSpace(strings.Repeat("word ", 24))},
		} {
			if got := parse(t, c.src).Title; got != c.want {
				t.Errorf("title of %q = %q, want %q", c.src, got, c.want)
			}
		}
	})
	t.Run("NestedHeadingsStayText", func(t *testing.T) {
		p := parse(t, "> # Quoted heading\n\n- # Listed heading\n")
		if len(p.Sections) != 1 {
			t.Errorf("headings inside a quote or list opened sections: %q", parsetest.Headings(p))
		}
		if len(p.Blocks) != 2 || p.Blocks[0].Kind != app.BlockQuote || p.Blocks[1].Kind != app.BlockListItem {
			t.Errorf("blocks = %+v", p.Blocks)
		}
	})
	t.Run("Table", func(t *testing.T) {
		p := parse(t, "| a | b |\n|---|---|\n| 1 | `x\\|y` |\n")
		if len(p.Blocks) != 1 || p.Blocks[0].Kind != app.BlockTable {
			t.Fatalf("blocks = %+v, want one table", p.Blocks)
		}
		if got, want := p.Blocks[0].Text, "a | b\n\n1 | x|y"; got != want {
			t.Errorf("table text = %q, want %q", got, want)
		}
	})
	t.Run("EmptyInput", func(t *testing.T) {
		p := parse(t, "")
		if len(p.Blocks) != 0 || p.Title != "" || len(p.Sections) != 1 {
			t.Errorf("empty input gave %+v", p)
		}
	})
	t.Run("Cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Parse(ctx, []byte("# x\n")); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	})
	t.Run("DeadlineStopsASlowParse", func(t *testing.T) {
		// goldmark takes quadratic time on this; the caller's deadline
		// must still return control promptly.
		src := []byte(strings.Repeat("[a](", 40000))
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := Parse(ctx, src)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want context.DeadlineExceeded", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Parse returned %v after its deadline", d)
		}
	})
	t.Run("WideTableRowsKeepColumns", func(t *testing.T) {
		p := parse(t, "| a | b | c |\n|---|---|---|\n|  | y |  |\n| x\n")
		if got, want := p.Blocks[0].Text, "a | b | c\n\n | y\nx"; got != want {
			t.Errorf("table text = %q, want %q", got, want)
		}
	})
	t.Run("CancelledMidway", func(t *testing.T) {
		ctx := &countdown{Context: context.Background(), n: 2}
		if _, err := Parse(ctx, benchDoc(1<<20)); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled from a check during the walk", err)
		}
	})
}

// countdown is a context that reports cancellation from its n+1th Err call
// on: it stands for a cancel arriving while a parse is under way.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestRealWorld parses the third-party Markdown beside the checkout.
func TestRealWorld(t *testing.T) {
	dir := filepath.Join(sharedFixtures, "markdown")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared fixtures not found at %s (they live beside the checkout): %v", dir, err)
	}
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".md") || strings.HasSuffix(path, "spec.txt")) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) < 5 {
		t.Fatalf("only %d Markdown files under %s", len(files), dir)
	}
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, dir+"/"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, string(src))
			if len(p.Blocks) == 0 {
				t.Fatal("no blocks")
			}
			fenced := fenceLines(string(src))
			for _, b := range p.Blocks {
				if b.Kind == app.BlockHeading && fenced[b.LineStart] {
					t.Errorf("line %d is inside a code fence but became heading %q", b.LineStart, b.Text)
				}
			}
		})
	}
}

// fenceLines marks the lines inside top-level ``` or ~~~ fences, by a
// scan independent of goldmark.
func fenceLines(src string) map[int]bool {
	in := map[int]bool{}
	var fence string
	for i, line := range strings.Split(src, "\n") {
		t := strings.TrimLeft(line, " ")
		indent := len(line) - len(t)
		if fence == "" {
			if indent < 4 && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) {
				n := len(t) - len(strings.TrimLeft(t, t[:1]))
				fence = t[:n]
			}
			continue
		}
		if indent < 4 && strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]+" \t") == "" {
			fence = ""
			continue
		}
		in[i+1] = true
	}
	return in
}

// specExamples returns the Markdown of the GFM spec's examples, when the
// shared fixtures are present.
func specExamples() []string {
	data, err := os.ReadFile(filepath.Join(sharedFixtures, "markdown/gfm_spec/spec.txt"))
	if err != nil {
		return nil
	}
	const open = "```````````````````````````````` example"
	var out []string
	for _, part := range strings.Split(string(data), open+"\n")[1:] {
		md, _, ok := strings.Cut(part, "\n.\n")
		if ok {
			out = append(out, strings.ReplaceAll(md, "→", "\t"))
		}
	}
	return out
}

func TestSpecExamples(t *testing.T) {
	ex := specExamples()
	if ex == nil {
		t.Skipf("shared fixtures not found at %s", sharedFixtures)
	}
	for i, src := range ex {
		p, err := Parse(context.Background(), []byte(src))
		if err != nil {
			t.Fatalf("example %d: %v", i+1, err)
		}
		if errs := parsetest.Check([]byte(src), p, parsetest.Subsequence); errs != nil {
			t.Errorf("example %d %q:\n%s", i+1, src, strings.Join(errs, "\n"))
		}
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.md"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	for _, ex := range specExamples() {
		f.Add([]byte(ex))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse(context.Background(), src)
		if err != nil {
			t.Fatalf("Parse: %v", err)
		}
		if errs := parsetest.Check(src, p, parsetest.Subsequence); errs != nil {
			t.Fatalf("invariants broken for %q:\n%s", src, strings.Join(errs, "\n"))
		}
	})
}

// benchDoc is a generated Markdown document of about n bytes mixing the
// constructs real notes use.
func benchDoc(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "## Section %d\n\nA paragraph with *emphasis*, a [link](https://example.com/%d) and `code`.\n"+
			"It wraps onto a second line. Numbers: %d, %d.\n\n- item one\n- item **two**\n\n"+
			"```go\nfunc f%d() int { return %d }\n```\n\n> A quote about section %d.\n\n"+
			"| k | v |\n|---|---|\n| a | %d |\n\n", i, i, i, i*7, i, i, i, i)
	}
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
