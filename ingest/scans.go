package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"slices"
	"sort"
	"strconv"
	"sync"

	"archivist/app"
	"archivist/ingest/ocr"
	"archivist/ingest/pdf"
	"archivist/store"
)

// OCR of scanned pages and images. Pages are made (rendered by PDFium, or
// decoded from an image file) a few at a time and read by Tesseract in at
// most OCRWorkers processes across the importer, so a long scan neither
// holds every page image in memory nor starves the files queued beside
// it. Each reading is cached under the hash of the page image as soon as
// it is made: a re-import or reindex never reads a page twice, and an
// import a crash or quit interrupted resumes at the first unread page.
// The document itself still commits whole, once every page is read.

// OCRWorkers is how many Tesseract processes run at once: one per core on
// the two-core machines this is for (Tesseract runs single-threaded).
const OCRWorkers = 2

// ocrBatch is how many pages are rendered in one PDFium call.
const ocrBatch = 4

// pageSource makes the images of the given 1-based pages, handing each to
// fn as it is made.
type pageSource func(ctx context.Context, pages []int, fn func(page int, img image.Image) error) error

// ocrSlots returns the importer-wide semaphore of Tesseract processes.
func (im *Importer) ocrSlots() chan struct{} {
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.ocrSem == nil {
		im.ocrSem = make(chan struct{}, OCRWorkers)
	}
	return im.ocrSem
}

// ocrLangs returns the -l argument for the configured languages, listing
// the installed ones once per importer.
func (im *Importer) ocrLangs(ctx context.Context, eng *ocr.Engine) (string, error) {
	if _, err := eng.Find(); err != nil {
		return "", err
	}
	im.mu.Lock()
	installed := im.ocrInstalled
	im.mu.Unlock()
	if installed == nil {
		var err error
		if installed, err = eng.Installed(ctx); err != nil {
			return "", err
		}
		im.mu.Lock()
		im.ocrInstalled = installed
		im.mu.Unlock()
	}
	return eng.LangArg(installed), nil
}

// ocrEngine returns the OCR engine as configured now (settings may change
// it while pages are read).
func (im *Importer) ocrEngine() *ocr.Engine {
	im.mu.Lock()
	defer im.mu.Unlock()
	e := im.OCR
	return &e
}

