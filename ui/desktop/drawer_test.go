package desktop

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

func TestPillShowsPrecisionOnHover(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	tr := h.ask(t, "When did the archive open?")
	pills := findAll[*pill](tr.text)
	if len(pills) != 2 {
		t.Fatalf("%d pills, want 2", len(pills))
	}
	if got := h.ui.tips.shown(); got != "" {
		t.Fatalf("tooltip %q shown before any hover", got)
	}
	pills[1].MouseIn(&desktop.MouseEvent{})
	if got, want := h.ui.tips.shown(), "Charter · Amendments · lines 12–13 · the quoted lines are highlighted"; got != want {
		t.Errorf("tooltip = %q, want %q", got, want)
	}
	pills[1].MouseOut()
	if got := h.ui.tips.shown(); got != "" {
		t.Errorf("tooltip %q still shown after the pointer left", got)
	}
	for _, c := range []struct {
		precision, want string
	}{{"page", "the quote is on this page"}, {"section", "the quote is in this section"}} {
		tip := pillTip(app.Citation{Title: "T", PageStart: 3, PageEnd: 3, Precision: c.precision})
		if !strings.Contains(tip, c.want) || !strings.Contains(tip, "page 3") {
			t.Errorf("tip for %s precision = %q", c.precision, tip)
		}
	}
}

// TestPillOpensViewerAndKeysStep follows a pill into the citation viewer,
// steps with → through the PDF citation's pages to the next citation, and
// closes the viewer and then the drawer with Esc.
func TestPillOpensViewerAndKeysStep(t *testing.T) {
	lib := &fakeLibrary{pageDir: t.TempDir()}
	h := newHarness(t, lib, &fakeResearch{answer: pdfAnswer()})
	_, cv := openPDFCitation(t, h)
	h.loop.waitFor(t, "page 2", pageLoaded(cv))
	if cv.shownPage != 2 || !strings.HasPrefix(cv.title.Text, "[1] Annual report 2022") {
		t.Fatalf("viewer shows %q page %d, want [1] page 2", cv.title.Text, cv.shownPage)
	}
	key := func(name fyne.KeyName) {
		if f := h.win.Canvas().Focused(); f != nil {
			f.TypedKey(&fyne.KeyEvent{Name: name})
		} else {
			h.ui.typedKey(&fyne.KeyEvent{Name: name})
		}
	}
	key(fyne.KeyRight)
	h.loop.waitFor(t, "page 3", pageLoaded(cv))
	if cv.shownPage != 3 {
		t.Fatalf("→ showed page %d, want the citation's next page 3", cv.shownPage)
	}
	key(fyne.KeyRight)
	h.loop.waitFor(t, "citation 2", func() bool { return cv.highlight != nil && strings.HasPrefix(cv.title.Text, "[2]") })
	if cv.paged || cv.where.Text != "Votes · line 7 · the lines are highlighted" {
		t.Errorf("after → the viewer shows %q (paged %v), want citation [2]'s passage", cv.where.Text, cv.paged)
	}
	// The window's own handler steps too when nothing has the keyboard.
	h.win.Canvas().Unfocus()
	h.ui.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	h.loop.waitFor(t, "back to page 3", pageLoaded(cv))
	if !strings.HasPrefix(cv.title.Text, "[1]") || cv.shownPage != 3 {
		t.Errorf("← showed %q page %d, want [1] page 3", cv.title.Text, cv.shownPage)
	}

	key(fyne.KeyEscape)
	if cv.content.Visible() {
		t.Fatal("Esc left the citation viewer open")
	}
	if !h.ui.drawer.content.Visible() {
		t.Fatal("the first Esc closed the drawer too")
	}
	h.ui.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.ui.drawer.content.Visible() {
		t.Fatal("a second Esc left the drawer open")
	}
	h.ask(t, "And the board?")
	if !h.ui.drawer.content.Visible() {
		t.Error("asking did not bring the drawer back")
	}
}

