package desktop

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// fakeLibrary is an in-memory app.Library. Import "parses" every file except
// those named in fail, and can hold each file after the first (over all
// calls) until gate is closed, so a test can look at the window half-way
// through an import.
type fakeLibrary struct {
	mu        sync.Mutex
	docs      []app.Document // newest first, as the real one
	imported  []string
	fail      map[string]string // base name → error message
	passwords map[string]string // base name → the password it needs
	tried     []string          // passwords ImportWithPassword was given
	gate      chan struct{}
	started   int            // files Import has begun, over all calls
	cited     []app.Citation // what CitedText was asked for
	nextID    int

	// Page images: PNGs written to pageDir on demand, pageWidth × pageHeight
	// pixels (612 × 792 when zero). PageImage waits for pageGate when it is
	// set and fails with pageErr when that is.
	pageDir               string
	pageWidth, pageHeight int
	pageGate              chan struct{}
	pageErr               error
	pageCalls             []string // "document:page"
}

func (f *fakeLibrary) Import(ctx context.Context, paths []string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	var results []app.ImportResult
	for i, p := range paths {
		f.mu.Lock()
		started := f.started
		f.started++
		f.mu.Unlock()
		if started > 0 && f.gate != nil {
			select {
			case <-f.gate:
			case <-ctx.Done():
				return results, ctx.Err()
			}
		}
		if progress != nil {
			progress(app.ImportProgress{Path: p, Done: i, Total: len(paths)})
		}
		r := f.importOne(p)
		results = append(results, r)
		if progress != nil {
			progress(app.ImportProgress{Path: p, Done: i + 1, Total: len(paths), Result: &r})
		}
	}
	return results, nil
}

func (f *fakeLibrary) importOne(path string) app.ImportResult {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.imported = append(f.imported, path)
	base := filepath.Base(path)
	if msg, ok := f.fail[base]; ok {
		return app.ImportResult{Path: path, Outcome: app.OutcomeFailed, Err: app.Errorf(app.EUnsupported, "%s", msg)}
	}
	if _, ok := f.passwords[base]; ok {
		return app.ImportResult{Path: path, Outcome: app.OutcomeFailed, Err: app.Errorf(app.EPassword, "This PDF is protected with a password.")}
	}
	return f.addDocument(path)
}

// addDocument records path as imported; f.mu is held.
func (f *fakeLibrary) addDocument(path string) app.ImportResult {
	base := filepath.Base(path)
	f.nextID++
	d := app.Document{
		ID:       "doc" + strconv.Itoa(f.nextID),
		Title:    strings.TrimSuffix(base, filepath.Ext(base)),
		Filename: base,
		Format:   app.FormatMarkdown,
		Status:   app.StatusReady,
	}
	f.docs = append([]app.Document{d}, f.docs...)
	return app.ImportResult{Path: path, DocumentID: d.ID, Title: d.Title, Outcome: app.OutcomeImported}
}

// ImportWithPassword imports path when password is the one f.passwords
// names for it.
func (f *fakeLibrary) ImportWithPassword(_ context.Context, path, password string) app.ImportResult {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tried = append(f.tried, password)
	if want, ok := f.passwords[filepath.Base(path)]; ok && password != want {
		return app.ImportResult{Path: path, Outcome: app.OutcomeFailed, Err: app.Errorf(app.EPassword, "The password is not correct.")}
	}
	f.imported = append(f.imported, path)
	return f.addDocument(path)
}

// PageImage writes (once) and returns a white page with grey text lines.
func (f *fakeLibrary) PageImage(ctx context.Context, documentID string, page int) (string, error) {
	f.mu.Lock()
	f.pageCalls = append(f.pageCalls, documentID+":"+strconv.Itoa(page))
	gate, err, dir := f.pageGate, f.pageErr, f.pageDir
	w, h := f.pageWidth, f.pageHeight
	f.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	if err != nil {
		return "", err
	}
	if dir == "" {
		return "", app.Errorf(app.ENotFound, "No page images in this test.")
	}
	if w == 0 {
		w, h = 612, 792
	}
	path := filepath.Join(dir, documentID+"-"+strconv.Itoa(page)+".png")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
			if x > w/10 && x < w*9/10 && (y/8)%3 == 0 && y > h/10 && y < h*9/10 {
				c = color.NRGBA{R: 0x70, G: 0x70, B: 0x70, A: 0xff}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, buf.Bytes(), 0o600)
}

