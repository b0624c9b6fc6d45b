// Package assets holds what the binary carries with it: the icon and a small
// demo library written by the team.
package assets

import "embed"

// Icon is the application icon (SVG).
//
//go:embed icon.svg
var Icon []byte

// Demo holds the demo library's documents under demo/.
//
//go:embed demo/*.md demo/*.txt
var Demo embed.FS
