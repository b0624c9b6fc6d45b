package desktop

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// importExtensions are offered by the file dialog: every format Archivist
// detects, parsed or not, so an unsupported one fails with its reason.
var importExtensions = []string{".txt", ".text", ".md", ".markdown", ".pdf", ".html", ".htm", ".docx",
	".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".webp"}

// maxFailureListHeight bounds the failure list; beyond it the list scrolls.
const maxFailureListHeight = 150

// maxQueueHeight bounds the list of queued files; beyond it the list
// scrolls.
const maxQueueHeight = 180

// importPanel is the import queue: every dropped or chosen file (or
// folder) is one item with its own progress bar and Cancel button, imported
// one after another, with an overall bar and "Cancel all". Each document
// joins the list, askable, as soon as its import commits. Per-file failures
// stay listed until dismissed. It is a section of the notifications popup
// (notices.go); the top bar's line says how far the queue is.
type importPanel struct {
	ui     *UI
	picker *importPicker // the last import picker shown; nil before the first

	running  bool
	queue    []*importItem        // waiting, in order
	active   *importItem          // being imported
	reported map[string]bool      // paths whose result arrived through progress, for the active item
	pages    map[string]readCount // file name → pages read, of total, while it parses

	// Counts since the panel was last dismissed or emptied.
	imported, duplicates, failed, cancelled int
	finished, total                         int // items, for the overall bar
	lines                                   []*importLine
	pollStop                                chan struct{} // stops the list refresh while the queue runs

	status    *widget.Label
	progress  *widget.ProgressBar // overall
	current   *widget.Label
	items     *fyne.Container // one row per queued or running item
	itemsBox  *container.Scroll
	cancelAll *escButton
	list      *fyne.Container
	listBox   *container.Scroll
	dismiss   *escButton
	content   *fyne.Container
}

// importItem is one dropped path in the queue.
type importItem struct {
	path   string
	cancel context.CancelFunc // set while running
	gone   bool               // cancelled or finished

	row     *fyne.Container
	name    *widget.Label
	bar     *widget.ProgressBar // files done of a folder's total
	spinner *widget.ProgressBarInfinite
	stop    *escButton
}

// importLine is one kept message: a failed file, or a note about the drop.
type importLine struct {
	name    string // file base name; empty for notes
	message string
	failed  bool
	path    string // the file, when it failed for want of a password; else ""

	label    *widget.Label
	password *escButton // "Enter password…"; nil unless path is set
	action   *escButton // another button beside the line (e.g. "Review…"); may be nil
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
	p.items = container.NewVBox()
	p.itemsBox = container.NewVScroll(p.items)
	p.cancelAll = u.noticeAction("Cancel all", theme.CancelIcon(), p.cancelEverything)
	p.list = container.NewVBox()
	p.listBox = container.NewVScroll(p.list)
	p.dismiss = u.noticeAction("Dismiss", nil, p.dismissLines)
	p.content = container.NewVBox(
		container.NewBorder(nil, nil, nil, container.NewHBox(p.cancelAll, p.dismiss), p.status),
		p.progress, p.current, p.itemsBox, p.listBox,
	)
	p.content.Hide()
	return p
}

// fileMenu is the window's File menu: import files and folders (the
// import picker), make a folder, empty the trash.
func (u *UI) fileMenu() *fyne.Menu {
	items := []*fyne.MenuItem{
		fyne.NewMenuItem("Import…", u.importFiles),
	}
	if u.folders != nil {
		items = append(items, fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("New folder…", func() { u.library.tree.askNewFolder() }),
			fyne.NewMenuItem("Empty trash…", u.library.confirmEmptyTrash))
	}
	return fyne.NewMenu("File", items...)
}

// enqueue adds paths to the queue, one item each, and starts the first
// when nothing runs.
func (p *importPanel) enqueue(paths []string) {
	if !p.running && len(p.queue) == 0 {
		p.finished, p.total = 0, 0
	}
	for _, path := range paths {
		it := &importItem{path: path}
		it.name = widget.NewLabel(filepath.Base(path))
		it.name.Truncation = fyne.TextTruncateEllipsis
		it.bar = widget.NewProgressBar()
		it.bar.TextFormatter = func() string { return "Waiting" }
		it.spinner = widget.NewProgressBarInfinite()
		it.spinner.Stop()
		it.spinner.Hide()
		it.stop = p.ui.noticeAction("", theme.CancelIcon(), func() { p.cancelItem(it) })
		it.stop.Importance = widget.LowImportance
		bars := container.NewStack(it.bar, it.spinner)
		it.row = container.NewBorder(nil, nil, nil, it.stop, container.NewGridWithColumns(2, it.name, bars))
		p.queue = append(p.queue, it)
		p.items.Add(it.row)
		p.total++
	}
	p.fitItems()
	p.progress.Show()
	p.cancelAll.Show()
	p.dismiss.Hide()
	p.updateOverall()
	p.show()
	if !p.running {
		p.startNext()
	}
}

// startNext imports the first waiting item, off the UI goroutine.
func (p *importPanel) startNext() {
	if len(p.queue) == 0 {
		p.idle()
		return
	}
	it := p.queue[0]
	p.queue = p.queue[1:]
	p.active = it
	p.running = true
	p.reported = map[string]bool{}
	it.bar.Hide()
	it.bar.TextFormatter = nil
	it.spinner.Show()
	it.spinner.Start()
	p.current.SetText("")
	p.current.Hide() // the item's own row names it; a folder's files show here
	p.updateOverall()

	u := p.ui
	ctx, cancel := context.WithCancel(u.ctx)
	it.cancel = cancel
	u.importing.Add(1)
	go func() {
		results, err := u.lib.Import(ctx, []string{it.path}, func(pr app.ImportProgress) {
			u.do(func() { p.advance(it, pr) })
		})
		u.importing.Done()
		cancelled := ctx.Err() != nil
		cancel()
		u.do(func() { p.finish(it, results, err, cancelled) })
	}()
	p.startPolling()
}

// startPolling reloads the document list every second while the queue
// runs, so a long file shows "Importing…" in the list while it parses.
func (p *importPanel) startPolling() {
	if p.pollStop != nil {
		return
	}
	stop := make(chan struct{})
	p.pollStop = stop
	u := p.ui
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-u.ctx.Done():
				return
			case <-t.C:
				u.do(func() {
					if p.running {
						u.library.reload()
					}
				})
			}
		}
	}()
}

