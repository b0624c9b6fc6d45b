package pdf

import (
	"fmt"
	"strings"
	"testing"
)

// TestUnreadablePageKept: a PDF whose second page PDFium cannot load (its
// page tree entry is not a page) keeps the pages it can read, says which
// one it could not, and is not called damaged.
func TestUnreadablePageKept(t *testing.T) {
	content := func(s string) string {
		c := "BT /F1 14 Tf 72 700 Td (" + s + ") Tj ET"
		return fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(c), c)
	}
	page := func(contents int) string {
		return fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents %d 0 R >>", contents)
	}
	data := rawPDF(map[int]string{
		1: "<< /Type /Catalog /Pages 2 0 R >>",
		2: "<< /Type /Pages /Kids [3 0 R 6 0 R 7 0 R] /Count 3 >>",
		3: page(4),
		4: content("First page text."),
		5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		6: "(not a page)",
		7: page(8),
		8: content("Third page text."),
	})
	p := mustParse(t, data)
	var text strings.Builder
	for _, b := range p.Blocks {
		text.WriteString(b.Text + "\n")
	}
	t.Logf("%d pages, notice %q, text %q", p.Pages, p.Notice, text.String())
	if !strings.Contains(text.String(), "First page text.") {
		t.Errorf("the first page was not kept")
	}
	if p.Pages == 3 && p.Notice != "page 2 of 3 could not be read" {
		t.Errorf("notice %q, want page 2 named", p.Notice)
	}
}
