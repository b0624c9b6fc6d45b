//go:build unix

package pdf

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuTime is the CPU time (user plus system) used so far by this process,
// its reaped children and e's live worker processes.
func cpuTime(e *Engine) time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	if e != nil && e.procs != nil {
		for _, pid := range e.procs.pids() {
			total += procCPU(pid)
		}
	}
	return total
}

// procCPU reads a live process's CPU time from /proc (Linux; 0 elsewhere).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	// Fields after the command: state is 0, utime 11, stime 12, in clock
	// ticks of 1/100 s on Linux.
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond
}
