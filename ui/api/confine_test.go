package api

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/store"
)

// swapFixture is an allowed import folder holding sub/note.md, a folder
// outside it holding sub/note.md with other text, and a hook that, between
// the check of a path and its opening, replaces the allowed sub folder by a
// link to the outside one — the race a local attacker would run.
func swapFixture(t *testing.T) (im *ingest.Importer, allowed, file string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	base := t.TempDir()
	allowed, outside := filepath.Join(base, "allowed"), filepath.Join(base, "outside")
	for dir, text := range map[string]string{allowed: "The walrus sleeps on ice.", outside: "The secret ledger of the harbour."} {
		if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "sub", "note.md"), []byte("# Note\n\n"+text+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	files, err := ImportablePaths([]string{filepath.Join(allowed, "sub", "note.md")}, []string{allowed})
	if err != nil || len(files) != 1 {
		t.Fatalf("ImportablePaths = %v, %v", files, err)
	}
	beforeOpen = func(string) {
		sub := filepath.Join(allowed, "sub")
		if err := os.Rename(sub, sub+".old"); err != nil {
			t.Error(err)
		}
		if err := os.Symlink(filepath.Join(outside, "sub"), sub); err != nil {
			t.Error(err)
		}
	}
	t.Cleanup(func() { beforeOpen = nil })
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &ingest.Importer{DB: db, NewID: uuid.NewString}, allowed, files[0]
}

// searchable reports whether word is found in the library.
func searchable(t *testing.T, im *ingest.Importer, word string) bool {
	t.Helper()
	snap, err := im.DB.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	hits, err := snap.Search(context.Background(), word, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	return len(hits) > 0
}

// A folder swapped for a link out of the import folder between the check
// of a path and the opening of its file imports nothing from outside: the
// file is refused as outside the folders (MCP's import_documents path).
func TestSwappedFolderIsRefused(t *testing.T) {
	im, allowed, file := swapFixture(t)
	results, err := im.ImportFiles(ConfineImports(context.Background(), []string{allowed}), []string{file}, "", nil)
	if err != nil || len(results) != 1 {
		t.Fatalf("ImportFiles = %+v, %v", results, err)
	}
	r := results[0]
	if r.Outcome != app.OutcomeFailed || app.ErrorCode(r.Err) != EForbidden {
		t.Fatalf("result = %+v; want refused as outside the folders", r)
	}
	if searchable(t, im, "ledger") {
		t.Fatal("a file from outside the import folder was imported")
	}
}

// The HTTP API's import queue opens path imports the same way.
func TestSwappedFolderIsRefusedByTheQueue(t *testing.T) {
	im, allowed, file := swapFixture(t)
	q := newJobQueue(im, uuid.NewString, time.Now)
	q.folders = []string{allowed}
	defer q.close()
	job, err := q.add(&pendingJob{paths: []string{file}})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		j, _ := q.get(job.ID)
		if j.State == "done" || j.State == "failed" {
			if len(j.Results) != 1 || j.Results[0].Outcome != string(app.OutcomeFailed) {
				t.Fatalf("job = %+v; want the file refused", j)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job still %s", j.State)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if searchable(t, im, "ledger") {
		t.Fatal("a file from outside the import folder was imported")
	}
}

// Without the swap the same file imports (the confinement refuses only
// what is outside).
func TestConfinedImportInside(t *testing.T) {
	im, allowed, file := swapFixture(t)
	beforeOpen = nil
	results, err := im.ImportFiles(ConfineImports(context.Background(), []string{allowed}), []string{file}, "", nil)
	if err != nil || results[0].Outcome != app.OutcomeImported {
		t.Fatalf("ImportFiles = %+v, %v", results, err)
	}
	if !searchable(t, im, "walrus") {
		t.Fatal("the note is not searchable")
	}
}
