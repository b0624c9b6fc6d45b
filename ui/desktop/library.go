package desktop

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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

	title        *tipLabel
	count        *widget.Label
	loadErr      *widget.Label
	filter       *widget.Entry
	sortBy       *widget.Select
	list         *widget.List
	empty        *fyne.Container
	emptyText    *widget.Label
	selInfo      *tipLabel
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
	suggest      *widget.Button // "Suggest folders", in Not in a folder
	tree         *folderTree    // nil without app.Folders
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

	v.title = newTipLabel(u.tips, "Library", fyne.TextStyle{Bold: true})
	v.title.Truncation = fyne.TextTruncateEllipsis
	v.count = widget.NewLabel("")
	v.count.SizeName = theme.SizeNameCaptionText
	v.importFile = widget.NewButtonWithIcon("Import…", theme.FileIcon(), u.importFiles)
	v.suggest = widget.NewButtonWithIcon("Suggest folders", theme.FolderIcon(), v.suggestFolders)
	v.suggest.Hide()
	header := container.NewBorder(nil, nil, nil, container.NewHBox(v.count, v.importFile), v.title)

	v.filter = widget.NewEntry()
	v.filter.SetPlaceHolder("Filter by title, file name or format")
	v.sortBy = widget.NewSelect(sortOrders, nil)
	v.sortBy.SetSelected(sortNewest)
	v.sortBy.OnChanged = func(string) { v.apply() }
	tools := container.NewBorder(nil, nil, nil, container.NewHBox(v.suggest, v.sortBy), v.filter)

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

	v.selInfo = newTipLabel(u.tips, "", fyne.TextStyle{})
	v.selInfo.Truncation = fyne.TextTruncateOff // laid out at its whole width by the wrapping row
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
	// The count of ticked documents starts the row of their actions
	// rather than taking a line of its own above them.
	v.selBar = container.NewVBox(newWrapRow(v.selInfo, v.selectAll, v.clearSel, v.moveSel, v.trashSel, v.restoreSel, v.emptyTrash, v.askSelection))

	top := container.NewVBox(header, tools, v.loadErr)
	bottom := container.NewVBox(widget.NewSeparator(), v.selWarning, v.selBar)
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
	show(v.suggest, v.view == viewUnfiled && v.ui.filer != nil && len(v.shown) > 0)
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

// suggestFolders asks for a folder proposal for every unfiled document the
// list shows that has none pending: documents imported from the command
// line or in an earlier session get their suggestions this way.
func (v *libraryView) suggestFolders() {
	for _, d := range v.shown {
		if d.Status == app.StatusReady {
			v.ui.filing.propose(d.ID)
		}
	}
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
