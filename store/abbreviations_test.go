package store_test

import (
	"context"
	"strings"
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

func TestAbbreviationsNaming(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	readyDoc(t, db, "lab", "Institute", "The National Atmospheric Research Laboratory (NARL).")
	readyDoc(t, db, "league", "League", "The North American Radar League (NARL).")
	readyDoc(t, db, "plane", "Notice", "The Airworthiness Directive (AD) applies.")
	for id, defs := range map[string][]app.Abbreviation{
		"lab":    {{Short: "NARL", Long: "National Atmospheric Research Laboratory"}, {Short: "MST", Long: "Mesosphere Stratosphere Troposphere"}},
		"league": {{Short: "NARL", Long: "North American Radar League"}},
		"plane":  {{Short: "AD", Long: "Airworthiness Directive"}},
	} {
		if err := db.ReplaceAbbreviations(ctx, id, 1, defs); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	names := func(docIDs []string, words ...string) string {
		t.Helper()
		got, err := snap.AbbreviationsNaming(ctx, docIDs, words)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, a := range got {
			s = append(s, a.Short+"="+a.Long)
		}
		return strings.Join(s, "; ")
	}
	if got, want := names(nil, "narl", "radar"), "NARL=National Atmospheric Research Laboratory; NARL=North American Radar League"; got != want {
		t.Errorf("every document's NARL: %q, want %q", got, want)
	}
	if got, want := names([]string{"league"}, "narl"), "NARL=North American Radar League"; got != want {
		t.Errorf("one document's NARL: %q, want %q", got, want)
	}
	if got, want := names(nil, "where", "airworthiness directive"), "AD=Airworthiness Directive"; got != want {
		t.Errorf("by long form: %q, want %q", got, want)
	}
	if got := names(nil, "airworthiness", "directive"); got != "" {
		t.Errorf("words of a long form name it: %q", got)
	}
	if got := names(nil); got != "" {
		t.Errorf("no words: %q", got)
	}
}
