//go:build unix

package check_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time this process has used, user and system:
// on a shared machine it measures the work where wall time measures the
// neighbours too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
