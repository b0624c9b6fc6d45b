package answer_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

// computeEvidence is evidence of one source whose blocks are paragraphs,
// and tables where a block's text has cells, in reading order.
func computeEvidence(question string, blocks ...string) *app.Evidence {
	ev := evidence(question, termsOf(question), blocks...)
	for id, b := range ev.Blocks {
		if strings.Contains(b.Text, " | ") {
			b.Kind = app.BlockTable
		}
		b.Seq, _ = strconv.Atoi(strings.TrimPrefix(id, "b"))
		ev.Blocks[id] = b
	}
	return ev
}

const (
	revenueIntro = "Revenue by type was as follows (in millions):"
	revenueTable = " | 2019 | 2018 | 2017\nRevenue | 56.7 | 44.1 | 40.0\nCost of revenue | 30.0 | 20.5 | (1,142)\nDeferred income | 1.0 | — | 2.0\nOther income | 3.0 | n/a | 1.0\nTotal | 87.7 | 65.6 | 40.0"
)

func TestComputedAnswers(t *testing.T) {
	for _, tc := range []struct {
		question, first string
		cells           []string
	}{
		{"What was the change in revenue from 2018 to 2019?",
			"Change in Revenue from 2018 to 2019 = 56.7 − 44.1 = 12.6 million", []string{"44.1", "56.7"}},
		{"What was the change in revenue in 2019 from 2018?",
			"Change in Revenue from 2018 to 2019 = 56.7 − 44.1 = 12.6 million", []string{"44.1", "56.7"}},
		{"What is the percentage change in revenue between 2018 and 2019?",
			"Percentage change in Revenue from 2018 to 2019 = (56.7 − 44.1) / 44.1 × 100 = 28.57%", []string{"44.1", "56.7"}},
		// "2017 to 2019" spans 2018 as well; the mean comes out even at two decimals.
		{"What is the average revenue from 2017 to 2019?",
			"Average of Revenue for 2017, 2018, 2019 = (40.0 + 44.1 + 56.7) / 3 = 46.933 million", []string{"40.0", "44.1", "56.7"}},
		// "cost" is in another row's label: "Revenue" is not the row asked.
		{"What is the total cost of revenue in 2018 and 2019?",
			"Sum of Cost of revenue for 2018, 2019 = 20.5 + 30.0 = 50.5 million", []string{"20.5", "30.0"}},
		// Two measures' figures of one period.
		{"What was the cost of revenue as a percentage of revenue in 2019?",
			"Cost of revenue as a percentage of Revenue, 2019 = 30.0 / 56.7 × 100 = 52.91%", []string{"30.0", "56.7"}},
		{"What is the ratio of revenue to cost of revenue in 2018?",
			"Ratio of Revenue to Cost of revenue, 2018 = 44.1 / 20.5 = 2.15", []string{"44.1", "20.5"}},
		{"What is the difference between revenue and cost of revenue in 2019?",
			"Difference of Revenue and Cost of revenue, 2019 = 56.7 − 30.0 = 26.7 million", []string{"56.7", "30.0"}},
		// "The change in the total" asks the total row.
		{"What was the change in the total from 2018 to 2019?",
			"Change in Total from 2018 to 2019 = 87.7 − 65.6 = 22.1 million", []string{"65.6", "87.7"}},
		// A figure in parentheses is negative.
		{"What was the change in cost of revenue from 2017 to 2018?",
			"Change in Cost of revenue from 2017 to 2018 = 20.5 − (−1142.0) = 1162.5 million", []string{"(1,142)", "20.5"}},
	} {
		t.Run(tc.question, func(t *testing.T) {
			ev := computeEvidence(tc.question, revenueIntro, revenueTable)
			ans, missing := answer.Compute(ev)
			if ans == nil {
				t.Fatalf("nothing computed: %s", missing)
			}
			if ans.Verdict != app.VerdictComputed || !ans.Sufficient {
				t.Fatalf("verdict %q, sufficient %v", ans.Verdict, ans.Sufficient)
			}
			if first, _, _ := strings.Cut(ans.Answer, "\n"); first != tc.first {
				t.Fatalf("answer %q\nwant   %q", first, tc.first)
			}
			if _, after, _ := strings.Cut(tc.first, " = "); ans.Value == "" || !strings.HasSuffix(tc.first, "= "+ans.Value) || after == "" {
				t.Fatalf("value %q: not the result the answer states (%q)", ans.Value, tc.first)
			}
			if len(ans.Citations) != len(tc.cells) {
				t.Fatalf("%d citations for %d operands", len(ans.Citations), len(tc.cells))
			}
			for i, c := range ans.Citations {
				if c.Cell != tc.cells[i] || !strings.Contains(revenueTable, c.Quote) || !strings.Contains(c.Header, "2019 | 2018") ||
					c.N != i+1 || c.Source != 1 {
					t.Errorf("citation %d: %+v", i, c)
				}
				if !strings.Contains(ans.Answer, "["+strconv.Itoa(c.N)+"]") {
					t.Errorf("citation %d is not shown in the answer", c.N)
				}
			}
		})
	}
}

