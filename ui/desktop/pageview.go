package desktop

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// Zoom is relative to "fit width": 1 draws the page as wide as the viewport.
const (
	minPageZoom  = 0.25
	maxPageZoom  = 4
	pageZoomStep = 1.25
)

// pageMargin is the gap (in Fyne units) kept around the page inside its
// viewport, so the page's edge is visible against the background and the
// overlaid scroll bar does not sit on the text.
const pageMargin = 4

// Highlight colours. The page image is paper-white whatever the theme, so
// these are fixed rather than themed: amber at ~35% over the words, with a
// darker edge so a one-word highlight is still easy to spot.
var (
	highlightFill   = color.NRGBA{R: 0xff, G: 0xbf, B: 0x00, A: 0x59}
	highlightStroke = color.NRGBA{R: 0xd9, G: 0x8c, B: 0x00, A: 0xd0}
	paperColor      = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
)

// pageView draws one page image with a highlight rectangle per cited line.
// Its renderer places the highlights from their normalised coordinates over
// the image's drawn area on every layout, so they stay on their words when
// the widget is resized or zoomed. It sits in a Scroll for panning; a
// pageFitLayout around that Scroll tells it the viewport size that "fit
// width" and the zoom are relative to.
//
// The view is focusable: tapping it takes the keyboard, and the keys it gets
// go to onKey and onRune (the citation view steps with ← and →, zooms with +
// and -). Dragging it pans through onDrag.
type pageView struct {
	widget.BaseWidget

	img      image.Image // the decoded page; nil while nothing is shown
	pixels   fyne.Size   // img's size in pixels
	rects    []app.Rect  // highlights on this page: normalised 0–1, origin top-left
	zoom     float32     // 1 = fit width
	viewport fyne.Size   // the Scroll's size, from pageFitLayout
	focused  bool

	onKey  func(*fyne.KeyEvent)
	onRune func(rune)
	onDrag func(dx, dy float32)
}

func newPageView() *pageView {
	pv := &pageView{zoom: 1}
	pv.ExtendBaseWidget(pv)
	return pv
}

// setPage shows the page image img with rects highlighted; a nil img
// clears the view.
func (pv *pageView) setPage(img image.Image, rects []app.Rect) {
	pv.img, pv.rects, pv.pixels = img, rects, fyne.Size{}
	if img != nil {
		b := img.Bounds()
		pv.pixels = fyne.NewSize(float32(b.Dx()), float32(b.Dy()))
	}
	pv.Refresh()
}

// targetSize is the size the page is drawn at: the viewport's width (less
// the margins) times the zoom, and the height that keeps the image's shape.
// Before the viewport is known it is the image's size in pixels.
func (pv *pageView) targetSize() fyne.Size {
	if pv.pixels.Width <= 0 || pv.pixels.Height <= 0 {
		return fyne.Size{}
	}
	w := pv.pixels.Width
	if pv.viewport.Width > 0 {
		w = max(1, pv.viewport.Width-2*pageMargin) * pv.zoom
	}
	return fyne.NewSize(w, w*pv.pixels.Height/pv.pixels.Width)
}

// imageArea is where the image is drawn inside a widget of the given size:
// at its target size or smaller if the widget is smaller, centred across,
// a margin from the top.
func (pv *pageView) imageArea(size fyne.Size) (fyne.Position, fyne.Size) {
	t := pv.targetSize()
	if t.Width <= 0 {
		return fyne.Position{}, fyne.Size{}
	}
	availW := max(0, size.Width-2*pageMargin)
	availH := max(0, size.Height-2*pageMargin)
	scale := min(1, availW/t.Width, availH/t.Height)
	drawn := fyne.NewSize(t.Width*scale, t.Height*scale)
	return fyne.NewPos((size.Width-drawn.Width)/2, pageMargin), drawn
}

