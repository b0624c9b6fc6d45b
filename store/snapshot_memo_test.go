package store_test

import (
	"context"
	"fmt"
	"sort"
	"testing"
)

// ReadyDocuments reads a snapshot's documents once per set of ids: a later
// call sees the same state (a trashing committed meanwhile is not in it,
// as with any read of the snapshot), and what a caller does to the list it
// got (the router sorts it) does not change what the next caller gets.
func TestReadyDocumentsOncePerSnapshot(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	for i := range 5 {
		id := fmt.Sprintf("d%d", 4-i)
		job, _ := enqueue(t, db, id, "sha"+id)
		if err := db.CommitImport(ctx, job, content(id, "Report "+id, "Quarterly revenue grew.")); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	first, err := snap.ReadyDocuments(ctx, nil)
	if err != nil || len(first) != 5 {
		t.Fatalf("ready = %d, %v; want 5", len(first), err)
	}
	order := make([]string, len(first))
	for i, d := range first {
		order[i] = d.ID
	}
	sort.Slice(first, func(i, j int) bool { return first[i].ID > first[j].ID })
	first[0].Title = "changed by the caller"
	if err := db.Trash(ctx, []string{"d0"}); err != nil {
		t.Fatal(err)
	}
	again, err := snap.ReadyDocuments(ctx, nil)
	if err != nil || len(again) != 5 {
		t.Fatalf("ready again = %d, %v; want the snapshot's 5", len(again), err)
	}
	for i, d := range again {
		if d.ID != order[i] || d.Title != "Report "+d.ID {
			t.Fatalf("ready again[%d] = %s %q; want %s as first read", i, d.ID, d.Title, order[i])
		}
	}
	some, err := snap.ReadyDocuments(ctx, []string{"d1", "d3"})
	if err != nil || len(some) != 2 {
		t.Fatalf("ready of two ids = %d, %v; want 2", len(some), err)
	}
	later, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer later.Close()
	now, err := later.ReadyDocuments(ctx, nil)
	if err != nil || len(now) != 4 {
		t.Fatalf("a new snapshot's ready = %d, %v; want 4 after the trashing", len(now), err)
	}
}
