//go:build darwin && !cgo && !ios && !wasm && !test_web_driver && !mobile

package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/theme"
)

// DefaultVariant asks macOS (through cgo) whether dark mode is on; Fyne
// v2.7.1 has no version without cgo. Without cgo there is no window, so
// the light theme is as good as any. (See ../widget/scroller_behavior_nocgo_darwin.go.)
func DefaultVariant() fyne.ThemeVariant { return theme.VariantLight }