func (p *importPanel) stopPolling() {
	if p.pollStop != nil {
		close(p.pollStop)
		p.pollStop = nil
	}
}

// advance shows one progress report of item it — a folder's files done of
// its total — and a finished file refreshes the document list, so
// documents appear, askable, one by one.
func (p *importPanel) advance(it *importItem, pr app.ImportProgress) {
	if it != p.active {
		return
	}
	showBar := func(value, max float64, text func() string) {
		it.spinner.Stop()
		it.spinner.Hide()
		it.bar.Show()
		it.bar.Max = max
		it.bar.TextFormatter = text
		it.bar.SetValue(value)
	}
	pages := ""
	if pr.PageTotal > 0 && pr.Result == nil {
		pages = "page " + strconv.Itoa(pr.Pages) + " of " + strconv.Itoa(pr.PageTotal)
		if pr.OCR {
			pages = "OCR " + pages
		}
	}
	if name := filepath.Base(pr.Path); pages != "" {
		if p.pages == nil {
			p.pages = map[string]readCount{}
		}
		p.pages[name] = readCount{pr.Pages, pr.PageTotal, pr.OCR}
		p.ui.library.list.Refresh() // the list row says how far, too
	} else if pr.Result != nil {
		delete(p.pages, name)
	}
	switch {
	case pr.Total > 1:
		showBar(float64(pr.Done), float64(pr.Total), nil)
	case pages != "":
		// One paged file: how far its parse has got.
		showBar(float64(pr.Pages), float64(pr.PageTotal), func() string { return pages })
	}
	if pr.Path != "" && pr.Path != it.path {
		name := filepath.Base(pr.Path)
		if pages != "" {
			name += " — " + pages
		}
		p.current.SetText(name)
		p.current.Show()
	}
	if pr.Result != nil {
		if !p.reported[pr.Result.Path] {
			p.ui.fileNew(*pr.Result)
		}
		p.record(*pr.Result)
		p.ui.library.reload()
	}
	p.updateOverall()
}

