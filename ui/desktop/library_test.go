package desktop

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// folderLibrary is a fakeLibrary with the filing side (app.Folders) kept in
// memory, and a filer that proposes what proposals holds for a document.
type folderLibrary struct {
	*fakeLibrary
	fmu       sync.Mutex
	folders   []app.Folder
	place     map[string]app.Placement
	trashed   map[string]time.Time
	emptied   int
	blobs     map[string]string // document ID → original path
	proposals map[string]*app.FilingProposal
	lookups   []string
	nextF     int
	released  bool // gate closed by release
}

func newFolderLibrary(docs ...app.Document) *folderLibrary {
	return &folderLibrary{fakeLibrary: &fakeLibrary{docs: docs}, place: map[string]app.Placement{},
		trashed: map[string]time.Time{}, blobs: map[string]string{}, proposals: map[string]*app.FilingProposal{}}
}

// release lets the imports held at the gate go on; once is enough.
func (l *folderLibrary) release() {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	if l.gate != nil && !l.released {
		close(l.gate)
		l.released = true
	}
}

func (l *folderLibrary) Documents(ctx context.Context) ([]app.Document, error) {
	docs, _ := l.fakeLibrary.Documents(ctx)
	l.fmu.Lock()
	defer l.fmu.Unlock()
	return slices.DeleteFunc(docs, func(d app.Document) bool { _, gone := l.trashed[d.ID]; return gone }), nil
}

func (l *folderLibrary) Folders(context.Context) ([]app.Folder, error) {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	out := slices.Clone(l.folders)
	for i := range out {
		out[i].Documents = 0
		for id, p := range l.place {
			if _, gone := l.trashed[id]; p.FolderID == out[i].ID && !gone {
				out[i].Documents++
			}
		}
	}
	return out, nil
}

func (l *folderLibrary) CreateFolder(_ context.Context, parent, name string) (app.Folder, error) {
	name, err := app.CleanFolderName(name)
	if err != nil {
		return app.Folder{}, err
	}
	l.fmu.Lock()
	defer l.fmu.Unlock()
	for _, f := range l.folders {
		if f.ParentID == parent && strings.EqualFold(f.Name, name) {
			return app.Folder{}, app.Errorf(app.EConflict, "There is already a folder called %q here.", name)
		}
	}
	l.nextF++
	f := app.Folder{ID: "F" + strconv.Itoa(l.nextF), ParentID: parent, Name: name}
	l.folders = append(l.folders, f)
	return f, nil
}

func (l *folderLibrary) RenameFolder(_ context.Context, id, name string) error {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	for i := range l.folders {
		if l.folders[i].ID == id {
			l.folders[i].Name = name
			return nil
		}
	}
	return app.Errorf(app.ENotFound, "The folder no longer exists.")
}

func (l *folderLibrary) DeleteFolder(_ context.Context, id string) error {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	l.folders = slices.DeleteFunc(l.folders, func(f app.Folder) bool { return f.ID == id })
	return nil
}

func (l *folderLibrary) MoveDocuments(_ context.Context, ids []string, folderID string) error {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	for _, id := range ids {
		p := l.place[id]
		p.FolderID = folderID
		l.place[id] = p
	}
	return nil
}

func (l *folderLibrary) Placements(context.Context) (map[string]app.Placement, error) {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	out := map[string]app.Placement{}
	for id, p := range l.place {
		if _, gone := l.trashed[id]; !gone {
			out[id] = p
		}
	}
	return out, nil
}

func (l *folderLibrary) SetSensitivity(_ context.Context, id, level string) error {
	if _, err := app.ParseSensitivity(level); err != nil {
		return app.Errorf(app.EInvalid, "Unknown sensitivity %q.", level)
	}
	l.fmu.Lock()
	defer l.fmu.Unlock()
	p := l.place[id]
	p.Sensitivity = level
	l.place[id] = p
	return nil
}

func (l *folderLibrary) Trash(_ context.Context, ids []string) error {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	for _, id := range ids {
		l.trashed[id] = time.Now()
	}
	return nil
}

