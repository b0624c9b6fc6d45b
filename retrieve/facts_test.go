package retrieve_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"archivist/app"
)

func TestAcceptedDatesBesideSources(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	// The date's sentence sits in the middle of a long agreement, in a
	// passage sharing no word with the question.
	var lease []string
	for i := 0; i < 8; i++ {
		lease = append(lease, "The lease of the flat covers its cellar and the garden. "+filler(2000))
	}
	quote := "It ends on 31 March 2030."
	lease[3] = "Ending the tenancy: two months' warning is needed. " + quote
	addDoc(t, db, doc{id: "lease", title: "Tenancy agreement", order: []string{""}, sections: map[string][]string{"": lease}})
	block := "lease/b3"
	start := strings.Index(lease[3], quote)
	v, _ := json.Marshal(app.DateValue{Start: "2030-03-31"})
	pending, _ := json.Marshal(app.DateValue{Start: "2030-01-31"})
	if _, err := db.ReplaceProposals(ctx, "lease", "dates", 1, []app.Fact{
		{ID: "f1", Type: app.FactDate, Role: app.RoleExpires, Value: v, Original: "31 March 2030", Quote: quote,
			BlockID: block, QuoteStart: start, OriginalStart: 14, Confidence: 0.9},
		{ID: "f2", Type: app.FactDate, Role: app.RoleNotice, Value: pending, Original: "x", Quote: "x", BlockID: block, Confidence: 0.5},
	}, 0); err != nil {
		t.Fatal(err)
	}
	cites := func(ans *app.Answer) bool {
		for _, c := range ans.Citations {
			if c.Quote == quote && c.DocumentID == "lease" && len(c.Blocks) == 1 && c.Blocks[0] == block {
				return true
			}
		}
		return false
	}
	if ans := ask(t, db, "When does the lease of the flat expire?"); cites(ans) || ans.Dates != 0 {
		t.Fatalf("before review the date is quoted (%v) or counted (%d): the test shows nothing", cites(ans), ans.Dates)
	}
	if err := db.ReviewFacts(ctx, "me", []app.FactReview{{ID: "f1", State: app.FactAccepted}}); err != nil {
		t.Fatal(err)
	}

	t.Run("WhenQuestionQuotesTheDate", func(t *testing.T) {
		ans := ask(t, db, "When does the lease of the flat expire?")
		if ans.Dates != 1 {
			t.Errorf("answer counts %d accepted dates, want 1 (the pending one is not counted)", ans.Dates)
		}
		if !cites(ans) {
			t.Fatalf("the accepted date's evidence is not quoted: %+v", ans.Citations)
		}
	})
}
