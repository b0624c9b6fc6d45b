package desktop

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// fakeChecker returns a fixed report, or an error, and records the drafts
// it was given.
type fakeChecker struct {
	mu     sync.Mutex
	drafts []string
	rep    *app.CheckReport
	err    error
}

func (f *fakeChecker) CheckDraft(ctx context.Context, name string, data []byte) (*app.CheckReport, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.drafts = append(f.drafts, name+":"+string(data))
	return f.rep, f.err
}

func checkedReport() *app.CheckReport {
	r := &app.CheckReport{Draft: "memo.md", Quotes: []app.QuoteCheck{
		{N: 1, Quote: "Employees accrue 25 days of paid leave per year", Status: app.QuoteExact, Issues: []string{},
			Source: &app.Citation{DocumentID: "d-handbook", Title: "Employee Handbook", Section: "Leave",
				Quote: "Employees accrue 25 days of paid leave per year.", LineStart: 7, LineEnd: 7, Precision: "line"}},
		{N: 2, Quote: "a rule nobody wrote", Status: app.QuoteNotFound, Issues: []string{}},
		{N: 3, Quote: "Unused leave carries over for 6 months", Pincite: "p. 2", Status: app.QuoteAltered,
			Issues: []string{`figure changed: the source says "12", the draft "6"`},
			Source: &app.Citation{DocumentID: "d-handbook", Title: "Employee Handbook", Section: "Leave",
				Quote: "Unused leave carries over for 12 months.", LineStart: 8, LineEnd: 8, Precision: "line"}},
	}}
	r.Count()
	return r
}

func TestCheckDraft(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	loop := &uiLoop{}
	checker := &fakeChecker{rep: checkedReport()}
	u := newUI(a, w, Services{Library: &fakeLibrary{}, Research: &fakeResearch{}, Checker: checker}, loop.do)
	t.Cleanup(u.Close)

	t.Run("MenuOffersIt", func(t *testing.T) {
		var labels []string
		for _, it := range w.MainMenu().Items[0].Items {
			labels = append(labels, it.Label)
		}
		if !strings.Contains(strings.Join(labels, "|"), "Check a draft…") {
			t.Fatalf("File menu %q", labels)
		}
	})
	t.Run("ReportWindowWithMarks", func(t *testing.T) {
		u.CheckDraft("memo.md", []byte("draft"))
		var rw fyne.Window
		loop.waitFor(t, "the report window", func() bool {
			for _, x := range a.Driver().AllWindows() {
				if x.Title() == "Quotations checked: memo.md" {
					rw = x
				}
			}
			return rw != nil
		})
		var texts []string
		for _, l := range findAll[*widget.Label](rw.Content()) {
			texts = append(texts, l.Text)
		}
		all := strings.Join(texts, "\n")
		for _, want := range []string{"3 quotations: 1 exact, 1 altered, 1 not found.",
			"1. ✓ exact — “Employees accrue", "2. ✗ not found", "3. ≠ altered", `figure changed: the source says "12"`,
			"Source: Employee Handbook › Leave, line 8", "Cited as p. 2"} {
			if !strings.Contains(all, want) {
				t.Errorf("the report lacks %q:\n%s", want, all)
			}
		}
		if checker.drafts[0] != "memo.md:draft" {
			t.Errorf("checked %v", checker.drafts)
		}
	})
	t.Run("EntryOpensItsSource", func(t *testing.T) {
		v := u.showCheckReport(checkedReport())
		if v.opens[1] != nil {
			t.Error("a quotation not found offers a source")
		}
		test.Tap(v.opens[2])
		if !u.drawer.citation.content.Visible() || len(u.drawer.citation.cites) != 1 ||
			u.drawer.citation.cites[0].Quote != "Unused leave carries over for 12 months." {
			t.Fatalf("the citation viewer shows %+v", u.drawer.citation.cites)
		}
	})
	t.Run("FailureIsShown", func(t *testing.T) {
		checker.mu.Lock()
		checker.err = app.Errorf(app.EUnsupported, "picture.png is a picture")
		checker.mu.Unlock()
		before := len(a.Driver().AllWindows())
		u.CheckDraft("picture.png", []byte("x"))
		loop.waitFor(t, "the error", func() bool {
			checker.mu.Lock()
			defer checker.mu.Unlock()
			return len(checker.drafts) == 2
		})
		loop.drain()
		if len(a.Driver().AllWindows()) != before {
			t.Error("a failed check opened a report window")
		}
		if w.Canvas().Overlays().Top() == nil {
			t.Error("a failed check says nothing")
		}
	})
}

