package ingest_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

// TestSparseTextLayerIsRead: a scanned page whose text layer holds only
// its page number (invisible, as OCR programs and scanners leave it) is
// read by OCR, the page number kept; a page of good text beside it is
// never OCR'd.
func TestSparseTextLayerIsRead(t *testing.T) {
	tess, reads := countingTesseract(t)
	im := newImporter(t)
	im.OCR.Path = tess
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetFont("Helvetica", "", 11)
	f.AddPage()
	for i, l := range []string{
		"Minutes of the harbour board, second meeting of the spring term.",
		"The board heard the keeper's report on the lamp and the fog signal,",
		"approved the repairs to the north jetty and set the summer tolls.",
	} {
		f.Text(72, 100+float64(i)*15, l)
	}
	f.AddPage()
	f.Image(scanPNG, 36, 36, 540, 0, false, "", 0, "")
	f.SetTextRenderingMode(3) // invisible
	f.Text(300, 760, "12")
	f.SetTextRenderingMode(0)
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	r := importAll(t, im, write(t, t.TempDir(), "sparse.pdf", b.Bytes()))["sparse.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	if n := reads(); n != 1 {
		t.Errorf("OCR read %d pages, want 1 (the scan; never the page of text)", n)
	}
	var onPage [3]string
	for _, b := range blocksOf(t, im, r.DocumentID) {
		onPage[b.Page] += b.Text + "\n"
	}
	if !strings.Contains(onPage[1], "harbour board") {
		t.Errorf("page 1: %q", onPage[1])
	}
	p2 := strings.ReplaceAll(onPage[2], "\n", " ")
	if !strings.Contains(p2, "3.2 million dollars") || !strings.Contains(p2, "12") {
		t.Errorf("page 2 (the scan) has %q, want its print read and its page number kept", p2)
	}
	pages, _ := im.DB.OCRPages(context.Background(), r.DocumentID)
	if len(pages) != 1 || pages[0].Number != 2 || pages[0].State != app.OCRRead {
		t.Errorf("OCR pages %+v, want page 2 read", pages)
	}
}
