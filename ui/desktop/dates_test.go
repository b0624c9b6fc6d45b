package desktop

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// fakeFacts is an in-memory ledger.
type fakeFacts struct {
	mu      sync.Mutex
	facts   []app.Fact
	auto    float64
	reviews [][]app.FactReview
	cited   []string
	tags    map[string][]string // document ID → its tags
}

func (f *fakeFacts) ListFacts(_ context.Context, flt app.FactFilter) ([]app.Fact, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []app.Fact
	for _, x := range f.facts {
		ok := len(flt.States) == 0
		for _, s := range flt.States {
			ok = ok || x.State == s
		}
		for _, r := range flt.Roles {
			ok = ok && x.Role == r
		}
		if flt.Tag != "" {
			ok = ok && slices.Contains(f.tags[x.DocumentID], flt.Tag)
		}
		if len(flt.DocumentIDs) > 0 {
			in := false
			for _, d := range flt.DocumentIDs {
				in = in || x.DocumentID == d
			}
			ok = ok && in
		}
		if ok {
			out = append(out, x)
		}
	}
	return out, nil
}

func (f *fakeFacts) ReviewFacts(_ context.Context, _ string, rs []app.FactReview) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reviews = append(f.reviews, rs)
	for _, r := range rs {
		for i := range f.facts {
			if f.facts[i].ID == r.ID {
				f.facts[i].State = r.State
				if r.Role != "" {
					f.facts[i].Role = r.Role
				}
				if r.Value != nil {
					f.facts[i].Value = r.Value
				}
			}
		}
	}
	return nil
}

func (f *fakeFacts) AutoAcceptAbove(context.Context) (float64, error) { return f.auto, nil }
func (f *fakeFacts) SetAutoAcceptAbove(_ context.Context, x float64) error {
	f.mu.Lock()
	f.auto = x
	f.mu.Unlock()
	return nil
}

func (f *fakeFacts) FactCitation(_ context.Context, x app.Fact) (app.Citation, error) {
	f.mu.Lock()
	f.cited = append(f.cited, x.ID)
	f.mu.Unlock()
	return app.Citation{N: 1, DocumentID: x.DocumentID, Title: x.DocumentTitle, Quote: x.Quote, Blocks: []string{x.BlockID}, Precision: "line"}, nil
}

func fact(id, role, start string, state app.FactState) app.Fact {
	v, _ := json.Marshal(app.DateValue{Start: start})
	return app.Fact{ID: id, DocumentID: "d-" + id, DocumentTitle: "Doc " + id, Type: app.FactDate, Role: role, Value: v,
		SortValue: start, Original: start, Quote: "On " + start + " it happens.", OriginalStart: 3, BlockID: "b", Confidence: 0.8, State: state}
}

