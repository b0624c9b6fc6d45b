package desktop

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// searchRow is the Search list's template row.
type searchRow struct {
	check   *widget.Check
	title   *widget.Label
	detail  *widget.Label
	snippet *widget.RichText
	menu    *widget.Button
	result  app.SearchResult
}

func (v *searchView) length() int {
	if v.res == nil {
		return 0
	}
	return len(v.res.Results)
}

func (v *searchView) createRow() fyne.CanvasObject {
	r := &searchRow{check: widget.NewCheck("", nil), title: widget.NewLabel(""), detail: widget.NewLabel(""), snippet: widget.NewRichText()}
	r.title.TextStyle.Bold = true
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.detail.SizeName = theme.SizeNameCaptionText
	r.detail.Truncation = fyne.TextTruncateEllipsis
	r.snippet.Truncation = fyne.TextTruncateEllipsis
	r.menu = widget.NewButtonWithIcon("", theme.MoreVerticalIcon(), nil)
	r.menu.Importance = widget.LowImportance
	r.menu.OnTapped = func() { v.showRowMenu(r) }
	box := container.NewBorder(nil, nil, r.check, container.NewCenter(r.menu), container.New(noGapVBox(), r.title, r.detail, r.snippet))
	v.rows[box] = r
	return box
}

func (v *searchView) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	r := v.rows[o]
	if r == nil || v.res == nil || id < 0 || id >= len(v.res.Results) {
		return
	}
	res := v.res.Results[id]
	r.result = res
	r.check.OnChanged = nil
	r.check.SetChecked(v.selected[res.DocumentID])
	r.check.OnChanged = func(on bool) {
		if on {
			v.selected[res.DocumentID] = true
		} else {
			delete(v.selected, res.DocumentID)
		}
		v.refreshSelection()
	}
	r.title.SetText(nonEmpty(res.Title, "Untitled document"))
	r.detail.SetText(resultDetail(res))
	r.snippet.Segments = snippetSegments(res.Snippet)
	r.snippet.Refresh()
}

// resultDetail is a result's second line: format, pages matched, type,
// correspondent, tags and created date.
func resultDetail(r app.SearchResult) string {
	parts := []string{formatName(r.Format)}
	switch len(r.Pages) {
	case 0:
	case 1:
		parts = append(parts, "p. "+strconv.Itoa(r.Pages[0]))
	default:
		ps := make([]string, len(r.Pages))
		for i, p := range r.Pages {
			ps[i] = strconv.Itoa(p)
		}
		parts = append(parts, "pp. "+strings.Join(ps, ", "))
	}
	for _, s := range []string{r.Meta.Type, r.Meta.Correspondent} {
		if s != "" {
			parts = append(parts, s)
		}
	}
	if len(r.Meta.Tags) > 0 {
		parts = append(parts, "#"+strings.Join(r.Meta.Tags, " #"))
	}
	if r.Created != "" {
		parts = append(parts, r.Created)
	}
	return strings.Join(parts, " · ")
}

// snippetSegments shows a snippet with the query's words in bold.
func snippetSegments(s string) []widget.RichTextSegment {
	var segs []widget.RichTextSegment
	add := func(text string, bold bool) {
		if text == "" {
			return
		}
		style := widget.RichTextStyleInline
		if bold {
			style = widget.RichTextStyleStrong
		}
		segs = append(segs, &widget.TextSegment{Text: text, Style: style})
	}
	for s != "" {
		i := strings.Index(s, app.SnippetMarkStart)
		if i < 0 {
			add(s, false)
			break
		}
		add(s[:i], false)
		s = s[i+len(app.SnippetMarkStart):]
		j := strings.Index(s, app.SnippetMarkEnd)
		if j < 0 {
			add(s, true)
			break
		}
		add(s[:j], true)
		s = s[j+len(app.SnippetMarkEnd):]
	}
	return segs
}