func TestComputedFromAGridTable(t *testing.T) {
	// One cell per column, empty ones kept: "2019" heads the column of
	// the row's second cell though the header's "$" and "%" cells hold
	// no word.
	grid := " |  | December 31, |  | Change\n | 2019 | 2018 | $ | %\nGross profit | $ 22,149 | $ 25,858 | (3,709) | (14.3%)"
	ans, missing := answer.Compute(computeEvidence("What is the average gross profit for 2018 and 2019?", grid))
	if ans == nil || !strings.HasPrefix(ans.Answer, "Average of Gross profit for 2018, 2019 = (25858 + 22149) / 2 = 24003.5\n") {
		t.Fatalf("answer %v, missing %q", ans, missing)
	}
	// A year spanning two columns (repeated in each) heads neither.
	spanned := " | 2019 | 2019 | 2018 | 2018\n | Amount | % | Amount | %\nRevenue | 10 | 5% | 8 | 4%"
	if ans, _ := answer.Compute(computeEvidence("What is the change in revenue from 2018 to 2019?", spanned)); ans != nil {
		t.Fatalf("computed %q", ans.Answer)
	}
}

func TestComputedRowsNamedByNetAndTotal(t *testing.T) {
	table := " | 2019 | 2018\nDeferred tax assets | 10 | 8\nNet deferred tax assets | 7 | 5\nExpected term | 3.5 | 4.0\nPlant start-up costs (2) | (927) | 929\nNet income (loss) | 12 | (3)\nBasic earnings per share | 2.29 | (3.27)"
	for q, want := range map[string]string{
		"What is the change in net deferred tax assets from 2018 to 2019?":           "Change in Net deferred tax assets from 2018 to 2019 = 7 − 5 = 2\n",
		"What is the change in deferred tax assets from 2018 to 2019?":               "Change in Deferred tax assets from 2018 to 2019 = 10 − 8 = 2\n",
		"What is the average expected term for 2018 and 2019?":                       "Average of Expected term for 2018, 2019 = (4.0 + 3.5) / 2 = 3.75\n",
		"What was the change in net income from 2018 to 2019?":                       "Change in Net income (loss) from 2018 to 2019 = 12 − (−3) = 15\n",
		"What was the change in the basic earnings per share between 2018 and 2019?": "Change in Basic earnings per share from 2018 to 2019 = 2.29 − (−3.27) = 5.56\n",
		// A label's note mark is no figure.
		"What was the change in the plant start-up costs between 2018 and 2019?": "Change in Plant start-up costs (2) from 2018 to 2019 = (−927) − 929 = −1856\n",
	} {
		ans, missing := answer.Compute(computeEvidence(q, table))
		if ans == nil || !strings.HasPrefix(ans.Answer, want) {
			t.Errorf("%s: %v %s", q, ans, missing)
		}
	}
}

func TestComputedFromPeriodRows(t *testing.T) {
	// A schedule sets its years in rows and its measures in columns.
	schedule := " | Operating leases | Finance leases\n2021 | 138 | 7\n2022 | 135 | 6\nThereafter | 300 | 10"
	ans, missing := answer.Compute(computeEvidence("What was the change in operating leases between 2021 and 2022?",
		"Future minimum lease payments are as follows (in millions):", schedule))
	if ans == nil || !strings.HasPrefix(ans.Answer, "Change in Operating leases from 2021 to 2022 = 135 − 138 = −3 million\n") {
		t.Fatalf("answer %v, missing %q", ans, missing)
	}
	if len(ans.Citations) != 2 || ans.Citations[0].Quote != "2021 | 138 | 7" || ans.Citations[0].Cell != "138" ||
		ans.Citations[1].Quote != "2022 | 135 | 6" || ans.Citations[1].Cell != "135" {
		t.Fatalf("citations %+v", ans.Citations)
	}
	// "leases" alone heads two columns equally.
	if ans, _ := answer.Compute(computeEvidence("What was the change in leases between 2021 and 2022?", schedule)); ans != nil {
		t.Fatalf("computed %q", ans.Answer)
	}
}

