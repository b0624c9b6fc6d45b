//go:build ci || wasm || js || android || ios || mobile

package desktop

// fitToScreen does nothing where there is no screen to measure (the
// headless driver) or the system sizes the window itself (mobile, web).
func (u *UI) fitToScreen() {}
