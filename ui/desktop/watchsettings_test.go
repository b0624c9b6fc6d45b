package desktop

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/store"
)

// TestWatchSettings drives the settings window's "Watched folders" section
// over a real library and engine: a folder added there is listed with its
// state, its two options are stored by the checks (and the next sync
// follows them: with trashing on, a deleted file's document goes to the
// trash on Scan now), pause and resume, and Remove asks first, then stops
// watching.
func TestWatchSettings(t *testing.T) {
	fx := newWatchedUI(t, "Inbox", map[string]string{"memo.md": "# Memo\n\nThe lease ends in March.\n"})
	ctx, db, u, loop, dir := fx.ctx, fx.db, fx.u, fx.loop, fx.dir
	u.setWatcher(fx.svc)

	u.ShowSettings()
	v := u.settingsView
	if v == nil || v.watch == nil {
		t.Fatal("the settings window has no watched-folders section")
	}
	s := v.watch
	if !slices.Contains(labelTexts(v.content), "Watched folders") {
		t.Fatalf("no Watched folders heading: %q", labelTexts(v.content))
	}
	has := func(x string) bool {
		return slices.ContainsFunc(labelTexts(s.content), func(l string) bool { return strings.Contains(l, x) })
	}
	loop.waitFor(t, "the empty list", func() bool { return has("No folder is watched") })

	// "Watch a folder…" opens the folder dialog over the settings window.
	test.Tap(s.add)
	if u.settingsWin.Canvas().Overlays().Top() == nil {
		t.Fatal("no folder dialog over the settings window")
	}
	u.settingsWin.Canvas().Overlays().Top().Hide()
	u.settingsWin.Canvas().Overlays().Remove(u.settingsWin.Canvas().Overlays().Top())

	s.p.addFolderIn(s.win, dir)
	loop.waitFor(t, "the folder synced", func() bool { return has("watching · 1 document") && has(dir) })
	folder := func() store.WatchFolder {
		fs, err := db.WatchFolders(ctx)
		if err != nil || len(fs) != 1 {
			t.Fatalf("watched folders %+v, %v", fs, err)
		}
		return fs[0]
	}
	checks := findAll[*widget.Check](s.folders)
	if len(checks) != 2 || !checks[0].Checked || checks[1].Checked {
		t.Fatalf("the options show %d checks, want folders mapped and no trashing", len(checks))
	}
	test.Tap(checks[0])
	loop.waitFor(t, "folders no longer mapped", func() bool { f := folder(); return !f.MapFolders && !f.TrashRemoved })
	checks = findAll[*widget.Check](s.folders)
	if checks[0].Checked {
		t.Fatal("the reloaded check shows folders still mapped")
	}
	test.Tap(checks[1])
	loop.waitFor(t, "trashing on", func() bool { f := folder(); return !f.MapFolders && f.TrashRemoved })

	// The next sync follows the option: Scan now after a deletion trashes
	// the document.
	os.Remove(filepath.Join(dir, "memo.md"))
	buttons := findAll[*widget.Button](s.folders)
	test.Tap(buttons[0]) // scan now
	loop.waitFor(t, "the document trashed", func() bool { tr, _ := db.Trashed(ctx); return len(tr) == 1 })

	buttons = findAll[*widget.Button](s.folders)
	test.Tap(buttons[1]) // pause
	loop.waitFor(t, "paused", func() bool { return has("paused") && folder().Paused })
	buttons = findAll[*widget.Button](s.folders)
	test.Tap(buttons[1]) // resume
	loop.waitFor(t, "resumed", func() bool { return !folder().Paused && has("watching") })

	buttons = findAll[*widget.Button](s.folders)
	test.Tap(buttons[2]) // remove: asks first, over the settings window
	confirm := u.settingsWin.Canvas().Overlays().Top()
	if confirm == nil {
		t.Fatal("Remove did not ask")
	}
	var yes *widget.Button
	for _, b := range findAll[*widget.Button](confirm) {
		if b.Text == "Yes" {
			yes = b
		}
	}
	if yes == nil {
		t.Fatal("the confirmation has no Yes")
	}
	test.Tap(yes)
	loop.waitFor(t, "removed", func() bool {
		fs, _ := db.WatchFolders(ctx)
		return len(fs) == 0 && has("No folder is watched")
	})
	// The sidebar follows the same folders.
	if !slices.ContainsFunc(labelTexts(u.watch.content), func(l string) bool { return strings.Contains(l, "None yet") }) {
		t.Fatalf("the sidebar still lists a folder: %q", labelTexts(u.watch.content))
	}
}

// TestSettingsWithoutWatcher: with no watcher connected the settings window
// has no watched-folders section.
func TestSettingsWithoutWatcher(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	v := openSettings(t, h)
	if v.watch != nil || slices.Contains(labelTexts(v.content), "Watched folders") {
		t.Fatal("a watched-folders section without a watcher")
	}
}
