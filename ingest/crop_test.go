package ingest

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/store"
)

// cropDoc imports a one-page letter PDF (612 × 792 pt) with a black
// rectangle over x 0.2–0.6, y 0.3–0.5 of the page: the figure.
func cropDoc(t *testing.T) (*Importer, *app.Document) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	im := &Importer{DB: db, NewID: uuid.NewString}
	t.Cleanup(im.Close)
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetFont("Helvetica", "", 11)
	f.AddPage()
	f.Text(72, 100, "The harbour trust's quarterly figure follows.")
	f.SetFillColor(0, 0, 0)
	f.Rect(0.2*612, 0.3*792, 0.4*612, 0.2*792, "F")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "figure.pdf")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := im.Import(ctx, []string{path}, nil)
	if err != nil || len(rs) != 1 || rs[0].Outcome != app.OutcomeImported {
		t.Fatalf("import: %+v %v", rs, err)
	}
	d, err := db.Document(ctx, rs[0].DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	return im, d
}

func decodeCrop(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("crop is no PNG: %v", err)
	}
	return img
}

func dark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r+g+b < 3*0x4000
}

// TestCropFigure: a figure's box is cut with its margin, the right way
// up, at the page image's scale; a larger one is scaled down to 1024
// pixels keeping its shape.
func TestCropFigure(t *testing.T) {
	ctx := context.Background()
	im, d := cropDoc(t)
	b, whole, err := im.CropFigure(ctx, d.ID, d.SHA256, app.Rect{Page: 1, X0: 0.2, Y0: 0.3, X1: 0.6, Y1: 0.5})
	if err != nil || whole {
		t.Fatalf("CropFigure = whole %v, %v", whole, err)
	}
	img := decodeCrop(t, b)
	W, H := 1224.0, 1584.0 // a letter page at 144 dpi
	s := img.Bounds().Size()
	if math.Abs(float64(s.X)-0.44*W) > 3 || math.Abs(float64(s.Y)-0.24*H) > 3 {
		t.Errorf("crop is %v, want about %.0f × %.0f", s, 0.44*W, 0.24*H)
	}
	if !dark(img.At(s.X/2, s.Y/2)) || dark(img.At(2, 2)) || dark(img.At(s.X-3, s.Y-3)) {
		t.Error("the crop is not the figure with a white margin")
	}

	b, whole, err = im.CropFigure(ctx, d.ID, d.SHA256, app.Rect{Page: 1, X0: 0.1, Y0: 0, X1: 0.9, Y1: 0.9})
	if err != nil || whole {
		t.Fatalf("CropFigure large = whole %v, %v", whole, err)
	}
	s = decodeCrop(t, b).Bounds().Size()
	wantW := 0.84 * W * 1024 / (0.92 * H)
	if s.Y != 1024 || math.Abs(float64(s.X)-wantW) > 3 {
		t.Errorf("large crop is %v, want %.0f × 1024", s, wantW)
	}
}

// TestCropFigureWholePage: a box that cannot be used gives the whole page,
// scaled to 1024 pixels; a page the document lacks gives an error.
func TestCropFigureWholePage(t *testing.T) {
	ctx := context.Background()
	im, d := cropDoc(t)
	for name, box := range map[string]app.Rect{
		"zero":     {Page: 1},
		"nan":      {Page: 1, X0: math.NaN(), Y0: 0.1, X1: 0.5, Y1: 0.5},
		"inf":      {Page: 1, X0: 0.1, Y0: 0.1, X1: math.Inf(1), Y1: 0.5},
		"reversed": {Page: 1, X0: 0.6, Y0: 0.5, X1: 0.2, Y1: 0.3},
		"tiny":     {Page: 1, X0: 0.5, Y0: 0.5, X1: 0.505, Y1: 0.6},
		"off page": {Page: 1, X0: 0.5, Y0: 0.5, X1: 1.5, Y1: 0.6},
	} {
		b, whole, err := im.CropFigure(ctx, d.ID, d.SHA256, box)
		if err != nil || !whole {
			t.Errorf("%s: whole %v, %v", name, whole, err)
			continue
		}
		if s := decodeCrop(t, b).Bounds().Size(); s != (image.Point{791, 1024}) {
			t.Errorf("%s: whole page is %v, want 791 × 1024", name, s)
		}
	}
	// A box a hair over the edge is clamped, not refused.
	if _, whole, err := im.CropFigure(ctx, d.ID, d.SHA256, app.Rect{Page: 1, X0: -0.001, Y0: 0.3, X1: 1.001, Y1: 0.5}); err != nil || whole {
		t.Errorf("clamped box: whole %v, %v", whole, err)
	}
	for _, p := range []int{0, 2} {
		b, _, err := im.CropFigure(ctx, d.ID, d.SHA256, app.Rect{Page: p, X0: 0.2, Y0: 0.3, X1: 0.6, Y1: 0.5})
		if app.ErrorCode(err) != app.ENotFound || b != nil {
			t.Errorf("page %d: %d bytes, %v; want not found", p, len(b), err)
		}
	}
}

// TestCropFigureChanged: a document whose content is not the evidence's,
// or that was removed, gives no pixels.
func TestCropFigureChanged(t *testing.T) {
	ctx := context.Background()
	im, d := cropDoc(t)
	box := app.Rect{Page: 1, X0: 0.2, Y0: 0.3, X1: 0.6, Y1: 0.5}
	other := "0000000000000000000000000000000000000000000000000000000000000000"
	if b, _, err := im.CropFigure(ctx, d.ID, other, box); app.ErrorCode(err) != app.ENotFound || b != nil {
		t.Errorf("other content: %d bytes, %v", len(b), err)
	}
	if err := im.DB.DeleteDocument(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	if b, _, err := im.CropFigure(ctx, d.ID, d.SHA256, box); app.ErrorCode(err) != app.ENotFound || b != nil {
		t.Errorf("removed: %d bytes, %v", len(b), err)
	}
}

// TestCropFigureWaitCancelled: a crop waiting for a slot returns when its
// question is cancelled.
func TestCropFigureWaitCancelled(t *testing.T) {
	im, d := cropDoc(t)
	for range cap(cropSlots) {
		cropSlots <- struct{}{}
	}
	defer func() {
		for range cap(cropSlots) {
			<-cropSlots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	b, _, err := im.CropFigure(ctx, d.ID, d.SHA256, app.Rect{Page: 1, X0: 0.2, Y0: 0.3, X1: 0.6, Y1: 0.5})
	if app.ErrorCode(err) != app.ECancelled || b != nil {
		t.Errorf("cancelled: %d bytes, %v", len(b), err)
	}
	if el := time.Since(start); el < 40*time.Millisecond || el > 2*time.Second {
		t.Errorf("returned after %v; want when cancelled", el)
	}
}
