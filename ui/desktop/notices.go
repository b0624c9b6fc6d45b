package desktop

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// noticesWidth is the popup's width where the window has room for it.
const noticesWidth = 560

// notices is the window's one notification area: a button in the top bar
// that sums up the import queue, the filing suggestions, the metadata
// suggestions and the review of related documents in one line ("Importing
// 2 of 5 · 4 suggestions"), and opens their details in a popup under it.
// It takes no height from the document list: the panels it replaces were
// stacked under the list, one folded line each, and at 1024×768 left the
// list 5.1 rows instead of 8.
type notices struct {
	ui       *UI
	button   *noticeButton
	progress *canvas.Rectangle // the import's overall progress, along the button's foot
	frac     float32           // how much of the queue is done, 0–1; 0 hides the bar
	content  *fyne.Container   // the button with its progress, in the top bar
	sections *fyne.Container   // the panels that have something to show, one under the other
	scroll   *container.Scroll
	popup    *widget.PopUp
	fitH     float32 // the sections' height the popup was last fitted to
}

func newNotices(u *UI) *notices {
	n := &notices{ui: u}
	n.button = &noticeButton{n: n}
	n.button.Icon = theme.InfoIcon()
	n.button.OnTapped = func() { n.toggle(false) }
	n.button.ExtendBaseWidget(n.button)
	n.progress = canvas.NewRectangle(theme.Color(theme.ColorNamePrimary))
	n.content = container.New(&footBarLayout{n: n}, n.button, n.progress)
	n.content.Hide()
	n.sections = container.NewVBox()
	n.scroll = container.NewVScroll(n.sections)
	n.popup = widget.NewPopUp(n.scroll, u.win.Canvas())
	n.popup.Hide() // a new popup counts as visible until first hidden
	return n
}

// update sets the line from what the panels hold and hides it when they
// hold nothing; an open popup follows their new sizes. Every panel calls
// it after it changed, the import queue at each step of its progress, so
// it does only what changed.
func (n *notices) update() {
	line, failed := n.summary()
	if line == "" {
		n.close()
		if n.content.Visible() {
			n.content.Hide()
			n.ui.relayoutTopBar()
		}
		return
	}
	was, shown := n.button.MinSize(), n.content.Visible()
	n.button.SetText(line)
	switch {
	case failed: // red, as the failure's line in the popup; the words say it too
		n.button.SetIcon(theme.NewErrorThemedResource(theme.ErrorIcon()))
	case n.ui.imports.running:
		n.button.SetIcon(theme.DownloadIcon())
	default:
		n.button.SetIcon(theme.InfoIcon())
	}
	n.frac = n.ui.imports.done()
	n.progress.FillColor = theme.Color(theme.ColorNamePrimary)
	n.content.Refresh()
	if !shown {
		n.content.Show()
	}
	if !shown || n.button.MinSize() != was {
		n.ui.relayoutTopBar()
	}
	n.arrange()
	if n.popup.Visible() && n.sections.MinSize().Height != n.fitH {
		n.fit()
	}
}

// summary is the one line: what the import queue does and how many
// suggestions wait for a click; failed says an import failed. At most two
// parts, so that the line never widens the top bar past a 1024 px window;
// what else the panels hold (a move to undo, a document no folder was
// proposed for) is said only when there is nothing else to say.
func (n *notices) summary() (line string, failed bool) {
	u := n.ui
	var parts []string
	imp, failed := u.imports.notice()
	if imp != "" {
		parts = append(parts, imp)
	}
	filingWaiting, filingNotes := u.filing.counts()
	if waiting := u.imports.waiting() + filingWaiting + u.reviews.open(); waiting > 0 {
		parts = append(parts, plural(waiting, "suggestion", "suggestions"))
	}
	switch moved := u.reviews.moved(); {
	case len(parts) > 0:
	case moved > 0:
		parts = append(parts, plural(moved, "document moved", "documents moved"))
	case filingNotes > 0:
		parts = append(parts, plural(filingNotes, "folder not proposed", "folders not proposed"))
	}
	return strings.Join(parts, " · "), failed
}

// arrange puts the panels that have something to show in the popup, a
// separator between each two.
func (n *notices) arrange() {
	var objs []fyne.CanvasObject
	for _, p := range []*fyne.Container{n.ui.imports.content, n.ui.filing.content, n.ui.reviews.content} {
		if !p.Visible() {
			continue
		}
		if len(objs) > 0 {
			objs = append(objs, widget.NewSeparator())
		}
		objs = append(objs, p)
	}
	if len(objs) == len(n.sections.Objects) {
		same := true
		for i, o := range objs {
			if _, sep := o.(*widget.Separator); !sep && o != n.sections.Objects[i] {
				same = false
			}
		}
		if same {
			return
		}
	}
	n.sections.Objects = objs
	n.sections.Refresh()
}

