package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// maxTrayHeight bounds the panels under the document list (import
// progress, filing suggestions) together; beyond it they scroll. With
// every panel folded the tray is one line each, so the list keeps most of
// the column, and the column never asks the window to grow.
const maxTrayHeight = 180

// fold is a panel's details, shown or hidden by a button in its header.
// Details start folded: the header line says what the panel holds.
type fold struct {
	details fyne.CanvasObject
	button  *widget.Button
	open    bool
	changed func()
}

func newFold(details fyne.CanvasObject, changed func()) *fold {
	f := &fold{details: details, changed: changed}
	f.button = widget.NewButtonWithIcon("Show", theme.MenuDropDownIcon(), f.toggle)
	f.button.Importance = widget.LowImportance
	f.set(false)
	return f
}

func (f *fold) toggle() {
	f.set(!f.open)
	if f.changed != nil {
		f.changed()
	}
}

func (f *fold) set(open bool) {
	f.open = open
	if open {
		f.details.Show()
		f.button.SetText("Hide")
		f.button.SetIcon(theme.MenuDropUpIcon())
	} else {
		f.details.Hide()
		f.button.SetText("Show")
		f.button.SetIcon(theme.MenuDropDownIcon())
	}
}

// tray holds the panels under the document list in one scroll of bounded
// height.
type tray struct {
	inner  *fyne.Container
	scroll *container.Scroll
}

func newTray(panels ...fyne.CanvasObject) *tray {
	t := &tray{inner: container.NewVBox(panels...)}
	t.scroll = container.NewVScroll(t.inner)
	t.fit()
	return t
}

// fit sizes the tray to its panels, up to maxTrayHeight.
func (t *tray) fit() {
	h := float32(0)
	for _, o := range t.inner.Objects {
		if o.Visible() {
			h = t.inner.MinSize().Height
			break
		}
	}
	// An empty tray is hidden: a scroll is never less than a scroll bar
	// tall, which took a row's worth from the list for nothing.
	if h == 0 {
		t.scroll.Hide()
		return
	}
	t.scroll.SetMinSize(fyne.NewSize(0, min(h, maxTrayHeight)))
	t.scroll.Show()
	t.scroll.Refresh()
}

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