// highlightArea returns the bounds, in the widget's coordinates, of all the
// highlights; ok is false when there are none.
func (pv *pageView) highlightArea() (pos fyne.Position, size fyne.Size, ok bool) {
	origin, drawn := pv.imageArea(pv.Size())
	var x0, y0, x1, y1 float32
	for _, r := range pv.rects {
		p, s, valid := rectOnImage(r, origin, drawn)
		if !valid {
			continue
		}
		if !ok {
			x0, y0, x1, y1 = p.X, p.Y, p.X+s.Width, p.Y+s.Height
			ok = true
			continue
		}
		x0, y0 = min(x0, p.X), min(y0, p.Y)
		x1, y1 = max(x1, p.X+s.Width), max(y1, p.Y+s.Height)
	}
	return fyne.NewPos(x0, y0), fyne.NewSize(x1-x0, y1-y0), ok
}

// rectOnImage maps a normalised rectangle onto the image drawn at origin
// with the given size. Coordinates are clamped to the page; a rectangle with
// no area (or NaN) is not valid.
func rectOnImage(r app.Rect, origin fyne.Position, drawn fyne.Size) (fyne.Position, fyne.Size, bool) {
	x0, y0 := clamp01(r.X0), clamp01(r.Y0)
	x1, y1 := clamp01(r.X1), clamp01(r.Y1)
	if !(x1 > x0) || !(y1 > y0) {
		return fyne.Position{}, fyne.Size{}, false
	}
	pos := fyne.NewPos(origin.X+float32(x0)*drawn.Width, origin.Y+float32(y0)*drawn.Height)
	size := fyne.NewSize(float32(x1-x0)*drawn.Width, float32(y1-y0)*drawn.Height)
	return pos, size, true
}

func clamp01(f float64) float64 {
	switch {
	case f > 1:
		return 1
	case f >= 0:
		return f
	}
	return 0 // negative or NaN
}

// MinSize is the page at its target size plus the margins, so the Scroll
// around it pans over the whole page.
func (pv *pageView) MinSize() fyne.Size {
	pv.ExtendBaseWidget(pv)
	return pv.BaseWidget.MinSize()
}

// CreateRenderer is part of fyne.Widget.
func (pv *pageView) CreateRenderer() fyne.WidgetRenderer {
	r := &pageViewRenderer{pv: pv}
	r.paper = canvas.NewRectangle(paperColor)
	r.focus = canvas.NewRectangle(color.Transparent)
	r.focus.StrokeWidth = 2
	r.Refresh()
	return r
}

// FocusGained is part of fyne.Focusable.
func (pv *pageView) FocusGained() {
	pv.focused = true
	pv.Refresh()
}

// FocusLost is part of fyne.Focusable.
func (pv *pageView) FocusLost() {
	pv.focused = false
	pv.Refresh()
}

// TypedRune is part of fyne.Focusable.
func (pv *pageView) TypedRune(r rune) {
	if pv.onRune != nil {
		pv.onRune(r)
	}
}

// TypedKey is part of fyne.Focusable.
func (pv *pageView) TypedKey(ev *fyne.KeyEvent) {
	if pv.onKey != nil {
		pv.onKey(ev)
	}
}

// Tapped takes the keyboard focus, so ← and → step through citations.
func (pv *pageView) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(pv); c != nil {
		c.Focus(pv)
	}
}

// Dragged pans the page: a grab-and-move as in other document viewers.
func (pv *pageView) Dragged(ev *fyne.DragEvent) {
	if pv.onDrag != nil {
		pv.onDrag(ev.Dragged.DX, ev.Dragged.DY)
	}
}

// DragEnd is part of fyne.Draggable.
func (pv *pageView) DragEnd() {}

// pageViewRenderer draws the paper, the image, the highlights over it and,
// while the view has the keyboard, a focus outline.
type pageViewRenderer struct {
	pv      *pageView
	paper   *canvas.Rectangle
	image   *canvas.Image // nil while no page is shown
	src     image.Image   // what image shows
	marks   []*canvas.Rectangle
	focus   *canvas.Rectangle
	objects []fyne.CanvasObject
}

func (r *pageViewRenderer) Layout(size fyne.Size) {
	origin, drawn := r.pv.imageArea(size)
	r.paper.Move(origin)
	r.paper.Resize(drawn)
	if r.image != nil {
		r.image.Move(origin)
		r.image.Resize(drawn)
	}
	for i, m := range r.marks {
		pos, s, ok := rectOnImage(r.pv.rects[i], origin, drawn)
		if !ok {
			m.Hide()
			continue
		}
		// A point of air around the loose word boxes keeps the border off
		// the glyphs.
		m.Move(pos.SubtractXY(1, 1))
		m.Resize(s.AddWidthHeight(2, 2))
		m.Show()
	}
	r.focus.Move(fyne.NewPos(1, 1))
	r.focus.Resize(size.SubtractWidthHeight(2, 2))
}