// toggle opens the popup, or closes it when it is open. Opened from the
// keyboard, its first control takes the keyboard, so that Tab walks its
// controls and Esc closes it.
func (n *notices) toggle(byKey bool) {
	if n.popup.Visible() {
		n.close()
		return
	}
	if !n.content.Visible() {
		return
	}
	n.arrange()
	n.fit()
	n.popup.Show()
	if byKey {
		if f := firstFocusable(n.sections); f != nil {
			n.ui.win.Canvas().Focus(f)
		}
	}
}

// close hides the popup; the keyboard goes back to the button.
func (n *notices) close() {
	if !n.popup.Visible() {
		return
	}
	n.popup.Hide()
	if n.content.Visible() {
		n.ui.win.Canvas().Focus(n.button)
	}
}

// fit sizes the popup to its panels, at most as tall as the room under
// the button (beyond it the popup scrolls), and places it under the
// button, its right edge under the button's where the window allows.
func (n *notices) fit() {
	c := n.ui.win.Canvas().Size()
	pad, inner := theme.Padding(), theme.InnerPadding()
	w := min(noticesWidth, c.Width-2*pad) - inner
	n.ui.imports.fit(w)
	n.ui.filing.fit(w)
	n.ui.reviews.fit(w)
	n.fitH = n.sections.MinSize().Height
	n.sections.Resize(fyne.NewSize(w, n.fitH))
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(n.button)
	top := at.Y + n.button.Size().Height + pad
	h := min(n.fitH, c.Height-top-pad-inner)
	n.scroll.SetMinSize(fyne.NewSize(w, h))
	left := max(pad, min(at.X+n.button.Size().Width-w-inner, c.Width-w-inner-pad))
	n.popup.Move(fyne.NewPos(left, top))
	n.popup.Resize(fyne.NewSize(w+inner, h+inner))
}

// noticeAction is a button of a panel in the popup: Esc on it closes the
// popup (a key the focused button does not take goes nowhere else).
func (u *UI) noticeAction(text string, icon fyne.Resource, tapped func()) *escButton {
	return newEscButton(text, icon, func() { u.notices.close() }, tapped)
}

// relayoutTopBar lays the top bar out again after a button in it changed
// its size or was shown or hidden.
func (u *UI) relayoutTopBar() {
	if u.topButtons != nil {
		u.topButtons.Refresh()
	}
	if u.topRow != nil {
		u.topRow.Refresh()
	}
}

// firstFocusable is the first visible control under o that takes the
// keyboard, in reading order.
func firstFocusable(o fyne.CanvasObject) fyne.Focusable {
	for _, f := range findFocusables(o) {
		if d, ok := f.(fyne.Disableable); ok && d.Disabled() {
			continue
		}
		return f
	}
	return nil
}

func findFocusables(o fyne.CanvasObject) []fyne.Focusable {
	if o == nil || !o.Visible() {
		return nil
	}
	if f, ok := o.(fyne.Focusable); ok {
		return []fyne.Focusable{f}
	}
	var out []fyne.Focusable
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, findFocusables(c)...)
		}
	case *container.Scroll:
		out = findFocusables(x.Content)
	}
	return out
}

// noticeButton is the notification line: Enter opens its popup as Space
// does, Esc closes it.
type noticeButton struct {
	widget.Button
	n *notices
}

func (b *noticeButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeySpace, fyne.KeyReturn, fyne.KeyEnter:
		b.n.toggle(true)
	case fyne.KeyEscape:
		b.n.close()
	default:
		b.Button.TypedKey(ev)
	}
}

// footBarLayout lays the notification button out at its size and the
// import's progress as a thin bar along its foot, as long as the share of
// the queue that is done.
type footBarLayout struct{ n *notices }

func (l *footBarLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Resize(size)
	objs[0].Move(fyne.Position{})
	inset := theme.InputRadiusSize()
	bar := objs[1]
	if l.n.frac <= 0 {
		bar.Hide()
		return
	}
	bar.Show()
	thick := float32(3)
	bar.Resize(fyne.NewSize((size.Width-2*inset)*min(l.n.frac, 1), thick))
	bar.Move(fyne.NewPos(inset, size.Height-thick))
}

func (l *footBarLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }
