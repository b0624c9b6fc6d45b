package route

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/jev"
	"archivist/store"
)

// tsec is a test section: a heading, one passage per paragraph, children.
type tsec struct {
	heading string
	paras   []string
	kids    []tsec
}

// makeDoc imports a document with the given section tree straight into the
// store: one block and one passage per paragraph, each on its own page; a
// paragraph with cells (" | ") is a table.
func makeDoc(t testing.TB, db *store.DB, id, title string, secs []tsec) {
	t.Helper()
	makeLabelledDoc(t, db, id, title, secs, nil)
}

// makeLabelledDoc is makeDoc with printed page labels: label(n) for page n.
func makeLabelledDoc(t testing.TB, db *store.DB, id, title string, secs []tsec, label func(int) string) {
	t.Helper()
	importDoc(t, db, &app.Document{ID: id, Title: title, Filename: id + ".pdf", Format: app.FormatPDF, SHA256: id + "-sha"}, secs, label)
}

// importDoc is makeLabelledDoc for a document record of the caller's.
func importDoc(t testing.TB, db *store.DB, d *app.Document, secs []tsec, label func(int) string) {
	t.Helper()
	id, title := d.ID, d.Title
	ctx := context.Background()
	p := &app.Parsed{Format: app.FormatPDF, Sections: []app.Section{{ID: id + "-s0", Parent: -1, Heading: title}}}
	var passages []app.Passage
	var add func(parent int, level int, s tsec, path []string)
	add = func(parent, level int, s tsec, path []string) {
		idx := len(p.Sections)
		p.Sections = append(p.Sections, app.Section{ID: fmt.Sprintf("%s-s%d", id, idx), Parent: parent, Level: level, Heading: s.heading})
		path = append(append([]string(nil), path...), s.heading)
		for _, para := range s.paras {
			n := len(p.Blocks)
			b := app.Block{ID: fmt.Sprintf("%s-b%d", id, n), Seq: n, Section: idx, Kind: app.BlockParagraph, Text: para, Page: n + 1}
			if strings.Contains(para, " | ") {
				b.Kind = app.BlockTable
			}
			p.Blocks = append(p.Blocks, b)
			passages = append(passages, app.Passage{ID: fmt.Sprintf("%s-p%d", id, n), DocumentID: id, SectionID: p.Sections[idx].ID,
				Seq: n, Title: title, Headings: strings.Join(path, " › "), Text: para,
				Spans: []app.Span{{BlockID: b.ID, Start: 0, End: len(para)}}, PageStart: n + 1, PageEnd: n + 1, IndexVersion: 1})
		}
		for _, k := range s.kids {
			add(idx, level+1, k, path)
		}
	}
	for _, s := range secs {
		add(0, 1, s, nil)
	}
	p.Pages = len(p.Blocks)
	for i := range p.Blocks {
		pg := app.Page{Number: i + 1, WidthPt: 600, HeightPt: 800}
		if label != nil {
			pg.Label = label(i + 1)
		}
		p.PageInfo = append(p.PageInfo, pg)
	}
	if _, err := db.EnqueueImport(ctx, d, "job-"+id, ""); err != nil {
		t.Fatal(err)
	}
	if err := db.CommitImport(ctx, store.Job{ID: "job-" + id, DocumentID: id},
		&store.Content{Title: title, Parsed: p, Passages: passages, Profile: ingest.BuildProfile(p)}); err != nil {
		t.Fatal(err)
	}
}

func testDB(t testing.TB) *store.DB {
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// fake is a scripted decision provider that records every request.
type fake struct {
	mu   sync.Mutex
	reqs []*jev.Request
	// pick weighs a menu option (before normalising); none weighs noneW.
	pick  func(o jev.Option) float64
	noneW float64
	// use gives a passage's expected usefulness from its evidence text.
	use  func(evidence string) float64
	yes  float64
	fail error
}

func (f *fake) Name() string { return "fake" }

func (f *fake) Decide(_ context.Context, req *jev.Request) (map[string]jev.Answer, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	if f.fail != nil {
		return nil, f.fail
	}
	out := map[string]jev.Answer{}
	for _, q := range req.Questions {
		switch q.Kind {
		case jev.Choice:
			w := map[string]float64{}
			sum := 0.0
			for _, o := range q.Options {
				v := f.noneW
				if o.Label != jev.NoneLabel {
					v = 1.0
					if f.pick != nil {
						v = f.pick(o)
					}
				}
				w[o.Label] = v
				sum += v
			}
			for k := range w {
				w[k] /= sum
			}
			out[q.ID] = jev.Answer{Kind: jev.Choice, Probabilities: w}
		case jev.Score:
			e := 1.0
			if f.use != nil {
				e = f.use(q.Evidence)
			}
			out[q.ID] = jev.ScoreAnswer(levels(e, len(q.Levels)))
		case jev.Noul:
			out[q.ID] = jev.Answer{Kind: jev.Noul, Yes: f.yes}
		}
	}
	return out, nil
}

// levels spreads an expected level over the two nearest levels.
func levels(e float64, n int) []float64 {
	p := make([]float64, n)
	lo := int(math.Floor(e))
	if lo >= n-1 {
		p[n-1] = 1
		return p
	}
	p[lo] = 1 - (e - float64(lo))
	p[lo+1] = e - float64(lo)
	return p
}

func (f *fake) requests() []*jev.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*jev.Request(nil), f.reqs...)
}

// snapshotOf opens a snapshot of db; the caller closes it.
func snapshotOf(t testing.TB, db *store.DB) *store.Snapshot {
	t.Helper()
	snap, err := db.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func gatherRouted(t *testing.T, db *store.DB, p jev.Provider, q app.Question) (*app.Evidence, *Trace) {
	t.Helper()
	ctx := context.Background()
	snap := snapshotOf(t, db)
	defer snap.Close()
	ev, tr, err := NewRouter(p).Gather(ctx, snap, q)
	if err != nil {
		t.Fatal(err)
	}
	return ev, tr
}

func para(words string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s paragraph %d.", words, i)
	}
	return out
}

func one(id string) app.Scope { return app.Scope{DocumentIDs: []string{id}} }

func TestRouteScore(t *testing.T) {
	root := &route{node: &node{id: "r"}}
	a := root.child(&node{id: "a"}, 0.5, true, DefaultLimits.Floor)
	b := a.child(&node{id: "b"}, 1, false, DefaultLimits.Floor) // one child: no decision
	c := b.child(&node{id: "c"}, 0.2, true, DefaultLimits.Floor)
	if got, want := c.Score(), math.Sqrt(0.5*0.2); math.Abs(got-want) > 1e-12 {
		t.Fatalf("route score %v, want the geometric mean %v", got, want)
	}
	if c.decisions != 2 {
		t.Fatalf("decisions %d, want 2 (single-child steps are not decisions)", c.decisions)
	}
	z := root.child(&node{id: "z"}, 0, true, DefaultLimits.Floor)
	if got := z.Score(); math.Abs(got-0.000001) > 1e-15 || DefaultLimits.Floor != 0.000001 {
		t.Fatalf("probability 0 gave route score %v, want the floor 0.000001", got)
	}
	if root.Score() != 1 {
		t.Fatalf("the root's score is %v", root.Score())
	}
}

func TestMenusAndRequests(t *testing.T) {
	db := testDB(t)
	var secs []tsec
	for i := 0; i < 150; i++ {
		secs = append(secs, tsec{heading: fmt.Sprintf("Chapter %d on topic %d", i, i), paras: []string{strings.Repeat(fmt.Sprintf("Lighthouse keeper notes %d. ", i), 40)}})
	}
	makeDoc(t, db, "big", "Big manual", secs)
	f := &fake{noneW: 0.01, use: func(string) float64 { return 1 }}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "lighthouse keeper notes", Scope: one("big")})
	sawGroup := false
	for _, r := range f.requests() {
		choices, chars := 0, 0
		for _, q := range r.Questions {
			if q.Kind != jev.Choice {
				continue
			}
			choices++
			if n := len(q.Options); n > jev.MaxMenuOptions+1 {
				t.Fatalf("a menu of %d options", n)
			}
			if last := q.Options[len(q.Options)-1]; last.Label != jev.NoneLabel {
				t.Fatalf("menu without a none option: last is %q", last.Label)
			}
			for _, o := range q.Options {
				chars += utf8.RuneCountInString(o.Description)
			}
		}
		if choices > jev.MaxChoicePerReq || chars > jev.MaxMenuCharsPerReq {
			t.Fatalf("a request with %d menus and %d menu characters", choices, chars)
		}
	}
	for _, e := range tr.Edges {
		if strings.HasPrefix(e.To, "group:") {
			sawGroup = true
		}
	}
	if !sawGroup {
		t.Fatal("151 children were not grouped")
	}
	if tr.Expansions > 96 || tr.Scores > 96 {
		t.Fatalf("budgets exceeded: %d expansions, %d scores", tr.Expansions, tr.Scores)
	}
	if tr.Stopped != "scoring budget" || tr.Scores != 96 {
		t.Fatalf("stopped %q after %d scores, want the scoring budget of 96", tr.Stopped, tr.Scores)
	}
	for _, r := range f.requests() {
		n := 0
		for _, q := range r.Questions {
			if q.Kind == jev.Score {
				n++
			}
		}
		if n > jev.MaxScorePerReq {
			t.Fatalf("%d passages in one scoring request", n)
		}
	}
}

func TestBeamAndNoneDeferral(t *testing.T) {
	db := testDB(t)
	var secs []tsec
	for i := 0; i < 10; i++ {
		secs = append(secs, tsec{heading: fmt.Sprintf("Part %d", i), paras: []string{fmt.Sprintf("Harbour tide table part %d.", i)}})
	}
	secs = append(secs, tsec{heading: "Appendix", paras: []string{"Harbour appendix."}})
	makeDoc(t, db, "d", "Harbour guide", secs)
	f := &fake{noneW: 0.5, pick: func(o jev.Option) float64 {
		if strings.Contains(o.Description, "Appendix") {
			return 0.2 // less likely than none: deferred, not excluded
		}
		return 1
	}, use: func(string) float64 { return 1 }}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "harbour tide table", Scope: one("d")})
	beam, deferredAppendix := 0, false
	for _, e := range tr.Edges {
		if e.From != "doc:d" {
			continue
		}
		if e.Outcome == "beam" {
			beam++
		}
		if strings.Contains(e.Label, "Appendix") && e.Outcome == "deferred" && e.Probability <= e.None {
			deferredAppendix = true
		}
	}
	if beam != 4 {
		t.Fatalf("%d routes entered the beam from one menu, want the beam of 4", beam)
	}
	if !deferredAppendix {
		t.Fatal("an option no likelier than none was not deferred")
	}
	// Deferred routes come back when evidence is weak: the appendix is
	// scored in the end, after every likelier part.
	last, appendix := -1, -1
	for i, v := range tr.Visits {
		switch {
		case v.Kind == "statistics":
		case v.PageStart == 11:
			appendix = i
		default:
			last = i
		}
	}
	if appendix < 0 || appendix < last {
		t.Fatalf("the deferred appendix was visited at %d, the last part at %d", appendix, last)
	}
}

