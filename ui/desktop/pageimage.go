package desktop

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"slices"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"archivist/app"
)

// cropMargin widens the drawer's crop of a citation's highlights on each
// side: a fraction of the page's width left and right, of its height above
// and below, so the quoted lines keep a little of their context.
const cropMargin = 0.04

// maxCropHeight bounds the crop preview in the drawer, in Fyne units.
const maxCropHeight = 160

// cropScale is the crop's size in Fyne units per pixel of the 144 dpi page
// image: 0.75 draws it at 108 dpi, where 10 pt type is about as tall as the
// window's own text.
const cropScale = 0.75

// maxCitationPages bounds the pages previous/next visit for one citation
// without highlights (a section-precision citation may span a whole
// chapter). Limit: pages past it are reachable only by opening the original.
const maxCitationPages = 50

// errPageImage is shown when the library returned a page image that cannot
// be decoded (a truncated cache file, say).
var errPageImage = app.Errorf(app.EInternal, "The page image could not be read.")

// decodePage reads the page PNG at path. It runs off the UI goroutine:
// decoding a 144 dpi page takes tens of milliseconds.
func decodePage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errPageImage
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, errPageImage
	}
	if img := decoded.get(path, info); img != nil {
		return img, nil
	}
	img, err := png.Decode(f)
	if err != nil || img.Bounds().Empty() {
		return nil, errPageImage
	}
	decoded.put(path, info, img)
	return img, nil
}

// decodedPages is how many decoded page images stay in memory: stepping
// back and forth between citations, or reopening one, skips the PNG
// decoding (about 25 ms of CPU for a Letter page at 144 dpi). Each costs
// about 8 MB.
const decodedPages = 4

// decoded holds the most recently decoded page images, newest last.
var decoded pageCache

type pageCache struct {
	mu      sync.Mutex
	entries []pageEntry
}

type pageEntry struct {
	path  string
	size  int64
	mtime time.Time
	img   image.Image
}

// get returns the image decoded from path when the file is unchanged.
func (c *pageCache) get(path string, info os.FileInfo) image.Image {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.path == path && e.size == info.Size() && e.mtime.Equal(info.ModTime()) {
			c.entries = append(append(c.entries[:i:i], c.entries[i+1:]...), e)
			return e.img
		}
	}
	return nil
}

func (c *pageCache) put(path string, info os.FileInfo, img image.Image) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = slices.DeleteFunc(c.entries, func(e pageEntry) bool { return e.path == path })
	if len(c.entries) == decodedPages {
		c.entries = c.entries[1:]
	}
	c.entries = append(c.entries, pageEntry{path, info.Size(), info.ModTime(), img})
}

// pageCrop is the drawer's preview of a citation: the highlighted region
// of its first page and the highlights within it.
type pageCrop struct {
	img   image.Image
	marks []app.Rect // normalised 0–1 to img, origin top-left
}

// cropOf cuts the region cropRect picks for rects on page out of a page
// image, or returns nil when none of them is on that page. The crop shares
// the page's pixels where the image type allows.
func cropOf(img image.Image, rects []app.Rect, page int) *pageCrop {
	b := img.Bounds()
	r, ok := cropRect(b, rects, page, cropMargin)
	if !ok {
		return nil
	}
	c := &pageCrop{}
	if s, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		c.img = s.SubImage(r)
	} else {
		out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
		c.img = out
	}
	// Re-express each highlight relative to the crop.
	pw, ph := float64(b.Dx()), float64(b.Dy())
	cx, cy := float64(r.Min.X-b.Min.X), float64(r.Min.Y-b.Min.Y)
	cw, ch := float64(r.Dx()), float64(r.Dy())
	for _, h := range rectsOnPage(rects, page) {
		c.marks = append(c.marks, app.Rect{
			Page: page,
			X0:   (clamp01(h.X0)*pw - cx) / cw, Y0: (clamp01(h.Y0)*ph - cy) / ch,
			X1: (clamp01(h.X1)*pw - cx) / cw, Y1: (clamp01(h.Y1)*ph - cy) / ch,
		})
	}
	return c
}

