package desktop

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// maxTurns is how many question/answer pairs the drawer keeps (docs/design.md §6).
const maxTurns = 20

// Where the split between transcript and citation view starts when the view
// opens: halfway for a passage, lower for a page image, which needs the room
// to be readable at fit width.
const (
	textCitationOffset  = 0.5
	pagedCitationOffset = 0.36
)

// sourceSnippetChars bounds each source's preview in the sources list.
const sourceSnippetChars = 300

// presetNames maps the selector's labels to presets, in display order.
var presetNames = []struct {
	label  string
	preset app.Preset
}{
	{"Focused", app.PresetFocused},
	{"Balanced", app.PresetBalanced},
	{"Detailed", app.PresetDetailed},
}

// citeMarker is an inline citation such as "[2]" in an answer's text.
var citeMarker = regexp.MustCompile(`\[(\d{1,3})\]`)

// drawer is the research panel on the right: the scope header, the preset,
// the transcript (each question with its answer and citation pills), the
// latest answer's sources, and the citation view under them.
type drawer struct {
	ui    *UI
	scope app.Scope

	// askCancel stops the question in flight when the transcript resets.
	askCancel context.CancelFunc
	turns     []*turn
	citeTurn  *turn // the turn whose citation the citation view shows
	cropTurn  *turn // the turn showing a crop, if any

	receiver        *wrapLabel    // names the model or endpoint that receives evidence
	receivers       app.Receivers // what receiver shows
	scopeLabel      *wrapLabel    // wrapped, not cut: the scope's names are read whole without a pointer
	clearScope      *widget.Button
	header          *fyne.Container
	preset          *widget.Select
	clearTranscript *widget.Button
	placeholder     *widget.Label
	transcript      *fyne.Container
	sourcesHeader   *widget.Label
	whyButton       *widget.Button // "Advanced: how these sources were found": shows how the evidence was found
	why             *widget.Label
	sources         *fyne.Container
	scroll          *container.Scroll
	citation        *citationView
	body            *container.Split
	content         fyne.CanvasObject
}

