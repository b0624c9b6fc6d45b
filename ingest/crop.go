package ingest

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"

	xdraw "golang.org/x/image/draw"

	"archivist/app"
)

// A figure as a provider is shown it: the box with a margin, so an edge
// the layout drew tight is not cut off, no longer than a model reads.
const (
	maxCropSide   = 1024  // pixels, the longest side sent
	cropMargin    = 0.02  // of the page, on each side of the box
	minCropSide   = 0.01  // of the page: a box narrower is no figure's
	cropTolerance = 0.005 // of the page: a box this far out is clamped
)

// cropSlots bounds the figures cut at once in the process: each holds a
// decoded page image (about 8 MB for a letter page) and may render it.
var cropSlots = make(chan struct{}, 2)

var _ app.FigureCropper = (*Importer)(nil)

// CropFigure cuts a figure block's box out of its page image, for a
// provider that sees pictures. The document is read again first: pixels
// of a document changed or removed since its evidence was read are never
// sent as that evidence. A box that cannot be used gives the whole page
// (whole), so the figure is still seen.
func (im *Importer) CropFigure(ctx context.Context, docID, sha256 string, box app.Rect) ([]byte, bool, error) {
	if ctx.Err() != nil {
		return nil, false, app.Errorf(app.ECancelled, "The question was cancelled.")
	}
	select {
	case cropSlots <- struct{}{}:
		defer func() { <-cropSlots }()
	case <-ctx.Done():
		return nil, false, app.Errorf(app.ECancelled, "The question was cancelled.")
	}
	changed := app.Errorf(app.ENotFound, "The document was changed or removed since its evidence was read; its figure is not shown.")
	doc, err := im.DB.Document(ctx, docID)
	if app.ErrorCode(err) == app.ENotFound {
		return nil, false, changed
	} else if err != nil {
		return nil, false, err
	}
	if doc.Status != app.StatusReady || doc.SHA256 != sha256 {
		return nil, false, changed
	}
	if doc.Pages > 0 && (box.Page < 1 || box.Page > doc.Pages) {
		return nil, false, app.Errorf(app.ENotFound, "%s has no page %d.", doc.Title, box.Page)
	}
	path, err := im.PageImage(ctx, docID, box.Page)
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, app.Errorf(app.ECancelled, "The question was cancelled.")
		}
		return nil, false, err
	}
	if path != im.DB.PageImagePath(sha256, box.Page, app.PageImageDPI) {
		return nil, false, changed // a new version came in meanwhile
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false, fmt.Errorf("ingest: crop figure: %w", err)
	}
	page, err := png.Decode(f)
	f.Close()
	if err != nil {
		return nil, false, fmt.Errorf("ingest: crop figure: %w", err)
	}
	src, whole := cropRect(page.Bounds(), box)
	w, h := src.Dx(), src.Dy()
	if long := max(w, h); long > maxCropSide {
		w = max(1, int(math.Round(float64(w)*maxCropSide/float64(long))))
		h = max(1, int(math.Round(float64(h)*maxCropSide/float64(long))))
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if w == src.Dx() && h == src.Dy() {
		xdraw.Copy(dst, image.Point{}, page, src, xdraw.Src, nil)
	} else {
		xdraw.ApproxBiLinear.Scale(dst, dst.Rect, page, src, xdraw.Src, nil)
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, dst); err != nil {
		return nil, false, fmt.Errorf("ingest: crop figure: %w", err)
	}
	return b.Bytes(), whole, nil
}

// cropRect returns the pixels of page to cut for box with its margin, or
// the whole page and true when the box is not finite, lies off the page
// or is too small to be a figure.
func cropRect(page image.Rectangle, box app.Rect) (image.Rectangle, bool) {
	c := [4]float64{box.X0, box.Y0, box.X1, box.Y1}
	for i, v := range c {
		if math.IsNaN(v) || v < -cropTolerance || v > 1+cropTolerance {
			return page, true
		}
		c[i] = min(max(v, 0), 1)
	}
	if c[2]-c[0] < minCropSide || c[3]-c[1] < minCropSide {
		return page, true
	}
	w, h := float64(page.Dx()), float64(page.Dy())
	r := image.Rect(
		int(math.Floor(max(c[0]-cropMargin, 0)*w)), int(math.Floor(max(c[1]-cropMargin, 0)*h)),
		int(math.Ceil(min(c[2]+cropMargin, 1)*w)), int(math.Ceil(min(c[3]+cropMargin, 1)*h)),
	).Add(page.Min).Intersect(page)
	if r.Empty() {
		return page, true
	}
	return r, false
}
