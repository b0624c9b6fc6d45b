package desktop

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// folderTree is the folder pane left of the document list: All documents,
// the folder tree, Not in a folder and Trash, with buttons to make, rename
// and delete folders and to ask about the chosen folder.
type folderTree struct {
	v        *libraryView
	folders  []app.Folder
	byID     map[string]app.Folder
	children map[string][]string // tree node ID → child node IDs
	trashed  int

	tree      *widget.Tree
	newFolder *widget.Button
	rename    *widget.Button
	remove    *widget.Button
	askFolder *widget.Button
	content   fyne.CanvasObject
}

// Tree node IDs: the fixed entries, and "f:" + a folder ID.
const folderNodePrefix = "f:"

func newFolderTree(v *libraryView) *folderTree {
	t := &folderTree{v: v, byID: map[string]app.Folder{}, children: map[string][]string{}}
	t.tree = widget.NewTree(t.childUIDs, t.isBranch, t.createNode, t.updateNode)
	t.tree.OnSelected = func(uid widget.TreeNodeID) { t.selected(uid) }
	t.newFolder = widget.NewButtonWithIcon("", theme.FolderNewIcon(), t.askNewFolder)
	t.rename = widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), t.askRename)
	t.remove = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), t.confirmDelete)
	t.askFolder = widget.NewButtonWithIcon("Ask this folder", theme.SearchIcon(), t.askThisFolder)
	heading := widget.NewLabelWithStyle("Folders", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	tools := container.NewHBox(t.newFolder, t.rename, t.remove)
	t.content = container.NewBorder(container.NewBorder(nil, nil, heading, tools),
		container.NewVBox(t.askFolder, v.ui.watch.content), nil, nil, t.tree)
	t.setFolders(nil, 0)
	t.tree.Select(viewAll)
	return t
}

// setFolders rebuilds the tree from the library's folders.
func (t *folderTree) setFolders(folders []app.Folder, trashed int) {
	t.folders, t.trashed = folders, trashed
	clear(t.byID)
	clear(t.children)
	for _, f := range folders {
		t.byID[f.ID] = f
	}
	top := []string{viewAll}
	for _, f := range folders {
		parent := ""
		if _, ok := t.byID[f.ParentID]; ok {
			parent = folderNodePrefix + f.ParentID
		}
		if parent == "" {
			top = append(top, folderNodePrefix+f.ID)
		} else {
			t.children[parent] = append(t.children[parent], folderNodePrefix+f.ID)
		}
	}
	t.children[""] = append(top, viewUnfiled, viewTrash)
	// The shown folder went away (deleted elsewhere): show everything.
	switch t.v.view {
	case viewAll, viewUnfiled, viewTrash:
	default:
		if _, ok := t.byID[t.v.view]; !ok {
			t.tree.Select(viewAll)
		}
	}
	t.tree.Refresh()
	t.updateButtons()
}

func (t *folderTree) childUIDs(uid widget.TreeNodeID) []widget.TreeNodeID { return t.children[uid] }

func (t *folderTree) isBranch(uid widget.TreeNodeID) bool {
	return uid == "" || len(t.children[uid]) > 0
}

func (t *folderTree) createNode(bool) fyne.CanvasObject {
	l := widget.NewLabel("")
	l.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(nil, nil, widget.NewIcon(theme.FolderIcon()), nil, l)
}

func (t *folderTree) updateNode(uid widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
	c := o.(*fyne.Container)
	var label *widget.Label
	var icon *widget.Icon
	for _, obj := range c.Objects {
		switch x := obj.(type) {
		case *widget.Label:
			label = x
		case *widget.Icon:
			icon = x
		}
	}
	text, res := t.nodeText(uid)
	label.SetText(text)
	icon.SetResource(res)
}

