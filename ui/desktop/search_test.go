package desktop

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// fakeArchive answers searches from a fixed list: a query's words must all
// be in a document's title; a query with an odd number of quotes is
// malformed, as the real language says.
type fakeArchive struct {
	mu    sync.Mutex
	docs  []app.SearchResult
	calls []string
	views []app.View
	reqs  []app.SearchRequest
	// labels are the managed lists, by kind.
	labels map[app.LabelKind][]app.Label
}

func (f *fakeArchive) record(s string) { f.mu.Lock(); f.calls = append(f.calls, s); f.mu.Unlock() }

func (f *fakeArchive) called() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

func (f *fakeArchive) SearchDocuments(_ context.Context, req app.SearchRequest) (*app.SearchResults, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	if strings.Count(req.Query, `"`)%2 == 1 {
		return nil, app.Errorf(app.EInvalid, "The query has a problem at character %d: this quote is never closed", strings.Index(req.Query, `"`)+1)
	}
	res := &app.SearchResults{Facets: map[string]map[string]int{"type": {}}}
	var all []app.SearchResult
	for _, d := range f.docs {
		ok := true
		for _, w := range strings.Fields(req.Query) {
			if strings.HasPrefix(w, "type:") {
				ok = ok && strings.EqualFold(d.Meta.Type, strings.TrimPrefix(w, "type:"))
			} else {
				ok = ok && strings.Contains(strings.ToLower(d.Title), strings.ToLower(w))
			}
		}
		if ok {
			all = append(all, d)
			if d.Meta.Type != "" {
				res.Facets["type"][d.Meta.Type]++
			}
		}
	}
	res.Total = len(all)
	lo := min(req.Offset, len(all))
	res.Results = all[lo:min(lo+req.Limit, len(all))]
	return res, nil
}

func (f *fakeArchive) SearchDocumentIDs(ctx context.Context, q string) ([]string, error) {
	res, err := f.SearchDocuments(ctx, app.SearchRequest{Query: q, Limit: 1 << 20})
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, r := range res.Results {
		ids = append(ids, r.DocumentID)
	}
	return ids, nil
}

func (f *fakeArchive) SearchCitation(_ context.Context, id, q string) (*app.Citation, error) {
	return &app.Citation{N: 1, DocumentID: id, Title: id, Quote: "storm", Blocks: []string{"b1"}, Precision: "line"}, nil
}

func (f *fakeArchive) Labels(_ context.Context, kind app.LabelKind) ([]app.Label, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.labels[kind]), nil
}
func (f *fakeArchive) CreateLabel(_ context.Context, k app.LabelKind, n string) (app.Label, error) {
	return app.Label{}, nil
}
func (f *fakeArchive) RenameLabel(context.Context, app.LabelKind, int64, string) error { return nil }
func (f *fakeArchive) MergeLabels(context.Context, app.LabelKind, int64, int64) error  { return nil }
func (f *fakeArchive) DeleteLabel(context.Context, app.LabelKind, int64) error         { return nil }
func (f *fakeArchive) DocumentMeta(context.Context, []string) (map[string]app.DocumentMeta, error) {
	return nil, nil
}
func (f *fakeArchive) AddTags(_ context.Context, ids []string, names ...string) error {
	f.record("tag " + strings.Join(ids, ",") + " " + strings.Join(names, ","))
	return nil
}
func (f *fakeArchive) RemoveTags(context.Context, []string, ...string) error { return nil }
func (f *fakeArchive) SetLabel(_ context.Context, k app.LabelKind, ids []string, name string) error {
	f.record(string(k) + " " + strings.Join(ids, ",") + " " + name)
	return nil
}
func (f *fakeArchive) SetCreated(context.Context, []string, string) error { return nil }
func (f *fakeArchive) Views(context.Context) ([]app.View, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.views), nil
}
func (f *fakeArchive) SaveView(_ context.Context, name, q string, ids []string) (app.View, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	v := app.View{ID: name, Name: name, Query: q, DocumentIDs: ids}
	f.views = append(f.views, v)
	return v, nil
}
func (f *fakeArchive) RenameView(context.Context, string, string) error { return nil }
func (f *fakeArchive) DeleteView(context.Context, string) error         { return nil }
func (f *fakeArchive) MoveView(context.Context, string, int) error      { return nil }

