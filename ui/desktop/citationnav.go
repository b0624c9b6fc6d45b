package desktop

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// The citation view's second toolbar: the other pages of a cited PDF
// (previous / next page, beside previous / next citation) and "Open
// original at this page".

// navBar holds the page buttons and "Open original".
type navBar struct {
	pagePrev  *widget.Button
	pageNext  *widget.Button
	pageLabel *widget.Label
	pages     *fyne.Container
	original  *widget.Button
	box       *fyne.Container
}

func (v *citationView) newNavBar() *navBar {
	n := &navBar{}
	n.pagePrev = widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { v.browsePage(-1) })
	n.pageNext = widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { v.browsePage(+1) })
	n.pageLabel = widget.NewLabel("")
	n.pages = container.NewHBox(n.pagePrev, n.pageLabel, n.pageNext)
	n.original = widget.NewButtonWithIcon("Open original", theme.ComputerIcon(), v.openOriginal)
	n.original.Importance = widget.LowImportance
	// Wraps in a narrow drawer rather than widening the window.
	n.box = newWrapRow(n.pages, n.original)
	n.pages.Hide()
	return n
}

// documentPages is the page count of document id as the document list
// knows it; 0 when unknown.
func (u *UI) documentPages(id string) int {
	if u.library == nil {
		return 0
	}
	for _, d := range u.library.docs {
		if d.ID == id {
			return d.Pages
		}
	}
	return 0
}

// browsePage shows the page delta away from the one shown, within the
// document: a page with no highlight of the citation shows none.
func (v *citationView) browsePage(delta int) {
	if !v.paged || v.shownPage == 0 {
		return
	}
	c := v.cites[v.stops[v.stop].cite]
	p := v.shownPage + delta
	if p < 1 || (v.docPages > 0 && p > v.docPages) {
		return
	}
	v.loadPage(c, p, false)
	v.updateWhere()
	v.focusPage()
}

// updateNav shows the page controls for a paged citation and "Open
// original" when the app can open files.
func (v *citationView) updateNav() {
	n := v.nav
	if v.ui.openOriginalAt == nil {
		n.original.Hide()
	} else {
		n.original.Show()
		n.original.SetText("Open original")
		if v.paged {
			n.original.SetText("Open original at this page")
		}
	}
	if !v.paged || v.shownPage == 0 {
		n.pages.Hide()
		n.box.Refresh()
		return
	}
	label := "page " + strconv.Itoa(v.shownPage)
	if v.docPages > 0 {
		label += " of " + strconv.Itoa(v.docPages)
	}
	n.pageLabel.SetText(label)
	setEnabled(n.pagePrev, v.shownPage > 1)
	setEnabled(n.pageNext, v.docPages == 0 || v.shownPage < v.docPages)
	n.pages.Show()
	n.box.Refresh()
}

// openOriginal opens the cited document's original file in the system's
// viewer, at the page shown when there is one.
func (v *citationView) openOriginal() {
	if v.ui.openOriginalAt == nil || v.shown < 0 {
		return
	}
	c := v.cites[v.shown]
	open, page := v.ui.openOriginalAt, v.shownPage
	go func() {
		if err := open(c.DocumentID, page); err != nil {
			v.ui.do(func() { v.setStatus(app.ErrorMessage(err), widget.DangerImportance) })
		}
	}()
}