func TestComputedRowOfAGroup(t *testing.T) {
	// "Product" is revenue because the row over its group says so,
	// though another row ("Percentage of revenue") writes "revenue" too.
	table := " | 2019 | 2018\nRevenue:\nProduct | 39,005 | 36,709\nPercentage of revenue | 75.1% | 74.4%\nService | 12,899 | 12,621"
	ans, missing := answer.Compute(computeEvidence("What was the change in product revenue between 2018 and 2019?", table))
	if ans == nil || !strings.HasPrefix(ans.Answer, "Change in Product from 2018 to 2019 = 39005 − 36709 = 2296\n") {
		t.Fatalf("answer %v, missing %q", ans, missing)
	}
}

func TestComputedFromAnUnlabelledTotal(t *testing.T) {
	// The total set under a rule has no label: the question's "total"
	// and the introduction's measure name it.
	intro := "Accrued liabilities consisted of the following (in thousands):"
	table := " | 2019 | 2018\nWarranty reserve | 529 | 520\nOther | 504 | 564\n | $3,571 | $3,416"
	ans, missing := answer.Compute(computeEvidence("What is the difference in the total accrued liabilities between 2018 and 2019?", intro, table))
	if ans == nil || !strings.HasPrefix(ans.Answer, "Difference in Total between 2018 and 2019 = |3571 − 3416| = 155 thousand\n") {
		t.Fatalf("answer %v, missing %q", ans, missing)
	}
	// Without "total" the row under no label answers nothing.
	if ans, _ := answer.Compute(computeEvidence("What is the difference in accrued liabilities between 2018 and 2019?", intro, table)); ans != nil {
		t.Fatalf("computed %q", ans.Answer)
	}
}

func TestComputedArithmeticIsExact(t *testing.T) {
	// Binary floating point gives 0.30000000000000004 for 0.1 + 0.2, and
	// loses the cents of a figure this large.
	computesEach(t, " | 2019 | 2018\nBalance | 12345678901234567.89 | 0.01\nFees | 0.1 | 0.2", map[string]string{
		"What was the change in balance from 2018 to 2019?": "= 12345678901234567.89 − 0.01 = 12345678901234567.88\n",
		"What is the sum of fees in 2018 and 2019?":         "= 0.2 + 0.1 = 0.3\n",
		"What is the average fees for 2018 and 2019?":       "= (0.2 + 0.1) / 2 = 0.15\n",
	})
}

// computesEach asks each question over table alone and checks that the
// computed answer holds the arithmetic it names.
func computesEach(t *testing.T, table string, want map[string]string) {
	t.Helper()
	for q, arithmetic := range want {
		ans, missing := answer.Compute(computeEvidence(q, table))
		if ans == nil || !strings.Contains(ans.Answer, arithmetic) {
			t.Errorf("%q: answer %v, missing %q; want %q", q, ans, missing, arithmetic)
		}
	}
}

