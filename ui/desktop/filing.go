package desktop

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// maxFilingHeight bounds the proposal list; beyond it the list scrolls.
const maxFilingHeight = 200

// filingPanel lists the folder the decision provider proposes for each
// newly imported document, with File (accept), Change… (edit) and ✕
// (reject) — one click each. Nothing moves without that click. Proposals
// are asked for one at a time, off the UI goroutine, as imports finish.
// It is a section of the notifications popup (notices.go).
type filingPanel struct {
	ui      *UI
	waiting []string // document IDs to propose a folder for
	asking  string   // the document whose proposal is being made
	busy    bool
	rows    []*proposalRow

	header  *widget.Label
	list    *fyne.Container
	listBox *container.Scroll
	content *fyne.Container
}

// proposalRow is one proposal on screen.
type proposalRow struct {
	prop   app.FilingProposal
	label  *widget.Label
	accept *escButton // nil for a note
	edit   *escButton
	reject *escButton
	box    *fyne.Container
}

func newFilingPanel(u *UI) *filingPanel {
	f := &filingPanel{ui: u}
	f.header = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	f.list = container.NewVBox()
	f.listBox = container.NewVScroll(f.list)
	f.content = container.NewVBox(f.header, f.listBox)
	f.content.Hide()
	return f
}

// setFiler makes the window propose a folder for every document it
// imports. Without one (or without app.Folders) nothing is proposed.
func (u *UI) setFiler(f app.Filer) { u.filer = f }

// fileNew asks for a folder proposal when r is a new document.
func (u *UI) fileNew(r app.ImportResult) {
	u.suggestNew(r) // and metadata
	if r.Outcome != app.OutcomeImported || r.DocumentID == "" || u.filer == nil || u.folders == nil {
		return
	}
	u.filing.propose(r.DocumentID)
}

// propose queues id for a proposal unless one is queued or shown already.
func (f *filingPanel) propose(id string) {
	if slices.Contains(f.waiting, id) || id == f.asking || slices.ContainsFunc(f.rows, func(r *proposalRow) bool { return r.prop.DocumentID == id }) {
		return
	}
	f.waiting = append(f.waiting, id)
	f.next()
}

// next asks for the first waiting proposal when none is being made.
func (f *filingPanel) next() {
	if f.busy || len(f.waiting) == 0 {
		return
	}
	id := f.waiting[0]
	f.waiting = f.waiting[1:]
	f.busy = true
	f.asking = id
	u := f.ui
	go func() {
		p, err := u.filer.ProposeFolder(u.ctx, id)
		u.do(func() {
			f.busy = false
			f.asking = ""
			switch {
			case u.ctx.Err() != nil:
				return
			case err != nil:
				// A proposal is a convenience: say why there is none, and
				// the document stays where it is.
				f.addNote("No folder proposed: " + app.ErrorMessage(err))
			case p != nil:
				f.add(*p)
			}
			f.next()
		})
	}()
}

// add shows a proposal.
func (f *filingPanel) add(p app.FilingProposal) {
	r := &proposalRow{prop: p}
	r.label = widget.NewLabel("")
	r.label.Wrapping = fyne.TextWrapWord
	r.accept = f.ui.noticeAction("File", theme.ConfirmIcon(), func() { f.accept(r) })
	r.accept.Importance = widget.HighImportance
	r.edit = f.ui.noticeAction("Change…", nil, func() { f.change(r) })
	r.reject = f.ui.noticeAction("", theme.CancelIcon(), func() { f.remove(r) })
	r.reject.Importance = widget.LowImportance
	f.setText(r)
	r.box = container.NewBorder(nil, nil, nil, container.NewHBox(r.accept, r.edit, r.reject), r.label)
	f.rows = append(f.rows, r)
	f.list.Add(r.box)
	f.refresh()
}

// addNote lists a message with only a dismiss button.
func (f *filingPanel) addNote(msg string) {
	r := &proposalRow{}
	r.label = widget.NewLabel(msg)
	r.label.Wrapping = fyne.TextWrapWord
	r.label.Importance = widget.WarningImportance
	r.reject = f.ui.noticeAction("", theme.CancelIcon(), func() { f.remove(r) })
	r.reject.Importance = widget.LowImportance
	r.box = container.NewBorder(nil, nil, nil, r.reject, r.label)
	f.rows = append(f.rows, r)
	f.list.Add(r.box)
	f.refresh()
}

func (f *filingPanel) setText(r *proposalRow) {
	where := "“" + r.prop.Path + "”"
	if r.prop.NewName != "" {
		where += " (a new folder)"
	}
	r.label.SetText(r.prop.Title + " → " + where)
}

