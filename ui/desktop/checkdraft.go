package desktop

import (
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// setChecker turns on "Check a draft…" in the File menu.
func (u *UI) setChecker(c app.DraftChecker) {
	u.checker = c
	mm := u.win.MainMenu()
	if mm == nil || len(mm.Items) == 0 {
		return
	}
	file := mm.Items[0]
	file.Items = append(file.Items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Check a draft…", u.chooseDraft))
	u.win.SetMainMenu(mm)
}

// chooseDraft lets the person pick a draft (DOCX, Markdown, text, PDF) and
// checks it.
func (u *UI) chooseDraft() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, u.win)
			return
		}
		if rc == nil {
			return // cancelled
		}
		defer rc.Close()
		data, err := io.ReadAll(io.LimitReader(rc, maxDraftBytes+1))
		switch {
		case err != nil:
			dialog.ShowError(fmt.Errorf("%s cannot be read: %w", rc.URI().Name(), err), u.win)
		case len(data) > maxDraftBytes:
			dialog.ShowError(fmt.Errorf("%s is larger than %d MB: not a draft to check", rc.URI().Name(), maxDraftBytes>>20), u.win)
		default:
			u.CheckDraft(rc.URI().Name(), data)
		}
	}, u.win)
	d.Show()
}

// maxDraftBytes bounds a draft the window reads, as the API bounds one.
const maxDraftBytes = 16 << 20

// CheckDraft checks a draft off the UI goroutine and shows its report in a
// window of its own. Safe from any goroutine.
func (u *UI) CheckDraft(name string, data []byte) {
	if u.checker == nil {
		return
	}
	ctx := u.ctx
	go func() {
		rep, err := u.checker.CheckDraft(ctx, name, data)
		u.do(func() {
			if err != nil {
				dialog.ShowError(err, u.win)
				return
			}
			u.showCheckReport(rep)
		})
	}()
}

// checkMarks are the marks a report's entries carry.
var checkMarks = map[app.QuoteStatus]string{app.QuoteExact: "✓ exact", app.QuoteAltered: "≠ altered",
	app.QuotePageDiffers: "↷ page differs", app.QuoteNotFound: "✗ not found"}

// checkView is a draft's report: one entry per quotation with its mark,
// where the source has it and what differs; each entry with a source opens
// it in the main window's citation viewer, highlighted.
type checkView struct {
	u       *UI
	rep     *app.CheckReport
	win     fyne.Window
	summary *widget.Label
	entries *fyne.Container
	opens   []*widget.Button // one per entry; nil where nothing was found
	export  *widget.Button
}

// showCheckReport opens the report's window.
func (u *UI) showCheckReport(rep *app.CheckReport) *checkView {
	v := &checkView{u: u, rep: rep, win: u.fapp.NewWindow("Quotations checked: " + rep.Draft)}
	v.summary = widget.NewLabel(checkSummary(rep))
	v.entries = container.NewVBox()
	for i := range rep.Quotes {
		v.entries.Add(v.entry(&rep.Quotes[i]))
	}
	v.export = widget.NewButton("Export Markdown…", v.exportMarkdown)
	v.win.SetContent(container.NewBorder(v.summary, container.NewHBox(v.export), nil, nil, container.NewVScroll(v.entries)))
	v.win.Resize(fyne.NewSize(720, 640))
	v.win.Show()
	return v
}

func checkSummary(rep *app.CheckReport) string {
	if len(rep.Quotes) == 0 {
		return "The draft quotes nothing."
	}
	return fmt.Sprintf("%d quotations: %d exact, %d altered, %d page differs, %d not found", len(rep.Quotes),
		rep.Counts.Exact, rep.Counts.Altered, rep.Counts.PageDiffers, rep.Counts.NotFound)
}

// entry is one quotation of the report.
func (v *checkView) entry(q *app.QuoteCheck) fyne.CanvasObject {
	head := widget.NewLabel(fmt.Sprintf("%d. %s — “%s”", q.N, checkMarks[q.Status], clipped(q.Quote, 140)))
	head.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(head)
	var lines []string
	if q.Pincite != "" {
		lines = append(lines, "Cited as "+q.Pincite)
	}
	if q.Source != nil {
		lines = append(lines, "Source: "+q.Source.Where())
	}
	lines = append(lines, q.Issues...)
	if len(lines) > 0 {
		detail := widget.NewLabel(strings.Join(lines, "\n"))
		detail.Wrapping = fyne.TextWrapWord
		box.Add(detail)
	}
	var open *widget.Button
	if q.Source != nil {
		c := *q.Source
		open = widget.NewButton("Open source", func() { v.u.openCheckedSource(c) })
		box.Add(container.NewHBox(open))
	}
	v.opens = append(v.opens, open)
	return box
}

// openCheckedSource shows one located citation — a draft's quotation, a
// date's sentence — in the main window's citation viewer, highlighted on
// its page.
func (u *UI) openCheckedSource(c app.Citation) {
	u.showDrawer(true)
	d := u.drawer
	wasOpen := d.citation.content.Visible()
	d.citeTurn = nil
	d.citation.show([]app.Citation{c}, 0)
	if !wasOpen {
		d.body.Offset = textCitationOffset
		if d.citation.paged {
			d.body.Offset = pagedCitationOffset
		}
	}
	d.refreshBody()
	u.win.RequestFocus()
}

// exportMarkdown saves the report as Markdown where the person chooses.
func (v *checkView) exportMarkdown() {
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.ShowError(err, v.win)
			return
		}
		if wc == nil {
			return
		}
		defer wc.Close()
		if _, err := io.WriteString(wc, v.rep.Markdown()); err != nil {
			dialog.ShowError(err, v.win)
		}
	}, v.win)
	d.SetFileName(strings.TrimSuffix(v.rep.Draft, ".md") + " — quotations.md")
	d.Show()
}

// clipped shortens s to n characters on one line.
func clipped(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
