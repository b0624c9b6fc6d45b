package desktop

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"archivist/app"
)

// TestFitScreen: the window opens at the design size where the screen
// holds it, and otherwise at what the screen holds with room for the
// window's frame, in the window's units at any scale.
func TestFitScreen(t *testing.T) {
	for _, c := range []struct {
		screen fyne.Size
		scale  float32
		want   fyne.Size
	}{
		{fyne.NewSize(1920, 1080), 1, defaultWindowSize},
		{fyne.NewSize(1024, 768), 1, fyne.NewSize(1008, 720)},
		{fyne.NewSize(1280, 800), 1, fyne.NewSize(1264, 752)},
		{fyne.NewSize(2048, 1536), 2, fyne.NewSize(1016, 744)},
		{fyne.NewSize(0, 0), 1, defaultWindowSize}, // not measured
	} {
		if got := fitScreen(defaultWindowSize, c.screen, c.scale); got != c.want {
			t.Errorf("on %v at scale %v: %v, want %v", c.screen, c.scale, got, c.want)
		}
	}
}

// TestWindowFitsA1024Screen lays the whole window out at the size it
// opens at on a 1024×768 screen, with every feature on and a scope set
// (its Clear scope button used to widen the drawer's header): nothing in
// it needs more room than that, so the window neither grows past the
// screen nor cuts its right side, and the list and the drawer keep usable
// widths.
func TestWindowFitsA1024Screen(t *testing.T) {
	var docs []app.Document
	for i := range 20 {
		docs = append(docs, app.Document{ID: strconv.Itoa(i), Title: "Quarterly report " + strconv.Itoa(i),
			Filename: "q" + strconv.Itoa(i) + ".pdf", Format: app.FormatPDF, Status: app.StatusReady})
	}
	h := folderHarness(t, newFolderLibrary(docs...), &fakeResearch{})
	h.ui.setSearch(&fakeArchive{}, fakeSuggester{})
	h.ui.setFacts(&fakeFacts{})
	h.ui.drawer.setScope(app.Scope{DocumentIDs: []string{"1", "2"}, Label: "2 selected documents"})
	size := fitScreen(defaultWindowSize, fyne.NewSize(1024, 768), 1)
	h.win.Resize(size)
	h.ui.split.SetOffset(h.ui.splitFor(size.Width))
	h.win.Resize(size)

	if min := h.win.Content().MinSize(); min.Width > size.Width || min.Height > size.Height {
		t.Fatalf("the window needs %v, more than the %v a 1024×768 screen gives it", min, size)
	}
	if got := h.win.Canvas().Size(); got != size {
		t.Errorf("the window is %v, want %v", got, size)
	}
	if w := h.ui.library.list.Size().Width; w < 350 {
		t.Errorf("the list is %v wide", w)
	}
	if w := h.ui.drawer.scroll.Size().Width; w < 350 {
		t.Errorf("the drawer is %v wide", w)
	}
	if !h.ui.drawer.clearScope.Visible() {
		t.Error("Clear scope is hidden with a scope set")
	}
	if h.ui.notices.content.Visible() {
		t.Error("the notification line is shown with nothing to say")
	}
}

// menuBarHeight is the main menu the desktop drivers draw inside the
// window on Linux and Windows (28 px at scale 1, measured under Xvfb),
// which the test driver does not draw.
const menuBarHeight = 28

