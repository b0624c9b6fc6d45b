package html

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"archivist/app"
	"archivist/ingest/internal/parsetest"
	"archivist/ingest/internal/srctext"
)

// sharedFixtures is ../shared/fixtures beside the checkout, seen from this
// package's directory.
const sharedFixtures = "../../../shared/fixtures"

// readabilityCases returns the directories of the Readability test pages.
func readabilityCases(tb testing.TB) []string {
	dir := filepath.Join(sharedFixtures, "html_readability")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("shared fixtures not found at %s (they live beside the checkout): %v", dir, err)
	}
	cases, _ := filepath.Glob(filepath.Join(dir, "*", "source.html"))
	if len(cases) < 10 {
		tb.Fatalf("only %d Readability pages under %s", len(cases), dir)
	}
	for i, c := range cases {
		cases[i] = filepath.Dir(c)
	}
	return cases
}

// squash is s with all white space left out, for comparing text whatever
// its spacing.
func squash(s string) string {
	return strings.Join(strings.FieldsFunc(s, isSpace), "")
}

// TestReadability parses the Readability test pages: the sentences of
// each page's article (its expected.html) must come through, and the
// page's scripts and navigation must not.
func TestReadability(t *testing.T) {
	for _, dir := range readabilityCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, "source.html"))
			if err != nil {
				t.Fatal(err)
			}
			exp, err := os.ReadFile(filepath.Join(dir, "expected.html"))
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, src)
			var all strings.Builder
			for _, b := range p.Blocks {
				all.WriteString(squash(b.Text))
				all.WriteByte('\n')
			}
			got := all.String()

			want, _ := goquery.NewDocumentFromReader(bytes.NewReader(exp))
			var sentences, missing []string
			want.Find("p, li, h1, h2, h3, h4, h5, h6, td, pre").Each(func(_ int, s *goquery.Selection) {
				if s.Find("p, li, td, pre").Length() > 0 {
					return
				}
				// Readability keeps MediaWiki's "[edit]" links and
				// Sphinx's "¶" permalinks; Parse drops them.
				txt := strings.NewReplacer("[edit]", "", "¶", "").Replace(collapse(s.Text()))
				if len(txt) < 40 {
					return
				}
				sentences = append(sentences, txt)
				if !strings.Contains(got, squash(txt)) {
					missing = append(missing, txt)
				}
			})
			if len(sentences) < 5 {
				t.Fatalf("only %d sentences in expected.html", len(sentences))
			}
			if len(missing)*50 > len(sentences) {
				t.Errorf("%d of %d article sentences missing, e.g.:\n%s", len(missing), len(sentences), strings.Join(missing[:min(5, len(missing))], "\n"))
			}

			orig, _ := goquery.NewDocumentFromReader(bytes.NewReader(src))
			orig.Find("script, style, nav").Each(func(_ int, s *goquery.Selection) {
				txt := squash(s.Text())
				if len(txt) < 60 {
					return
				}
				if strings.Contains(got, txt) {
					t.Errorf("<%s> text came through: %.80s", goquery.NodeName(s), txt)
				}
				for _, line := range strings.Split(s.Text(), "\n") {
					if l := squash(line); len(l) >= 60 && strings.Contains(got, l) && goquery.NodeName(s) != "nav" {
						t.Errorf("<%s> line came through: %.80s", goquery.NodeName(s), line)
					}
				}
			})
		})
	}
}

func parse(tb testing.TB, src []byte) *app.Parsed {
	tb.Helper()
	p, err := Parse(context.Background(), src)
	if err != nil {
		tb.Fatalf("Parse: %v", err)
	}
	if errs := parsetest.CheckTree(p, srctext.NewLines(srctext.Normalize(src)).Count()); errs != nil {
		tb.Fatalf("invariants broken:\n%s", strings.Join(errs, "\n"))
	}
	return p
}