// nodeText is a node's label and icon.
func (t *folderTree) nodeText(uid string) (string, fyne.Resource) {
	switch uid {
	case viewAll:
		return "All documents", theme.HomeIcon()
	case viewUnfiled:
		return "Not in a folder", theme.FileIcon()
	case viewTrash:
		if t.trashed > 0 {
			return "Trash (" + strconv.Itoa(t.trashed) + ")", theme.DeleteIcon()
		}
		return "Trash", theme.DeleteIcon()
	}
	f := t.byID[strings.TrimPrefix(uid, folderNodePrefix)]
	if f.Documents > 0 {
		return f.Name + " (" + strconv.Itoa(f.Documents) + ")", theme.FolderIcon()
	}
	return f.Name, theme.FolderIcon()
}

func (t *folderTree) selected(uid string) {
	view := uid
	if id, ok := strings.CutPrefix(uid, folderNodePrefix); ok {
		view = id
	}
	t.v.setView(view)
	t.updateButtons()
}

// folderID is the folder shown, or "".
func (t *folderTree) folderID() string {
	if _, ok := t.byID[t.v.view]; ok {
		return t.v.view
	}
	return ""
}

func (t *folderTree) updateButtons() {
	in := t.folderID() != ""
	enable(t.rename, in)
	enable(t.remove, in)
	enable(t.askFolder, in)
	enable(t.newFolder, t.v.view != viewTrash)
}

// askNewFolder makes a folder inside the one shown (or at the top).
func (t *folderTree) askNewFolder() {
	parent := t.folderID()
	where := "at the top level"
	if parent != "" {
		where = "in " + folderPath(t.folders, parent)
	}
	t.askName("New folder", "Create", "New folder "+where, "", func(ctx context.Context, name string) error {
		_, err := t.v.ui.folders.CreateFolder(ctx, parent, name)
		return err
	})
}

func (t *folderTree) askRename() {
	id := t.folderID()
	if id == "" {
		return
	}
	t.askName("Rename folder", "Rename", "", t.byID[id].Name, func(ctx context.Context, name string) error {
		return t.v.ui.folders.RenameFolder(ctx, id, name)
	})
}

// askName shows a name dialog; the name is checked as typed, and what the
// store refuses (a name used beside it) is shown in a dialog.
func (t *folderTree) askName(title, confirm, hint, initial string, save func(ctx context.Context, name string) error) {
	entry := widget.NewEntry()
	entry.SetText(initial)
	entry.Validator = func(s string) error {
		_, err := app.CleanFolderName(s)
		if err != nil {
			return errors.New(app.ErrorMessage(err))
		}
		return nil
	}
	item := widget.NewFormItem("Name", entry)
	item.HintText = hint
	d := dialog.NewForm(title, confirm, "Cancel", []*widget.FormItem{item}, func(ok bool) {
		if ok {
			name := entry.Text
			t.v.run(func(ctx context.Context) error { return save(ctx, name) }, nil)
		}
	}, t.v.ui.win)
	entry.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(400, d.MinSize().Height))
	d.Show()
	t.v.ui.win.Canvas().Focus(entry)
}

// confirmDelete removes the shown folder; what it holds moves up.
func (t *folderTree) confirmDelete() {
	id := t.folderID()
	if id == "" {
		return
	}
	f := t.byID[id]
	dialog.ShowConfirm("Delete folder “"+f.Name+"”?",
		"Its documents and folders move up one level; no document is deleted.", func(ok bool) {
			if ok {
				t.v.run(func(ctx context.Context) error { return t.v.ui.folders.DeleteFolder(ctx, id) },
					func() { t.tree.Select(viewAll) })
			}
		}, t.v.ui.win)
}

// askThisFolder scopes the drawer to the folder shown and the folders
// below it.
func (t *folderTree) askThisFolder() {
	id := t.folderID()
	if id == "" {
		return
	}
	t.v.ui.drawer.setScope(app.Scope{FolderID: id, Label: "Folder “" + t.byID[id].Name + "”"})
	t.v.ui.omni.focus()
}
