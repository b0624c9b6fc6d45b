package ingest_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/store"
)

// crashEnv names the library a child test process imports into; its
// value is "<library>|<file>" (file "" to resume only).
const crashEnv = "ARCHIVIST_TEST_CRASH_CHILD"

// crashing is a passage builder that kills its own process when it is
// given the document titled "Crash": the import dies in the middle, after
// the job started and the file was parsed, as it does when the system
// kills an importer that ran out of memory.
func crashing(calls *int) func(string, string, *app.Parsed) []app.Passage {
	return func(docID, title string, p *app.Parsed) []app.Passage {
		if title == "Crash" {
			*calls++
			if os.Getenv(crashEnv) != "" {
				proc, _ := os.FindProcess(os.Getpid())
				proc.Kill()
				select {}
			}
		}
		return ingest.BuildPassages(docID, title, p)
	}
}

// TestCrashChild is the child process of TestResumeGivesUp: it imports
// (or only resumes) in the library named by crashEnv, and is killed.
func TestCrashChild(t *testing.T) {
	v := os.Getenv(crashEnv)
	if v == "" {
		t.Skip("run by TestResumeGivesUp")
	}
	lib, file, _ := strings.Cut(v, "|")
	db, err := store.Open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	var calls int
	im := &ingest.Importer{DB: db, NewID: uuid.NewString, Passages: crashing(&calls)}
	if file != "" {
		im.Import(context.Background(), []string{file}, nil)
	} else {
		im.Resume(context.Background())
	}
	t.Fatal("the child was not killed")
}

// runChild runs TestCrashChild and checks that it was killed.
func runChild(t *testing.T, lib, file string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestCrashChild$")
	cmd.Env = append(os.Environ(), crashEnv+"="+lib+"|"+file)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.Success() || cmd.ProcessState.ExitCode() != -1 {
		t.Fatalf("child was not killed: %v\n%s", err, out)
	}
}

// A file whose import kills the importer every time is tried twice — the
// import, then one resume — and at the next start is marked failed with a
// reason a person can read, without being tried a third time; a note
// imported at that start imports, while nothing waits for the resume.
func TestResumeGivesUp(t *testing.T) {
	if testing.Short() {
		t.Skip("runs child processes")
	}
	ctx := context.Background()
	lib, dir := t.TempDir(), t.TempDir()
	bad := write(t, dir, "crash.md", []byte("# Crash\n\nThis file stops the importer.\n"))
	runChild(t, lib, bad) // the import: killed
	runChild(t, lib, "")  // the resume at the next start: killed again

	db, err := store.Open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	jobs, err := db.PendingJobs(ctx)
	if err != nil || len(jobs) != 1 || jobs[0].Attempts != 2 {
		t.Fatalf("pending jobs = %+v, %v; want one started twice", jobs, err)
	}
	var calls int
	im := &ingest.Importer{DB: db, NewID: uuid.NewString, Passages: crashing(&calls)}
	resumed := make(chan error, 1)
	stop := im.ResumeInBackground(ctx, func(err error) { resumed <- err })
	defer stop()
	note := write(t, dir, "note.md", []byte("# Note\n\nThe walrus sleeps on ice.\n"))
	if r := importAll(t, im, note)["note.md"]; r.Outcome != app.OutcomeImported {
		t.Fatalf("note: %+v", r)
	}
	// The new import does not wait for the resume, so the resume may still
	// be on its way to giving the crashing file up: wait for it to end
	// (stopping it first would leave the job pending for the next start).
	var resumeErr error
	select {
	case resumeErr = <-resumed:
	case <-time.After(time.Minute):
		t.Fatal("the resume did not end within a minute")
	}
	if resumeErr != nil || calls != 0 {
		t.Fatalf("resume: %v; the crashing file was parsed %d more times", resumeErr, calls)
	}
	docs, err := im.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if d.Filename == "crash.md" && (d.Status != app.StatusFailed || d.Error != ingest.ErrStoppedTwice) {
			t.Fatalf("crash.md listed as %s %q; want failed: %q", d.Status, d.Error, ingest.ErrStoppedTwice)
		}
	}
	if jobs, _ := db.PendingJobs(ctx); len(jobs) != 0 {
		t.Fatalf("still pending: %+v", jobs)
	}
	if _, err := os.Stat(filepath.Join(lib, store.DatabaseFile)); err != nil {
		t.Fatal(err)
	}
}

// Quitting during an import leaves its job pending without counting the
// start; a resume running in the background then does not hold up a new
// import, and finishes the old one.
func TestResumeInBackground(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	dir := t.TempDir()
	old := write(t, dir, "old.md", []byte("# Old\n\nAn earlier import.\n"))

	quitCtx, quit := context.WithCancelCause(ctx)
	im.Passages = func(docID, title string, p *app.Parsed) []app.Passage {
		quit(app.ErrQuitting) // Archivist quits while the file imports
		return ingest.BuildPassages(docID, title, p)
	}
	im.Import(quitCtx, []string{old}, nil)
	jobs, err := im.DB.PendingJobs(ctx)
	if err != nil || len(jobs) != 1 || jobs[0].Attempts != 0 {
		t.Fatalf("pending = %+v, %v; want one job, its start not counted", jobs, err)
	}

	release, entered := make(chan struct{}), make(chan struct{})
	im.Passages = func(docID, title string, p *app.Parsed) []app.Passage {
		if title == "Old" {
			close(entered)
			<-release
		}
		return ingest.BuildPassages(docID, title, p)
	}
	resumed := make(chan error, 1)
	stop := im.ResumeInBackground(ctx, func(err error) { resumed <- err })
	defer stop()
	<-entered // the old file is importing, and stays so until released
	note := write(t, dir, "note.md", []byte("# Note\n\nThe walrus sleeps on ice.\n"))
	if r := importAll(t, im, note)["note.md"]; r.Outcome != app.OutcomeImported {
		t.Fatalf("note: %+v", r)
	}
	close(release)
	if err := <-resumed; err != nil {
		t.Fatal(err)
	}
	if len(hits(t, im, "earlier")) != 1 || len(hits(t, im, "walrus")) != 1 {
		t.Fatal("the resumed file or the note is not searchable")
	}
}