func (l *folderLibrary) Trashed(context.Context) ([]app.TrashedDocument, error) {
	docs, _ := l.fakeLibrary.Documents(context.Background())
	l.fmu.Lock()
	defer l.fmu.Unlock()
	out := []app.TrashedDocument{}
	for _, d := range docs {
		if at, ok := l.trashed[d.ID]; ok {
			out = append(out, app.TrashedDocument{Document: d, TrashedAt: at})
		}
	}
	return out, nil
}

func (l *folderLibrary) Restore(_ context.Context, ids []string) error {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	for _, id := range ids {
		delete(l.trashed, id)
	}
	return nil
}

func (l *folderLibrary) EmptyTrash(context.Context) (int, error) {
	l.fmu.Lock()
	n := len(l.trashed)
	gone := l.trashed
	l.trashed = map[string]time.Time{}
	l.emptied += n
	l.fmu.Unlock()
	l.mu.Lock()
	l.docs = slices.DeleteFunc(l.docs, func(d app.Document) bool { _, ok := gone[d.ID]; return ok })
	l.mu.Unlock()
	return n, nil
}

func (l *folderLibrary) OriginalPath(_ context.Context, id string) (string, error) {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	if p, ok := l.blobs[id]; ok {
		return p, nil
	}
	return "", app.Errorf(app.ENotFound, "The original is missing from the library.")
}

func (l *folderLibrary) Lookup(_ context.Context, text string, limit int) ([]app.LookupHit, error) {
	docs, _ := l.Documents(context.Background())
	l.fmu.Lock()
	l.lookups = append(l.lookups, text)
	l.fmu.Unlock()
	var hits []app.LookupHit
	for _, d := range docs {
		if strings.Contains(strings.ToLower(d.Title), strings.ToLower(strings.TrimSpace(text))) && len(hits) < limit {
			hits = append(hits, app.LookupHit{DocumentID: d.ID, Title: d.Title, Heading: "Overview", Page: 2})
		}
	}
	return hits, nil
}

// ProposeFolder makes folderLibrary an app.Filer too.
func (l *folderLibrary) ProposeFolder(_ context.Context, id string) (*app.FilingProposal, error) {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	return l.proposals[id], nil
}

func (l *folderLibrary) placement(id string) app.Placement {
	l.fmu.Lock()
	defer l.fmu.Unlock()
	return l.place[id]
}

var _ app.Folders = (*folderLibrary)(nil)

func folderHarness(t *testing.T, lib *folderLibrary, research *fakeResearch) *harness {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	h := &harness{win: w, loop: &uiLoop{}, lib: lib.fakeLibrary, research: research}
	h.ui = newUI(a, w, Services{Library: lib, Research: research}, h.loop.do)
	h.ui.setFiler(lib)
	t.Cleanup(h.ui.Close)
	h.loop.waitFor(t, "the first document list", func() bool { return !h.ui.library.loading })
	return h
}

func (h *harness) reloaded(t *testing.T) {
	t.Helper()
	h.loop.waitFor(t, "the list to reload", func() bool { return !h.ui.library.loading })
}

func shownTitles(v *libraryView) []string {
	var out []string
	for _, d := range v.shown {
		out = append(out, d.Title)
	}
	return out
}

func writeFiles(t *testing.T, names ...string) []fyne.URI {
	dir := t.TempDir()
	var uris []fyne.URI
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("# "+n+"\n\nText.\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		uris = append(uris, storage.NewFileURI(p))
	}
	return uris
}

