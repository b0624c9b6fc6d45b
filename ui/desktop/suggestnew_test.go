//go:build ci

package desktop

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// fakeAuto is the "apply suggestions automatically" setting.
type fakeAuto struct {
	mu sync.Mutex
	on bool
}

func (f *fakeAuto) AutoApplySuggestions(context.Context) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.on, nil
}

func (f *fakeAuto) SetAutoApplySuggestions(_ context.Context, on bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.on = on
	return nil
}

// importForSuggestions drops one new file and waits for the import panel
// to list the suggestions for it.
func importForSuggestions(t *testing.T, h *harness) *importLine {
	t.Helper()
	p := filepath.Join(t.TempDir(), "invoice 1102.md")
	if err := os.WriteFile(p, []byte("# Invoice 1102\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.ui.Drop(fyne.Position{}, []fyne.URI{storage.NewFileURI(p)})
	var line *importLine
	h.loop.waitFor(t, "the suggestions for the new document", func() bool {
		for _, l := range h.ui.imports.lines {
			if strings.Contains(l.message, "suggestions") {
				line = l
			}
		}
		return line != nil && !h.ui.imports.running
	})
	return line
}

// After an import the new document's proposals wait in the import panel;
// nothing is set until Review… and Apply.
func TestNewDocumentSuggestionsWaitForAClick(t *testing.T) {
	h, a := searchHarness(t, 1)
	h.ui.setSuggestAuto(&fakeAuto{})
	line := importForSuggestions(t, h)
	if line.message != "3 suggestions: Invoice · bills · power" || line.action == nil || !line.action.Visible() {
		t.Fatalf("notice %q, review button %v", line.message, line.action != nil)
	}
	if st := h.ui.imports.status.Text; !h.ui.imports.content.Visible() || (st != "Imported 1 file" && st != "Suggestions for new documents") {
		t.Fatalf("the import panel (shown %v) says %q beside the suggestions", h.ui.imports.content.Visible(), st)
	}
	h.loop.drain()
	if got := a.called(); len(got) != 0 {
		t.Fatalf("applied without a click: %q", got)
	}
	test.Tap(line.action)
	var apply *widget.Button
	checks := 0
	for _, o := range h.win.Canvas().Overlays().List() {
		checks += len(findAll[*widget.Check](o))
		for _, b := range findAll[*widget.Button](o) {
			if b.Text == "Apply" {
				apply = b
			}
		}
	}
	if apply == nil || checks != 3 {
		t.Fatalf("Review… opened %d boxes, apply %v", checks, apply != nil)
	}
	test.Tap(apply)
	h.loop.waitFor(t, "the accepted suggestions", func() bool { return len(a.called()) == 3 })
	if got := a.called(); got[0] != "type doc1 Invoice" || got[1] != "tag doc1 bills" || got[2] != "tag doc1 power" {
		t.Fatalf("applied %q", got)
	}
}

// With "apply suggestions automatically" on, the proposals are set at once
// and the panel says what was set.
func TestAutoApplySuggestionsOnImport(t *testing.T) {
	h, a := searchHarness(t, 1)
	h.ui.setSuggestAuto(&fakeAuto{on: true})
	line := importForSuggestions(t, h)
	if line.message != "Applied 3 suggestions: Invoice · bills · power" || line.action != nil {
		t.Fatalf("notice %q, review button %v", line.message, line.action != nil)
	}
	if got := a.called(); len(got) != 2 || got[0] != "type doc1 Invoice" {
		t.Fatalf("applied %q", got)
	}
}

// The setting shows in the settings window and is kept when ticked.
func TestAutoApplySuggestionsSetting(t *testing.T) {
	h, _ := searchHarness(t, 1)
	auto := &fakeAuto{}
	h.ui.setSuggestAuto(auto)
	box := autoSuggestCheck(h.ui)
	checks := findAll[*widget.Check](box)
	if len(checks) != 1 || checks[0].Checked {
		t.Fatalf("%d boxes, first ticked: %v", len(checks), len(checks) == 1 && checks[0].Checked)
	}
	test.Tap(checks[0])
	if on, _ := auto.AutoApplySuggestions(context.Background()); !on {
		t.Fatal("ticking the box did not turn the setting on")
	}
}

// A watched folder's file is imported outside the window's queue; its
// proposals are listed in the import panel all the same.
func TestWatchedFileSuggestions(t *testing.T) {
	h, a := searchHarness(t, 1)
	h.ui.setSuggestAuto(&fakeAuto{})
	go h.ui.SuggestMetadata(app.ImportResult{Path: "/watched/bills/invoice 1102.md", DocumentID: "dw", Outcome: app.OutcomeImported})
	var line *importLine
	h.loop.waitFor(t, "the suggestions for the watched file", func() bool {
		for _, l := range h.ui.imports.lines {
			if strings.Contains(l.message, "suggestions") {
				line = l
			}
		}
		return line != nil
	})
	if line.name != "invoice 1102.md" || line.action == nil {
		t.Fatalf("line %q for %q", line.message, line.name)
	}
	h.loop.drain()
	if got := a.called(); len(got) != 0 {
		t.Fatalf("applied without a click: %q", got)
	}
}
