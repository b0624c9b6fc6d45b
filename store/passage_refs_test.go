package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
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

// HidePictures leaves a document's passages of print read inside pictures
// out of searches, match counts and passage lists, and only when asked.
func TestHidePictures(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	c := content("d1", "Report", "Tonnage handled by the harbour rose in spring.")
	b := app.Block{ID: "d1-fig", Seq: 1, Kind: app.BlockFigure, Text: "Tonnage\n2019 412\n2020 530"}
	c.Parsed.Blocks = append(c.Parsed.Blocks, b)
	c.Passages = append(c.Passages, app.Passage{ID: "d1-p-fig", DocumentID: "d1", SectionID: "d1-s0", Seq: 1, Title: "Report",
		Text: b.Text, Spans: []app.Span{{BlockID: b.ID, Start: 0, End: len(b.Text)}}, IndexVersion: 1, Picture: true})
	job, _ := enqueue(t, db, "d1", "sha-d1")
	if err := db.CommitImport(ctx, job, c); err != nil {
		t.Fatal(err)
	}
	for _, hide := range []bool{false, true} {
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		snap.HidePictures(hide)
		want := 2
		if hide {
			want = 1
		}
		hits, err := snap.Search(ctx, "tonnage", []string{"d1"}, 10)
		if err != nil || len(hits) != want {
			t.Errorf("hide %v: Search = %+v, %v; want %d hits", hide, hits, err, want)
		}
		top, err := snap.SearchTop(ctx, "tonnage", nil, 10)
		if err != nil || len(top) != want {
			t.Errorf("hide %v: SearchTop = %+v, %v; want %d hits", hide, top, err, want)
		}
		if n, err := snap.MatchCount(ctx, "tonnage", nil); err != nil || n != want {
			t.Errorf("hide %v: MatchCount = %d, %v; want %d", hide, n, err, want)
		}
		if n, err := snap.MatchCountUpTo(ctx, "tonnage", []string{"d1"}, 10); err != nil || n != want {
			t.Errorf("hide %v: MatchCountUpTo = %d, %v; want %d", hide, n, err, want)
		}
		refs, err := snap.PassageRefs(ctx, "d1")
		if err != nil || len(refs) != want {
			t.Errorf("hide %v: PassageRefs = %+v, %v; want %d", hide, refs, err, want)
		}
		// "530" stands in the picture alone.
		if hits, err := snap.Search(ctx, "530", nil, 10); err != nil || len(hits) != want-1 {
			t.Errorf("hide %v: Search(530) = %+v, %v", hide, hits, err)
		}
		snap.Close()
	}
	// Both indexes stay true to the passages, through a delete too.
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}
	if err := db.DeleteDocument(ctx, "d1"); err != nil {
		t.Fatal(err)
	}
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Fatalf("after the delete: %v", err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	if hits, err := snap.Search(ctx, "530", nil, 10); err != nil || len(hits) != 0 {
		t.Errorf("after the delete: Search(530) = %+v, %v", hits, err)
	}
}

// TestSearchScreenReadsPictures: the search screen finds a document by
// words only the print of its pictures holds, and shows that print as the
// result's snippet, with its page; a document whose text holds the words
// shows its text.
func TestSearchScreenReadsPictures(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	add := func(id, text, print string) {
		c := pagedContent(id, "Report "+id, text)
		b := app.Block{ID: id + "-fig", Seq: 1, Kind: app.BlockFigure, Text: print, Page: 1}
		c.Parsed.Blocks = append(c.Parsed.Blocks, b)
		c.Passages = append(c.Passages, app.Passage{ID: id + "-p-fig", DocumentID: id, SectionID: id + "-s0", Seq: 1, Title: "Report " + id,
			Text: print, PageStart: 1, PageEnd: 1, Spans: []app.Span{{BlockID: b.ID, End: len(print)}}, IndexVersion: 1, Picture: true})
		job, _ := enqueue(t, db, id, "sha-"+id)
		if err := db.CommitImport(ctx, job, c); err != nil {
			t.Fatal(err)
		}
	}
	add("chart", "The harbour handled more ships this year.", "Vessels by quarter 412 530")
	add("text", "Vessels arrive at the harbour each morning.", "Tonnage 2019 2020")
	res, err := db.SearchDocuments(ctx, app.SearchRequest{Query: "vessels", Limit: 10})
	if err != nil || res.Total != 2 {
		t.Fatalf("search: %+v, %v", res, err)
	}
	for _, r := range res.Results {
		want := map[string]string{"chart": "quarter 412", "text": "arrive at the harbour"}[r.DocumentID]
		if !strings.Contains(r.Snippet, want) || !slices.Equal(r.Pages, []int{1}) {
			t.Errorf("%s: snippet %q, pages %v; want %q on page 1", r.DocumentID, r.Snippet, r.Pages, want)
		}
	}
}