// finish ends item it: results that progress did not report are counted
// now, and a failure of the whole call is listed like a file's. A cancelled
// item is counted, not listed as a failure: the person asked for it.
func (p *importPanel) finish(it *importItem, results []app.ImportResult, err error, cancelled bool) {
	p.running = false
	p.active = nil
	for _, r := range results {
		if r.Path != "" && p.reported[r.Path] {
			continue
		}
		if cancelled && app.ErrorCode(r.Err) == app.ECancelled {
			continue
		}
		p.ui.fileNew(r)
		p.record(r)
	}
	switch {
	case p.ui.ctx.Err() != nil:
	case cancelled:
		p.cancelled++
	case err != nil:
		p.addLine(&importLine{name: filepath.Base(it.path), message: app.ErrorMessage(err), failed: true})
		p.failed++
	}
	p.removeItem(it)
	p.finished++
	p.ui.library.reload()
	p.ui.reviews.reload() // the import's review has run
	p.startNext()
}

// idle ends the queue: the panel closes unless there is something to read.
func (p *importPanel) idle() {
	p.running = false
	p.stopPolling()
	p.progress.Hide()
	p.current.Hide()
	p.cancelAll.Hide()
	p.itemsBox.Hide()
	if len(p.lines) == 0 && p.cancelled == 0 {
		p.reset()
		p.content.Hide()
		p.refreshParent()
		return
	}
	p.status.SetText(p.summary())
	p.dismiss.Show()
	p.show()
}

// cancelItem stops it if it runs, or takes it off the queue.
func (p *importPanel) cancelItem(it *importItem) {
	if it.gone {
		return
	}
	if it == p.active {
		it.stop.Disable()
		it.cancel() // finish removes it
		return
	}
	if i := slices.Index(p.queue, it); i >= 0 {
		p.queue = slices.Delete(p.queue, i, i+1)
		p.cancelled++
		p.finished++
		p.removeItem(it)
		p.updateOverall()
		if !p.running {
			p.idle()
		}
	}
}

// cancelEverything empties the queue and stops the running item.
func (p *importPanel) cancelEverything() {
	for _, it := range slices.Clone(p.queue) {
		p.cancelItem(it)
	}
	if p.active != nil {
		p.cancelItem(p.active)
	}
}

func (p *importPanel) removeItem(it *importItem) {
	it.gone = true
	it.spinner.Stop()
	p.items.Remove(it.row)
	p.fitItems()
	p.refreshParent()
}

// updateOverall sets the overall bar and the status line: items finished of
// all queued since the queue last emptied, plus the running folder's share.
func (p *importPanel) updateOverall() {
	if p.total == 0 {
		return
	}
	done := float64(p.finished)
	if it := p.active; it != nil && it.bar.Visible() && it.bar.Max > 0 {
		done += it.bar.Value / it.bar.Max
	}
	p.progress.Max = float64(p.total)
	p.progress.SetValue(done)
	if p.running {
		p.status.SetText(p.importing() + p.queuedNote())
	}
	if p.ui.notices != nil {
		p.ui.notices.update() // the line says how far, too
	}
}

// importing is "Importing 2 of 5": the item running of those queued since
// the queue last emptied.
func (p *importPanel) importing() string {
	return "Importing " + strconv.Itoa(min(p.finished+1, p.total)) + " of " + strconv.Itoa(p.total)
}

