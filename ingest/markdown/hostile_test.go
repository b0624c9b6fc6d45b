package markdown

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/bounds"
)

// refused parses src and returns the message of the ETooLarge error it
// must fail with.
func refused(t *testing.T, src string) string {
	t.Helper()
	p, err := Parse(context.Background(), []byte(src))
	var ae *app.Error
	if !errors.As(err, &ae) || ae.Code != app.ETooLarge {
		blocks := -1
		if p != nil {
			blocks = len(p.Blocks)
		}
		t.Fatalf("Parse = %d blocks, %v; want a too_large error", blocks, err)
	}
	return ae.Message
}

// Files of more headings or blocks than a document may hold are refused
// with a message that names the limit, whether the line scan before the
// parse sees them (headings, blank-line paragraphs) or only the walk does
// (a list of items without blank lines).
func TestHostileSizes(t *testing.T) {
	t.Run("Headings", func(t *testing.T) {
		var b strings.Builder
		for i := range bounds.MaxSections + 1 {
			fmt.Fprintf(&b, "# h%d\n", i)
		}
		msg := refused(t, b.String())
		if msg != "too many headings: this file has more than 50,000; Archivist imports at most 50,000" {
			t.Fatalf("message = %q", msg)
		}
	})
	t.Run("Paragraphs", func(t *testing.T) {
		var b strings.Builder
		for i := range bounds.MaxBlocks + 1 {
			fmt.Fprintf(&b, "p%d\n\n", i)
		}
		if msg := refused(t, b.String()); !strings.HasPrefix(msg, "too many paragraphs") {
			t.Fatalf("message = %q", msg)
		}
	})
	t.Run("ListItems", func(t *testing.T) {
		var b strings.Builder
		for i := range bounds.MaxBlocks + 1 {
			fmt.Fprintf(&b, "- i%d\n", i)
		}
		if err := prescan([]byte(b.String())); err != nil {
			t.Fatalf("the line scan counted a tight list as many blocks: %v", err)
		}
		if msg := refused(t, b.String()); !strings.HasPrefix(msg, "too many paragraphs") {
			t.Fatalf("message = %q", msg)
		}
	})
	t.Run("AtTheLimit", func(t *testing.T) {
		var b strings.Builder
		for i := range bounds.MaxSections {
			fmt.Fprintf(&b, "## h%d\n", i)
		}
		p, err := Parse(context.Background(), []byte(b.String()))
		if err != nil || len(p.Sections) != bounds.MaxSections+1 {
			t.Fatalf("Parse = %v; want %d headings", err, bounds.MaxSections)
		}
	})
	t.Run("FencedHashes", func(t *testing.T) {
		// "#" lines in a code block are no headings.
		src := "```\n" + strings.Repeat("# not a heading\n", bounds.MaxSections+1) + "```\n"
		if err := prescan([]byte(src)); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkHeadings parses Markdown of n headings. Time per heading should
// not grow with n:
//
//	go test ./ingest/markdown -run '^$' -bench Headings -benchmem
func BenchmarkHeadings(b *testing.B) {
	for _, n := range []int{10_000, 40_000} {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "# h%d\n\ntext %d\n\n", i, i)
		}
		src := []byte(sb.String())
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(context.Background(), src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/heading")
		})
	}
}
