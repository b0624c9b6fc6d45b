package bounds

import (
	"errors"
	"strings"
	"testing"

	"archivist/app"
)

func TestCounter(t *testing.T) {
	t.Run("Blocks", func(t *testing.T) {
		var c Counter
		for range MaxBlocks {
			if !c.Block("a") {
				t.Fatalf("block refused under the limit: %v", c.Err)
			}
		}
		if c.Block("a") {
			t.Fatal("block past the limit accepted")
		}
		var ae *app.Error
		if !errors.As(c.Err, &ae) || ae.Code != app.ETooLarge ||
			ae.Message != "too many paragraphs: this file has more than 500,000; Archivist imports at most 500,000" {
			t.Fatalf("err = %v", c.Err)
		}
	})
	t.Run("Text", func(t *testing.T) {
		var c Counter
		big := strings.Repeat("x", 1<<20)
		for range MaxTextBytes >> 20 {
			if !c.Block(big) {
				t.Fatalf("text refused under the limit: %v", c.Err)
			}
		}
		if c.Block("x") || !strings.HasPrefix(app.ErrorMessage(c.Err), "too much text") {
			t.Fatalf("err = %v", c.Err)
		}
	})
	t.Run("Sections", func(t *testing.T) {
		var c Counter
		for range MaxSections {
			c.Section()
		}
		if c.Err != nil || c.Section() || !strings.HasPrefix(app.ErrorMessage(c.Err), "too many headings") {
			t.Fatalf("err = %v", c.Err)
		}
	})
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 200000: "200,000", 1234567: "1,234,567"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