func TestFairness(t *testing.T) {
	if DefaultLimits.FairVisits != 8 {
		t.Fatalf("fairness after %d visits, the design says 8", DefaultLimits.FairVisits)
	}
	w := &walk{lim: DefaultLimits}
	a := &docState{doc: app.Document{ID: "a"}, visits: 8}
	b := &docState{doc: app.Document{ID: "b"}}
	w.order = []*docState{a, b}
	w.reached = map[string]bool{}
	sa := &route{node: &node{id: "sec:a:1", kind: kindSection, doc: a}, logSum: math.Log(0.9), decisions: 1}
	db := &route{node: &node{id: "doc:b", kind: kindDocument, doc: b}, logSum: math.Log(0.05), decisions: 1}
	w.deferred = []*route{db}
	got := w.fairOrder([]*route{sa})
	if len(got) != 2 || got[0] != db {
		t.Fatalf("after 8 visits to a, the unvisited document did not come first: %v", got)
	}
	if a.served != 1 || len(w.deferred) != 0 {
		t.Fatalf("served %d, deferred %d", a.served, len(w.deferred))
	}
	// Not again until eight more visits.
	w.deferred = []*route{db}
	if got := w.fairOrder([]*route{sa}); got[0] != sa {
		t.Fatal("fairness fired twice for the same eight visits")
	}
	a.visits = 16
	if got := w.fairOrder([]*route{sa}); got[0] != db {
		t.Fatal("fairness did not fire after sixteen visits")
	}
}

// When routing rated every document at or below "none of these" and the
// question names none, its scores do not tell the documents apart: the
// fairness turn goes to the document the FTS5 pass ranks first. When
// routing chose a document, or a name points at one, route scores decide.
func TestFairnessFollowsTheFTSPassWhenRoutingChoseNoDocument(t *testing.T) {
	setup := func() (*walk, *route, *route, *route) {
		a := &docState{doc: app.Document{ID: "a"}, visits: 8}
		b := &docState{doc: app.Document{ID: "b"}}
		c := &docState{doc: app.Document{ID: "c"}}
		w := &walk{lim: DefaultLimits, order: []*docState{a, b, c}, reached: map[string]bool{},
			docs: map[string]*docState{"a": a, "b": b, "c": c},
			hits: []store.Hit{{DocumentID: "a"}, {DocumentID: "c"}, {DocumentID: "c"}, {DocumentID: "b"}}}
		sa := &route{node: &node{id: "sec:a:1", kind: kindSection, doc: a}, logSum: math.Log(0.3), decisions: 1}
		db := &route{node: &node{id: "doc:b", kind: kindDocument, doc: b}, logSum: math.Log(0.2), decisions: 1}
		dc := &route{node: &node{id: "doc:c", kind: kindDocument, doc: c}, logSum: math.Log(0.1), decisions: 1}
		w.deferred = []*route{db, dc}
		return w, sa, db, dc
	}
	t.Run("NoDocumentChosen", func(t *testing.T) {
		w, sa, _, dc := setup()
		if got := w.fairOrder([]*route{sa}); got[0] != dc {
			t.Fatalf("the FTS5 pass ranks c before b, but %s came first", got[0].node.id)
		}
	})
	for _, c := range []struct {
		name string
		set  func(w *walk)
	}{
		{"DocumentChosen", func(w *walk) { w.chose = true }},
		{"DocumentNamed", func(w *walk) { w.named = true }},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, sa, db, _ := setup()
			c.set(w)
			if got := w.fairOrder([]*route{sa}); got[0] != db {
				t.Fatalf("routing rated b above c, but %s came first", got[0].node.id)
			}
		})
	}
	t.Run("UnrankedDocumentsByRouteScore", func(t *testing.T) {
		w, sa, db, _ := setup()
		w.hits = nil
		if got := w.fairOrder([]*route{sa}); got[0] != db {
			t.Fatalf("with no FTS5 ranking, route scores decide, but %s came first", got[0].node.id)
		}
	})
}

func TestKeepStopAndOrder(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Pricing", []tsec{
		{heading: "Plans", paras: []string{"Refund policy low.", "Refund policy mid.", "Refund policy high.", "Refund policy top; the refund policy."}},
	})
	score := map[string]float64{"low": 1.49, "mid": 1.5, "high": 2.2, "top": 2.74}
	f := &fake{noneW: 0.01, use: func(ev string) float64 {
		for k, v := range score {
			if strings.Contains(ev, "policy "+k) {
				return v
			}
		}
		return 0
	}}
	ev, tr := gatherRouted(t, db, f, app.Question{Text: "refund policy", Scope: one("d")})
	var got []string
	for _, r := range tr.Results {
		got = append(got, fmt.Sprintf("%s:%d:%.2f", r.Kind, r.PageStart, r.Usefulness))
	}
	// The kept passages, best first; then the FTS5 pass's remaining
	// passage, which the judge rated below Keep: the floor keeps it as
	// evidence, after the routed ones.
	if want := "passage:4:2.74 passage:3:2.20 passage:2:1.50 fts:1:1.49"; strings.Join(got, " ") != want {
		t.Fatalf("results %v, want %s", got, want)
	}
	if len(ev.Sources) != 1 || len(ev.Sources[0].Windows) != 4 {
		t.Fatalf("evidence: %+v", ev.Sources)
	}
	checkVerbatimEvidence(t, ev)
	if tr.Stopped == "answer found" {
		t.Fatal("stopped below 2.75")
	}

	t.Run("StopsAt2.75", func(t *testing.T) {
		score["top"] = 2.75
		f.reqs = nil
		_, tr := gatherRouted(t, db, f, app.Question{Text: "refund policy", Scope: one("d")})
		if tr.Stopped != "answer found" {
			t.Fatalf("stopped %q", tr.Stopped)
		}
	})
	t.Run("NothingKeptLeavesTheFTSRanking", func(t *testing.T) {
		for k := range score {
			score[k] = 1
		}
		ev, tr := gatherRouted(t, db, f, app.Question{Text: "refund policy", Scope: one("d")})
		if len(ev.Sources) != 1 || len(tr.Results) != 4 {
			t.Fatalf("with nothing kept, evidence %+v, results %+v: want the FTS5 pass's four passages", ev.Sources, tr.Results)
		}
		for _, r := range tr.Results {
			if r.Kind != "fts" || r.Usefulness != 1 {
				t.Fatalf("result %+v: want an FTS5 passage with the judge's rating", r)
			}
		}
		checkVerbatimEvidence(t, ev)
	})
	t.Run("NoMatchStaysEmpty", func(t *testing.T) {
		ev, tr := gatherRouted(t, db, f, app.Question{Text: "warranty claims", Scope: one("d")})
		if len(ev.Sources) != 0 || len(tr.Results) != 0 {
			t.Fatalf("evidence for a question no passage matches: %+v", ev.Sources)
		}
	})
}

