package desktop

import (
	"encoding/json"
	"os"
	"sort"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// agendaView lists the accepted dates by month: upcoming first (soonest at
// the top), then the past (latest first), filtered by role, folder and tag.
// Each entry opens its evidence.
type agendaView struct {
	dates   *datesView
	facts   []app.Fact
	folders []app.Folder
	seq     int
	docs    []string // only these documents' dates, when set (from an answer)

	scopeNote *widget.Label
	showAll   *widget.Button

	role    *widget.Select
	folder  *widget.Select
	tag     *widget.Select // offered once the Search screen's metadata is there
	list    *fyne.Container
	content fyne.CanvasObject
}

const (
	allRoles   = "All roles"
	allFolders = "All folders"
	allTags    = "All tags"
)

func newAgendaView(d *datesView) *agendaView {
	a := &agendaView{dates: d}
	roles := []string{allRoles}
	for _, r := range app.DateRoles {
		roles = append(roles, roleLabel(r))
	}
	a.role = widget.NewSelect(roles, func(string) { a.reload() })
	a.role.SetSelected(allRoles)
	a.folder = widget.NewSelect([]string{allFolders}, func(string) { a.reload() })
	a.folder.SetSelected(allFolders)
	a.tag = widget.NewSelect([]string{allTags}, func(string) { a.reload() })
	a.tag.SetSelected(allTags)
	a.list = container.NewVBox()
	a.scopeNote = widget.NewLabel("")
	a.showAll = widget.NewButton("Show all dates", func() { a.setDocuments(nil); a.reload() })
	a.scopeNote.Hide()
	a.showAll.Hide()
	bar := container.NewHBox(widget.NewLabel("Role"), a.role, widget.NewLabel("Folder"), a.folder,
		widget.NewLabel("Tag"), a.tag, a.scopeNote, a.showAll)
	a.content = container.NewBorder(container.NewVBox(bar, widget.NewSeparator()), nil, nil, nil, container.NewVScroll(a.list))
	return a
}

// reload reads the accepted dates under the chosen filters.
func (a *agendaView) reload() {
	if a.list == nil || a.folder == nil || a.tag == nil {
		return // still being built
	}
	u := a.dates.ui
	a.seq++
	seq := a.seq
	flt := app.FactFilter{Type: app.FactDate, States: []app.FactState{app.FactAccepted}}
	if r := roleOf(a.role.Selected); r != "" {
		flt.Roles = []string{r}
	}
	for _, f := range a.folders {
		if f.Name == a.folder.Selected {
			flt.FolderID = f.ID
		}
	}
	if a.tag.Selected != allTags {
		flt.Tag = a.tag.Selected
	}
	flt.DocumentIDs = a.docs
	ctx := u.ctx
	var labels app.Metadata
	if u.search != nil {
		labels = u.search.archive
	}
	go func() {
		facts, err := u.facts.ListFacts(ctx, flt)
		var folders []app.Folder
		if u.folders != nil {
			folders, _ = u.folders.Folders(ctx)
		}
		var tags []app.Label
		if labels != nil {
			tags, _ = labels.Labels(ctx, app.LabelTag)
		}
		u.do(func() {
			if seq != a.seq {
				return
			}
			if err != nil {
				a.list.Objects = []fyne.CanvasObject{widget.NewLabel("The agenda could not be read: " + app.ErrorMessage(err))}
				a.list.Refresh()
				return
			}
			a.setFolders(folders)
			a.setTags(tags)
			a.facts = facts
			a.fill()
		})
	}()
}

// setDocuments narrows the agenda to some documents' dates (nil: all).
func (a *agendaView) setDocuments(ids []string) {
	a.docs = ids
	if len(ids) == 0 {
		a.scopeNote.Hide()
		a.showAll.Hide()
		return
	}
	a.scopeNote.SetText("Dates of " + plural(len(ids), "document", "documents") + " from an answer")
	a.scopeNote.Show()
	a.showAll.Show()
}

func (a *agendaView) setTags(tags []app.Label) {
	names := []string{allTags}
	for _, t := range tags {
		names = append(names, t.Name)
	}
	a.tag.Options = names
	a.tag.Refresh()
}

func (a *agendaView) setFolders(fs []app.Folder) {
	a.folders = fs
	names := []string{allFolders}
	for _, f := range fs {
		names = append(names, f.Name)
	}
	a.folder.Options = names
	a.folder.Refresh()
}

// agendaOrder splits dates into the upcoming (still running or ahead of
// today, soonest first) and the past (latest first).
func agendaOrder(facts []app.Fact, today string) (upcoming, past []app.Fact) {
	for _, f := range facts {
		v, ok := f.DateOf()
		if !ok {
			continue
		}
		if v.Last() >= today {
			upcoming = append(upcoming, f)
		} else {
			past = append(past, f)
		}
	}
	sort.SliceStable(upcoming, func(i, j int) bool { return upcoming[i].SortValue < upcoming[j].SortValue })
	sort.SliceStable(past, func(i, j int) bool { return past[i].SortValue > past[j].SortValue })
	return upcoming, past
}

func (a *agendaView) fill() {
	today := a.dates.now().Format(time.DateOnly)
	upcoming, past := agendaOrder(a.facts, today)
	var rows []fyne.CanvasObject
	section := func(title string, fs []app.Fact) {
		if len(fs) == 0 {
			return
		}
		h := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		h.SizeName = theme.SizeNameSubHeadingText
		rows = append(rows, h)
		month := ""
		for _, f := range fs {
			start, _ := time.Parse(time.DateOnly, f.SortValue)
			if m := start.Format("January 2006"); m != month {
				month = m
				ml := widget.NewLabelWithStyle(m, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
				rows = append(rows, widget.NewSeparator(), ml)
			}
			rows = append(rows, a.entry(f, start))
		}
	}
	section("Upcoming", upcoming)
	section("Past", past)
	if len(rows) == 0 {
		rows = append(rows, widget.NewLabel("No accepted dates yet. Accept dates under To review and they appear here by month."))
	}
	a.list.Objects = rows
	a.list.Refresh()
}

// entry is one accepted date: its day (or range), role, document and quote,
// opening its evidence.
func (a *agendaView) entry(f app.Fact, start time.Time) fyne.CanvasObject {
	day := widget.NewLabelWithStyle(start.Format("Mon 2"), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	what := widget.NewLabel(roleLabel(f.Role) + " · " + app.DateContract{}.Render(f.Value) + " · " + nonEmpty(f.DocumentTitle, "Untitled document"))
	what.Truncation = fyne.TextTruncateEllipsis
	quote := widget.NewLabel(clip(f.Quote, 160))
	quote.SizeName = theme.SizeNameCaptionText
	quote.Truncation = fyne.TextTruncateEllipsis
	open := widget.NewButtonWithIcon("Open", theme.VisibilityIcon(), func() { a.dates.ui.openFactEvidence(f) })
	left := container.NewGridWrap(fyne.NewSize(80, day.MinSize().Height), day)
	return container.NewBorder(nil, nil, left, open, container.New(noGapVBox(), what, quote))
}

func clip(s string, n int) string {
	r := []rune(s)
	for i, c := range r {
		if c == '\n' {
			r[i] = ' '
		}
	}
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n]) + "…"
}

func jsonOf(v any) (json.RawMessage, error) { return json.Marshal(v) }

// reviewerName names who reviewed a date: the account running Archivist.
func reviewerName() string {
	for _, k := range []string{"USER", "USERNAME"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return "user"
}
