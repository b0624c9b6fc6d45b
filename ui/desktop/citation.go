package desktop

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

// Citation view sizes, in Fyne units.
const (
	textQuoteHeight  = 160 // the passage, for formats without pages
	pagedQuoteHeight = 88  // the passage under a page image: about three lines
	pageKeyScroll    = 48  // ↑ and ↓ on the page
)

// citationView shows one cited passage under the transcript: the document
// title, where the passage is (section, lines or pages, and how precisely
// the citation was located), and the passage text with the quote
// highlighted. For a PDF it also shows the page image with the quoted lines
// highlighted, zoomable and pannable. Previous/next (and ← → on the page)
// step through the answer's citations and, within one, its pages.
type citationView struct {
	ui    *UI
	cites []app.Citation
	stops []citeStop // every place previous/next visit, in order
	stop  int        // index into stops
	shown int        // the citation whose passage is loaded; -1 for none

	// seq is bumped per citation and pageSeq per page: a late CitedText,
	// crop or page image for an older one is dropped.
	seq, pageSeq int
	cropPending  bool // the citation has highlights and its crop has not been cut yet

	onClose func()                                         // lets the drawer re-lay its split
	onCrop  func(c app.Citation, page int, crop *pageCrop) // shows (nil: removes) the crop in the drawer

	ct        *app.CitedText      // the loaded passage; nil until it arrives
	highlight *widget.TextSegment // the quote's segment; nil when not located

	title   *tipLabel
	where   *tipLabel
	status  *widget.Label
	text    *widget.RichText
	scroll  *container.Scroll // the passage
	prev    *widget.Button
	next    *widget.Button
	close   *widget.Button
	body    *fyne.Container // holds scroll, or paged for citations into pages
	content *fyne.Container

	paged      bool
	shownPage  int // the page image shown (0: none), a cited page or one browsed to
	docPages   int // the cited document's page count; 0 when unknown
	nav        *navBar
	page       *pageView
	pageScroll *container.Scroll
	loading    *widget.Activity
	loadingBox *fyne.Container
	pageErr    *widget.Label
	pageArea   *fyne.Container
	quoteBox   *fyne.Container // holds scroll while paged
	pagedBody  *fyne.Container
	zoomOut    *widget.Button
	zoomFit    *widget.Button
	zoomIn     *widget.Button
	zoomBar    *fyne.Container
}

// citeStop is one place previous/next visit: a citation and, for paged
// formats, one of its pages (0 otherwise).
type citeStop struct{ cite, page int }

func newCitationView(u *UI) *citationView {
	v := &citationView{ui: u, shown: -1}
	v.title = newTipLabel(u.tips, "", fyne.TextStyle{Bold: true})
	v.where = newTipLabel(u.tips, "", fyne.TextStyle{})
	v.where.SizeName = theme.SizeNameCaptionText
	v.where.Truncation = fyne.TextTruncateEllipsis
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.status.Hide()
	v.text = widget.NewRichText()
	v.text.Wrapping = fyne.TextWrapWord
	v.scroll = container.NewVScroll(v.text)
	v.scroll.SetMinSize(fyne.NewSize(0, textQuoteHeight))

	v.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { v.stepAndFocus(-1) })
	v.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { v.stepAndFocus(+1) })
	v.close = widget.NewButtonWithIcon("", theme.CancelIcon(), v.hide)

	v.page = newPageView()
	v.page.onKey = v.typedKey
	v.page.onRune = v.typedRune
	v.page.onDrag = func(dx, dy float32) { v.panBy(-dx, -dy) }
	v.pageScroll = container.NewScroll(v.page)
	v.loading = widget.NewActivity()
	v.loadingBox = container.NewCenter(v.loading)
	v.loadingBox.Hide()
	v.pageErr = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	v.pageErr.Importance = widget.DangerImportance
	v.pageErr.Wrapping = fyne.TextWrapWord
	v.pageErr.Hide()
	v.pageArea = container.NewStack(
		container.New(pageFitLayout{v.page}, v.pageScroll),
		v.loadingBox,
		container.NewVBox(v.pageErr),
	)
	v.quoteBox = container.NewStack()
	v.pagedBody = container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), v.quoteBox), nil, nil, v.pageArea)

	v.zoomOut = widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { v.setZoom(v.page.zoom / pageZoomStep) })
	v.zoomFit = widget.NewButtonWithIcon("", theme.ZoomFitIcon(), v.fitWidth)
	v.zoomIn = widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { v.setZoom(v.page.zoom * pageZoomStep) })
	v.zoomBar = container.NewHBox(v.zoomOut, v.zoomFit, v.zoomIn, widget.NewSeparator())
	v.zoomBar.Hide()

	heading := container.New(noGapVBox(), v.title, v.where)
	header := container.NewBorder(nil, nil, nil, container.NewHBox(v.prev, v.next, v.close), heading)
	v.nav = v.newNavBar()
	v.nav.box.Objects = append([]fyne.CanvasObject{v.zoomBar}, v.nav.box.Objects...)
	v.body = container.NewStack(v.scroll)
	v.content = container.NewBorder(container.NewVBox(header, v.nav.box, v.status), nil, nil, nil, v.body)
	v.content.Hide()
	return v
}