func TestImportQueueCancelsPerFileAndAll(t *testing.T) {
	lib := newFolderLibrary()
	lib.gate = make(chan struct{})
	h := folderHarness(t, lib, &fakeResearch{})
	u := h.ui
	u.Drop(fyne.NewPos(5, 5), writeFiles(t, "one.md", "two.md", "three.md", "four.md"))
	if len(u.imports.items.Objects) != 4 || !u.imports.cancelAll.Visible() {
		t.Fatalf("queue shows %d rows; want one per dropped file and Cancel all", len(u.imports.items.Objects))
	}
	// one.md goes through; two.md waits at the gate, so one.md must be in
	// the list, askable, before the others finish.
	h.loop.waitFor(t, "the first document", func() bool { return slices.Contains(shownTitles(u.library), "one") })
	if !u.imports.running || filepath.Base(u.imports.active.path) != "two.md" {
		t.Fatal("the second file is not the one importing")
	}
	if got := u.imports.progress.Value; got != 1 || u.imports.progress.Max != 4 {
		t.Errorf("overall progress %v of %v, want 1 of 4", got, u.imports.progress.Max)
	}

	// Cancel a waiting file: it leaves the queue and is never imported.
	three := u.imports.queue[0]
	test.Tap(three.stop)
	if len(u.imports.queue) != 1 || len(u.imports.items.Objects) != 2 {
		t.Fatalf("after cancelling three.md: %d waiting, %d rows", len(u.imports.queue), len(u.imports.items.Objects))
	}
	// Cancel all: the running file is stopped, the rest dropped.
	test.Tap(u.imports.cancelAll)
	h.loop.waitFor(t, "the queue to stop", func() bool { return !u.imports.running })
	for _, p := range lib.importedPaths() {
		if b := filepath.Base(p); b != "one.md" {
			t.Errorf("%s was imported after being cancelled", b)
		}
	}
	if got := u.imports.status.Text; got != "Imported 1 file · 3 cancelled" {
		t.Errorf("summary = %q", got)
	}
	if u.imports.progress.Visible() || len(u.imports.items.Objects) != 0 {
		t.Error("progress still shown after the queue stopped")
	}
	test.Tap(u.imports.dismiss)
	if u.imports.content.Visible() {
		t.Error("Dismiss left the panel open")
	}
}

func TestAskThisFolderScopesDrawer(t *testing.T) {
	lib := newFolderLibrary(
		app.Document{ID: "a", Title: "Alpha", Status: app.StatusReady},
		app.Document{ID: "b", Title: "Beta", Status: app.StatusReady})
	lib.folders = []app.Folder{{ID: "fin", Name: "Finance"}, {ID: "rep", ParentID: "fin", Name: "Reports"}}
	lib.place["a"] = app.Placement{FolderID: "rep"}
	research := &fakeResearch{answer: twoCitationAnswer()}
	h := folderHarness(t, lib, research)
	u := h.ui
	tree := u.library.tree
	if !tree.askFolder.Disabled() {
		t.Error("Ask this folder enabled with no folder chosen")
	}
	tree.tree.Select(folderNodePrefix + "rep")
	if got := shownTitles(u.library); !slices.Equal(got, []string{"Alpha"}) {
		t.Errorf("folder shows %v, want [Alpha]", got)
	}
	if got := u.library.title.Text; got != "Reports" {
		t.Errorf("list heading = %q", got)
	}
	test.Tap(tree.askFolder)
	if got := u.drawer.scopeLabel.Text; got != "Folder “Reports”" || !u.drawer.clearScope.Visible() {
		t.Errorf("scope header = %q (Clear scope shown %v)", got, u.drawer.clearScope.Visible())
	}
	h.ask(t, "What changed?")
	if q := research.asked()[0]; q.Scope.FolderID != "rep" || len(q.Scope.DocumentIDs) != 0 {
		t.Errorf("question scope = %+v, want the folder", q.Scope)
	}
	test.Tap(u.drawer.clearScope)
	h.ask(t, "And everywhere?")
	if q := research.asked()[1]; !q.Scope.All() {
		t.Errorf("scope after Clear = %+v", q.Scope)
	}

	tree.tree.Select(viewUnfiled)
	if got := shownTitles(u.library); !slices.Equal(got, []string{"Beta"}) {
		t.Errorf("Not in a folder shows %v", got)
	}
}

