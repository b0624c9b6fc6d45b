package eval

import (
	"strings"
	"testing"

	"archivist/app"
)

func TestNormalizeAndHolds(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Total Company | $ | 34,229 $", "total company 34229"},
		{"  Mr. S.V. Shanbhag ", "mr s v shanbhag"},
		{"73.2%", "73.2"},
		{"1,2,3", "1 2 3"},
		{"12,3456", "12 3456"},
	} {
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if !Holds("Net sales were $34,229 million.", "34229") || Holds("In 20221 …", "2022") || Holds("", "x") {
		t.Fatal("Holds matched wrongly")
	}
}

func TestSelectable(t *testing.T) {
	page := "The Company employed approximately 92,000 people. Its CEO is on page 19."
	for _, c := range []struct {
		ref  string
		want bool
	}{
		{"92000", true}, // a number of five digits, written with a separator
		{"19", false},   // too few digits to prove anything
		{"approximately 92,000 people", true},
		{"employed", true},
		{"It", false},                           // too short
		{"Not answerable", false},               // not on the page
		{strings.Repeat("employed ", 8), false}, // longer than 60 characters
	} {
		if got := Selectable(c.ref, page); got != c.want {
			t.Errorf("Selectable(%q) = %v, want %v", c.ref, got, c.want)
		}
	}
}

func TestReadReferencesAndSummarize(t *testing.T) {
	in := `{"id": "a", "question": "Q?", "answer": "92,000", "doc": "b.pdf"}
{"id": "b", "question": "Q?", "answer": 1874, "doc": "a.pdf"}
{"id": "c", "question": "Q?", "doc": "a.pdf"}
{"id": "d", "question": "Q?", "answer": "x | y", "answers": ["x", "y"], "all_required": true, "answer_type": "multi-span", "doc": "a.pdf"}
{"id": "e", "question": "Q?", "answer": "-12.6", "answers": ["-12.6"], "answer_type": "arithmetic", "doc": "a.pdf"}
`
	refs, err := ReadReferences(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if refs["a"].Answers[0] != "92,000" || refs["b"].Answers[0] != "1874" || len(refs["c"].Answers) != 0 || refs["a"].Type != "span" {
		t.Fatalf("references %+v", refs)
	}
	if d := refs["d"]; !d.AllRequired || len(d.Answers) != 2 || d.Type != "multi-span" || !refs["e"].Derived() {
		t.Fatalf("multi-span / arithmetic %+v %+v", d, refs["e"])
	}
	lead := "Quoted:"
	quoted := &app.Answer{Sufficient: true, Answer: lead + "\n\n“employed approximately 92,000 people” [1]"}
	closest := &app.Answer{Verdict: app.VerdictClosest, Answer: quoted.Answer, Citations: []app.Citation{{}}}
	if !Right(quoted, lead, refs["a"]) || Right(closest, lead, refs["a"]) || Right(quoted, lead, Reference{Answers: []string{"quoted"}}) {
		t.Fatal("Right: a closest reply or the lead counted")
	}
	both := &app.Answer{Verdict: app.VerdictAnswered, Answer: "x and y"}
	if !Right(both, "", refs["d"]) || Right(&app.Answer{Verdict: app.VerdictAnswered, Answer: "x only"}, "", refs["d"]) {
		t.Fatal("Right: a multi-span answer needs every span")
	}
	computed := &app.Answer{Verdict: app.VerdictComputed, Value: "−12.63 million", Answer: "Change = 44.1 − 56.73 = −12.63"}
	if !Right(computed, "", refs["e"]) || Right(&app.Answer{Verdict: app.VerdictComputed, Value: "12.63"}, "", refs["e"]) {
		t.Fatal("Right: a derived figure is its stated value, sign included")
	}
	outs := []AnswerOutcome{
		{Doc: "a.pdf", Type: "span", Answerable: true, Counted: true, Claimed: true, Right: true},
		{Doc: "a.pdf", Type: "span", Answerable: true, Counted: true},
		{Doc: "a.pdf", Type: "span", Answerable: true, Counted: true, Claimed: true}, // wrong
		{Doc: "a.pdf", Type: "span", Answerable: true, Claimed: true},                // not counted
		{Doc: "b.pdf", Answerable: false, Claimed: true},
		{Doc: "c.pdf", Type: "arithmetic", Answerable: true, Counted: true, Claimed: true, Right: true},
	}
	r := SummarizeAnswers(outs)
	a := r.All.Answerable
	if a.Questions != 4 || a.Right != 2 || a.Wrong != 1 || a.Abstained != 1 || a.Precision != 0.667 || a.Coverage != 0.5 {
		t.Fatalf("all %+v", a)
	}
	if r.All.Precision != 0.5 { // 2 right of 4 claims, one on the unanswerable question
		t.Fatalf("precision over every claim %v", r.All.Precision)
	}
	if r.All.ByType["span"].Questions != 3 || r.All.ByType["arithmetic"].Precision != 1 || r.All.Unanswerable != 1 || r.All.AbstainedOnUnanswerable != 0 {
		t.Fatalf("by type %+v", r.All)
	}
	// Sorted documents a, b, c: a and c are half A, b half B.
	if r.HalfA.Answerable.Questions != 4 || r.HalfB.Answerable.Questions != 0 || r.HalfB.Unanswerable != 1 {
		t.Fatalf("halves %+v %+v", r.HalfA, r.HalfB)
	}
}

func TestSameFigure(t *testing.T) {
	for _, c := range []struct {
		stated, ref string
		want        bool
	}{
		{"12.5%", "12.5", true},
		{"(1,234.4)", "-1234.4", true},
		{"0.125", "0.13", true},
		{"2.35", "2.3", false}, // half away from zero: 2.4
		{"-2.35", "-2.4", true},
		{"7 employees", "7", true},
		{"", "7", false},
		{"seven", "7", false},
	} {
		if got := SameFigure(c.stated, c.ref); got != c.want {
			t.Errorf("SameFigure(%q, %q) = %v, want %v", c.stated, c.ref, got, c.want)
		}
	}
}

// TestComputedIsJudgedByItsValue: a computed answer cites operands of
// other periods and figures; only the value it states answers.
func TestComputedIsJudgedByItsValue(t *testing.T) {
	ans := &app.Answer{Verdict: app.VerdictComputed, Sufficient: true, Value: "2019",
		Answer: "Revenue is largest in 2019 of 2018, 2019\n\nRevenue, 2018: 44.1 — “Revenue | 56.7 | 44.1” [1]"}
	if !Right(ans, "", Reference{Answers: []string{"2019"}, Type: "span"}) {
		t.Error("the stated value 2019 is not right for 2019")
	}
	if Right(ans, "", Reference{Answers: []string{"2018"}, Type: "span"}) {
		t.Error("an operand's period counted as the answer")
	}
	two := &app.Answer{Verdict: app.VerdictComputed, Sufficient: true, Value: "2018, 2017", Answer: "Years … 2018, 2017"}
	if Right(two, "", Reference{Answers: []string{"2018"}, Type: "span"}) {
		t.Error("two years stated, right for one")
	}
	if !Right(two, "", Reference{Answers: []string{"2018", "2017"}, Type: "multi-span", AllRequired: true}) {
		t.Error("both years stated, not right for both")
	}
	if Right(ans, "", Reference{Answers: []string{"2019", "2018"}, Type: "multi-span", AllRequired: true}) {
		t.Error("one year stated, right for two")
	}
}