func checkVerbatimEvidence(t *testing.T, ev *app.Evidence) {
	t.Helper()
	for _, s := range ev.Sources {
		for _, w := range s.Windows {
			if err := app.CheckWindow(w, ev.Blocks); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestResultBounds(t *testing.T) {
	db := testDB(t)
	long := func(i int) string {
		return fmt.Sprintf("Ledger entry %d. ", i) + strings.Repeat("Quarterly ledger balance noted. ", 100)
	}
	var paras []string
	for i := 0; i < 20; i++ {
		paras = append(paras, long(i))
	}
	makeDoc(t, db, "d", "Ledger", []tsec{{heading: "Entries", paras: paras}})
	f := &fake{noneW: 0.01, use: func(ev string) float64 {
		// Later entries are more useful, with distinct scores.
		for i := 19; i >= 0; i-- {
			if strings.Contains(ev, fmt.Sprintf("Ledger entry %d.", i)) {
				return 1.5 + float64(i)/20
			}
		}
		return 0
	}}
	ev, tr := gatherRouted(t, db, f, app.Question{Text: "quarterly ledger balance", Scope: one("d")})
	chars := 0
	for _, s := range ev.Sources {
		for _, w := range s.Windows {
			chars += utf8.RuneCountInString(w.Text)
		}
	}
	if len(tr.Results) > 12 || chars > 24000 {
		t.Fatalf("%d passages, %d characters", len(tr.Results), chars)
	}
	if len(tr.Results) < 6 {
		t.Fatalf("only %d results: the character cap cut too much", len(tr.Results))
	}
}

func TestCoverageCheck(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Atlas", []tsec{{heading: "Rivers", paras: para("River length", 12)}})
	f := &fake{noneW: 0.01, use: func(string) float64 { return 2 }, yes: 0.9}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "river length", Scope: one("d")})
	if tr.Stopped != "evidence set covers the question" || len(tr.Coverage) != 1 || len(tr.Coverage[0].Passages) < 3 {
		t.Fatalf("stopped %q with checks %+v", tr.Stopped, tr.Coverage)
	}
	// A set judged incomplete keeps exploration open, and an unchanged
	// set is not asked about again.
	f.yes = 0.1
	_, tr = gatherRouted(t, db, f, app.Question{Text: "river length", Scope: one("d")})
	if tr.Stopped == "evidence set covers the question" {
		t.Fatal("stopped on an incomplete set")
	}
	seen := map[string]bool{}
	for _, c := range tr.Coverage {
		k := strings.Join(c.Passages, ",")
		if seen[k] {
			t.Fatalf("the same set was checked twice: %s", k)
		}
		seen[k] = true
	}
}

func TestProviderFailureFailsTheQuestion(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Atlas", []tsec{{heading: "Rivers", paras: para("River length", 3)}})
	boom := &app.Error{Code: app.EProviderFailure, Message: "The fake decision provider failed: HTTP 500."}
	ctx := context.Background()
	snap, _ := db.Snapshot(ctx)
	defer snap.Close()
	ev, tr, err := NewRouter(&fake{fail: boom}).Gather(ctx, snap, app.Question{Text: "river length", Scope: one("d")})
	if !errors.Is(err, boom) || ev != nil || tr != nil {
		t.Fatalf("got %v, %v, %v", ev, tr, err)
	}
}

func TestDirectCandidates(t *testing.T) {
	db := testDB(t)
	for i := 0; i < 12; i++ {
		makeDoc(t, db, fmt.Sprintf("d%02d", i), fmt.Sprintf("Volcano survey %d", i),
			[]tsec{{heading: "Eruptions", paras: []string{fmt.Sprintf("Volcano eruption record %d.", i)}}})
	}
	makeDoc(t, db, "other", "Cooking notes", []tsec{{heading: "Bread", paras: []string{"Knead the dough."}}})
	f := &fake{noneW: 0.01, use: func(string) float64 { return 1 }}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "volcano eruption survey"})
	n := 0
	for _, e := range tr.Edges {
		if e.From == "direct" {
			n++
			if e.To == "doc:other" {
				t.Fatal("the direct branch proposed a document matching nothing")
			}
		}
	}
	if n == 0 || n > 8 {
		t.Fatalf("the direct-candidate branch offered %d documents (1–8)", n)
	}
}

