package desktop

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"archivist/app"
)

// fakeReviews keeps proposals in memory, as the store would.
type fakeReviews struct {
	mu    sync.Mutex
	props []app.ReviewProposal
}

func (f *fakeReviews) ReviewImported(context.Context, []string) ([]app.ReviewProposal, error) {
	return nil, nil
}

func (f *fakeReviews) Proposals(_ context.Context, statuses ...app.ReviewStatus) ([]app.ReviewProposal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []app.ReviewProposal
	for _, p := range f.props {
		if len(statuses) == 0 || p.Status == statuses[0] {
			out = append(out, p)
		}
	}
	return out, nil
}

func (f *fakeReviews) set(id string, from, to app.ReviewStatus) (app.ReviewProposal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.props {
		if f.props[i].ID == id {
			if f.props[i].Status != from {
				return app.ReviewProposal{}, app.Errorf(app.EConflict, "The proposal is %s.", f.props[i].Status)
			}
			f.props[i].Status = to
			return f.props[i], nil
		}
	}
	return app.ReviewProposal{}, app.Errorf(app.ENotFound, "No review proposal %q.", id)
}

func (f *fakeReviews) Accept(_ context.Context, id string) (app.ReviewProposal, error) {
	return f.set(id, app.ReviewProposed, app.ReviewAccepted)
}

func (f *fakeReviews) Reject(_ context.Context, id string) (app.ReviewProposal, error) {
	return f.set(id, app.ReviewProposed, app.ReviewRejected)
}

func (f *fakeReviews) Undo(_ context.Context, id string) (app.ReviewProposal, error) {
	return f.set(id, app.ReviewAccepted, app.ReviewUndone)
}

func (f *fakeReviews) status(id string) app.ReviewStatus {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.props {
		if p.ID == id {
			return p.Status
		}
	}
	return ""
}

// The review's proposals are counted in the top bar's notification line,
// which takes nothing from the list; its popup shows each, to be moved
// (then undone) or rejected with one click.
func TestReviewsPanel(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	h.win.Resize(fyne.NewSize(1024, 768))
	listBefore := h.ui.library.list.Size().Height
	rv := &fakeReviews{props: []app.ReviewProposal{
		{ID: "r1", Title: "Corning 10-K 2021", FromFolderID: "d", FromPath: "Downloads", ToFolderID: "c", ToPath: "Corning",
			Status: app.ReviewProposed, Passages: []app.ReviewPassage{{Text: "Corning Incorporated annual report"}}},
		{ID: "r2", Title: "Boeing 10-K 2018", FromFolderID: "m", FromPath: "misc", NewName: "Boeing", ToPath: "Boeing",
			Status: app.ReviewProposed},
	}}
	h.ui.setReviews(rv)
	p := h.ui.reviews
	h.loop.waitFor(t, "the proposals", func() bool { return len(p.rows) == 2 })
	if !p.content.Visible() || p.header.Text != "Related documents to move (2)" {
		t.Fatalf("header %q, visible %v", p.header.Text, p.content.Visible())
	}
	n := h.ui.notices
	if !n.content.Visible() || n.button.Text != "2 suggestions" {
		t.Fatalf("the notification line says %q (shown %v)", n.button.Text, n.content.Visible())
	}
	if n.popup.Visible() {
		t.Error("the proposals opened by themselves over the list")
	}
	h.win.Resize(fyne.NewSize(1024, 769)) // lay the window out again with the line shown
	if got := h.ui.library.list.Size().Height; listBefore <= 0 || got < listBefore {
		t.Errorf("the list went from %v to %v high", listBefore, got)
	}
	test.Tap(n.button)
	if !n.popup.Visible() || !slices.Contains(n.sections.Objects, fyne.CanvasObject(p.content)) {
		t.Fatal("a tap on the line does not show the proposals")
	}
	r1 := p.rows[0]
	if !strings.Contains(r1.label.Text, "“Downloads” → “Corning”") || !strings.Contains(r1.label.Text, "Corning Incorporated") {
		t.Errorf("row reads %q", r1.label.Text)
	}
	if !strings.Contains(p.rows[1].label.Text, "(a new folder)") {
		t.Errorf("a new folder is not said: %q", p.rows[1].label.Text)
	}

	test.Tap(r1.accept)
	h.loop.waitFor(t, "the move", func() bool { return r1.undo.Visible() })
	if rv.status("r1") != app.ReviewAccepted || !strings.Contains(r1.label.Text, "moved to “Corning”") || r1.accept.Visible() {
		t.Errorf("after Move: %s, %q", rv.status("r1"), r1.label.Text)
	}
	if p.header.Text != "Related documents to move (1)" || n.button.Text != "1 suggestion" {
		t.Errorf("header after a move: %q, line %q", p.header.Text, n.button.Text)
	}
	test.Tap(p.rows[1].reject)
	h.loop.waitFor(t, "the rejection", func() bool { return len(p.rows) == 1 })
	if rv.status("r2") != app.ReviewRejected || n.button.Text != "1 document moved" {
		t.Errorf("after ✕: %s, the line says %q", rv.status("r2"), n.button.Text)
	}
	test.Tap(r1.undo)
	h.loop.waitFor(t, "the undo", func() bool { return len(p.rows) == 0 })
	if rv.status("r1") != app.ReviewUndone || p.content.Visible() {
		t.Errorf("after Undo: %s, panel visible %v", rv.status("r1"), p.content.Visible())
	}
	if n.content.Visible() || n.popup.Visible() {
		t.Error("the notification line stays with nothing to say")
	}
}