func (f *fakeLibrary) pageRequests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.pageCalls)
}

func (f *fakeLibrary) Documents(context.Context) ([]app.Document, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.docs), nil
}

// CitedText puts the quote between two lines of context, the way the real
// library returns the cited blocks.
func (f *fakeLibrary) CitedText(_ context.Context, c app.Citation) (*app.CitedText, error) {
	f.mu.Lock()
	f.cited = append(f.cited, c)
	f.mu.Unlock()
	before := "The minutes of the board meeting.\n"
	text := before + c.Quote + "\nThe meeting closed at noon."
	return &app.CitedText{
		Title: c.Title, Section: c.Section, Text: text,
		QuoteStart: len(before), QuoteEnd: len(before) + len(c.Quote),
		LineStart: c.LineStart, LineEnd: c.LineEnd,
	}, nil
}

func (f *fakeLibrary) importedPaths() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.imported)
}

// fakeResearch records every question and answers with answer (or err).
type fakeResearch struct {
	mu        sync.Mutex
	questions []app.Question
	answer    *app.Answer
	err       error
}

func (f *fakeResearch) Ask(_ context.Context, q app.Question) (*app.Answer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.questions = append(f.questions, q)
	return f.answer, f.err
}

func (f *fakeResearch) Replay(context.Context, string) ([]byte, error) {
	return nil, app.Errorf(app.ENotFound, "No such answer.")
}

func (f *fakeResearch) asked() []app.Question {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.questions)
}

// twoCitationAnswer is a sufficient answer citing two sources.
func twoCitationAnswer() *app.Answer {
	return &app.Answer{
		Answer:     "The archive opened in 1921 [1]. Its charter was amended twice [2].",
		Sufficient: true,
		Citations: []app.Citation{
			{N: 1, DocumentID: "doc1", Title: "Annual report", Section: "History", Quote: "The archive opened its doors in 1921.", LineStart: 4, LineEnd: 4, Precision: "line"},
			{N: 2, DocumentID: "doc2", Title: "Charter", Section: "Amendments", Quote: "The charter was amended in 1950 and again in 1987.", LineStart: 12, LineEnd: 13, Precision: "line"},
		},
		Sources: []app.SourceRef{
			{N: 1, DocumentID: "doc1", Title: "Annual report", Text: "The archive opened its doors in 1921. " + strings.Repeat("It grew every year. ", 40)},
			{N: 2, DocumentID: "doc2", Title: "Charter", Text: "The charter was amended in 1950 and again in 1987."},
		},
		TraceToken: "t1",
	}
}

// uiLoop stands in for the Fyne event loop: the UI's background goroutines
// queue their updates here and the test goroutine runs them, so widgets are
// only ever touched from one goroutine, as in the app.
type uiLoop struct {
	mu    sync.Mutex
	queue []func()
}

func (l *uiLoop) do(f func()) {
	l.mu.Lock()
	l.queue = append(l.queue, f)
	l.mu.Unlock()
}

func (l *uiLoop) drain() {
	for {
		l.mu.Lock()
		q := l.queue
		l.queue = nil
		l.mu.Unlock()
		if len(q) == 0 {
			return
		}
		for _, f := range q {
			f()
		}
	}
}

// waitFor runs queued UI updates until cond holds, failing after 5 s.
func (l *uiLoop) waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		l.drain()
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

type harness struct {
	ui       *UI
	win      fyne.Window
	loop     *uiLoop
	lib      *fakeLibrary
	research *fakeResearch
}

func newHarness(t *testing.T, lib *fakeLibrary, research *fakeResearch) *harness {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	h := &harness{win: w, loop: &uiLoop{}, lib: lib, research: research}
	h.ui = newUI(a, w, Services{Library: lib, Research: research}, h.loop.do)
	t.Cleanup(h.ui.Close)
	h.loop.waitFor(t, "the first document list", func() bool { return !h.ui.library.loading })
	return h
}

