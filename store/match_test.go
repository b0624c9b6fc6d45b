package store_test

import (
	"context"
	"strings"
	"testing"

	"archivist/store/benchtext"
)

func TestMatchRows(t *testing.T) {
	db := MustOpen(t)
	benchLibrary(t, db, 3, 4)
	ctx := context.Background()
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	blocks, err := snap.Blocks(ctx, "doc00001")
	if err != nil || len(blocks) != 4 {
		t.Fatalf("blocks %d, %v", len(blocks), err)
	}
	words := strings.Fields(blocks[2].Text)
	phrase := `"` + strings.Join(words[40:46], " ") + `"`
	hits, err := snap.MatchRows(ctx, phrase, 10)
	if err != nil || len(hits) != 1 || hits[0].DocumentID != "doc00001" || hits[0].PassageID != "doc00001-2-p" {
		t.Fatalf("a phrase of one passage: %+v, %v", hits, err)
	}
	if hits, _ := snap.MatchRows(ctx, `"`+benchtext.Vocabulary[0]+`"`, 2); len(hits) != 2 {
		t.Errorf("a common word with limit 2: %d hits", len(hits))
	}
	if hits, _ := snap.MatchRows(ctx, `"no such words here"`, 10); len(hits) != 0 {
		t.Errorf("an absent phrase: %+v", hits)
	}
	if err := db.Trash(ctx, []string{"doc00001"}); err != nil {
		t.Fatal(err)
	}
	snap2, _ := db.Snapshot(ctx)
	defer snap2.Close()
	if hits, _ := snap2.MatchRows(ctx, phrase, 10); len(hits) != 0 {
		t.Errorf("a trashed document's passage: %+v", hits)
	}
}