// show opens citation i of cites (at its first page) and loads it off the
// UI goroutine.
func (v *citationView) show(cites []app.Citation, i int) {
	v.cites = cites
	v.stops = v.stops[:0]
	first := 0
	for ci, c := range cites {
		if ci == i {
			first = len(v.stops)
		}
		pages := citationPages(c)
		if len(pages) == 0 {
			v.stops = append(v.stops, citeStop{cite: ci})
		}
		for _, p := range pages {
			v.stops = append(v.stops, citeStop{cite: ci, page: p})
		}
	}
	v.shown = -1
	v.page.zoom = 1 // a newly opened citation starts at fit width
	v.showStop(first)
	if v.paged {
		v.focusPage()
	} else if c := v.ui.win.Canvas(); c != nil {
		c.Unfocus() // ← and → go to the window, which steps through citations
	}
}

// showStop shows stop k: the citation's passage (loaded once per citation)
// and, for a paged citation, the page image.
func (v *citationView) showStop(k int) {
	v.stop = k
	st := v.stops[k]
	c := v.cites[st.cite]

	if st.cite != v.shown {
		v.shown = st.cite
		v.seq++
		v.ct = nil
		v.highlight = nil
		v.text.Segments = nil
		v.text.Refresh()
		v.title.SetText("[" + strconv.Itoa(c.N) + "] " + nonEmpty(c.Title, "Untitled document"))
		v.docPages = v.ui.documentPages(c.DocumentID)
		v.setStatus("Loading the cited passage…", widget.LowImportance)
		v.loadText(c)
		v.loadCrop(c, st.page)
	}
	v.setPaged(st.page > 0)
	if st.page > 0 {
		v.loadPage(c, st.page, st.page == cropPage(c) && v.cropPending)
	}
	v.updateWhere()

	if len(v.stops) > 1 {
		v.prev.Show()
		v.next.Show()
		v.prev.Enable()
		v.next.Enable()
		if k == 0 {
			v.prev.Disable()
		}
		if k == len(v.stops)-1 {
			v.next.Disable()
		}
	} else {
		v.prev.Hide()
		v.next.Hide()
	}
	v.content.Show()
	v.content.Refresh()
}