func TestStatisticsBranch(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Field report", []tsec{
		{heading: "Results", paras: []string{"Figure 1: Rainfall by month.", "Figure 2: Temperature by month.", "Table 1: Stations."}},
	})
	f := &fake{noneW: 0.01, pick: func(o jev.Option) float64 {
		if strings.Contains(o.Description, "Statistics of this document") {
			return 10
		}
		return 1
	}, use: func(ev string) float64 {
		if strings.Contains(ev, "Numbered figure captions: 2 distinct") {
			return 2.9
		}
		return 0
	}}
	ev, tr := gatherRouted(t, db, f, app.Question{Text: "How many figures are in the field report?", Scope: one("d")})
	if len(tr.Results) == 0 || tr.Results[0].Kind != "statistics" || tr.Results[0].PassageID != "" {
		t.Fatalf("results %+v", tr.Results)
	}
	for _, r := range tr.Results[1:] {
		if r.Kind != "fts" {
			t.Fatalf("result %+v after the statistics: only the FTS5 pass's floor follows them", r)
		}
	}
	// The statistics reach the evidence, apart from the quotable windows.
	if len(ev.Statistics) != 1 || ev.Statistics[0].DocumentID != "d" || ev.Statistics[0].Usefulness != 2.9 ||
		!strings.Contains(ev.Statistics[0].Text, "Numbered figure captions: 2 distinct") {
		t.Fatalf("evidence statistics %+v", ev.Statistics)
	}
	t.Run("DottedNumbersAreDistinct", func(t *testing.T) {
		db := testDB(t)
		makeDoc(t, db, "d", "Field report", []tsec{{heading: "Results", paras: []string{
			"Figure 2.1: Rainfall by month.", "Figure 2.2: Temperature by month.", "Figure 2.2 is drawn from station data.",
			"The Free Cash Flow (FCF) rose; FCF is defined below."}}})
		ev, _ := gatherRouted(t, db, f, app.Question{Text: "How many figures are in the field report?", Scope: one("d")})
		if len(ev.Statistics) != 1 || !strings.Contains(ev.Statistics[0].Text, "Numbered figure captions: 2 distinct (figure 2.1, 2.2)") ||
			!strings.Contains(ev.Statistics[0].Text, "FCF 2 (Free Cash Flow)") {
			t.Fatalf("statistics %+v", ev.Statistics)
		}
	})
}

func TestCrossReference(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Annual report", []tsec{
		{heading: "Overview", paras: []string{"Revenue grew strongly; see Note 7 for the tax position."}},
		{heading: "Notes", kids: []tsec{
			{heading: "Note 6 Leases", paras: []string{"Lease terms run ten years."}},
			{heading: "Note 7 Income taxes", paras: []string{"The effective rate was 21 percent."}},
		}},
	})
	f := &fake{noneW: 0.9, pick: func(o jev.Option) float64 { // routing finds only the overview
		if strings.Contains(o.Description, "Overview") {
			return 5
		}
		return 0.01
	}, use: func(ev string) float64 {
		if strings.Contains(ev, "see Note 7") {
			return 2
		}
		if strings.Contains(ev, "effective rate") {
			return 2.5
		}
		return 0
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "How did revenue grow?", Scope: one("d")})
	followed := false
	for _, e := range tr.Edges {
		if e.Outcome == "followed" && e.To == "xref:note 7" {
			followed = true
		}
	}
	var pages []int
	for _, r := range tr.Results {
		pages = append(pages, r.PageStart)
	}
	// Note 7 is evidence though nothing in the question names it; the
	// overview, which both the judge and the FTS5 pass rank, goes first.
	if !followed || len(pages) != 2 || pages[0] != 1 || pages[1] != 3 {
		t.Fatalf("followed %v, results on pages %v (want the overview's page 1, then Note 7's page 3)", followed, pages)
	}
}

func TestTraceRecordsPath(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Atlas", []tsec{{heading: "Rivers", paras: para("River length", 2)}, {heading: "Lakes", paras: para("Lake depth", 2)}})
	f := &fake{noneW: 0.01, use: func(ev string) float64 {
		if strings.Contains(ev, "River") {
			return 2
		}
		return 0
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "river length", Scope: one("d")})
	if tr.Provider != "fake" || len(tr.Edges) == 0 || len(tr.Visits) == 0 || tr.Requests == 0 {
		t.Fatalf("trace %+v", tr)
	}
	for _, e := range tr.Edges {
		if e.Probability < 0 || e.Probability > 1 || e.RouteScore <= 0 {
			t.Fatalf("edge %+v", e)
		}
	}
	for _, v := range tr.Visits {
		if v.Kept != (v.Usefulness >= 1.5) {
			t.Fatalf("visit %+v", v)
		}
	}
	if _, err := strconv.Atoi("1"); err != nil {
		t.Fatal(err)
	}
}

func TestQuestionLocators(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Survey paper", []tsec{
		{heading: "Introduction", paras: []string{"We survey correction methods."}},
		{heading: "Methods", paras: []string{"Table 1: Training-time methods.", "Table 2: Post-hoc methods and their feedback."}},
	})
	// Routing prefers the introduction; the question names Table 2.
	f := &fake{noneW: 0.9, pick: func(o jev.Option) float64 {
		if strings.Contains(o.Description, "Introduction") {
			return 5
		}
		return 0.01
	}, use: func(ev string) float64 {
		if strings.Contains(ev, "Table 2:") {
			return 2.5
		}
		return 0
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "How many methods are listed in Table 2?", Scope: one("d")})
	if len(tr.Results) == 0 || tr.Results[0].PageStart != 3 {
		t.Fatalf("results %+v: the table the question names was not followed", tr.Results)
	}
}

