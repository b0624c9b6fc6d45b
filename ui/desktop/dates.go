package desktop

import (
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

// The Dates window: a review queue of the dates extracted from documents
// (pending, each with its evidence quote; accept, edit, reject, in bulk
// too; an automatic-acceptance threshold, off by default) and an agenda of
// the accepted ones (datesagenda.go). Each date opens its evidence in the
// main window's citation viewer, the quote highlighted on its page.

// setFacts gives the window the ledger of extracted dates; the top bar
// then offers Dates.
func (u *UI) setFacts(f app.Facts) {
	u.facts = f
	if u.datesButton != nil {
		u.datesButton.Show()
		u.topButtons.Refresh() // a child shown late needs its container laid out again
		u.win.Content().Refresh()
	}
}

// ShowDates opens (or brings forward) the Dates window.
func (u *UI) ShowDates() {
	if u.facts == nil {
		return
	}
	if u.dates == nil {
		u.dates = newDatesView(u)
	}
	u.dates.win.Show()
	u.dates.win.RequestFocus()
	u.dates.reload()
}

// autoAcceptChoices are the thresholds the review queue offers, and their
// values.
var autoAcceptChoices = []string{"Off", "Above 0.95", "Above 0.90", "Above 0.80"}

func autoAcceptValue(s string) float64 {
	if f, err := strconv.ParseFloat(strings.TrimPrefix(s, "Above "), 64); err == nil {
		return f
	}
	return 0
}

func autoAcceptLabel(x float64) string {
	for _, c := range autoAcceptChoices[1:] {
		if autoAcceptValue(c) == x {
			return c
		}
	}
	if x > 0 {
		return "Above " + strconv.FormatFloat(x, 'f', 2, 64)
	}
	return autoAcceptChoices[0]
}

type datesView struct {
	ui  *UI
	win fyne.Window
	now func() time.Time

	pending []app.Fact
	checked map[string]bool
	agenda  *agendaView

	tabs       *container.AppTabs
	reviewTab  *container.TabItem
	info       *widget.Label
	status     *widget.Label
	auto       *widget.Select
	selectAll  *widget.Button
	acceptSel  *widget.Button
	rejectSel  *widget.Button
	queue      *fyne.Container
	loadingSeq int
}

func newDatesView(u *UI) *datesView {
	v := &datesView{ui: u, now: time.Now, checked: map[string]bool{}}
	v.win = u.fapp.NewWindow("Dates")
	v.info = widget.NewLabel("")
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.status.Hide()
	v.auto = widget.NewSelect(autoAcceptChoices, nil)
	v.auto.SetSelected(autoAcceptChoices[0])
	v.selectAll = widget.NewButton("Select all", v.toggleAll)
	v.acceptSel = widget.NewButtonWithIcon("Accept selected", theme.ConfirmIcon(), func() { v.reviewChecked(app.FactAccepted) })
	v.rejectSel = widget.NewButtonWithIcon("Reject selected", theme.CancelIcon(), func() { v.reviewChecked(app.FactRejected) })
	v.queue = container.NewVBox()
	autoRow := container.NewHBox(widget.NewLabel("Accept new dates automatically:"), v.auto)
	bar := container.NewBorder(nil, nil, v.info, container.NewHBox(v.selectAll, v.acceptSel, v.rejectSel))
	review := container.NewBorder(container.NewVBox(bar, autoRow, v.status, widget.NewSeparator()), nil, nil, nil,
		container.NewVScroll(v.queue))
	v.agenda = newAgendaView(v)
	v.reviewTab = container.NewTabItemWithIcon("To review", theme.ListIcon(), review)
	v.tabs = container.NewAppTabs(v.reviewTab, container.NewTabItemWithIcon("Agenda", theme.HistoryIcon(), v.agenda.content))
	v.tabs.OnSelected = func(*container.TabItem) { v.reload() }
	v.win.SetContent(v.tabs)
	v.win.Resize(v.ui.fit(fyne.NewSize(980, 680)))
	v.win.SetCloseIntercept(func() { v.win.Hide() })
	return v
}

// reload fetches the pending dates and the threshold, and the agenda.
func (v *datesView) reload() {
	v.loadingSeq++
	seq := v.loadingSeq
	ctx := v.ui.ctx
	go func() {
		facts, err := v.ui.facts.ListFacts(ctx, app.FactFilter{Type: app.FactDate, States: []app.FactState{app.FactPending}})
		x, aerr := v.ui.facts.AutoAcceptAbove(ctx)
		v.ui.do(func() {
			if seq != v.loadingSeq {
				return
			}
			if err == nil {
				err = aerr
			}
			if err != nil {
				v.setStatus("The dates could not be read: " + app.ErrorMessage(err))
				return
			}
			v.auto.OnChanged = nil
			v.auto.SetSelected(autoAcceptLabel(x))
			v.auto.OnChanged = v.setAuto
			v.pending = facts
			for id := range v.checked {
				if !hasFact(facts, id) {
					delete(v.checked, id)
				}
			}
			v.fill()
		})
	}()
	v.agenda.reload()
}

func hasFact(fs []app.Fact, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}

func (v *datesView) setStatus(msg string) {
	v.status.SetText(msg)
	v.status.Show()
	if msg == "" {
		v.status.Hide()
	}
}

// fill lays out the queue: one row per pending date.
func (v *datesView) fill() {
	v.reviewTab.Text = "To review (" + strconv.Itoa(len(v.pending)) + ")"
	v.tabs.Refresh()
	rows := make([]fyne.CanvasObject, 0, len(v.pending))
	for _, f := range v.pending {
		rows = append(rows, v.row(f), widget.NewSeparator())
	}
	if len(rows) == 0 {
		rows = append(rows, widget.NewLabel("No dates wait for review. Dates found in documents you import appear here."))
	}
	v.queue.Objects = rows
	v.queue.Refresh()
	v.updateBar()
}

func (v *datesView) updateBar() {
	n := 0
	for range v.checked {
		n++
	}
	v.info.SetText(plural(len(v.pending), "date waits", "dates wait") + " for review" + selectedNote(n))
	setEnabled(v.acceptSel, n > 0)
	setEnabled(v.rejectSel, n > 0)
	setEnabled(v.selectAll, len(v.pending) > 0)
	if n > 0 && n == len(v.pending) {
		v.selectAll.SetText("Select none")
	} else {
		v.selectAll.SetText("Select all")
	}
}

func selectedNote(n int) string {
	if n == 0 {
		return ""
	}
	return " · " + strconv.Itoa(n) + " selected"
}

// row is one pending date: a tick for bulk review, the value and role, the
// document and the evidence quote, and its own actions.
func (v *datesView) row(f app.Fact) fyne.CanvasObject {
	check := widget.NewCheck("", func(on bool) {
		if on {
			v.checked[f.ID] = true
		} else {
			delete(v.checked, f.ID)
		}
		v.updateBar()
	})
	check.SetChecked(v.checked[f.ID])
	value := widget.NewLabelWithStyle(app.DateContract{}.Render(f.Value), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	role := widget.NewLabel(roleLabel(f.Role) + " · " + strconv.Itoa(int(f.Confidence*100+0.5)) + "%")
	role.SizeName = theme.SizeNameCaptionText
	title := widget.NewLabel(nonEmpty(f.DocumentTitle, "Untitled document") + pageNote(f.Page))
	title.Truncation = fyne.TextTruncateEllipsis
	quote := newFlowText(quoteWithDate(f)...)
	open := widget.NewButtonWithIcon("", theme.VisibilityIcon(), func() { v.ui.openFactEvidence(f) })
	edit := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { v.edit(f) })
	accept := widget.NewButtonWithIcon("Accept", theme.ConfirmIcon(), func() { v.review([]app.FactReview{{ID: f.ID, State: app.FactAccepted}}) })
	reject := widget.NewButtonWithIcon("Reject", theme.CancelIcon(), func() { v.review([]app.FactReview{{ID: f.ID, State: app.FactRejected}}) })
	left := container.NewBorder(nil, nil, check, nil, container.New(noGapVBox(), value, role))
	left = container.NewGridWrap(fyne.NewSize(230, left.MinSize().Height), left)
	// At the top of the row, at their own height: stretched to a tall
	// quote's height they were empty grey bars.
	actions := container.NewVBox(container.NewHBox(open, edit, accept, reject))
	return container.NewBorder(nil, nil, left, actions, container.New(noGapVBox(), title, quote))
}

func pageNote(page int) string {
	if page <= 0 {
		return ""
	}
	return ", page " + strconv.Itoa(page)
}

// quoteWithDate is a fact's quote with the text the date was read from in
// bold.
func quoteWithDate(f app.Fact) []widget.RichTextSegment {
	q := strings.ReplaceAll(f.Quote, "\n", " ")
	a, b := f.OriginalStart, f.OriginalStart+len(f.Original)
	if a < 0 || b > len(q) || a > b {
		return []widget.RichTextSegment{&widget.TextSegment{Text: q, Style: widget.RichTextStyleInline}}
	}
	return []widget.RichTextSegment{
		&widget.TextSegment{Text: q[:a], Style: widget.RichTextStyleInline},
		&widget.TextSegment{Text: q[a:b], Style: quoteStyle},
		&widget.TextSegment{Text: q[b:], Style: widget.RichTextStyleInline},
	}
}

// roleLabels name the roles for people.
var roleLabels = map[string]string{
	app.RoleIssued: "Issued", app.RoleSigned: "Signed", app.RoleEffective: "Effective", app.RoleDue: "Due",
	app.RoleExpires: "Expires", app.RoleRenewal: "Renewal", app.RoleNotice: "Notice deadline",
	app.RolePeriodStart: "Period starts", app.RolePeriodEnd: "Period ends", app.RoleEvent: "Event",
}

func roleLabel(r string) string { return nonEmpty(roleLabels[r], r) }

func roleOf(label string) string {
	for r, l := range roleLabels {
		if l == label {
			return r
		}
	}
	return ""
}

func (v *datesView) toggleAll() {
	all := len(v.checked) == len(v.pending)
	v.checked = map[string]bool{}
	if !all {
		for _, f := range v.pending {
			v.checked[f.ID] = true
		}
	}
	v.fill()
}

func (v *datesView) reviewChecked(state app.FactState) {
	var rs []app.FactReview
	for _, f := range v.pending {
		if v.checked[f.ID] {
			rs = append(rs, app.FactReview{ID: f.ID, State: state})
		}
	}
	v.review(rs)
}

// review applies reviews off the UI goroutine, then reloads.
func (v *datesView) review(rs []app.FactReview) {
	if len(rs) == 0 {
		return
	}
	ctx := v.ui.ctx
	go func() {
		err := v.ui.facts.ReviewFacts(ctx, reviewerName(), rs)
		v.ui.do(func() {
			if err != nil {
				v.setStatus("Not saved: " + app.ErrorMessage(err))
				return
			}
			v.setStatus("")
			for _, r := range rs {
				delete(v.checked, r.ID)
			}
			v.reload()
		})
	}()
}

// edit asks for a corrected value and role, and accepts the date with them.
func (v *datesView) edit(f app.Fact) {
	cur, _ := f.DateOf()
	value := widget.NewEntry()
	value.SetText(cur.String())
	value.SetPlaceHolder("YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD")
	labels := make([]string, len(app.DateRoles))
	for i, r := range app.DateRoles {
		labels[i] = roleLabel(r)
	}
	role := widget.NewSelect(labels, nil)
	role.SetSelected(roleLabel(f.Role))
	items := []*widget.FormItem{widget.NewFormItem("Date", value), widget.NewFormItem("Role", role)}
	dialog.ShowForm("Correct the date", "Accept", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		dv, err := app.ParseDateValue(value.Text)
		if err != nil {
			v.setStatus("Not saved: " + app.ErrorMessage(err))
			return
		}
		raw, _ := jsonOf(dv)
		v.review([]app.FactReview{{ID: f.ID, State: app.FactAccepted, Value: raw, Role: roleOf(role.Selected)}})
	}, v.win)
}