func TestNewFolderAndMoveSelection(t *testing.T) {
	lib := newFolderLibrary(app.Document{ID: "a", Title: "Alpha", Status: app.StatusReady},
		app.Document{ID: "b", Title: "Beta", Status: app.StatusReady})
	h := folderHarness(t, lib, &fakeResearch{})
	u := h.ui
	test.Tap(u.library.tree.newFolder)
	entry, create := formDialog(t, h.win)
	if !create.Disabled() {
		t.Error("Create enabled with no name")
	}
	test.Type(entry, "Letters")
	test.Tap(create)
	h.loop.waitFor(t, "the new folder", func() bool { return len(u.library.folders) == 1 })
	if lib.folders[0].Name != "Letters" || lib.folders[0].ParentID != "" {
		t.Fatalf("folders = %+v", lib.folders)
	}
	u.library.setSelected("b", true)
	u.library.chooseFolderFor(u.library.selectedIDs())
	sel := findAll[*widget.Select](topOverlay(h.win))[0]
	sel.SetSelected("Letters")
	test.Tap(dialogButton(t, h.win, "Move"))
	h.loop.waitFor(t, "the move", func() bool { return lib.placement("b").FolderID == lib.folders[0].ID })
	h.reloaded(t)
	if lib.placement("a").FolderID != "" {
		t.Error("an unticked document moved")
	}
}

func TestTrashRestoreAndEmpty(t *testing.T) {
	lib := newFolderLibrary(app.Document{ID: "a", Title: "Alpha", Status: app.StatusReady},
		app.Document{ID: "b", Title: "Beta", Status: app.StatusReady})
	h := folderHarness(t, lib, &fakeResearch{})
	u := h.ui
	v := u.library
	tapCenter(rowCheck(t, v, "Alpha"))
	test.Tap(v.trashSel)
	h.loop.waitFor(t, "Alpha to leave the list", func() bool { return slices.Equal(shownTitles(v), []string{"Beta"}) })
	if len(v.selected) != 0 {
		t.Error("the trashed document stays selected")
	}

	v.tree.tree.Select(viewTrash)
	if got := shownTitles(v); !slices.Equal(got, []string{"Alpha"}) {
		t.Fatalf("trash shows %v", got)
	}
	if v.askSelection.Visible() || !v.restoreSel.Visible() || !v.emptyTrash.Visible() || v.emptyTrash.Disabled() {
		t.Error("the trash does not offer Restore and Empty trash (or still offers Ask selection)")
	}
	test.Tap(v.selectAll)
	if !v.selectAll.Disabled() || len(v.selected) != 1 {
		t.Errorf("All ticked %d of the trash's 1 document", len(v.selected))
	}
	test.Tap(v.restoreSel)
	h.loop.waitFor(t, "the trash to empty", func() bool { return len(v.shown) == 0 && len(v.trashed) == 0 })
	v.tree.tree.Select(viewAll)
	if got := shownTitles(v); len(got) != 2 {
		t.Errorf("after restore the list shows %v", got)
	}

	v.selected["b"] = true
	v.trashSelected()
	h.reloaded(t)
	h.loop.waitFor(t, "Beta in the trash", func() bool { return len(v.trashed) == 1 })
	v.tree.tree.Select(viewTrash)
	test.Tap(v.emptyTrash)
	test.Tap(dialogButton(t, h.win, "Yes"))
	h.loop.waitFor(t, "the trash emptied", func() bool { return len(v.trashed) == 0 && !v.loading })
	if lib.emptied != 1 {
		t.Errorf("EmptyTrash deleted %d documents, want 1", lib.emptied)
	}
}

