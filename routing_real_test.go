package main

import (
	"encoding/json"
	"testing"
)

// The router's judge on a real document: it reads word forms, names and
// amounts as the offline answerer does.

// TestRoutingReadsAmountsInTheirTableUnit: a question's "$34.2 billion"
// is the 3M 10-K's net sales table's "34,229" under "Net Sales
// (Millions)" (page 60): that passage is judged more useful for it than
// for an amount the table does not hold.
func TestRoutingReadsAmountsInTheirTableUnit(t *testing.T) {
	lib := realLibrary(t, tenK)
	usefulness := func(amount string) float64 {
		t.Helper()
		out, errOut, code := cli(t, lib, "ask", "--json", "--trace", "Which segment had net sales of $"+amount+" billion in 2022?")
		if code != 0 {
			t.Fatalf("ask: exit %d: %s", code, errOut)
		}
		var res struct {
			Trace struct {
				Visits []struct {
					PageStart  int     `json:"page_start"`
					Usefulness float64 `json:"usefulness"`
				} `json:"visits"`
			} `json:"trace"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		best := -1.0
		for _, v := range res.Trace.Visits {
			if v.PageStart == 60 {
				best = max(best, v.Usefulness)
			}
		}
		if best < 0 {
			t.Fatalf("the net sales table (page 60) was not judged for $%s billion: %+v", amount, res.Trace.Visits)
		}
		return best
	}
	held, absent := usefulness("34.2"), usefulness("39.7")
	if held <= absent {
		t.Errorf("the table holding 34,229 (in millions) is judged %v for $34.2 billion, %v for $39.7 billion", held, absent)
	}
}