func (v *searchView) showRowMenu(r *searchRow) {
	res := r.result
	if res.DocumentID == "" {
		return
	}
	ids := []string{res.DocumentID}
	items := []*fyne.MenuItem{
		fyne.NewMenuItem("Open at the match", func() { v.open(res) }),
		fyne.NewMenuItem("Ask this document", func() { v.askIDs(ids, nonEmpty(res.Title, "Untitled document")) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Add tag…", func() { v.askTag(ids) }),
	}
	if len(res.Meta.Tags) > 0 {
		remove := fyne.NewMenuItem("Remove tag", nil)
		var tags []*fyne.MenuItem
		for _, t := range res.Meta.Tags {
			tag := t
			tags = append(tags, fyne.NewMenuItem(tag, func() {
				v.changed(func(ctx context.Context) error { return v.archive.RemoveTags(ctx, ids, tag) })
			}))
		}
		remove.ChildMenu = fyne.NewMenu("", tags...)
		items = append(items, remove)
	}
	items = append(items,
		fyne.NewMenuItem("Set type…", func() { v.askLabel(app.LabelType, ids) }),
		fyne.NewMenuItem("Set correspondent…", func() { v.askLabel(app.LabelCorrespondent, ids) }),
		fyne.NewMenuItem("Set created date…", func() { v.askCreated(ids, res.Created) }),
	)
	if v.suggester != nil {
		items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Suggest metadata…", func() { v.suggest(res) }))
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(r.menu)
	if c == nil {
		c = v.ui.win.Canvas()
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(r.menu).Add(fyne.NewPos(0, r.menu.Size().Height))
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), c, pos)
}

// nameChooser is an entry offering a list's existing names as one types.
func (v *searchView) nameChooser(kind app.LabelKind) *widget.SelectEntry {
	e := widget.NewSelectEntry(nil)
	u := v.ui
	go func() {
		labels, err := v.archive.Labels(u.ctx, kind)
		u.do(func() {
			if err != nil {
				return
			}
			names := make([]string, len(labels))
			for i, l := range labels {
				names[i] = l.Name
			}
			e.SetOptions(names)
		})
	}()
	return e
}

// askTag asks for a tag to add to documents (new names are made).
func (v *searchView) askTag(ids []string) {
	if len(ids) == 0 {
		return
	}
	e := v.nameChooser(app.LabelTag)
	d := dialog.NewForm("Tag "+plural(len(ids), "document", "documents"), "Add", "Cancel",
		[]*widget.FormItem{widget.NewFormItem("Tag", e)}, func(ok bool) {
			if ok && strings.TrimSpace(e.Text) != "" {
				v.changed(func(ctx context.Context) error { return v.archive.AddTags(ctx, ids, e.Text) })
			}
		}, v.ui.win)
	showForm(d, &e.Entry, 420, v.ui.win)
}

// askLabel asks for the type or correspondent of documents; empty clears it.
func (v *searchView) askLabel(kind app.LabelKind, ids []string) {
	if len(ids) == 0 {
		return
	}
	e := v.nameChooser(kind)
	name := map[app.LabelKind]string{app.LabelType: "Type", app.LabelCorrespondent: "Correspondent"}[kind]
	e.SetPlaceHolder("empty to clear")
	d := dialog.NewForm(name+" of "+plural(len(ids), "document", "documents"), "Set", "Cancel",
		[]*widget.FormItem{widget.NewFormItem(name, e)}, func(ok bool) {
			if ok {
				v.changed(func(ctx context.Context) error { return v.archive.SetLabel(ctx, kind, ids, e.Text) })
			}
		}, v.ui.win)
	showForm(d, &e.Entry, 420, v.ui.win)
}

// askCreated asks for documents' created date.
func (v *searchView) askCreated(ids []string, current string) {
	e := widget.NewEntry()
	e.SetText(current)
	e.SetPlaceHolder("YYYY-MM-DD, empty when unknown")
	d := dialog.NewForm("Created date", "Set", "Cancel", []*widget.FormItem{widget.NewFormItem("Created", e)}, func(ok bool) {
		if ok {
			v.changed(func(ctx context.Context) error { return v.archive.SetCreated(ctx, ids, strings.TrimSpace(e.Text)) })
		}
	}, v.ui.win)
	showForm(d, e, 380, v.ui.win)
}

// facetFilters are the filters a facet's value adds to the query.
var facetFilters = map[string]string{"type": "type", "correspondent": "correspondent", "tag": "tag", "year": "created",
	"format": "format", "sensitivity": "sensitivity", "folder": "folder"}

var facetTitles = map[string]string{"type": "Type", "correspondent": "Correspondent", "tag": "Tags", "year": "Created",
	"format": "Format", "sensitivity": "Sensitivity", "folder": "Folder"}

// maxFacetValues bounds the values listed per facet, most documents first.
const maxFacetValues = 8

// fillFacets lists each facet's values with their counts; a tap narrows
// the query by that value.
func (v *searchView) fillFacets() {
	v.facets.RemoveAll()
	if v.res == nil || v.res.Total == 0 {
		v.facets.Refresh()
		return
	}
	for _, name := range app.FacetNames {
		counts := v.res.Facets[name]
		if len(counts) == 0 {
			continue
		}
		values := make([]string, 0, len(counts))
		for val := range counts {
			values = append(values, val)
		}
		sort.Slice(values, func(i, j int) bool {
			if counts[values[i]] != counts[values[j]] {
				return counts[values[i]] > counts[values[j]]
			}
			return values[i] < values[j]
		})
		head := widget.NewLabelWithStyle(strings.ToUpper(facetTitles[name]), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		head.SizeName = theme.SizeNameCaptionText
		head.Importance = widget.HighImportance
		v.facets.Add(head)
		for _, val := range values[:min(len(values), maxFacetValues)] {
			filter := facetFilters[name] + ":" + quoteValue(val)
			b := widget.NewButton(val+"  "+strconv.Itoa(counts[val]), func() { v.narrow(filter) })
			b.Alignment = widget.ButtonAlignLeading
			b.Importance = widget.LowImportance
			v.facets.Add(b)
		}
	}
	v.facets.Refresh()
}

// narrow adds a filter to the query and searches again.
func (v *searchView) narrow(filter string) {
	q := strings.TrimSpace(v.query + " " + filter)
	v.entry.SetText(q)
	v.run(q, 0)
}

// quoteValue writes a filter value in the search language.
func quoteValue(s string) string {
	if strings.ContainsAny(s, " \t\"()") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}