// TestListShowsEightRows lays the window out at the size it opens at on a
// 1024×768 and a 1280×800 screen, with every feature on, and counts the
// rows the document list shows in the room left under the menu bar, the
// top bar, the list's header and the selection bar: at least eight, with
// the notification panels empty and with every one of them holding
// something — an import running, a filing suggestion, a metadata
// suggestion and the review's proposals. (Stacked under the list, folded
// to a line each, they left it 5.1 rows at 1024×768 and 5.6 at 1280×800.)
func TestListShowsEightRows(t *testing.T) {
	for _, busy := range []bool{false, true} {
		for _, screen := range []fyne.Size{fyne.NewSize(1024, 768), fyne.NewSize(1280, 800)} {
			lib := newFolderLibrary(quarterlyReports(20)...)
			h := folderHarness(t, lib, &fakeResearch{})
			h.ui.setSearch(&fakeArchive{}, fakeSuggester{})
			h.ui.setFacts(&fakeFacts{})
			if busy {
				withEveryNotice(t, h, lib)
			}
			size := fitScreen(defaultWindowSize, screen, 1)
			h.win.Resize(size)
			h.ui.split.SetOffset(h.ui.splitFor(size.Width))
			h.win.Resize(size)
			h.ui.library.listBox.Refresh()                  // as the next frame does once the selection bar took its rows
			pad := theme.Padding()                          // the list's gap between rows
			row := h.ui.library.list.MinSize().Height + pad // one row is the list's least height
			if rows := (h.ui.library.list.Size().Height - menuBarHeight + pad) / row; rows < 8 {
				t.Errorf("on a %v screen, notifications shown %v, the list shows %.1f rows", screen, busy, rows)
			}
			if got, least := h.win.Canvas().Size(), h.win.Content().MinSize(); got != size || least.Width > size.Width || least.Height > size.Height {
				t.Errorf("on a %v screen, notifications shown %v, the window is %v and needs %v", screen, busy, got, least)
			}
			if busy {
				lib.release()
				h.loop.waitFor(t, "the import to finish", func() bool { return !h.ui.imports.running })
			}
		}
	}
}

func quarterlyReports(n int) []app.Document {
	var docs []app.Document
	for i := range n {
		docs = append(docs, app.Document{ID: strconv.Itoa(i), Title: "Quarterly report " + strconv.Itoa(i),
			Filename: "q" + strconv.Itoa(i) + ".pdf", Format: app.FormatPDF, Status: app.StatusReady})
	}
	return docs
}

// withEveryNotice gives every notification panel something to show, as a
// busy library does: three files dropped, the second held importing until
// lib.release, the first with its metadata suggestion; a filing
// suggestion; and two proposals of the review of related documents.
func withEveryNotice(t *testing.T, h *harness, lib *folderLibrary) {
	t.Helper()
	u := h.ui
	lib.gate = make(chan struct{})
	t.Cleanup(lib.release)
	u.Drop(fyne.Position{}, writeFiles(t, "minutes.md", "budget.md", "memo.md"))
	h.loop.waitFor(t, "the second file importing", func() bool { return u.imports.running && u.imports.finished == 1 })
	h.loop.waitFor(t, "the first file's metadata suggestion", func() bool { return len(u.imports.lines) == 1 })
	u.filing.add(app.FilingProposal{DocumentID: "1", Title: "Quarterly report 1", Path: "Reports", FolderID: "f1"})
	u.setReviews(&fakeReviews{props: []app.ReviewProposal{
		{ID: "r1", Title: "Quarterly report 3", FromPath: "Downloads", ToFolderID: "c", ToPath: "Reports", Status: app.ReviewProposed,
			Passages: []app.ReviewPassage{{Text: "Revenue for the quarter rose 4% on the year before."}}},
		{ID: "r2", Title: "Quarterly report 4", FromPath: "misc", ToFolderID: "c", ToPath: "Reports", Status: app.ReviewProposed},
	}})
	h.loop.waitFor(t, "the review's proposals", func() bool { return len(u.reviews.rows) == 2 })
}

// TestLaterWindowsFitTheScreen: the settings, dates and draft-report
// windows open no larger than the screen the main window opened on, and
// their content lays out in that room (the settings window scrolls).
func TestLaterWindowsFitTheScreen(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	h.ui.setFacts(&fakeFacts{})
	h.ui.screen = fitScreen(fyne.NewSize(1e6, 1e6), fyne.NewSize(1024, 768), 1)
	h.ui.ShowSettings()
	h.ui.ShowDates()
	h.ui.showCheckReport(checkedReport())
	for _, w := range h.ui.fapp.Driver().AllWindows() {
		if w == h.win || w.Content() == nil {
			continue
		}
		size, min := w.Canvas().Size(), w.Content().MinSize()
		if size.Width > h.ui.screen.Width || size.Height > h.ui.screen.Height {
			t.Errorf("%q opens at %v on a screen with room for %v", w.Title(), size, h.ui.screen)
		}
		if min.Width > h.ui.screen.Width || min.Height > h.ui.screen.Height {
			t.Errorf("%q needs %v, more than the screen's %v", w.Title(), min, h.ui.screen)
		}
	}
	if len(h.ui.fapp.Driver().AllWindows()) < 4 {
		t.Errorf("%d windows open", len(h.ui.fapp.Driver().AllWindows()))
	}
}
