package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// importExtensions are offered by the file dialog: every format Archivist
// detects, parsed or not, so an unsupported one fails with its reason.
var importExtensions = []string{".txt", ".text", ".md", ".markdown", ".pdf", ".html", ".htm", ".docx"}

// maxFailureListHeight bounds the failure list; beyond it the list scrolls.
const maxFailureListHeight = 150

// importPanel shows the running import (overall progress and the current
// file) and keeps per-file failures listed until dismissed. Drops that come
// while an import runs wait and start as one batch when it ends.
type importPanel struct {
	ui *UI

	running  bool
	pending  []string        // paths dropped while running
	reported map[string]bool // paths whose result arrived through progress, this batch

	// Counts since the panel was last dismissed or emptied.
	imported, duplicates, failed int
	lines                        []*importLine

	status   *widget.Label
	progress *widget.ProgressBar
	current  *widget.Label
	list     *fyne.Container
	listBox  *container.Scroll
	dismiss  *widget.Button
	content  *fyne.Container
}

// importLine is one kept message: a failed file, or a note about the drop.
type importLine struct {
	name    string // file base name; empty for notes
	message string
	failed  bool
	path    string // the file, when it failed for want of a password; else ""

	label    *widget.Label
	password *widget.Button // "Enter password…"; nil unless path is set
}

func (l *importLine) text() string {
	if l.name == "" {
		return l.message
	}
	return l.name + " — " + l.message
}

func newImportPanel(u *UI) *importPanel {
	p := &importPanel{ui: u}
	p.status = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.status.Truncation = fyne.TextTruncateEllipsis
	p.progress = widget.NewProgressBar()
	p.current = widget.NewLabel("")
	p.current.Truncation = fyne.TextTruncateEllipsis
	p.list = container.NewVBox()
	p.listBox = container.NewVScroll(p.list)
	p.dismiss = widget.NewButton("Dismiss", p.dismissLines)
	p.content = container.NewVBox(
		widget.NewSeparator(),
		container.NewBorder(nil, nil, nil, p.dismiss, p.status),
		p.progress, p.current, p.listBox,
	)
	p.content.Hide()
	return p
}

