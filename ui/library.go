package ui

import (
	"context"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// emptyLibraryText invites the first drop.
const emptyLibraryText = "Drop PDF, Markdown, HTML, DOCX or text files here"

// The orders the list can be sorted in, as the selector names them.
const (
	sortNewest = "Newest first"
	sortOldest = "Oldest first"
	sortTitle  = "Title A–Z"
	sortPages  = "Most pages"
	sortStatus = "Status"
	sortFormat = "Format"
)

var sortOrders = []string{sortNewest, sortOldest, sortTitle, sortPages, sortFormat, sortStatus}

// libraryView is the document list: one row per document with a checkbox,
// its title, format, pages, imported date, status (a progress bar while it
// imports) and sensitivity, and a menu of actions; a filter and a sort
// order; and the selection bar that scopes the drawer ("Ask selection"),
// files or trashes the ticked documents. With folders, the list shows the
// folder chosen in the folder tree, or the trash.
type libraryView struct {
	ui         *UI
	docs       []app.Document // as Library.Documents returned them, newest first
	trashed    []app.TrashedDocument
	placements map[string]app.Placement
	folders    []app.Folder
	shown      []app.Document // docs (or the trash) in the chosen folder, filtered and sorted
	view       string         // what the list shows: viewAll, viewUnfiled, viewTrash or a folder ID
	selected   map[string]bool
	rows       map[fyne.CanvasObject]*docRow // the list's recycled rows, by container

	// A reload asked for while one runs is coalesced into a single follow-up,
	// so a 500-file import does not queue 500 Documents calls.
	loading, reloadAgain bool

	title        *widget.Label
	count        *widget.Label
	loadErr      *widget.Label
	filter       *widget.Entry
	sortBy       *widget.Select
	list         *widget.List
	empty        *fyne.Container
	emptyText    *widget.Label
	selInfo      *widget.Label
	selWarning   *widget.Label
	clearSel     *widget.Button
	selectAll    *widget.Button
	askSelection *widget.Button
	moveSel      *widget.Button
	trashSel     *widget.Button
	restoreSel   *widget.Button
	emptyTrash   *widget.Button
	selBar       *fyne.Container
	importFile   *widget.Button
	importFolder *widget.Button
	tree         *folderTree // nil without app.Folders
	listBox      *fyne.Container
	content      fyne.CanvasObject
}

// The list's views besides a folder.
const (
	viewAll     = "all"
	viewUnfiled = "unfiled"
	viewTrash   = "trash"
)

func newLibraryView(u *UI) *libraryView {
	v := &libraryView{ui: u, view: viewAll, selected: map[string]bool{}, rows: map[fyne.CanvasObject]*docRow{},
		placements: map[string]app.Placement{}}

	v.title = widget.NewLabelWithStyle("Library", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.count = widget.NewLabel("")
	v.count.SizeName = theme.SizeNameCaptionText
	v.importFile = widget.NewButtonWithIcon("Import…", theme.FileIcon(), u.imports.openFileDialog)
	v.importFolder = widget.NewButtonWithIcon("Folder…", theme.FolderOpenIcon(), u.imports.openFolderDialog)
	header := container.NewBorder(nil, nil, nil, container.NewHBox(v.count, v.importFile, v.importFolder), v.title)

	v.filter = widget.NewEntry()
	v.filter.SetPlaceHolder("Filter by title, file name or format")
	v.sortBy = widget.NewSelect(sortOrders, nil)
	v.sortBy.SetSelected(sortNewest)
	v.sortBy.OnChanged = func(string) { v.apply() }
	tools := container.NewBorder(nil, nil, nil, v.sortBy, v.filter)

	v.loadErr = widget.NewLabel("")
	v.loadErr.Importance = widget.DangerImportance
	v.loadErr.Wrapping = fyne.TextWrapWord
	v.loadErr.Hide()

	v.list = widget.NewList(v.length, v.createRow, v.updateRow)
	// A tap anywhere on a row toggles its checkbox; the list's own single
	// selection would only confuse the multi-select.
	v.list.OnSelected = func(id widget.ListItemID) {
		v.list.Unselect(id)
		if id >= 0 && id < len(v.shown) {
			v.setSelected(v.shown[id].ID, !v.selected[v.shown[id].ID])
			v.list.RefreshItem(id)
		}
	}

	v.emptyText = widget.NewLabelWithStyle(emptyLibraryText, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	v.emptyText.Wrapping = fyne.TextWrapWord
	sub := widget.NewLabelWithStyle("or use Import… above.", fyne.TextAlignCenter, fyne.TextStyle{})
	icon := widget.NewIcon(theme.UploadIcon())
	v.empty = container.NewCenter(container.NewVBox(container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(48), icon)), v.emptyText, sub))

	v.selInfo = widget.NewLabel("")
	v.selInfo.Truncation = fyne.TextTruncateEllipsis
	v.selWarning = widget.NewLabel("")
	v.selWarning.Importance = widget.WarningImportance
	v.selWarning.Wrapping = fyne.TextWrapWord
	v.selWarning.Hide()
	v.clearSel = widget.NewButton("Clear", v.clearSelection)
	v.selectAll = widget.NewButton("All", v.selectShown)
	v.askSelection = widget.NewButtonWithIcon("Ask selection", theme.SearchIcon(), v.askAboutSelection)
	v.moveSel = widget.NewButtonWithIcon("Move to…", theme.FolderIcon(), func() { v.chooseFolderFor(v.selectedIDs()) })
	v.trashSel = widget.NewButtonWithIcon("Trash", theme.DeleteIcon(), v.trashSelected)
	v.restoreSel = widget.NewButtonWithIcon("Restore", theme.ContentUndoIcon(), v.restoreSelected)
	v.emptyTrash = widget.NewButtonWithIcon("Empty trash", theme.DeleteIcon(), v.confirmEmptyTrash)
	v.emptyTrash.Importance = widget.DangerImportance
	v.selBar = container.NewVBox(v.selInfo,
		container.NewHBox(v.selectAll, v.clearSel, v.moveSel, v.trashSel, v.restoreSel, v.emptyTrash, layout.NewSpacer(), v.askSelection))

	top := container.NewVBox(header, tools, v.loadErr)
	bottom := container.NewVBox(u.filing.content, u.imports.content, widget.NewSeparator(), v.selWarning, v.selBar)
	body := container.NewStack(v.list, v.empty)
	list := container.NewBorder(top, bottom, nil, nil, body)
	if u.folders != nil {
		v.tree = newFolderTree(v)
		split := container.NewHSplit(v.tree.content, list)
		split.Offset = 0.3
		v.content = container.NewPadded(split)
	} else {
		v.content = container.NewPadded(list)
	}
	v.listBox = list

	v.filter.OnChanged = func(string) { v.apply() }
	v.setDocs(nil)
	return v
}

// reload fetches the documents (with folders, placements and the trash
// when the library has them) off the UI goroutine.
func (v *libraryView) reload() {
	if v.loading {
		v.reloadAgain = true
		return
	}
	v.loading = true
	go func() {
		ctx := v.ui.ctx
		docs, err := v.ui.lib.Documents(ctx)
		var folders []app.Folder
		var placements map[string]app.Placement
		var trashed []app.TrashedDocument
		if f := v.ui.folders; f != nil && err == nil {
			if folders, err = f.Folders(ctx); err == nil {
				if placements, err = f.Placements(ctx); err == nil {
					trashed, err = f.Trashed(ctx)
				}
			}
		}
		v.ui.do(func() {
			v.loading = false
			if err != nil {
				if v.ui.ctx.Err() == nil {
					v.loadErr.SetText("Could not list documents: " + app.ErrorMessage(err))
					v.loadErr.Show()
				}
			} else {
				v.loadErr.Hide()
				v.folders, v.placements, v.trashed = folders, placements, trashed
				if v.placements == nil {
					v.placements = map[string]app.Placement{}
				}
				if v.tree != nil {
					v.tree.setFolders(folders, len(trashed))
				}
				v.setDocs(docs)
			}
			if v.reloadAgain {
				v.reloadAgain = false
				v.reload()
			}
		})
	}()
}

// setDocs shows docs.
func (v *libraryView) setDocs(docs []app.Document) {
	v.docs = docs
	v.apply()
}

// apply recomputes the rows from the documents, the view, the filter and
// the sort order, and drops selected IDs no longer shown.
func (v *libraryView) apply() {
	var source []app.Document
	if v.view == viewTrash {
		for _, t := range v.trashed {
			source = append(source, t.Document)
		}
	} else {
		for _, d := range v.docs {
			if v.inView(d) {
				source = append(source, d)
			}
		}
	}
	needle := strings.ToLower(strings.TrimSpace(v.filter.Text))
	v.shown = v.shown[:0]
	for _, d := range source {
		if needle == "" || strings.Contains(strings.ToLower(docTitle(d)+" "+d.Filename+" "+formatName(d.Format)), needle) {
			v.shown = append(v.shown, d)
		}
	}
	sortDocuments(v.shown, v.sortBy.Selected)

	present := make(map[string]bool, len(v.shown))
	for _, d := range v.shown {
		present[d.ID] = true
	}
	for id := range v.selected {
		if !present[id] {
			delete(v.selected, id)
		}
	}
	v.title.SetText(v.viewName())
	switch {
	case len(v.shown) > 0:
		v.count.SetText(plural(len(v.shown), "document", "documents"))
		v.empty.Hide()
		v.list.Show()
		v.selBar.Show()
	default:
		v.count.SetText("")
		v.list.Hide()
		v.selBar.Hide()
		v.emptyText.SetText(v.emptyMessage(len(source), needle))
		v.empty.Show()
	}
	if v.view == viewTrash && len(v.trashed) > 0 {
		v.selBar.Show()
	}
	if c, ok := v.content.(*fyne.Container); ok {
		c.Refresh() // re-lay the column after showing or hiding its parts
	}
	v.listBox.Refresh()
	v.list.Refresh()
	v.updateSelectionBar()
}

func (v *libraryView) emptyMessage(inView int, needle string) string {
	switch {
	case needle != "" && inView > 0:
		return "No document matches “" + v.filter.Text + "”"
	case v.view == viewTrash:
		return "The trash is empty"
	case v.view != viewAll && len(v.docs) > 0:
		return "No documents here"
	}
	return emptyLibraryText
}

// inView reports whether d belongs in the list's current view (the
// folder's own documents, or all of them).
func (v *libraryView) inView(d app.Document) bool {
	switch v.view {
	case viewAll:
		return true
	case viewUnfiled:
		return v.placements[d.ID].FolderID == ""
	}
	return v.placements[d.ID].FolderID == v.view
}

// viewName is the list's heading.
func (v *libraryView) viewName() string {
	switch v.view {
	case viewAll:
		if v.ui.folders == nil {
			return "Library"
		}
		return "All documents"
	case viewUnfiled:
		return "Not in a folder"
	case viewTrash:
		return "Trash"
	}
	// The folder's own name: a long path would truncate away the part
	// that says where one is (the tree shows the rest).
	for _, f := range v.folders {
		if f.ID == v.view {
			return f.Name
		}
	}
	return ""
}

// setView shows a folder (or all documents, or the trash) and clears the
// selection, which belonged to the other view.
func (v *libraryView) setView(view string) {
	if view == v.view {
		return
	}
	v.view = view
	clear(v.selected)
	v.apply()
}

// sortDocuments sorts docs in place by the named order; ties keep the
// library's order (newest first).
func sortDocuments(docs []app.Document, order string) {
	statusRank := map[app.Status]int{app.StatusFailed: 0, app.StatusImporting: 1, app.StatusQueued: 2, app.StatusReady: 3}
	slices.SortStableFunc(docs, func(a, b app.Document) int {
		switch order {
		case sortOldest:
			return a.ImportedAt.Compare(b.ImportedAt)
		case sortTitle:
			return strings.Compare(strings.ToLower(docTitle(a)), strings.ToLower(docTitle(b)))
		case sortPages:
			return b.Pages - a.Pages
		case sortFormat:
			return strings.Compare(formatName(a.Format), formatName(b.Format))
		case sortStatus:
			return statusRank[a.Status] - statusRank[b.Status]
		}
		return b.ImportedAt.Compare(a.ImportedAt)
	})
}

func (v *libraryView) length() int { return len(v.shown) }

// docRow is the template row; its widgets are rebound by updateRow.
type docRow struct {
	check    *widget.Check
	title    *widget.Label
	detail   *widget.Label
	progress *widget.ProgressBarInfinite
	menu     *widget.Button
	doc      app.Document
}

func (v *libraryView) createRow() fyne.CanvasObject {
	r := &docRow{check: widget.NewCheck("", nil), title: widget.NewLabel(""), detail: widget.NewLabel("")}
	r.title.TextStyle.Bold = true
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.detail.Truncation = fyne.TextTruncateEllipsis
	r.progress = widget.NewProgressBarInfinite()
	r.progress.Hide()
	r.menu = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), nil)
	r.menu.Importance = widget.LowImportance
	r.menu.OnTapped = func() { v.showRowMenu(r) }
	if v.ui.folders == nil {
		r.menu.Hide()
	}
	lines := container.New(noGapVBox(), r.title, r.detail)
	// The row's right edge shows the actions menu, or a working bar while
	// the document imports (when it has no actions yet).
	right := container.NewStack(container.NewCenter(r.menu), container.NewCenter(container.NewGridWrap(fyne.NewSize(72, 16), r.progress)))
	box := container.NewBorder(nil, nil, r.check, right, lines)
	v.rows[box] = r
	return box
}

