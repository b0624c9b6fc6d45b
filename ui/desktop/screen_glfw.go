//go:build !ci && !wasm && !js && !android && !ios && !mobile

package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// fitToScreen shrinks the window to the screen it opens on once the app
// runs: at 1280×800 on a 1024×768 screen its right side and its bottom bar
// were cut off. The toolkit says nothing of the screen, so its windowing
// library is asked, on the main thread where that library must be called;
// the window exists then, and its canvas knows its scale. Other drivers
// (the headless one) have no screen and keep the design size.
func (u *UI) fitToScreen() {
	if _, ok := u.fapp.Driver().(desktop.Driver); !ok {
		return
	}
	u.fapp.Lifecycle().SetOnStarted(func() {
		m := glfw.GetPrimaryMonitor()
		if m == nil {
			return
		}
		_, _, w, h := m.GetWorkarea()
		scale := u.win.Canvas().Scale()
		u.screen = fitScreen(fyne.NewSize(1e6, 1e6), fyne.NewSize(float32(w), float32(h)), scale)
		size := fitScreen(defaultWindowSize, fyne.NewSize(float32(w), float32(h)), scale)
		if size != defaultWindowSize {
			u.win.Resize(size)
			u.split.SetOffset(u.splitFor(size.Width))
		}
	})
}
