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
`
	refs, err := ReadReferences(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if refs["a"] != "92,000" || refs["b"] != "1874" || refs["c"] != "" {
		t.Fatalf("references %q", refs)
	}
	lead := "Quoted:"
	quoted := &app.Answer{Sufficient: true, Answer: lead + "\n\n“employed approximately 92,000 people” [1]"}
	if !Quoted(quoted, lead, "92000") || Quoted(&app.Answer{Answer: quoted.Answer}, lead, "92000") || Quoted(quoted, lead, "quoted") {
		t.Fatal("Quoted: an insufficient answer or the lead counted")
	}
	outs := []AnswerOutcome{
		{Doc: "a.pdf", Answerable: true, Selected: true, Quoted: true},
		{Doc: "a.pdf", Answerable: true, Selected: true, Insufficient: true},
		{Doc: "a.pdf", Answerable: true}, // reference not on a gold page: not counted
		{Doc: "b.pdf", Answerable: false, Insufficient: true},
		{Doc: "c.pdf", Answerable: true, Selected: true, Quoted: true},
	}
	r := SummarizeAnswers(outs)
	if r.All.Selected != 3 || r.All.Quoted != 0.667 || r.All.Insufficient != 0.333 || r.All.Unanswerable != 1 || r.All.InsufficientOnUnanswerable != 1 {
		t.Fatalf("all %+v", r.All)
	}
	// Sorted documents a, b, c: a and c are half A, b half B.
	if r.HalfA.Selected != 3 || r.HalfB.Selected != 0 || r.HalfB.Unanswerable != 1 {
		t.Fatalf("halves %+v %+v", r.HalfA, r.HalfB)
	}
}
