package desktop

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// menuKey runs the main-menu item whose key is Ctrl/⌘ with k, as the
// window does before the focused field sees the key; false when none has
// it.
func menuKey(w fyne.Window, k fyne.KeyName) bool {
	want := (&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}).ShortcutName()
	for _, m := range w.MainMenu().Items {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == want {
				it.Action()
				return true
			}
		}
	}
	return false
}

// TestCtrlKFromTheLibraryFilter: the library filter keeps keys it does not
// know to itself, so Ctrl/⌘-K is a menu key, tried first.
func TestCtrlKFromTheLibraryFilter(t *testing.T) {
	h := newHarness(t, threeDocuments(), &fakeResearch{})
	h.win.Canvas().Focus(h.ui.library.filter)
	if !menuKey(h.win, fyne.KeyK) {
		t.Fatal("no menu item carries Ctrl/⌘-K")
	}
	if h.win.Canvas().Focused() != h.ui.omni.entry {
		t.Error("Ctrl/⌘-K from the filter did not reach the omnibox")
	}
}

// TestArrowPicksOmniboxMatch: ↓ picks a match and Enter scopes to it
// instead of asking.
func TestArrowPicksOmniboxMatch(t *testing.T) {
	research := &fakeResearch{answer: twoCitationAnswer()}
	h := newHarness(t, threeDocuments(), research)
	u := h.ui
	u.omni.focus()
	test.Type(u.omni.entry, "harbour")
	u.omni.showResults([]app.LookupHit{{DocumentID: "d1", Title: "Harbour records"}, {DocumentID: "d2", Title: "Harbour fees"}})
	down := &fyne.KeyEvent{Name: fyne.KeyDown}
	u.omni.entry.TypedKey(down)
	u.omni.entry.TypedKey(down)
	u.omni.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := u.drawer.scope.DocumentIDs; len(got) != 1 || got[0] != "d2" {
		t.Errorf("↓ ↓ Enter scoped to %v, want the second match", got)
	}
	if len(research.asked()) != 0 {
		t.Error("Enter on a picked match asked the typed text")
	}
}

// TestKeyboardOpensCitation: Ctrl/⌘-E gives the newest answer's first pill
// the keyboard and Enter opens its citation.
func TestKeyboardOpensCitation(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	h.ask(t, "When?")
	if !menuKey(h.win, fyne.KeyE) {
		t.Fatal("no menu item carries Ctrl/⌘-E")
	}
	p, ok := h.win.Canvas().Focused().(*pill)
	if !ok {
		t.Fatalf("focus is on %T, want a pill", h.win.Canvas().Focused())
	}
	p.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !h.ui.drawer.citation.content.Visible() {
		t.Error("Enter on a pill did not open its citation")
	}
}

// TestDrawerComesBackAfterEscape: Esc hides the drawer; a visible button
// and Ctrl/⌘-J bring it back.
func TestDrawerComesBackAfterEscape(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	u := h.ui
	h.ask(t, "When?")
	u.escape()
	if u.drawer.content.Visible() || !u.showAnswers.Visible() {
		t.Fatal("after Esc: drawer shown or no button to bring it back")
	}
	test.Tap(u.showAnswers)
	if !u.drawer.content.Visible() || u.showAnswers.Visible() {
		t.Error("the Answers button did not bring the drawer back")
	}
	u.escape()
	if !menuKey(h.win, fyne.KeyJ) || !u.drawer.content.Visible() {
		t.Error("Ctrl/⌘-J did not bring the drawer back")
	}
}

// TestSaveViewDialogFocusesItsField: typing right after the dialog opens
// goes into its field, and Enter saves.
func TestSaveViewDialogFocusesItsField(t *testing.T) {
	h, arch := searchHarness(t, 3)
	h.ui.search.query = "report"
	h.ui.search.askSaveView()
	f, ok := h.win.Canvas().Focused().(*widget.Entry)
	if !ok {
		t.Fatalf("focus is on %T, want the name field", h.win.Canvas().Focused())
	}
	test.Type(f, "Reports")
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	h.loop.waitFor(t, "the view saved", func() bool {
		vs, _ := arch.Views(context.Background())
		return len(vs) == 1 && vs[0].Name == "Reports"
	})
}
