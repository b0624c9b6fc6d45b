package desktop

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestNotificationLine: with every panel holding something, the top bar's
// line sums them up; Enter on it opens the popup with the keyboard on its
// first control, Tab walks the popup's controls, and Esc closes it and
// gives the keyboard back to the line. A tap opens it too, and a tap
// beside it closes it. The popup stays inside the window at both sizes.
func TestNotificationLine(t *testing.T) {
	lib := newFolderLibrary(quarterlyReports(20)...)
	h := folderHarness(t, lib, &fakeResearch{})
	h.ui.setSearch(&fakeArchive{}, fakeSuggester{})
	withEveryNotice(t, h, lib)
	u, n := h.ui, h.ui.notices
	h.win.Resize(fitScreen(defaultWindowSize, fyne.NewSize(1024, 768), 1))

	if !n.content.Visible() || n.button.Text != "Importing 2 of 3 · 4 suggestions" {
		t.Fatalf("the line says %q (shown %v)", n.button.Text, n.content.Visible())
	}
	if !n.progress.Visible() || n.progress.Size().Width <= 0 || n.progress.Size().Width >= n.button.Size().Width/2 {
		t.Errorf("one file of three in, the progress along the line is %v of %v wide", n.progress.Size().Width, n.button.Size().Width)
	}

	c := h.win.Canvas()
	c.Focus(n.button)
	n.button.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !n.popup.Visible() {
		t.Fatal("Enter on the line does not open the notifications")
	}
	want := []fyne.CanvasObject{u.imports.content, u.filing.content, u.reviews.content}
	var got []fyne.CanvasObject
	for _, o := range n.sections.Objects {
		if slices.Contains(want, o) {
			got = append(got, o)
		}
	}
	if !slices.Equal(got, want) || len(n.sections.Objects) != 5 {
		t.Errorf("the popup holds %d objects, the panels %d of 3 in order", len(n.sections.Objects), len(got))
	}
	if c.Focused() != u.imports.cancelAll {
		t.Fatalf("the keyboard is on %T, not the popup's first control (Cancel all)", c.Focused())
	}
	c.FocusNext()
	next, ok := c.Focused().(*escButton)
	if !ok || next == u.imports.cancelAll || !slices.Contains(findFocusables(n.sections), fyne.Focusable(next)) {
		t.Fatalf("Tab went to %T, not the popup's next control", c.Focused())
	}
	next.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if n.popup.Visible() || c.Focused() != n.button {
		t.Errorf("Esc: popup shown %v, keyboard on %T", n.popup.Visible(), c.Focused())
	}

	for _, screen := range []fyne.Size{fyne.NewSize(1024, 768), fyne.NewSize(1280, 800)} {
		win := fitScreen(defaultWindowSize, screen, 1)
		h.win.Resize(win)
		test.Tap(n.button)
		if !n.popup.Visible() {
			t.Fatalf("on a %v screen a tap does not open the notifications", screen)
		}
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(n.scroll)
		size := n.scroll.Size()
		below := fyne.CurrentApp().Driver().AbsolutePositionForObject(n.button).Y + n.button.Size().Height
		if pos.X < 0 || pos.Y < below || pos.X+size.Width > win.Width || pos.Y+size.Height > win.Height {
			t.Errorf("on a %v screen the popup at %v, %v is not under the line inside the %v window", screen, pos, size, win)
		}
		if size.Width < 400 {
			t.Errorf("on a %v screen the popup is %v wide", screen, size.Width)
		}
		n.popup.Tapped(&fyne.PointEvent{Position: fyne.NewPos(2, win.Height-2)})
		if n.popup.Visible() {
			t.Errorf("on a %v screen a tap beside the popup leaves it open", screen)
		}
	}
}

// The line says an import runs from its first file on, not only once a
// file is done, and counts up as files finish.
func TestNotificationLineFromTheFirstFile(t *testing.T) {
	lib := newFolderLibrary()
	lib.gate = make(chan struct{})
	h := folderHarness(t, lib, &fakeResearch{})
	u, n := h.ui, h.ui.notices
	u.Drop(fyne.Position{}, writeFiles(t, "minutes.md", "budget.md"))
	if !n.content.Visible() || n.button.Text != "Importing 1 of 2" {
		t.Fatalf("as the first file starts the line says %q (shown %v)", n.button.Text, n.content.Visible())
	}
	h.loop.waitFor(t, "the second file", func() bool { return n.button.Text == "Importing 2 of 2" })
	lib.release()
	h.loop.waitFor(t, "the queue to end", func() bool { return !u.imports.running })
	if n.content.Visible() {
		t.Errorf("after a clean import the line still says %q", n.button.Text)
	}
}
