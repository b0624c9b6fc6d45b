//go:build windows

package store

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// Windows locks are mandatory: while one handle holds a byte range, other
// handles can neither read nor write it. So the lock covers one byte far
// past the end of the file (at 1 TiB, which LockFileEx allows) rather than
// the start, where the holder writes its process number for a second
// instance to read and name in its message. Windows drops the lock when
// the handle closes, and closes every handle of a process that ends, so a
// crashed Archivist leaves no library locked.
const (
	lockOffsetLow  = 0
	lockOffsetHigh = 1 << 8 // 1 TiB = 2^40
)

// tryLock takes an exclusive lock on f's lock byte without waiting; held
// is false when another handle holds it.
func tryLock(f *os.File) (held bool, err error) {
	ol := &windows.Overlapped{Offset: lockOffsetLow, OffsetHigh: lockOffsetHigh}
	err = windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) {
	ol := &windows.Overlapped{Offset: lockOffsetLow, OffsetHigh: lockOffsetHigh}
	windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, ol)
}