func TestOtherPagesAndOpenOriginal(t *testing.T) {
	lib := &fakeLibrary{pageDir: t.TempDir(), docs: []app.Document{
		{ID: "pdf1", Title: "Annual report 2022", Format: app.FormatPDF, Pages: 4, Status: app.StatusReady},
	}}
	h := newHarness(t, lib, &fakeResearch{answer: pdfAnswer()})
	var mu sync.Mutex
	var opened []string
	h.ui.openOriginalAt = func(id string, page int) error {
		mu.Lock()
		defer mu.Unlock()
		opened = append(opened, id+":"+strconv.Itoa(page))
		return nil
	}
	_, cv := openPDFCitation(t, h)
	h.loop.waitFor(t, "page 2", pageLoaded(cv))
	if got := cv.nav.pageLabel.Text; got != "page 2 of 4" {
		t.Errorf("page label = %q, want page 2 of 4", got)
	}
	if got := cv.nav.original.Text; got != "Open original at this page" {
		t.Errorf("open button = %q", got)
	}

	// Down to page 4, past the citation's pages: no highlight there.
	test.Tap(cv.nav.pageNext)
	h.loop.waitFor(t, "page 3", pageLoaded(cv))
	test.Tap(cv.nav.pageNext)
	h.loop.waitFor(t, "page 4", pageLoaded(cv))
	if cv.shownPage != 4 || !cv.nav.pageNext.Disabled() {
		t.Errorf("at page %d, next enabled %v; want page 4, the last, with next disabled", cv.shownPage, !cv.nav.pageNext.Disabled())
	}
	if _, rects := marks(t, cv.page); len(rects) != 0 {
		t.Errorf("%d highlights on page 4, which the citation does not cover", len(rects))
	}
	if !strings.Contains(cv.where.Text, "showing page 4") {
		t.Errorf("header %q does not say page 4 is shown", cv.where.Text)
	}
	if !slices.Contains(lib.pageRequests(), "pdf1:4") {
		t.Errorf("page requests %v lack pdf1:4", lib.pageRequests())
	}

	test.Tap(cv.nav.original)
	h.loop.waitFor(t, "the viewer to open", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(opened) == 1
	})
	if opened[0] != "pdf1:4" {
		t.Errorf("opened %q, want the original at the page shown, pdf1:4", opened[0])
	}
}

func TestOpenOriginalHiddenWithoutOpener(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	tr := h.ask(t, "When did the archive open?")
	tapCenter(findAll[*pill](tr.text)[0])
	if h.ui.drawer.citation.nav.original.Visible() {
		t.Error("Open original shown though the app cannot open files")
	}
}

func TestCopyAnswerWithCitations(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	tr := h.ask(t, "When did the archive open?")
	buttons := findAll[*widget.Button](tr.actions)
	if len(buttons) != 1 || buttons[0].Text != "Copy" {
		t.Fatalf("actions = %v, want Copy alone (no exporter set)", buttonTexts(buttons))
	}
	test.Tap(buttons[0])
	got := h.ui.fapp.Clipboard().Content()
	for _, want := range []string{
		"Q: When did the archive open?",
		"The archive opened in 1921 [1]. Its charter was amended twice [2].",
		"[1] Annual report, History · line 4 (the lines are highlighted)\n    “The archive opened its doors in 1921.”",
		"[2] Charter, Amendments · lines 12–13 (the lines are highlighted)",
		"Trace: t1",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("clipboard lacks %q:\n%s", want, got)
		}
	}
	if !tr.note.Visible() || !strings.Contains(tr.note.Text, "Copied") {
		t.Error("no confirmation after copying")
	}
}

func buttonTexts(bs []*widget.Button) []string {
	var out []string
	for _, b := range bs {
		out = append(out, b.Text)
	}
	return out
}