// loadText fetches the cited passage.
func (v *citationView) loadText(c app.Citation) {
	u, seq := v.ui, v.seq
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

// updateWhere sets the line under the title: section, lines or pages, the
// page shown when the citation spans several, and the precision.
func (v *citationView) updateWhere() {
	st := v.stops[v.stop]
	c := v.cites[st.cite]
	section, lineStart, lineEnd := c.Section, c.LineStart, c.LineEnd
	if v.ct != nil {
		section = nonEmpty(v.ct.Section, section)
		if v.ct.LineStart > 0 {
			lineStart, lineEnd = v.ct.LineStart, v.ct.LineEnd
		}
	}
	v.where.SetText(citationHeader(c, section, lineStart, lineEnd, v.shownPage))
	v.updateNav()
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
	v.ct = ct
	v.title.SetText("[" + strconv.Itoa(c.N) + "] " + nonEmpty(ct.Title, nonEmpty(c.Title, "Untitled document")))
	v.updateWhere()

	quote := c.Quote
	if c.PageStart > 0 {
		// A PDF block breaks where the page's printed lines end; the page
		// image shows those. The text reads better as running prose, and
		// one space for one line break keeps every offset.
		flat := *ct
		flat.Text = printedLines.Replace(ct.Text)
		ct, quote = &flat, printedLines.Replace(quote)
	}
	ct = clipContext(ct, quote, citeContextBytes)
	segs, hl := quoteSegments(ct, quote)
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

// citeContextBytes is how much text the citation view keeps on each side
// of the quote. A cited block can be pages long (a table, a PDF paragraph
// without breaks); laying all of it out costs tens of milliseconds per
// thousand characters, and the reader wants the neighbourhood of the quote.
const citeContextBytes = 700

// clipContext returns ct cut to keep at most n bytes of text on each side
// of the quote, at word boundaries and marked with "…"; ct itself when it
// is short or the quote cannot be placed.
func clipContext(ct *app.CitedText, quote string, n int) *app.CitedText {
	text := ct.Text
	start, end := ct.QuoteStart, ct.QuoteEnd
	if !validSpan(text, start, end) {
		i := -1
		if quote != "" {
			i = strings.Index(text, quote)
		}
		if i < 0 {
			return ct
		}
		start, end = i, i+len(quote)
	}
	from, to := 0, len(text)
	if start > n {
		from = start - n
		if sp := strings.IndexAny(text[from:start], " \n"); sp >= 0 {
			from += sp + 1
		}
	}
	if len(text)-end > n {
		to = end + n
		if sp := strings.LastIndexAny(text[end:to], " \n"); sp >= 0 {
			to = end + sp
		}
	}
	for from > 0 && !utf8.RuneStart(text[from]) {
		from++
	}
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to--
	}
	if from == 0 && to == len(text) {
		return ct
	}
	out := *ct
	prefix, suffix := "", ""
	if from > 0 {
		prefix = "… "
	}
	if to < len(text) {
		suffix = " …"
	}
	out.Text = prefix + text[from:to] + suffix
	out.QuoteStart = len(prefix) + start - from
	out.QuoteEnd = len(prefix) + end - from
	return &out
}

// printedLines joins a PDF block's printed lines, keeping blank lines
// between blocks.
var printedLines = strings.NewReplacer("\n\n", "\n\n", "\n", " ")

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

// step moves delta stops: to the next or previous page of the citation,
// or to the next or previous citation.
func (v *citationView) step(delta int) {
	k := v.stop + delta
	if k < 0 || k >= len(v.stops) {
		return
	}
	v.showStop(k)
}

func (v *citationView) hide() {
	v.seq++
	v.pageSeq++
	v.shown = -1
	v.ct = nil
	v.highlight = nil
	v.loading.Stop()
	v.page.setPage(nil, nil)
	v.setCrop(app.Citation{}, 0, nil)
	if c := v.ui.win.Canvas(); c != nil && c.Focused() == v.page {
		c.Unfocus() // keys must not go on stepping an invisible view
	}
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
// "Section · page 3" for paged formats (whose blocks have no source lines).
func citationWhere(section string, lineStart, lineEnd, pageStart, pageEnd int) string {
	var parts []string
	if s := strings.TrimSpace(section); s != "" {
		parts = append(parts, s)
	}
	switch {
	case pageStart > 0 && pageEnd > pageStart:
		parts = append(parts, "pages "+strconv.Itoa(pageStart)+"–"+strconv.Itoa(pageEnd))
	case pageStart > 0:
		parts = append(parts, "page "+strconv.Itoa(pageStart))
	case lineStart > 0 && lineEnd > lineStart:
		parts = append(parts, "lines "+strconv.Itoa(lineStart)+"–"+strconv.Itoa(lineEnd))
	case lineStart > 0:
		parts = append(parts, "line "+strconv.Itoa(lineStart))
	}
	return strings.Join(parts, " · ")
}

// citationHeader is the citation view's second line: citationWhere, the
// page shown when the citation spans several, and how precisely the
// citation was located, e.g. "Results · pages 4–5 · showing page 5 · line
// precision". Fyne widgets have no tooltips, so the precision a pill would
// show on hover is stated here.
func citationHeader(c app.Citation, section string, lineStart, lineEnd, shownPage int) string {
	var parts []string
	if w := citationWhere(section, lineStart, lineEnd, c.PageStart, c.PageEnd); w != "" {
		parts = append(parts, w)
	}
	if shownPage > 0 && (c.PageEnd > c.PageStart || shownPage != c.PageStart) {
		parts = append(parts, "showing page "+strconv.Itoa(shownPage))
	}
	if p := precisionWords[strings.TrimSpace(c.Precision)]; p != "" {
		parts = append(parts, p)
	}
	return strings.Join(parts, " · ")
}

// precisionWords say how precisely a citation was located, in words.
var precisionWords = map[string]string{
	"cell": "the cell is highlighted", "line": "the lines are highlighted",
	"page": "on this page", "section": "in this section",
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func nonEmpty(s, fallback string) string {
	if strings.TrimSpace(s) == "" {
		return fallback
	}
	return s
}