// accept files the document as proposed: a new folder is made first (the
// store checks its name again), then the document moves.
func (f *filingPanel) accept(r *proposalRow) {
	f.move(r, r.prop)
}

func (f *filingPanel) move(r *proposalRow, p app.FilingProposal) {
	r.accept.Disable()
	r.edit.Disable()
	u := f.ui
	go func() {
		err := fileDocument(u.ctx, u.folders, p)
		u.do(func() {
			if err != nil {
				if u.ctx.Err() == nil {
					r.accept.Enable()
					r.edit.Enable()
					dialog.ShowError(errorForDialog(err), u.win)
				}
				return
			}
			f.remove(r)
			u.library.reload()
		})
	}()
}

// fileDocument moves p's document into its folder, making it first when it
// is new.
func fileDocument(ctx context.Context, lib app.Folders, p app.FilingProposal) error {
	target := p.FolderID
	if p.NewName != "" {
		folder, err := lib.CreateFolder(ctx, p.ParentID, p.NewName)
		if err != nil {
			return err
		}
		target = folder.ID
	}
	return lib.MoveDocuments(ctx, []string{p.DocumentID}, target)
}

// change lets the person pick another folder, or name a new one, before
// filing.
func (f *filingPanel) change(r *proposalRow) {
	folders := f.ui.library.folders
	paths, ids := folderChoices(folders)
	const newChoice = "New folder at the top level"
	choices := append(slices.Clone(paths[1:]), newChoice)
	sel := widget.NewSelect(choices, nil)
	name := widget.NewEntry()
	name.Validator = func(s string) error {
		if sel.Selected != newChoice {
			return nil
		}
		if _, err := app.CleanFolderName(s); err != nil {
			return errors.New(app.ErrorMessage(err))
		}
		return nil
	}
	if r.prop.NewName != "" {
		name.SetText(r.prop.NewName)
	}
	sel.OnChanged = func(s string) {
		if s == newChoice {
			name.Enable()
		} else {
			name.Disable()
		}
		name.Validate()
	}
	switch {
	case r.prop.FolderID != "":
		sel.SetSelected(folderPath(folders, r.prop.FolderID))
	case r.prop.ParentID == "":
		sel.SetSelected(newChoice)
	default:
		sel.SetSelected(folderPath(folders, r.prop.ParentID))
	}
	items := []*widget.FormItem{widget.NewFormItem("Folder", sel), widget.NewFormItem("New name", name)}
	d := dialog.NewForm("File “"+r.prop.Title+"”", "File", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		p := r.prop
		if sel.Selected == newChoice {
			p.FolderID, p.ParentID, p.NewName = "", "", name.Text
		} else {
			p.FolderID, p.ParentID, p.NewName = ids[sel.Selected], "", ""
		}
		f.move(r, p)
	}, f.ui.win)
	d.Resize(fyne.NewSize(460, d.MinSize().Height))
	d.Show()
}

func (f *filingPanel) remove(r *proposalRow) {
	i := slices.Index(f.rows, r)
	if i < 0 {
		return
	}
	f.rows = slices.Delete(f.rows, i, i+1)
	f.list.Remove(r.box)
	f.refresh()
}

// refresh shows the panel while it holds proposals, sized to them, and
// says what it holds in the top bar's notification line.
func (f *filingPanel) refresh() {
	n := len(f.rows)
	if n == 0 {
		f.content.Hide()
	} else {
		f.header.SetText("Filing suggestions (" + strconv.Itoa(n) + ")")
		f.content.Show()
		f.fit(f.listBox.Size().Width)
	}
	f.content.Refresh()
	if f.ui.notices != nil {
		f.ui.notices.update()
	}
}

// fit sizes the proposal list to its rows laid out width wide, up to
// maxFilingHeight.
func (f *filingPanel) fit(width float32) { fitScroll(f.list, f.listBox, width, maxFilingHeight) }

// fitScroll sizes the scroll box of list to the list's rows laid out
// width wide (0: as last laid out), up to limit: a wrapped label knows its
// height only once it has a width, so the rows are laid out at that width
// before measuring.
func fitScroll(list *fyne.Container, box *container.Scroll, width, limit float32) {
	if width > 0 {
		list.Resize(fyne.NewSize(width, list.MinSize().Height))
	}
	box.SetMinSize(fyne.NewSize(0, min(list.MinSize().Height, limit)))
}

// counts is how many proposals wait for File, Change… or ✕, and how many
// documents got none (a note saying why).
func (f *filingPanel) counts() (waiting, notes int) {
	for _, r := range f.rows {
		if r.accept != nil {
			waiting++
		} else {
			notes++
		}
	}
	return waiting, notes
}
