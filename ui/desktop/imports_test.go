package desktop

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// passwordDialog returns the password entry and the Import button of the
// dialog on top of the window.
func passwordDialog(t *testing.T, w fyne.Window) (*widget.Entry, *widget.Button) {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog open")
	}
	var entry *widget.Entry
	for _, e := range findAll[*widget.Entry](top) {
		if e.Password {
			entry = e
		}
	}
	var submit *widget.Button
	for _, b := range findAll[*widget.Button](top) {
		if b.Text == "Import" {
			submit = b
		}
	}
	if entry == nil || submit == nil {
		t.Fatalf("dialog has no password entry (%v) or Import button (%v)", entry != nil, submit != nil)
	}
	return entry, submit
}

func TestPasswordProtectedImportAsksForPassword(t *testing.T) {
	p := filepath.Join(t.TempDir(), "secret.pdf")
	if err := os.WriteFile(p, []byte("%PDF-1.7"), 0o600); err != nil {
		t.Fatal(err)
	}
	lib := &fakeLibrary{passwords: map[string]string{"secret.pdf": "hunter2"}}
	h := newHarness(t, lib, &fakeResearch{})
	u := h.ui
	u.Drop(fyne.Position{}, []fyne.URI{storage.NewFileURI(p)})
	h.loop.waitFor(t, "the import to finish", func() bool { return !u.imports.running })

	if len(u.imports.lines) != 1 {
		t.Fatalf("%d lines in the import panel, want 1", len(u.imports.lines))
	}
	line := u.imports.lines[0]
	if line.password == nil || !line.password.Visible() || line.password.Text != "Enter password…" {
		t.Fatal("a file that needs a password has no Enter password… button")
	}
	if !strings.Contains(line.label.Text, "secret.pdf — This PDF is protected with a password.") {
		t.Errorf("line = %q", line.label.Text)
	}

	tapCenter(line.password)
	entry, submit := passwordDialog(t, h.win)
	if !submit.Disabled() {
		t.Error("Import is enabled with no password typed")
	}
	if h.win.Canvas().Focused() != entry {
		t.Error("the password entry does not have the keyboard")
	}
	test.Type(entry, "letmein")
	test.Tap(submit)
	h.loop.waitFor(t, "the wrong password's result", func() bool { return !line.password.Disabled() })
	if got := line.label.Text; got != "secret.pdf — The password is not correct." || line.label.Importance != widget.DangerImportance {
		t.Errorf("after a wrong password the line says %q (importance %v)", got, line.label.Importance)
	}
	if !line.password.Visible() {
		t.Error("the button went away after a wrong password")
	}
	if len(u.library.docs) != 0 {
		t.Error("a document appeared after a wrong password")
	}

	tapCenter(line.password)
	entry, _ = passwordDialog(t, h.win)
	test.Type(entry, "hunter2")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Enter submits too
	h.loop.waitFor(t, "the document in the list", func() bool { return slices.Contains(labelTexts(u.library.list), "secret") })
	lib.mu.Lock()
	tried := slices.Clone(lib.tried)
	lib.mu.Unlock()
	if got := tried; !slices.Equal(got, []string{"letmein", "hunter2"}) {
		t.Errorf("ImportWithPassword got %q", got)
	}
	if got := line.label.Text; got != "secret.pdf — Imported." || line.password.Visible() {
		t.Errorf("after the right password the line says %q, button shown %v", got, line.password.Visible())
	}
	if got := u.imports.status.Text; got != "Imported 1 file" {
		t.Errorf("summary = %q", got)
	}
}

func TestOtherFailuresOfferNoPassword(t *testing.T) {
	p := filepath.Join(t.TempDir(), "broken.pdf")
	if err := os.WriteFile(p, []byte("garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	lib := &fakeLibrary{fail: map[string]string{"broken.pdf": "The file is not a valid PDF."}}
	h := newHarness(t, lib, &fakeResearch{})
	h.ui.Drop(fyne.Position{}, []fyne.URI{storage.NewFileURI(p)})
	h.loop.waitFor(t, "the import to finish", func() bool { return !h.ui.imports.running })
	buttons := findAll[*escButton](h.ui.imports.content)
	if len(buttons) == 0 {
		t.Fatal("the failure has no buttons, not even Dismiss")
	}
	for _, b := range buttons {
		if strings.Contains(b.Text, "password") {
			t.Errorf("a %s failure offers %q", app.EUnsupported, b.Text)
		}
	}
}

// quittingLibrary imports one file until its context ends, then, as the
// real import does when quitting, takes a moment to put the job back in
// the queue before it returns.
type quittingLibrary struct {
	*fakeLibrary
	started chan struct{}
	cause   error
	requeue atomic.Bool // the job went back to the queue
}

func (q *quittingLibrary) Import(ctx context.Context, paths []string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	close(q.started)
	<-ctx.Done()
	q.cause = context.Cause(ctx)
	time.Sleep(50 * time.Millisecond) // the write that puts the job back
	q.requeue.Store(true)
	return nil, app.Errorf(app.ECancelled, "the import was interrupted; it resumes at the next start")
}

// TestQuitWaitsForTheImport: closing the window stops a running import as
// a quit, and Wait returns only once the import has ended, so the library
// is never closed under it (a job left running counts as a crashed start).
func TestQuitWaitsForTheImport(t *testing.T) {
	lib := &quittingLibrary{fakeLibrary: &fakeLibrary{}, started: make(chan struct{})}
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	loop := &uiLoop{}
	u := newUI(a, w, Services{Library: lib, Research: &fakeResearch{}}, loop.do)
	loop.waitFor(t, "the first document list", func() bool { return !u.library.loading })
	u.imports.enqueue([]string{filepath.Join(t.TempDir(), "long.pdf")})
	<-lib.started
	u.Close()
	u.Wait()
	if !lib.requeue.Load() {
		t.Fatal("Wait returned while the import was still putting its job back")
	}
	if !errors.Is(lib.cause, app.ErrQuitting) {
		t.Errorf("the import stopped with %v, want a quit", lib.cause)
	}
}
