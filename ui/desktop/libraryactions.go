package desktop

import (
	"context"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// The document list's actions: trash, restore and empty, a row's menu,
// sensitivity, and filing in a folder.

// run calls f off the UI goroutine and then, on it, reloads the list and
// reports an error in a dialog.
func (v *libraryView) run(f func(ctx context.Context) error, then func()) {
	u := v.ui
	go func() {
		err := f(u.ctx)
		u.do(func() {
			if err != nil && u.ctx.Err() == nil {
				dialog.ShowError(errorForDialog(err), u.win)
			}
			if then != nil && err == nil {
				then()
			}
			v.reload()
		})
	}()
}

// errorForDialog keeps internal details out of dialogs.
func errorForDialog(err error) error {
	return &app.Error{Code: app.ErrorCode(err), Message: app.ErrorMessage(err)}
}

// trashSelected moves the ticked documents to the trash. It is also what
// the Delete key does in the list.
func (v *libraryView) trashSelected() {
	ids := v.selectedIDs()
	if len(ids) == 0 || v.ui.folders == nil || v.view == viewTrash {
		return
	}
	clear(v.selected)
	v.run(func(ctx context.Context) error { return v.ui.folders.Trash(ctx, ids) }, nil)
}

func (v *libraryView) restoreSelected() {
	ids := v.selectedIDs()
	if len(ids) == 0 || v.ui.folders == nil {
		return
	}
	clear(v.selected)
	v.run(func(ctx context.Context) error { return v.ui.folders.Restore(ctx, ids) }, nil)
}

// confirmEmptyTrash asks before deleting for good.
func (v *libraryView) confirmEmptyTrash() {
	n := len(v.trashed)
	if n == 0 || v.ui.folders == nil {
		return
	}
	dialog.ShowConfirm("Empty the trash?",
		plural(n, "document", "documents")+" and "+pick(n == 1, "its original", "their originals")+" will be deleted for good.",
		func(ok bool) {
			if ok {
				v.emptyTrashNow()
			}
		}, v.ui.win)
}

func (v *libraryView) emptyTrashNow() {
	clear(v.selected)
	v.run(func(ctx context.Context) error { _, err := v.ui.folders.EmptyTrash(ctx); return err }, nil)
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// showRowMenu pops up a document's actions under its menu button.
func (v *libraryView) showRowMenu(r *docRow) {
	d := r.doc
	if d.ID == "" || v.ui.folders == nil {
		return
	}
	var items []*fyne.MenuItem
	if v.view == viewTrash {
		items = append(items, fyne.NewMenuItem("Restore", func() {
			v.run(func(ctx context.Context) error { return v.ui.folders.Restore(ctx, []string{d.ID}) }, nil)
		}))
	} else {
		items = append(items,
			fyne.NewMenuItem("Ask this document", func() {
				v.ui.drawer.setScope(app.Scope{DocumentIDs: []string{d.ID}, Label: docTitle(d)})
				v.ui.omni.focus()
			}),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Open original", func() { v.ui.openOriginal(d, false) }),
			fyne.NewMenuItem("Show in folder", func() { v.ui.openOriginal(d, true) }),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Move to folder…", func() { v.chooseFolderFor([]string{d.ID}) }),
		)
		sens := fyne.NewMenuItem("Sensitivity", nil)
		current := string(app.StoredSensitivity(v.placements[d.ID].Sensitivity))
		var levels []*fyne.MenuItem
		for _, s := range app.Sensitivities {
			level := string(s)
			item := fyne.NewMenuItem(sensitivityName(level), func() { v.setSensitivity(d.ID, level) })
			item.Checked = level == current
			levels = append(levels, item)
		}
		sens.ChildMenu = fyne.NewMenu("", levels...)
		items = append(items, sens, fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Move to trash", func() {
				v.run(func(ctx context.Context) error { return v.ui.folders.Trash(ctx, []string{d.ID}) }, nil)
			}))
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(r.menu)
	if c == nil {
		c = v.ui.win.Canvas()
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(r.menu).Add(fyne.NewPos(0, r.menu.Size().Height))
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), c, pos)
}

// setSensitivity stores a document's sensitivity through the library.
func (v *libraryView) setSensitivity(id, level string) {
	v.run(func(ctx context.Context) error { return v.ui.folders.SetSensitivity(ctx, id, level) }, nil)
}

// chooseFolderFor asks which folder to file ids in.
func (v *libraryView) chooseFolderFor(ids []string) {
	if len(ids) == 0 || v.ui.folders == nil {
		return
	}
	paths, idsByPath := folderChoices(v.folders)
	sel := widget.NewSelect(paths, nil)
	if len(ids) == 1 {
		if p := folderPath(v.folders, v.placements[ids[0]].FolderID); p != "" {
			sel.SetSelected(p)
		}
	}
	if sel.Selected == "" {
		sel.SetSelected(noFolder)
	}
	item := widget.NewFormItem("Folder", sel)
	d := dialog.NewForm("Move "+plural(len(ids), "document", "documents"), "Move", "Cancel", []*widget.FormItem{item}, func(ok bool) {
		if !ok {
			return
		}
		target := idsByPath[sel.Selected]
		clear(v.selected)
		v.run(func(ctx context.Context) error { return v.ui.folders.MoveDocuments(ctx, ids, target) }, nil)
	}, v.ui.win)
	d.Resize(fyne.NewSize(420, d.MinSize().Height))
	d.Show()
}

// noFolder is the choice that files a document in no folder.
const noFolder = "(no folder)"

// folderChoices lists every folder by its path, sorted, after noFolder.
func folderChoices(folders []app.Folder) ([]string, map[string]string) {
	ids := map[string]string{noFolder: ""}
	var paths []string
	for _, f := range folders {
		p := folderPath(folders, f.ID)
		ids[p] = f.ID
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) })
	return append([]string{noFolder}, paths...), ids
}

// folderPath is a folder's path from the top: "Finance › Reports".
func folderPath(folders []app.Folder, id string) string {
	byID := make(map[string]app.Folder, len(folders))
	for _, f := range folders {
		byID[f.ID] = f
	}
	var names []string
	for n := 0; id != "" && n < 64; n++ {
		f, ok := byID[id]
		if !ok {
			break
		}
		names = append([]string{f.Name}, names...)
		id = f.ParentID
	}
	return strings.Join(names, " › ")
}
