package store

import (
	"context"
	"strconv"
	"testing"

	"archivist/app"
)

// TestImportsKeepIndexInOneSegment: a second document as large as the
// first is half the index, so its import merges the index into one
// segment, and search still finds every document.
func TestImportsKeepIndexInOneSegment(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for i := range 3 {
		id := "d" + strconv.Itoa(i)
		d := &app.Document{ID: id, Title: id, Filename: id + ".txt", Format: app.FormatText, SHA256: "sha-" + id, SizeBytes: 10}
		job := Job{ID: "job-" + id, DocumentID: id}
		if _, err := db.EnqueueImport(ctx, d, job.ID, "/somewhere/"+id); err != nil {
			t.Fatal(err)
		}
		body := "Narwhals surface at dawn in fjord " + id + "."
		c := &Content{Title: id, Parsed: &app.Parsed{Format: app.FormatText,
			Sections: []app.Section{{ID: id + "-s0", Parent: -1, Heading: id}},
			Blocks:   []app.Block{{ID: id + "-b0", Kind: app.BlockParagraph, Text: body, LineStart: 1, LineEnd: 1}}},
			Passages: []app.Passage{{ID: id + "-p0", DocumentID: id, SectionID: id + "-s0", Title: id, Text: body,
				Spans: []app.Span{{BlockID: id + "-b0", Start: 0, End: len(body)}}, IndexVersion: 1}}}
		if err := db.CommitImport(ctx, job, c); err != nil {
			t.Fatal(err)
		}
	}
	var segments int
	if err := db.read.QueryRowContext(ctx, `SELECT count(DISTINCT segid) FROM passages_fts_idx`).Scan(&segments); err != nil {
		t.Fatal(err)
	}
	if segments != 1 {
		t.Errorf("index segments after three imports = %d, want 1", segments)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	hits, err := snap.SearchTop(ctx, `"narwhals"`, nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 3 {
		t.Errorf("hits for narwhals = %d, want 3", len(hits))
	}
}
