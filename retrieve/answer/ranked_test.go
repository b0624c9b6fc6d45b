package answer_test

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

const (
	segmentIntro = "Revenue by segment was as follows (in millions):"
	segmentTable = " | 2019 | 2018\nCloud | 50 | 40\nDevices | 70 | 30\nGaming | 20 | 10\nTotal | 140 | 80"
)

// TestRankedAnswers: "Which segment had the highest revenue in 2019?" is
// read from every item row of the table that measures revenue, under the
// asked year (or the column whose header carries the measure), each
// compared cell cited, with verdict computed.
func TestRankedAnswers(t *testing.T) {
	for _, tc := range []struct {
		question, intro, table, value string
		cells                         int
	}{
		{"Which segment had the highest revenue in 2019?", segmentIntro, segmentTable, "Devices", 3},
		{"Which segment had the lowest revenue in 2018?", segmentIntro, segmentTable, "Gaming", 3},
		{"Which segment has the second highest revenue in 2018?", segmentIntro, segmentTable, "Devices", 3},
		{"For 2019, what is the segment that contributed the most to revenue?", segmentIntro, segmentTable, "Devices", 3},
		// No year asked: the column whose header carries the measure.
		{"In which segment were the remaining charges the largest?", "Charges by segment (in millions):",
			" | Expected charges | Remaining charges\nTransport | 160 | 16\nIndustrial | 80 | 14\nTotal | 240 | 30", "Transport", 2},
		// The heading of the table's one group of rows is no item.
		{"Which component is the greatest in the fair value?", "Fair value of investments (in thousands):",
			" | Fair value\nAssets:\nBonds | 116,835\nCommercial paper | 44,300", "Bonds", 2},
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), computeEvidence(tc.question, tc.intro, tc.table))
		if err != nil {
			t.Fatal(err)
		}
		if ans.Verdict != app.VerdictComputed || ans.Value != tc.value || len(ans.Citations) != tc.cells ||
			!strings.Contains(ans.Answer, answer.RankedLead) {
			t.Errorf("%q: %q %q, %d cells, want %q from %d\n%s", tc.question, ans.Verdict, ans.Value, len(ans.Citations), tc.value, tc.cells, ans.Answer)
		}
	}
}

// TestNothingRankedWithoutTheWholeTable: a ranking is stated only from a
// whole table that measures what is asked, with plain figures at or above
// nought and no tie.
func TestNothingRankedWithoutTheWholeTable(t *testing.T) {
	for _, tc := range []struct{ why, question, intro, table string }{
		{"two groups of rows", "Which segment had the highest revenue in 2019?", segmentIntro,
			" | 2019 | 2018\nHardware:\nDevices | 70 | 30\nSoftware:\nCloud | 50 | 40"},
		{"the rows are measures", "Which segment had the highest revenue in 2019?", segmentIntro,
			" | 2019 | 2018\nRevenue | 50 | 40\nCost of revenue | 70 | 30"},
		{"the table measures something else", "Which segment had the highest revenue in 2019?", "Headcount by segment:",
			" | 2019 | 2018\nCloud | 50 | 40\nDevices | 70 | 30"},
		{"a tie", "Which segment had the highest revenue in 2019?", segmentIntro,
			" | 2019 | 2018\nCloud | 70 | 40\nDevices | 70 | 30"},
		{"a figure below nought", "Which segment had the lowest revenue in 2019?", segmentIntro,
			" | 2019 | 2018\nCloud | (5) | 40\nDevices | 70 | 30"},
		{"no column for the year", "Which segment had the highest revenue in 2017?", segmentIntro, segmentTable},
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), computeEvidence(tc.question, tc.intro, tc.table))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(ans.Answer, answer.RankedLead) {
			t.Errorf("%s: ranked %q\n%s", tc.why, ans.Value, ans.Answer)
		}
	}

	// A row of the table that the evidence's window leaves out could hold
	// the largest figure: nothing is ranked.
	ev := computeEvidence("Which segment had the highest revenue in 2019?", segmentIntro, segmentTable)
	w := &ev.Sources[0].Windows[0]
	cut := strings.Index(w.Text, "\nGaming")
	w.Spans[1].End = cut - len(segmentIntro) - len(app.PassageSeparator)
	w.Text = w.Text[:cut]
	ev.Sources[0].Text = w.Text
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(ans.Answer, answer.RankedLead) {
		t.Errorf("ranked a table the evidence holds in part:\n%s", ans.Answer)
	}
}
