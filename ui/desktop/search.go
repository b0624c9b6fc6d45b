package desktop

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// SearchArchive is what the Search screen needs of the library: ranked
// search, the metadata it sets and the saved views it lists.
type SearchArchive interface {
	app.Searcher
	app.Metadata
	app.Views
}

// setSearch gives the window its Search screen (the Search button in the
// top bar switches between it and the library); suggester, when not nil,
// proposes metadata from a row's menu.
func (u *UI) setSearch(a SearchArchive, suggester app.MetaSuggester) {
	u.search = newSearchView(u, a)
	u.search.suggester = suggester
	u.searchToggle.Show()
}

// searchPageSize is how many results one page shows.
const searchPageSize = 25

// The sort orders as the selector names them.
var searchSorts = map[string]app.SearchSort{
	"Best match":   app.SortRelevance,
	"Newest first": app.SortNewest,
	"Oldest first": app.SortOldest,
}

// searchView is the Search screen: a query in the search language, the
// ranked documents it finds (a page at a time, each with its best snippet
// and pages), facets that narrow the query, the saved views, and the
// selection bar that sets metadata on many documents at once.
type searchView struct {
	ui        *UI
	archive   SearchArchive
	suggester app.MetaSuggester // nil: no suggestions
	auto      SuggestAuto       // nil: proposals for new documents wait for a click
	suggestMu sync.Mutex        // one proposal for a new document at a time

	query    string // the query the results are of
	offset   int
	res      *app.SearchResults
	selected map[string]bool
	seq      int // of the latest search; older answers are dropped
	// libraryOffset is the split's offset kept while the other screen shows.
	libraryOffset float64
	rows          map[fyne.CanvasObject]*searchRow

	entry    *widget.Entry
	sortBy   *widget.Select
	status   *widget.Label
	list     *widget.List
	prev     *widget.Button
	next     *widget.Button
	pageInfo *widget.Label
	pager    *fyne.Container // status and paging: laid out again when the page label changes
	facets   *fyne.Container
	views    *viewList
	selInfo  *widget.Label
	selBar   *fyne.Container
	askAll   *widget.Button
	saveView *widget.Button
	content  fyne.CanvasObject
}

func newSearchView(u *UI, a SearchArchive) *searchView {
	v := &searchView{ui: u, archive: a, selected: map[string]bool{}, rows: map[fyne.CanvasObject]*searchRow{}}
	v.entry = widget.NewEntry()
	v.entry.SetPlaceHolder(`Search: words, "phrases", -excluded, OR, tag:, type:, correspondent:, created:2022…`)
	v.entry.OnSubmitted = func(s string) { v.run(s, 0) }
	v.sortBy = widget.NewSelect([]string{"Best match", "Newest first", "Oldest first"}, func(string) {
		if v.res != nil {
			v.run(v.query, 0)
		}
	})
	v.sortBy.SetSelected("Best match")
	v.status = widget.NewLabel("Type a query and press Enter.")
	v.status.Wrapping = fyne.TextWrapWord
	v.list = widget.NewList(v.length, v.createRow, v.updateRow)
	v.list.OnSelected = func(id widget.ListItemID) {
		v.list.Unselect(id)
		if v.res != nil && id >= 0 && id < len(v.res.Results) {
			v.open(v.res.Results[id])
		}
	}
	v.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { v.run(v.query, max(0, v.offset-searchPageSize)) })
	v.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { v.run(v.query, v.offset+searchPageSize) })
	v.pageInfo = widget.NewLabel("")
	v.facets = container.NewVBox()
	v.views = newViewList(v)
	v.askAll = widget.NewButtonWithIcon("Ask about these", theme.SearchIcon(), v.askResults)
	v.saveView = widget.NewButtonWithIcon("Save as view", theme.DocumentSaveIcon(), v.askSaveView)
	v.selInfo = widget.NewLabel("")
	v.selBar = container.NewHBox(v.selInfo,
		widget.NewButton("Add tag…", func() { v.askTag(v.selectedIDs()) }),
		widget.NewButton("Set type…", func() { v.askLabel(app.LabelType, v.selectedIDs()) }),
		widget.NewButton("Set correspondent…", func() { v.askLabel(app.LabelCorrespondent, v.selectedIDs()) }),
		widget.NewButton("Ask selection", func() { v.askIDs(v.selectedIDs(), plural(len(v.selected), "selected document", "selected documents")) }),
		widget.NewButton("Clear", func() { clear(v.selected); v.refreshSelection() }),
	)
	v.selBar.Hide()
	v.setResults(nil)

	// The query has a row of its own: it is often long.
	tools := container.NewBorder(nil, nil, container.NewHBox(v.sortBy, v.saveView, v.askAll), nil)
	v.pager = container.NewBorder(nil, nil, nil, container.NewHBox(v.prev, v.pageInfo, v.next), v.status)
	results := container.NewBorder(container.NewVBox(v.entry, tools, v.pager, widget.NewSeparator()), v.selBar, nil, nil, v.list)
	side := container.NewBorder(v.views.content, nil, nil, nil, container.NewVScroll(v.facets))
	split := container.NewHSplit(side, results)
	split.Offset = 0.26
	v.content = split
	return v
}

