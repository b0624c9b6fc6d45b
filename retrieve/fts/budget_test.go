package fts

import (
	"reflect"
	"strings"
	"testing"
)

func TestFitBudget(t *testing.T) {
	for _, c := range []struct {
		name   string
		df     []int
		budget int
		want   []bool
	}{
		{"nothing dropped under the budget", []int{10, 500, 3, 90}, 1000, []bool{true, true, true, true}},
		{"exactly at the budget", []int{400, 600}, 1000, []bool{true, true}},
		{"most frequent dropped first", []int{10, 900, 3, 90}, 200, []bool{true, false, true, true}},
		{"rarest kept alone when even it is over", []int{5000, 2000, 9000}, 1000, []bool{false, true, false}},
		{"ties keep question order", []int{600, 600, 600}, 1300, []bool{true, true, false}},
		{"absent words cost nothing", []int{0, 0, 2000}, 1000, []bool{true, true, false}},
	} {
		if got := FitBudget(c.df, c.budget); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: FitBudget(%v, %d) = %v, want %v", c.name, c.df, c.budget, got, c.want)
		}
	}
}

// counts is a term-frequency table whose estimates past the limit are
// exact.
type counts map[string]int

func (c counts) count(expr string, limit int) (int, error) { return c[expr], nil }

func TestBudgetMatch(t *testing.T) {
	terms := []string{"revenue", "segment", "tax", "2024"}
	df := counts{
		`"revenue"`: 800, `"revenue"*`: 900,
		`"segment"`: 40, `"segment"*`: 60,
		`"tax"`:  300,
		`"2024"`: 500,
	}
	// Under the budget nothing changes.
	if got, _ := budgetMatch(terms, 1760, df.count); got != MatchAny(terms) {
		t.Fatalf("under the budget: %s, want %s", got, MatchAny(terms))
	}
	// Over it, the most frequent words go, the rest stay in question order.
	got, _ := budgetMatch(terms, 900, df.count)
	if want := `"segment"* OR "tax" OR "2024"`; got != want {
		t.Fatalf("budget 900: %s, want %s", got, want)
	}
	// A prefix that does not fit falls back to the exact word.
	got, _ = budgetMatch(terms, 1700, df.count)
	if want := `"revenue" OR "segment"* OR "tax" OR "2024"`; got != want {
		t.Fatalf("budget 1700: %s, want %s", got, want)
	}
	// The rarest word stays even when it alone is over the budget.
	got, _ = budgetMatch(terms, 10, df.count)
	if want := `"segment"`; got != want {
		t.Fatalf("budget 10: %s, want %s", got, want)
	}
	// Every kept expression fits: the summed frequencies never pass it.
	for budget := 40; budget <= 2000; budget += 20 {
		m, _ := budgetMatch(terms, budget, df.count)
		sum := 0
		for _, part := range strings.Split(m, " OR ") {
			sum += df[part]
		}
		if sum > budget {
			t.Fatalf("budget %d: %s sums to %d", budget, m, sum)
		}
	}
}