// findAll returns the visible objects of type T under o, in tree order.
func findAll[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if x, ok := o.(T); ok {
			out = append(out, x)
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

func labelTexts(o fyne.CanvasObject) []string {
	var texts []string
	for _, l := range findAll[fyne.CanvasObject](o) {
		switch x := l.(type) {
		case *widget.Label:
			texts = append(texts, x.Text)
		case *tipLabel:
			texts = append(texts, x.Text)
		}
	}
	return texts
}

// tapCenter taps the middle of obj: a Hyperlink ignores taps outside its
// text and a Check outside its box and label.
func tapCenter(obj interface {
	fyne.Tappable
	Size() fyne.Size
}) {
	s := obj.Size()
	test.TapAt(obj, fyne.NewPos(s.Width/2, s.Height/2))
}

func (h *harness) ask(t *testing.T, question string) *turn {
	t.Helper()
	h.win.Canvas().Focus(h.ui.omni.entry)
	test.Type(h.ui.omni.entry, question)
	test.Tap(h.ui.omni.askButton)
	h.loop.waitFor(t, "the answer", func() bool {
		n := len(h.ui.drawer.turns)
		return n > 0 && h.ui.drawer.turns[n-1].done
	})
	return h.ui.drawer.turns[len(h.ui.drawer.turns)-1]
}

func TestAskShowsAnswerAndOpensCitation(t *testing.T) {
	research := &fakeResearch{answer: twoCitationAnswer()}
	lib := &fakeLibrary{}
	h := newHarness(t, lib, research)
	u := h.ui

	test.Type(u.omni.entry, "When did the archive open?")
	test.Tap(u.omni.askButton)
	if !u.omni.askButton.Disabled() {
		t.Error("Ask stays enabled while a question is in flight")
	}
	if len(u.drawer.turns) != 1 || !u.drawer.turns[0].progress.Visible() {
		t.Fatal("no activity shown while asking")
	}
	h.loop.waitFor(t, "the answer", func() bool { return u.drawer.turns[0].done })

	if u.omni.askButton.Disabled() {
		t.Error("Ask still disabled after the answer arrived")
	}
	if u.drawer.turns[0].progress.Visible() {
		t.Error("activity still shown after the answer arrived")
	}
	qs := research.asked()
	if len(qs) != 1 || qs[0].Text != "When did the archive open?" || !qs[0].Scope.All() || qs[0].Preset != app.PresetBalanced {
		t.Fatalf("Research got %+v, want one whole-library balanced question", qs)
	}
	if u.omni.entry.Text != "" {
		t.Errorf("omnibox still holds %q after asking", u.omni.entry.Text)
	}

	content := h.win.Canvas().Content()
	links := findAll[*pill](content)
	var pills []string
	for _, l := range links {
		pills = append(pills, l.Text)
	}
	if !slices.Equal(pills, []string{"[1]", "[2]"}) {
		t.Fatalf("citation pills = %q, want [1] and [2]", pills)
	}
	if got := u.drawer.turns[0].text.String(); got != twoCitationAnswer().Answer {
		t.Errorf("answer text = %q, want %q", got, twoCitationAnswer().Answer)
	}
	texts := strings.Join(labelTexts(u.drawer.sources), "\n")
	for _, want := range []string{"[1] Annual report", "[2] Charter", "The charter was amended in 1950 and again in 1987."} {
		if !strings.Contains(texts, want) {
			t.Errorf("sources do not show %q:\n%s", want, texts)
		}
	}
	if strings.Contains(texts, strings.Repeat("It grew every year. ", 20)) {
		t.Error("a source's text is shown whole instead of its first ~300 characters")
	}

	tapCenter(links[1])
	cv := u.drawer.citation
	if !cv.content.Visible() {
		t.Fatal("tapping [2] did not open the citation view")
	}
	h.loop.waitFor(t, "the cited passage", func() bool { return cv.highlight != nil })
	want := twoCitationAnswer().Citations[1]
	if cv.highlight.Text != want.Quote {
		t.Errorf("highlighted %q, want the quote %q", cv.highlight.Text, want.Quote)
	}
	if st := cv.highlight.Style; !st.TextStyle.Bold || st.ColorName != theme.ColorNamePrimary {
		t.Errorf("quote style %+v does not stand out", st)
	}
	if !strings.Contains(cv.text.String(), "The minutes of the board meeting.") {
		t.Error("the passage around the quote is missing")
	}
	if cv.title.Text != "[2] Charter" || cv.where.Text != "Amendments · lines 12–13 · the lines are highlighted" {
		t.Errorf("citation header = %q / %q", cv.title.Text, cv.where.Text)
	}
	if lib.cited[0].Quote != want.Quote {
		t.Errorf("CitedText asked for %+v", lib.cited[0])
	}

	test.Tap(cv.prev)
	h.loop.waitFor(t, "the previous citation", func() bool {
		return cv.highlight != nil && cv.highlight.Text == twoCitationAnswer().Citations[0].Quote
	})
	if cv.where.Text != "History · line 4 · the lines are highlighted" {
		t.Errorf("previous citation header = %q", cv.where.Text)
	}
	test.Tap(cv.close)
	if cv.content.Visible() {
		t.Error("the citation view stays open after Close")
	}
}

func TestEnterInOmniboxAsks(t *testing.T) {
	research := &fakeResearch{answer: twoCitationAnswer()}
	h := newHarness(t, &fakeLibrary{}, research)
	test.Type(h.ui.omni.entry, "Who founded it?")
	h.ui.omni.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	h.loop.waitFor(t, "the answer", func() bool { return len(h.ui.drawer.turns) == 1 && h.ui.drawer.turns[0].done })
	if qs := research.asked(); len(qs) != 1 || qs[0].Text != "Who founded it?" {
		t.Fatalf("Research got %+v", qs)
	}
}

func TestCtrlKFocusesOmnibox(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	if h.win.Canvas().Focused() == h.ui.omni.entry {
		t.Fatal("omnibox focused before Ctrl+K")
	}
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault})
	if h.win.Canvas().Focused() != h.ui.omni.entry {
		t.Error("Ctrl+K did not focus the omnibox")
	}
	if h.ui.omni.entry.PlaceHolder != "Ask about your documents… (Ctrl+K)" {
		t.Errorf("placeholder = %q", h.ui.omni.entry.PlaceHolder)
	}
}

