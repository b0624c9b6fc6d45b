package desktop

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// watchPanel is the sidebar's list of watched folders, under the folder
// tree: each folder's state (watching, scanning N of M, offline, paused,
// polled) and what its last sync did, with Scan now, Pause/Resume and
// Remove; "Watch a folder…" adds one. Problems a sync met (an unreadable
// folder, a file that failed) stay listed until dismissed. Hidden until
// setWatcher gives it a watcher.
type watchPanel struct {
	ui *UI
	w  app.Watcher

	mu         sync.Mutex
	refreshing bool
	again      bool

	heading  *widget.Label
	add      *widget.Button
	folders  *fyne.Container // one row per watched folder
	problems *fyne.Container // one row per listed problem
	content  *fyne.Container
}

func newWatchPanel(u *UI) *watchPanel {
	p := &watchPanel{ui: u}
	p.heading = widget.NewLabelWithStyle("Watched folders", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.add = widget.NewButtonWithIcon("", theme.ContentAddIcon(), p.chooseFolder)
	p.folders = container.NewVBox()
	p.problems = container.NewVBox()
	p.content = container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, p.heading, p.add), p.folders, p.problems)
	p.content.Hide()
	return p
}

// setWatcher shows the watched folders kept by w. Call WatchChanged
// whenever a folder's state changes.
func (u *UI) setWatcher(w app.Watcher) {
	u.watch.w = w
	u.do(func() { u.watch.content.Show() })
	u.WatchChanged()
}

// WatchChanged reloads the watched folders' states; safe from any
// goroutine, and coalesced, so a sync's progress does not queue a reload
// per file.
func (u *UI) WatchChanged() {
	p := u.watch
	if p.w == nil {
		return
	}
	p.mu.Lock()
	if p.refreshing {
		p.again = true
		p.mu.Unlock()
		return
	}
	p.refreshing = true
	p.mu.Unlock()
	go func() {
		for {
			folders, ferr := p.w.Watched(u.ctx)
			problems, perr := p.w.WatchProblems(u.ctx)
			done := make(chan struct{})
			u.do(func() {
				defer close(done)
				if ferr == nil {
					p.showFolders(folders)
					if v := u.settingsView; v != nil && v.watch != nil {
						v.watch.show(folders)
					}
				}
				if perr == nil {
					p.showProblems(problems)
				}
			})
			select {
			case <-done:
			case <-u.ctx.Done():
			}
			// A state shown for a moment is enough: at most five reloads
			// a second.
			time.Sleep(200 * time.Millisecond)
			p.mu.Lock()
			if !p.again || u.ctx.Err() != nil {
				p.refreshing = false
				p.mu.Unlock()
				return
			}
			p.again = false
			p.mu.Unlock()
		}
	}()
}

// stateText says what a watched folder is doing, in a few words.
func stateText(f app.WatchedFolder) string {
	switch f.State {
	case "scanning":
		if f.Total > 0 {
			return fmt.Sprintf("scanning %d of %d", f.Done, f.Total)
		}
		return "scanning…"
	case "offline":
		return "offline — " + f.Message
	case "paused":
		return "paused"
	case "polling":
		return "checked every so often — " + f.Message
	}
	return "watching · " + plural(f.Documents, "document", "documents")
}

// lastText says when a folder was last synced and what that did.
func lastText(f app.WatchedFolder) string {
	if f.LastSync.IsZero() {
		return "not synced yet"
	}
	return "last sync " + f.LastSync.Local().Format("Jan 2 15:04") + ": " + f.LastResult
}

func (p *watchPanel) showFolders(folders []app.WatchedFolder) {
	p.folders.RemoveAll()
	if len(folders) == 0 {
		hint := widget.NewLabel("None yet: add a folder, and its files import and stay up to date by themselves.")
		hint.Wrapping = fyne.TextWrapWord
		hint.Importance = widget.LowImportance
		p.folders.Add(hint)
	}
	for _, f := range folders {
		p.folders.Add(p.folderRow(f))
	}
	p.folders.Refresh()
}

