package desktop

import (
	"context"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// reviewsPanel is the review after imports, a section of the notifications
// popup (notices.go): "Related documents to move (3)" while there are open
// proposals, and under it one row a proposal with Move (accept) and ✕
// (reject); a move just made offers Undo until the panel reloads. The top
// bar's notification line counts its proposals; it never takes a share of
// the document list.
type reviewsPanel struct {
	ui      *UI
	reviews app.Reviews
	rows    []*reviewRow
	loading bool

	header  *widget.Label
	list    *fyne.Container
	listBox *container.Scroll
	content *fyne.Container
}

// reviewRow is one proposal on screen.
type reviewRow struct {
	prop   app.ReviewProposal
	label  *widget.Label
	accept *escButton
	reject *escButton
	undo   *escButton
	box    *fyne.Container
}

func newReviewsPanel(u *UI) *reviewsPanel {
	r := &reviewsPanel{ui: u}
	r.header = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	r.list = container.NewVBox()
	r.listBox = container.NewVScroll(r.list)
	r.content = container.NewVBox(r.header, r.listBox)
	r.content.Hide()
	return r
}

// setReviews shows the proposals of the reviews after imports. Without
// them the panel stays hidden.
func (u *UI) setReviews(r app.Reviews) {
	u.reviews.reviews = r
	u.reviews.reload()
}

// reload lists the open proposals again, off the UI goroutine; rows of
// moves just made stay, so that they can be undone.
func (r *reviewsPanel) reload() {
	if r.reviews == nil || r.loading {
		return
	}
	r.loading = true
	u := r.ui
	go func() {
		list, err := r.reviews.Proposals(u.ctx, app.ReviewProposed)
		u.do(func() {
			r.loading = false
			if err != nil || u.ctx.Err() != nil {
				return // the proposals wait for the next reload
			}
			r.show(list)
		})
	}()
}

// show replaces the open proposals' rows with list.
func (r *reviewsPanel) show(list []app.ReviewProposal) {
	r.rows = slices.DeleteFunc(r.rows, func(row *reviewRow) bool {
		if row.prop.Status == app.ReviewProposed {
			r.list.Remove(row.box)
			return true
		}
		return false
	})
	for _, p := range list {
		r.add(p)
	}
	r.refresh()
}

func (r *reviewsPanel) add(p app.ReviewProposal) {
	row := &reviewRow{prop: p}
	row.label = widget.NewLabel("")
	row.label.Wrapping = fyne.TextWrapWord
	row.accept = r.ui.noticeAction("Move", theme.ConfirmIcon(), func() { r.decide(row, r.reviews.Accept) })
	row.accept.Importance = widget.HighImportance
	row.reject = r.ui.noticeAction("", theme.CancelIcon(), func() { r.decide(row, r.reviews.Reject) })
	row.reject.Importance = widget.LowImportance
	row.undo = r.ui.noticeAction("Undo", theme.ContentUndoIcon(), func() { r.decide(row, r.reviews.Undo) })
	// The buttons keep their own height at the top of a row of several
	// lines.
	buttons := container.NewVBox(container.NewHBox(row.accept, row.undo, row.reject))
	row.box = container.NewBorder(nil, nil, nil, buttons, row.label)
	r.setRow(row)
	r.rows = append(r.rows, row)
	r.list.Add(row.box)
}

// setRow shows a row as its proposal stands.
func (r *reviewsPanel) setRow(row *reviewRow) {
	p := row.prop
	from := "no folder"
	if p.FromPath != "" {
		from = "“" + p.FromPath + "”"
	}
	to := "“" + p.ToPath + "”"
	if p.NewName != "" {
		to += " (a new folder)"
	}
	open := p.Status == app.ReviewProposed
	switch p.Status {
	case app.ReviewAccepted:
		row.label.SetText(p.Title + " moved to " + to)
	default:
		row.label.SetText(p.Title + ": " + from + " → " + to + r.why(p))
	}
	setVisible(row.accept, open)
	setVisible(row.reject, open)
	setVisible(row.undo, p.Status == app.ReviewAccepted)
}

// why is the best passage tying the document to the new one, quoted.
func (r *reviewsPanel) why(p app.ReviewProposal) string {
	if len(p.Passages) == 0 {
		return ""
	}
	q := []rune(p.Passages[0].Text)
	if len(q) > 90 {
		q = append(q[:89], '…')
	}
	return "\n“" + string(q) + "”"
}

// decide accepts, rejects or undoes row's proposal off the UI goroutine;
// a rejected or undone one leaves the panel.
func (r *reviewsPanel) decide(row *reviewRow, do func(context.Context, string) (app.ReviewProposal, error)) {
	row.accept.Disable()
	row.reject.Disable()
	row.undo.Disable()
	u := r.ui
	go func() {
		p, err := do(u.ctx, row.prop.ID)
		u.do(func() {
			row.accept.Enable()
			row.reject.Enable()
			row.undo.Enable()
			if err != nil {
				if u.ctx.Err() == nil {
					dialog.ShowError(errorForDialog(err), u.win)
				}
				return
			}
			row.prop = p
			if p.Status == app.ReviewAccepted {
				r.setRow(row)
			} else {
				r.remove(row)
			}
			r.refresh()
			u.library.reload()
		})
	}()
}

func (r *reviewsPanel) remove(row *reviewRow) {
	if i := slices.Index(r.rows, row); i >= 0 {
		r.rows = slices.Delete(r.rows, i, i+1)
		r.list.Remove(row.box)
	}
}

// refresh shows the panel while it holds rows; the header counts the open
// proposals, and so does the top bar's notification line.
func (r *reviewsPanel) refresh() {
	if len(r.rows) == 0 {
		r.content.Hide()
	} else {
		r.header.SetText("Related documents to move (" + strconv.Itoa(r.open()) + ")")
		r.content.Show()
		r.fit(r.listBox.Size().Width)
	}
	r.content.Refresh()
	if r.ui.notices != nil {
		r.ui.notices.update()
	}
}

// fit sizes the proposal list to its rows laid out width wide, up to
// maxFilingHeight.
func (r *reviewsPanel) fit(width float32) { fitScroll(r.list, r.listBox, width, maxFilingHeight) }

// open counts the proposals that wait for Move or ✕.
func (r *reviewsPanel) open() int { return r.count(app.ReviewProposed) }

// moved counts the moves just made, which offer Undo.
func (r *reviewsPanel) moved() int { return r.count(app.ReviewAccepted) }

func (r *reviewsPanel) count(s app.ReviewStatus) int {
	n := 0
	for _, row := range r.rows {
		if row.prop.Status == s {
			n++
		}
	}
	return n
}

func setVisible(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}