func TestTraceExplain(t *testing.T) {
	tr := &Trace{Provider: "local", Stopped: "answer found", Requests: 3, Expansions: 2, Scores: 5,
		Edges: []TraceEdge{{Label: "Field Manual", Probability: 0.61, RouteScore: 0.61, Outcome: "beam"}, {Label: "Recipes", Outcome: "deferred"}},
		Results: []TraceResult{{Kind: "located", Title: "Field Manual", PageStart: 9, PageEnd: 9},
			{Kind: "passage", Title: "Field Manual", Section: "Migration", PageStart: 3, PageEnd: 4, Usefulness: 2.8},
			{Kind: "fts", Title: "Field Manual", Section: "Index", PageStart: 40, PageEnd: 40, Usefulness: 1}}}
	got := tr.Explain()
	want := []string{
		"Decisions by the local provider: 3 requests, 2 menus, 5 passages scored; stopped: answer found.",
		"Explored “Field Manual” (probability 0.61, route score 0.61).",
		"Read Field Manual, page 9: the question names this place.",
		"Kept Field Manual › Migration, pages 3–4: usefulness 2.8 of 3.",
		"Added Field Manual › Index, page 40 from the full-text ranking (usefulness 1.0 of 3).",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Explain =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if (*Trace)(nil).Explain() != nil {
		t.Fatal("a nil trace explained something")
	}
}

func TestNewPagesFirst(t *testing.T) {
	d := &docState{doc: app.Document{ID: "d"}}
	e := &docState{doc: app.Document{ID: "e"}}
	mk := func(key string, ds *docState, a, b int) *candidate {
		return &candidate{key: key, kind: "passage", doc: ds, ref: store.PassageRef{PageStart: a, PageEnd: b}}
	}
	in := []*candidate{mk("a", d, 4, 5), mk("b", d, 5, 5), mk("c", e, 5, 5), mk("d", d, 5, 6), mk("e", d, 4, 4),
		{key: "s", kind: "statistics", doc: d}}
	var got []string
	for _, c := range newPagesFirst(in) {
		got = append(got, c.key)
	}
	// b and e add no page of d that a has not shown; c is another document's page 5.
	if strings.Join(got, ",") != "a,c,d,s,b,e" {
		t.Fatalf("order %v", got)
	}
}

func TestFindReferences(t *testing.T) {
	texts := []string{
		"Revenue grew; see Note 7 for taxes, and refer to Item 7A. (Note 12) is long. Salon Note 3 is not one.",
		"As set forth in   the Section 3.4 and described in Appendix B2, shown in Figure 2.1 on page 45.",
		"Nothing here: notes 7, table of contents, page one. See note7. SEE TABLE 3 and on Page 9",
		strings.Repeat("filler words ", 40) + "discussed in Exhibit 10 " + strings.Repeat("x", 300) + " see Table 4",
	}
	for _, text := range texts {
		want := xrefRE.FindAllStringSubmatch(text, -1)
		got := findReferences(text)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("findReferences(%q)\n got %q\nwant %q", text, got, want)
		}
	}
}

func TestRouterCountCache(t *testing.T) {
	r := NewRouter(jev.Local{})
	calls := 0
	compute := func() (int, error) { calls++; return 7, nil }
	for range 2 {
		if n, err := r.count("s1", "k", compute); err != nil || n != 7 {
			t.Fatalf("count = %d, %v", n, err)
		}
	}
	if calls != 1 {
		t.Fatalf("computed %d times under one stamp", calls)
	}
	if _, err := r.count("s2", "k", compute); err != nil || calls != 2 {
		t.Fatalf("a new index stamp did not recompute (%d calls, %v)", calls, err)
	}
	failing := func() (int, error) { return 0, errors.New("disk") }
	if _, err := r.count("s2", "other", failing); err == nil {
		t.Fatal("a failed count was not reported")
	}
	if _, err := r.count("s2", "other", compute); err != nil || calls != 3 {
		t.Fatal("a failed count was cached")
	}
}

// TestFuseGuarantees checks the two promises of the reciprocal-rank fusion
// (floor.go) on random lists: a passage both lists rank in their first m
// is in the fused first 2m−1, and a passage at rank r of the second list
// is at rank at most r+len(first).
func TestFuseGuarantees(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 2000; trial++ {
		pool := rng.IntN(20) + 1
		pick := func(n int) []*candidate {
			var out []*candidate
			for _, k := range rng.Perm(pool)[:n] {
				out = append(out, &candidate{key: strconv.Itoa(k)})
			}
			return out
		}
		a, b := pick(rng.IntN(pool+1)), pick(rng.IntN(pool+1))
		fused := fuse(a, b)
		at := map[string]int{}
		for i, c := range fused {
			if _, dup := at[c.key]; dup {
				t.Fatalf("%s twice in %v", c.key, keys(fused))
			}
			at[c.key] = i + 1
		}
		rank := func(l []*candidate, key string) int {
			for i, c := range l {
				if c.key == key {
					return i + 1
				}
			}
			return 0
		}
		for r, c := range b {
			if at[c.key] > r+1+len(a) {
				t.Fatalf("second list's rank %d at fused rank %d (first list %d long): %v + %v → %v", r+1, at[c.key], len(a), keys(a), keys(b), keys(fused))
			}
			if ra := rank(a, c.key); ra > 0 {
				m := max(ra, r+1)
				if at[c.key] > 2*m-1 {
					t.Fatalf("in both first %d, fused rank %d: %v + %v → %v", m, at[c.key], keys(a), keys(b), keys(fused))
				}
			}
		}
		if len(fused) < len(a) || len(fused) < len(b) {
			t.Fatalf("fused %d shorter than its lists (%d, %d)", len(fused), len(a), len(b))
		}
	}
}

func keys(cs []*candidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.key)
	}
	return out
}

