package ingest_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"archivist/app"
	"archivist/ingest"
)

// figurePDF is a page with a text layer above and below a picture of print
// (scanPNG, 1700 × 1000 pixels, placed 468 pt wide at (72, 160)), and a
// small picture of the same print beside the heading: a logo-sized picture
// is not read.
func figurePDF(t *testing.T) []byte {
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetFont("Helvetica", "", 11)
	f.AddPage()
	f.Image(scanPNG, 480, 40, 60, 0, false, "", 0, "")
	f.Text(72, 100, "The board's letter on the year in the harbour trust's own words.")
	f.Text(72, 130, "The figure below reproduces the trust's quarterly report.")
	f.Image(scanPNG, 72, 160, 468, 0, false, "", 0, "")
	f.Text(72, 470, "Shipping volumes in the rest of the year are discussed after it.")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestImportFigure: the import commits the text at once and leaves the
// picture waiting; the second pass reads the print inside it by OCR into a
// figure block of its own — between the paragraphs above and below it,
// boxed on the picture, searchable — while the text layer is never read
// by OCR, a logo-sized picture is left alone, and a second import reads
// nothing again.
func TestImportFigure(t *testing.T) {
	ctx := context.Background()
	tess, reads := countingTesseract(t)
	im := newImporter(t)
	im.OCR.Path = tess
	path := write(t, t.TempDir(), "letter.pdf", figurePDF(t))
	r := importAll(t, im, path)["letter.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	if n := reads(); n != 0 {
		t.Errorf("the import read %d pictures; they wait for the second pass", n)
	}
	if waiting, err := im.DB.PicturesWaiting(ctx); err != nil || len(waiting) != 1 || waiting[0] != r.DocumentID {
		t.Fatalf("pictures waiting = %v, %v; want the document", waiting, err)
	}
	if d := doc(t, im, r.DocumentID); d.Status != app.StatusReady {
		t.Fatalf("status %s before its pictures are read", d.Status)
	}
	if n, err := im.ReadWaitingPictures(ctx); err != nil || n != 1 {
		t.Fatalf("ReadWaitingPictures = %d, %v", n, err)
	}
	if waiting, _ := im.DB.PicturesWaiting(ctx); len(waiting) != 0 {
		t.Errorf("still waiting after the pass: %v", waiting)
	}
	if n := reads(); n != 1 {
		t.Errorf("OCR read %d pictures, want 1 (the large one)", n)
	}
	blocks := blocksOf(t, im, r.DocumentID)
	fig, above, below := -1, -1, -1
	for i, b := range blocks {
		switch {
		case b.Kind == app.BlockFigure:
			fig = i
		case strings.Contains(b.Text, "reproduces"):
			above = i
		case strings.Contains(b.Text, "Shipping volumes"):
			below = i
		}
	}
	if fig < 0 {
		t.Fatalf("no figure block:\n%s", allText(blocks))
	}
	if !(above < fig && fig < below) {
		t.Errorf("figure block at %d, want between %d and %d", fig, above, below)
	}
	b := blocks[fig]
	if text := strings.ReplaceAll(b.Text, "\n", " "); !strings.Contains(text, "412 vessels") || !strings.Contains(text, "Harbour Trust") {
		t.Errorf("figure text %q", b.Text)
	}
	if strings.Contains(b.Text, "reproduces") {
		t.Errorf("figure block holds the text layer: %q", b.Text)
	}
	// The picture spans x 72–540 of 612 pt and y 160–435 of 792 pt.
	want := app.Rect{X0: 72.0 / 612, Y0: 160.0 / 792, X1: 540.0 / 612, Y1: 435.0 / 792}
	for _, d := range []float64{b.Box.X0 - want.X0, b.Box.Y0 - want.Y0, b.Box.X1 - want.X1, b.Box.Y1 - want.Y1} {
		if d > 0.01 || d < -0.01 {
			t.Fatalf("figure box %+v, want the picture's %+v", b.Box, want)
		}
	}
	// Each word's highlight lies inside the picture.
	for _, w := range b.Words {
		if w.X0 < want.X0-0.01 || w.X1 > want.X1+0.01 || w.Y0 < want.Y0-0.01 || w.Y1 > want.Y1+0.01 {
			t.Fatalf("word %q box %+v outside the picture", b.Text[w.Start:w.End], w)
		}
	}
	if len(hits(t, im, "vessels")) == 0 {
		t.Error("the figure's words are not searchable")
	}
	// A citation of the picture's print, alone or with its caption, says
	// it was read from a picture; one of the page's own text does not.
	var text string
	for _, b := range blocks {
		if b.Kind != app.BlockFigure {
			text = b.ID
		}
	}
	cs := []app.Citation{
		{DocumentID: r.DocumentID, PageStart: 1, PageEnd: 1, Blocks: []string{b.ID}},
		{DocumentID: r.DocumentID, PageStart: 1, PageEnd: 1, Blocks: []string{text}},
		{DocumentID: r.DocumentID, PageStart: 1, PageEnd: 1, Blocks: []string{b.ID, text}},
	}
	im.CiteOCR(ctx, cs)
	if cs[0].OCR != ingest.FigureOCR || cs[1].OCR != "" || cs[2].OCR != ingest.FigureOCR {
		t.Errorf("citations say %q, %q, %q", cs[0].OCR, cs[1].OCR, cs[2].OCR)
	}
	// Imported again (a new copy), the picture's reading comes from the
	// cache.
	again := write(t, t.TempDir(), "letter copy.pdf", append(figurePDF(t), '\n'))
	if r := importAll(t, im, again)["letter copy.pdf"]; r.Outcome != app.OutcomeImported {
		t.Fatalf("second import: %v %v", r.Outcome, r.Err)
	}
	if n, err := im.ReadWaitingPictures(ctx); err != nil || n != 1 {
		t.Fatalf("ReadWaitingPictures = %d, %v", n, err)
	}
	if n := reads(); n != 1 {
		t.Errorf("OCR read %d pictures after the second import, want still 1", n)
	}
}

// TestPicturesWait: without Tesseract the pictures keep waiting and the
// document keeps its text; a pass stopped after it requeued the document
// (a quit, a crash) is finished by the next start's Resume, which reads
// them once Tesseract is there.
func TestPicturesWait(t *testing.T) {
	ctx := context.Background()
	tess := needTesseract(t)
	im := newImporter(t)
	im.OCR.Path = filepath.Join(t.TempDir(), "no-tesseract")
	r := importAll(t, im, write(t, t.TempDir(), "letter.pdf", figurePDF(t)))["letter.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	if n, err := im.ReadWaitingPictures(ctx); err != nil || n != 0 {
		t.Fatalf("without Tesseract: ReadWaitingPictures = %d, %v", n, err)
	}
	if waiting, _ := im.DB.PicturesWaiting(ctx); len(waiting) != 1 {
		t.Fatalf("without Tesseract the pictures stopped waiting: %v", waiting)
	}
	// The pass requeued the document, then stopped.
	if _, err := im.DB.RequeueImport(ctx, r.DocumentID, "stopped-pass"); err != nil {
		t.Fatal(err)
	}
	im.OCR.Path = tess
	if err := im.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	figures := 0
	for _, b := range blocksOf(t, im, r.DocumentID) {
		if b.Kind == app.BlockFigure {
			figures++
		}
	}
	if waiting, _ := im.DB.PicturesWaiting(ctx); figures != 1 || len(waiting) != 0 {
		t.Errorf("after Resume: %d figure blocks, waiting %v", figures, waiting)
	}
	if d := doc(t, im, r.DocumentID); d.Status != app.StatusReady || !strings.Contains(allText(blocksOf(t, im, r.DocumentID)), "reproduces") {
		t.Errorf("document %+v lost its text", d)
	}
}

// TestPicturesInBackground: with PicturesInBackground, as the window runs,
// the import returns with the text committed and the pictures are read
// after it, on the importer's own goroutine, which Close stops.
func TestPicturesInBackground(t *testing.T) {
	ctx := context.Background()
	needTesseract(t)
	im := newImporter(t)
	im.PicturesInBackground = true
	defer im.Close()
	r := importAll(t, im, write(t, t.TempDir(), "letter.pdf", figurePDF(t)))["letter.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		waiting, err := im.DB.PicturesWaiting(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(waiting) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the pictures were never read")
		}
	}
	if !strings.Contains(allText(blocksOf(t, im, r.DocumentID)), "412 vessels") {
		t.Errorf("no figure text after the background pass:\n%s", allText(blocksOf(t, im, r.DocumentID)))
	}
}