func TestNothingComputedWithoutSureOperands(t *testing.T) {
	for _, tc := range []struct {
		name, question, table, missing string
	}{
		{"TwoRowsEqually", "What was the change in revenue from 2018 to 2019?",
			" | 2019 | 2018\nProduct revenue | 10 | 8\nService revenue | 5 | 4", "equally"},
		{"PeriodNotInHeader", "What was the change in revenue from 2016 to 2019?", revenueTable, "2016"},
		{"MeasureWordNowhere", "What was the change in deferred revenue from 2018 to 2019?", revenueTable, "deferred revenue"},
		{"Dash", "What was the change in deferred income from 2018 to 2019?", revenueTable, "a blank or a dash"},
		{"NotAPlainNumber", "What was the change in other income from 2018 to 2019?", revenueTable, "not a plain number"},
		// A year over a figure and its percentage: which cell is the
		// year's cannot be told.
		{"HeaderSpansCells", "What was the change in revenue from 2018 to 2019?",
			" | 2019 | 2018\nRevenue | 56.7 | 12% | 44.1 | 10%", "no single column"},
		// A row of shares answers no question of the amount.
		{"ShareRow", "What is the total gross profit for years ended December 31, 2018 and 2019?",
			" | 2019 | 2018\nGross profit % to net sales | 25.0 | 23.6", "gross profit"},
		{"PercentagesDoNotAdd", "What is the sum of the margin in 2018 and 2019?",
			" | 2019 | 2018\nMargin | 25.0% | 23.6%", "percentages"},
		{"AbsolutePercentageChange", "What was the absolute percentage change in revenue between 2018 and 2019?", revenueTable, ""},
		{"BackInTime", "What is the increase in revenue from 2019 to 2018?", revenueTable, ""},
		{"RatioOfTwoMeasures", "What is the ratio of cost of revenue to revenue in 2019 and 2018?", revenueTable, ""},
		{"RatioOverTwoPeriods", "What is the ratio of revenue to cost of revenue in 2018 and 2019?", revenueTable, ""},
		{"BothMeasuresOneRow", "What is the difference between revenue and revenue in 2019?", revenueTable, "both measures"},
		// The label measures taxes: "net" and "income" are its qualifiers.
		{"LabelOfAnotherMeasure", "What is the percentage change in net income from 2018 to 2019?",
			" | 2019 | 2018\nInternational income taxes - net | (0.4) | (1.2)", "“income”"},
		{"LabelOfABroaderMeasure", "What was the change in cash and cash equivalents from 2018 to 2019?",
			" | 2019 | 2018\nLess: Cash, cash equivalents and marketable securities | 3,916 | 4,792", "cash cash equivalents"},
		{"EachFigure", "What was the revenue for 2019 and 2018 respectively?", revenueTable, ""},
		{"Reason", "Why did revenue increase from 2018 to 2019?", revenueTable, ""},
		{"OnePeriod", "What was the change in revenue in 2019?", revenueTable, ""},
		{"NoComputation", "What was the revenue in 2019 and 2018?", revenueTable, ""},
		// The year a question gives its source is no second period.
		{"SourceYear", "acme total revenue december 31 2018 (2019 10-k)", revenueTable, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ans, missing := answer.Compute(computeEvidence(tc.question, revenueIntro, tc.table))
			if ans != nil {
				t.Fatalf("computed %q", ans.Answer)
			}
			if tc.missing == "" && missing != "" || !strings.Contains(missing, tc.missing) {
				t.Fatalf("missing %q, want it to name %q", missing, tc.missing)
			}
		})
	}
}

func TestExtractiveComputesFirst(t *testing.T) {
	ctx := context.Background()
	ans, err := answer.Extractive{}.Answer(ctx, computeEvidence("What was the change in revenue from 2018 to 2019?", revenueIntro, revenueTable))
	if err != nil || ans.Verdict != app.VerdictComputed || !strings.HasPrefix(ans.Answer, "Change in Revenue") {
		t.Fatalf("answer %+v, %v", ans, err)
	}
	// Not a computation: the answerer quotes as before.
	ans, err = answer.Extractive{}.Answer(ctx, computeEvidence("What was the revenue in 2019?", revenueIntro, revenueTable))
	if err != nil || ans.Verdict == app.VerdictComputed || !ans.Sufficient {
		t.Fatalf("answer %+v, %v", ans, err)
	}
}

// TestChangeStatedAsAsked: a difference has no direction, its size is
// asked; "decrease by" asks the fall as a positive figure; a change is
// later less earlier.
func TestChangeStatedAsAsked(t *testing.T) {
	computesEach(t, " | 2019 | 2018\nNet deferred tax assets | $3,851 | $4,317", map[string]string{
		"What is the difference in net deferred tax assets between 2018 and 2019?": "|3851 − 4317| = 466",
		"How much did net deferred tax assets decrease by from 2018 to 2019?":      "4317 − 3851 = 466",
		"What was the change in net deferred tax assets from 2018 to 2019?":        "3851 − 4317 = −466",
	})
}