func TestFilingSuggestionsAcceptEditReject(t *testing.T) {
	lib := newFolderLibrary()
	lib.folders = []app.Folder{{ID: "fin", Name: "Finance"}}
	h := folderHarness(t, lib, &fakeResearch{})
	u := h.ui
	// The fake names documents doc1, doc2, … in import order.
	lib.proposals["doc1"] = &app.FilingProposal{DocumentID: "doc1", Title: "report", FolderID: "fin", Path: "Finance"}
	lib.proposals["doc2"] = &app.FilingProposal{DocumentID: "doc2", Title: "lamp", NewName: "Lighthouse", Path: "Lighthouse"}
	lib.proposals["doc3"] = &app.FilingProposal{DocumentID: "doc3", Title: "memo", FolderID: "fin", Path: "Finance"}
	u.Drop(fyne.Position{}, writeFiles(t, "report.md", "lamp.md", "memo.md"))
	h.loop.waitFor(t, "three suggestions", func() bool { return len(u.filing.rows) == 3 })
	if !u.filing.content.Visible() {
		t.Fatal("suggestions not shown")
	}
	for _, id := range []string{"doc1", "doc2", "doc3"} {
		if lib.placement(id).FolderID != "" {
			t.Fatalf("%s was filed before anyone accepted", id)
		}
	}
	if u.notices.popup.Visible() || u.notices.button.Text != "3 suggestions" {
		t.Errorf("the line says %q, popup open by itself %v", u.notices.button.Text, u.notices.popup.Visible())
	}
	test.Tap(u.notices.button)
	texts := strings.Join(labelTexts(u.notices.popup), "\n")
	if !strings.Contains(texts, "lamp → “Lighthouse” (a new folder)") {
		t.Errorf("suggestions read:\n%s", texts)
	}

	// Accept the new folder: it is made, then the document moves into it.
	lamp := u.filing.rows[1]
	test.Tap(lamp.accept)
	h.loop.waitFor(t, "lamp filed", func() bool { return lib.placement("doc2").FolderID != "" })
	lib.fmu.Lock()
	made := slices.Clone(lib.folders)
	lib.fmu.Unlock()
	if len(made) != 2 || made[1].Name != "Lighthouse" || lib.placement("doc2").FolderID != made[1].ID {
		t.Errorf("folders %+v, lamp in %q", made, lib.placement("doc2").FolderID)
	}
	// Reject: the row goes, nothing moves.
	memo := u.filing.rows[1]
	test.Tap(memo.reject)
	if len(u.filing.rows) != 1 || lib.placement("doc3").FolderID != "" {
		t.Error("rejecting moved the document or kept the row")
	}
	// Edit: choose another folder, then file.
	h.reloaded(t)
	report := u.filing.rows[0]
	test.Tap(report.edit)
	sel := findAll[*widget.Select](topOverlay(h.win))[0]
	sel.SetSelected("Lighthouse")
	test.Tap(dialogButton(t, h.win, "File"))
	h.loop.waitFor(t, "report filed", func() bool { return lib.placement("doc1").FolderID == made[1].ID })
	if len(u.filing.rows) != 0 || u.filing.content.Visible() {
		t.Error("suggestions still shown after all were handled")
	}
}

func TestSensitivityShownAndSettable(t *testing.T) {
	lib := newFolderLibrary(app.Document{ID: "a", Title: "Alpha", Format: app.FormatPDF, Pages: 2, Status: app.StatusReady})
	lib.place["a"] = app.Placement{Sensitivity: "confidential"}
	h := folderHarness(t, lib, &fakeResearch{})
	if texts := labelTexts(h.ui.library.list); !slices.Contains(texts, "PDF · 2 pages · Ready · Confidential") {
		t.Errorf("row shows %q", texts)
	}
	h.ui.library.setSensitivity("a", "public")
	h.loop.waitFor(t, "the new sensitivity", func() bool {
		return slices.Contains(labelTexts(h.ui.library.list), "PDF · 2 pages · Ready · Public")
	})
	if lib.placement("a").Sensitivity != "public" {
		t.Error("sensitivity not stored")
	}
	if sensitivityName("") != "Internal" || sensitivityName("bogus") != "Restricted" {
		t.Error("unset must read Internal and unknown Restricted (fail closed)")
	}
}

