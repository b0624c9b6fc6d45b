package answer_test

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

// introAndTables is evidence of a paragraph followed by tables, blocks in
// reading order.
func introAndTables(q, intro string, tables ...string) *app.Evidence {
	ev := evidence(q, termsOf(q), append([]string{intro}, tables...)...)
	ev.Question.Scope.DocumentIDs = []string{"d"} // asked of its one document
	for id, b := range ev.Blocks {
		b.Seq = int(id[1] - '0')
		if b.Seq > 0 {
			b.Kind = app.BlockTable
		}
		ev.Blocks[id] = b
	}
	return ev
}

// TestTableItself: a question about a table itself is answered from the
// places a report says it — the header's years, the sentence over the
// table — and only when the evidence shows which table is meant.
func TestTableItself(t *testing.T) {
	intro := "Accounts receivable consists of the following (in millions):"
	receivables := "| March 31,\n| 2019 | 2018\nTrade accounts receivable | $875.8 | $557.8\nOther | 6.8 | 8.1"
	leases := "| 2020 | 2021\nOperating lease liabilities | 12.0 | 10.1"
	ask := func(ev *app.Evidence) *app.Answer {
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		return ans
	}
	for _, q := range []string{
		"Which years does the table provide information for accounts receivable for the company?",
		"What are the years included in the table?",
		"Which financial years' information is shown in the table?",
	} {
		ans := ask(introAndTables(q, intro, receivables))
		if ans.Verdict != app.VerdictAnswered || ans.Value != "2019, 2018" || len(ans.Citations) != 1 ||
			!strings.Contains(ans.Answer, "2019 and 2018") {
			t.Errorf("%s: %q %q\n%s", q, ans.Verdict, ans.Value, ans.Answer)
		}
	}
	// The words the question adds choose the table.
	q := "Which years does the table provide information for operating lease liabilities?"
	if ans := ask(introAndTables(q, intro, receivables, leases)); ans.Value != "2020, 2021" {
		t.Errorf("%s: %q %q\n%s", q, ans.Verdict, ans.Value, ans.Answer)
	}
	// "In which years was X calculated?" asks the same of X's table.
	for _, q := range []string{
		"In which years was operating lease liabilities calculated?",
		"For which years are the operating lease liabilities provided?",
		"In which years were the operating lease liabilities recorded for?",
	} {
		if ans := ask(introAndTables(q, intro, receivables, leases)); ans.Verdict != app.VerdictAnswered || ans.Value != "2020, 2021" {
			t.Errorf("%s: %q %q\n%s", q, ans.Verdict, ans.Value, ans.Answer)
		}
	}
	// A measure no table names: no table's years.
	q = "In which years was goodwill calculated?"
	if ans := ask(introAndTables(q, intro, receivables, leases)); strings.Contains(ans.Answer, "header names") {
		t.Errorf("%s: answered from a table of something else\n%s", q, ans.Answer)
	}
	// Two tables and nothing to tell them apart: no table's years.
	q = "Which years does the table show?"
	if ans := ask(introAndTables(q, intro, receivables, leases)); strings.Contains(ans.Answer, "header names") {
		t.Errorf("%s: answered from one of two tables\n%s", q, ans.Answer)
	}
	// "table" as a word of a name asks no table's years.
	q = "What year was the periodic table of elements published in this table?"
	if ans := ask(introAndTables(q, intro, receivables)); strings.Contains(ans.Answer, "header names") {
		t.Errorf("%s: read as a question about the table\n%s", q, ans.Answer)
	}

	// Years set as rows are periods the header does not name.
	q = "Which years does the table show?"
	grouped := "| Gross | Allowance | Net\n| December 31, 2019 | |\nTrade | $12,863 | $(238) | $12,625\nDecember 31, 2018 | | |\nTrade | $14,704 | $(168) | $14,536"
	if ans := ask(introAndTables(q, intro, grouped)); strings.Contains(ans.Answer, "header names") {
		t.Errorf("%s: answered from the header of a table with years as rows\n%s", q, ans.Answer)
	}

	q = "What does the table show?"
	ans := ask(introAndTables(q, intro, receivables))
	if ans.Verdict != app.VerdictAnswered || len(ans.Citations) != 1 || ans.Citations[0].Quote != intro {
		t.Errorf("%s: %q\n%s", q, ans.Verdict, ans.Answer)
	}
	// Asked of the whole library, "the table" alone does not say whose.
	all := introAndTables(q, intro, receivables)
	all.Question.Scope = app.Scope{}
	if ans := ask(all); ans.Verdict == app.VerdictAnswered {
		t.Errorf("%s, asked of every document: answered\n%s", q, ans.Answer)
	}
	// A paragraph over the table that does not introduce it says nothing
	// of what the table shows.
	ans = ask(introAndTables(q, "Our customers pay within thirty days of invoice in most markets.", receivables))
	if ans.Verdict == app.VerdictAnswered {
		t.Errorf("%s: answered with a paragraph that does not introduce the table\n%s", q, ans.Answer)
	}
}