func TestExportEvidence(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	type call struct {
		ans      *app.Answer
		question string
		out      string
	}
	calls := make(chan call, 1)
	fail := errors.New("disk full")
	var failNext bool
	h.ui.exportEvidence = func(_ context.Context, ans *app.Answer, question, out string) error {
		calls <- call{ans, question, out}
		if failNext {
			return app.Errorf(app.EInternal, "%s", fail)
		}
		return nil
	}
	tr := h.ask(t, "When did the archive open?")
	if got := buttonTexts(findAll[*widget.Button](tr.actions)); !slices.Equal(got, []string{"Copy", "Export evidence…"}) {
		t.Fatalf("actions = %v, want Copy and Export evidence…", got)
	}
	h.ui.drawer.runExport(tr, "/tmp/out.pdf")
	c := <-calls
	if c.ans != tr.answer || c.question != "When did the archive open?" || c.out != "/tmp/out.pdf" {
		t.Errorf("exporter got %q → %q", c.question, c.out)
	}
	h.loop.waitFor(t, "the export note", func() bool { return strings.HasPrefix(tr.note.Text, "Evidence saved to /tmp/out.pdf") })

	failNext = true
	h.ui.drawer.runExport(tr, "/tmp/out2.pdf")
	<-calls
	h.loop.waitFor(t, "the failure note", func() bool { return tr.note.Text == "Export failed: disk full" })
}

// progressResearch reports progress and then waits until it is released or
// its question is cancelled.
type progressResearch struct {
	release chan struct{}
	reached chan struct{}
}

func (p *progressResearch) Ask(ctx context.Context, q app.Question) (*app.Answer, error) {
	app.ReportProgress(ctx, app.AskProgress{Stage: app.StageRetrieving})
	app.ReportProgress(ctx, app.AskProgress{Stage: app.StageRetrieving, Explored: 2, InScope: 5})
	close(p.reached)
	select {
	case <-p.release:
		return twoCitationAnswer(), nil
	case <-ctx.Done():
		return nil, app.Errorf(app.ECancelled, "The question was cancelled.")
	}
}

func (p *progressResearch) Replay(context.Context, string) ([]byte, error) { return nil, nil }

func TestRunningQuestionShowsProgressAndCancels(t *testing.T) {
	research := &progressResearch{release: make(chan struct{}), reached: make(chan struct{})}
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	loop := &uiLoop{}
	u := newUI(a, w, Services{Library: &fakeLibrary{}, Research: research}, loop.do)
	t.Cleanup(u.Close)
	u.ask("What happened?")
	<-research.reached
	tr := u.drawer.turns[0]
	loop.waitFor(t, "the progress line", func() bool {
		return tr.stage.Text == "Reading documents · 2 documents explored of 5…"
	})
	if !tr.stop.Visible() || tr.stop.Disabled() {
		t.Fatal("no Cancel button while the question runs")
	}
	test.Tap(tr.stop)
	loop.waitFor(t, "the cancelled turn", func() bool { return tr.done })
	if !tr.errLabel.Visible() || tr.errLabel.Text != "The question was cancelled." {
		t.Errorf("after Cancel the turn says %q", tr.errLabel.Text)
	}
	if tr.errLabel.Importance == widget.DangerImportance {
		t.Error("a cancelled question is shown as a failure")
	}
	if tr.running.Visible() {
		t.Error("progress still shown after the question ended")
	}
	if u.asking {
		t.Error("the window still counts a question in flight")
	}
}

func TestSourcesShowSectionAndPages(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: pdfAnswer()})
	h.ask(t, "How did revenue change?")
	texts := labelTexts(h.ui.drawer.sources)
	for _, want := range []string{"[1] Annual report 2022", "Results · pages 2–3", "[2] Minutes", "Votes · line 7"} {
		if !slices.Contains(texts, want) {
			t.Errorf("sources %q lack %q", texts, want)
		}
	}
	if got := sourceWhere(1, []app.Citation{
		{N: 1, Section: "A", PageStart: 9, PageEnd: 9}, {N: 1, Section: "B", PageStart: 4, PageEnd: 5}, {N: 2, Section: "C", PageStart: 1},
	}); got != "A; B · pages 4–9" {
		t.Errorf("sourceWhere = %q, want A; B · pages 4–9", got)
	}
	if got := sourceWhere(1, []app.Citation{
		{N: 1, Section: "Duties", LineStart: 5, LineEnd: 5}, {N: 1, Section: "Winter", LineStart: 11, LineEnd: 12},
	}); got != "Duties; Winter · lines 5–12" {
		t.Errorf("sourceWhere = %q, want Duties; Winter · lines 5–12", got)
	}
}

