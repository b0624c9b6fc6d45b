package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tipLabel is a one-line label that, when its text is cut with an
// ellipsis, shows the whole of it in a tooltip under the pointer.
type tipLabel struct {
	widget.Label
	tips *tooltipLayer
}

// newTipLabel is a truncating label whose tooltips are drawn in tips (nil:
// none).
func newTipLabel(tips *tooltipLayer, text string, style fyne.TextStyle) *tipLabel {
	l := &tipLabel{tips: tips}
	l.Text, l.TextStyle = text, style
	l.Truncation = fyne.TextTruncateEllipsis
	l.ExtendBaseWidget(l)
	return l
}

// cut says whether the label shows less than its text.
func (l *tipLabel) cut() bool {
	size := theme.TextSize()
	if l.SizeName != "" {
		size = theme.Size(l.SizeName)
	}
	return fyne.MeasureText(l.Text, size, l.TextStyle).Width+2*theme.InnerPadding() > l.Size().Width+0.5
}

// MouseIn shows the whole text when it is cut.
func (l *tipLabel) MouseIn(*desktop.MouseEvent) {
	if l.tips != nil && l.cut() {
		l.tips.show(l.Text, l)
	}
}

// MouseMoved implements desktop.Hoverable.
func (l *tipLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tooltip.
func (l *tipLabel) MouseOut() {
	if l.tips != nil && l.tips.owner == l {
		l.tips.hide()
	}
}

// showForm shows a one-field form dialog at width with the keyboard in its
// field, where Enter confirms: typing straight after opening it is not
// lost.
func showForm(d *dialog.FormDialog, field *widget.Entry, width float32, win fyne.Window) {
	field.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(width, d.MinSize().Height))
	d.Show()
	win.Canvas().Focus(field)
}