// TestShortWalkKeepsTheFTSDepth: a walk that stops on its first passage
// ("answer found") still returns as many passages as the FTS5 pass offers,
// the pass's own order after the routed passage.
func TestShortWalkKeepsTheFTSDepth(t *testing.T) {
	db := testDB(t)
	var paras []string
	for i := 0; i < 9; i++ {
		paras = append(paras, fmt.Sprintf("Filter cartridge note %d: replace the filter cartridge yearly.", i))
	}
	// The decisive passage is also the FTS5 pass's first: the two agree.
	paras[5] += " The filter cartridge and filter cartridge seal come as one filter cartridge kit."
	makeDoc(t, db, "d", "Manual", []tsec{{heading: "Care", paras: paras}})
	f := &fake{noneW: 0.01, use: func(ev string) float64 {
		if strings.Contains(ev, "note 5:") {
			return 3 // decisive: the walk stops
		}
		return 0.5
	}}
	ev, tr := gatherRouted(t, db, f, app.Question{Text: "filter cartridge", Scope: one("d")})
	if tr.Stopped != "answer found" {
		t.Fatalf("stopped %q, want answer found", tr.Stopped)
	}
	if len(tr.Results) != 9 || tr.Results[0].Kind != "passage" || tr.Results[0].PageStart != 6 {
		t.Fatalf("results %+v: want the decisive passage (page 6) first, then the eight others", tr.Results)
	}
	weak := 0
	for _, w := range ev.Sources[0].Windows {
		if w.Weak != (w.PageStart != 6) {
			t.Fatalf("window on page %d: weak %v; only the floor's windows are weak", w.PageStart, w.Weak)
		}
		if w.Weak {
			weak++
		}
	}
	if weak != 8 {
		t.Fatalf("%d weak windows, want 8", weak)
	}
	checkVerbatimEvidence(t, ev)
}

// TestLocatorsOpenTheEvidence: the place a question names opens the
// evidence even when the judge rates it low — a page by its printed label
// first and then by its physical number, the last page, an appendix by its
// letter, a figure by its caption — and a place the document lacks adds
// nothing.
func TestLocatorsOpenTheEvidence(t *testing.T) {
	db := testDB(t)
	// Physical pages 1–2 are front matter (i, ii); page 3 prints "1".
	labels := func(n int) string {
		if n <= 2 {
			return []string{"i", "ii"}[n-1]
		}
		return strconv.Itoa(n - 2)
	}
	makeLabelledDoc(t, db, "d", "Field guide", []tsec{
		{heading: "Preface", paras: []string{"How to use this guide to birds.", "Acknowledgements to the survey team."}},
		{heading: "Birds", paras: []string{"Herons wade in shallow water.", "Figure 2: A heron's nest.", "Owls hunt birds at night.", "Swifts rarely land."}},
		{heading: "Appendix E Checklist", paras: []string{"Checklist of birds seen."}},
		{heading: "Index", paras: []string{"Index of birds, signed by the editor."}},
	}, labels)
	f := &fake{noneW: 0.01, use: func(ev string) float64 {
		if strings.Contains(ev, "birds") {
			return 2.2 // the judge likes any passage saying "birds"
		}
		return 0.2
	}}
	first := func(q string) TraceResult {
		t.Helper()
		_, tr := gatherRouted(t, db, f, app.Question{Text: q, Scope: one("d")})
		if len(tr.Results) == 0 {
			t.Fatalf("%q: no results", q)
		}
		return tr.Results[0]
	}
	for _, c := range []struct {
		q    string
		page int
	}{
		{"What is said about birds on page 3?", 5},      // printed 3 is physical 5
		{"What is said about birds on page ii?", 2},     // a roman label
		{"Which birds are listed on the last page?", 8}, // the document's last page
		{"Which birds does Appendix E list?", 7},
		{"What does Figure 2 show about birds?", 4}, // its caption, not a heading
	} {
		if r := first(c.q); r.PageStart != c.page {
			t.Errorf("%q: first result on page %d, want %d", c.q, r.PageStart, c.page)
		}
	}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "What is said about birds on page 3?", Scope: one("d")})
	if len(tr.Results) < 2 || tr.Results[1].PageStart != 3 {
		t.Errorf("results %+v: after printed page 3 (physical 5) comes physical page 3", tr.Results)
	}
	// Appendix Z and page 40 do not exist: the judge's order stands.
	if r := first("Which birds does Appendix Z list on page 40?"); r.Kind != "passage" {
		t.Errorf("a place the document lacks changed the evidence: first result %+v", r)
	}
}

// TestStopNeedsAgreement: a passage the judge rates decisive ends the walk
// only when the FTS5 pass ranks it among its first few, or a second
// passage is decisive too.
func TestStopNeedsAgreement(t *testing.T) {
	db := testDB(t)
	var paras []string
	for i := 0; i < 8; i++ {
		paras = append(paras, fmt.Sprintf("Boiler pressure reading %d: the boiler pressure boiler pressure held.", i))
	}
	paras = append(paras, "Boiler logbook.") // the FTS5 pass ranks this last
	makeDoc(t, db, "d", "Plant log", []tsec{{heading: "Readings", paras: paras}})
	f := &fake{noneW: 0.01, use: func(ev string) float64 {
		if strings.Contains(ev, "logbook") {
			return 3
		}
		return 1.6
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "boiler pressure", Scope: one("d")})
	if tr.Stopped == "answer found" {
		t.Fatalf("one decisive passage the FTS5 pass ranks last ended the walk (%d scored)", tr.Scores)
	}
	f.use = func(ev string) float64 {
		if strings.Contains(ev, "reading 0:") {
			return 3
		}
		return 1.6
	}
	if _, tr := gatherRouted(t, db, f, app.Question{Text: "boiler pressure", Scope: one("d")}); tr.Stopped != "answer found" {
		t.Fatalf("a decisive passage the FTS5 pass ranks first did not end the walk: %q", tr.Stopped)
	}
}

