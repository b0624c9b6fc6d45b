package store_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"archivist/app"
	"archivist/store"
)

// MustOpen opens a library in a fresh temporary folder.
func MustOpen(tb testing.TB) *store.DB {
	tb.Helper()
	db, err := store.Open(context.Background(), tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "a library with spaces")
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("WALAndForeignKeys", func(t *testing.T) {
		for pragma, want := range map[string]string{"journal_mode": "wal", "foreign_keys": "1"} {
			got, err := db.Pragma(ctx, pragma)
			if err != nil || got != want {
				t.Errorf("PRAGMA %s = %q, %v; want %q", pragma, got, err, want)
			}
		}
	})
	t.Run("MigrationsRecordedOnce", func(t *testing.T) {
		db.Close()
		db2, err := store.Open(ctx, dir) // a second open must not re-apply
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		names, err := db2.Migrations(ctx)
		if err != nil || len(names) == 0 || names[0] != "migrations/0001_init.sql" {
			t.Fatalf("migrations = %v, %v", names, err)
		}
		if _, err := os.Stat(filepath.Join(dir, store.DatabaseFile)); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPutBlob(t *testing.T) {
	db := MustOpen(t)
	sum1, n, err := db.PutBlob(strings.NewReader("hello"))
	if err != nil || n != 5 {
		t.Fatal(sum1, n, err)
	}
	if sum1 != "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" {
		t.Errorf("sum = %s, want SHA-256 of the bytes", sum1)
	}
	sum2, _, err := db.PutBlob(strings.NewReader("hello"))
	if err != nil || sum2 != sum1 {
		t.Fatal(sum2, err)
	}
	got, err := db.ReadBlob(sum1)
	if err != nil || string(got) != "hello" {
		t.Fatalf("ReadBlob = %q, %v", got, err)
	}
	entries, _ := filepath.Glob(filepath.Join(db.Dir, "blobs", "*", "*"))
	if len(entries) != 1 {
		t.Errorf("blob files = %v, want exactly one copy", entries)
	}
	if _, err := db.ReadBlob(strings.Repeat("0", 64)); err == nil {
		t.Error("missing blob read without error")
	}
}

// content makes a one-section, one-block document with one passage.
func content(docID, title, body string) *store.Content {
	p := &app.Parsed{
		Format:   app.FormatText,
		Sections: []app.Section{{ID: docID + "-s0", Parent: -1, Heading: title}},
		Blocks:   []app.Block{{ID: docID + "-b0", Kind: app.BlockParagraph, Text: body, LineStart: 1, LineEnd: 1}},
	}
	return &store.Content{Title: title, Words: len(strings.Fields(body)), Parsed: p, Passages: []app.Passage{{
		ID: docID + "-p0", DocumentID: docID, SectionID: docID + "-s0", Title: title, Text: body,
		Spans: []app.Span{{BlockID: docID + "-b0", Start: 0, End: len(body)}}, IndexVersion: 1,
	}}}
}

// enqueue records a document for the given bytes and returns its job.
func enqueue(t *testing.T, db *store.DB, id, sha string) (store.Job, *app.Document) {
	t.Helper()
	d := &app.Document{ID: id, Title: id, Filename: id + ".txt", Format: app.FormatText, SHA256: sha, SizeBytes: 10}
	job := store.Job{ID: "job-" + id, DocumentID: id}
	dup, err := db.EnqueueImport(context.Background(), d, job.ID, "/somewhere/"+id)
	if err != nil {
		t.Fatal(err)
	}
	return job, dup
}

func search(t *testing.T, db *store.DB, match string) []store.Hit {
	t.Helper()
	ctx := context.Background()
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	hits, err := snap.Search(ctx, match, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	return hits
}

func TestImportLifecycle(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	job, dup := enqueue(t, db, "d1", "sha1")
	if dup != nil {
		t.Fatal("first import reported as duplicate")
	}
	t.Run("QueuedIsInvisibleToSearch", func(t *testing.T) {
		if err := db.StartImport(ctx, job); err != nil {
			t.Fatal(err)
		}
		if hits := search(t, db, "walrus"); len(hits) != 0 {
			t.Fatalf("hits before commit: %v", hits)
		}
	})
	t.Run("SnapshotDoesNotSeeLaterCommit", func(t *testing.T) {
		before, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer before.Close()
		if err := db.CommitImport(ctx, job, content("d1", "Zoo", "The walrus sleeps on the ice.")); err != nil {
			t.Fatal(err)
		}
		old, err := before.Search(ctx, `"walrus"`, nil, 10)
		if err != nil || len(old) != 0 {
			t.Fatalf("snapshot taken before the commit sees %v, %v", old, err)
		}
		if hits := search(t, db, `"walrus"`); len(hits) != 1 || hits[0].DocumentID != "d1" {
			t.Fatalf("hits after commit = %v", hits)
		}
	})
	t.Run("DuplicateBytesReported", func(t *testing.T) {
		_, dup := enqueue(t, db, "d2", "sha1")
		if dup == nil || dup.ID != "d1" {
			t.Fatalf("dup = %+v, want d1", dup)
		}
		docs, _ := db.Documents(ctx)
		if len(docs) != 1 {
			t.Fatalf("documents = %d, want 1", len(docs))
		}
	})
	t.Run("FailedImportCanBeRetried", func(t *testing.T) {
		job3, _ := enqueue(t, db, "d3", "sha3")
		if err := db.FailImport(ctx, job3, "the file is broken"); err != nil {
			t.Fatal(err)
		}
		d, err := db.Document(ctx, "d3")
		if err != nil || d.Status != app.StatusFailed || d.Error != "the file is broken" {
			t.Fatalf("document = %+v, %v", d, err)
		}
		_, dup := enqueue(t, db, "d3-again", "sha3")
		if dup != nil {
			t.Fatal("a failed document blocked its own retry")
		}
		d, _ = db.Document(ctx, "d3")
		if d.Status != app.StatusQueued || d.Error != "" {
			t.Fatalf("retried document = %+v", d)
		}
	})
	t.Run("PendingJobsResume", func(t *testing.T) {
		jobs, err := db.PendingJobs(ctx)
		if err != nil || len(jobs) != 1 || jobs[0].DocumentID != "d3" {
			t.Fatalf("pending = %+v, %v", jobs, err)
		}
	})
	t.Run("Integrity", func(t *testing.T) {
		if err := db.IntegrityCheck(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

func TestScopedSearch(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	for i := 0; i < 3; i++ {
		id := fmt.Sprintf("d%d", i)
		job, _ := enqueue(t, db, id, "sha"+id)
		if err := db.CommitImport(ctx, job, content(id, "Doc "+id, "Penguins gather in colonies.")); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	hits, err := snap.Search(ctx, `"penguins"`, []string{"d0", "d2"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, h := range hits {
		got[h.DocumentID] = true
	}
	if len(hits) != 2 || !got["d0"] || !got["d2"] {
		t.Fatalf("scoped hits = %+v, want d0 and d2 only", hits)
	}
	if keyHits, err := snap.Search(ctx, `"kd0"`, nil, 10); err != nil || len(keyHits) != 0 {
		t.Fatalf("a question word matched the document key column: %v, %v", keyHits, err)
	}
	snip, err := snap.Snippet(ctx, `"penguins"`, hits[0].RowID, 64)
	if err != nil || !strings.Contains(snip, store.MarkStart+"Penguins"+store.MarkEnd) {
		t.Fatalf("snippet = %q, %v", snip, err)
	}
}

func TestReplay(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	body := []byte("{\"answer\": \"x\"}\n")
	if err := db.SaveAnswer(ctx, "tok", body); err != nil {
		t.Fatal(err)
	}
	got, err := db.Answer(ctx, "tok")
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("Answer = %q, %v", got, err)
	}
	t.Run("ExpiresAfterAge", func(t *testing.T) {
		now = now.Add(store.DefaultReplayAge + time.Minute)
		if err := db.SaveAnswer(ctx, "newer", body); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Answer(ctx, "tok"); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("old answer still replayable: %v", err)
		}
	})
	t.Run("BoundedByCount", func(t *testing.T) {
		for i := 0; i < store.DefaultReplayCount+5; i++ {
			now = now.Add(time.Millisecond)
			if err := db.SaveAnswer(ctx, fmt.Sprintf("t%d", i), body); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Answer(ctx, "t0"); app.ErrorCode(err) != app.ENotFound {
			t.Error("oldest answer kept beyond the count bound")
		}
		if _, err := db.Answer(ctx, fmt.Sprintf("t%d", store.DefaultReplayCount+4)); err != nil {
			t.Error(err)
		}
	})
}

func TestSnapshotProfiles(t *testing.T) {
	db := MustOpen(t)
	ctx := context.Background()
	job, _ := enqueue(t, db, "d1", strings.Repeat("a", 64))
	c := content("d1", "Report", "The National Atmospheric Research Laboratory (NARL) studies clouds.")
	c.Profile = app.Profile{Outline: []app.OutlineEntry{{Level: 1, Heading: "Clouds", PageStart: 2}}, Words: 9, Pages: 3,
		Acronyms: []app.Acronym{{Short: "NARL", Expansion: "National Atmospheric Research Laboratory", Count: 1}},
		Captions: []string{"Figure 1: Cloud cover"}}
	if err := db.CommitImport(ctx, job, c); err != nil {
		t.Fatal(err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	got, err := snap.Profiles(ctx, []string{"d1", "nowhere"})
	if err != nil {
		t.Fatal(err)
	}
	p := got["d1"]
	if p == nil || len(p.Outline) != 1 || p.Outline[0].Heading != "Clouds" || p.Outline[0].PageStart != 2 || p.Words != 9 ||
		len(p.Acronyms) != 1 || p.Acronyms[0].Expansion != "National Atmospheric Research Laboratory" ||
		len(p.Captions) != 1 || p.Captions[0] != "Figure 1: Cloud cover" {
		t.Fatalf("profile = %+v", p)
	}
	if _, ok := got["nowhere"]; ok {
		t.Error("a profile for a document that does not exist")
	}
}

func TestIndexStamp(t *testing.T) {
	db := MustOpen(t)
	ctx := context.Background()
	stamp := func() string {
		t.Helper()
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		s, err := snap.IndexStamp(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	empty := stamp()
	job, _ := enqueue(t, db, "d1", strings.Repeat("b", 64))
	queued := stamp()
	if queued == empty {
		t.Error("a new document left the stamp unchanged")
	}
	if err := db.CommitImport(ctx, job, content("d1", "Zoo", "The walrus sleeps.")); err != nil {
		t.Fatal(err)
	}
	ready := stamp()
	if ready == queued {
		t.Error("committed passages left the stamp unchanged")
	}
	if stamp() != ready {
		t.Error("the stamp changed without a change")
	}
}
