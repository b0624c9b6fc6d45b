package store_test

import (
	"context"
	"encoding/json"
	"testing"

	"archivist/app"
)

func dateFact(id, role, value string, conf float64, block string, at int) app.Fact {
	v, err := app.ParseDateValue(value)
	if err != nil {
		panic(err)
	}
	raw, _ := json.Marshal(v)
	return app.Fact{ID: id, Type: app.FactDate, Role: role, Value: raw, Original: value, Quote: "On " + value + ".",
		BlockID: block, QuoteStart: at, OriginalStart: 3, Confidence: conf, SourceSHA256: "x"}
}

func TestFactLedger(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	readyDoc(t, db, "d1", "Lease", "The lease expires on 31 March 2024.")
	readyDoc(t, db, "d2", "Invoice", "Pay by 15 January 2024.")

	n, err := db.ReplaceProposals(ctx, "d1", "dates", 1, []app.Fact{
		dateFact("f1", app.RoleExpires, "2024-03-31", 0.8, "b1", 0),
		dateFact("f2", app.RoleIssued, "2023-01-01", 0.4, "b1", 40),
	}, 0)
	if err != nil || n != 2 {
		t.Fatalf("ReplaceProposals = %d, %v", n, err)
	}
	if _, err := db.ReplaceProposals(ctx, "d2", "dates", 1, []app.Fact{
		dateFact("f3", app.RoleDue, "2024-01-15", 0.9, "b2", 0)}, 0); err != nil {
		t.Fatal(err)
	}

	t.Run("ListsPendingInDateOrder", func(t *testing.T) {
		got, err := db.ListFacts(ctx, app.FactFilter{States: []app.FactState{app.FactPending}})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[0].ID != "f2" || got[1].ID != "f3" || got[2].ID != "f1" {
			t.Fatalf("pending = %+v", got)
		}
		if got[2].DocumentTitle != "Lease" || got[2].SortValue != "2024-03-31" {
			t.Fatalf("fact = %+v", got[2])
		}
	})
	t.Run("FiltersByRangeAndDocument", func(t *testing.T) {
		got, _ := db.ListFacts(ctx, app.FactFilter{From: "2024-01-01", To: "2024-02-01"})
		if len(got) != 1 || got[0].ID != "f3" {
			t.Fatalf("January = %+v", got)
		}
		got, _ = db.ListFacts(ctx, app.FactFilter{DocumentIDs: []string{"d1"}, Roles: []string{app.RoleExpires}})
		if len(got) != 1 || got[0].ID != "f1" {
			t.Fatalf("d1 expires = %+v", got)
		}
		if err := db.AddTags(ctx, []string{"d2"}, "Bills"); err != nil {
			t.Fatal(err)
		}
		got, _ = db.ListFacts(ctx, app.FactFilter{Tag: "bills"})
		if len(got) != 1 || got[0].ID != "f3" {
			t.Fatalf("tagged bills = %+v", got)
		}
		if got, _ = db.ListFacts(ctx, app.FactFilter{Tag: "leases"}); len(got) != 0 {
			t.Fatalf("an unknown tag = %+v", got)
		}
	})
	t.Run("RejectsBadReviewWhole", func(t *testing.T) {
		err := db.ReviewFacts(ctx, "me", []app.FactReview{
			{ID: "f1", State: app.FactAccepted},
			{ID: "f3", State: app.FactAccepted, Value: json.RawMessage(`{"start":"2024-02-30"}`)},
		})
		if app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("err = %v", err)
		}
		got, _ := db.ListFacts(ctx, app.FactFilter{States: []app.FactState{app.FactAccepted}})
		if len(got) != 0 {
			t.Fatalf("a rejected batch changed %d facts", len(got))
		}
		if err := db.ReviewFacts(ctx, "me", []app.FactReview{{ID: "nope", State: app.FactAccepted}}); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("unknown ID: %v", err)
		}
		if err := db.ReviewFacts(ctx, "me", []app.FactReview{{ID: "f1", State: app.FactAccepted, Role: "birthday"}}); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("unknown role: %v", err)
		}
	})
	t.Run("ReextractionKeepsReviewedDecisions", func(t *testing.T) {
		// f1 is edited and accepted, f2 rejected; a new extractor version
		// proposes them again, plus one new date.
		if err := db.ReviewFacts(ctx, "me", []app.FactReview{
			{ID: "f1", State: app.FactAccepted, Value: json.RawMessage(`{"start":"2024-04-30"}`)},
			{ID: "f2", State: app.FactRejected},
		}); err != nil {
			t.Fatal(err)
		}
		n, err := db.ReplaceProposals(ctx, "d1", "dates", 2, []app.Fact{
			dateFact("g1", app.RoleExpires, "2024-03-31", 0.8, "b1", 0),
			dateFact("g2", app.RoleIssued, "2023-01-01", 0.4, "b1", 40),
			dateFact("g3", app.RoleRenewal, "2025-03-31", 0.7, "b1", 90),
		}, 0)
		if err != nil || n != 1 {
			t.Fatalf("re-extraction added %d, %v; want only the new date", n, err)
		}
		got, _ := db.ListFacts(ctx, app.FactFilter{DocumentIDs: []string{"d1"}})
		states := map[string]app.FactState{}
		for _, f := range got {
			states[f.ID] = f.State
		}
		if len(got) != 3 || states["f1"] != app.FactAccepted || states["f2"] != app.FactRejected || states["g3"] != app.FactPending {
			t.Fatalf("after re-extraction: %v", states)
		}
		for _, f := range got {
			if f.ID == "f1" && (f.SortValue != "2024-04-30" || f.Reviewer != "me" || f.ReviewedAt.IsZero()) {
				t.Fatalf("edited fact = %+v", f)
			}
		}
		stale, _ := db.StaleFactDocuments(ctx, "dates", 2)
		if len(stale) != 1 || stale[0] != "d2" {
			t.Fatalf("stale at version 2 = %v", stale)
		}
	})
	t.Run("AutoAcceptAboveThreshold", func(t *testing.T) {
		if x, _ := db.AutoAcceptAbove(ctx); x != 0 {
			t.Fatalf("default threshold = %v, want off", x)
		}
		if err := db.SetAutoAcceptAbove(ctx, 1.5); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("threshold 1.5: %v", err)
		}
		if err := db.SetAutoAcceptAbove(ctx, 0.85); err != nil {
			t.Fatal(err)
		}
		x, _ := db.AutoAcceptAbove(ctx)
		if _, err := db.ReplaceProposals(ctx, "d2", "dates", 2, []app.Fact{
			dateFact("h1", app.RoleDue, "2024-01-15", 0.9, "b2", 0),
			dateFact("h2", app.RoleIssued, "2023-12-15", 0.5, "b2", 30)}, x); err != nil {
			t.Fatal(err)
		}
		got, _ := db.ListFacts(ctx, app.FactFilter{DocumentIDs: []string{"d2"}})
		if len(got) != 2 || got[1].State != app.FactAccepted || got[1].Reviewer != "auto" || got[0].State != app.FactPending {
			t.Fatalf("auto-accepted = %+v", got)
		}
	})
	t.Run("TrashedDocumentsLeaveTheAgenda", func(t *testing.T) {
		if err := db.Trash(ctx, []string{"d2"}); err != nil {
			t.Fatal(err)
		}
		got, _ := db.ListFacts(ctx, app.FactFilter{DocumentIDs: []string{"d2"}})
		if len(got) != 0 {
			t.Fatalf("trashed document still lists %d facts", len(got))
		}
	})
}
