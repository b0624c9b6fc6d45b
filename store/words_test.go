package store_test

import (
	"context"
	"math"
	"testing"

	"archivist/app"
)

// TestWordBoxesRoundTrip: a block's word boxes come back with their byte
// ranges exact and their coordinates within 1/100,000 of the page (the
// precision they are stored at), including boxes at the page's edges.
func TestWordBoxesRoundTrip(t *testing.T) {
	db := MustOpen(t)
	ctx := context.Background()
	job, _ := enqueue(t, db, "d1", "sha-words")
	c := content("d1", "Boxes", "alpha beta gamma")
	want := []app.WordBox{
		{Start: 0, End: 5, X0: 0, Y0: 0, X1: 0.123456789, Y1: 1.0 / 3},
		{Start: 6, End: 10, X0: 0.2, Y0: 0.999999999, X1: 1, Y1: 1},
		{Start: 11, End: 16, X0: 1e-7, Y0: 0.5, X1: 0.75, Y1: 0.5000049},
	}
	c.Parsed.Blocks[0].Words = want
	c.Parsed.Blocks[0].Page = 1
	if err := db.CommitImport(ctx, job, c); err != nil {
		t.Fatal(err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	blocks, err := snap.Blocks(ctx, "d1")
	if err != nil || len(blocks) != 1 {
		t.Fatalf("%d blocks, %v", len(blocks), err)
	}
	got := blocks[0].Words
	if len(got) != len(want) {
		t.Fatalf("%d word boxes back, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Start != w.Start || g.End != w.End {
			t.Errorf("word %d range %d–%d, want %d–%d", i, g.Start, g.End, w.Start, w.End)
		}
		for _, d := range [][2]float64{{g.X0, w.X0}, {g.Y0, w.Y0}, {g.X1, w.X1}, {g.Y1, w.Y1}} {
			if math.Abs(d[0]-d[1]) > 0.5e-5 {
				t.Errorf("word %d coordinate %v, want %v", i, d[0], d[1])
			}
		}
	}
}