func TestPresetReachesQuestion(t *testing.T) {
	research := &fakeResearch{answer: twoCitationAnswer()}
	h := newHarness(t, &fakeLibrary{}, research)
	h.ui.drawer.preset.SetSelected("Detailed")
	h.ask(t, "Anything?")
	if qs := research.asked(); qs[0].Preset != app.PresetDetailed {
		t.Errorf("preset = %q, want detailed", qs[0].Preset)
	}
}

func TestDropImportsAndKeepsFailuresUntilDismissed(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "minutes.md")
	bad := filepath.Join(dir, "scan.pdf")
	for _, p := range []string{good, bad} {
		if err := os.WriteFile(p, []byte("# Minutes\n\nText.\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	lib := &fakeLibrary{
		fail: map[string]string{"scan.pdf": "PDF files cannot be imported yet."},
		gate: make(chan struct{}),
	}
	h := newHarness(t, lib, &fakeResearch{})
	u := h.ui
	if !u.library.empty.Visible() {
		t.Fatal("an empty library shows no drop hint")
	}

	u.Drop(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(good), storage.NewFileURI(bad)})
	if !u.imports.content.Visible() || !u.imports.progress.Visible() {
		t.Fatal("no import progress shown after a drop")
	}
	// The first file is in while the second waits at the gate: it must be
	// listed already.
	h.loop.waitFor(t, "the first document in the list", func() bool {
		return slices.Contains(labelTexts(u.library.list), "minutes")
	})
	if !u.imports.running {
		t.Fatal("import finished before the gate opened; the test cannot see documents arrive one by one")
	}
	if u.library.empty.Visible() {
		t.Error("drop hint still shown with a document in the list")
	}
	if got := u.imports.progress.Value; got != 1 {
		t.Errorf("progress = %v of %v, want 1 of 2", got, u.imports.progress.Max)
	}
	if n := len(u.imports.items.Objects); n != 1 || u.imports.active == nil || filepath.Base(u.imports.active.path) != "scan.pdf" {
		t.Errorf("queue shows %d rows, active %+v; want scan.pdf importing", n, u.imports.active)
	}

	close(lib.gate)
	h.loop.waitFor(t, "the import to finish", func() bool { return !u.imports.running })
	if got := lib.importedPaths(); !slices.Equal(got, []string{good, bad}) {
		t.Errorf("Library imported %q, want %q", got, []string{good, bad})
	}
	if !u.imports.content.Visible() {
		t.Fatal("the import panel closed with a failure to report")
	}
	panel := strings.Join(labelTexts(u.imports.content), "\n")
	if !strings.Contains(panel, "scan.pdf — PDF files cannot be imported yet.") {
		t.Errorf("failure not listed; panel shows:\n%s", panel)
	}
	if !strings.Contains(panel, "Imported 1 file · 1 failed") {
		t.Errorf("no summary; panel shows:\n%s", panel)
	}
	if u.imports.progress.Visible() {
		t.Error("progress bar still shown after the import finished")
	}
	row := strings.Join(labelTexts(u.library.list), "\n")
	if !strings.Contains(row, "Markdown · Ready") {
		t.Errorf("row does not show format and status:\n%s", row)
	}

	test.Tap(u.imports.dismiss)
	if u.imports.content.Visible() || len(u.imports.lines) != 0 {
		t.Error("Dismiss left the failures listed")
	}
}

