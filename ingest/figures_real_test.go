package ingest_test

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

// TestRealPaperFigures reads the pictures of a real paper (MMLongBench's
// 2310.07609v1: page 5 shows screenshots of the system's demo, a claim
// typed into them): the screenshots' print becomes figure blocks on page 5,
// boxed on the screenshots at the top of the page, their print a picture
// passage of its own; a question pointing at the figure finds it, one that
// does not is answered from the text; and the figure is cut from its page
// at its box for a model that sees images.
func TestRealPaperFigures(t *testing.T) {
	path := filepath.Join("..", "..", "shared", "eval", "mmlongbench", "documents", "2310.07609v1.pdf")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("the evaluation documents are not beside the checkout (%s): %v", path, err)
	}
	ctx := context.Background()
	im := newImporter(t)
	im.OCR.Path = needTesseract(t)
	r := importAll(t, im, path)["2310.07609v1.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	if n, err := im.ReadWaitingPictures(ctx); err != nil || n != 1 {
		t.Fatalf("ReadWaitingPictures = %d, %v", n, err)
	}
	const claim = "Ulrich Walter's employer is headquartered in Cologne."
	var fig *app.Block
	for _, b := range blocksOf(t, im, r.DocumentID) {
		if b.Kind == app.BlockFigure && strings.Contains(strings.Join(strings.Fields(b.Text), " "), claim) {
			fig = &b
			break
		}
	}
	if fig == nil {
		t.Fatalf("no figure block holds the screenshot's claim")
	}
	if fig.Page != 5 || fig.Box.Page != 5 || fig.Box.Y1 > 0.5 || fig.Box.X1-fig.Box.X0 < 0.3 {
		t.Errorf("figure on page %d, box %+v: want the screenshots at the top of page 5", fig.Page, fig.Box)
	}
	// Searchable as a picture, and apart from the text.
	snap, err := im.DB.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	snap.HidePictures(false)
	if hits, err := snap.Search(ctx, `"Ulrich Walter"`, nil, 5); err != nil || len(hits) == 0 {
		t.Errorf("the screenshot's print is not found: %v, %v", hits, err)
	}
	// Cut at its box, not the page: the box is about 2.3 times as wide as
	// high with its margins; the page 0.77.
	raw, whole, err := im.CropFigure(ctx, r.DocumentID, doc(t, im, r.DocumentID).SHA256, fig.Box)
	if err != nil || whole {
		t.Fatalf("crop: whole %v, %v", whole, err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	want := (fig.Box.X1 - fig.Box.X0 + 0.04) * 612 / ((fig.Box.Y1 - fig.Box.Y0 + 0.04) * 792)
	if got := float64(img.Bounds().Dx()) / float64(img.Bounds().Dy()); got < want*0.9 || got > want*1.1 {
		t.Errorf("crop %v, ratio %.2f, want about %.2f", img.Bounds(), got, want)
	}
}
