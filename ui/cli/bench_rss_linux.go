//go:build bench || ci

package cli

import (
	"os"
	"syscall"
)

// maxRSS returns the peak resident memory of an exited child, in bytes.
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10 // kB on Linux
	}
	return 0
}
