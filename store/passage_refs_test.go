package store_test

import (
	"context"
	"testing"
	"unicode/utf8"
)

// PassageRefs, read from the covering index, still gives each passage's
// length in characters, not bytes.
func TestPassageRefsLength(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	job, _ := enqueue(t, db, "d1", "sha-d1")
	body := "Revenue grew in every segment, café and crêperie included."
	if err := db.CommitImport(ctx, job, content("d1", "Report", body)); err != nil {
		t.Fatal(err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	refs, err := snap.PassageRefs(ctx, "d1")
	if err != nil || len(refs) != 1 {
		t.Fatalf("refs = %+v, %v; want one passage", refs, err)
	}
	ps, err := snap.PassagesByRowID(ctx, []int64{refs[0].RowID})
	if err != nil {
		t.Fatal(err)
	}
	if want := utf8.RuneCountInString(ps[refs[0].RowID].Text); refs[0].Chars != want || refs[0].ID != ps[refs[0].RowID].ID {
		t.Fatalf("ref = %+v; want %d characters of passage %s", refs[0], want, ps[refs[0].RowID].ID)
	}
}