// openFileDialog lets the user pick one file to import. Fyne's dialog picks
// a single file; folders cover the many-files case.
func (p *importPanel) openFileDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, p.ui.win)
			return
		}
		if r == nil {
			return // cancelled
		}
		uri := r.URI()
		_ = r.Close() // Library.Import reads the path itself
		p.ui.Drop(fyne.Position{}, []fyne.URI{uri})
	}, p.ui.win)
	d.SetFilter(storage.NewExtensionFileFilter(importExtensions))
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// openFolderDialog imports a folder; Library.Import walks it.
func (p *importPanel) openFolderDialog() {
	d := dialog.NewFolderOpen(func(l fyne.ListableURI, err error) {
		if err != nil {
			dialog.ShowError(err, p.ui.win)
			return
		}
		if l == nil {
			return
		}
		p.ui.Drop(fyne.Position{}, []fyne.URI{l})
	}, p.ui.win)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// enqueue imports paths now, or after the running import.
func (p *importPanel) enqueue(paths []string) {
	p.pending = append(p.pending, paths...)
	if !p.running {
		p.startNext()
	}
}

func (p *importPanel) startNext() {
	batch := p.pending
	p.pending = nil
	p.running = true
	p.reported = map[string]bool{}
	p.progress.Max = float64(len(batch))
	p.progress.SetValue(0)
	p.status.SetText("Importing " + plural(len(batch), "item", "items") + "…")
	p.current.SetText("")
	p.progress.Show()
	p.current.Show()
	p.dismiss.Hide()
	p.show()

	u := p.ui
	go func() {
		results, err := u.lib.Import(u.ctx, batch, func(pr app.ImportProgress) {
			u.do(func() { p.advance(pr) })
		})
		u.do(func() { p.finish(results, err) })
	}()
}

// advance shows one progress report; a finished file also refreshes the
// document list so documents appear one by one.
func (p *importPanel) advance(pr app.ImportProgress) {
	if !p.running {
		return
	}
	if pr.Total > 0 {
		p.progress.Max = float64(pr.Total)
		p.status.SetText("Importing " + strconv.Itoa(min(pr.Done+1, pr.Total)) + " of " + strconv.Itoa(pr.Total) + p.queuedNote())
	}
	p.progress.SetValue(float64(pr.Done))
	if pr.Path != "" {
		p.current.SetText(filepath.Base(pr.Path))
	}
	if pr.Result != nil {
		p.record(*pr.Result)
		p.ui.library.reload()
	}
}

// finish ends a batch: results that progress did not report are counted
// now, and a failure of the whole call is listed like a file's.
func (p *importPanel) finish(results []app.ImportResult, err error) {
	p.running = false
	for _, r := range results {
		p.record(r)
	}
	if err != nil && p.ui.ctx.Err() == nil {
		p.addLine(&importLine{name: "Import", message: app.ErrorMessage(err), failed: true})
		p.failed++
	}
	p.ui.library.reload()
	if len(p.pending) > 0 {
		p.startNext()
		return
	}
	p.progress.Hide()
	p.current.Hide()
	if len(p.lines) == 0 {
		p.reset()
		p.content.Hide()
		return
	}
	p.status.SetText(p.summary())
	p.dismiss.Show()
	p.show()
}

func (p *importPanel) record(r app.ImportResult) {
	if r.Path != "" {
		if p.reported[r.Path] {
			return
		}
		p.reported[r.Path] = true
	}
	switch r.Outcome {
	case app.OutcomeImported:
		p.imported++
	case app.OutcomeDuplicate:
		p.duplicates++
	case app.OutcomeFailed:
		p.failed++
		msg := app.ErrorMessage(r.Err)
		if r.Err == nil {
			msg = "Import failed."
		}
		l := &importLine{name: filepath.Base(r.Path), message: msg, failed: true}
		if app.ErrorCode(r.Err) == app.EPassword {
			l.path = r.Path
		}
		p.addLine(l)
	}
}

// note lists a message about a drop (not about one file) until dismissed.
func (p *importPanel) note(msg string) {
	p.addLine(&importLine{message: msg})
	if !p.running {
		p.progress.Hide()
		p.current.Hide()
		p.status.SetText(p.summary())
		p.dismiss.Show()
	}
	p.show()
}

func (p *importPanel) addLine(l *importLine) {
	p.lines = append(p.lines, l)
	l.label = widget.NewLabel(l.text())
	l.label.Wrapping = fyne.TextWrapWord
	if l.failed {
		l.label.Importance = widget.DangerImportance
	}
	var row fyne.CanvasObject = l.label
	if l.path != "" {
		l.password = widget.NewButtonWithIcon("Enter password…", theme.AccountIcon(), func() { p.askPassword(l) })
		row = container.NewBorder(nil, nil, nil, container.NewVBox(l.password), l.label)
	}
	p.list.Add(row)
	p.fitList()
	p.refreshParent()
	p.listBox.ScrollToBottom()
}

// fitList sizes the failure list to its lines, up to maxFailureListHeight.
// A wrapped label knows its height only once it has a width, so the lines
// are laid out at the panel's width before measuring.
func (p *importPanel) fitList() {
	w := p.listBox.Size().Width
	if w <= 0 {
		w = p.content.Size().Width
	}
	if w > 0 {
		p.list.Resize(fyne.NewSize(w, p.list.MinSize().Height))
	}
	p.listBox.SetMinSize(fyne.NewSize(0, min(p.list.MinSize().Height, maxFailureListHeight)))
}

// askPassword asks for the password of l's file and imports it again with
// it.
func (p *importPanel) askPassword(l *importLine) {
	entry := widget.NewPasswordEntry()
	entry.Validator = func(s string) error {
		if s == "" {
			return errors.New("enter the password")
		}
		return nil
	}
	item := widget.NewFormItem("Password", entry)
	item.HintText = l.name + " is protected with a password."
	d := dialog.NewForm("Open protected PDF", "Import", "Cancel", []*widget.FormItem{item}, func(ok bool) {
		if ok {
			p.importWithPassword(l, entry.Text)
		}
	}, p.ui.win)
	entry.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(440, d.MinSize().Height))
	d.Show()
	p.ui.win.Canvas().Focus(entry)
}

