package pdf

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"archivist/app"
)

// handPDF writes a PDF by hand: objs[i] is the body of object i+1 (1 is
// the catalog), with a correct cross-reference table; pad adds a comment
// of that many bytes before the objects.
func handPDF(pad int, objs ...string) []byte {
	var b strings.Builder
	b.WriteString("%PDF-1.7\n")
	if pad > 0 {
		for b.Len() < pad {
			b.WriteString("% padding padding padding padding padding padding padding padding\n")
		}
	}
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return []byte(b.String())
}

// helloPage is objects 3–5 of a hand-written PDF: a page under Pages
// object 2 that says "Hello hostile world", its content and its font.
func helloPage() []string {
	content := "BT /F1 12 Tf 72 720 Td (Hello hostile world) Tj ET"
	return []string{
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
}

// TestHostilePageTrees: page trees that loop or claim absurd page counts
// give a clear error or a correct import, quickly — never a hang or a
// crash.
func TestHostilePageTrees(t *testing.T) {
	catalog := "<< /Type /Catalog /Pages 2 0 R >>"
	kids := func(ref string, n int) string { return strings.TrimSpace(strings.Repeat(ref+" ", n)) }
	cases := []struct {
		name  string
		data  []byte
		pages int // the pages a correct import has; 0 when an error is fine
	}{
		{"KidsIncludeSelf", handPDF(0, append([]string{catalog,
			"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>"}, helloPage()...)...), 0},
		{"SelfOnly", handPDF(0, catalog, "<< /Type /Pages /Kids [2 0 R] /Count 1 >>"), 0},
		{"MutualLoop", handPDF(0, append([]string{catalog,
			"<< /Type /Pages /Kids [6 0 R 3 0 R] /Count 2 >>"}, append(helloPage(),
			"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>")...)...), 0},
		{"PageIsItsOwnParentPages", handPDF(0, catalog, "<< /Type /Page /Parent 2 0 R /Kids [2 0 R] /Count 1 /MediaBox [0 0 612 792] >>"), 0},
		{"HugeCount", handPDF(0, append([]string{catalog,
			"<< /Type /Pages /Kids [3 0 R] /Count 2000000000 >>"}, helloPage()...)...), 1},
		// Padding lets the byte-size cap allow 100,000 pages: the run of
		// unloadable pages must end the document early.
		{"HugeCountBigFile", handPDF(1<<20, append([]string{catalog,
			"<< /Type /Pages /Kids [3 0 R] /Count 2147483647 >>"}, helloPage()...)...), 1},
		// One page listed 20,000 times: a real (if silly) 20,000-page PDF.
		{"OnePage20000Times", handPDF(0, append([]string{catalog,
			"<< /Type /Pages /Kids [" + kids("3 0 R", 20000) + "] /Count 20000 >>"}, helloPage()...)...), 20000},
	}
	for _, c := range cases {
		for _, mode := range []string{"workers", "inprocess"} {
			e := testEngine(t)
			if mode == "inprocess" {
				if c.pages > 1000 {
					continue // slow in-process (termination checks); the workers prove the point
				}
				e = testInProcessEngine(t)
			}
			t.Run(c.name+"/"+mode, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				start := time.Now()
				p, err := e.Parse(ctx, c.data, "")
				d := time.Since(start) // logged, not asserted: the context's deadline bounds it
				if err != nil {
					if !errors.As(err, new(*app.Error)) || app.ErrorCode(err) == app.ETooLarge {
						t.Fatalf("unclear error after %v: %v", d, err)
					}
					if c.pages != 0 {
						t.Fatalf("error for a readable file: %v", err)
					}
					t.Logf("%v: %v", d, err)
					return
				}
				if errs := checkParsed(p); errs != nil {
					t.Errorf("invariants: %v", errs[:min(len(errs), 5)])
				}
				if c.pages != 0 && p.Pages != c.pages {
					t.Errorf("%d pages, want %d", p.Pages, c.pages)
				}
				if p.Pages > 0 && (len(p.Blocks) == 0 || p.Blocks[0].Text != "Hello hostile world") {
					t.Errorf("blocks: %d, first %q", len(p.Blocks), firstText(p))
				}
				t.Logf("%v: %d pages, %d blocks", d, p.Pages, len(p.Blocks))
			})
		}
	}
}

func firstText(p *app.Parsed) string {
	if len(p.Blocks) == 0 {
		return ""
	}
	return p.Blocks[0].Text
}
