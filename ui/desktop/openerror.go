package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// OpenError fills w with why the library could not be opened — another
// Archivist holds it, its folder is read-only, its disk is full — and a Quit
// button. A window started from the desktop has no terminal to print to.
func OpenError(a fyne.App, w fyne.Window, message string) {
	msg := widget.NewLabel(message)
	msg.Wrapping = fyne.TextWrapWord
	title := widget.NewLabelWithStyle("The library could not be opened", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	quit := widget.NewButton("Quit", a.Quit)
	quit.Importance = widget.HighImportance
	w.SetContent(container.NewPadded(container.NewBorder(title, container.NewHBox(layout.NewSpacer(), quit), nil, nil, msg)))
	w.Resize(fyne.NewSize(560, 200))
}
