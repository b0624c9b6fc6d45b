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
	t.scroll.SetMinSize(fyne.NewSize(0, min(h, maxTrayHeight)))
	t.scroll.Refresh()
}