// importWithPassword retries l's file off the UI goroutine. The line says
// what came of it: imported (and the list shows the document), or the
// error, with the button back when the password was wrong.
func (p *importPanel) importWithPassword(l *importLine, password string) {
	l.password.Disable()
	l.label.Importance = widget.MediumImportance
	l.message = "Opening with the password…"
	l.label.SetText(l.text())
	u, path := p.ui, l.path
	go func() {
		r := u.lib.ImportWithPassword(u.ctx, path, password)
		u.do(func() { p.passwordResult(l, r) })
	}()
}

func (p *importPanel) passwordResult(l *importLine, r app.ImportResult) {
	if r.Outcome != app.OutcomeFailed {
		p.ui.library.reload()
	}
	if !slices.Contains(p.lines, l) {
		return // dismissed meanwhile
	}
	switch r.Outcome {
	case app.OutcomeImported, app.OutcomeDuplicate:
		p.failed--
		l.message = "Imported."
		if r.Outcome == app.OutcomeImported {
			p.imported++
		} else {
			p.duplicates++
			l.message = "Already in the library."
		}
		l.failed = false
		l.label.Importance = widget.SuccessImportance
		l.password.Hide()
	default:
		l.message = app.ErrorMessage(r.Err)
		if r.Err == nil {
			l.message = "Import failed."
		}
		l.label.Importance = widget.DangerImportance
		if app.ErrorCode(r.Err) == app.EPassword {
			l.password.Enable()
		} else {
			l.password.Hide()
		}
	}
	l.label.SetText(l.text())
	if !p.running {
		p.status.SetText(p.summary())
	}
	p.fitList()
	p.refreshParent()
}

func (p *importPanel) dismissLines() {
	p.reset()
	if !p.running {
		p.content.Hide()
	}
	p.refreshParent()
}

func (p *importPanel) reset() {
	p.lines = nil
	p.imported, p.duplicates, p.failed = 0, 0, 0
	p.list.RemoveAll()
	p.listBox.SetMinSize(fyne.NewSize(0, 0))
}

// summary says what the finished imports did, e.g.
// "Imported 3 files · 1 already in the library · 2 failed".
func (p *importPanel) summary() string {
	var parts []string
	if p.imported > 0 || (p.duplicates == 0 && p.failed == 0) {
		parts = append(parts, "Imported "+plural(p.imported, "file", "files"))
	}
	if p.duplicates > 0 {
		parts = append(parts, strconv.Itoa(p.duplicates)+" already in the library")
	}
	if p.failed > 0 {
		parts = append(parts, strconv.Itoa(p.failed)+" failed")
	}
	return strings.Join(parts, " · ")
}

func (p *importPanel) queuedNote() string {
	if len(p.pending) == 0 {
		return ""
	}
	return " (" + plural(len(p.pending), "more queued", "more queued") + ")"
}

func (p *importPanel) show() {
	p.content.Show()
	p.refreshParent()
}

// refreshParent re-lays the library column: a shown or hidden child does not
// resize its parent by itself.
func (p *importPanel) refreshParent() {
	p.content.Refresh()
	if p.ui.library != nil {
		if c, ok := p.ui.library.content.(*fyne.Container); ok {
			c.Refresh()
		}
	}
}
