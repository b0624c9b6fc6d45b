package desktop

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// importPicker chooses what to import: it lists a folder's subfolders and
// the files Archivist reads, and any number of them, ticked in one folder
// or several, are imported together; a ticked folder is imported whole.
// Esc closes it from any of its controls. (The toolkit's file dialog takes
// one file and ignores Esc.)
type importPicker struct {
	u        *UI
	dir      string
	entries  []pickEntry
	chosen   []string // ticked paths, in the order ticked
	isChosen map[string]bool

	d        *dialog.CustomDialog
	where    *escEntry
	up       *escButton
	list     *pickList
	problem  *widget.Label // the folder could not be read, or a typed path is not there
	summary  *tipLabel
	doImport *escButton
	cancel   *escButton
	open     bool
	byKey    bool // the list's selection came from Space: tick, never open
}

// pickEntry is one line of the listing.
type pickEntry struct {
	name string
	dir  bool
}

// lastImportDir is the preference that remembers where the picker was
// last used.
const lastImportDir = "importDir"

// openImportPicker shows the picker in the folder last imported from,
// else the home folder.
func (p *importPanel) openImportPicker() *importPicker {
	u := p.ui
	start := u.fapp.Preferences().String(lastImportDir)
	if fi, err := os.Stat(start); start == "" || err != nil || !fi.IsDir() {
		start, _ = os.UserHomeDir()
	}
	k := &importPicker{u: u, isChosen: map[string]bool{}}
	k.build()
	k.show(start)
	p.picker = k
	return k
}

func (k *importPicker) build() {
	k.where = newEscEntry(k.close)
	k.where.OnSubmitted = k.goTo
	k.up = newEscButton("", theme.MoveUpIcon(), k.close, func() { k.show(filepath.Dir(k.dir)) })
	k.list = newPickList(k)
	k.problem = widget.NewLabel("")
	k.problem.Importance = widget.DangerImportance
	k.problem.Wrapping = fyne.TextWrapWord
	k.problem.Hide()
	k.summary = newTipLabel(k.u.tips, "", fyne.TextStyle{})
	k.doImport = newEscButton("Import", theme.DownloadIcon(), k.close, k.importChosen)
	k.doImport.Importance = widget.HighImportance
	k.cancel = newEscButton("Cancel", theme.CancelIcon(), k.close, k.close)
	hint := widget.NewLabel("Tick files or folders, here or in other folders; a ticked folder is imported with everything in it.")
	hint.Wrapping = fyne.TextWrapWord
	top := container.NewVBox(hint, container.NewBorder(nil, nil, k.up, nil, k.where), k.problem)
	content := container.NewBorder(top, k.summary, nil, nil, k.list)
	k.d = dialog.NewCustomWithoutButtons("Import files and folders", content, k.u.win)
	k.d.SetButtons([]fyne.CanvasObject{k.cancel, k.doImport})
	k.d.SetOnClosed(func() { k.open = false })
	k.updateChosen()
}

// show lists dir and opens the dialog when it is not open yet.
func (k *importPicker) show(dir string) {
	k.dir = filepath.Clean(dir)
	k.where.SetText(k.dir)
	k.entries = nil
	k.problem.Hide()
	if es, err := os.ReadDir(k.dir); err != nil {
		k.problem.SetText("This folder cannot be read: " + err.Error())
		k.problem.Show()
	} else {
		k.entries = pickEntries(k.dir, es)
	}
	if filepath.Dir(k.dir) == k.dir {
		k.up.Disable()
	} else {
		k.up.Enable()
	}
	k.list.UnselectAll()
	k.list.Refresh()
	k.list.ScrollToTop()
	if !k.open {
		k.open = true
		win := k.u.win.Canvas().Size()
		k.d.Resize(fyne.NewSize(min(900, win.Width-40), min(600, win.Height-40)))
		k.d.Show()
	}
	k.u.win.Canvas().Focus(k.list)
}

// pickEntries keeps the folders and the files with an extension Archivist
// reads, folders first, each by name; hidden entries are left out as the
// import of a folder leaves them out.
func pickEntries(folder string, es []os.DirEntry) []pickEntry {
	var out []pickEntry
	for _, e := range es {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		dir := e.IsDir()
		if !dir && e.Type()&os.ModeSymlink != 0 {
			// A link is listed as what it points to.
			if fi, err := os.Stat(filepath.Join(folder, name)); err == nil {
				dir = fi.IsDir()
			}
		}
		if dir || slices.Contains(importExtensions, strings.ToLower(filepath.Ext(name))) {
			out = append(out, pickEntry{name: name, dir: dir})
		}
	}
	slices.SortFunc(out, func(a, b pickEntry) int {
		if a.dir != b.dir {
			if a.dir {
				return -1
			}
			return 1
		}
		return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
	})
	return out
}

// goTo opens the folder typed in the location field; a file typed there is
// ticked and its folder opened.
func (k *importPicker) goTo(typed string) {
	path := strings.TrimSpace(typed)
	if home, err := os.UserHomeDir(); err == nil && (path == "~" || strings.HasPrefix(path, "~"+string(filepath.Separator))) {
		path = filepath.Join(home, path[1:])
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(k.dir, path)
	}
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		k.problem.SetText("Nothing is at " + path + ". Type a folder's or a file's full path.")
		k.problem.Show()
	case fi.IsDir():
		k.show(path)
	default:
		k.tick(path, true)
		k.show(filepath.Dir(path))
	}
}

