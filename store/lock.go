package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"archivist/app"
)

// LockFile is the file in the library folder that an open library holds an
// exclusive lock on, for as long as the process keeps it open. A second
// Archivist on the same folder is refused instead of writing beside the
// first: SQLite would keep the database itself consistent, but two import
// queues would resume the same jobs and race over the blob folder.
const LockFile = "library.lock"

// libraryLock is a held lock on a library folder.
type libraryLock struct {
	f *os.File
}

// lockLibrary takes the library's lock without waiting. The lock belongs
// to the open file, so the operating system drops it when the process
// ends, however it ends: a crash never leaves a library locked. The file
// is opened close-on-exec, so PDF worker processes do not inherit it.
func lockLibrary(dir string) (*libraryLock, error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, folderError(dir, "lock the library", err)
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("store: lock %s: %w", path, err)
	}
	if !held {
		owner := readOwner(f)
		f.Close()
		if owner != "" {
			owner = " (process " + owner + ")"
		}
		return nil, app.Errorf(app.EConflict,
			"The library %s is already open in another Archivist%s. Close that window or command first, or choose another library folder.",
			dir, owner)
	}
	// Record who holds it, for the message a second instance shows.
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &libraryLock{f: f}, nil
}

// release drops the lock. The file stays: removing it would let a third
// process lock a new file while a second still waits on the old one.
func (l *libraryLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	unlock(l.f)
	err := l.f.Close()
	l.f = nil
	return err
}

func readOwner(f *os.File) string {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid := strings.TrimSpace(string(b[:n]))
	if _, err := strconv.Atoi(pid); err != nil {
		return ""
	}
	return pid
}

// folderError words a failure to write in the library folder for a
// person: a read-only folder or a full disk says so and names the folder.
func folderError(dir, op string, err error) error {
	switch {
	case isReadOnly(err):
		return app.Errorf(app.EInvalid,
			"The library folder %s is read-only: Archivist needs to write there. Make it writable, or choose another library folder.", dir)
	case isDiskFull(err):
		return app.Errorf(app.EInvalid, "The disk holding the library %s is full. Free some space and try again.", dir)
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// SQLite's primary result codes for a full disk and a read-only database.
const (
	sqliteReadOnly = 8
	sqliteFull     = 13
)

// sqliteCode returns the primary SQLite result code in err's chain, or 0.
func sqliteCode(err error) int {
	var e interface{ Code() int }
	if errors.As(err, &e) {
		return e.Code() & 0xff
	}
	return 0
}

// isDiskFull reports whether err is the file system running out of space
// (or of the user's quota), as the OS or SQLite reports it.
func isDiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || sqliteCode(err) == sqliteFull
}

// SQLite's primary result codes for a file that is no database, or one
// whose pages do not hold together.
const (
	sqliteCorrupt = 11
	sqliteNotADB  = 26
)

// isNotDatabase reports whether err is SQLite finding a file that is not
// a database, or a damaged one.
func isNotDatabase(err error) bool {
	c := sqliteCode(err)
	return c == sqliteNotADB || c == sqliteCorrupt
}

// isReadOnly reports whether err is a write refused by a read-only folder
// or file system.
func isReadOnly(err error) bool {
	return errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission) || sqliteCode(err) == sqliteReadOnly
}

// WriteError words a failed library write for a person when the cause is
// a full disk or a read-only folder, and returns err unchanged otherwise.
func (db *DB) WriteError(err error) error {
	if err == nil || !(isDiskFull(err) || isReadOnly(err)) {
		return err
	}
	return folderError(db.Dir, "write", err)
}
