package store_test

import (
	"context"
	"fmt"
	"testing"
	"unicode/utf8"

	"archivist/app"
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

// SoleTablePassages finds the passages holding a document's one table,
// and nothing when it holds none or several.
func TestSoleTablePassages(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	withTables := func(id string, tables int) {
		c := content(id, "Report", "Accounts receivable consists of the following:")
		p := c.Parsed
		for i := 0; i < tables; i++ {
			b := app.Block{ID: fmt.Sprintf("%s-t%d", id, i), Seq: i + 1, Kind: app.BlockTable, Text: "| 2019 | 2018\nTrade | 875.8 | 557.8", LineStart: 2 + i, LineEnd: 2 + i}
			p.Blocks = append(p.Blocks, b)
			c.Passages = append(c.Passages, app.Passage{ID: fmt.Sprintf("%s-p%d", id, i+1), DocumentID: id, SectionID: id + "-s0", Seq: i + 1,
				Title: "Report", Text: b.Text, Spans: []app.Span{{BlockID: b.ID, Start: 0, End: len(b.Text)}}, IndexVersion: 1})
		}
		job, _ := enqueue(t, db, id, "sha-"+id)
		if err := db.CommitImport(ctx, job, c); err != nil {
			t.Fatal(err)
		}
	}
	withTables("none", 0)
	withTables("one", 1)
	withTables("two", 2)
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	refs, err := snap.PassageRefs(ctx, "one")
	if err != nil || len(refs) != 2 {
		t.Fatalf("refs = %+v, %v", refs, err)
	}
	if got, err := snap.SoleTablePassages(ctx, "one"); err != nil || len(got) != 1 || got[0] != refs[1].RowID {
		t.Errorf("one table: %v, %v; want [%d]", got, err, refs[1].RowID)
	}
	for _, id := range []string{"none", "two"} {
		if got, err := snap.SoleTablePassages(ctx, id); err != nil || got != nil {
			t.Errorf("%s: %v, %v; want nothing", id, got, err)
		}
	}
}
