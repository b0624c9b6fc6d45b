package answer_test

import (
	"context"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

// TestListsAndCounts: the items a total adds up, or a heading row heads,
// are listed each with its row cited; "how many" counts them and says it
// counted; a question naming no row of a table lists nothing.
func TestListsAndCounts(t *testing.T) {
	table := "(In thousands) | 2019 | 2018\n" +
		"Fully-Paid Licenses | 120 | 100\nRoyalty Bearing Licenses | 2,907 | 21,900\nOther Revenue | 10 | 106\nTotal Revenue | 3,037 | 22,106\n" +
		"Deferred tax assets: | |\nPension costs | 1,169 | 1,111\nLoss carryforwards | 3,167 | 3,445\nOther | 577 | 553\nGross deferred tax assets | 4,913 | 5,109"
	ask := func(q string) *app.Answer {
		ev := tableEvidence(q, table)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		return ans
	}
	ans := ask("What are the components of total revenue?")
	if ans.Verdict != app.VerdictAnswered || len(ans.Citations) != 3 || ans.Value != "Fully-Paid Licenses; Royalty Bearing Licenses; Other Revenue" {
		t.Errorf("components: %q %q %d cites\n%s", ans.Verdict, ans.Value, len(ans.Citations), ans.Answer)
	}
	for i, c := range ans.Citations {
		if c.N != i+1 || c.Quote == "" {
			t.Errorf("cite %d: %+v", i, c)
		}
	}
	ans = ask("How many components are there under deferred tax assets?")
	if ans.Verdict != app.VerdictComputed || ans.Value != "3" || len(ans.Citations) != 3 {
		t.Errorf("count: %q %q %d cites\n%s", ans.Verdict, ans.Value, len(ans.Citations), ans.Answer)
	}
	if ans := ask("What are the components of operating expenses?"); ans.Verdict == app.VerdictAnswered && len(ans.Citations) > 1 {
		t.Errorf("listed for a total no row names:\n%s", ans.Answer)
	}
}