func TestDatesWindow(t *testing.T) {
	lib := &fakeLibrary{}
	h := newHarness(t, lib, &fakeResearch{})
	facts := &fakeFacts{facts: []app.Fact{
		fact("a", app.RoleDue, "2024-03-15", app.FactPending),
		fact("b", app.RoleIssued, "2024-02-03", app.FactPending),
		fact("c", app.RoleExpires, "2024-03-31", app.FactPending),
		fact("old", app.RoleSigned, "2023-01-10", app.FactAccepted),
		fact("next", app.RoleRenewal, "2024-06-01", app.FactAccepted),
	}}
	if h.ui.datesButton.Visible() {
		t.Fatal("Dates is offered without a ledger")
	}
	h.ui.setFacts(facts)
	if !h.ui.datesButton.Visible() {
		t.Fatal("Dates is not offered")
	}
	h.ui.ShowDates()
	v := h.ui.dates
	v.now = func() time.Time { return time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC) }
	h.loop.waitFor(t, "the queue", func() bool { return len(v.pending) == 3 && len(v.agenda.facts) == 2 })
	if v.auto.Selected != "Off" {
		t.Errorf("automatic acceptance starts %q, want Off", v.auto.Selected)
	}

	t.Run("QueueShowsQuotes", func(t *testing.T) {
		texts := map[string]bool{}
		for _, r := range findAll[*flowText](v.queue) {
			if s := r.String(); len(s) > 3 && s[:3] == "On " {
				texts[s] = true
			}
		}
		if !texts["On 2024-03-15 it happens."] || len(texts) != 3 {
			t.Fatalf("quotes shown: %v", texts)
		}
	})
	t.Run("BulkAccept", func(t *testing.T) {
		if !v.acceptSel.Disabled() {
			t.Fatal("Accept selected is enabled with nothing selected")
		}
		checks := findAll[*widget.Check](v.queue)
		checks[0].SetChecked(true)
		checks[2].SetChecked(true)
		test.Tap(v.acceptSel)
		h.loop.waitFor(t, "the review", func() bool { return len(v.pending) == 1 })
		if len(facts.reviews) != 1 || len(facts.reviews[0]) != 2 || facts.reviews[0][0].State != app.FactAccepted {
			t.Fatalf("reviews = %+v", facts.reviews)
		}
	})
	t.Run("RejectOne", func(t *testing.T) {
		for _, b := range findAll[*widget.Button](v.queue) {
			if b.Text == "Reject" {
				test.Tap(b)
			}
		}
		h.loop.waitFor(t, "the rejection", func() bool { return len(v.pending) == 0 })
	})
	t.Run("AgendaUpcomingFirst", func(t *testing.T) {
		h.loop.waitFor(t, "the agenda", func() bool { return len(v.agenda.facts) == 4 })
		up, past := agendaOrder(v.agenda.facts, "2024-03-01")
		if len(up) != 3 || up[0].ID != "a" || up[2].ID != "next" || len(past) != 1 || past[0].ID != "old" {
			t.Fatalf("upcoming %v, past %v", ids(up), ids(past))
		}
		var labels []string
		for _, l := range findAll[*widget.Label](v.agenda.list) {
			labels = append(labels, l.Text)
		}
		if indexOf(labels, "Upcoming") > indexOf(labels, "March 2024") || indexOf(labels, "March 2024") > indexOf(labels, "June 2024") ||
			indexOf(labels, "June 2024") > indexOf(labels, "Past") || indexOf(labels, "Past") < 0 {
			t.Fatalf("agenda reads %q", labels)
		}
	})
	t.Run("FilterByRole", func(t *testing.T) {
		v.agenda.role.SetSelected(roleLabel(app.RoleRenewal))
		h.loop.waitFor(t, "the filtered agenda", func() bool { return len(v.agenda.facts) == 1 })
	})
	t.Run("FilterByTag", func(t *testing.T) {
		v.agenda.role.SetSelected(allRoles)
		h.ui.setSearch(&fakeArchive{labels: map[app.LabelKind][]app.Label{app.LabelTag: {{ID: 1, Kind: app.LabelTag, Name: "Leases"}}}}, nil)
		facts.mu.Lock()
		facts.tags = map[string][]string{"d-next": {"Leases"}}
		facts.mu.Unlock()
		v.agenda.reload()
		h.loop.waitFor(t, "the tags offered", func() bool { return slices.Contains(v.agenda.tag.Options, "Leases") })
		v.agenda.tag.SetSelected("Leases")
		h.loop.waitFor(t, "the agenda of a tag", func() bool { return len(v.agenda.facts) == 1 && v.agenda.facts[0].ID == "next" })
		v.agenda.tag.SetSelected(allTags)
		h.loop.waitFor(t, "every tag", func() bool { return len(v.agenda.facts) == 4 })
		v.agenda.role.SetSelected(roleLabel(app.RoleRenewal))
		h.loop.waitFor(t, "the filtered agenda", func() bool { return len(v.agenda.facts) == 1 })
	})
	t.Run("OpenEvidence", func(t *testing.T) {
		for _, b := range findAll[*widget.Button](v.agenda.list) {
			if b.Text == "Open" {
				test.Tap(b)
			}
		}
		h.loop.waitFor(t, "the citation viewer", func() bool { return h.ui.drawer.citation.content.Visible() })
		if len(facts.cited) != 1 || facts.cited[0] != "next" {
			t.Fatalf("opened %v", facts.cited)
		}
	})
	t.Run("OpenDatesFromAnAnswer", func(t *testing.T) {
		v.agenda.role.SetSelected(allRoles)
		h.ui.offerDates(&app.Answer{Dates: 1, Sources: []app.SourceRef{{N: 1, DocumentID: "d-old"}}})
		var open *widget.Button
		for _, b := range findAll[*widget.Button](h.ui.drawer.sources) {
			if b.Text == "Open 1 date" {
				open = b
			}
		}
		if open == nil {
			t.Fatal("no \"Open 1 date\" under the sources")
		}
		test.Tap(open)
		h.loop.waitFor(t, "the answer's agenda", func() bool { return len(v.agenda.facts) == 1 && v.agenda.facts[0].ID == "old" })
		if v.tabs.SelectedIndex() != 1 || !v.agenda.showAll.Visible() {
			t.Fatal("the agenda of the answer's documents is not shown")
		}
	})
	t.Run("AutoAcceptSetting", func(t *testing.T) {
		v.auto.SetSelected("Above 0.90")
		h.loop.waitFor(t, "the setting", func() bool { facts.mu.Lock(); defer facts.mu.Unlock(); return facts.auto == 0.9 })
	})
}

func ids(fs []app.Fact) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