// readPages makes and reads the given pages, returning each page's
// reading by page number. A page OCR could not read (its time limit, a
// Tesseract error) is left out, with why in failed; the error is for the
// whole run: Tesseract missing, or ctx done.
//
// batch is how many pages src is asked for at once (a PDFium call renders
// several cheaply; a picture file's pages come one at a time, so one that
// cannot be decoded fails alone).
func (im *Importer) readPages(ctx context.Context, nums []int, src pageSource, batch int) (read map[int]*store.OCRReading, failed map[int]error, err error) {
	eng := im.ocrEngine()
	langs, err := im.ocrLangs(ctx, eng)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type item struct {
		page int
		gray *image.Gray
		hash string
	}
	var (
		mu   sync.Mutex
		done int
	)
	read, failed = map[int]*store.OCRReading{}, map[int]error{}
	finish := func(page int, r *store.OCRReading, perr error) {
		mu.Lock()
		defer mu.Unlock()
		if perr != nil {
			failed[page] = perr
		} else {
			read[page] = r
		}
		done++
		app.ReportOCR(ctx, done, len(nums))
	}
	app.ReportOCR(ctx, 0, len(nums))
	items := make(chan item)
	srcErr := make(chan error, 1)
	go func() {
		defer close(items)
		for i := 0; i < len(nums); i += batch {
			part := nums[i:min(i+batch, len(nums))]
			// The batch is made whole before its pages wait for a worker:
			// a renderer's time limit must not run out while OCR is busy.
			var made []item
			err := src(ctx, part, func(page int, img image.Image) error {
				g := ocr.Gray(img)
				h := pixelHash(g)
				if r, err := im.DB.CachedOCR(ctx, h, cacheKey(langs)); err == nil && r != nil {
					finish(page, r, nil)
					return nil
				}
				made = append(made, item{page, g, h})
				return nil
			})
			for _, it := range made {
				select {
				case items <- it:
				case <-ctx.Done():
				}
			}
			if err != nil && ctx.Err() == nil {
				// A batch that cannot be made fails its pages not made, not
				// the rest.
				for _, p := range part {
					if !slices.ContainsFunc(made, func(it item) bool { return it.page == p }) && !im.settled(&mu, read, failed, p) {
						finish(p, nil, err)
					}
				}
			}
			if ctx.Err() != nil {
				srcErr <- ctx.Err()
				return
			}
		}
	}()
	slots := im.ocrSlots()
	var wg sync.WaitGroup
	for range OCRWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range items {
				select {
				case slots <- struct{}{}:
				case <-ctx.Done():
					continue
				}
				pg, err := eng.Read(ctx, it.gray, langs)
				<-slots
				if err != nil {
					if ctx.Err() == nil {
						finish(it.page, nil, err)
					}
					continue
				}
				r := reading(pg)
				if err := im.DB.PutOCR(ctx, it.hash, cacheKey(langs), r); err != nil && ctx.Err() == nil {
					finish(it.page, nil, err)
					continue
				}
				finish(it.page, r, nil)
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-srcErr:
		return nil, nil, err
	default:
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	return read, failed, nil
}

// settled reports whether page already has a reading or a failure.
func (im *Importer) settled(mu *sync.Mutex, read map[int]*store.OCRReading, failed map[int]error, page int) bool {
	mu.Lock()
	defer mu.Unlock()
	_, ok := read[page]
	_, bad := failed[page]
	return ok || bad
}

// pixelHash names a page image by its size and grey pixels.
func pixelHash(g *image.Gray) string {
	h := sha256.New()
	var size [8]byte
	binary.LittleEndian.PutUint32(size[:4], uint32(g.Rect.Dx()))
	binary.LittleEndian.PutUint32(size[4:], uint32(g.Rect.Dy()))
	h.Write(size[:])
	w := g.Rect.Dx()
	for y := range g.Rect.Dy() {
		h.Write(g.Pix[y*g.Stride : y*g.Stride+w])
	}
	return hex.EncodeToString(h.Sum(nil))
}

func reading(pg *ocr.Page) *store.OCRReading {
	r := &store.OCRReading{Width: pg.Width, Height: pg.Height, Turn: pg.Turn, Words: make([]store.OCRWord, len(pg.Words))}
	for i, w := range pg.Words {
		r.Words[i] = store.OCRWord{Text: w.Text, X0: w.X0, Y0: w.Y0, X1: w.X1, Y1: w.Y1, Conf: w.Conf, Line: w.Line}
	}
	return r
}

// confidence is the reading's mean word confidence 0–1, weighted by
// length.
func confidence(r *store.OCRReading) float64 {
	pg := ocr.Page{}
	for _, w := range r.Words {
		pg.Words = append(pg.Words, ocr.Word{Text: w.Text, Conf: w.Conf})
	}
	return pg.Confidence()
}

// scanWords turns a reading into layout words: ptPerPx scales pixels to
// points, and each word's size is its line's height (the tallest word box
// on it: ascender to descender, close to the font size).
func scanWords(r *store.OCRReading, ptPerPx float64) []pdf.ScanWord {
	lineH := map[int]int{}
	for _, w := range r.Words {
		if r.Turn == 1 || r.Turn == 3 {
			lineH[w.Line] = max(lineH[w.Line], w.X1-w.X0)
		} else {
			lineH[w.Line] = max(lineH[w.Line], w.Y1-w.Y0)
		}
	}
	out := make([]pdf.ScanWord, 0, len(r.Words))
	for _, w := range r.Words {
		out = append(out, pdf.ScanWord{Text: w.Text,
			X0: float64(w.X0) * ptPerPx, Y0: float64(w.Y0) * ptPerPx,
			X1: float64(w.X1) * ptPerPx, Y1: float64(w.Y1) * ptPerPx,
			SizePt: float64(lineH[w.Line]) * ptPerPx, Conf: w.Conf, Line: w.Line})
	}
	return out
}

// waitingNotice is the notice of a document with n pages that wait for
// OCR, saying why.
func waitingNotice(n int, err error) string {
	what := "1 page waits"
	if n != 1 {
		what = fmt.Sprintf("%d pages wait", n)
	}
	if errors.Is(err, ocr.ErrMissing) {
		return what + " for OCR: " + ocr.ErrMissing.Message + "; they are read when it is"
	}
	return what + " for OCR: " + app.ErrorMessage(err)
}

// unreadNotice is the notice of a document with pages OCR could not read.
func unreadNotice(failed map[int]error) string {
	if len(failed) == 0 {
		return ""
	}
	pages := make([]int, 0, len(failed))
	for p := range failed {
		pages = append(pages, p)
	}
	sort.Ints(pages)
	first := failed[pages[0]]
	if len(pages) == 1 {
		return fmt.Sprintf("page %d could not be read: %s", pages[0], app.ErrorMessage(first))
	}
	return fmt.Sprintf("%d pages could not be read (page %d: %s)", len(pages), pages[0], app.ErrorMessage(first))
}

// scanReader is the PDF engine's ScanReader: it reads a PDF's pages that
// have no usable text layer, rendered at dpi.
func (im *Importer) scanReader(ctx context.Context, need []app.Page, render pdf.RenderFunc, dpi int) ([]pdf.ScanPage, string) {
	nums := make([]int, len(need))
	for i, p := range need {
		nums[i] = p.Number
	}
	src := func(ctx context.Context, pages []int, fn func(int, image.Image) error) error {
		made := map[int]bool{}
		track := func(p int, img image.Image) error { made[p] = true; return fn(p, img) }
		err := render(ctx, pages, track)
		if err != nil && ctx.Err() == nil {
			// A worker that stopped (killed, out of memory) fails its call,
			// not the pages: each page not made is tried once more alone.
			err = nil
			for _, p := range pages {
				if !made[p] {
					if e := render(ctx, []int{p}, track); e != nil && err == nil {
						err = e
					}
				}
			}
		}
		if err != nil && ctx.Err() == nil && !errors.As(err, new(*app.Error)) {
			return app.Errorf(app.EInvalid, "the page could not be rendered for OCR: %v", err)
		}
		return err
	}
	read, failed, err := im.readPages(ctx, nums, src, ocrBatch)
	if err != nil {
		// Missing Tesseract, or the import is stopping: the pages wait.
		// (A cancelled import fails as a whole in any case.)
		out := make([]pdf.ScanPage, len(need))
		for i, p := range need {
			p.OCR = app.OCRWaiting
			out[i] = pdf.ScanPage{Info: p}
		}
		return out, waitingNotice(len(need), err)
	}
	ptPerPx := 72.0 / float64(dpi)
	out := make([]pdf.ScanPage, 0, len(read))
	for _, p := range need {
		r, ok := read[p.Number]
		if !ok {
			continue
		}
		p.OCR, p.OCRConfidence = app.OCRRead, confidence(r)
		out = append(out, pdf.ScanPage{Info: p, Words: scanWords(r, ptPerPx), Turn: r.Turn})
	}
	return out, unreadNotice(failed)
}

// ReadingVersion numbers how Archivist reads a page image (Tesseract's
// settings, the second sparse pass, joined hyphenations). A cached reading
// is reused only by the same version: an improved reader reads again.
const ReadingVersion = 2

// cacheKey is what a cached reading is filed under beside the image's
// hash: the languages read and the reading's version.
func cacheKey(langs string) string {
	return langs + "#" + strconv.Itoa(ReadingVersion)
}