func searchHarness(t *testing.T, n int) (*harness, *fakeArchive) {
	h := newHarness(t, threeDocuments(), &fakeResearch{answer: twoCitationAnswer()})
	a := &fakeArchive{}
	for i := range n {
		title := "Storm report " + string(rune('A'+i%26))
		typ := ""
		if i%2 == 0 {
			typ = "Invoice"
		}
		a.docs = append(a.docs, app.SearchResult{DocumentID: "d" + string(rune('a'+i%26)) + string(rune('0'+i/26)), Title: title, Format: app.FormatPDF,
			Snippet: "a " + app.SnippetMarkStart + "storm" + app.SnippetMarkEnd + " broke", Pages: []int{2}, Meta: app.DocumentMeta{Type: typ}})
	}
	h.ui.setSearch(a, fakeSuggester{})
	test.Tap(h.ui.searchToggle)
	return h, a
}

func (h *harness) search(t *testing.T, q string) {
	t.Helper()
	s := h.ui.search
	s.entry.SetText(q)
	s.entry.OnSubmitted(q)
	h.loop.waitFor(t, "the results", func() bool { return s.status.Text != "Searching…" })
}

func TestSearchScreen(t *testing.T) {
	h, a := searchHarness(t, 60)
	s := h.ui.search
	if h.ui.split.Leading != s.content {
		t.Fatal("the Search button did not show the Search screen")
	}
	h.search(t, "storm")
	t.Run("ResultsAndPaging", func(t *testing.T) {
		if s.status.Text != "60 documents" || s.pageInfo.Text != "1–25 of 60" || !s.prev.Disabled() || s.next.Disabled() {
			t.Fatalf("status %q, page %q", s.status.Text, s.pageInfo.Text)
		}
		test.Tap(s.next)
		h.loop.waitFor(t, "page 2", func() bool { return s.pageInfo.Text == "26–50 of 60" })
		test.Tap(s.next)
		h.loop.waitFor(t, "page 3", func() bool { return s.pageInfo.Text == "51–60 of 60" })
		if !s.next.Disabled() {
			t.Fatal("Next enabled on the last page")
		}
	})
	t.Run("SnippetWordsInBold", func(t *testing.T) {
		segs := snippetSegments("a " + app.SnippetMarkStart + "storm" + app.SnippetMarkEnd + " broke")
		if len(segs) != 3 || segs[1].(*widget.TextSegment).Text != "storm" || segs[1].(*widget.TextSegment).Style != widget.RichTextStyleStrong {
			t.Fatalf("segments = %+v", segs)
		}
	})
	t.Run("FacetNarrowsQuery", func(t *testing.T) {
		h.search(t, "storm")
		var facet *widget.Button
		for _, b := range findAll[*widget.Button](s.facets) {
			if b.Text == "Invoice  30" {
				facet = b
			}
		}
		if facet == nil {
			t.Fatal("no Invoice facet with its count")
		}
		test.Tap(facet)
		h.loop.waitFor(t, "the narrowed search", func() bool { return s.query == "storm type:Invoice" })
		if s.status.Text != "30 documents" || s.entry.Text != "storm type:Invoice" {
			t.Fatalf("after the facet: %q, entry %q", s.status.Text, s.entry.Text)
		}
	})
	t.Run("MalformedQuerySaysWhere", func(t *testing.T) {
		h.search(t, `storm "tower`)
		if s.status.Importance != widget.DangerImportance || !strings.Contains(s.status.Text, "character 7") {
			t.Fatalf("status = %q", s.status.Text)
		}
		if s.query != "storm type:Invoice" || s.res.Total != 30 {
			t.Fatal("a malformed query replaced the results")
		}
	})
	t.Run("BulkSetType", func(t *testing.T) {
		h.search(t, "storm")
		s.selected[s.res.Results[0].DocumentID] = true
		s.selected[s.res.Results[2].DocumentID] = true
		s.refreshSelection()
		if !s.selBar.Visible() || s.selInfo.Text != "2 selected" {
			t.Fatalf("selection bar: %v %q", s.selBar.Visible(), s.selInfo.Text)
		}
		ids := s.selectedIDs()
		s.changed(func(ctx context.Context) error { return a.SetLabel(ctx, app.LabelType, ids, "Receipt") })
		h.loop.waitFor(t, "the change", func() bool { return len(a.called()) == 1 })
		if got := a.called()[0]; got != "type "+s.res.Results[0].DocumentID+","+s.res.Results[2].DocumentID+" Receipt" {
			t.Fatalf("call = %q", got)
		}
	})
	t.Run("AskAboutResultsScopesDrawer", func(t *testing.T) {
		h.search(t, "report A")
		test.Tap(s.askAll)
		h.loop.waitFor(t, "the scope", func() bool { return strings.HasPrefix(h.ui.drawer.scopeLabel.Text, "Search") })
		sc := h.ui.drawer.scope
		if !sc.FromQuery || sc.Query != "report A" || len(sc.DocumentIDs) != 0 || h.ui.drawer.scopeLabel.Text != "Search “report A” (3 documents)" {
			t.Fatalf("scope = %+v, label %q", sc, h.ui.drawer.scopeLabel.Text)
		}
	})
	t.Run("OpenShowsCitation", func(t *testing.T) {
		s.list.Select(0)
		h.loop.waitFor(t, "the citation viewer", func() bool { return h.ui.drawer.citation.content.Visible() })
	})
	t.Run("SaveViewListsIt", func(t *testing.T) {
		s.views.run(func(ctx context.Context) error { _, err := a.SaveView(ctx, "Reports", s.query, nil); return err })
		h.loop.waitFor(t, "the view", func() bool { return len(s.views.views) == 1 })
		s.views.list.Select(0)
		h.loop.waitFor(t, "the view's search", func() bool { return s.entry.Text == "report A" && s.status.Text == "3 documents" })
	})
}

