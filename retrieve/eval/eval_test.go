package eval

import (
	"strings"
	"testing"
	"time"

	"archivist/app"
	"archivist/retrieve/route"
)

func TestReadQuestions(t *testing.T) {
	in := `{"id": "a", "question": "Q1?", "answer": "secret", "doc": "pdfs/x.pdf", "evidence_pages": [3, 4], "answerable": true}
{"id": "b", "question": "Q2?", "doc": "pdfs/y.pdf", "evidence_pages": []}

{"id": "c", "question": "Q3?", "doc": "pdfs/y.pdf", "evidence_pages": [], "answerable": false}
`
	qs, err := ReadQuestions(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 3 || qs[0].Doc != "pdfs/x.pdf" || len(qs[0].EvidencePages) != 2 || !qs[1].IsAnswerable() || qs[2].IsAnswerable() {
		t.Fatalf("questions %+v", qs)
	}
	if _, err := ReadQuestions(strings.NewReader("{not json}\n")); app.ErrorCode(err) != app.EInvalid {
		t.Fatalf("bad line: %v", err)
	}
	if _, err := ReadQuestions(strings.NewReader(`{"id":"x","question":"","doc":"d"}`)); err == nil {
		t.Fatal("a line without a question was accepted")
	}
}

func TestFirstHit(t *testing.T) {
	ranked := []PageRange{{0, 0, "d"}, {5, 6, "d"}, {9, 9, "d"}, {3, 3, "e"}, {2, 3, "d"}}
	for _, c := range []struct {
		gold []int
		want int
	}{{[]int{6}, 2}, {[]int{3, 9}, 3}, {[]int{3}, 5}, {[]int{1}, 0}, {nil, 0}, {[]int{0}, 0}} {
		if got := FirstHit(ranked, "d", c.gold); got != c.want {
			t.Errorf("FirstHit(%v) = %d, want %d", c.gold, got, c.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	outcomes := []Outcome{
		{Answerable: true, FirstHit: 1, Elapsed: ms(10)},
		{Answerable: true, FirstHit: 4, Elapsed: ms(20)},
		{Answerable: true, FirstHit: 0, Elapsed: ms(30)},
		{Answerable: true, FirstHit: 12, Elapsed: ms(40)},
		{Answerable: false, Insufficient: true, Elapsed: ms(50)},
		{Answerable: false, Insufficient: false, Elapsed: ms(1000)},
	}
	r := Summarize(outcomes, []int{1, 3, 6, 12})
	want := map[string]float64{"1": 0.25, "3": 0.25, "6": 0.5, "12": 0.75}
	for k, v := range want {
		if r.Hit[k] != v {
			t.Errorf("hit@%s = %v, want %v", k, r.Hit[k], v)
		}
	}
	if r.Questions != 6 || r.Unanswerable != 2 || r.InsufficientOnUnanswerable != 0.5 {
		t.Fatalf("report %+v", r)
	}
	if r.LatencyMS.P50 != 30 || r.LatencyMS.P95 != 1000 {
		t.Fatalf("latency %+v", r.LatencyMS)
	}
	if r.CPUMS != nil {
		t.Fatalf("processor time %+v reported without measurements", r.CPUMS)
	}
	for i := range outcomes {
		outcomes[i].CPU = ms(i + 1)
	}
	if r := Summarize(outcomes, []int{6}); r.CPUMS == nil || r.CPUMS.P50 != 3 || r.CPUMS.P95 != 6 {
		t.Fatalf("processor time %+v", r.CPUMS)
	}
	if r.Halves != nil {
		t.Fatalf("halves %v reported for outcomes naming no documents", r.Halves)
	}
}

func TestHalves(t *testing.T) {
	// Documents c, a, b sort as a, b, c: a and c are half A, b half B.
	outcomes := []Outcome{
		{Doc: "c.pdf", Answerable: true, FirstHit: 1},
		{Doc: "a.pdf", Answerable: true, FirstHit: 0},
		{Doc: "b.pdf", Answerable: true, FirstHit: 2},
		{Doc: "b.pdf", Answerable: false},
		{Doc: "a.pdf", Answerable: true, FirstHit: 3},
		{Doc: "c.pdf", Answerable: true, Ungraded: true}, // no gold page: not counted
	}
	half := HalfOf(outcomes)
	if half["a.pdf"] != "A" || half["b.pdf"] != "B" || half["c.pdf"] != "A" {
		t.Fatalf("halves %v", half)
	}
	r := Summarize(outcomes, []int{1, 3})
	if got := r.Halves["A"]; got["1"] != 0.333 || got["3"] != 0.667 {
		t.Errorf("half A %v, want hit@1 0.333, hit@3 0.667", got)
	}
	if got := r.Halves["B"]; got["1"] != 0 || got["3"] != 1 {
		t.Errorf("half B %v, want hit@1 0, hit@3 1 (the unanswerable question does not count)", got)
	}
	if r.Hit["3"] != 0.75 {
		t.Errorf("whole set hit@3 %v, want 0.75", r.Hit["3"])
	}
}

func TestRankedPages(t *testing.T) {
	ev := &app.Evidence{Sources: []app.Source{
		{DocumentID: "a", Windows: []app.Window{{PageStart: 4, PageEnd: 5}, {PageStart: 9, PageEnd: 9}}},
		{DocumentID: "b", Windows: []app.Window{{PageStart: 1, PageEnd: 1}}},
	}}
	got := RankedPages(ev)
	if len(got) != 3 || got[1] != (PageRange{9, 9, "a"}) || got[2] != (PageRange{1, 1, "b"}) {
		t.Fatalf("RankedPages = %v", got)
	}
	tr := &route.Trace{Results: []route.TraceResult{{DocumentID: "c", PageStart: 7, PageEnd: 8}, {Kind: "statistics", DocumentID: "c"}}}
	if got := TracePages(tr); len(got) != 2 || got[0] != (PageRange{7, 8, "c"}) || got[1] != (PageRange{0, 0, "c"}) {
		t.Fatalf("TracePages = %v", got)
	}
}

func TestFirstDocumentHit(t *testing.T) {
	ranked := []PageRange{{0, 0, "e"}, {1, 1, "e"}, {0, 0, "d"}, {2, 2, "d"}}
	if got := FirstDocumentHit(ranked, "d"); got != 3 {
		t.Errorf("FirstDocumentHit(d) = %d, want 3", got)
	}
	if got := FirstDocumentHit(ranked, "f"); got != 0 {
		t.Errorf("FirstDocumentHit(f) = %d, want 0", got)
	}
}

func TestGradedByDocument(t *testing.T) {
	pages := []Question{{Doc: "a", EvidencePages: []int{3}}, {Doc: "b"}}
	paragraphs := []Question{{Doc: "a"}, {Doc: "b", EvidencePages: []int{}}}
	if GradedByDocument(pages) || !GradedByDocument(paragraphs) {
		t.Error("a set is graded by document exactly when no question names an evidence page")
	}
}

func TestInHalf(t *testing.T) {
	qs := []Question{{ID: "1", Doc: "c"}, {ID: "2", Doc: "a"}, {ID: "3", Doc: "b"}, {ID: "4", Doc: "a"}}
	var a, b []string
	for _, q := range InHalf(qs, "A") {
		a = append(a, q.ID)
	}
	for _, q := range InHalf(qs, "B") {
		b = append(b, q.ID)
	}
	if strings.Join(a, ",") != "1,2,4" || strings.Join(b, ",") != "3" {
		t.Errorf("half A %v, half B %v; want documents a and c in A, b in B", a, b)
	}
}