// fitItems sizes the queue list to its rows, up to maxQueueHeight.
func (p *importPanel) fitItems() {
	if len(p.items.Objects) == 0 {
		p.itemsBox.Hide()
		return
	}
	p.itemsBox.Show()
	p.itemsBox.SetMinSize(fyne.NewSize(0, min(p.items.MinSize().Height, maxQueueHeight)))
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
		l.password = p.ui.noticeAction("Enter password…", theme.AccountIcon(), func() { p.askPassword(l) })
		row = container.NewBorder(nil, nil, nil, container.NewVBox(l.password), l.label)
	} else if l.action != nil {
		row = container.NewBorder(nil, nil, nil, container.NewVBox(l.action), l.label)
	}
	p.list.Add(row)
	p.fitList()
	p.refreshParent()
	p.listBox.ScrollToBottom()
}

// fitList sizes the failure list to its lines at the width it was last
// laid out at.
func (p *importPanel) fitList() {
	p.fit(p.listBox.Size().Width)
}

// fit sizes the failure list to its lines laid out width wide, up to
// maxFailureListHeight.
func (p *importPanel) fit(width float32) {
	// An empty scroll is still a scroll bar tall: a gap under the queue.
	show(p.listBox, len(p.list.Objects) > 0)
	fitScroll(p.list, p.listBox, width, maxFailureListHeight)
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
	u.importing.Add(1)
	go func() {
		r := u.lib.ImportWithPassword(u.ctx, path, password)
		u.importing.Done()
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
	p.imported, p.duplicates, p.failed, p.cancelled = 0, 0, 0, 0
	p.list.RemoveAll()
	p.fit(0)
}

// summary says what the finished imports did, e.g.
// "Imported 3 files · 1 already in the library · 2 failed".
func (p *importPanel) summary() string {
	var parts []string
	if p.imported > 0 || (p.duplicates == 0 && p.failed == 0 && p.cancelled == 0) {
		parts = append(parts, "Imported "+plural(p.imported, "file", "files"))
	}
	if p.duplicates > 0 {
		parts = append(parts, strconv.Itoa(p.duplicates)+" already in the library")
	}
	if p.failed > 0 {
		parts = append(parts, strconv.Itoa(p.failed)+" failed")
	}
	if p.cancelled > 0 {
		parts = append(parts, strconv.Itoa(p.cancelled)+" cancelled")
	}
	return strings.Join(parts, " · ")
}

func (p *importPanel) queuedNote() string {
	if len(p.queue) == 0 {
		return ""
	}
	return " (" + plural(len(p.queue), "more queued", "more queued") + ")"
}

func (p *importPanel) show() {
	p.content.Show()
	p.refreshParent()
}

// refreshParent re-lays the panel and says what it holds in the top bar's
// notification line.
func (p *importPanel) refreshParent() {
	p.content.Refresh()
	if p.ui.notices != nil {
		p.ui.notices.update()
	}
}

// notice is the queue's part of the notification line — "Importing 2 of
// 5", "1 import failed", "Imported 3 files" — empty while the panel is
// hidden; failed says a file failed.
func (p *importPanel) notice() (text string, failed bool) {
	if !p.content.Visible() {
		return "", false
	}
	failed = p.failed > 0
	switch {
	case p.running || len(p.queue) > 0:
		text = p.importing()
		if failed {
			text += " · " + strconv.Itoa(p.failed) + " failed"
		}
	case failed:
		text = plural(p.failed, "import failed", "imports failed")
	case p.cancelled > 0:
		text = plural(p.cancelled, "import cancelled", "imports cancelled")
	case p.imported > 0:
		text = "Imported " + plural(p.imported, "file", "files")
	case len(p.lines) > p.waiting():
		text = plural(len(p.lines)-p.waiting(), "message", "messages")
	}
	return text, failed
}

// waiting counts the new documents' metadata suggestions that wait for
// Review….
func (p *importPanel) waiting() int {
	n := 0
	for _, l := range p.lines {
		if l.action != nil {
			n++
		}
	}
	return n
}

// done is the share of the queue imported, 0 while nothing runs.
func (p *importPanel) done() float32 {
	if !p.running || p.progress.Max <= 0 {
		return 0
	}
	return float32(p.progress.Value / p.progress.Max)
}
