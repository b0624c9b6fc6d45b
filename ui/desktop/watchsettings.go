package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// watchSettings is the settings window's "Watched folders" section: the
// sidebar's list at full width, each folder with its state, its Scan now,
// Pause/Resume and Remove (the sidebar's own buttons, from
// watchPanel.tools) and the two options archivist watch set changes —
// whether the folder's structure maps onto Watched/<name>/… and whether a
// document whose file was deleted goes to the trash. It is reloaded with
// the sidebar by WatchChanged; nil when no watcher is connected.
type watchSettings struct {
	p       *watchPanel
	win     fyne.Window
	add     *widget.Button
	folders *fyne.Container
	content *fyne.Container
}

func newWatchSettings(u *UI, win fyne.Window) *watchSettings {
	if u.watch.w == nil {
		return nil
	}
	s := &watchSettings{p: u.watch, win: win, folders: container.NewVBox()}
	s.add = widget.NewButtonWithIcon("Watch a folder…", theme.ContentAddIcon(), func() { s.p.chooseFolderIn(win) })
	help := widget.NewLabel("Files in these folders and their sub-folders import by themselves and stay up to date. Changes here take effect at once, without Save.")
	help.Wrapping = fyne.TextWrapWord
	help.SizeName = theme.SizeNameCaptionText
	s.content = container.NewVBox(help, s.folders, container.NewHBox(s.add))
	u.WatchChanged() // fills the list
	return s
}

// show lists folders; called on the UI goroutine.
func (s *watchSettings) show(folders []app.WatchedFolder) {
	s.folders.RemoveAll()
	if len(folders) == 0 {
		none := widget.NewLabel("No folder is watched.")
		none.Importance = widget.LowImportance
		s.folders.Add(none)
	}
	for i, f := range folders {
		if i > 0 {
			s.folders.Add(widget.NewSeparator())
		}
		s.folders.Add(s.row(f))
	}
	s.folders.Refresh()
}

func (s *watchSettings) row(f app.WatchedFolder) fyne.CanvasObject {
	name := widget.NewLabelWithStyle(f.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	path := widget.NewLabel(f.Path)
	path.Truncation = fyne.TextTruncateEllipsis
	path.SizeName = theme.SizeNameCaptionText
	state := widget.NewLabel(stateText(f) + " · " + lastText(f))
	state.Wrapping = fyne.TextWrapWord
	if f.State == "offline" {
		state.Importance = widget.WarningImportance
	}
	// The checks are built checked as stored, and only then listen: a
	// reload never writes the options back.
	mapFolders := widget.NewCheck("File documents under Watched/"+f.Name+"/… following its sub-folders", nil)
	mapFolders.SetChecked(f.MapFolders)
	trash := widget.NewCheck("Move a document to the trash when its file is deleted", nil)
	trash.SetChecked(f.TrashRemoved)
	set := func(bool) {
		m, t := mapFolders.Checked, trash.Checked
		s.p.runIn(s.win, func() error { return s.p.w.SetWatchOptions(s.p.ui.ctx, f.ID, m, t) })
	}
	mapFolders.OnChanged, trash.OnChanged = set, set
	head := container.NewBorder(nil, nil, nil, s.p.tools(f, s.win), container.NewVBox(name, path))
	return container.NewVBox(head, state, mapFolders, trash)
}
