package ui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// quoteStyle marks the cited quote inside its passage: bold, in the primary
// colour, so it stands out from the surrounding text in both theme variants.
var quoteStyle = widget.RichTextStyle{
	Inline:    true,
	ColorName: theme.ColorNamePrimary,
	SizeName:  theme.SizeNameText,
	TextStyle: fyne.TextStyle{Bold: true},
}

// citationView shows one cited passage under the transcript: the document
// title, where the passage is (section, lines or pages), and the passage
// text with the quote highlighted. Previous/next step through the answer's
// citations.
type citationView struct {
	ui      *UI
	cites   []app.Citation
	index   int
	seq     int    // bumped per request; a late CitedText for an older one is dropped
	onClose func() // lets the drawer re-lay its split

	highlight *widget.TextSegment // the quote's segment; nil when not located

	title   *widget.Label
	where   *widget.Label
	status  *widget.Label
	text    *widget.RichText
	scroll  *container.Scroll
	prev    *widget.Button
	next    *widget.Button
	close   *widget.Button
	content *fyne.Container
}

func newCitationView(u *UI) *citationView {
	v := &citationView{ui: u}
	v.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.where = widget.NewLabel("")
	v.where.SizeName = theme.SizeNameCaptionText
	v.where.Truncation = fyne.TextTruncateEllipsis
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.status.Hide()
	v.text = widget.NewRichText()
	v.text.Wrapping = fyne.TextWrapWord
	v.scroll = container.NewVScroll(v.text)
	v.scroll.SetMinSize(fyne.NewSize(0, 160))

	v.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { v.step(-1) })
	v.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { v.step(+1) })
	v.close = widget.NewButtonWithIcon("", theme.CancelIcon(), v.hide)

	heading := container.New(noGapVBox(), v.title, v.where)
	header := container.NewBorder(nil, nil, nil, container.NewHBox(v.prev, v.next, v.close), heading)
	v.content = container.NewBorder(container.NewVBox(header, v.status), nil, nil, nil, v.scroll)
	v.content.Hide()
	return v
}

// show opens citation i of cites and loads its passage off the UI goroutine.
func (v *citationView) show(cites []app.Citation, i int) {
	v.cites, v.index = cites, i
	v.seq++
	seq := v.seq
	c := cites[i]

	v.title.SetText("[" + strconv.Itoa(c.N) + "] " + nonEmpty(c.Title, "Untitled document"))
	v.where.SetText(citationWhere(c.Section, c.LineStart, c.LineEnd, c.PageStart, c.PageEnd))
	v.setStatus("Loading the cited passage…", widget.LowImportance)
	v.highlight = nil
	v.text.Segments = nil
	v.text.Refresh()
	if len(cites) > 1 {
		v.prev.Show()
		v.next.Show()
		v.prev.Enable()
		v.next.Enable()
		if i == 0 {
			v.prev.Disable()
		}
		if i == len(cites)-1 {
			v.next.Disable()
		}
	} else {
		v.prev.Hide()
		v.next.Hide()
	}
	v.content.Show()

	u := v.ui
	go func() {
		ct, err := u.lib.CitedText(u.ctx, c)
		u.do(func() {
			if seq != v.seq || !v.content.Visible() {
				return
			}
			v.fill(c, ct, err)
		})
	}()
}

func (v *citationView) fill(c app.Citation, ct *app.CitedText, err error) {
	if err != nil {
		v.setStatus(app.ErrorMessage(err), widget.DangerImportance)
		return
	}
	if ct == nil {
		v.setStatus("The cited passage is no longer in the library.", widget.DangerImportance)
		return
	}
	v.title.SetText("[" + strconv.Itoa(c.N) + "] " + nonEmpty(ct.Title, nonEmpty(c.Title, "Untitled document")))
	lineStart, lineEnd := ct.LineStart, ct.LineEnd
	if lineStart == 0 {
		lineStart, lineEnd = c.LineStart, c.LineEnd
	}
	v.where.SetText(citationWhere(nonEmpty(ct.Section, c.Section), lineStart, lineEnd, c.PageStart, c.PageEnd))

	segs, hl := quoteSegments(ct, c.Quote)
	v.text.Segments = segs
	v.highlight = hl
	v.text.Refresh()
	if hl == nil {
		v.setStatus("The quoted words could not be located in this passage; it is shown whole.", widget.WarningImportance)
	} else {
		v.status.Hide()
		v.content.Refresh()
	}
	v.scrollToQuote(ct)
}

