package desktop

import (
	"net/url"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// pillSegment is an inline citation marker such as "[2]" in an answer: a
// link that opens the citation and, under the pointer, says where the
// citation points and how precisely it was located.
type pillSegment struct {
	widget.HyperlinkSegment
	Tip  string
	tips *tooltipLayer // where the tip is drawn; nil: no tooltip
}

func newPillSegment(n int, c app.Citation, tips *tooltipLayer, open func()) *pillSegment {
	s := &pillSegment{Tip: pillTip(c), tips: tips}
	s.Text = "[" + strconv.Itoa(n) + "]"
	s.URL = &url.URL{Scheme: "cite", Opaque: strconv.Itoa(n)}
	s.OnTapped = open
	return s
}

// pillTip is what a pill shows on hover, e.g. "Annual report · Results ·
// page 4 · line precision: the quoted lines are highlighted".
func pillTip(c app.Citation) string {
	parts := []string{nonEmpty(c.Title, "Untitled document")}
	if w := citationWhere(c.Section, c.LineStart, c.LineEnd, c.PageStart, c.PageEnd); w != "" {
		parts = append(parts, w)
	}
	switch strings.TrimSpace(c.Precision) {
	case "cell":
		parts = append(parts, "the cell is highlighted")
	case "line":
		parts = append(parts, "the quoted lines are highlighted")
	case "page":
		parts = append(parts, "the quote is on this page")
	case "section":
		parts = append(parts, "the quote is in this section")
	}
	if c.OCR != "" {
		parts = append(parts, c.OCR)
	}
	return strings.Join(parts, " · ")
}

// Visual implements widget.RichTextSegment.
func (s *pillSegment) Visual() fyne.CanvasObject {
	p := &pill{tip: s.Tip, tips: s.tips}
	p.Text, p.URL, p.OnTapped = s.Text, s.URL, s.OnTapped
	p.ExtendBaseWidget(p)
	return &fyne.Container{Layout: unpadLayout{}, Objects: []fyne.CanvasObject{p}}
}

// Update implements widget.RichTextSegment.
func (s *pillSegment) Update(o fyne.CanvasObject) {
	p := o.(*fyne.Container).Objects[0].(*pill)
	p.Text, p.URL, p.OnTapped, p.tip, p.tips = s.Text, s.URL, s.OnTapped, s.Tip, s.tips
	p.Refresh()
}

// unpadLayout removes a text widget's inner padding so that the pill sits
// on the line like the words around it (as RichText does for links).
type unpadLayout struct{}

func (unpadLayout) Layout(o []fyne.CanvasObject, s fyne.Size) {
	pad := theme.InnerPadding()
	o[0].Move(fyne.NewPos(-pad, -pad))
	o[0].Resize(s.AddWidthHeight(2*pad, 2*pad))
}

func (unpadLayout) MinSize(o []fyne.CanvasObject) fyne.Size {
	pad := theme.InnerPadding()
	return o[0].MinSize().SubtractWidthHeight(2*pad, 2*pad)
}

// pill is the link a pillSegment shows, with a tooltip on hover.
type pill struct {
	widget.Hyperlink
	tip  string
	tips *tooltipLayer
}

// MouseIn shows the tooltip under the pill.
func (p *pill) MouseIn(e *desktop.MouseEvent) {
	p.Hyperlink.MouseIn(e)
	if p.tips != nil && p.tip != "" {
		p.tips.show(p.tip, p)
	}
}

// MouseOut hides the tooltip.
func (p *pill) MouseOut() {
	p.Hyperlink.MouseOut()
	if p.tips != nil {
		p.tips.hide()
	}
}

// TypedKey opens the citation on Enter as on Space: the pill has the
// keyboard after Ctrl/⌘-E or Tab.
func (p *pill) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter {
		ev = &fyne.KeyEvent{Name: fyne.KeySpace}
	}
	p.Hyperlink.TypedKey(ev)
}

// Tapped opens the citation; the tooltip goes away first.
func (p *pill) Tapped(e *fyne.PointEvent) {
	if p.tips != nil {
		p.tips.hide()
	}
	p.Hyperlink.Tapped(e)
}

// tooltipLayer draws a tooltip above the window's content. It is a plain
// layer in the content rather than a pop-up: a pop-up takes every pointer
// event, so the pill under it would lose its hover and its tap.
type tooltipLayer struct {
	layer *fyne.Container // no layout: the tip is placed by hand
	bg    *canvas.Rectangle
	text  *widget.Label
	owner fyne.CanvasObject // what the tip is shown for
}

func newTooltipLayer() *tooltipLayer {
	t := &tooltipLayer{}
	t.bg = canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	t.bg.StrokeColor = theme.Color(theme.ColorNameShadow)
	t.bg.StrokeWidth = 1
	t.bg.CornerRadius = theme.InputRadiusSize()
	t.text = widget.NewLabel("")
	t.text.SizeName = theme.SizeNameCaptionText
	t.layer = container.NewWithoutLayout(t.bg, t.text)
	t.bg.Hide()
	t.text.Hide()
	return t
}

// show puts text just under owner, kept inside the layer.
func (t *tooltipLayer) show(text string, owner fyne.CanvasObject) {
	t.owner = owner
	t.text.SetText(text)
	d := fyne.CurrentApp().Driver()
	pos := d.AbsolutePositionForObject(owner).Subtract(d.AbsolutePositionForObject(t.layer)).AddXY(0, owner.Size().Height+2)
	size := t.text.MinSize()
	if over := pos.X + size.Width - t.layer.Size().Width; over > 0 {
		pos.X = max(0, pos.X-over)
	}
	if pos.Y+size.Height > t.layer.Size().Height {
		pos.Y = max(0, pos.Y-owner.Size().Height-size.Height-4)
	}
	t.bg.Move(pos)
	t.bg.Resize(size)
	t.text.Move(pos)
	t.text.Resize(size)
	t.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	t.bg.Show()
	t.text.Show()
	t.layer.Refresh()
}

func (t *tooltipLayer) hide() {
	t.owner = nil
	t.bg.Hide()
	t.text.Hide()
	t.layer.Refresh()
}

// shown is the tooltip's text, "" when hidden.
func (t *tooltipLayer) shown() string {
	if !t.text.Visible() {
		return ""
	}
	return t.text.Text
}
