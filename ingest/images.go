package ingest

import (
	"context"
	"image"
	"image/png"
	"os"
	"slices"

	xdraw "golang.org/x/image/draw"

	"archivist/app"
	imgdoc "archivist/ingest/image"
	"archivist/ingest/pdf"
	"archivist/store"
)

// MaxImageBytes bounds an image original (a multi-page TIFF of scans can
// be large; each page is decoded on its own).
const MaxImageBytes = 512 << 20

// maxPageImageSide is the long side, in pixels, of the page image an image
// document keeps for the citation viewer: enough to read, a fraction of a
// camera's 12–50 megapixels.
const maxPageImageSide = 2400

// Picture pages have no size in points: they are given one at which their
// text comes out the size of print, so the layout's thresholds (gaps,
// line spacing, heading sizes, all in points) hold as they do on a PDF.
const (
	lineHeightPt  = 11.0
	minPtPerPx    = 72.0 / 600
	maxPtPerPx    = 72.0 / 72
	blankPtPerPx  = 72.0 / 150
	minLineLetter = 2
)

// parseImage reads an image document: one page per picture (every page of
// a TIFF), each kept as a page image and read by OCR. sum names the
// original, and so its page images.
func (im *Importer) parseImage(ctx context.Context, data []byte, sum string) (*app.Parsed, error) {
	d, err := imgdoc.Open(data)
	if err != nil {
		return nil, err
	}
	n := d.Pages()
	sizes := make([][2]int, n)
	for i := range n {
		w, h, err := d.Size(i)
		if err != nil {
			return nil, err
		}
		if int64(w)*int64(h) > imgdoc.MaxPixels {
			return nil, app.Errorf(app.ETooLarge, "page %d is %d × %d pixels; images over %d megapixels are not read",
				i+1, w, h, imgdoc.MaxPixels/1_000_000)
		}
		sizes[i] = [2]int{w, h}
	}
	nums := make([]int, n)
	for i := range nums {
		nums[i] = i + 1
	}
	src := func(ctx context.Context, pages []int, fn func(int, image.Image) error) error {
		for _, p := range pages {
			if err := ctx.Err(); err != nil {
				return err
			}
			img, err := d.Page(p - 1)
			if err != nil {
				return err
			}
			if err := im.writeImagePage(sum, p, img); err != nil {
				return err
			}
			if err := fn(p, img); err != nil {
				return err
			}
		}
		return nil
	}
	read, failed, err := im.readPages(ctx, nums, src, 1)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		// Tesseract is missing: keep the pages (and their images) waiting.
		pages := make([]pdf.ScanPage, n)
		for i := range n {
			if err := src(ctx, []int{i + 1}, func(int, image.Image) error { return nil }); err != nil {
				return nil, err
			}
			w, h := float64(sizes[i][0]), float64(sizes[i][1])
			pages[i] = pdf.ScanPage{Info: app.Page{Number: i + 1, WidthPt: w * blankPtPerPx, HeightPt: h * blankPtPerPx, OCR: app.OCRWaiting}}
		}
		p := pdf.AssembleScans(pages, "", waitingNotice(n, err))
		p.Format = app.FormatImage
		return p, nil
	}
	if len(read) == 0 && len(failed) > 0 {
		// Not one page could be made or read: the file is the problem.
		first := slices.Sorted(func(yield func(int) bool) {
			for p := range failed {
				if !yield(p) {
					return
				}
			}
		})[0]
		return nil, failed[first]
	}
	pages := make([]pdf.ScanPage, 0, n)
	for i := range n {
		w, h := float64(sizes[i][0]), float64(sizes[i][1])
		r, ok := read[i+1]
		if !ok {
			pages = append(pages, pdf.ScanPage{Info: app.Page{Number: i + 1, WidthPt: w * blankPtPerPx, HeightPt: h * blankPtPerPx}})
			continue
		}
		k := ptPerPx(r)
		pages = append(pages, pdf.ScanPage{
			Info:  app.Page{Number: i + 1, WidthPt: w * k, HeightPt: h * k, OCR: app.OCRRead, OCRConfidence: confidence(r)},
			Words: scanWords(r, k), Turn: r.Turn,
		})
	}
	p := pdf.AssembleScans(pages, "", unreadNotice(failed))
	p.Format = app.FormatImage
	return p, nil
}

// ptPerPx picks the scale at which the page's median line is lineHeightPt
// tall, within 72–600 pixels an inch.
func ptPerPx(r *store.OCRReading) float64 {
	lineH := map[int]int{}
	for _, w := range r.Words {
		if len([]rune(w.Text)) < minLineLetter {
			continue
		}
		h := w.Y1 - w.Y0
		if r.Turn == 1 || r.Turn == 3 {
			h = w.X1 - w.X0
		}
		lineH[w.Line] = max(lineH[w.Line], h)
	}
	if len(lineH) == 0 {
		return blankPtPerPx
	}
	hs := make([]int, 0, len(lineH))
	for _, h := range lineH {
		hs = append(hs, h)
	}
	slices.Sort(hs)
	med := float64(hs[len(hs)/2])
	return min(maxPtPerPx, max(minPtPerPx, lineHeightPt/med))
}

// writeImagePage keeps an image document's page as the PNG the citation
// viewer shows, scaled down when it is larger than it needs.
func (im *Importer) writeImagePage(sum string, page int, img image.Image) error {
	path := im.DB.PageImagePath(sum, page, app.PageImageDPI)
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	b := img.Bounds()
	if long := max(b.Dx(), b.Dy()); long > maxPageImageSide {
		dst := image.NewNRGBA(image.Rect(0, 0, b.Dx()*maxPageImageSide/long, b.Dy()*maxPageImageSide/long))
		xdraw.ApproxBiLinear.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
		img = dst
	}
	return im.DB.WritePageImage(path, func(f *os.File) error {
		return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(f, img)
	})
}

// imagePageImage returns an image document's page image, making it again
// from the original when the cache lost it.
func (im *Importer) imagePageImage(doc *app.Document, page int) (string, error) {
	path := im.DB.PageImagePath(doc.SHA256, page, app.PageImageDPI)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	data, err := im.DB.ReadBlob(doc.SHA256)
	if err != nil {
		return "", err
	}
	d, err := imgdoc.Open(data)
	if err != nil {
		return "", err
	}
	img, err := d.Page(page - 1)
	if err != nil {
		return "", err
	}
	if err := im.writeImagePage(doc.SHA256, page, img); err != nil {
		return "", err
	}
	return path, nil
}

// Originals is the library as an export of cited pages reads it: its
// documents and stored originals (the store's), and an image document's
// pages decoded as pictures here, where image formats are read.
type Originals struct{ *store.DB }

// PagePicture decodes page (1-based) of an image document's bytes.
func (Originals) PagePicture(data []byte, page int) (image.Image, error) {
	d, err := imgdoc.Open(data)
	if err != nil {
		return nil, err
	}
	return d.Page(page - 1)
}
