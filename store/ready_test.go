package store_test

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"archivist/app"
	"archivist/store"
)

// ReadyDocuments lists are kept by the documents table's version: a later
// snapshot of the same state gets the same list without reading it again,
// a change to any document (a trashing, a new import, a new sensitivity)
// gives the next snapshot the new state, an open snapshot keeps reading
// its own, and what a caller does to its list (the router sorts it) never
// reaches the next caller.
func TestReadyDocumentsFollowEveryChange(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	for i := range 5 {
		id := fmt.Sprintf("d%d", 4-i)
		job, _ := enqueue(t, db, id, "sha"+id)
		if err := db.CommitImport(ctx, job, content(id, "Report "+id, "Quarterly revenue grew.")); err != nil {
			t.Fatal(err)
		}
	}
	// now reads the ready list through a new snapshot.
	now := func(ids ...string) []app.Document {
		t.Helper()
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		docs, err := snap.ReadyDocuments(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		return docs
	}
	first, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	ready := func(snap *store.Snapshot) []app.Document {
		t.Helper()
		docs, err := snap.ReadyDocuments(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		return docs
	}
	docs := ready(first)
	if len(docs) != 5 {
		t.Fatalf("ready = %d; want 5", len(docs))
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].ID > docs[j].ID })
	docs[0].Title = "changed by the caller"
	for _, d := range now() {
		if d.Title != "Report "+d.ID {
			t.Fatalf("a caller's change reached the next list: %+v", d)
		}
	}
	if n := len(now("d1", "d3")); n != 2 {
		t.Fatalf("ready of two ids = %d; want 2", n)
	}

	if err := db.Trash(ctx, []string{"d0"}); err != nil {
		t.Fatal(err)
	}
	if n := len(ready(first)); n != 5 {
		t.Fatalf("the open snapshot's list = %d; want its own 5", n)
	}
	if n := len(now()); n != 4 {
		t.Fatalf("after a trashing = %d; want 4", n)
	}
	if n := len(now("d0", "d1")); n != 1 {
		t.Fatalf("a scope after the trashing = %d; want 1", n)
	}

	if err := db.SetSensitivity(ctx, "d1", string(app.SensitivityRestricted)); err != nil {
		t.Fatal(err)
	}
	for _, d := range now() {
		if d.ID == "d1" && d.Sensitivity != app.SensitivityRestricted {
			t.Fatalf("after a new sensitivity d1 = %q; want restricted", d.Sensitivity)
		}
	}

	job, _ := enqueue(t, db, "d9", "shad9")
	if n := len(now()); n != 4 {
		t.Fatalf("with an import queued = %d; want 4 (it is not ready)", n)
	}
	if err := db.CommitImport(ctx, job, content("d9", "Report d9", "Margins held.")); err != nil {
		t.Fatal(err)
	}
	if n := len(now()); n != 5 {
		t.Fatalf("after an import = %d; want 5", n)
	}
}
