package store_test

import (
	"context"
	"fmt"
	"testing"
)

// Search ranks inside FTS5 and cuts before it joins documents; when the
// best matches belong to trashed documents, the cut widens until limit
// shown hits are found, best first.
func TestSearchSkipsHiddenBestMatches(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	var trash []string
	for i := range 60 {
		id := fmt.Sprintf("t%02d", i)
		job, _ := enqueue(t, db, id, "sha"+id)
		if err := db.CommitImport(ctx, job, content(id, "Trashed "+id, "Penguins penguins penguins.")); err != nil {
			t.Fatal(err)
		}
		trash = append(trash, id)
	}
	for i := range 3 {
		id := fmt.Sprintf("v%d", i)
		job, _ := enqueue(t, db, id, "sha"+id)
		body := "Penguins gather in colonies along the coast, far from the ice shelf and its long winter nights."
		if i == 0 {
			body = "Penguins gather in colonies."
		}
		if err := db.CommitImport(ctx, job, content(id, "Kept "+id, body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Trash(ctx, trash); err != nil {
		t.Fatal(err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	hits, err := snap.Search(ctx, `"penguins"`, nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 2 || hits[0].DocumentID != "v0" || hits[1].DocumentID[0] != 'v' || hits[0].Rank > hits[1].Rank {
		t.Fatalf("hits = %+v, want the two best untrashed passages, v0 first", hits)
	}
	all, err := snap.Search(ctx, `"penguins"`, nil, 100)
	if err != nil || len(all) != 3 {
		t.Fatalf("all hits = %d, %v; want the 3 untrashed passages", len(all), err)
	}
}