// quoteSegments splits the passage into text before the quote, the quote in
// quoteStyle, and text after. CitedText's offsets are trusted only when they
// fall on character boundaries; otherwise the quote is searched for verbatim.
func quoteSegments(ct *app.CitedText, quote string) ([]widget.RichTextSegment, *widget.TextSegment) {
	text := ct.Text
	start, end := ct.QuoteStart, ct.QuoteEnd
	if !validSpan(text, start, end) {
		start, end = -1, -1
		if quote != "" {
			if i := strings.Index(text, quote); i >= 0 {
				start, end = i, i+len(quote)
			}
		}
	}
	if start < 0 {
		return lineSegments(text, widget.RichTextStyleInline), nil
	}
	var segs []widget.RichTextSegment
	if start > 0 {
		segs = append(segs, lineSegments(text[:start], widget.RichTextStyleInline)...)
	}
	quoted := lineSegments(text[start:end], quoteStyle)
	hl := quoted[0].(*widget.TextSegment) // the quote's first line
	segs = append(segs, quoted...)
	if end < len(text) {
		segs = append(segs, lineSegments(text[end:], widget.RichTextStyleInline)...)
	}
	return segs, hl
}

func validSpan(text string, start, end int) bool {
	return 0 <= start && start < end && end <= len(text) &&
		utf8.RuneStart(text[start]) && (end == len(text) || utf8.RuneStart(text[end]))
}

// scrollToQuote brings the quote near the top third of the view. The
// position is estimated from the quote's offset in the text: RichText does
// not report where a segment was laid out.
func (v *citationView) scrollToQuote(ct *app.CitedText) {
	if v.highlight == nil || len(ct.Text) == 0 {
		v.scroll.ScrollToTop()
		return
	}
	start := 0
	if first, ok := v.text.Segments[0].(*widget.TextSegment); ok && first != v.highlight {
		start = len(first.Text)
	}
	frac := float32(start) / float32(len(ct.Text))
	y := frac*v.text.MinSize().Height - v.scroll.Size().Height/3
	v.scroll.ScrollToOffset(fyne.NewPos(0, max(0, y)))
}

func (v *citationView) step(delta int) {
	i := v.index + delta
	if i < 0 || i >= len(v.cites) {
		return
	}
	v.show(v.cites, i)
}

func (v *citationView) hide() {
	v.seq++
	v.highlight = nil
	v.content.Hide()
	if v.onClose != nil {
		v.onClose()
	}
}

func (v *citationView) setStatus(msg string, imp widget.Importance) {
	v.status.Importance = imp
	v.status.SetText(msg)
	v.status.Show()
	v.content.Refresh()
}

// citationWhere says where a citation points: "Section · lines 4–9", or
// "page 3" for paged formats.
func citationWhere(section string, lineStart, lineEnd, pageStart, pageEnd int) string {
	var parts []string
	if s := strings.TrimSpace(section); s != "" {
		parts = append(parts, s)
	}
	switch {
	case lineStart > 0 && lineEnd > lineStart:
		parts = append(parts, "lines "+strconv.Itoa(lineStart)+"–"+strconv.Itoa(lineEnd))
	case lineStart > 0:
		parts = append(parts, "line "+strconv.Itoa(lineStart))
	case pageStart > 0 && pageEnd > pageStart:
		parts = append(parts, "pages "+strconv.Itoa(pageStart)+"–"+strconv.Itoa(pageEnd))
	case pageStart > 0:
		parts = append(parts, "page "+strconv.Itoa(pageStart))
	}
	return strings.Join(parts, " · ")
}

func nonEmpty(s, fallback string) string {
	if strings.TrimSpace(s) == "" {
		return fallback
	}
	return s
}
