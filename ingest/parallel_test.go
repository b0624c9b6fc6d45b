package ingest_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"archivist/app"
)

// TestParallelImport imports a folder's worth of files, good and bad and
// duplicated, with two files at a time: every file gets its own result, in
// the order given, progress calls never overlap and count up to the total,
// and the library holds each distinct good document once, searchable.
func TestParallelImport(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	im.Workers = 2
	dir := t.TempDir()
	var paths []string
	for i := range 24 {
		var body string
		switch {
		case i%8 == 7:
			body = "" // empty: fails
		case i%8 == 5:
			body = "# Note 1\n\nThe same text twice, word quokka1.\n" // duplicated bytes
		default:
			body = fmt.Sprintf("# Note %d\n\nWord quokka%d sits in a paragraph of its own.\n", i, i)
		}
		paths = append(paths, write(t, dir, fmt.Sprintf("note-%02d.md", i), []byte(body)))
	}
	var inFlight, overlaps, calls atomic.Int32
	lastDone := 0
	results, err := im.Import(ctx, paths, func(p app.ImportProgress) {
		if inFlight.Add(1) > 1 {
			overlaps.Add(1)
		}
		defer inFlight.Add(-1)
		calls.Add(1)
		if p.Done < lastDone || p.Total != len(paths) {
			t.Errorf("progress Done %d after %d, Total %d", p.Done, lastDone, p.Total)
		}
		lastDone = p.Done
	})
	if err != nil {
		t.Fatal(err)
	}
	if overlaps.Load() > 0 {
		t.Errorf("%d progress calls overlapped", overlaps.Load())
	}
	if lastDone != len(paths) || calls.Load() != int32(2*len(paths)) {
		t.Errorf("progress ended at %d of %d after %d calls", lastDone, len(paths), calls.Load())
	}
	if len(results) != len(paths) {
		t.Fatalf("%d results for %d files", len(results), len(paths))
	}
	imported, dups, failed := 0, 0, 0
	for i, r := range results {
		if r.Path != paths[i] {
			t.Fatalf("result %d is for %s, want %s", i, r.Path, paths[i])
		}
		switch r.Outcome {
		case app.OutcomeImported:
			imported++
		case app.OutcomeDuplicate:
			dups++
		case app.OutcomeFailed:
			failed++
			if !strings.Contains(app.ErrorMessage(r.Err), "empty") {
				t.Errorf("%s: %v", r.Path, r.Err)
			}
		}
	}
	// 3 empty files fail; of the 3 identical ones, one is imported.
	if imported != 19 || dups != 2 || failed != 3 {
		t.Errorf("imported %d, duplicates %d, failed %d; want 19, 2, 3", imported, dups, failed)
	}
	docs, err := im.Documents(ctx)
	if err != nil || len(docs) != 19 {
		t.Fatalf("%d documents (%v), want 19", len(docs), err)
	}
	for _, d := range docs {
		if d.Status != app.StatusReady {
			t.Errorf("%s is %s", d.Title, d.Status)
		}
	}
	if len(hits(t, im, "quokka3")) != 1 || len(hits(t, im, "quokka1")) != 2 {
		t.Error("imported text not found once per document")
	}
}

// TestParallelImportCancelled stops handing out files when the import is
// cancelled, and says so.
func TestParallelImportCancelled(t *testing.T) {
	im := newImporter(t)
	dir := t.TempDir()
	var paths []string
	for i := range 10 {
		paths = append(paths, write(t, dir, fmt.Sprintf("n%d.md", i), []byte(fmt.Sprintf("# N %d\n\nText %d.\n", i, i))))
	}
	ctx, cancel := context.WithCancel(context.Background())
	results, err := im.Import(ctx, paths, func(p app.ImportProgress) {
		if p.Result != nil {
			cancel()
		}
	})
	if app.ErrorCode(err) != app.ECancelled {
		t.Fatalf("err = %v, want cancelled", err)
	}
	if len(results) >= len(paths) {
		t.Fatalf("%d results after cancelling", len(results))
	}
}

// TestQuitLeavesImportsToResume: quitting (a context cancelled with
// app.ErrQuitting) is not cancelling — a file it interrupts is not marked
// failed but resumes at the next start.
func TestQuitLeavesImportsToResume(t *testing.T) {
	im := newImporter(t)
	dir := t.TempDir()
	var paths []string
	for i := range 10 {
		body := fmt.Sprintf("# N %d\n\n%s\n", i, strings.Repeat(fmt.Sprintf("Paragraph of file %d with words. ", i), 4000))
		paths = append(paths, write(t, dir, fmt.Sprintf("n%d.md", i), []byte(body)))
	}
	ctx, quit := context.WithCancelCause(context.Background())
	im.Import(ctx, paths, func(p app.ImportProgress) {
		if p.Result != nil {
			quit(app.ErrQuitting)
		}
	})
	docs, err := im.Documents(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if d.Status == app.StatusFailed {
			t.Errorf("%s failed on quit (%s); it should wait to resume", d.Filename, d.Error)
		}
	}
	if err := im.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	docs, _ = im.Documents(context.Background())
	for _, d := range docs {
		if d.Status != app.StatusReady {
			t.Errorf("after resume %s is %s", d.Filename, d.Status)
		}
	}
	if jobs, _ := im.DB.PendingJobs(context.Background()); len(jobs) != 0 {
		t.Errorf("%d jobs still pending after resume", len(jobs))
	}
}