func (v *libraryView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(v.shown) {
		return
	}
	d := v.shown[id]
	r := v.rows[o]
	if r == nil {
		return
	}
	r.doc = d
	r.check.OnChanged = nil
	r.check.SetChecked(v.selected[d.ID])
	r.check.OnChanged = func(on bool) { v.setSelected(d.ID, on) }
	r.title.SetText(docTitle(d))
	r.detail.Importance = statusImportance(d.Status)
	detail := docDetail(d)
	if v.ui.folders != nil && d.Status != app.StatusFailed {
		detail += " · " + sensitivityName(v.placements[d.ID].Sensitivity)
	}
	if !d.ImportedAt.IsZero() {
		detail += " · " + d.ImportedAt.Local().Format("2 Jan 2006")
	}
	r.detail.SetText(detail)
	// Per-document progress while it imports: the parse reports no page
	// count to the list, so the bar says "working", not how far.
	if d.Status == app.StatusImporting || d.Status == app.StatusQueued {
		r.progress.Show()
		r.progress.Start()
		r.menu.Hide()
	} else {
		r.progress.Stop()
		r.progress.Hide()
		show(r.menu, v.ui.folders != nil)
	}
}

// sensitivityName is how the list shows a sensitivity; unset is Internal
// (DESIGN.md §7) and an unknown value shows as Restricted, as it is treated.
func sensitivityName(s string) string {
	switch strings.ToLower(s) {
	case "public":
		return "Public"
	case "", "internal":
		return "Internal"
	case "confidential":
		return "Confidential"
	}
	return "Restricted"
}