// activate is a tap (or Enter) on the entry id: a folder opens, a file is
// ticked or unticked. Space ticks either (byKey).
func (k *importPicker) activate(id widget.ListItemID) {
	if id < 0 || id >= len(k.entries) {
		return
	}
	e := k.entries[id]
	path := filepath.Join(k.dir, e.name)
	if e.dir && !k.byKey {
		k.show(path)
		return
	}
	k.tick(path, !k.isChosen[path])
	k.list.RefreshItem(id)
}

// tick adds path to the import or takes it out.
func (k *importPicker) tick(path string, on bool) {
	if on == k.isChosen[path] {
		return
	}
	if on {
		k.isChosen[path] = true
		k.chosen = append(k.chosen, path)
	} else {
		delete(k.isChosen, path)
		k.chosen = slices.DeleteFunc(k.chosen, func(p string) bool { return p == path })
	}
	k.updateChosen()
}

// updateChosen says what is ticked, and on the Import button how much.
func (k *importPicker) updateChosen() {
	var files, folders int
	var names []string
	for _, p := range k.chosen {
		name := filepath.Base(p)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			folders++
			name += string(filepath.Separator)
		} else {
			files++
		}
		names = append(names, name)
	}
	if len(k.chosen) == 0 {
		k.summary.SetText("Nothing is ticked yet.")
		k.doImport.SetText("Import")
		k.doImport.Disable()
		return
	}
	k.summary.SetText("Ticked: " + strings.Join(names, ", "))
	var what []string
	if files > 0 {
		what = append(what, plural(files, "file", "files"))
	}
	if folders > 0 {
		what = append(what, plural(folders, "folder", "folders"))
	}
	k.doImport.SetText("Import " + strings.Join(what, " and "))
	k.doImport.Enable()
}

// importChosen closes the picker and queues everything ticked.
func (k *importPicker) importChosen() {
	if len(k.chosen) == 0 {
		return
	}
	paths := slices.Clone(k.chosen)
	k.u.fapp.Preferences().SetString(lastImportDir, k.dir)
	k.close()
	k.u.imports.enqueue(paths)
}

func (k *importPicker) close() {
	if k.open {
		k.d.Hide()
		k.open = false
	}
}

// pickList is the picker's listing: ↑/↓ move, Space ticks, Enter opens a
// folder (or ticks a file), Backspace goes up a folder, Esc closes.
type pickList struct {
	widget.List
	k *importPicker
}

func newPickList(k *importPicker) *pickList {
	l := &pickList{k: k}
	l.Length = func() int { return len(k.entries) }
	l.CreateItem = func() fyne.CanvasObject {
		tick := newEscCheck(k.close)
		return container.NewBorder(nil, nil, container.NewHBox(tick, widget.NewIcon(theme.FolderIcon())), nil,
			widget.NewLabel(""))
	}
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		if id >= len(k.entries) {
			return
		}
		e := k.entries[id]
		path := filepath.Join(k.dir, e.name)
		row := o.(*fyne.Container)
		left := row.Objects[1].(*fyne.Container)
		tick, icon := left.Objects[0].(*escCheck), left.Objects[1].(*widget.Icon)
		tick.OnChanged = nil
		tick.SetChecked(k.isChosen[path])
		tick.OnChanged = func(on bool) { k.tick(path, on) }
		if e.dir {
			icon.SetResource(theme.FolderIcon())
		} else {
			icon.SetResource(theme.FileIcon())
		}
		row.Objects[0].(*widget.Label).SetText(e.name)
	}
	l.OnSelected = func(id widget.ListItemID) {
		l.Unselect(id)
		k.activate(id)
	}
	l.ExtendBaseWidget(l)
	return l
}

func (l *pickList) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		l.k.close()
	case fyne.KeyBackspace:
		if l.k.up.Disabled() {
			return
		}
		l.k.show(filepath.Dir(l.k.dir))
	case fyne.KeyReturn, fyne.KeyEnter:
		l.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	case fyne.KeySpace:
		l.k.byKey = true
		l.List.TypedKey(ev)
		l.k.byKey = false
	default:
		l.List.TypedKey(ev)
	}
}

// escEntry, escButton and escCheck close what they are in on Esc: a key a
// focused control does not handle goes nowhere else.
type escEntry struct {
	widget.Entry
	esc func()
}

func newEscEntry(esc func()) *escEntry {
	e := &escEntry{esc: esc}
	e.ExtendBaseWidget(e)
	return e
}

func (e *escEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		e.esc()
		return
	}
	e.Entry.TypedKey(ev)
}

type escButton struct {
	widget.Button
	esc func()
}

func newEscButton(text string, icon fyne.Resource, esc, tapped func()) *escButton {
	b := &escButton{esc: esc}
	b.Text, b.Icon, b.OnTapped = text, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *escButton) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		b.esc()
		return
	}
	b.Button.TypedKey(ev)
}

type escCheck struct {
	widget.Check
	esc func()
}

func newEscCheck(esc func()) *escCheck {
	c := &escCheck{esc: esc}
	c.ExtendBaseWidget(c)
	return c
}

func (c *escCheck) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		c.esc()
		return
	}
	c.Check.TypedKey(ev)
}
