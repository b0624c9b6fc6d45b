package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// emptyLibraryText invites the first drop. Every format is named even though
// only text and Markdown parse so far: the others fail per file with a reason.
const emptyLibraryText = "Drop PDF, Markdown, HTML, DOCX or text files here"

// libraryView is the document list on the left: one row per document with
// a checkbox, its title, format, pages and import status, and the selection
// bar that scopes the drawer ("Ask selection").
type libraryView struct {
	ui       *UI
	docs     []app.Document // as Library.Documents returned them, newest first
	selected map[string]bool
	rows     map[fyne.CanvasObject]*docRow // the list's recycled rows, by container

	// A reload asked for while one runs is coalesced into a single follow-up,
	// so a 500-file import does not queue 500 Documents calls.
	loading, reloadAgain bool

	count        *widget.Label
	loadErr      *widget.Label
	list         *widget.List
	empty        *fyne.Container
	selInfo      *widget.Label
	selWarning   *widget.Label
	clearSel     *widget.Button
	askSelection *widget.Button
	selBar       *fyne.Container
	importFile   *widget.Button
	importFolder *widget.Button
	content      fyne.CanvasObject
}

func newLibraryView(u *UI) *libraryView {
	v := &libraryView{ui: u, selected: map[string]bool{}, rows: map[fyne.CanvasObject]*docRow{}}

	title := widget.NewLabelWithStyle("Library", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.count = widget.NewLabel("")
	v.count.SizeName = theme.SizeNameCaptionText
	v.importFile = widget.NewButtonWithIcon("Import…", theme.FileIcon(), u.imports.openFileDialog)
	v.importFolder = widget.NewButtonWithIcon("Folder…", theme.FolderOpenIcon(), u.imports.openFolderDialog)
	header := container.NewBorder(nil, nil, container.NewHBox(title, v.count), container.NewHBox(v.importFile, v.importFolder))

	v.loadErr = widget.NewLabel("")
	v.loadErr.Importance = widget.DangerImportance
	v.loadErr.Wrapping = fyne.TextWrapWord
	v.loadErr.Hide()

	v.list = widget.NewList(v.length, v.createRow, v.updateRow)
	// A tap anywhere on a row toggles its checkbox; the list's own single
	// selection would only confuse the multi-select.
	v.list.OnSelected = func(id widget.ListItemID) {
		v.list.Unselect(id)
		if id >= 0 && id < len(v.docs) {
			v.setSelected(v.docs[id].ID, !v.selected[v.docs[id].ID])
			v.list.RefreshItem(id)
		}
	}

	hint := widget.NewLabelWithStyle(emptyLibraryText, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	sub := widget.NewLabelWithStyle("or use Import… above.", fyne.TextAlignCenter, fyne.TextStyle{})
	icon := widget.NewIcon(theme.UploadIcon())
	v.empty = container.NewCenter(container.NewVBox(container.NewCenter(container.NewGridWrap(fyne.NewSquareSize(48), icon)), hint, sub))

	v.selInfo = widget.NewLabel("")
	v.selInfo.Truncation = fyne.TextTruncateEllipsis
	v.selWarning = widget.NewLabel("")
	v.selWarning.Importance = widget.WarningImportance
	v.selWarning.Wrapping = fyne.TextWrapWord
	v.selWarning.Hide()
	v.clearSel = widget.NewButton("Clear", v.clearSelection)
	v.askSelection = widget.NewButtonWithIcon("Ask selection", theme.SearchIcon(), v.askAboutSelection)
	v.selBar = container.NewBorder(nil, nil, nil, container.NewHBox(v.clearSel, v.askSelection), v.selInfo)

	top := container.NewVBox(header, v.loadErr)
	bottom := container.NewVBox(u.imports.content, widget.NewSeparator(), v.selWarning, v.selBar)
	body := container.NewStack(v.list, v.empty)
	v.content = container.NewPadded(container.NewBorder(top, bottom, nil, nil, body))

	v.setDocs(nil)
	return v
}

// reload fetches the document list off the UI goroutine.
func (v *libraryView) reload() {
	if v.loading {
		v.reloadAgain = true
		return
	}
	v.loading = true
	go func() {
		docs, err := v.ui.lib.Documents(v.ui.ctx)
		v.ui.do(func() {
			v.loading = false
			if err != nil {
				if v.ui.ctx.Err() == nil {
					v.loadErr.SetText("Could not list documents: " + app.ErrorMessage(err))
					v.loadErr.Show()
				}
			} else {
				v.loadErr.Hide()
				v.setDocs(docs)
			}
			if v.reloadAgain {
				v.reloadAgain = false
				v.reload()
			}
		})
	}()
}

// setDocs shows docs and drops selected IDs that are gone from the list.
func (v *libraryView) setDocs(docs []app.Document) {
	v.docs = docs
	present := make(map[string]bool, len(docs))
	for _, d := range docs {
		present[d.ID] = true
	}
	for id := range v.selected {
		if !present[id] {
			delete(v.selected, id)
		}
	}
	if len(docs) == 0 {
		v.count.SetText("")
		v.list.Hide()
		v.selBar.Hide()
		v.empty.Show()
	} else {
		v.count.SetText(plural(len(docs), "document", "documents"))
		v.empty.Hide()
		v.list.Show()
		v.selBar.Show()
	}
	if c, ok := v.content.(*fyne.Container); ok {
		c.Refresh() // re-lay the column after showing or hiding its parts
	}
	v.list.Refresh()
	v.updateSelectionBar()
}

func (v *libraryView) length() int { return len(v.docs) }

// docRow is the template row; its widgets are rebound by updateRow.
type docRow struct {
	check  *widget.Check
	title  *widget.Label
	detail *widget.Label
}

func (v *libraryView) createRow() fyne.CanvasObject {
	r := &docRow{check: widget.NewCheck("", nil), title: widget.NewLabel(""), detail: widget.NewLabel("")}
	r.title.TextStyle.Bold = true
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.detail.Truncation = fyne.TextTruncateEllipsis
	lines := container.New(noGapVBox(), r.title, r.detail)
	box := container.NewBorder(nil, nil, r.check, nil, lines)
	v.rows[box] = r
	return box
}

func (v *libraryView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	if id < 0 || id >= len(v.docs) {
		return
	}
	d := v.docs[id]
	r := v.rows[o]
	if r == nil {
		return
	}
	r.check.OnChanged = nil
	r.check.SetChecked(v.selected[d.ID])
	r.check.OnChanged = func(on bool) { v.setSelected(d.ID, on) }
	r.title.SetText(docTitle(d))
	r.detail.Importance = statusImportance(d.Status)
	r.detail.SetText(docDetail(d))
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
	for _, d := range v.docs {
		if v.selected[d.ID] {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

func (v *libraryView) clearSelection() {
	clear(v.selected)
	v.list.Refresh()
	v.updateSelectionBar()
}

// updateSelectionBar enables "Ask selection" for 1–MaxSelectedDocuments
// documents and says why when there are more.
func (v *libraryView) updateSelectionBar() {
	n := len(v.selected)
	switch {
	case n == 0:
		v.selInfo.SetText("Tick documents to ask about them")
	default:
		v.selInfo.SetText(plural(n, "document selected", "documents selected"))
	}
	if n > app.MaxSelectedDocuments {
		v.selWarning.SetText("Ask selection works on at most " + plural(app.MaxSelectedDocuments, "document", "documents") +
			" at once; " + plural(n, "is", "are") + " selected. Untick some, or ask the whole library.")
		v.selWarning.Show()
	} else {
		v.selWarning.Hide()
	}
	if n >= 1 && n <= app.MaxSelectedDocuments {
		v.askSelection.Enable()
	} else {
		v.askSelection.Disable()
	}
	if n > 0 {
		v.clearSel.Enable()
	} else {
		v.clearSel.Disable()
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
		for _, d := range v.docs {
			if d.ID == ids[0] {
				label = docTitle(d)
			}
		}
	}
	v.ui.drawer.setScope(app.Scope{DocumentIDs: ids, Label: label})
	v.ui.omni.focus()
}