// docTitle is what the list and scope labels call a document.
func docTitle(d app.Document) string {
	if t := strings.TrimSpace(d.Title); t != "" {
		return t
	}
	if d.Filename != "" {
		return d.Filename
	}
	return "Untitled document"
}

// docDetail is a row's second line: format, pages, status, and the reason
// when the import failed.
func docDetail(d app.Document) string {
	parts := []string{formatName(d.Format)}
	if d.Pages > 0 {
		parts = append(parts, plural(d.Pages, "page", "pages"))
	}
	switch d.Status {
	case app.StatusQueued:
		parts = append(parts, "Queued")
	case app.StatusImporting:
		parts = append(parts, "Importing…")
	case app.StatusReady:
		parts = append(parts, "Ready")
	case app.StatusFailed:
		if d.Error != "" {
			parts = append(parts, "Failed: "+d.Error)
		} else {
			parts = append(parts, "Failed")
		}
	default:
		if d.Status != "" {
			parts = append(parts, string(d.Status))
		}
	}
	return strings.Join(parts, " · ")
}

func formatName(f app.Format) string {
	switch f {
	case app.FormatText:
		return "Text"
	case app.FormatMarkdown:
		return "Markdown"
	case app.FormatPDF:
		return "PDF"
	case app.FormatHTML:
		return "HTML"
	case app.FormatDOCX:
		return "DOCX"
	case "":
		return "Unknown format"
	}
	return string(f)
}