func TestSortAndFilter(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 1, d, 0, 0, 0, 0, time.UTC) }
	lib := newFolderLibrary(
		app.Document{ID: "a", Title: "Walrus notes", Format: app.FormatMarkdown, Pages: 0, Status: app.StatusReady, ImportedAt: day(3)},
		app.Document{ID: "b", Title: "annual report", Format: app.FormatPDF, Pages: 90, Status: app.StatusReady, ImportedAt: day(1)},
		app.Document{ID: "c", Title: "Board minutes", Format: app.FormatPDF, Pages: 4, Status: app.StatusFailed, ImportedAt: day(2)})
	h := folderHarness(t, lib, &fakeResearch{})
	v := h.ui.library
	for order, want := range map[string][]string{
		sortNewest: {"Walrus notes", "Board minutes", "annual report"},
		sortOldest: {"annual report", "Board minutes", "Walrus notes"},
		sortTitle:  {"annual report", "Board minutes", "Walrus notes"},
		sortPages:  {"annual report", "Board minutes", "Walrus notes"},
		sortStatus: {"Board minutes", "Walrus notes", "annual report"},
	} {
		v.sortBy.SetSelected(order)
		if got := shownTitles(v); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", order, got, want)
		}
	}
	v.sortBy.SetSelected(sortNewest)
	test.Type(v.filter, "pdf")
	if got := shownTitles(v); !slices.Equal(got, []string{"Board minutes", "annual report"}) {
		t.Errorf("filter pdf: %v", got)
	}
	v.filter.SetText("nothing like it")
	if !v.empty.Visible() || !strings.HasPrefix(v.emptyText.Text, "No document matches") {
		t.Errorf("no-match message = %q", v.emptyText.Text)
	}
}

func TestOmniboxLooksUpTitlesAsYouType(t *testing.T) {
	lib := newFolderLibrary(app.Document{ID: "a", Title: "Annual report", Status: app.StatusReady},
		app.Document{ID: "b", Title: "Lighthouse log", Status: app.StatusReady})
	research := &fakeResearch{answer: twoCitationAnswer()}
	h := folderHarness(t, lib, research)
	o := h.ui.omni
	h.win.Canvas().Focus(o.entry)
	test.Type(o.entry, "annual")
	h.loop.waitFor(t, "live matches", func() bool { return o.results.Visible() && len(o.results.Objects) == 1 })
	b := o.results.Objects[0].(*widget.Button)
	if b.Text != "Annual report — Overview (p. 2)" {
		t.Errorf("match reads %q", b.Text)
	}
	test.Tap(b)
	if got := h.ui.drawer.scopeLabel.Text; got != "Annual report" || o.results.Visible() {
		t.Errorf("after choosing a match: scope %q, matches shown %v", got, o.results.Visible())
	}
	o.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Enter asks
	h.loop.waitFor(t, "the answer", func() bool { return len(research.asked()) == 1 })
	if q := research.asked()[0]; q.Text != "annual" || !slices.Equal(q.Scope.DocumentIDs, []string{"a"}) {
		t.Errorf("asked %+v", q)
	}
}

func TestOpenOriginalUsesItsOwnName(t *testing.T) {
	blob := filepath.Join(t.TempDir(), "0123abcd")
	if err := os.WriteFile(blob, []byte("%PDF-1.7 original bytes"), 0o600); err != nil {
		t.Fatal(err)
	}
	lib := newFolderLibrary(app.Document{ID: "doc-open-test", Title: "Alpha", Filename: "alpha report.pdf", Status: app.StatusReady})
	lib.blobs["doc-open-test"] = blob
	h := folderHarness(t, lib, &fakeResearch{})
	opened := make(chan [2]string, 2)
	h.ui.open = func(path string, reveal bool) error {
		opened <- [2]string{path, strconv.FormatBool(reveal)}
		return nil
	}
	d := h.ui.library.docs[0]
	t.Cleanup(func() { os.RemoveAll(filepath.Join(os.TempDir(), "archivist-originals-"+userKey(), d.ID)) })
	h.ui.openOriginal(d, false)
	got := <-opened
	if filepath.Base(got[0]) != "alpha report.pdf" || got[1] != "false" {
		t.Fatalf("opened %v", got)
	}
	if b, err := os.ReadFile(got[0]); err != nil || string(b) != "%PDF-1.7 original bytes" {
		t.Errorf("the named copy holds %q, %v", b, err)
	}
	h.ui.openOriginal(d, true)
	if got := <-opened; got[1] != "true" || filepath.Base(got[0]) != "alpha report.pdf" {
		t.Errorf("Show in folder opened %v", got)
	}
}