// cropRect returns the pixel rectangle of a page image with the given bounds
// that holds the union of rects on page (normalised 0–1, origin top-left),
// widened by margin (a fraction of the page) on each side and clamped to
// the image. ok is false when no rect on page has an area.
func cropRect(bounds image.Rectangle, rects []app.Rect, page int, margin float64) (image.Rectangle, bool) {
	w, h := float64(bounds.Dx()), float64(bounds.Dy())
	if w <= 0 || h <= 0 {
		return image.Rectangle{}, false
	}
	var x0, y0, x1, y1 float64
	found := false
	for _, r := range rects {
		if r.Page != page {
			continue
		}
		a, b, c, d := clamp01(r.X0), clamp01(r.Y0), clamp01(r.X1), clamp01(r.Y1)
		if !(c > a) || !(d > b) {
			continue
		}
		if !found {
			x0, y0, x1, y1, found = a, b, c, d, true
			continue
		}
		x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, d)
	}
	if !found {
		return image.Rectangle{}, false
	}
	x0, y0 = clamp01(x0-margin), clamp01(y0-margin)
	x1, y1 = clamp01(x1+margin), clamp01(y1+margin)
	// Round outward, but not past a pixel edge that float error missed by
	// a hair (0.64 × 1000 is 640.0000000000001).
	const eps = 1e-6
	px := image.Rect(
		bounds.Min.X+int(math.Floor(x0*w+eps)), bounds.Min.Y+int(math.Floor(y0*h+eps)),
		bounds.Min.X+int(math.Ceil(x1*w-eps)), bounds.Min.Y+int(math.Ceil(y1*h-eps)),
	).Intersect(bounds)
	return px, !px.Empty()
}

// cropHeight is the height the crop preview is shown at: its pixels at
// cropScale, at most maxCropHeight.
func cropHeight(b image.Rectangle) float32 {
	return min(maxCropHeight, float32(b.Dy())*cropScale)
}

// citationPages lists the pages the citation view visits for c, in order:
// the pages in its range that its highlights are on, or, when it has none
// (a page- or section-precision citation), every page of its range. It is
// nil for citations into formats without pages.
func citationPages(c app.Citation) []int {
	if c.PageStart <= 0 {
		return nil
	}
	end := max(c.PageEnd, c.PageStart)
	var pages []int
	for _, r := range c.Rects {
		if r.Page >= c.PageStart && r.Page <= end && !slices.Contains(pages, r.Page) {
			if _, _, ok := rectOnImage(r, fyne.Position{}, fyne.NewSize(1, 1)); ok {
				pages = append(pages, r.Page)
			}
		}
	}
	if len(pages) > 0 {
		slices.Sort(pages)
		return pages
	}
	end = min(end, c.PageStart+maxCitationPages-1)
	for p := c.PageStart; p <= end; p++ {
		pages = append(pages, p)
	}
	return pages
}

// rectsOnPage returns the rects on page.
func rectsOnPage(rects []app.Rect, page int) []app.Rect {
	var out []app.Rect
	for _, r := range rects {
		if r.Page == page {
			out = append(out, r)
		}
	}
	return out
}

// cropPage is the page the drawer's crop is cut from: the first page of c
// that has highlights, or 0 when c has none.
func cropPage(c app.Citation) int {
	pages := citationPages(c)
	if len(pages) == 0 {
		return 0
	}
	if _, ok := cropRect(image.Rect(0, 0, 1000, 1000), c.Rects, pages[0], 0); !ok {
		return 0
	}
	return pages[0]
}

// newCropView shows a crop at its natural height (cropHeight), narrower
// when the column is too narrow for it, left-aligned under the answer text,
// framed like the edge of a sheet of paper and with the quoted lines
// highlighted as on the page: the margin around them holds other lines.
func newCropView(c *pageCrop) fyne.CanvasObject {
	pic := canvas.NewImageFromImage(c.img)
	pic.FillMode = canvas.ImageFillStretch // cropLayout keeps the shape
	frame := canvas.NewRectangle(paperColor)
	frame.StrokeColor = color.NRGBA{A: 0x40}
	frame.StrokeWidth = 1
	objects := []fyne.CanvasObject{frame, pic}
	for range c.marks {
		m := canvas.NewRectangle(highlightFill)
		m.StrokeColor = highlightStroke
		m.StrokeWidth = 1
		objects = append(objects, m)
	}
	b := c.img.Bounds()
	return container.New(&cropLayout{height: cropHeight(b), aspect: float32(b.Dx()) / float32(b.Dy()), marks: c.marks}, objects...)
}

// cropLayout sizes the frame and image (the first two objects) to the
// crop's height and shape, shrunk to the available width, and places the
// highlights (the rest, one per mark) over the image.
type cropLayout struct {
	height, aspect float32
	marks          []app.Rect
}

func (l *cropLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	h := min(l.height, size.Height)
	w := h * l.aspect
	if w > size.Width {
		w = size.Width
		h = w / l.aspect
	}
	drawn := fyne.NewSize(w, h)
	for i, o := range objects {
		if i < 2 {
			o.Move(fyne.Position{})
			o.Resize(drawn)
			continue
		}
		pos, s, ok := rectOnImage(l.marks[i-2], fyne.Position{}, drawn)
		if !ok {
			o.Hide()
			continue
		}
		o.Move(pos.SubtractXY(1, 1))
		o.Resize(s.AddWidthHeight(2, 2))
	}
}

func (l *cropLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(0, l.height)
}