func (p *watchPanel) folderRow(f app.WatchedFolder) fyne.CanvasObject {
	name := widget.NewLabelWithStyle(f.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	// The sidebar is narrow: the state and the last sync wrap under the
	// name rather than being cut.
	state := widget.NewLabel(stateText(f))
	state.Wrapping = fyne.TextWrapWord
	if f.State == "offline" {
		state.Importance = widget.WarningImportance
	}
	last := widget.NewLabel(lastText(f))
	last.Wrapping = fyne.TextWrapWord
	last.Importance = widget.LowImportance
	last.SizeName = theme.SizeNameCaptionText
	tools := p.tools(f, p.ui.win)
	return container.NewVBox(container.NewBorder(nil, nil, nil, tools, name), state, last)
}

// tools are a folder's Scan now, Pause/Resume and Remove buttons, for the
// sidebar and the settings window alike; win holds their dialogs.
func (p *watchPanel) tools(f app.WatchedFolder, win fyne.Window) *fyne.Container {
	scan := widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() { p.w.ScanWatch(f.ID) })
	pauseIcon := theme.MediaPauseIcon()
	if f.State == "paused" {
		pauseIcon = theme.MediaPlayIcon()
		scan.Disable()
	}
	pause := widget.NewButtonWithIcon("", pauseIcon, func() {
		p.runIn(win, func() error { return p.w.PauseWatch(p.ui.ctx, f.ID, f.State != "paused") })
	})
	remove := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() {
		dialog.ShowConfirm("Stop watching "+f.Name+"?",
			"Its documents stay in the library; changes to "+f.Path+" are no longer followed.",
			func(ok bool) {
				if ok {
					p.runIn(win, func() error { return p.w.Unwatch(p.ui.ctx, f.ID) })
				}
			}, win)
	})
	scan.Importance, pause.Importance, remove.Importance = widget.LowImportance, widget.LowImportance, widget.LowImportance
	return container.NewHBox(scan, pause, remove)
}

func (p *watchPanel) showProblems(problems []app.WatchProblem) {
	p.problems.RemoveAll()
	for _, pr := range problems {
		where := pr.Folder
		if pr.Path != "" {
			where += "/" + pr.Path
		}
		msg := widget.NewLabel(where + ": " + pr.Message)
		msg.Wrapping = fyne.TextWrapWord
		msg.Importance = widget.DangerImportance
		dismiss := widget.NewButtonWithIcon("", theme.CancelIcon(), func() {
			p.run(func() error { return p.w.DismissWatchProblem(p.ui.ctx, pr.FolderID, pr.Path) })
		})
		dismiss.Importance = widget.LowImportance
		p.problems.Add(container.NewBorder(nil, nil, nil, dismiss, msg))
	}
	p.problems.Refresh()
}

// chooseFolder asks for a folder to watch.
func (p *watchPanel) chooseFolder() { p.chooseFolderIn(p.ui.win) }

// chooseFolderIn asks for a folder to watch in a dialog over win.
func (p *watchPanel) chooseFolderIn(win fyne.Window) {
	d := dialog.NewFolderOpen(func(uri fyne.ListableURI, err error) {
		if err != nil || uri == nil {
			return
		}
		p.addFolderIn(win, uri.Path())
	}, win)
	d.Show()
}

// addFolder watches path.
func (p *watchPanel) addFolder(path string) { p.addFolderIn(p.ui.win, path) }

func (p *watchPanel) addFolderIn(win fyne.Window, path string) {
	p.runIn(win, func() error { return p.w.Watch(p.ui.ctx, path) })
}

// run does a watcher action off the UI goroutine, shows its error, and
// reloads the panel.
func (p *watchPanel) run(f func() error) { p.runIn(p.ui.win, f) }

// runIn is run with its error shown over win.
func (p *watchPanel) runIn(win fyne.Window, f func() error) {
	go func() {
		err := f()
		if err != nil {
			p.ui.do(func() {
				dialog.ShowError(fmt.Errorf("%s", strings.TrimSpace(app.ErrorMessage(err))), win)
			})
		}
		p.ui.WatchChanged()
	}()
}
