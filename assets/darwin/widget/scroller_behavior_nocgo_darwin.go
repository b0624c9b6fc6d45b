//go:build darwin && !cgo

package widget

// isScrollerPageOnTap asks macOS (through cgo) whether a click in a scroll
// bar's track pages or jumps. Fyne v2.7.1 defines it for darwin only in a
// cgo file, so a build without cgo (the CLI checked from Linux) does not
// compile; without cgo there is no window either, and the answer is the
// other platforms' default. `make darwin` adds this file to Fyne's package
// with `go build -overlay`; the macOS desktop build (cgo, on a Mac) does
// not use it.
func isScrollerPageOnTap() bool { return false }
