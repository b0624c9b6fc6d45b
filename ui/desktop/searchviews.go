package desktop

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// viewList is the Search screen's sidebar of saved views: a tap opens a
// live view's query (run again) or a snapshot's documents; the tools
// rename, delete and move the chosen view up or down.
type viewList struct {
	s      *searchView
	views  []app.View
	chosen int

	list    *widget.List
	rename  *widget.Button
	remove  *widget.Button
	up      *widget.Button
	down    *widget.Button
	content fyne.CanvasObject
}

func newViewList(s *searchView) *viewList {
	l := &viewList{s: s, chosen: -1}
	l.list = widget.NewList(func() int { return len(l.views) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= 0 && id < len(l.views) {
				o.(*widget.Label).SetText(viewLabel(l.views[id]))
			}
		})
	l.list.OnSelected = func(id widget.ListItemID) { l.chosen = id; l.openChosen(); l.updateTools() }
	l.rename = widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), l.askRename)
	l.remove = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), l.confirmDelete)
	l.up = widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { l.move(-1) })
	l.down = widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { l.move(1) })
	heading := widget.NewLabelWithStyle("Views", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	list := container.NewGridWrap(fyne.NewSize(220, 150), l.list)
	l.content = container.NewVBox(container.NewBorder(nil, nil, heading, container.NewHBox(l.up, l.down, l.rename, l.remove)), list, widget.NewSeparator())
	l.updateTools()
	return l
}

// viewLabel names a view in the list: a snapshot says how many documents.
func viewLabel(v app.View) string {
	if v.Live() {
		return v.Name
	}
	return v.Name + " (" + plural(len(v.DocumentIDs), "document", "documents") + ")"
}

func (l *viewList) updateTools() {
	on := l.chosen >= 0 && l.chosen < len(l.views)
	setEnabled(l.rename, on)
	setEnabled(l.remove, on)
	setEnabled(l.up, on && l.chosen > 0)
	setEnabled(l.down, on && l.chosen < len(l.views)-1)
}

// reload fetches the views, keeping the chosen one chosen.
func (l *viewList) reload() {
	u := l.s.ui
	keep := ""
	if l.chosen >= 0 && l.chosen < len(l.views) {
		keep = l.views[l.chosen].ID
	}
	go func() {
		views, err := l.s.archive.Views(u.ctx)
		u.do(func() {
			if err != nil {
				return
			}
			l.views, l.chosen = views, -1
			for i, v := range views {
				if v.ID == keep {
					l.chosen = i
				}
			}
			l.list.Refresh()
			l.updateTools()
		})
	}()
}

// openChosen shows the chosen view: a live view's query is searched
// again; a snapshot is asked about (its documents, as they are now).
func (l *viewList) openChosen() {
	if l.chosen < 0 || l.chosen >= len(l.views) {
		return
	}
	v := l.views[l.chosen]
	if v.Live() {
		l.s.entry.SetText(v.Query)
		l.s.run(v.Query, 0)
		return
	}
	l.s.askIDs(v.DocumentIDs, "View “"+v.Name+"”")
}

func (l *viewList) run(f func(ctx context.Context) error) {
	u := l.s.ui
	go func() {
		err := f(u.ctx)
		u.do(func() {
			if err != nil {
				dialog.ShowError(err, u.win)
			}
			l.reload()
		})
	}()
}

func (l *viewList) move(delta int) {
	if l.chosen < 0 || l.chosen >= len(l.views) {
		return
	}
	id, to := l.views[l.chosen].ID, l.chosen+delta
	l.chosen = to
	l.run(func(ctx context.Context) error { return l.s.archive.MoveView(ctx, id, to) })
}

func (l *viewList) askRename() {
	if l.chosen < 0 || l.chosen >= len(l.views) {
		return
	}
	v := l.views[l.chosen]
	e := widget.NewEntry()
	e.SetText(v.Name)
	d := dialog.NewForm("Rename view", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", e)}, func(ok bool) {
		if ok {
			l.run(func(ctx context.Context) error { return l.s.archive.RenameView(ctx, v.ID, e.Text) })
		}
	}, l.s.ui.win)
	showForm(d, e, 420, l.s.ui.win)
}

func (l *viewList) confirmDelete() {
	if l.chosen < 0 || l.chosen >= len(l.views) {
		return
	}
	v := l.views[l.chosen]
	dialog.ShowConfirm("Delete view", "Delete the view “"+v.Name+"”? Its documents stay.", func(ok bool) {
		if ok {
			l.chosen = -1
			l.run(func(ctx context.Context) error { return l.s.archive.DeleteView(ctx, v.ID) })
		}
	}, l.s.ui.win)
}

// askSaveView saves the current query as a live view.
func (v *searchView) askSaveView() {
	query := strings.TrimSpace(v.query)
	if query == "" {
		return
	}
	e := widget.NewEntry()
	e.SetPlaceHolder("a name for this search")
	d := dialog.NewForm("Save search as a view", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", e)}, func(ok bool) {
		if ok {
			v.views.run(func(ctx context.Context) error {
				_, err := v.archive.SaveView(ctx, e.Text, query, nil)
				return err
			})
		}
	}, v.ui.win)
	showForm(d, e, 420, v.ui.win)
}

// saveSourcesButton offers to save the documents under an answer's
// evidence as a snapshot view; nil without views or sources.
func (u *UI) saveSourcesButton(ans *app.Answer) *widget.Button {
	if u.search == nil || ans == nil {
		return nil
	}
	var ids []string
	seen := map[string]bool{}
	for _, s := range ans.Sources {
		if s.DocumentID != "" && !seen[s.DocumentID] && len(ids) < app.MaxSnapshotView {
			seen[s.DocumentID] = true
			ids = append(ids, s.DocumentID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	b := widget.NewButtonWithIcon("Save sources as view…", theme.DocumentSaveIcon(), func() {
		e := widget.NewEntry()
		e.SetPlaceHolder("a name for these " + plural(len(ids), "document", "documents"))
		d := dialog.NewForm("Save sources as a view", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", e)}, func(ok bool) {
			if ok {
				u.search.views.run(func(ctx context.Context) error {
					_, err := u.search.archive.SaveView(ctx, e.Text, "", ids)
					return err
				})
			}
		}, u.win)
		showForm(d, e, 420, u.win)
	})
	b.Importance = widget.LowImportance
	return b
}