func TestDrawerNamesEvidenceReceiver(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	if got := h.ui.drawer.receiver.Text; got != "Your text goes to: offline — nothing leaves this computer" {
		t.Errorf("receiver = %q", got)
	}
	h.ask(t, "When did the archive open?")
	h.ui.setProviders(Providers{Apply: func(app.Settings, ProviderKeys) (app.Receivers, error) {
		return app.Receivers{Answer: "llama3.2 at localhost:11434"}, nil
	}})
	if got := h.ui.drawer.receiver.Text; got != "Your text goes to: answers: llama3.2 at localhost:11434" {
		t.Errorf("receiver = %q", got)
	}
	if len(h.ui.drawer.turns) != 0 {
		t.Error("a provider change kept the transcript (docs/design.md §6 resets it)")
	}
}

func TestKeysReachTheirCallbacks(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	deleted, imported := 0, 0
	h.ui.onDelete = func() { deleted++ }
	h.ui.onImport = func() { imported++ }
	h.win.Canvas().Unfocus()
	h.ui.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if deleted != 1 {
		t.Errorf("Delete called the trash callback %d times, want 1", deleted)
	}
	sc := &desktop.CustomShortcut{KeyName: fyne.KeyI, Modifier: fyne.KeyModifierShortcutDefault}
	h.win.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(sc)
	if imported != 1 {
		t.Errorf("Ctrl-I called the import callback %d times, want 1", imported)
	}
	sc = &desktop.CustomShortcut{KeyName: fyne.KeyComma, Modifier: fyne.KeyModifierShortcutDefault}
	h.win.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(sc)
	if h.ui.settingsWin == nil {
		t.Error("Ctrl-, did not open the settings")
	}
}

func TestTranscriptKeepsTwentyTurns(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	for i := range maxTurns + 2 {
		h.ask(t, "Question "+string(rune('a'+i)))
	}
	d := h.ui.drawer
	if len(d.turns) != maxTurns || len(d.transcript.Objects) != maxTurns {
		t.Fatalf("%d turns, %d shown; want %d", len(d.turns), len(d.transcript.Objects), maxTurns)
	}
	if d.turns[0].question.Text != "Question c" {
		t.Errorf("oldest kept turn is %q, want Question c", d.turns[0].question.Text)
	}
	test.Tap(d.clearTranscript)
	if len(d.turns) != 0 || len(d.transcript.Objects) != 0 {
		t.Error("Clear transcript left turns")
	}
}

func TestClipContextKeepsTheQuoteInItsNeighbourhood(t *testing.T) {
	before := strings.Repeat("early words here ", 100)
	quote := "The lens was replaced in 1998."
	after := strings.Repeat(" later words there", 100)
	text := before + quote + after
	ct := &app.CitedText{Text: text, QuoteStart: len(before), QuoteEnd: len(before) + len(quote)}
	got := clipContext(ct, quote, 100)
	if got.Text[got.QuoteStart:got.QuoteEnd] != quote {
		t.Fatalf("clipped offsets point at %q", got.Text[got.QuoteStart:got.QuoteEnd])
	}
	body := strings.TrimSuffix(strings.TrimPrefix(got.Text, "… "), " …")
	if len(body) != len(got.Text)-len("… ")-len(" …") {
		t.Errorf("clipped text lacks its ellipses: %q", got.Text)
	}
	if i := strings.Index(text, body); i <= 0 || text[i-1] != ' ' || text[i+len(body)] != ' ' {
		t.Errorf("clipped text is not cut at word boundaries: %q", body)
	}
	if len(got.Text) > len(quote)+2*100+8 {
		t.Errorf("clipped to %d bytes, want at most 100 each side", len(got.Text))
	}
	// Bad offsets: the quote is searched for.
	got = clipContext(&app.CitedText{Text: text, QuoteStart: -1}, quote, 100)
	if !strings.Contains(got.Text, quote) || got.Text[got.QuoteStart:got.QuoteEnd] != quote {
		t.Error("quote lost when located by search")
	}
	short := &app.CitedText{Text: "a " + quote, QuoteStart: 2, QuoteEnd: 2 + len(quote)}
	if clipContext(short, quote, 100) != short {
		t.Error("a short passage was clipped")
	}
}

