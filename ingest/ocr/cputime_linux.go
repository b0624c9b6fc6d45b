package ocr

import (
	"os"
	"strconv"
	"strings"
	"time"
)

const cpuTimeKnown = true

// clockTick is the unit of /proc/PID/stat's times: USER_HZ, 100 on every
// Linux the toolkit runs on.
const clockTick = 10 * time.Millisecond

// cpuTime reads a process's user and system time from /proc.
func cpuTime(pid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name (field 2) may hold spaces: fields count from the
	// last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * clockTick, true
}
