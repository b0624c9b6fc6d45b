//go:build unix

package watch

import (
	"io/fs"
	"syscall"
)

// deviceOf returns the number of the file system holding a file, or 0.
func deviceOf(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev)
	}
	return 0
}
