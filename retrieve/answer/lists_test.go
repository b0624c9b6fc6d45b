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

// TestThresholdCounts: "How many years did X exceed N?" is counted from
// X's row under its header's years, each year's figure shown, the row
// cited cell by cell; the limit is read at the table's scale.
func TestThresholdCounts(t *testing.T) {
	for _, c := range []struct{ q, table, want string }{
		{"How many years did net income exceed $30,000 thousand?", "Year ended | 2019 | 2018 | 2017\nNet income | $53,330 | $21,524 | $29,251", "1"},
		{"How many years did net income exceed $25 million?", "(In thousands) | 2019 | 2018 | 2017\nNet income | $53,330 | $21,524 | $29,251", "2"},
		{"How many years did net income fall below $25,000 thousand?", "Year ended | 2019 | 2018 | 2017\nNet income | $53,330 | $21,524 | $29,251", "1"},
		// Which years, rather than how many: the years themselves.
		{"In which year was net income less than 25,000 thousands?", "Year ended | 2019 | 2018 | 2017\nNet income | $53,330 | $21,524 | $29,251", "2018"},
		{"Which years did net income exceed $25 million?", "(In thousands) | 2019 | 2018 | 2017\nNet income | $53,330 | $21,524 | $29,251", "2019, 2017"},
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), tableEvidence(c.q, c.table))
		if err != nil {
			t.Fatal(err)
		}
		if ans.Verdict != app.VerdictComputed || ans.Value != c.want || len(ans.Citations) != 3 {
			t.Errorf("%q: %q %q\n%s", c.q, ans.Verdict, ans.Value, ans.Answer)
		}
	}
	// A row named by the table around it: "net sales from Americas" is the
	// row "Americas" of a table of net sales.
	ans, _ := answer.Extractive{}.Answer(context.Background(), computeEvidence("How many years did net sales from Americas exceed $200 thousand?",
		"Net sales by region were as follows (in thousands):", " | 2019 | 2018\nAmericas | 250 | 150\nEurope | 300 | 90"))
	if ans.Verdict != app.VerdictComputed || ans.Value != "1" || len(ans.Citations) != 2 {
		t.Errorf("a row named by its table not counted: %q %q\n%s", ans.Verdict, ans.Value, ans.Answer)
	}
	ans, _ = answer.Extractive{}.Answer(context.Background(), computeEvidence("How many years did net sales from Asia exceed $200 thousand?",
		"Net sales by region were as follows (in thousands):", " | 2019 | 2018\nAmericas | 250 | 150\nEurope | 300 | 90"))
	if ans.Verdict == app.VerdictComputed {
		t.Errorf("counted a row of another region:\n%s", ans.Answer)
	}
	// No row named so: nothing counted.
	ans, _ = answer.Extractive{}.Answer(context.Background(), tableEvidence("How many years did revenue exceed $10 thousand?",
		"Year ended | 2019 | 2018\nNet income | 53 | 21"))
	if ans.Verdict == app.VerdictComputed {
		t.Errorf("counted a row the question does not name:\n%s", ans.Answer)
	}
	// No year passed the figure: nothing stated.
	ans, _ = answer.Extractive{}.Answer(context.Background(), tableEvidence("In which year was net income less than 10 thousand?",
		"Year ended | 2019 | 2018\nNet income | 53 | 21"))
	if ans.Verdict == app.VerdictComputed {
		t.Errorf("stated years no figure passed:\n%s", ans.Answer)
	}
}
