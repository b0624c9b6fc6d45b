package ingest

import (
	"context"
	"image"
	"image/draw"
	"log/slog"
	"math"

	"archivist/app"
	"archivist/ingest/pdf"
)

// figureBatch is how many pictures are cut from their pages per render
// call: pictures of one page share its rendering.
const figureBatch = 6

// figureReader is the PDF engine's FigureReader: it renders the pages that
// hold the pictures, cuts each picture out and reads it with the same
// Tesseract workers, cache and limits as scanned pages (readPages), so a
// re-import never reads a picture twice. Without Tesseract the pictures
// stay unread and the document imports as before.
func (im *Importer) figureReader(ctx context.Context, need []pdf.FigureRegion, render pdf.RenderFunc, dpi int) map[int][]pdf.ScanWord {
	// readPages numbers what it reads from 1; region k is k+1.
	ids := make([]int, len(need))
	for k := range need {
		ids[k] = k + 1
	}
	scale := float64(dpi) / 72
	src := func(ctx context.Context, regions []int, fn func(int, image.Image) error) error {
		byPage := map[int][]int{}
		var pages []int
		for _, id := range regions {
			p := need[id-1].Page
			if byPage[p] == nil {
				pages = append(pages, p)
			}
			byPage[p] = append(byPage[p], id)
		}
		return render(ctx, pages, func(page int, img image.Image) error {
			for _, id := range byPage[page] {
				if crop := cropFigure(img, need[id-1], scale); crop != nil {
					if err := fn(id, crop); err != nil {
						return err
					}
				}
			}
			return nil
		})
	}
	// Pictures are not pages: the import's row keeps showing its pages
	// read rather than "OCR page 3 of 8" for the third picture.
	read, failed, err := im.readPages(app.WithOCRProgress(ctx, nil), ids, src, figureBatch)
	if err != nil {
		if ctx.Err() == nil {
			slog.Info("pictures left unread", "err", app.ErrorMessage(err))
		}
		return nil
	}
	if len(failed) > 0 {
		slog.Info("some pictures could not be read", "count", len(failed))
	}
	ptPerPx := 72 / float64(dpi)
	out := make(map[int][]pdf.ScanWord, len(read))
	for id, r := range read {
		ws := scanWords(r, ptPerPx)
		x0, y0 := math.Floor(need[id-1].X0*scale)*ptPerPx, math.Floor(need[id-1].Y0*scale)*ptPerPx
		for i := range ws {
			ws[i].X0, ws[i].X1 = ws[i].X0+x0, ws[i].X1+x0
			ws[i].Y0, ws[i].Y1 = ws[i].Y0+y0, ws[i].Y1+y0
		}
		out[id-1] = ws
	}
	return out
}

// cropFigure copies the picture's region out of the page image (scale
// pixels a point), or returns nil when the region lies outside it. The
// copy lets the page image go while the picture waits for a worker.
func cropFigure(img image.Image, f pdf.FigureRegion, scale float64) image.Image {
	r := image.Rect(int(math.Floor(f.X0*scale)), int(math.Floor(f.Y0*scale)),
		int(math.Ceil(f.X1*scale)), int(math.Ceil(f.Y1*scale))).Add(img.Bounds().Min).Intersect(img.Bounds())
	if r.Dx() < 8 || r.Dy() < 8 {
		return nil
	}
	out := image.NewGray(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	return out
}
