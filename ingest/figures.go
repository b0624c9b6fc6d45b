package ingest

import (
	"context"
	"image"
	"image/draw"
	"log/slog"
	"math"
	"sync/atomic"

	"archivist/app"
	"archivist/ingest/pdf"
)

// figureBatch is how many pictures are cut from their pages per render
// call: pictures of one page share its rendering.
const figureBatch = 6

// Pictures are read in a second parse. An import commits a PDF's text as
// soon as it is parsed — reading a paper's charts by OCR takes ten times
// as long as its text — and marks it when pictures wait
// (store.Content.PicturesWaiting); ReadWaitingPictures then parses it again
// from its stored original with the pictures read, and commits over it,
// as pages waiting for OCR are (reread). The document stays ready and
// searchable throughout; a quit or crash leaves the wait, or the requeued
// job, for the next start.

// pictureReadKey marks a parse that reads pictures; pictureWait counts the
// pictures a parse without that mark left unread.
type (
	pictureReadKey struct{}
	pictureWaitKey struct{}
	pictureWait    struct{ n atomic.Int64 }
)

// readingPictures returns ctx marked so that its parses read pictures.
func readingPictures(ctx context.Context) context.Context {
	return context.WithValue(ctx, pictureReadKey{}, true)
}

// withPictureWait returns ctx with a count of the pictures its parse
// leaves unread.
func withPictureWait(ctx context.Context) (context.Context, *pictureWait) {
	w := &pictureWait{}
	return context.WithValue(ctx, pictureWaitKey{}, w), w
}

// leaveUnread counts n pictures left for a later parse.
func leaveUnread(ctx context.Context, n int) {
	if w, ok := ctx.Value(pictureWaitKey{}).(*pictureWait); ok {
		w.n.Add(int64(n))
	}
}

// ReadWaitingPictures parses again, from their stored originals, the
// documents whose pictures wait to be read, reading them; each stays ready
// with what it had until its new parse commits. Without Tesseract they
// keep waiting. It returns how many documents were read. Resume calls it
// last; one pass runs at a time.
func (im *Importer) ReadWaitingPictures(ctx context.Context) (int, error) {
	im.picturesMu.Lock()
	defer im.picturesMu.Unlock()
	if _, err := im.ocrEngine().Find(); err != nil {
		return 0, nil
	}
	ids, err := im.DB.PicturesWaiting(ctx)
	if err != nil {
		return 0, err
	}
	// A document whose second parse fails (a password-protected PDF after
	// a restart, which forgot its password) keeps its text and stops
	// waiting: retried after every import, it would fail each time.
	return im.rereadAll(ctx, ids, func(id string, err error) {
		slog.Warn("pictures left unread", "document", id, "err", app.ErrorMessage(err))
		if err := im.DB.DropPictureWait(ctx, id); err != nil {
			slog.Warn("pictures still waiting", "document", id, "err", app.ErrorMessage(err))
		}
	})
}

// readPicturesInBackground starts a ReadWaitingPictures pass on its own
// goroutine when PicturesInBackground is set, unless one runs (it then
// runs once more when done, for the documents committed meanwhile). Close
// stops it; the job it was running stays queued for the next start.
func (im *Importer) readPicturesInBackground() {
	if !im.PicturesInBackground {
		return
	}
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.picturesRunning {
		im.picturesAgain = true
		return
	}
	if im.picturesCtx == nil {
		im.picturesCtx, im.picturesStop = context.WithCancelCause(context.Background())
	}
	im.picturesRunning = true
	ctx := im.picturesCtx
	im.picturesDone.Add(1)
	go func() {
		defer im.picturesDone.Done()
		for {
			if _, err := im.ReadWaitingPictures(ctx); err != nil && ctx.Err() == nil {
				slog.Warn("reading pictures", "err", app.ErrorMessage(err))
			}
			im.mu.Lock()
			again := im.picturesAgain && ctx.Err() == nil
			im.picturesAgain, im.picturesRunning = false, again
			im.mu.Unlock()
			if !again {
				return
			}
		}
	}()
}

// figureReader is the PDF engine's FigureReader: it renders the pages that
// hold the pictures, cuts each picture out and reads it with the same
// Tesseract workers, cache and limits as scanned pages (readPages), so a
// re-import never reads a picture twice. A parse not marked by
// readingPictures counts them as waiting instead; without Tesseract they
// keep waiting.
func (im *Importer) figureReader(ctx context.Context, need []pdf.FigureRegion, render pdf.RenderFunc, dpi int) map[int][]pdf.ScanWord {
	if read, _ := ctx.Value(pictureReadKey{}).(bool); !read {
		leaveUnread(ctx, len(need))
		return nil
	}
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
		leaveUnread(ctx, len(need))
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
