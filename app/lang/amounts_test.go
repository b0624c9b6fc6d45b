package lang

import "testing"

func TestMatchAmountInAnotherUnit(t *testing.T) {
	q := Analyze("Which segment had net sales of $34.2 billion in 2022?", nil)
	ci := conceptIndex(t, q, "34.2")
	for _, c := range []struct {
		body, context string
		want          float64
	}{
		{"Total Company | $ | 34,229 $ | 35,355", "Net sales (Millions)", nameCredit}, // the table's unit, in its heading
		{"(in millions) Total Company 34,229 35,355", "", nameCredit},                 // in its own header
		{"Sales were 34,229 million dollars.", "", nameCredit},                        // its own scale word
		{"Sales were 34.2 billion dollars.", "", 1},                                   // as the question writes it
		{"Total Company | $ | 34,229 $ | 35,355", "Net sales", 0},                     // no unit: 34,229 dollars
		{"Total Company 34,329 (in millions)", "", 0},                                 // rounds to 34.3 billion
	} {
		if got := q.Match(NewText(c.body, c.context), nil).Concepts[ci].Body; got != c.want {
			t.Errorf("%q under %q meets $34.2 billion by %v, want %v", c.body, c.context, got, c.want)
		}
	}
	// A question's number without a scale word is matched as written.
	q = Analyze("What were net sales of segment 34229?", nil)
	if q.Match(NewText("Segment 34.229 billion", ""), nil).Coverage == 1 {
		t.Error("an unscaled number met in another form")
	}
}