func (r *pageViewRenderer) MinSize() fyne.Size {
	t := r.pv.targetSize()
	if t.Width <= 0 {
		return fyne.Size{}
	}
	return t.AddWidthHeight(2*pageMargin, 2*pageMargin)
}

func (r *pageViewRenderer) Refresh() {
	pv := r.pv
	fresh := false
	if pv.img != r.src {
		r.src = pv.img
		r.image = nil
		if pv.img != nil {
			// From the decoded image, not NewImageFromFile: a file-backed
			// canvas.Image decodes its file again on every Refresh, on the
			// UI goroutine. This one is only rescaled when resized.
			r.image = canvas.NewImageFromImage(pv.img)
			r.image.FillMode = canvas.ImageFillContain
			fresh = true
		}
	}
	for len(r.marks) < len(pv.rects) {
		m := canvas.NewRectangle(highlightFill)
		m.StrokeColor = highlightStroke
		m.StrokeWidth = 1
		r.marks = append(r.marks, m)
	}
	r.marks = r.marks[:len(pv.rects)]

	if pv.focused {
		r.focus.StrokeColor = pv.Theme().Color(theme.ColorNameFocus, fyne.CurrentApp().Settings().ThemeVariant())
	} else {
		r.focus.StrokeColor = color.Transparent
	}

	r.objects = r.objects[:0]
	if r.image != nil {
		r.objects = append(r.objects, r.paper, r.image)
	}
	for _, m := range r.marks {
		r.objects = append(r.objects, m)
	}
	r.objects = append(r.objects, r.focus)
	r.Layout(pv.Size())
	for _, o := range r.objects {
		if o != r.image || fresh {
			o.Refresh()
		}
	}
}

func (r *pageViewRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *pageViewRenderer) Destroy() {}

// pageFitLayout gives its one child (the Scroll holding a pageView) the
// whole area and tells the page the viewport's size first, so the Scroll
// lays the page out at "fit width" times the zoom.
type pageFitLayout struct{ page *pageView }

func (l pageFitLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	old := l.page.viewport
	changed := old != size
	scroll, _ := objects[0].(*container.Scroll)
	var fx, fy float32
	keep := false
	if changed && scroll != nil {
		fx, fy, keep = viewCentre(scroll, l.page, old)
	}
	l.page.viewport = size
	for _, o := range objects {
		o.Move(fyne.Position{})
		o.Resize(size)
	}
	if changed {
		// The page's own size may not change (it fills the viewport while
		// it is smaller), but where the image sits inside it does.
		l.page.Refresh()
		if keep {
			// Dragging the split or resizing the window rescales the page:
			// keep the same part of it in the middle of the view.
			centreOn(scroll, l.page, fx, fy)
		}
	}
}

func (l pageFitLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		s = s.Max(o.MinSize())
	}
	return s
}

// viewCentre returns the point of the page at the middle of a viewport of
// the given size, as fractions of the page's size; ok is false while the
// page has no size.
func viewCentre(s *container.Scroll, pv *pageView, viewport fyne.Size) (fx, fy float32, ok bool) {
	ps := pv.Size()
	if ps.Width <= 0 || ps.Height <= 0 || viewport.Width <= 0 || pv.img == nil {
		return 0, 0, false
	}
	return (s.Offset.X + viewport.Width/2) / ps.Width, (s.Offset.Y + viewport.Height/2) / ps.Height, true
}

// centreOn scrolls so that the point (fx, fy) of the page, as fractions of
// its size, is in the middle of the viewport, as far as the page allows.
func centreOn(s *container.Scroll, pv *pageView, fx, fy float32) {
	ps, vp := pv.Size(), s.Size()
	s.ScrollToOffset(fyne.NewPos(max(0, fx*ps.Width-vp.Width/2), max(0, fy*ps.Height-vp.Height/2)))
}