// topOverlay is the window's topmost dialog.
func topOverlay(w fyne.Window) fyne.CanvasObject {
	return w.Canvas().Overlays().Top()
}

// formDialog returns the entry and confirm button of the dialog on top.
func formDialog(t *testing.T, w fyne.Window) (*widget.Entry, *widget.Button) {
	t.Helper()
	top := topOverlay(w)
	if top == nil {
		t.Fatal("no dialog shown")
	}
	entries := findAll[*widget.Entry](top)
	buttons := findAll[*widget.Button](top)
	if len(entries) == 0 || len(buttons) == 0 {
		t.Fatal("dialog has no entry or button")
	}
	return entries[0], buttons[len(buttons)-1]
}

// dialogButton returns the button labelled text in the dialog on top.
func dialogButton(t *testing.T, w fyne.Window, text string) *widget.Button {
	t.Helper()
	top := topOverlay(w)
	if top == nil {
		t.Fatal("no dialog shown")
	}
	for _, b := range findAll[*widget.Button](top) {
		if b.Text == text {
			return b
		}
	}
	t.Fatalf("no %q button in the dialog", text)
	return nil
}

func TestFileMenuImports(t *testing.T) {
	h := folderHarness(t, newFolderLibrary(), &fakeResearch{})
	menu := h.win.MainMenu()
	if menu == nil || len(menu.Items) == 0 || menu.Items[0].Label != "File" {
		t.Fatal("no File menu")
	}
	var labels []string
	for _, it := range menu.Items[0].Items {
		labels = append(labels, it.Label)
	}
	for _, want := range []string{"Import…", "New folder…", "Empty trash…"} {
		if !slices.Contains(labels, want) {
			t.Errorf("File menu %q lacks %q", labels, want)
		}
	}
	menu.Items[0].Items[0].Action()
	if top := topOverlay(h.win); top == nil {
		t.Error("File → Import… opened no dialog")
	}
}

func TestSuggestFoldersForUnfiledDocuments(t *testing.T) {
	lib := newFolderLibrary(app.Document{ID: "a", Title: "Alpha", Status: app.StatusReady},
		app.Document{ID: "b", Title: "Beta", Status: app.StatusReady})
	lib.folders = []app.Folder{{ID: "fin", Name: "Finance"}}
	lib.place["b"] = app.Placement{FolderID: "fin"}
	lib.proposals["a"] = &app.FilingProposal{DocumentID: "a", Title: "Alpha", FolderID: "fin", Path: "Finance"}
	h := folderHarness(t, lib, &fakeResearch{})
	v := h.ui.library
	if v.suggest.Visible() {
		t.Error("Suggest folders shown outside Not in a folder")
	}
	v.tree.tree.Select(viewUnfiled)
	if !v.suggest.Visible() {
		t.Fatal("Suggest folders hidden in Not in a folder")
	}
	test.Tap(v.suggest)
	test.Tap(v.suggest) // a second tap adds nothing
	h.loop.waitFor(t, "the suggestion", func() bool { return len(h.ui.filing.rows) == 1 && !h.ui.filing.busy })
	if got := h.ui.filing.rows[0].prop.DocumentID; got != "a" {
		t.Errorf("suggestion for %q", got)
	}
}

