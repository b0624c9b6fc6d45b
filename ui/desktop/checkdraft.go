package desktop

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
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
	if len(u.drawer.turns) == 0 {
		u.drawer.placeholder.SetText(u.drawer.placeholderText())
	}
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
		data, err := readDraft(rc.URI().Name(), rc)
		if err != nil {
			dialog.ShowError(err, u.win)
			return
		}
		u.CheckDraft(rc.URI().Name(), data)
	}, u.win)
	d.Show()
}

// readDraft reads a draft named name from r, up to maxDraftBytes.
func readDraft(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxDraftBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s cannot be read: %w", name, err)
	case len(data) > maxDraftBytes:
		return nil, fmt.Errorf("%s is larger than %d MB: it is not a draft to check", name, maxDraftBytes>>20)
	}
	return data, nil
}

// draftExtensions are the formats a draft is checked in.
var draftExtensions = []string{".docx", ".md", ".markdown", ".txt", ".text", ".pdf"}

// dropDrafts checks the drafts among paths dropped at pos when pos is on
// the research drawer, where "Check a draft…" shows its report, and
// returns the rest to import: on the list, or anywhere else, everything
// dropped is imported.
func (u *UI) dropDrafts(pos fyne.Position, paths []string) []string {
	if u.checker == nil || !u.onDrawer(pos) {
		return paths
	}
	var rest []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || !slices.Contains(draftExtensions, strings.ToLower(filepath.Ext(p))) {
			rest = append(rest, p) // a folder or a picture is imported as anywhere else
			continue
		}
		go func() {
			f, err := os.Open(p)
			var data []byte
			if err == nil {
				data, err = readDraft(filepath.Base(p), f)
				f.Close()
			}
			if err != nil {
				u.do(func() { dialog.ShowError(err, u.win) })
				return
			}
			u.CheckDraft(filepath.Base(p), data)
		}()
	}
	return rest
}

// onDrawer says whether pos, in the window, falls on the research drawer.
func (u *UI) onDrawer(pos fyne.Position) bool {
	d := u.drawer.content
	if !d.Visible() {
		return false
	}
	at, size := u.fapp.Driver().AbsolutePositionForObject(d), d.Size()
	return pos.X >= at.X && pos.Y >= at.Y && pos.X < at.X+size.Width && pos.Y < at.Y+size.Height
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
	v.win.Resize(u.fit(fyne.NewSize(720, 640)))
	v.win.Show()
	return v
}

// checkSummary counts the report's marks, naming only those it has: "3
// quotations: 1 exact, 1 altered, 1 not found."
func checkSummary(rep *app.CheckReport) string {
	if len(rep.Quotes) == 0 {
		return "The draft quotes nothing."
	}
	c := rep.Counts
	var parts []string
	for _, p := range []struct {
		n         int
		one, many string
	}{{c.Exact, "exact", "exact"}, {c.Altered, "altered", "altered"},
		{c.PageDiffers, "on another page", "on other pages"}, {c.NotFound, "not found", "not found"}} {
		if p.n > 0 {
			parts = append(parts, plural(p.n, p.one, p.many))
		}
	}
	return plural(len(rep.Quotes), "quotation", "quotations") + ": " + strings.Join(parts, ", ") + "."
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