func newDrawer(u *UI) *drawer {
	d := &drawer{ui: u}

	d.scopeLabel = newWrapLabel("", widget.RichTextStyleStrong)
	d.clearScope = widget.NewButtonWithIcon("Clear scope", theme.ContentClearIcon(), func() { d.setScope(app.Scope{}) })
	labels := make([]string, len(presetNames))
	for i, p := range presetNames {
		labels[i] = p.label
	}
	d.preset = widget.NewSelect(labels, nil)
	d.preset.SetSelected("Balanced")
	d.clearTranscript = widget.NewButtonWithIcon("Clear transcript", theme.DeleteIcon(), d.resetTranscript)
	scopeIcon := widget.NewIcon(theme.FolderIcon())
	caption := widget.RichTextStyleInline
	caption.SizeName = theme.SizeNameCaptionText
	d.receiver = newWrapLabel("", caption)
	d.setReceiver("offline — nothing leaves this computer")
	// The controls have a row of their own that wraps: beside the scope's
	// name they made the drawer, and so the window, wider than a small
	// screen whenever a scope was set.
	d.header = container.NewVBox(
		container.NewBorder(nil, nil, scopeIcon, nil, d.scopeLabel),
		newWrapRow(d.clearScope, d.preset, d.clearTranscript),
		container.New(layout.NewCustomPaddedLayout(-theme.Padding()*2, 0, 0, 0), d.receiver))

	d.placeholder = widget.NewLabel("")
	d.placeholder.Wrapping = fyne.TextWrapWord
	d.transcript = container.NewVBox()
	d.sourcesHeader = widget.NewLabelWithStyle("Sources", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	d.sourcesHeader.SizeName = theme.SizeNameSubHeadingText
	d.sources = container.NewVBox()
	d.why = widget.NewLabel("")
	d.why.Wrapping = fyne.TextWrapWord
	d.why.Hide()
	d.whyButton = widget.NewButtonWithIcon("Advanced: how these sources were found", theme.InfoIcon(), func() {
		if d.why.Visible() {
			d.why.Hide()
		} else {
			d.why.Show()
		}
		d.scroll.Refresh()
	})
	d.whyButton.Importance = widget.LowImportance
	d.whyButton.Hide()
	d.scroll = container.NewVScroll(container.NewVBox(d.placeholder, d.transcript, d.sourcesHeader, d.sources,
		container.NewHBox(d.whyButton), d.why))

	d.citation = newCitationView(u)
	d.citation.onClose = d.refreshBody
	d.citation.onCrop = d.showCrop
	d.body = container.NewVSplit(d.scroll, d.citation.content)
	d.body.Offset = 0.5

	d.content = container.NewPadded(container.NewBorder(
		container.NewVBox(d.header, widget.NewSeparator()), nil, nil, nil, d.body))

	d.setScope(app.Scope{})
	return d
}

// setReceivers names what receives evidence, under the scope.
func (d *drawer) setReceivers(r app.Receivers) {
	d.receivers = r
	d.setReceiver(r.String())
}

// setReceiver shows who as what receives evidence, under the scope.
func (d *drawer) setReceiver(who string) {
	d.receiver.SetText("Your text goes to: " + who)
}

func (d *drawer) receiverText() string {
	return strings.TrimPrefix(d.receiver.Text, "Your text goes to: ")
}

// sourceWhere says where source n's citations point: their sections and
// page range, e.g. "Results; Risk factors · pages 4–9", or their line
// range for formats without pages.
func sourceWhere(n int, cites []app.Citation) string {
	var sections []string
	first, last := 0, 0         // pages
	firstLine, lastLine := 0, 0 // source lines, for formats without pages
	for _, c := range cites {
		if c.SourceN() != n {
			continue
		}
		if s := strings.TrimSpace(c.Section); s != "" && !slices.Contains(sections, s) {
			sections = append(sections, s)
		}
		switch {
		case c.PageStart > 0:
			if first == 0 || c.PageStart < first {
				first = c.PageStart
			}
			last = max(last, c.PageEnd, c.PageStart)
		case c.LineStart > 0:
			if firstLine == 0 || c.LineStart < firstLine {
				firstLine = c.LineStart
			}
			lastLine = max(lastLine, c.LineEnd, c.LineStart)
		}
	}
	var parts []string
	if len(sections) > 0 {
		parts = append(parts, strings.Join(sections, "; "))
	}
	if w := citationWhere("", firstLine, lastLine, first, last); w != "" {
		parts = append(parts, w)
	}
	return strings.Join(parts, " · ")
}

// setScope narrows (or widens) what the next question may draw on. What was
// asked stays: the transcript gets a line saying the scope changed, and
// the next question starts a new conversation, since the last answer's
// sources may lie outside the new scope. Only Clear transcript empties it.
func (d *drawer) setScope(s app.Scope) {
	changed := s.Describe() != d.scope.Describe() || !slices.Equal(s.DocumentIDs, d.scope.DocumentIDs)
	d.scope = s
	d.scopeLabel.SetText(s.Describe())
	if s.All() {
		d.clearScope.Hide()
	} else {
		d.clearScope.Show()
	}
	d.header.Refresh()
	if len(d.turns) == 0 {
		d.resetTranscript()
		return
	}
	if changed {
		d.ui.endConversation()
		d.ui.setFollowUp(nil)
		note := widget.NewLabelWithStyle("Scope changed to "+d.scopeWhat()+" — the questions below ask only there.", fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
		note.Wrapping = fyne.TextWrapWord
		note.Importance = widget.LowImportance
		d.transcript.Add(container.NewBorder(nil, nil, widget.NewIcon(theme.FolderIcon()), nil, note))
		d.transcript.Add(widget.NewSeparator())
		d.scroll.Refresh()
		d.scroll.ScrollToBottom()
	}
}

// scopeWhat names the scope in a sentence.
func (d *drawer) scopeWhat() string {
	if d.scope.All() {
		return "all your documents"
	}
	if len(d.scope.DocumentIDs) == 1 {
		return "“" + d.scope.Describe() + "”"
	}
	return d.scope.Describe()
}

// presetValue is the preset the selector shows.
func (d *drawer) presetValue() app.Preset {
	for _, p := range presetNames {
		if p.label == d.preset.Selected {
			return p.preset
		}
	}
	return app.PresetBalanced
}

// resetTranscript empties the transcript, sources and citation view, and
// abandons the question in flight.
func (d *drawer) resetTranscript() {
	if d.askCancel != nil {
		d.askCancel()
		d.askCancel = nil
	}
	d.turns = nil
	d.citeTurn = nil
	d.ui.endConversation()
	d.ui.setFollowUp(nil)
	d.ui.tips.hide() // its pill may be going
	d.transcript.RemoveAll()
	d.showSources(nil, nil)
	d.showWhy(nil)
	d.citation.hide()
	d.placeholder.SetText(d.placeholderText())
	d.placeholder.Show()
	d.clearTranscript.Disable()
	d.refreshBody()
}

// placeholderText is what the empty drawer says.
func (d *drawer) placeholderText() string {
	t := "Ask a question about " + d.scopeWhat() + ". Answers quote your documents; tap a [1] pill to see the cited passage."
	if d.ui.checker != nil {
		t += " Drop a draft here to check its quotations against your documents."
	}
	return t
}

// lastAnswered is the newest turn when it has an answer, else nil: only
// it can be followed up.
func (d *drawer) lastAnswered() *turn {
	if len(d.turns) == 0 {
		return nil
	}
	t := d.turns[len(d.turns)-1]
	if !t.done || t.err != nil || t.answer == nil {
		return nil
	}
	return t
}

func (d *drawer) holds(t *turn) bool {
	for _, x := range d.turns {
		if x == t {
			return true
		}
	}
	return false
}

// answerSegments renders an answer's text with each "[n]" that names one of
// its citations as a tappable pill. An insufficient answer is plain text:
// it makes no claim, so nothing in it is cited — except the closest
// evidence it shows after app.ClosestEvidence, whose quotes open as any
// citation does.
func answerSegments(ans *app.Answer, tips *tooltipLayer, open func(i int)) []widget.RichTextSegment {
	text := ans.Answer
	if !ans.Sufficient && len(ans.Citations) > 0 {
		if i := strings.Index(text, app.ClosestEvidence); i >= 0 {
			cut := i + len(app.ClosestEvidence)
			rest := *ans
			rest.Answer, rest.Sufficient = text[cut:], true
			return append(lineSegments(text[:cut], widget.RichTextStyleInline), answerSegments(&rest, tips, open)...)
		}
	}
	if !ans.Sufficient || len(ans.Citations) == 0 {
		return lineSegments(text, widget.RichTextStyleInline)
	}
	// The k-th marker [n] opens the k-th citation of source n: an answer
	// may quote one source several times, each quote with its own marker.
	byN := make(map[int][]int, len(ans.Citations))
	for i, c := range ans.Citations {
		byN[c.N] = append(byN[c.N], i)
	}
	seen := map[int]int{}
	var segs []widget.RichTextSegment
	last := 0
	for _, m := range citeMarker.FindAllStringSubmatchIndex(text, -1) {
		n, _ := strconv.Atoi(text[m[2]:m[3]])
		idx, ok := byN[n]
		if !ok {
			continue // an unknown number stays as written
		}
		i := idx[min(seen[n], len(idx)-1)]
		seen[n]++
		if m[0] > last {
			segs = append(segs, lineSegments(text[last:m[0]], widget.RichTextStyleInline)...)
		}
		segs = append(segs, newPillSegment(n, ans.Citations[i], tips, func() { open(i) }))
		last = m[1]
	}
	if last < len(text) || len(segs) == 0 {
		segs = append(segs, lineSegments(text[last:], widget.RichTextStyleInline)...)
	}
	return segs
}

// lineSegments renders s in style, turning each "\n" into the end of a
// paragraph segment: RichText wraps inline segments that hold line breaks
// unreliably, but lays out paragraph ends exactly.
func lineSegments(s string, style widget.RichTextStyle) []widget.RichTextSegment {
	lines := strings.Split(s, "\n")
	segs := make([]widget.RichTextSegment, 0, len(lines))
	for i, line := range lines {
		st := style
		if i < len(lines)-1 {
			st.Inline = false
		} else if line == "" {
			break
		}
		segs = append(segs, &widget.TextSegment{Text: line, Style: st})
	}
	return segs
}

// showWhy offers the latest answer's explanation of how its evidence was
// found, folded until asked for.
func (d *drawer) showWhy(lines []string) {
	d.why.SetText(strings.Join(lines, "\n"))
	d.why.Hide()
	if len(lines) == 0 {
		d.whyButton.Hide()
		return
	}
	d.whyButton.Show()
}

// showSources lists the latest answer's sources: the numbers of the pills
// that quote each, title, the sections and pages its citations point at,
// and the start of the text the answer drew on (drawnOn). Pills are
// numbered per quote, so a source carries the numbers of its quotes —
// pill [n] and the source listed as [n] are one and the same; sources
// read but not quoted follow, without a number.
func (d *drawer) showSources(sources []app.SourceRef, cites []app.Citation) {
	d.sources.RemoveAll()
	if len(sources) == 0 {
		d.sourcesHeader.Hide()
		return
	}
	d.sourcesHeader.Show()
	ordered := slices.Clone(sources)
	first := func(s app.SourceRef) int {
		if ns := quoteNumbers(s.N, cites); len(ns) > 0 {
			return ns[0]
		}
		return 1 << 30
	}
	slices.SortStableFunc(ordered, func(a, b app.SourceRef) int { return first(a) - first(b) })
	unquoted := false
	for _, s := range ordered {
		label := pillNumbers(quoteNumbers(s.N, cites))
		if label == "" && !unquoted {
			unquoted = true
			note := widget.NewLabel("Also read, not quoted:")
			note.SizeName = theme.SizeNameCaptionText
			d.sources.Add(note)
		}
		title := widget.NewLabelWithStyle(strings.TrimSpace(label+" "+sourceTitle(s)), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		title.Wrapping = fyne.TextWrapWord
		snippet := widget.NewLabel(snippetOf(drawnOn(s, cites), sourceSnippetChars))
		snippet.Wrapping = fyne.TextWrapWord
		box := container.New(noGapVBox(), title)
		if w := sourceWhere(s.N, cites); w != "" {
			where := widget.NewLabel(w)
			where.SizeName = theme.SizeNameCaptionText
			where.Wrapping = fyne.TextWrapWord
			box.Add(where)
		}
		box.Add(snippet)
		d.sources.Add(box)
	}
	d.sources.Refresh()
}

// quoteNumbers is the numbers of the quotes (pills) that cite source n, in
// order.
func quoteNumbers(n int, cites []app.Citation) []int {
	var ns []int
	for _, c := range cites {
		if c.SourceN() == n && !slices.Contains(ns, c.N) {
			ns = append(ns, c.N)
		}
	}
	slices.Sort(ns)
	return ns
}

// pillNumbers writes numbers as the pills show them: "[1] [4]".
func pillNumbers(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = "[" + strconv.Itoa(n) + "]"
	}
	return strings.Join(parts, " ")
}

func sourceTitle(s app.SourceRef) string {
	if t := strings.TrimSpace(s.Title); t != "" {
		return t
	}
	return "Untitled document"
}

// drawnOn returns s's text from the block its first citation quotes: the
// card under "page 250" starts with what page 250 says, not with the
// evidence the walk ranked first in the document. The whole text when no
// citation quotes it or the quote is not found as written.
func drawnOn(s app.SourceRef, cites []app.Citation) string {
	for _, c := range cites {
		if c.SourceN() != s.N {
			continue
		}
		// The whole quote, else its first line: a quote across a page
		// break is joined from two blocks.
		quote := strings.TrimSpace(c.Quote)
		first, _, _ := strings.Cut(quote, "\n")
		i := strings.Index(s.Text, quote)
		if i < 0 && first != "" {
			i = strings.Index(s.Text, first)
		}
		if quote == "" || i < 0 {
			return s.Text
		}
		if b := strings.LastIndex(s.Text[:i], "\n\n"); b >= 0 {
			return s.Text[b+2:]
		}
		return s.Text
	}
	return s.Text
}

// snippetOf returns the first max characters (runes) of text with its
// whitespace collapsed, and an ellipsis when it was cut.
func snippetOf(text string, max int) string {
	// Blocks (blank-line separated) stay apart, so a heading does not run
	// into the paragraph after it.
	var parts []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			parts = append(parts, p)
		}
	}
	text = strings.Join(parts, " · ")
	if utf8.RuneCountInString(text) <= max {
		return text
	}
	r := []rune(text)[:max]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > len(cut)*3/4 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}