func (v *datesView) setAuto(s string) {
	x := autoAcceptValue(s)
	ctx := v.ui.ctx
	go func() {
		err := v.ui.facts.SetAutoAcceptAbove(ctx, x)
		v.ui.do(func() {
			if err != nil {
				v.setStatus("Not saved: " + app.ErrorMessage(err))
				return
			}
			if x > 0 {
				v.setStatus("Dates found from now on with a confidence above " + strconv.FormatFloat(x, 'f', 2, 64) +
					" are accepted without review. Dates waiting here stay until you review them.")
			} else {
				v.setStatus("")
			}
		})
	}()
}

// openFactEvidence opens a date's quote in the main window's citation
// viewer, highlighted on its page.
func (u *UI) openFactEvidence(f app.Fact) {
	ctx := u.ctx
	go func() {
		c, err := u.facts.FactCitation(ctx, f)
		u.do(func() {
			if err != nil {
				dialog.ShowError(err, u.win)
				return
			}
			u.openCheckedSource(c)
		})
	}()
}

// offerDates adds "Open N dates" under an answer's sources when the
// documents in its evidence have accepted dates: it opens the agenda of
// those documents, every date of theirs, not one month.
func (u *UI) offerDates(ans *app.Answer) {
	if u.facts == nil || ans == nil || ans.Dates == 0 {
		return
	}
	var ids []string
	for _, s := range ans.Sources {
		ids = append(ids, s.DocumentID)
	}
	b := widget.NewButtonWithIcon("Open "+plural(ans.Dates, "date", "dates"), theme.HistoryIcon(), func() { u.showAgendaOf(ids) })
	b.Importance = widget.LowImportance
	u.drawer.sources.Add(container.NewHBox(b))
	u.drawer.sources.Refresh()
}

// showAgendaOf opens the agenda showing only the given documents' dates.
func (u *UI) showAgendaOf(ids []string) {
	if u.dates == nil {
		u.dates = newDatesView(u)
	}
	u.dates.agenda.setDocuments(ids)
	u.dates.tabs.SelectIndex(1)
	u.ShowDates()
}