// toggleSearch switches the left of the window between the library and
// the Search screen.
func (u *UI) toggleSearch() {
	if u.search == nil {
		return
	}
	if u.split.Leading == u.search.content {
		u.split.Leading = u.library.content
		u.split.Offset, u.search.libraryOffset = u.search.libraryOffset, u.split.Offset
		u.searchToggle.SetText("Search")
		u.searchToggle.SetIcon(theme.SearchIcon())
		u.searchToggle.Importance = widget.MediumImportance
	} else {
		u.split.Leading = u.search.content
		// Results, facets and views need more room than the list.
		u.search.libraryOffset, u.split.Offset = u.split.Offset, max(u.split.Offset, u.search.libraryOffset, 0.62)
		u.searchToggle.SetText("Library")
		u.searchToggle.SetIcon(theme.ListIcon())
		u.searchToggle.Importance = widget.HighImportance
		u.search.views.reload()
	}
	u.searchToggle.Refresh()
	u.split.Refresh()
	if u.split.Leading == u.search.content {
		// Only an entry on the canvas can take the keyboard.
		u.win.Canvas().Focus(u.search.entry)
	}
}

// run searches for query from offset, off the UI goroutine.
func (v *searchView) run(query string, offset int) {
	v.seq++
	seq, u := v.seq, v.ui
	req := app.SearchRequest{Query: query, Sort: searchSorts[v.sortBy.Selected], Offset: offset, Limit: searchPageSize}
	v.status.SetText("Searching…")
	v.status.Importance = widget.LowImportance
	v.status.Refresh()
	go func() {
		res, err := v.archive.SearchDocuments(u.ctx, req)
		u.do(func() {
			if seq != v.seq {
				return
			}
			if err != nil {
				// A malformed query keeps the last results and says where
				// the problem is.
				v.status.SetText(app.ErrorMessage(err))
				v.status.Importance = widget.DangerImportance
				v.status.Refresh()
				return
			}
			if query != v.query {
				clear(v.selected)
			}
			v.query, v.offset = query, offset
			v.setResults(res)
		})
	}()
}

func (v *searchView) setResults(res *app.SearchResults) {
	v.res = res
	v.status.Importance = widget.MediumImportance
	switch {
	case res == nil:
		v.status.SetText("Type a query and press Enter.")
	case res.Total == 0:
		v.status.SetText("No document matches.")
	default:
		v.status.SetText(plural(res.Total, "document", "documents"))
	}
	v.status.Refresh()
	total := 0
	if res != nil {
		total = res.Total
	}
	setEnabled(v.prev, v.offset > 0)
	setEnabled(v.next, v.offset+searchPageSize < total)
	setEnabled(v.askAll, total > 0)
	setEnabled(v.saveView, res != nil && strings.TrimSpace(v.query) != "")
	if total > 0 {
		v.pageInfo.SetText(strconv.Itoa(v.offset+1) + "–" + strconv.Itoa(min(v.offset+searchPageSize, total)) + " of " + strconv.Itoa(total))
	} else {
		v.pageInfo.SetText("")
	}
	if v.pager != nil {
		v.pager.Refresh()
	}
	v.fillFacets()
	v.list.Refresh()
	v.list.ScrollToTop()
	v.refreshSelection()
}

