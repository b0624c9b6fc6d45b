package store

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
)

// A library holds the whole archive's text and every stored question and
// answer: only its owner may read it. Its files are created 0600 and its
// folders 0700; files and folders of Archivist's own that an older version
// or a person loosened are tightened when the library opens, with a log
// line; the library folder itself — which may be a folder of the person's
// choosing — is only reported when others can read it.
const (
	privateFile = 0o600
	privateDir  = 0o700
)

// Log receives the lines Open writes about a library's permissions; the
// default logger unless set.
var Log = slog.Default

// secureLibrary creates the database file 0600 when it does not exist yet
// (SQLite gives its -wal and -shm files the database file's mode) and
// tightens the library's own files and folders that others can read.
func secureLibrary(dir string) error {
	if err := createPrivate(filepath.Join(dir, DatabaseFile)); err != nil {
		return err
	}
	if runtime.GOOS == "windows" {
		return nil // access is the folder's ACL there, not mode bits
	}
	for _, db := range []string{DatabaseFile, AnswersFile} {
		for _, name := range []string{db, db + "-wal", db + "-shm"} {
			tighten(filepath.Join(dir, name), privateFile)
		}
	}
	tighten(filepath.Join(dir, LockFile), privateFile)
	tighten(filepath.Join(dir, blobDir), privateDir)
	return nil
}

// createPrivate creates the file at path 0600 when it does not exist yet;
// SQLite gives a database's -wal and -shm files the database file's mode.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, privateFile)
	switch {
	case err == nil:
		return f.Close()
	case errors.Is(err, fs.ErrExist):
		return nil
	}
	return err
}

// folderModeKey is the setting that remembers the library folder's mode
// last reported, so that it is reported once, not at every start.
const folderModeKey = "library.folder_mode_reported"

// reportOpenFolder says once (per mode) that the library folder can be
// read by others: its files cannot, but their names and count can.
func (db *DB) reportOpenFolder(ctx context.Context) {
	info, err := os.Stat(db.Dir)
	if err != nil || runtime.GOOS == "windows" || info.Mode().Perm()&0o077 == 0 {
		return
	}
	mode := info.Mode().Perm().String()
	if seen, err := db.Setting(ctx, folderModeKey); err != nil || seen == mode {
		return
	}
	Log().Warn("the library folder can be read by other users of this computer; its files cannot",
		"folder", db.Dir, "mode", mode)
	_ = db.SetSetting(ctx, folderModeKey, mode)
}

// tighten takes group and other permissions off path when it has any.
func tighten(path string, mode fs.FileMode) {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeSymlink != 0 || info.Mode().Perm()&0o077 == 0 {
		return
	}
	if err := os.Chmod(path, mode); err != nil {
		Log().Warn("could not make a library file private", "file", path, "error", err)
		return
	}
	Log().Info("made a library file private: other users could read it", "file", path,
		"was", info.Mode().Perm().String(), "now", mode.String())
}
