package ui

import (
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// omniboxPlaceholder names the shortcut so people find it.
const omniboxPlaceholder = "Ask about your documents… (Ctrl+K)"

// omnibox is the question entry in the top bar and its Ask button. Enter
// asks too.
type omnibox struct {
	ui        *UI
	entry     *widget.Entry
	askButton *widget.Button
}

func newOmnibox(u *UI) *omnibox {
	o := &omnibox{ui: u}
	o.entry = widget.NewEntry()
	o.entry.SetPlaceHolder(omniboxPlaceholder)
	o.entry.OnSubmitted = func(text string) { u.ask(text) }
	o.askButton = widget.NewButtonWithIcon("Ask", theme.SearchIcon(), func() { u.ask(o.entry.Text) })
	o.askButton.Importance = widget.HighImportance
	return o
}

// focus moves keyboard focus to the entry (Ctrl+K, "Ask selection").
func (o *omnibox) focus() {
	if c := o.ui.win.Canvas(); c != nil {
		c.Focus(o.entry)
	}
}

// setBusy disables Ask while a question is in flight (the drawer shows the
// activity). The entry stays editable so the next question can be typed.
func (o *omnibox) setBusy(busy bool) {
	if busy {
		o.askButton.Disable()
	} else {
		o.askButton.Enable()
	}
}