// TestSoleTableOpensTheEvidence: "the table", named by its article alone,
// is a document's one table: its passage opens the evidence though no word
// of the question is in it. A document with two tables opens neither, nor
// does a question asked of several documents.
func TestSoleTableOpensTheEvidence(t *testing.T) {
	db := testDB(t)
	intro := "Accounts receivable consists of the following:"
	makeDoc(t, db, "one", "Notes", []tsec{{heading: "Receivables", paras: []string{
		"Our customers show steady payment habits.", intro, "Trade | 875.8 | 557.8"}}})
	makeDoc(t, db, "two", "Notes", []tsec{{heading: "Receivables", paras: []string{
		"Our customers show steady payment habits.", intro, "Trade | 875.8 | 557.8", "Leases | 12.0 | 10.1"}}})
	f := &fake{noneW: 0.01, use: func(string) float64 { return 0.2 }}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "What does the table show?", Scope: one("one")})
	if len(tr.Results) == 0 || tr.Results[0].Kind != "located" || tr.Results[0].PageStart != 3 {
		t.Errorf("one table: results %+v, want the table's page 3 located first", tr.Results)
	}
	_, tr = gatherRouted(t, db, f, app.Question{Text: "What does the table show?", Scope: one("two")})
	for _, r := range tr.Results {
		if r.Kind == "located" {
			t.Errorf("two tables: %+v located", r)
		}
	}
	// Across documents "the table" does not say whose, even of documents
	// the question's words lead to.
	_, tr = gatherRouted(t, db, f, app.Question{Text: "What does the table show about payment habits?"})
	for _, r := range tr.Results {
		if r.Kind == "located" {
			t.Errorf("whole library: %+v located", r)
		}
	}
}

// TestLocatorsOnlyInChosenDocuments: across a library, "page 2" opens the
// evidence with page 2 of the documents routing chose, not of every
// document the walk passed through.
func TestLocatorsOnlyInChosenDocuments(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "a", "Kiln manual", []tsec{{heading: "Kilns", paras: []string{"Kiln firing schedule.", "Kiln glaze temperatures."}}})
	makeDoc(t, db, "b", "Garden notes", []tsec{{heading: "Beds", paras: []string{"Raised beds.", "Compost turning."}}})
	f := &fake{noneW: 0.01, pick: func(o jev.Option) float64 { return 1 }, use: func(ev string) float64 {
		if strings.Contains(ev, "Kiln glaze") {
			return 2.2
		}
		return 0.2
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "What kiln glaze temperatures are on page 2?"})
	for _, r := range tr.Results {
		if r.Kind == "located" && r.DocumentID != "a" {
			t.Fatalf("results %+v: page 2 of a document routing did not choose opens the evidence", tr.Results)
		}
	}
	if len(tr.Results) == 0 || tr.Results[0].DocumentID != "a" || tr.Results[0].PageStart != 2 {
		t.Fatalf("results %+v: want the kiln manual's page 2 first", tr.Results)
	}
}

// TestDocumentDefinitionsReachTheJudge: a document's own abbreviations go
// with its evidence to the judge — the question's "NARL" is met by the
// document's "National Atmospheric Research Laboratory" — and no other
// document's passages are judged by them.
func TestDocumentDefinitionsReachTheJudge(t *testing.T) {
	ctx := context.Background()
	db := testDB(t)
	radar := "The National Atmospheric Research Laboratory operates a wind profiler radar with a peak power of 2.5 MW."
	makeDoc(t, db, "lab", "Institute report", []tsec{
		{heading: "About", paras: []string{"The National Atmospheric Research Laboratory (NARL) is an autonomous institute.",
			"NARL hosts visiting students every summer."}},
		{heading: "Facilities", paras: []string{radar, "A lidar measures aerosols at night."}},
	})
	makeDoc(t, db, "other", "Trade notes", []tsec{{heading: "Radar", paras: []string{
		"A radar with a peak power of 2.5 MW needs a licence.", "NARL means North American Radar League in these notes."}}})
	narl := []app.Abbreviation{{Short: "NARL", Long: "National Atmospheric Research Laboratory"}}
	if err := db.ReplaceAbbreviations(ctx, "lab", 1, narl); err != nil {
		t.Fatal(err)
	}
	if err := db.ReplaceAbbreviations(ctx, "other", 1, []app.Abbreviation{{Short: "NARL", Long: "North American Radar League"}}); err != nil {
		t.Fatal(err)
	}
	q := app.Question{Text: "What is the peak power of the NARL radar?"}

	f := &fake{noneW: 0.01, use: func(string) float64 { return 1.6 }}
	gatherRouted(t, db, f, q)
	scored := 0
	for _, req := range f.requests() {
		for _, qu := range req.Questions {
			if qu.Kind != jev.Score {
				continue
			}
			scored++
			var want string
			switch {
			case strings.Contains(qu.Evidence, "Institute report"):
				want = "National Atmospheric Research Laboratory"
			case strings.Contains(qu.Evidence, "Trade notes"):
				want = "North American Radar League"
			}
			if len(qu.Abbreviations) != 1 || qu.Abbreviations[0].Long != want {
				t.Errorf("evidence %q carries %v, want its own document's NARL, %q", qu.Evidence, qu.Abbreviations, want)
			}
		}
	}
	if scored == 0 {
		t.Fatal("no passage was scored")
	}

	// The offline judge reads them: the radar sentence, which writes the
	// laboratory's name in full, is more useful for the question when its
	// document defines NARL than when it does not.
	usefulness := func() float64 {
		t.Helper()
		_, tr := gatherRouted(t, db, jev.Local{}, app.Question{Text: q.Text, Scope: one("lab")})
		for _, v := range tr.Visits {
			if v.DocumentID == "lab" && v.PageStart == 3 {
				return v.Usefulness
			}
		}
		t.Fatalf("the radar passage was not scored: %+v", tr.Visits)
		return 0
	}
	with := usefulness()
	if err := db.ReplaceAbbreviations(ctx, "lab", 1, nil); err != nil {
		t.Fatal(err)
	}
	if without := usefulness(); with <= without {
		t.Errorf("the radar passage scores %v with the document's definition of NARL, %v without", with, without)
	}
}