type fakeSuggester struct{}

func (fakeSuggester) SuggestMeta(_ context.Context, id string) (*app.MetaSuggestion, error) {
	return &app.MetaSuggestion{DocumentID: id, Type: "Invoice", Tags: []string{"bills", "power"}, Confidence: 0.8, Basis: []string{"Invoice 1041"}}, nil
}

// Suggestions change nothing until Apply, and then only what stays ticked.
func TestSuggestionsNeedAClick(t *testing.T) {
	h, a := searchHarness(t, 3)
	s := h.ui.search
	h.search(t, "storm")
	s.showSuggestion(s.res.Results[0], &app.MetaSuggestion{Type: "Invoice", Tags: []string{"bills", "power"}})
	h.loop.drain()
	if len(a.called()) != 0 {
		t.Fatalf("a suggestion was applied without a click: %q", a.called())
	}
	var checks []*widget.Check
	for _, o := range h.win.Canvas().Overlays().List() {
		checks = append(checks, findAll[*widget.Check](o)...)
	}
	var apply *widget.Button
	for _, o := range h.win.Canvas().Overlays().List() {
		for _, b := range findAll[*widget.Button](o) {
			if b.Text == "Apply" {
				apply = b
			}
		}
	}
	if len(checks) != 3 || apply == nil {
		t.Fatalf("%d boxes, apply %v", len(checks), apply != nil)
	}
	checks[2].SetChecked(false) // not "power"
	test.Tap(apply)
	id := s.res.Results[0].DocumentID
	h.loop.waitFor(t, "the applied suggestions", func() bool { return len(a.called()) == 2 })
	if got := a.called(); got[0] != "type "+id+" Invoice" || got[1] != "tag "+id+" bills" {
		t.Fatalf("applied %q", got)
	}
}

func TestSaveSourcesAsView(t *testing.T) {
	h, a := searchHarness(t, 1)
	ans := &app.Answer{Sources: []app.SourceRef{{N: 1, DocumentID: "x"}, {N: 2, DocumentID: "y"}, {N: 3, DocumentID: "x"}}}
	b := h.ui.saveSourcesButton(ans)
	if b == nil {
		t.Fatal("no Save sources button for an answer with sources")
	}
	test.Tap(b)
	var name *widget.Entry
	var save *widget.Button
	for _, o := range h.win.Canvas().Overlays().List() {
		for _, e := range findAll[*widget.Entry](o) {
			name = e
		}
		for _, x := range findAll[*widget.Button](o) {
			if x.Text == "Save" {
				save = x
			}
		}
	}
	if name == nil || save == nil {
		t.Fatal("no name dialog")
	}
	test.Type(name, "Cited")
	test.Tap(save)
	h.loop.waitFor(t, "the snapshot view", func() bool { v, _ := a.Views(context.Background()); return len(v) == 1 })
	if h.ui.saveSourcesButton(&app.Answer{}) != nil {
		t.Fatal("a Save sources button for an answer without sources")
	}
}
