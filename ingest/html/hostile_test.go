package html

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/bounds"
)

func tooLarge(t *testing.T, src string) string {
	t.Helper()
	p, err := Parse(context.Background(), []byte(src))
	var ae *app.Error
	if !errors.As(err, &ae) || ae.Code != app.ETooLarge {
		n := -1
		if p != nil {
			n = len(p.Blocks)
		}
		t.Fatalf("Parse = %d blocks, %v; want a too_large error", n, err)
	}
	return ae.Message
}

// Pages past the limits are refused with a message naming the limit:
// too many paragraphs or headings for one document, or too many elements
// to build the page's tree at all.
func TestHostileSizes(t *testing.T) {
	t.Run("Paragraphs", func(t *testing.T) {
		var b strings.Builder
		for i := range bounds.MaxBlocks + 1 {
			fmt.Fprintf(&b, "<p>p%d</p>\n", i)
		}
		if msg := tooLarge(t, b.String()); !strings.HasPrefix(msg, "too many paragraphs") {
			t.Fatalf("message = %q", msg)
		}
	})
	t.Run("Headings", func(t *testing.T) {
		var b strings.Builder
		for i := range bounds.MaxSections + 1 {
			fmt.Fprintf(&b, "<h2>h%d</h2>\n", i)
		}
		if msg := tooLarge(t, b.String()); !strings.HasPrefix(msg, "too many headings") {
			t.Fatalf("message = %q", msg)
		}
	})
	t.Run("Elements", func(t *testing.T) {
		src := "<p>" + strings.Repeat("<b></b>", maxElements) + "</p>"
		if msg := tooLarge(t, src); msg != "too many elements: this file has more than 2,000,000; Archivist imports at most 2,000,000" {
			t.Fatalf("message = %q", msg)
		}
	})
}

func TestStartTags(t *testing.T) {
	for src, want := range map[string]int{"": 0, "<": 0, "a < b": 0, "<p>x</p>": 1, "<!-- --><B><i>": 2, "<<p": 1} {
		if got := startTags([]byte(src)); got != want {
			t.Errorf("startTags(%q) = %d, want %d", src, got, want)
		}
	}
}
