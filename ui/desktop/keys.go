package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// The window's keys (Ctrl on Linux and Windows, ⌘ on macOS):
//
//	Ctrl/⌘-K   the omnibox; Enter there asks, ↓ / ↑ pick a document match
//	Ctrl/⌘-J   show the answers drawer again (after Esc hid it)
//	Ctrl/⌘-E   the newest answer's first citation pill; Tab the next,
//	           Enter or Space opens it
//	Ctrl/⌘-I   import files
//	Ctrl/⌘-,   settings
//	Esc        close the notifications, the citation viewer, then the drawer
//	← / →      previous / next citation while the viewer is open
//	Delete     move the selected documents to the trash
//
// ←, →, Esc and Delete reach the window only when no text field has the
// keyboard; the page image handles ← and → itself while it has it.
func (u *UI) bindKeys() {
	c := u.win.Canvas()
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { u.omni.focus() })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyI, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { u.importFiles() })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyComma, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { u.ShowSettings() })
	c.SetOnTypedKey(u.typedKey)
	u.keyMenu()
}

// keyMenu also puts Ctrl/⌘-I and Ctrl/⌘-, on File menu items: a menu
// item's key works while a text field has the keyboard, whereas the field
// swallows a canvas shortcut it does not know (the omnibox usually has the
// keyboard). An existing File menu gets the keys on its items; otherwise
// one is made.
func (u *UI) keyMenu() {
	mm := u.win.MainMenu()
	if mm == nil || len(mm.Items) == 0 {
		mm = fyne.NewMainMenu(fyne.NewMenu("File"))
	}
	file := mm.Items[0]
	var imp *fyne.MenuItem
	for _, it := range file.Items {
		if it.Label == "Import…" {
			imp = it
		}
	}
	if imp == nil {
		imp = fyne.NewMenuItem("Import…", u.importFiles)
		file.Items = append([]*fyne.MenuItem{imp}, file.Items...)
	}
	imp.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyI, Modifier: fyne.KeyModifierShortcutDefault}
	settings := fyne.NewMenuItem("Settings…", u.ShowSettings)
	settings.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyComma, Modifier: fyne.KeyModifierShortcutDefault}
	if len(file.Items) > 0 {
		file.Items = append(file.Items, fyne.NewMenuItemSeparator())
	}
	file.Items = append(file.Items, settings)
	// The View menu's keys work from any field, the library filter too:
	// a menu item's key is tried before the focused field sees it.
	ctrl := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
	}
	ask := fyne.NewMenuItem("Ask a question", u.omni.focus)
	ask.Shortcut = ctrl(fyne.KeyK)
	answers := fyne.NewMenuItem("Show answers", func() { u.showDrawer(true) })
	answers.Shortcut = ctrl(fyne.KeyJ)
	cites := fyne.NewMenuItem("Go to the answer's citations", u.focusCitations)
	cites.Shortcut = ctrl(fyne.KeyE)
	view := fyne.NewMenu("View", ask, answers, cites)
	items := append([]*fyne.Menu{file, view}, mm.Items[1:]...)
	mm.Items = items
	u.win.SetMainMenu(mm)
}

// typedKey handles keys no focused widget took.
func (u *UI) typedKey(ev *fyne.KeyEvent) {
	cv := u.drawer.citation
	switch ev.Name {
	case fyne.KeyEscape:
		u.escape()
	case fyne.KeyLeft:
		if cv.content.Visible() {
			cv.stepAndFocus(-1)
		}
	case fyne.KeyRight:
		if cv.content.Visible() {
			cv.stepAndFocus(+1)
		}
	case fyne.KeyDelete:
		if u.onDelete != nil {
			u.onDelete()
		}
	}
}

// escape closes the innermost open thing: the notifications popup, the
// import picker, the citation viewer, else the drawer.
func (u *UI) escape() {
	u.tips.hide()
	if u.notices.popup.Visible() {
		u.notices.close()
		return
	}
	if k := u.imports.picker; k != nil && k.open {
		k.close()
		return
	}
	if u.drawer.citation.content.Visible() {
		u.drawer.citation.hide()
		return
	}
	u.showDrawer(false)
}

// showDrawer shows or hides the research drawer; asking a question shows
// it again.
func (u *UI) showDrawer(on bool) {
	if on == u.drawer.content.Visible() {
		return
	}
	if on {
		u.drawer.content.Show()
		u.showAnswers.Hide()
	} else {
		u.drawer.content.Hide()
		u.showAnswers.Show()
	}
	u.topButtons.Refresh()
	u.split.Refresh()
}

// focusCitations shows the drawer and gives the keyboard to the first
// citation pill of the newest answer; Tab then walks the pills and Enter
// opens the one it is on.
func (u *UI) focusCitations() {
	u.showDrawer(true)
	for i := len(u.drawer.turns) - 1; i >= 0; i-- {
		if ps := findPills(u.drawer.turns[i].text); len(ps) > 0 {
			u.win.Canvas().Focus(ps[0])
			return
		}
	}
}

// findPills is the pills t shows, in reading order.
func findPills(t *flowText) []*pill {
	var out []*pill
	for _, s := range t.Segments {
		if o, ok := t.visuals[s]; ok {
			if c, ok := o.(*fyne.Container); ok && len(c.Objects) == 1 {
				if p, ok := c.Objects[0].(*pill); ok {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// importFiles is Ctrl/⌘-I and Import…: the import picker, or what a test
// puts in its place.
func (u *UI) importFiles() {
	if u.onImport != nil {
		u.onImport()
		return
	}
	u.imports.openImportPicker()
}
