//go:build unix

package cli

import (
	"syscall"
	"time"
)

// processCPU is the processor time this process has used, user and system;
// 0 when the platform cannot say.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
