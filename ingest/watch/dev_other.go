//go:build !unix

package watch

import "io/fs"

// deviceOf returns 0: this system does not say which file system holds a
// file, so only an absent folder counts as offline.
func deviceOf(fs.FileInfo) uint64 { return 0 }