func TestArrowsStepTextCitationsAfterAsking(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	tr := h.ask(t, "When did the archive open?")
	h.win.Canvas().Focus(h.ui.omni.entry) // as after Ctrl-K, typing and Enter
	tapCenter(findAll[*pill](tr.text)[0])
	cv := h.ui.drawer.citation
	h.loop.waitFor(t, "citation 1", func() bool { return cv.highlight != nil })
	if f := h.win.Canvas().Focused(); f != nil {
		t.Fatalf("%T keeps the keyboard after a text citation opened; ← and → would not reach the window", f)
	}
	h.ui.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	h.loop.waitFor(t, "citation 2", func() bool { return strings.HasPrefix(cv.title.Text, "[2]") && cv.highlight != nil })
}

// TestFileMenuCarriesTheKeys: Ctrl/⌘-I and Ctrl/⌘-, sit on menu items,
// whose keys work while the omnibox has the keyboard.
func TestFileMenuCarriesTheKeys(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	mm := h.win.MainMenu()
	if mm == nil || len(mm.Items) == 0 {
		t.Fatal("no main menu")
	}
	keys := map[string]string{}
	for _, it := range mm.Items[0].Items {
		if it.Shortcut != nil {
			keys[it.Label] = it.Shortcut.ShortcutName()
		}
	}
	ctrl := func(k fyne.KeyName) string {
		return (&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}).ShortcutName()
	}
	if keys["Import…"] != ctrl(fyne.KeyI) || keys["Settings…"] != ctrl(fyne.KeyComma) {
		t.Errorf("File menu keys = %v", keys)
	}
}

// Esc in the omnibox, which keeps the keyboard after a question, first
// clears the lookup results, then closes the drawer.
func TestEscapeFromTheOmnibox(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	u := h.ui
	u.ask("When did the archive open?")
	h.loop.waitFor(t, "the answer", func() bool { return !u.asking })
	u.omni.focus()
	if h.win.Canvas().Focused() != u.omni.entry {
		t.Fatal("the omnibox does not have the keyboard")
	}
	u.omni.showResults([]app.LookupHit{{DocumentID: "d1", Title: "Harbour records"}})
	esc := &fyne.KeyEvent{Name: fyne.KeyEscape}
	h.win.Canvas().Focused().TypedKey(esc)
	if u.omni.results.Visible() || !u.drawer.content.Visible() {
		t.Fatalf("first Esc: results shown %v, drawer shown %v; want results cleared, drawer kept",
			u.omni.results.Visible(), u.drawer.content.Visible())
	}
	h.win.Canvas().Focused().TypedKey(esc)
	if u.drawer.content.Visible() {
		t.Error("second Esc left the drawer open")
	}
}

// TestSourcesAreNumberedAsTheirPills: quotes are numbered one by one, so
// pill [2] may quote source 1 again and pill [3] source 2; the Sources
// list names each source by its pills' numbers, and a source read but not
// quoted carries no number a pill could be taken for.
func TestSourcesAreNumberedAsTheirPills(t *testing.T) {
	ans := &app.Answer{
		Answer:     "First [1]. Second [2]. Third [3].",
		Sufficient: true,
		Citations: []app.Citation{
			{N: 1, Source: 2, DocumentID: "b", Title: "Budget", Quote: "First."},
			{N: 2, Source: 2, DocumentID: "b", Title: "Budget", Quote: "Second."},
			{N: 3, Source: 3, DocumentID: "c", Title: "Charter", Quote: "Third."},
		},
		Sources: []app.SourceRef{
			{N: 1, DocumentID: "a", Title: "Atlas", Text: "Unquoted."},
			{N: 2, DocumentID: "b", Title: "Budget", Text: "First. Second."},
			{N: 3, DocumentID: "c", Title: "Charter", Text: "Third."},
		},
	}
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: ans})
	h.ask(t, "What?")
	got := labelTexts(h.ui.drawer.sources)
	var titles []string
	for _, l := range got {
		if strings.HasPrefix(l, "[") || l == "Atlas" || l == "Also read, not quoted:" {
			titles = append(titles, l)
		}
	}
	want := []string{"[1] [2] Budget", "[3] Charter", "Also read, not quoted:", "Atlas"}
	if !slices.Equal(titles, want) {
		t.Fatalf("sources read %q, want %q", titles, want)
	}
}