// open shows a result in the citation viewer, at its best passage's page
// with the query's words highlighted.
func (v *searchView) open(r app.SearchResult) {
	u, query := v.ui, v.query
	go func() {
		c, err := v.archive.SearchCitation(u.ctx, r.DocumentID, query)
		u.do(func() {
			if err != nil {
				v.status.SetText(app.ErrorMessage(err))
				v.status.Importance = widget.DangerImportance
				v.status.Refresh()
				return
			}
			u.showDrawer(true)
			u.drawer.citation.show([]app.Citation{*c}, 0)
		})
	}()
}

// askResults scopes the research drawer to every document of the search:
// the query itself, resolved when a question is asked.
func (v *searchView) askResults() {
	u, query := v.ui, v.query
	go func() {
		ids, err := v.archive.SearchDocumentIDs(u.ctx, query)
		u.do(func() {
			if err != nil {
				v.status.SetText(app.ErrorMessage(err))
				return
			}
			if len(ids) == 0 {
				return // no scope at all, never the whole library
			}
			// The question finds the query's documents again inside its own
			// snapshot; the count only tells the person what they asked about.
			v.ui.drawer.setScope(app.Scope{Query: query, FromQuery: true,
				Label: "Search “" + query + "” (" + plural(len(ids), "document", "documents") + ")"})
			v.ui.showDrawer(true)
			v.ui.omni.focus()
		})
	}()
}

// askIDs scopes the drawer to documents; none is no scope at all, never the
// whole library.
func (v *searchView) askIDs(ids []string, label string) {
	if len(ids) == 0 {
		return
	}
	v.ui.drawer.setScope(app.Scope{DocumentIDs: ids, FromQuery: true, Label: label + " (" + plural(len(ids), "document", "documents") + ")"})
	v.ui.showDrawer(true)
	v.ui.omni.focus()
}

func (v *searchView) selectedIDs() []string {
	var ids []string
	if v.res != nil {
		for _, r := range v.res.Results {
			if v.selected[r.DocumentID] {
				ids = append(ids, r.DocumentID)
			}
		}
	}
	for id := range v.selected { // ticked on another page
		found := false
		for _, x := range ids {
			found = found || x == id
		}
		if !found {
			ids = append(ids, id)
		}
	}
	return ids
}

func (v *searchView) refreshSelection() {
	if len(v.selected) == 0 {
		v.selBar.Hide()
	} else {
		v.selInfo.SetText(plural(len(v.selected), "selected", "selected"))
		v.selBar.Show()
	}
	v.list.Refresh()
}

// changed runs a metadata change off the UI goroutine, then searches again
// so the rows and facets show it.
func (v *searchView) changed(f func(ctx context.Context) error) {
	u := v.ui
	go func() {
		err := f(u.ctx)
		u.do(func() {
			if err != nil {
				v.status.SetText(app.ErrorMessage(err))
				v.status.Importance = widget.DangerImportance
				v.status.Refresh()
				return
			}
			v.run(v.query, v.offset)
		})
	}()
}

// ShowSearch shows the Search screen and searches for query (nothing
// when it is empty).
func (u *UI) ShowSearch(query string) {
	if u.search == nil {
		return
	}
	if u.split.Leading != u.search.content {
		u.toggleSearch()
	}
	if query != "" {
		u.search.entry.SetText(query)
		u.search.run(query, 0)
	}
}

// OpenSearchResult opens result i of the page shown, as a tap on it does.
func (u *UI) OpenSearchResult(i int) {
	if s := u.search; s != nil && s.res != nil && i >= 0 && i < len(s.res.Results) {
		s.open(s.res.Results[i])
	}
}
