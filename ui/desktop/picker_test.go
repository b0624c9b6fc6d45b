package desktop

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// pickerFolder makes a folder to pick from: two importable files, one
// Archivist does not read, a hidden one, a subfolder with a picture and a
// hidden folder.
func pickerFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"a.pdf", "B.md", "notes.xyz", ".hidden.pdf", "Scans/c.png", ".git/config.txt"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func openPicker(t *testing.T, h *harness, dir string) *importPicker {
	t.Helper()
	h.ui.fapp.Preferences().SetString(lastImportDir, dir)
	h.ui.importFiles()
	k := h.ui.imports.picker
	if k == nil || !k.open {
		t.Fatal("Ctrl/⌘-I opened no import picker")
	}
	return k
}

func pickerNames(k *importPicker) []string {
	var out []string
	for _, e := range k.entries {
		out = append(out, e.name)
	}
	return out
}

// key types name into whatever has the keyboard, or the window when
// nothing has.
func key(h *harness, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	if f := h.win.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	h.win.Canvas().OnTypedKey()(ev)
}

// TestImportPickerTakesSeveralFiles picks by keyboard alone: two files in
// one folder and a picture in a subfolder, then Import queues all three.
func TestImportPickerTakesSeveralFiles(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	dir := pickerFolder(t)
	k := openPicker(t, h, dir)
	if got, want := pickerNames(k), []string{"Scans", "a.pdf", "B.md"}; !slices.Equal(got, want) {
		t.Fatalf("the picker lists %q, want %q (folders first, then the files Archivist reads, nothing hidden)", got, want)
	}
	if h.win.Canvas().Focused() != k.list {
		t.Fatal("the listing does not have the keyboard when the picker opens")
	}
	for _, n := range []fyne.KeyName{fyne.KeyDown, fyne.KeySpace, fyne.KeyDown, fyne.KeySpace, fyne.KeyUp, fyne.KeyUp, fyne.KeyReturn} {
		key(h, n)
	}
	if k.dir != filepath.Join(dir, "Scans") || !slices.Equal(pickerNames(k), []string{"c.png"}) {
		t.Fatalf("Enter on a folder shows %s %q", k.dir, pickerNames(k))
	}
	key(h, fyne.KeySpace)
	key(h, fyne.KeyBackspace)
	if k.dir != dir {
		t.Fatalf("Backspace went to %s", k.dir)
	}
	if k.doImport.Text != "Import 3 files" || k.doImport.Disabled() {
		t.Fatalf("the import button says %q (disabled %v)", k.doImport.Text, k.doImport.Disabled())
	}
	if want := "Ticked: a.pdf, B.md, c.png"; k.summary.Text != want {
		t.Errorf("summary %q, want %q", k.summary.Text, want)
	}
	test.Tap(k.doImport)
	if k.open {
		t.Error("the picker stayed open after Import")
	}
	h.loop.waitFor(t, "the three files to import", func() bool { return len(h.lib.importedPaths()) == 3 })
	want := []string{filepath.Join(dir, "a.pdf"), filepath.Join(dir, "B.md"), filepath.Join(dir, "Scans", "c.png")}
	if got := h.lib.importedPaths(); !slices.Equal(got, want) {
		t.Errorf("imported %q, want %q", got, want)
	}
	if got := h.ui.fapp.Preferences().String(lastImportDir); got != dir {
		t.Errorf("the picker remembers %q, want %q", got, dir)
	}
}

// TestImportPickerTicksFoldersAndTypedPaths: a folder's tick box imports
// it whole, Space ticks a folder rather than opening it, a tap on a file
// ticks it and a second untucks it, and a file's path typed in the
// location field is ticked; a path that is not there is said so.
func TestImportPickerTicksFoldersAndTypedPaths(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	dir := pickerFolder(t)
	k := openPicker(t, h, dir)
	if !k.doImport.Disabled() || k.summary.Text != "Nothing is ticked yet." {
		t.Fatalf("with nothing ticked: button %q enabled, summary %q", k.doImport.Text, k.summary.Text)
	}
	key(h, fyne.KeySpace) // on Scans
	if k.dir != dir || !k.isChosen[filepath.Join(dir, "Scans")] {
		t.Fatalf("Space on a folder: in %s, ticked %q", k.dir, k.chosen)
	}
	k.list.Select(1) // a tap on a.pdf
	k.list.Select(1) // and another
	if k.isChosen[filepath.Join(dir, "a.pdf")] {
		t.Error("a second tap left the file ticked")
	}
	k.where.SetText(filepath.Join(dir, "B.md"))
	k.where.OnSubmitted(k.where.Text)
	if k.doImport.Text != "Import 1 file and 1 folder" {
		t.Errorf("the import button says %q", k.doImport.Text)
	}
	k.where.OnSubmitted(filepath.Join(dir, "nowhere"))
	if !k.problem.Visible() || k.dir != dir {
		t.Errorf("a path that is not there: problem shown %v, in %s", k.problem.Visible(), k.dir)
	}
	test.Tap(k.doImport)
	h.loop.waitFor(t, "the imports", func() bool { return len(h.lib.importedPaths()) == 2 })
	want := []string{filepath.Join(dir, "Scans"), filepath.Join(dir, "B.md")}
	if got := h.lib.importedPaths(); !slices.Equal(got, want) {
		t.Errorf("imported %q, want %q", got, want)
	}
}

// TestEscClosesTheImportPicker: Esc closes the picker whichever of its
// controls has the keyboard, and with none; it closes only the picker, not
// the drawer behind it, and imports nothing.
func TestEscClosesTheImportPicker(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	dir := pickerFolder(t)
	for _, focus := range []string{"list", "location", "tick box", "Cancel", "nothing"} {
		k := openPicker(t, h, dir)
		c := h.win.Canvas()
		switch focus {
		case "location":
			c.Focus(k.where)
		case "tick box":
			k.list.Resize(fyne.NewSize(600, 400))
			checks := findAll[*escCheck](k.list)
			if len(checks) == 0 {
				t.Fatal("the listing shows no tick boxes")
			}
			c.Focus(checks[0])
		case "Cancel":
			c.Focus(k.cancel)
		case "nothing":
			c.Unfocus()
		}
		key(h, fyne.KeyEscape)
		if k.open {
			t.Errorf("Esc with the %s focused left the picker open", focus)
		}
		if !h.ui.drawer.content.Visible() {
			t.Errorf("Esc with the %s focused hid the drawer too", focus)
		}
	}
	if got := h.lib.importedPaths(); len(got) > 0 {
		t.Errorf("Esc imported %q", got)
	}
}
