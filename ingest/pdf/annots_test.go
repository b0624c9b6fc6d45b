package pdf

import (
	"os"
	"path/filepath"
	"testing"

	"archivist/app"
)

// TestAnnotationText: a filled-in form field (its value on the widget, or
// on its parent field), a FreeText annotation and a note are read as text
// of their page, as field blocks whose words lie inside the annotation's
// rectangle; a page whose only text is in its fields does not need OCR.
func TestAnnotationText(t *testing.T) {
	data := rawPDF(map[int]string{
		1:  "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R 7 0 R] >> >>",
		2:  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		3:  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [6 0 R 8 0 R 9 0 R 10 0 R] >>",
		6:  "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada Lovelace) /Rect [100 700 300 720] /P 3 0 R >>",
		7:  "<< /FT /Tx /T (city) /V (London Harbour) /Kids [8 0 R] >>",
		8:  "<< /Type /Annot /Subtype /Widget /Parent 7 0 R /Rect [100 650 300 670] /P 3 0 R >>",
		9:  "<< /Type /Annot /Subtype /FreeText /Contents (Approved by the board) /DA (/Helv 10 Tf) /Rect [100 600 400 620] /P 3 0 R >>",
		10: "<< /Type /Annot /Subtype /Text /Contents (Check the totals) /Rect [500 700 520 720] /P 3 0 R >>",
	})
	p := mustParse(t, data)
	if errs := checkParsed(p); errs != nil {
		t.Fatalf("%v", errs)
	}
	if p.Notice != "" {
		t.Errorf("notice %q for a page of filled-in fields", p.Notice)
	}
	want := map[string]app.Rect{
		"Ada Lovelace":          {X0: 100.0 / 612, Y0: 72.0 / 792, X1: 300.0 / 612, Y1: 92.0 / 792},
		"London Harbour":        {X0: 100.0 / 612, Y0: 122.0 / 792, X1: 300.0 / 612, Y1: 142.0 / 792},
		"Approved by the board": {X0: 100.0 / 612, Y0: 172.0 / 792, X1: 400.0 / 612, Y1: 192.0 / 792},
		"Check the totals":      {X0: 500.0 / 612, Y0: 72.0 / 792, X1: 520.0 / 612, Y1: 92.0 / 792},
	}
	for _, b := range p.Blocks {
		r, ok := want[b.Text]
		if !ok {
			t.Errorf("unexpected block %q (%s)", b.Text, b.Kind)
			continue
		}
		delete(want, b.Text)
		if b.Kind != app.BlockField || b.Page != 1 {
			t.Errorf("%q: kind %s page %d, want a field block on page 1", b.Text, b.Kind, b.Page)
		}
		const e = 1e-3
		if b.Box.X0 < r.X0-e || b.Box.X1 > r.X1+e || b.Box.Y0 < r.Y0-e || b.Box.Y1 > r.Y1+e {
			t.Errorf("%q: box %+v outside the annotation's %+v", b.Text, b.Box, r)
		}
	}
	for text := range want {
		t.Errorf("%q not read", text)
	}

	// The fields of testdata/cycles/form-fields-cycle.pdf end: a widget
	// that is its own /Parent and the note are read. (The field whose
	// widget lists it among its /Kids is a cycle PDFium's form module
	// drops.)
	cyc, err := os.ReadFile(filepath.Join("testdata", "cycles", "form-fields-cycle.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, b := range mustParse(t, cyc).Blocks {
		got[b.Text] = true
	}
	for _, w := range []string{"Self field", "Note one"} {
		if !got[w] {
			t.Errorf("form-fields-cycle.pdf: %q not read (blocks %v)", w, got)
		}
	}
}