// A paged file's row shows how far its parse has got, from the importer's
// page reports.
func TestImportRowShowsPagesRead(t *testing.T) {
	lib := newFolderLibrary()
	lib.gate = make(chan struct{})
	h := folderHarness(t, lib, &fakeResearch{})
	u := h.ui
	u.Drop(fyne.NewPos(5, 5), writeFiles(t, "one.md", "report.pdf"))
	h.loop.waitFor(t, "the second file importing", func() bool {
		return u.imports.running && filepath.Base(u.imports.active.path) == "report.pdf"
	})
	it := u.imports.active
	u.imports.advance(it, app.ImportProgress{Path: it.path, Done: 0, Total: 1, Pages: 16, PageTotal: 64})
	if !it.bar.Visible() || it.spinner.Visible() || it.bar.Value != 16 || it.bar.Max != 64 {
		t.Fatalf("row bar %v of %v (shown %v), want 16 of 64 shown", it.bar.Value, it.bar.Max, it.bar.Visible())
	}
	if got := it.bar.TextFormatter(); got != "page 16 of 64" {
		t.Errorf("row bar says %q", got)
	}
	// The document's row in the list says how far, too.
	v := u.library
	saved := v.shown
	v.shown = []app.Document{{ID: "r", Filename: "report.pdf", Format: app.FormatPDF, Status: app.StatusImporting}}
	row := v.createRow()
	v.updateRow(0, row)
	if got := v.rows[row].detail.Text; !strings.Contains(got, "Importing… page 16 of 64") {
		t.Errorf("list row says %q", got)
	}
	v.shown = saved
	close(lib.gate)
	h.loop.waitFor(t, "the queue to finish", func() bool { return !u.imports.running })
}

// TestPanelsLeaveTheListItsHeight: however many imports fail and folders
// are proposed, the list keeps its height and the window its size: the top
// bar's line says how many, and its popup, which scrolls, stays inside the
// window.
func TestPanelsLeaveTheListItsHeight(t *testing.T) {
	lib := threeDocuments()
	h := newHarness(t, lib, &fakeResearch{})
	h.win.Resize(defaultWindowSize)
	u := h.ui
	listBefore := u.library.list.Size().Height
	for i := 0; i < 12; i++ {
		u.filing.add(app.FilingProposal{DocumentID: "a", Title: "Alpha " + strconv.Itoa(i), Path: "Reports", FolderID: "f1"})
		u.imports.addLine(&importLine{name: "file" + strconv.Itoa(i) + ".pdf", message: "This file could not be read.", failed: true})
	}
	u.imports.failed = 12
	u.imports.show()
	if got := h.win.Canvas().Size(); got != defaultWindowSize {
		t.Errorf("the window grew to %v", got)
	}
	if got := u.notices.button.Text; got != "12 imports failed · 12 suggestions" || u.notices.button.Icon.Name() != theme.NewErrorThemedResource(theme.ErrorIcon()).Name() {
		t.Errorf("the line says %q (icon %s)", got, u.notices.button.Icon.Name())
	}
	if u.notices.popup.Visible() {
		t.Error("the popup opened by itself")
	}
	h.win.Resize(defaultWindowSize.AddWidthHeight(0, 1)) // lay out again with the line shown
	if list := u.library.list.Size().Height; list < listBefore {
		t.Errorf("the list is %v px tall beside the notifications (was %v)", list, listBefore)
	}
	h.win.Resize(fyne.NewSize(1024, 480)) // less room than the panels ask
	test.Tap(u.notices.button)
	pos, size := u.notices.scroll.Position(), u.notices.scroll.Size()
	win := h.win.Canvas().Size()
	if pos.X < 0 || pos.Y < 0 || pos.X+size.Width > win.Width || pos.Y+size.Height > win.Height {
		t.Errorf("the popup at %v, %v leaves the %v window", pos, size, win)
	}
	if size.Height >= u.notices.sections.MinSize().Height {
		t.Errorf("the popup is %v tall for %v of content: it does not scroll", size.Height, u.notices.sections.MinSize().Height)
	}
}
