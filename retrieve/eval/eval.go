package eval

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"time"

	"archivist/app"
	"archivist/retrieve/route"
)

// Question is one line of a question set (../shared/eval/README.md).
// It deliberately has no field for the reference answer: nothing here can
// hand it to retrieval.
type Question struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Doc      string `json:"doc"` // the source PDF, relative to the set's folder
	// EvidencePages are 1-based physical pages holding the evidence; the
	// scorer reads them after retrieval, never retrieval itself.
	EvidencePages []int `json:"evidence_pages"`
	Answerable    *bool `json:"answerable"` // absent means answerable
}

// IsAnswerable reports whether the set says the question has an answer.
func (q Question) IsAnswerable() bool { return q.Answerable == nil || *q.Answerable }

// ReadQuestions reads a question set, one JSON object a line.
func ReadQuestions(r io.Reader) ([]Question, error) {
	var out []Question
	err := eachObject(r, func(line int, b []byte) error {
		var q Question
		if err := json.Unmarshal(b, &q); err != nil {
			return app.Errorf(app.EInvalid, "Question set line %d is not a JSON object: %v.", line, err)
		}
		if q.Question == "" || q.Doc == "" {
			return app.Errorf(app.EInvalid, "Question set line %d lacks a question or a doc.", line)
		}
		out = append(out, q)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachObject calls each for every non-empty line of a JSON-lines set, with
// its 1-based line number; a read error is wrapped, each's returned as is.
func eachObject(r io.Reader, each func(line int, b []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		if b := sc.Bytes(); len(b) > 0 {
			if err := each(line, b); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("eval: read question set: %w", err)
	}
	return nil
}

// PageRange is the pages one evidence passage covers (1-based, inclusive;
// zero for passages without pages) and the document they are pages of.
type PageRange struct {
	Start, End int
	Document   string // document ID
}

// RankedPages flattens evidence into the page ranges of its windows in
// rank order: by source, then by window.
func RankedPages(ev *app.Evidence) []PageRange {
	var out []PageRange
	for _, s := range ev.Sources {
		for _, w := range s.Windows {
			out = append(out, PageRange{w.PageStart, w.PageEnd, s.DocumentID})
		}
	}
	return out
}

// TracePages is the page ranges of a routed trace's results in rank
// order.
func TracePages(tr *route.Trace) []PageRange {
	out := make([]PageRange, 0, len(tr.Results))
	for _, r := range tr.Results {
		out = append(out, PageRange{r.PageStart, r.PageEnd, r.DocumentID})
	}
	return out
}

// FirstHit returns the 1-based rank of the first passage of doc (its ID)
// whose page range holds a gold page, or 0 when none does. Page 5 of
// another document is no hit, however many documents have a page 5.
func FirstHit(ranked []PageRange, doc string, gold []int) int {
	for i, r := range ranked {
		if r.Document != doc {
			continue
		}
		for _, g := range gold {
			if r.Start > 0 && r.Start <= g && g <= r.End {
				return i + 1
			}
		}
	}
	return 0
}

// Report is what `archivist eval --json` prints.
type Report struct {
	Questions                  int                `json:"questions"`
	Hit                        map[string]float64 `json:"hit"`
	Unanswerable               int                `json:"unanswerable"`
	InsufficientOnUnanswerable float64            `json:"insufficient_on_unanswerable"`
	LatencyMS                  Latency            `json:"latency_ms"`
	// CPUMS is the processor time of each question (all threads of the
	// process, which asks one question at a time): unlike latency it
	// hardly moves when other programs share the processors. Absent where
	// the platform does not report it.
	CPUMS *Latency `json:"cpu_ms,omitempty"`
	// Halves is hit@k on each of two fixed halves of the set split by
	// document (HalfOf): a change developed on one half is kept only when
	// it holds on the other. Absent when the outcomes name no documents.
	Halves map[string]map[string]float64 `json:"halves,omitempty"`
}

// Latency is the median and 95th percentile of question times.
type Latency struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
}

// Outcome is one asked question's result.
type Outcome struct {
	Doc        string // the question's document, for the halves
	Answerable bool
	// Ungraded is an answerable question the set gives no gold page: no
	// ranking can hit it, so hit@k leaves it out (as the sets' reference
	// figures do) rather than count it a miss.
	Ungraded     bool
	FirstHit     int // rank of the first passage on a gold page; 0 for none
	Insufficient bool
	Elapsed      time.Duration
	CPU          time.Duration // processor time; 0 when unknown
}

// Summarize computes the report: hit@k over answerable questions, the
// share of unanswerable ones answered as insufficient, and latency over
// all questions.
func Summarize(outcomes []Outcome, ks []int) Report {
	rep := Report{Questions: len(outcomes), Hit: hitAt(outcomes, ks)}
	insufficient := 0
	var times, cpu []time.Duration
	for _, o := range outcomes {
		times = append(times, o.Elapsed)
		if o.CPU > 0 {
			cpu = append(cpu, o.CPU)
		}
		if !o.Answerable {
			rep.Unanswerable++
			if o.Insufficient {
				insufficient++
			}
		}
	}
	if rep.Unanswerable > 0 {
		rep.InsufficientOnUnanswerable = round3(float64(insufficient) / float64(rep.Unanswerable))
	}
	rep.LatencyMS = Latency{P50: millis(Percentile(times, 50)), P95: millis(Percentile(times, 95))}
	if len(cpu) == len(outcomes) && len(cpu) > 0 {
		rep.CPUMS = &Latency{P50: millis(Percentile(cpu, 50)), P95: millis(Percentile(cpu, 95))}
	}
	half := HalfOf(outcomes)
	if len(half) > 0 {
		rep.Halves = map[string]map[string]float64{}
		for _, h := range []string{"A", "B"} {
			var in []Outcome
			for _, o := range outcomes {
				if half[o.Doc] == h {
					in = append(in, o)
				}
			}
			rep.Halves[h] = hitAt(in, ks)
		}
	}
	return rep
}

// HalfOf splits a set's documents into two fixed halves: sorted by name,
// the first, third, fifth… are half A, the others half B. The split
// depends on nothing but the names, so every run, change and reader uses
// the same halves. Empty when the outcomes name no documents.
func HalfOf(outcomes []Outcome) map[string]string {
	var docs []string
	seen := map[string]bool{}
	for _, o := range outcomes {
		if o.Doc != "" && !seen[o.Doc] {
			seen[o.Doc] = true
			docs = append(docs, o.Doc)
		}
	}
	sort.Strings(docs)
	half := map[string]string{}
	for i, d := range docs {
		half[d] = "AB"[i%2 : i%2+1]
	}
	return half
}

// hitAt is hit@k over the answerable outcomes.
func hitAt(outcomes []Outcome, ks []int) map[string]float64 {
	out := map[string]float64{}
	answerable := 0
	hits := make([]int, len(ks))
	for _, o := range outcomes {
		if !o.Answerable || o.Ungraded {
			continue
		}
		answerable++
		for i, k := range ks {
			if o.FirstHit > 0 && o.FirstHit <= k {
				hits[i]++
			}
		}
	}
	for i, k := range ks {
		v := 0.0
		if answerable > 0 {
			v = float64(hits[i]) / float64(answerable)
		}
		out[strconv.Itoa(k)] = round3(v)
	}
	return out
}

// Percentile returns the p-th percentile of ds by the nearest-rank method.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func millis(d time.Duration) float64 { return math.Round(float64(d)/float64(time.Millisecond)*10) / 10 }

// FirstDocumentHit returns the 1-based rank of the first passage of doc
// (its ID), or 0 when none is. It grades a set that gives no evidence
// pages — its documents are single passages, paragraphs or table
// excerpts — by whether asking the library finds the question's own
// document: document hit@k.
func FirstDocumentHit(ranked []PageRange, doc string) int {
	for i, r := range ranked {
		if r.Document == doc {
			return i + 1
		}
	}
	return 0
}

// GradedByDocument reports whether a set names no evidence page for any
// question, so its hits are document hits (FirstDocumentHit).
func GradedByDocument(qs []Question) bool {
	for _, q := range qs {
		if len(q.EvidencePages) > 0 {
			return false
		}
	}
	return true
}

// InHalf keeps the questions whose document falls in half h ("A" or "B")
// of the set's document split (HalfOf).
func InHalf(qs []Question, h string) []Question {
	var outcomes []Outcome
	for _, q := range qs {
		outcomes = append(outcomes, Outcome{Doc: q.Doc})
	}
	half := HalfOf(outcomes)
	var out []Question
	for _, q := range qs {
		if half[q.Doc] == h {
			out = append(out, q)
		}
	}
	return out
}