// TestComparedAnswers: "In which year was X larger?" is read from X's row
// under its table's years, each cell cited, with verdict computed; a row
// with a figure below nought, a figure the question gives, and a tie
// answer nothing.
func TestComparedAnswers(t *testing.T) {
	for _, tc := range []struct {
		question, value string
		cells           int
	}{
		{"In which year was revenue larger?", "2019", 3},
		{"Which year has the lowest revenue?", "2017", 3},
		{"In which year was the amount of deferred income the smallest?", "", 0}, // "—" is no plain number
		{"In which year was cost of revenue higher?", "", 0},                     // (1,142): larger may mean either
		{"In which year was revenue less than 50 million?", "", 0},               // a threshold, not a comparison
		{"In which year was other income higher?", "", 0},                        // "n/a"
		{"Which FY has the higher revenue?", "2019", 3},
		// A clause before the question bounds the years compared.
		{"Between 2017 and 2018, which year had higher revenue?", "2018", 2},
		{"Between 2015 and 2016, which year had higher revenue?", "", 0}, // no column for them
	} {
		ev := computeEvidence(tc.question, revenueIntro, revenueTable)
		ans, err := answer.Compute(ev)
		if tc.value == "" {
			if ans != nil {
				t.Errorf("%q: compared %q: %s", tc.question, ans.Value, ans.Answer)
			}
			continue
		}
		if ans == nil || ans.Value != tc.value || ans.Verdict != app.VerdictComputed || len(ans.Citations) != tc.cells {
			t.Errorf("%q: %+v (%s), want %s from %d cells", tc.question, ans, err, tc.value, tc.cells)
		}
	}
	// A row of percentages is compared when the question asks one.
	ev := computeEvidence("In which year was the gross margin (%) higher?", revenueIntro, " | 2019 | 2018\nRevenue | 56.7 | 44.1\nGross margin (%) | 47.1% | 53.5%")
	if ans, _ := answer.Compute(ev); ans == nil || ans.Value != "2018" {
		t.Errorf("a percentage row not compared: %+v", ans)
	}
	ev = computeEvidence("In which year was revenue larger?", revenueIntro, " | 2019 | 2018\nRevenue | 56.7 | 56.7")
	if ans, _ := answer.Compute(ev); ans != nil {
		t.Errorf("a tie compared: %s", ans.Answer)
	}
}

// TestComparedFromASentence: "In which year was X larger?" is answered
// from the one sentence that carries X and states its figure for each of
// two years, cited, with verdict computed; two such sentences, a sentence
// of another measure, or years the question does not bound it to answer
// nothing.
func TestComparedFromASentence(t *testing.T) {
	cms := "Amortization of purchased intangibles included in the CMS results amounted to $19.5 million in 2019 and $20.8 million in 2018."
	accrued := "As of April 30, 2019 and 2018, the Company had accrued interest and penalties of $64,000 and $10,000 in 2019 and 2018, respectively."
	for _, c := range []struct {
		q, value string
		blocks   []string
	}{
		{"In which year is the amortization of purchased intangibles included in the CMS results larger?", "2018", []string{cms}},
		{"In which year was the amortization of purchased intangibles smaller?", "2019", []string{cms}},
		{"In which year were the accrued interest and penalties higher?", "2019", []string{accrued}},
		// Each figure at its own scale word: $1.2 billion is more than $950 million.
		{"In which year were the capital expenditures larger?", "2019",
			[]string{"Capital expenditures were $1.2 billion in 2019 and $950 million in 2018."}},
		// Two sentences state the measure's years: which is meant is unknown.
		{"In which year was the amortization of purchased intangibles larger?", "", []string{cms,
			"Amortization of purchased intangibles included in the DMS results amounted to $9.5 million in 2019 and $2.8 million in 2018."}},
		// The sentence is of another measure.
		{"In which year was the goodwill impairment larger?", "", []string{cms}},
		// The question bounds the comparison to years the sentence does not give.
		{"Between 2016 and 2017, which year had higher amortization of purchased intangibles?", "", []string{cms}},
	} {
		ans, _ := answer.Compute(computeEvidence(c.q, c.blocks...))
		switch {
		case c.value == "" && ans != nil:
			t.Errorf("%q: compared %q\n%s", c.q, ans.Value, ans.Answer)
		case c.value != "" && (ans == nil || ans.Value != c.value || ans.Verdict != app.VerdictComputed || len(ans.Citations) != 1):
			t.Errorf("%q: %+v, want %s", c.q, ans, c.value)
		}
	}
}
