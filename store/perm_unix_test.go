//go:build unix

package store_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/store"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode().Perm()
}

// captureLog sends the store's log lines to a buffer for the test.
func captureLog(t *testing.T) *bytes.Buffer {
	var buf bytes.Buffer
	old := store.Log
	store.Log = func() *slog.Logger { return slog.New(slog.NewTextHandler(&buf, nil)) }
	t.Cleanup(func() { store.Log = old })
	return &buf
}

// Only the library's owner can read it: a new library's folder is 0700,
// its database and its answers file, their -wal and -shm, and originals 0600; files another version or a
// person loosened are tightened when it opens, with a log line; a library
// folder others can read is reported.
func TestLibraryIsPrivate(t *testing.T) {
	ctx := context.Background()
	logged := captureLog(t)
	dir := filepath.Join(t.TempDir(), "library")
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.PutBlob(strings.NewReader("the walrus")); err != nil {
		t.Fatal(err)
	}
	files := []string{store.DatabaseFile, store.DatabaseFile + "-wal", store.DatabaseFile + "-shm",
		store.AnswersFile, store.AnswersFile + "-wal", store.AnswersFile + "-shm"}
	check := func(when string) {
		t.Helper()
		if m := mode(t, dir); m != 0o700 {
			t.Errorf("%s: library folder %v, want 0700", when, m)
		}
		for _, f := range files {
			if m := mode(t, filepath.Join(dir, f)); m != 0o600 {
				t.Errorf("%s: %s %v, want 0600", when, f, m)
			}
		}
		filepath.WalkDir(filepath.Join(dir, "blobs"), func(path string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && mode(t, path) != 0o600 {
				t.Errorf("%s: original %s %v, want 0600", when, path, mode(t, path))
			}
			return nil
		})
	}
	check("new library")
	if logged.Len() != 0 {
		t.Errorf("a new library logged %q", logged)
	}

	// Loosened by hand while open; the next open tightens them.
	for _, f := range files {
		if err := os.Chmod(filepath.Join(dir, f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db, err = store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	check("reopened")
	if n := strings.Count(logged.String(), "made a library file private"); n < 1 {
		t.Errorf("no log line for the tightened files: %q", logged)
	}
}

func TestReadableLibraryFolderIsReported(t *testing.T) {
	logged := captureLog(t)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err = store.Open(context.Background(), dir); err != nil { // said once, not at every open
		t.Fatal(err)
	}
	defer db.Close()
	if m := mode(t, filepath.Join(dir, store.DatabaseFile)); m != 0o600 {
		t.Errorf("database %v, want 0600 in a folder others can read", m)
	}
	if m := mode(t, dir); m != 0o755 {
		t.Errorf("the person's folder was changed to %v", m)
	}
	if n := strings.Count(logged.String(), "can be read by other users"); n != 1 {
		t.Errorf("reported %d times: %q", n, logged)
	}
}
