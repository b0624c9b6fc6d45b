package desktop

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/watch"
	"archivist/store"
)

// watchedUI is a window over a real library and a running watch engine, and
// a folder holding files (name → text) to watch.
type watchedUI struct {
	ctx  context.Context
	db   *store.DB
	u    *UI
	loop *uiLoop
	dir  string
	svc  watch.Service
}

func newWatchedUI(t *testing.T, folder string, files map[string]string) *watchedUI {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	im := &ingest.Importer{DB: db, NewID: uuid.NewString, Workers: 1}
	dir := filepath.Join(t.TempDir(), folder)
	os.MkdirAll(dir, 0o755)
	for name, text := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	loop := &uiLoop{}
	u := newUI(a, w, Services{Library: im, Research: &fakeResearch{}}, loop.do)
	e := &watch.Engine{DB: db, Import: watch.Through(im), NewID: uuid.NewString, Stable: -1,
		Rescan: time.Hour, Poll: 100 * time.Millisecond, OnChange: u.WatchChanged}
	done := make(chan struct{})
	go func() { e.Run(ctx); close(done) }()
	// Cleanups run last in, first out: the engine stops before the window,
	// the importer and the library close.
	t.Cleanup(func() { db.Close() })
	t.Cleanup(im.Close)
	t.Cleanup(w.Close)
	t.Cleanup(u.Close)
	t.Cleanup(func() { cancel(); <-done })
	return &watchedUI{ctx: ctx, db: db, u: u, loop: loop, dir: dir, svc: watch.Service{E: e}}
}

// TestWatchPanel drives the sidebar's watched folders over a real library
// and engine: a folder added syncs and shows its state and last result, a
// file that failed is listed until dismissed, pause and resume, and an
// absent folder shows offline.
func TestWatchPanel(t *testing.T) {
	fx := newWatchedUI(t, "Scans", map[string]string{
		"minutes.md": "# Minutes\n\nThe board met on Tuesday.\n",
		"broken.pdf": "not a PDF",
	})
	ctx, db, u, loop, dir, svc := fx.ctx, fx.db, fx.u, fx.loop, fx.dir, fx.svc
	u.setWatcher(svc)
	p := u.watch
	texts := func() []string { return labelTexts(p.content) }
	has := func(s string) bool {
		return slices.ContainsFunc(texts(), func(x string) bool { return strings.Contains(x, s) })
	}
	loop.waitFor(t, "the empty hint", func() bool { return has("None yet") })

	p.addFolder(dir)
	loop.waitFor(t, "the folder synced", func() bool { return has("watching · 1 document") && has("1 imported, 1 failed") })
	if !has("Scans/broken.pdf") {
		t.Fatalf("the failed file is not listed: %q", texts())
	}
	// The problem stays until dismissed.
	buttons := findAll[*widget.Button](p.problems)
	test.Tap(buttons[len(buttons)-1])
	loop.waitFor(t, "the problem dismissed", func() bool { return !has("broken.pdf") })

	row := findAll[*widget.Button](p.folders)
	test.Tap(row[1]) // pause
	loop.waitFor(t, "paused", func() bool { return has("paused") })
	os.Rename(dir, dir+".unplugged")
	row = findAll[*widget.Button](p.folders)
	test.Tap(row[1]) // resume
	loop.waitFor(t, "offline", func() bool { return has("offline — the folder is not there") })
	if docs, _ := db.Documents(ctx); len(docs) != 1 || docs[0].OriginalRemoved {
		t.Fatalf("an offline folder changed its documents: %+v", docs)
	}
}

func TestRemovedOriginalIsShown(t *testing.T) {
	d := app.Document{Format: app.FormatMarkdown, Status: app.StatusReady, OriginalRemoved: true}
	if got := docDetail(d, readCount{}); !strings.Contains(got, "Original removed") {
		t.Errorf("row detail %q", got)
	}
	d.OriginalRemoved = false
	if got := docDetail(d, readCount{}); strings.Contains(got, "removed") {
		t.Errorf("row detail %q", got)
	}
}