func TestDropOfSuccessfulFilesClosesPanel(t *testing.T) {
	p := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(p, []byte("notes"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	h.ui.Drop(fyne.Position{}, []fyne.URI{storage.NewFileURI(p)})
	h.loop.waitFor(t, "the import to finish", func() bool { return !h.ui.imports.running && len(h.ui.library.docs) == 1 })
	if h.ui.imports.content.Visible() {
		t.Error("the import panel stays open with nothing to report")
	}
}

func TestRefreshShowsDocumentsImportedElsewhere(t *testing.T) {
	lib := &fakeLibrary{}
	h := newHarness(t, lib, &fakeResearch{})
	lib.importOne("/elsewhere/report.md")
	go h.ui.Refresh() // main may call it from any goroutine
	h.loop.waitFor(t, "the new document", func() bool { return slices.Contains(labelTexts(h.ui.library.list), "report") })
}

func TestFailedDocumentShowsItsError(t *testing.T) {
	lib := &fakeLibrary{docs: []app.Document{{ID: "d1", Title: "Scan", Format: app.FormatPDF, Pages: 3, Status: app.StatusFailed, Error: "PDF files cannot be imported yet."}}}
	h := newHarness(t, lib, &fakeResearch{})
	texts := labelTexts(h.ui.library.list)
	if !slices.Contains(texts, "PDF · 3 pages · Failed: PDF files cannot be imported yet.") {
		t.Errorf("failed row shows %q", texts)
	}
}

// rowCheck returns the checkbox of the list row titled title.
func rowCheck(t *testing.T, v *libraryView, title string) *widget.Check {
	t.Helper()
	for _, r := range v.rows {
		if r.title.Text == title && r.check.Visible() {
			return r.check
		}
	}
	t.Fatalf("no row titled %q", title)
	return nil
}

func threeDocuments() *fakeLibrary {
	return &fakeLibrary{docs: []app.Document{
		{ID: "a", Title: "Alpha", Format: app.FormatMarkdown, Status: app.StatusReady},
		{ID: "b", Title: "Beta", Format: app.FormatText, Status: app.StatusReady},
		{ID: "c", Title: "Gamma", Format: app.FormatText, Status: app.StatusReady},
	}}
}

func TestAskSelectionScopesQuestion(t *testing.T) {
	research := &fakeResearch{answer: twoCitationAnswer()}
	h := newHarness(t, threeDocuments(), research)
	u := h.ui
	if !u.library.askSelection.Disabled() {
		t.Error("Ask selection enabled with nothing selected")
	}
	if u.drawer.clearScope.Visible() {
		t.Error("Clear scope shown for the whole library")
	}

	tapCenter(rowCheck(t, u.library, "Gamma"))
	tapCenter(rowCheck(t, u.library, "Alpha"))
	if u.library.askSelection.Disabled() {
		t.Fatal("Ask selection disabled with two documents selected")
	}
	test.Tap(u.library.askSelection)
	if got := u.drawer.scopeLabel.Text; got != "2 selected documents" {
		t.Errorf("scope header = %q", got)
	}
	if !u.drawer.clearScope.Visible() {
		t.Error("Clear scope hidden while scoped")
	}
	if h.win.Canvas().Focused() != u.omni.entry {
		t.Error("Ask selection did not focus the omnibox")
	}

	test.Type(u.omni.entry, "What do these say?")
	test.Tap(u.omni.askButton)
	h.loop.waitFor(t, "the answer", func() bool { return len(research.asked()) == 1 && len(u.drawer.turns) == 1 && u.drawer.turns[0].done })
	if got := research.asked()[0].Scope.DocumentIDs; !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("question scoped to %q, want [a c]", got)
	}

	test.Tap(u.drawer.clearScope)
	if got := u.drawer.scopeLabel.Text; got != "All documents" {
		t.Errorf("scope header after Clear scope = %q", got)
	}
	if u.drawer.clearScope.Visible() {
		t.Error("Clear scope still shown for the whole library")
	}
	if len(u.drawer.turns) != 1 {
		t.Error("a scope change lost what was asked")
	}
	h.ask(t, "And everything else?")
	if got := research.asked()[1].Scope; !got.All() {
		t.Errorf("question after Clear scope is scoped to %+v", got)
	}
}

func TestAskSelectionOfOneUsesItsTitle(t *testing.T) {
	h := newHarness(t, threeDocuments(), &fakeResearch{})
	tapCenter(rowCheck(t, h.ui.library, "Beta"))
	test.Tap(h.ui.library.askSelection)
	if got := h.ui.drawer.scopeLabel.Text; got != "Beta" {
		t.Errorf("scope header = %q, want the document's title", got)
	}
}

func TestAskSelectionRefusesMoreThanLimit(t *testing.T) {
	lib := &fakeLibrary{}
	for i := range app.MaxSelectedDocuments + 1 {
		lib.docs = append(lib.docs, app.Document{ID: strconv.Itoa(i), Title: "Doc " + strconv.Itoa(i), Status: app.StatusReady})
	}
	h := newHarness(t, lib, &fakeResearch{})
	v := h.ui.library
	for _, d := range v.docs {
		v.setSelected(d.ID, true)
	}
	if !v.askSelection.Disabled() {
		t.Error("Ask selection enabled with 101 documents selected")
	}
	if !v.selWarning.Visible() || !strings.Contains(v.selWarning.Text, "at most 100 documents") {
		t.Errorf("no clear message for 101 selected: %q", v.selWarning.Text)
	}
	v.setSelected("0", false)
	if v.askSelection.Disabled() || v.selWarning.Visible() {
		t.Error("Ask selection still refused with 100 selected")
	}
}

func TestInsufficientAnswerShowsNoPills(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Sufficient = false
	ans.Answer = app.InsufficientEvidence + " See [1]."
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: ans})
	tr := h.ask(t, "Who was the mayor in 1800?")

	for _, s := range tr.text.Segments {
		if _, ok := s.(*pillSegment); ok {
			t.Fatal("an insufficient answer has a citation pill")
		}
	}
	if links := findAll[*pill](h.win.Canvas().Content()); len(links) != 0 {
		t.Errorf("%d pills rendered for an insufficient answer", len(links))
	}
	if got := tr.text.String(); got != ans.Answer {
		t.Errorf("answer text = %q, want %q", got, ans.Answer)
	}
	if n := len(h.ui.drawer.sources.Objects); n != 2 {
		t.Errorf("%d sources listed, want 2", n)
	}
}

