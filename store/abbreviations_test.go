package store_test

import (
	"context"
	"testing"

	"archivist/app"
)

func TestAbbreviations(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	readyDoc(t, db, "d1", "Notice", "The Airworthiness Directive (AD) applies.")
	doc := "d1"
	unread, err := db.UnreadAbbreviationDocuments(ctx, 1)
	if err != nil || len(unread) != 1 || unread[0] != doc {
		t.Fatalf("unread %v, %v", unread, err)
	}
	defs := []app.Abbreviation{{Short: "NARL", Long: "National Atmospheric Research Laboratory"}, {Short: "AD", Long: "Airworthiness Directive"},
		{Short: "AD", Long: "a repeated definition is ignored"}}
	if err := db.ReplaceAbbreviations(ctx, doc, 1, defs); err != nil {
		t.Fatal(err)
	}
	if unread, _ := db.UnreadAbbreviationDocuments(ctx, 1); len(unread) != 0 {
		t.Fatalf("still unread: %v", unread)
	}
	if unread, _ := db.UnreadAbbreviationDocuments(ctx, 2); len(unread) != 1 {
		t.Fatalf("a newer reader version does not read it again: %v", unread)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := snap.Abbreviations(ctx, []string{doc, "no-such-document"})
	snap.Close()
	if err != nil || len(got[doc]) != 2 || got[doc][0].Short != "AD" || got[doc][0].Long != "Airworthiness Directive" || got[doc][1].Short != "NARL" {
		t.Fatalf("abbreviations %+v, %v", got, err)
	}
	// Read again: the new reading replaces the old.
	if err := db.ReplaceAbbreviations(ctx, doc, 1, defs[:1]); err != nil {
		t.Fatal(err)
	}
	snap, _ = db.Snapshot(ctx)
	got, _ = snap.Abbreviations(ctx, []string{doc})
	snap.Close()
	if len(got[doc]) != 1 || got[doc][0].Short != "NARL" {
		t.Fatalf("after a new reading %+v", got)
	}
}