// openCitation shows citation i of t's answer in the citation view.
func (d *drawer) openCitation(t *turn, i int) {
	if t.answer == nil || i < 0 || i >= len(t.answer.Citations) {
		return
	}
	wasOpen := d.citation.content.Visible()
	d.citeTurn = t
	d.citation.show(t.answer.Citations, i)
	if !wasOpen {
		off := textCitationOffset
		if d.citation.paged {
			off = pagedCitationOffset
		}
		d.body.Offset = off
	}
	d.refreshBody()
}

// showCrop puts crop, the highlighted region of citation c on page, under
// the answer that cites it, replacing any crop shown before; a nil crop only
// removes the old one.
func (d *drawer) showCrop(c app.Citation, page int, crop *pageCrop) {
	if t := d.cropTurn; t != nil {
		d.cropTurn = nil
		t.crop.RemoveAll()
		t.crop.Hide()
		t.box.Refresh()
	}
	t := d.citeTurn
	if crop == nil || t == nil || !d.holds(t) {
		d.scroll.Refresh()
		return
	}
	caption := widget.NewLabel("[" + strconv.Itoa(c.N) + "] " + nonEmpty(c.Title, "Untitled document") + ", page " + strconv.Itoa(page))
	caption.SizeName = theme.SizeNameCaptionText
	caption.Truncation = fyne.TextTruncateEllipsis
	t.crop.Objects = []fyne.CanvasObject{caption, container.New(layout.NewCustomPaddedLayout(0, 0, theme.InnerPadding(), 0), newCropView(crop))}
	t.crop.Show()
	t.box.Refresh()
	d.scroll.Refresh()
	d.cropTurn = t
	d.revealCrop(t)
}

// revealCrop scrolls the transcript just enough to show t's crop whole.
func (d *drawer) revealCrop(t *turn) {
	top := d.transcript.Position().Y + t.box.Position().Y + t.crop.Position().Y
	bottom := top + t.crop.Size().Height
	off, view := d.scroll.Offset.Y, d.scroll.Size().Height
	if bottom > off+view {
		off = bottom - view
	}
	if top < off {
		off = top
	}
	d.scroll.ScrollToOffset(fyne.NewPos(0, off))
}

// refreshBody re-lays the split after the citation view shows or hides.
func (d *drawer) refreshBody() {
	if d.body != nil {
		d.body.Refresh()
	}
}