// TestResumePicturesInBackground: as the window starts, Resume leaves the
// pictures waiting from before — a whole library's after an upgrade — to
// the background pass, so the imports and the watched folders behind it
// do not wait for them.
func TestResumePicturesInBackground(t *testing.T) {
	ctx := context.Background()
	tess := needTesseract(t)
	im := newImporter(t)
	defer im.Close()
	im.OCR.Path = filepath.Join(t.TempDir(), "no-tesseract")
	r := importAll(t, im, write(t, t.TempDir(), "letter.pdf", figurePDF(t)))["letter.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	// A Tesseract that takes its time: Resume must not wait for it.
	slow := filepath.Join(t.TempDir(), "tesseract")
	if err := os.WriteFile(slow, []byte("#!/bin/sh\nsleep 2\nexec "+tess+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	im.OCR.Path = slow
	im.PicturesInBackground = true
	if err := im.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	if waiting, _ := im.DB.PicturesWaiting(ctx); len(waiting) != 1 {
		t.Fatalf("Resume read the pictures before returning: waiting %v", waiting)
	}
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if waiting, _ := im.DB.PicturesWaiting(ctx); len(waiting) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the background pass never read the pictures")
		}
	}
}

// TestPicturesOfLockedPDF: a password-protected PDF's pictures are read
// while the importer knows its password; after a restart, which forgets
// it, their second parse fails once, and the document keeps its text and
// stops waiting, rather than failing again after every import.
func TestPicturesOfLockedPDF(t *testing.T) {
	ctx := context.Background()
	tess := needTesseract(t)
	var locked bytes.Buffer
	if err := api.Encrypt(bytes.NewReader(figurePDF(t)), &locked, model.NewAESConfiguration("secret", "owner", 256)); err != nil {
		t.Fatal(err)
	}
	im := newImporter(t)
	im.OCR.Path = filepath.Join(t.TempDir(), "no-tesseract") // the pictures wait
	r := im.ImportWithPassword(ctx, write(t, t.TempDir(), "locked.pdf", locked.Bytes()), "secret")
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	// The next start: the same library, the password forgotten.
	again := &ingest.Importer{DB: im.DB, NewID: im.NewID}
	again.OCR.Path = tess
	if n, err := again.ReadWaitingPictures(ctx); err != nil || n != 0 {
		t.Fatalf("ReadWaitingPictures = %d, %v; want the locked document to fail", n, err)
	}
	if waiting, _ := again.DB.PicturesWaiting(ctx); len(waiting) != 0 {
		t.Errorf("still waiting after its second parse failed: %v", waiting)
	}
	if d := doc(t, again, r.DocumentID); d.Status != app.StatusReady || !strings.Contains(allText(blocksOf(t, again, r.DocumentID)), "reproduces") {
		t.Errorf("the document lost its text: %+v", d)
	}
}
