//go:build unix

package desktop

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time used so far by this process and its finished
// children (the PDFium worker, pdftoppm): on a shared machine it says more
// than wall time.
func cpuTime() time.Duration {
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(kids.Utime) + tv(kids.Stime)
}
