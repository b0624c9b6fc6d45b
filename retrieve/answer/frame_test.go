package answer

import (
	"testing"

	"archivist/app/lang"
)

// TestFrameStems: the words that frame what kind of answer is wanted are
// found; the same words asking of their own are not.
func TestFrameStems(t *testing.T) {
	for q, want := range map[string]string{
		"What type of space are the Botanic Garden and University Library garden?": "type",
		"What is the name of the law which imposed the speed limit?":               "name",
		"What were the civil wars caused by the Huguenots called?":                 "called",
		"Where is the Congress Hall located?":                                      "located",
		"How many Huguenots emigrated to North America?":                           "many",
	} {
		if !frameStems(q)[lang.Stem(want)] {
			t.Errorf("frameStems(%q) lacks %q: %v", q, want, frameStems(q))
		}
	}
	for q, word := range map[string]string{
		"Which type was sold most?":                    "type",
		"Who called the meeting to order?":             "called",
		"In what year was the Edict of Nantes issued?": "year",
	} {
		if frameStems(q)[lang.Stem(word)] {
			t.Errorf("frameStems(%q) holds %q, which asks on its own there", q, word)
		}
	}
}

// TestReasonCues: the ways reports state a cause or a purpose are read as
// a reason; a figure's own "benefit from" is not one.
func TestReasonCues(t *testing.T) {
	for text, want := range map[string]bool{
		"Our net income was impacted in fiscal 2019 by the effects of the Tax Act.":                               true,
		"Interest rate swaps are entered into with different counterparties to reduce concentration risk.":        true,
		"Adjusted EBITA was down year-over-year on lower revenue and price declines.":                             true,
		"In fiscal year 2018, the Company recorded an income tax benefit from continuing operations of $597,000.": false,
		"Revenue increased to $5.11 a barrel.":                                                                    false,
	} {
		if got := reasonCueRE.MatchString(text); got != want {
			t.Errorf("reasonCueRE on %q = %v, want %v", text, got, want)
		}
	}
}

// TestKindsNotTheirTotal: a question for kinds or parts is not answered
// by the row that totals them.
func TestKindsNotTheirTotal(t *testing.T) {
	q := "What types of accounts receivable are there?"
	if !kindsAskedRE.MatchString(q) || !totalRowRE.MatchString("Total accounts receivable | 126,014 | 398,501") {
		t.Error("a total row is read as one of the kinds asked")
	}
	if !kindsAskedRE.MatchString("For 2019, what is the component that contributed the most to total revenue?") {
		t.Error("'the component that …' asks for a part")
	}
	if totalRowRE.MatchString("Billed | 80,112 | 301,200") || kindsAskedRE.MatchString("What was the total accounts receivable in 2019?") {
		t.Error("an item row, or a question for the total, is read as kinds against their total")
	}
}

// TestBalanceIsNoMovement: a roll-forward table's balance row is not the
// movement a question asks; the movement's own row is.
func TestBalanceIsNoMovement(t *testing.T) {
	q := "What is the number of nonvested shares granted on January 1, 2017?"
	if !movementAskedRE.MatchString(q) {
		t.Fatalf("no movement read in %q", q)
	}
	for label, balance := range map[string]bool{
		"Nonvested at January 1, 2017 | 98 | $23.52":  true,
		"Balance as of December 31, 2019 | 1,204":     true,
		"Outstanding at end of year | 3,310":          true,
		"Granted | 132 | $30.10":                      false,
		"Revenue from contracts with customers | 9,1": false,
	} {
		moves := movementAskedRE.MatchString(unvestedRE.ReplaceAllString(rowLabel(label), ""))
		if got := balanceRowRE.MatchString(rowLabel(label)) && !moves; got != balance {
			t.Errorf("balance row %q: %v, want %v", label, got, balance)
		}
	}
}