// TestScopeChangeKeepsTheTranscript: changing the scope keeps every
// question asked, says where the scope changed, and asks the next question
// afresh; only Clear transcript empties it.
func TestScopeChangeKeepsTheTranscript(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	h.ask(t, "When did the archive open?")
	h.ask(t, "Who amended the charter?")
	h.ui.drawer.setScope(app.Scope{DocumentIDs: []string{"doc1"}, Label: "Annual report"})
	if n := len(h.ui.drawer.turns); n != 2 {
		t.Fatalf("after a scope change the transcript holds %d questions, want 2", n)
	}
	found := false
	for _, l := range labelTexts(h.ui.drawer.transcript) {
		if strings.HasPrefix(l, "Scope changed to “Annual report”") {
			found = true
		}
	}
	if !found {
		t.Errorf("no line says the scope changed: %q", labelTexts(h.ui.drawer.transcript))
	}
	h.ask(t, "What else?")
	if n := len(h.ui.drawer.turns); n != 3 {
		t.Errorf("%d turns after asking in the new scope, want 3", n)
	}
	test.Tap(h.ui.drawer.clearTranscript)
	if n := len(h.ui.drawer.turns); n != 0 {
		t.Errorf("Clear transcript left %d turns", n)
	}
}

// TestCutTextShowsWhole: a title cut with an ellipsis shows its whole text
// on hover, and the drawer's scope wraps so the keyboard reads it whole.
func TestCutTextShowsWhole(t *testing.T) {
	h := newHarness(t, threeDocuments(), &fakeResearch{answer: twoCitationAnswer()})
	tips := h.ui.tips
	long := "A very long title of a report that cannot possibly fit the narrow column it is shown in"
	l := newTipLabel(tips, long, fyne.TextStyle{})
	l.Resize(fyne.NewSize(120, 30))
	l.MouseIn(nil)
	if got := tips.shown(); got != long {
		t.Errorf("hovering a cut label shows %q", got)
	}
	l.MouseOut()
	short := newTipLabel(tips, "Short", fyne.TextStyle{})
	short.Resize(fyne.NewSize(300, 30))
	short.MouseIn(nil)
	if got := tips.shown(); got != "" {
		t.Errorf("a label shown whole still gets a tooltip %q", got)
	}
	h.ui.drawer.setScope(app.Scope{DocumentIDs: []string{"a", "b"}, Label: long})
	sl := h.ui.drawer.scopeLabel
	sl.Resize(fyne.NewSize(200, sl.MinSize().Height))
	pieces, _ := sl.flow(200)
	var shown []string
	for _, p := range pieces {
		shown = append(shown, strings.TrimSpace(p.text))
	}
	if got := strings.Join(shown, " "); got != strings.TrimSpace(sl.Text) || len(pieces) < 3 {
		t.Errorf("the drawer's scope at 200 px shows %q in %d lines, want all of %q on several", got, len(pieces), sl.Text)
	}
	if !strings.Contains(h.ui.drawer.scopeLabel.Text, long) {
		t.Errorf("scope reads %q", h.ui.drawer.scopeLabel.Text)
	}
}

// TestAnswerNotesShown: what the reply says of how it was made — a model
// not shown the pictures, and why — is shown under the answer, not only
// among the reasons behind "Why these sources?".
func TestAnswerNotesShown(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Notes = []string{"Pictures were not sent. The answer model at localhost:11434 does not say whether m sees images."}
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: ans})
	tr := h.ask(t, "When did the archive open?")
	if !tr.note.Visible() || tr.note.Text != ans.Notes[0] {
		t.Errorf("note %q (visible %v), want %q", tr.note.Text, tr.note.Visible(), ans.Notes[0])
	}
}