func statusImportance(s app.Status) widget.Importance {
	switch s {
	case app.StatusFailed:
		return widget.DangerImportance
	case app.StatusQueued, app.StatusImporting:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

func (v *libraryView) setSelected(id string, on bool) {
	if on {
		v.selected[id] = true
	} else {
		delete(v.selected, id)
	}
	v.updateSelectionBar()
}

// selectedIDs returns the selection in list order.
func (v *libraryView) selectedIDs() []string {
	var ids []string
	for _, d := range v.shown {
		if v.selected[d.ID] {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// selectShown ticks every document the list shows (after the filter).
func (v *libraryView) selectShown() {
	for _, d := range v.shown {
		v.selected[d.ID] = true
	}
	v.list.Refresh()
	v.updateSelectionBar()
}

func (v *libraryView) clearSelection() {
	clear(v.selected)
	v.list.Refresh()
	v.updateSelectionBar()
}

// updateSelectionBar enables "Ask selection" for 1–MaxSelectedDocuments
// documents and says why when there are more; in the trash it offers
// Restore and Empty trash instead.
func (v *libraryView) updateSelectionBar() {
	n := len(v.selected)
	inTrash := v.view == viewTrash
	switch {
	case n == 0 && inTrash:
		v.selInfo.SetText("Tick documents to restore them")
	case n == 0:
		v.selInfo.SetText("Tick documents to ask about them")
	default:
		v.selInfo.SetText(plural(n, "document selected", "documents selected"))
	}
	if n > app.MaxSelectedDocuments && !inTrash {
		v.selWarning.SetText("Ask selection works on at most " + plural(app.MaxSelectedDocuments, "document", "documents") +
			" at once; " + plural(n, "is", "are") + " selected. Untick some, or ask the whole library.")
		v.selWarning.Show()
	} else {
		v.selWarning.Hide()
	}
	enable(v.askSelection, n >= 1 && n <= app.MaxSelectedDocuments)
	enable(v.clearSel, n > 0)
	enable(v.selectAll, n < len(v.shown))
	enable(v.moveSel, n > 0)
	enable(v.trashSel, n > 0)
	enable(v.restoreSel, n > 0)
	enable(v.emptyTrash, len(v.trashed) > 0)
	hasFolders := v.ui.folders != nil
	show(v.askSelection, !inTrash)
	show(v.moveSel, hasFolders && !inTrash)
	show(v.trashSel, hasFolders && !inTrash)
	show(v.restoreSel, inTrash)
	show(v.emptyTrash, inTrash)
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func show(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// askAboutSelection scopes the drawer to the ticked documents and puts the
// cursor in the omnibox for the question.
func (v *libraryView) askAboutSelection() {
	ids := v.selectedIDs()
	if len(ids) == 0 || len(ids) > app.MaxSelectedDocuments {
		return
	}
	label := plural(len(ids), "selected document", "selected documents")
	if len(ids) == 1 {
		for _, d := range v.shown {
			if d.ID == ids[0] {
				label = docTitle(d)
			}
		}
	}
	v.ui.drawer.setScope(app.Scope{DocumentIDs: ids, Label: label})
	v.ui.omni.focus()
}

// run calls f off the UI goroutine and then, on it, reloads the list and
// reports an error in a dialog.
func (v *libraryView) run(f func(ctx context.Context) error, then func()) {
	u := v.ui
	go func() {
		err := f(u.ctx)
		u.do(func() {
			if err != nil && u.ctx.Err() == nil {
				dialog.ShowError(errorForDialog(err), u.win)
			}
			if then != nil && err == nil {
				then()
			}
			v.reload()
		})
	}()
}

// errorForDialog keeps internal details out of dialogs.
func errorForDialog(err error) error {
	return &app.Error{Code: app.ErrorCode(err), Message: app.ErrorMessage(err)}
}

// trashSelected moves the ticked documents to the trash. It is also what
// the Delete key does in the list.
func (v *libraryView) trashSelected() {
	ids := v.selectedIDs()
	if len(ids) == 0 || v.ui.folders == nil || v.view == viewTrash {
		return
	}
	clear(v.selected)
	v.run(func(ctx context.Context) error { return v.ui.folders.Trash(ctx, ids) }, nil)
}

func (v *libraryView) restoreSelected() {
	ids := v.selectedIDs()
	if len(ids) == 0 || v.ui.folders == nil {
		return
	}
	clear(v.selected)
	v.run(func(ctx context.Context) error { return v.ui.folders.Restore(ctx, ids) }, nil)
}

// confirmEmptyTrash asks before deleting for good.
func (v *libraryView) confirmEmptyTrash() {
	n := len(v.trashed)
	if n == 0 || v.ui.folders == nil {
		return
	}
	dialog.ShowConfirm("Empty the trash?",
		plural(n, "document", "documents")+" and "+pick(n == 1, "its original", "their originals")+" will be deleted for good.",
		func(ok bool) {
			if ok {
				v.emptyTrashNow()
			}
		}, v.ui.win)
}

func (v *libraryView) emptyTrashNow() {
	clear(v.selected)
	v.run(func(ctx context.Context) error { _, err := v.ui.folders.EmptyTrash(ctx); return err }, nil)
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// showRowMenu pops up a document's actions under its menu button.
func (v *libraryView) showRowMenu(r *docRow) {
	d := r.doc
	if d.ID == "" || v.ui.folders == nil {
		return
	}
	var items []*fyne.MenuItem
	if v.view == viewTrash {
		items = append(items, fyne.NewMenuItem("Restore", func() {
			v.run(func(ctx context.Context) error { return v.ui.folders.Restore(ctx, []string{d.ID}) }, nil)
		}))
	} else {
		items = append(items,
			fyne.NewMenuItem("Ask this document", func() {
				v.ui.drawer.setScope(app.Scope{DocumentIDs: []string{d.ID}, Label: docTitle(d)})
				v.ui.omni.focus()
			}),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Open original", func() { v.ui.openOriginal(d, false) }),
			fyne.NewMenuItem("Show in folder", func() { v.ui.openOriginal(d, true) }),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Move to folder…", func() { v.chooseFolderFor([]string{d.ID}) }),
		)
		sens := fyne.NewMenuItem("Sensitivity", nil)
		current := strings.ToLower(v.placements[d.ID].Sensitivity)
		if current == "" {
			current = "internal"
		}
		var levels []*fyne.MenuItem
		for _, level := range app.SensitivityLevels {
			item := fyne.NewMenuItem(sensitivityName(level), func() { v.setSensitivity(d.ID, level) })
			item.Checked = level == current
			levels = append(levels, item)
		}
		sens.ChildMenu = fyne.NewMenu("", levels...)
		items = append(items, sens, fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Move to trash", func() {
				v.run(func(ctx context.Context) error { return v.ui.folders.Trash(ctx, []string{d.ID}) }, nil)
			}))
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(r.menu)
	if c == nil {
		c = v.ui.win.Canvas()
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(r.menu).Add(fyne.NewPos(0, r.menu.Size().Height))
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), c, pos)
}

// setSensitivity stores a document's sensitivity through the library.
func (v *libraryView) setSensitivity(id, level string) {
	v.run(func(ctx context.Context) error { return v.ui.folders.SetSensitivity(ctx, id, level) }, nil)
}

// chooseFolderFor asks which folder to file ids in.
func (v *libraryView) chooseFolderFor(ids []string) {
	if len(ids) == 0 || v.ui.folders == nil {
		return
	}
	paths, idsByPath := folderChoices(v.folders)
	sel := widget.NewSelect(paths, nil)
	if len(ids) == 1 {
		if p := folderPath(v.folders, v.placements[ids[0]].FolderID); p != "" {
			sel.SetSelected(p)
		}
	}
	if sel.Selected == "" {
		sel.SetSelected(noFolder)
	}
	item := widget.NewFormItem("Folder", sel)
	d := dialog.NewForm("Move "+plural(len(ids), "document", "documents"), "Move", "Cancel", []*widget.FormItem{item}, func(ok bool) {
		if !ok {
			return
		}
		target := idsByPath[sel.Selected]
		clear(v.selected)
		v.run(func(ctx context.Context) error { return v.ui.folders.MoveDocuments(ctx, ids, target) }, nil)
	}, v.ui.win)
	d.Resize(fyne.NewSize(420, d.MinSize().Height))
	d.Show()
}

// noFolder is the choice that files a document in no folder.
const noFolder = "(no folder)"

// folderChoices lists every folder by its path, sorted, after noFolder.
func folderChoices(folders []app.Folder) ([]string, map[string]string) {
	ids := map[string]string{noFolder: ""}
	var paths []string
	for _, f := range folders {
		p := folderPath(folders, f.ID)
		ids[p] = f.ID
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	return append([]string{noFolder}, paths...), ids
}

// folderPath is a folder's path from the top: "Finance › Reports".
func folderPath(folders []app.Folder, id string) string {
	byID := make(map[string]app.Folder, len(folders))
	for _, f := range folders {
		byID[f.ID] = f
	}
	var names []string
	for n := 0; id != "" && n < 64; n++ {
		f, ok := byID[id]
		if !ok {
			break
		}
		names = append([]string{f.Name}, names...)
		id = f.ParentID
	}
	return strings.Join(names, " › ")
}
