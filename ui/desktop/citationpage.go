package desktop

import (
	"image"

	"fyne.io/fyne/v2"

	"archivist/app"
)

// The citation view's page mode: for a citation into a PDF it shows the
// page image with the quoted lines highlighted (a pageView in a Scroll),
// zoom and keys, and cuts the crop the drawer shows under the answer.

// loadCrop clears the drawer's crop and cuts a new one for c when it has
// highlights. When the page shown first is the crop's page, loadPage cuts
// the crop from that image instead of decoding the page twice.
func (v *citationView) loadCrop(c app.Citation, shownPage int) {
	v.setCrop(c, 0, nil)
	page := cropPage(c)
	v.cropPending = page > 0
	if page == 0 || page == shownPage {
		return
	}
	u, seq := v.ui, v.seq
	go func() {
		path, err := u.lib.PageImage(u.ctx, c.DocumentID, page)
		var img image.Image
		if err == nil {
			img, err = decodePage(path)
		}
		u.do(func() {
			if seq != v.seq || !v.content.Visible() || err != nil {
				return // the page view reports errors; the crop just stays away
			}
			v.setCrop(c, page, cropOf(img, c.Rects, page))
		})
	}()
}

func (v *citationView) setCrop(c app.Citation, page int, crop *pageCrop) {
	if crop != nil {
		v.cropPending = false
	}
	if v.onCrop != nil {
		v.onCrop(c, page, crop)
	}
}

// loadPage fetches and decodes one page image, showing an activity
// indicator meanwhile and the error in its place if it fails. withCrop
// also cuts the drawer's crop from it.
func (v *citationView) loadPage(c app.Citation, page int, withCrop bool) {
	v.pageSeq++
	v.shownPage = page
	u, seq, pageSeq := v.ui, v.seq, v.pageSeq
	v.page.setPage(nil, nil)
	v.pageErr.Hide()
	v.loading.Start()
	v.loadingBox.Show()
	v.pageArea.Refresh()
	v.pageScroll.ScrollToTop()
	v.updateZoomButtons()
	go func() {
		path, err := u.lib.PageImage(u.ctx, c.DocumentID, page)
		var img image.Image
		if err == nil {
			img, err = decodePage(path)
		}
		u.do(func() {
			if !v.content.Visible() {
				return
			}
			if withCrop && seq == v.seq && err == nil {
				v.setCrop(c, page, cropOf(img, c.Rects, page))
			}
			if pageSeq != v.pageSeq {
				return
			}
			v.loading.Stop()
			v.loadingBox.Hide()
			if err != nil {
				v.pageErr.SetText(app.ErrorMessage(err))
				v.pageErr.Show()
				v.pageArea.Refresh()
				return
			}
			v.page.setPage(img, rectsOnPage(c.Rects, page))
			v.pageArea.Refresh()
			v.pageScroll.Refresh()
			v.updateZoomButtons()
			v.scrollToHighlight()
		})
	}()
}

// setPaged switches the body between the passage alone and the page image
// with the passage under it.
func (v *citationView) setPaged(paged bool) {
	if paged == v.paged {
		return
	}
	v.paged = paged
	if paged {
		v.scroll.SetMinSize(fyne.NewSize(0, pagedQuoteHeight))
		v.body.Objects = []fyne.CanvasObject{v.pagedBody}
		v.quoteBox.Objects = []fyne.CanvasObject{v.scroll}
		v.zoomBar.Show()
	} else {
		v.pageSeq++
		v.shownPage = 0
		v.loading.Stop()
		v.page.setPage(nil, nil)
		v.scroll.SetMinSize(fyne.NewSize(0, textQuoteHeight))
		v.quoteBox.Objects = nil
		v.body.Objects = []fyne.CanvasObject{v.scroll}
		v.zoomBar.Hide()
	}
	v.content.Refresh()
}

// stepAndFocus is step for the buttons: the page keeps the keyboard, so ←
// and → go on working after a click.
func (v *citationView) stepAndFocus(delta int) {
	v.step(delta)
	if v.paged {
		v.focusPage()
	}
}

func (v *citationView) focusPage() {
	if c := v.ui.win.Canvas(); c != nil && v.content.Visible() {
		c.Focus(v.page)
	}
}

// typedKey handles the keys the page gets while it has the focus.
func (v *citationView) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		v.ui.escape()
	case fyne.KeyLeft:
		v.step(-1)
	case fyne.KeyRight:
		v.step(+1)
	case fyne.KeyUp:
		v.panBy(0, -pageKeyScroll)
	case fyne.KeyDown:
		v.panBy(0, pageKeyScroll)
	case fyne.KeyPageUp:
		v.panBy(0, -0.9*v.pageScroll.Size().Height)
	case fyne.KeyPageDown, fyne.KeySpace:
		v.panBy(0, 0.9*v.pageScroll.Size().Height)
	}
}

// typedRune zooms: + and = in, - out, 0 back to fit width.
func (v *citationView) typedRune(r rune) {
	switch r {
	case '+', '=':
		v.setZoom(v.page.zoom * pageZoomStep)
	case '-':
		v.setZoom(v.page.zoom / pageZoomStep)
	case '0':
		v.fitWidth()
	}
}

func (v *citationView) panBy(dx, dy float32) {
	v.pageScroll.ScrollToOffset(v.pageScroll.Offset.AddXY(dx, dy))
}

// setZoom changes the zoom (1 = fit width), keeping the point at the centre
// of the viewport where it is.
func (v *citationView) setZoom(z float32) {
	z = min(maxPageZoom, max(minPageZoom, z))
	if z == v.page.zoom {
		return
	}
	fx, fy, ok := viewCentre(v.pageScroll, v.page, v.pageScroll.Size())
	v.page.zoom = z
	v.pageScroll.Refresh()
	if ok {
		centreOn(v.pageScroll, v.page, fx, fy)
	}
	v.updateZoomButtons()
}

// fitWidth goes back to fit width and brings the highlights into view.
func (v *citationView) fitWidth() {
	v.setZoom(1)
	v.scrollToHighlight()
}

func (v *citationView) updateZoomButtons() {
	if v.page.img == nil {
		v.zoomOut.Disable()
		v.zoomIn.Disable()
		v.zoomFit.Disable()
		return
	}
	setEnabled(v.zoomOut, v.page.zoom > minPageZoom)
	setEnabled(v.zoomIn, v.page.zoom < maxPageZoom)
	v.zoomFit.Enable()
}

// scrollToHighlight brings the page's highlights to the top third of the
// viewport and centres them across when the page is wider than it.
func (v *citationView) scrollToHighlight() {
	pos, size, ok := v.page.highlightArea()
	if !ok {
		v.pageScroll.ScrollToTop()
		return
	}
	vp := v.pageScroll.Size()
	x := pos.X + size.Width/2 - vp.Width/2
	y := pos.Y - vp.Height/3
	if size.Height > vp.Height*2/3 {
		y = pos.Y - pageKeyScroll // a tall highlight starts near the top
	}
	v.pageScroll.ScrollToOffset(fyne.NewPos(max(0, x), max(0, y)))
}
