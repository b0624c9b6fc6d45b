package store_test

import (
	"context"
	"slices"
	"testing"

	"archivist/app"
	"archivist/ingest/suggest"
)

// "Apply suggestions automatically" is off in a new library, kept in the
// library, and when on sets what the local suggester proposes for a new
// document.
func TestAutoApplySuggestions(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	if on, err := db.AutoApplySuggestions(ctx); err != nil || on {
		t.Fatalf("new library: auto-apply = %v, %v; want off", on, err)
	}
	if err := db.SetAutoApplySuggestions(ctx, true); err != nil {
		t.Fatal(err)
	}
	if on, err := db.AutoApplySuggestions(ctx); err != nil || !on {
		t.Fatalf("after turning on: auto-apply = %v, %v", on, err)
	}
	importDoc(t, db, "a", "Invoice 1041", "Northwind Power invoice for electricity supplied, amount due, payment terms 30 days")
	importDoc(t, db, "b", "Invoice 1077", "Northwind Power invoice for electricity supplied in March, amount due")
	for _, id := range []string{"a", "b"} {
		if err := db.SetLabel(ctx, app.LabelType, []string{id}, "Invoice"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetLabel(ctx, app.LabelCorrespondent, []string{id}, "Northwind Power"); err != nil {
			t.Fatal(err)
		}
		if err := db.AddTags(ctx, []string{id}, "bills"); err != nil {
			t.Fatal(err)
		}
	}
	importDoc(t, db, "new", "Invoice 1102", "Northwind Power invoice for electricity supplied in April, amount due")
	sug, err := suggest.Local{Lib: db}.SuggestMeta(ctx, "new")
	if err != nil {
		t.Fatal(err)
	}
	if sug.Count() != 3 {
		t.Fatalf("proposal = %+v; want type, correspondent and one tag", sug)
	}
	if err := app.ApplySuggestion(ctx, db, sug); err != nil {
		t.Fatal(err)
	}
	m, err := db.DocumentMeta(ctx, []string{"new"})
	if err != nil {
		t.Fatal(err)
	}
	got := m["new"]
	if got.Type != "Invoice" || got.Correspondent != "Northwind Power" || !slices.Equal(got.Tags, []string{"bills"}) {
		t.Fatalf("after auto-apply the document carries %+v", got)
	}
	if err := db.SetAutoApplySuggestions(ctx, false); err != nil {
		t.Fatal(err)
	}
	if on, _ := db.AutoApplySuggestions(ctx); on {
		t.Fatal("turned off, auto-apply still on")
	}
}