// TestDraftDroppedOnTheDrawerIsChecked: a draft dropped on the research
// drawer is checked, as "Check a draft…" checks it, and not imported; a
// folder dropped beside it there, and the same draft dropped on the
// library list, are imported.
func TestDraftDroppedOnTheDrawerIsChecked(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	loop := &uiLoop{}
	lib := &fakeLibrary{}
	checker := &fakeChecker{rep: checkedReport()}
	u := newUI(a, w, Services{Library: lib, Research: &fakeResearch{}, Checker: checker}, loop.do)
	t.Cleanup(u.Close)
	w.Resize(defaultWindowSize)
	if !strings.Contains(u.drawer.placeholder.Text, "Drop a draft here") {
		t.Errorf("the empty drawer does not say it takes drafts: %q", u.drawer.placeholder.Text)
	}

	dir := t.TempDir()
	draft := filepath.Join(dir, "memo.md")
	if err := os.WriteFile(draft, []byte("As the handbook says, “Employees accrue 25 days”."), 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "exhibits")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	centre := func(o fyne.CanvasObject) fyne.Position {
		return a.Driver().AbsolutePositionForObject(o).Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
	}
	uris := []fyne.URI{storage.NewFileURI(draft), storage.NewFileURI(folder)}

	u.Drop(centre(u.drawer.content), uris)
	var rw fyne.Window
	loop.waitFor(t, "the report window", func() bool {
		for _, x := range a.Driver().AllWindows() {
			if x.Title() == "Quotations checked: memo.md" {
				rw = x
			}
		}
		return rw != nil
	})
	checker.mu.Lock()
	got := slices.Clone(checker.drafts)
	checker.mu.Unlock()
	if want := []string{"memo.md:As the handbook says, “Employees accrue 25 days”."}; !slices.Equal(got, want) {
		t.Errorf("checked %q, want %q", got, want)
	}
	loop.waitFor(t, "the folder to import", func() bool { return len(lib.importedPaths()) == 1 })
	if got := lib.importedPaths(); got[0] != folder {
		t.Errorf("dropped on the drawer, %q was imported", got)
	}

	// The headless driver finds an object's place in the newest window
	// only: the report's is closed first.
	rw.Close()
	u.Drop(centre(u.library.list), uris[:1])
	loop.waitFor(t, "the draft dropped on the list to import", func() bool { return len(lib.importedPaths()) == 2 })
	if got := lib.importedPaths()[1]; got != draft {
		t.Errorf("dropped on the list, %q was imported", got)
	}
	checker.mu.Lock()
	defer checker.mu.Unlock()
	if len(checker.drafts) != 1 {
		t.Errorf("the draft dropped on the list was checked too: %q", checker.drafts)
	}
}

// TestCheckSummaryNamesOnlyWhatItHas: the report's first line counts the
// marks it has, in words ("on another page", not "1 page differs"), and
// leaves out those with none.
func TestCheckSummaryNamesOnlyWhatItHas(t *testing.T) {
	rep := &app.CheckReport{Quotes: []app.QuoteCheck{{Status: app.QuotePageDiffers}, {Status: app.QuotePageDiffers}, {Status: app.QuoteExact}}}
	rep.Count()
	if got, want := checkSummary(rep), "3 quotations: 1 exact, 2 on other pages."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	rep = &app.CheckReport{Quotes: []app.QuoteCheck{{Status: app.QuoteNotFound}}}
	rep.Count()
	if got, want := checkSummary(rep), "1 quotation: 1 not found."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
