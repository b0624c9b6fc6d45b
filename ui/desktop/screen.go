package desktop

import "fyne.io/fyne/v2"

// windowFrame is what a window manager adds around a window's content (a
// title bar, borders), in screen pixels: the content must leave room for it
// or the window's bottom falls under the task bar.
var windowFrame = fyne.NewSize(16, 48)

// fitScreen is the size the main window opens at on a screen whose free
// area (without task bars) is screen pixels, at scale pixels per unit: the
// design size where it fits, else as much as the screen holds with room for
// the window's frame. A screen it cannot measure (zero) leaves want as is.
func fitScreen(want, screen fyne.Size, scale float32) fyne.Size {
	if screen.Width <= 0 || screen.Height <= 0 || scale <= 0 {
		return want
	}
	free := fyne.NewSize((screen.Width-windowFrame.Width)/scale, (screen.Height-windowFrame.Height)/scale)
	return want.Min(free)
}

// fit is want held to the screen the main window opened on, for the
// windows opened later (settings, dates, a draft's report): on a 1024×768
// screen the settings window's buttons fell below its bottom edge.
func (u *UI) fit(want fyne.Size) fyne.Size {
	if u.screen.Width <= 0 || u.screen.Height <= 0 {
		return want
	}
	return want.Min(u.screen)
}
