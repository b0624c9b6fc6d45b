package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// wrapRow lays its objects out left to right at their minimum sizes,
// starting a new row where the next does not fit: a row of buttons that
// never makes its column wider than the column is. Its height depends on
// its width, which it remembers from the last layout.
type wrapRow struct {
	width float32
	box   *fyne.Container
}

func newWrapRow(objs ...fyne.CanvasObject) *fyne.Container {
	w := &wrapRow{}
	w.box = container.New(w, objs...)
	return w.box
}

func (w *wrapRow) place(objs []fyne.CanvasObject, width float32, move bool) fyne.Size {
	pad := theme.Padding()
	x, y, rowH, widest := float32(0), float32(0), float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		s := o.MinSize()
		if x > 0 && width > 0 && x+s.Width > width {
			x, y, rowH = 0, y+rowH+pad, 0
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(s)
		}
		x += s.Width + pad
		rowH = max(rowH, s.Height)
		widest = max(widest, s.Width)
	}
	return fyne.NewSize(widest, y+rowH)
}

func (w *wrapRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	changed := w.width != size.Width
	w.width = size.Width
	if h := w.place(objs, size.Width, true).Height; changed && h != size.Height && w.box != nil {
		// A new width changed how many rows it takes: the column above
		// must lay it out again at its new height (it kept the height of
		// the old width, three rows where two fit).
		w.box.Refresh()
	}
}

func (w *wrapRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return w.place(objs, w.width, false)
}