func TestAskErrorIsShownInDrawer(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"AppError", app.Errorf(app.EProviderFailure, "The answer provider did not respond."), "The answer provider did not respond."},
		{"InternalError", errors.New("sql: database is locked"), "Internal error."},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, &fakeLibrary{}, &fakeResearch{err: c.err})
			tr := h.ask(t, "Anything?")
			if !tr.errLabel.Visible() || tr.errLabel.Text != c.want {
				t.Errorf("error shown = %q (visible %v), want %q", tr.errLabel.Text, tr.errLabel.Visible(), c.want)
			}
			if h.ui.omni.askButton.Disabled() {
				t.Error("Ask stays disabled after an error")
			}
		})
	}
}

// stalledLibrary's Documents waits for its context: with New the UI's
// updates go through fyne.Do, which the test driver runs on the calling
// goroutine, so the test must not race a document-list refresh.
type stalledLibrary struct{ fakeLibrary }

func (l *stalledLibrary) Documents(ctx context.Context) ([]app.Document, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestNewBuildsWindow(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	u := New(a, w, Services{Library: &stalledLibrary{}, Research: &fakeResearch{}})
	t.Cleanup(u.Close)
	if w.Content() == nil {
		t.Fatal("New set no content")
	}
	if !slices.Contains(labelTexts(w.Content()), "Archivist") {
		t.Error("no app name in the top bar")
	}
}

func TestAnswerSegments(t *testing.T) {
	ans := &app.Answer{
		Answer:     "One [1], unknown [9], two [2][1].",
		Sufficient: true,
		Citations:  []app.Citation{{N: 1}, {N: 2}},
	}
	var opened []int
	segs := answerSegments(ans, nil, func(i int) { opened = append(opened, i) })
	var got []string
	for _, s := range segs {
		if l, ok := s.(*pillSegment); ok {
			got = append(got, "pill"+l.Text)
			l.OnTapped()
		} else {
			got = append(got, s.Textual())
		}
	}
	want := []string{"One ", "pill[1]", ", unknown [9], two ", "pill[2]", "pill[1]", "."}
	if !slices.Equal(got, want) {
		t.Errorf("segments = %q, want %q", got, want)
	}
	if !slices.Equal(opened, []int{0, 1, 0}) {
		t.Errorf("pills open citations %v, want [0 1 0]", opened)
	}
}

// TestRepeatedSourcePillsOpenTheirOwnQuote: two quotes from source 1 each
// get a [1] pill, and each pill opens its own quote, not the first.
func TestRepeatedSourcePillsOpenTheirOwnQuote(t *testing.T) {
	ans := &app.Answer{
		Answer:     "Quoted:\n\n“First.” [1]\n\n“Second.” [1]",
		Sufficient: true,
		Citations:  []app.Citation{{N: 1, Quote: "First."}, {N: 1, Quote: "Second."}},
	}
	var opened []int
	for _, s := range answerSegments(ans, nil, func(i int) { opened = append(opened, i) }) {
		if l, ok := s.(*pillSegment); ok {
			l.OnTapped()
		}
	}
	if !slices.Equal(opened, []int{0, 1}) {
		t.Errorf("pills open citations %v, want [0 1]", opened)
	}
}

func TestQuoteSegmentsFallsBackToSearch(t *testing.T) {
	ct := &app.CitedText{Text: "héllo world, quoted words here.", QuoteStart: 2, QuoteEnd: 5} // 2 splits "é"
	_, hl := quoteSegments(ct, "quoted words")
	if hl == nil || hl.Text != "quoted words" {
		t.Errorf("highlight = %+v, want the quote found by search", hl)
	}
	if _, hl := quoteSegments(&app.CitedText{Text: "abc"}, "zzz"); hl != nil {
		t.Errorf("highlighted %q for a quote not in the text", hl.Text)
	}
}

func TestCitationWhere(t *testing.T) {
	for _, c := range []struct {
		section        string
		ls, le, ps, pe int
		want           string
	}{
		{"Intro", 3, 7, 0, 0, "Intro · lines 3–7"},
		{"", 5, 5, 0, 0, "line 5"},
		{"Results", 0, 0, 4, 4, "Results · page 4"},
		{"", 0, 0, 2, 3, "pages 2–3"},
		{"", 0, 0, 0, 0, ""},
	} {
		if got := citationWhere(c.section, c.ls, c.le, c.ps, c.pe); got != c.want {
			t.Errorf("citationWhere(%q, %d, %d, %d, %d) = %q, want %q", c.section, c.ls, c.le, c.ps, c.pe, got, c.want)
		}
	}
}

func TestSnippetOf(t *testing.T) {
	if got := snippetOf("  short\n\ntext\nmore ", 300); got != "short · text more" {
		t.Errorf("snippetOf = %q", got)
	}
	long := strings.Repeat("word ", 100)
	got := snippetOf(long, 300)
	if n := len([]rune(got)); n > 301 || !strings.HasSuffix(got, "…") {
		t.Errorf("snippetOf long = %d runes %q", n, got)
	}
}

// TestSourceCardStartsWhereTheAnswerDrew: a source's card shows the text
// of the block its first citation quotes, not the start of its evidence.
func TestSourceCardStartsWhereTheAnswerDrew(t *testing.T) {
	src := app.SourceRef{N: 1, Text: "The ability to recruit and retain a workforce.\n\nHealth and Safety\n\n" +
		"/s/ Michael F. Roman\nChief Executive Officer\nFebruary 8, 2023"}
	cites := []app.Citation{{N: 2, Source: 3, Quote: "Health and Safety"}, {N: 1, Quote: "Michael F. Roman\nChief Executive Officer"}}
	if got, want := drawnOn(src, cites), "/s/ Michael F. Roman\nChief Executive Officer\nFebruary 8, 2023"; got != want {
		t.Errorf("drawnOn = %q, want %q", got, want)
	}
	// A quote across a page break is found by its first line.
	cites[1].Quote = "Michael F. Roman\nChief Executive Officer (continued on the next page)"
	if got := drawnOn(src, cites); !strings.HasPrefix(got, "/s/ Michael F. Roman") {
		t.Errorf("drawnOn by the first line = %q", got)
	}
	// Not quoted, or not found as written: the whole text.
	if got := drawnOn(src, nil); got != src.Text {
		t.Errorf("drawnOn without citations = %q", got)
	}
	cites[1].Quote = "words the source does not hold"
	if got := drawnOn(src, cites); got != src.Text {
		t.Errorf("drawnOn of a quote not found = %q", got)
	}
}

// TestWhyTheseSources: an answer that explains its route offers "Why these
// sources?", folded until tapped; one without an explanation does not.
func TestWhyTheseSources(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Why = []string{"Decisions by the local provider: 3 requests.", "Kept Harbour Survey › Tides, page 2: usefulness 2.8 of 3."}
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: ans})
	h.ask(t, "What were the tides?")
	d := h.ui.drawer
	if !d.whyButton.Visible() || d.why.Visible() {
		t.Fatalf("button visible %v, explanation visible %v; want the button and a folded explanation", d.whyButton.Visible(), d.why.Visible())
	}
	test.Tap(d.whyButton)
	if !d.why.Visible() || d.why.Text != strings.Join(ans.Why, "\n") {
		t.Fatalf("explanation after tap: visible %v, %q", d.why.Visible(), d.why.Text)
	}

	plain := twoCitationAnswer()
	h2 := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: plain})
	h2.ask(t, "What were the tides?")
	if h2.ui.drawer.whyButton.Visible() {
		t.Fatal("Why these sources? offered without an explanation")
	}
}

// TestCloseDropsLateResults: work that finishes after Close — a document
// list that arrives once the window is gone — is not shown: it refreshed
// widgets already torn down (a crash in `archivist bench`).
func TestCloseDropsLateResults(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	u := New(a, w, Services{Library: &stalledLibrary{}, Research: &fakeResearch{}})
	ran := false
	u.do(func() { ran = true })
	if !ran {
		t.Fatal("work before Close was dropped")
	}
	u.Close()
	ran = false
	u.do(func() { ran = true })
	if ran {
		t.Error("work finishing after Close still reached the window")
	}
}

func TestInsufficientAnswerPillsOnlyItsClosestEvidence(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Sufficient = false
	ans.Answer = app.InsufficientEvidence + " See [1].\n\n" + app.ClosestEvidence + "\n\n“" + ans.Citations[0].Quote + "” [1]"
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: ans})
	tr := h.ask(t, "Who was the mayor in 1800?")
	pills := 0
	for _, s := range tr.text.Segments {
		if _, ok := s.(*pillSegment); ok {
			pills++
		}
	}
	if pills != 1 {
		t.Fatalf("%d pills, want the closest evidence's one (the refusal's own [1] stays text)", pills)
	}
}
