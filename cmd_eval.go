package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"time"

	"archivist/app"
	"archivist/ingest/abbrev"
	"archivist/retrieve"
	"archivist/retrieve/eval"
	"archivist/retrieve/route"
)

const evalUsage = "usage: archivist [--library DIR] eval --questions FILE --docs DIR [--scope doc|library] [--k 1,3,6,12] " +
	"[--provider local|systemone|openai] [--retrieval routed|fts|pages] [--details FILE] [--cpuprofile FILE] [--answers] [--json]"

// cmdEval measures retrieval quality on a question set: it imports the
// documents the questions name (into a temporary library unless --library
// is given), asks each question scoped to its own document (doc) or the
// whole library (library), and reports evidence-page hit@k, the share of
// unanswerable questions answered as insufficient, and latency.
//
// Questions are asked through Research with the providers
// retrieve.NewProviders builds (see evalSettings), so eval measures what a
// user gets.
func cmdEval(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	questionsFile := fs.String("questions", "", "question set, one JSON object a line")
	docsDir := fs.String("docs", "", "folder the questions' doc paths are relative to")
	scope := fs.String("scope", "doc", "doc (each question in its own document) or library (the whole library)")
	kList := fs.String("k", "1,3,6,12", "ranks at which to count hits")
	provider := fs.String("provider", "local", "decision provider: local, systemone or openai")
	retrieval := fs.String("retrieval", "routed", "routed (tree routing and scoring), fts (the FTS5 candidate pass alone) or pages (the reference: plain bm25 over one row a page)")
	details := fs.String("details", "", "write one JSON line per question to this file")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the questions (not the import) to this file")
	answers := fs.Bool("answers", false, "also measure whether the offline answer quotes the reference answer (reads gold pages with pdftotext)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *questionsFile == "" || *docsDir == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, evalUsage)
		return 2
	}
	if *scope != "doc" && *scope != "library" {
		fmt.Fprintf(stderr, "archivist: unknown scope %q (doc or library)\n", *scope)
		return 2
	}
	if *retrieval != "routed" && *retrieval != "fts" && *retrieval != "pages" {
		fmt.Fprintf(stderr, "archivist: unknown retrieval %q (routed, fts or pages)\n", *retrieval)
		return 2
	}
	ks, err := parseKs(*kList)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", err)
		return 2
	}
	switch *provider {
	case app.ProviderLocal, app.ProviderSystemOne, app.ProviderOpenAI:
	default:
		fmt.Fprintf(stderr, "archivist: unknown decision provider %q (local, systemone or openai)\n", *provider)
		return 2
	}
	f, err := os.Open(*questionsFile)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", err)
		return 1
	}
	questions, err := eval.ReadQuestions(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	var measure *answerMeasure
	if *answers {
		if measure, err = newAnswerMeasure(*questionsFile, *docsDir); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
	}
	dir := p.libraryFlag
	if dir == "" {
		// No --library: a temporary library, removed afterwards.
		tmp, err := os.MkdirTemp("", "archivist-eval-")
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", err)
			return 1
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	p, err = open(ctx, dir)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	defer p.close()
	p.logTo(stderr)
	// The providers are built as the window's and ask's are; the
	// environment only fills the settings.
	settings, keys := evalSettings(*provider)
	pv, err := retrieve.NewProviders(ctx, settings, keys, p.db, retrieve.ProviderOptions{Log: p.log})
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		if app.ErrorCode(err) == app.EInvalid {
			return 2
		}
		return 1
	}
	p.research.Use(pv)
	ids, err := importEvalDocs(ctx, p, questions, *docsDir, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	if _, err := (abbrev.Service{DB: p.db}).Backfill(ctx); err != nil { // a library imported before they were learned
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	var detailOut io.Writer
	if *details != "" {
		df, err := os.Create(*details)
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", err)
			return 1
		}
		defer df.Close()
		detailOut = df
	}
	if *cpuProfile != "" {
		pf, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", err)
			return 1
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	var pages *eval.PageBM25
	if *retrieval == "pages" {
		if pages, err = pageReference(ctx, p, ids); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
		defer pages.Close()
	}
	var outcomes []eval.Outcome
	for i, q := range questions {
		question := app.Question{Text: q.Question, Preset: app.PresetBalanced}
		if *scope == "doc" {
			question.Scope = app.Scope{DocumentIDs: []string{ids[q.Doc]}}
		}
		start, cpuStart := time.Now(), processCPU()
		var ranked []eval.PageRange
		var tr *route.Trace
		ans := &app.Answer{}
		if pages != nil {
			doc := ""
			if *scope == "doc" {
				doc = ids[q.Doc]
			}
			ranked, err = pages.Rank(ctx, q.Question, doc, ks[len(ks)-1])
		} else {
			ranked, tr, ans, err = askForEval(ctx, p, *retrieval == "fts", question)
		}
		if err != nil {
			fmt.Fprintf(stderr, "archivist: question %s: %s\n", q.ID, describe(err))
			return 1
		}
		o := eval.Outcome{Doc: q.Doc, Answerable: q.IsAnswerable(), Ungraded: q.IsAnswerable() && len(q.EvidencePages) == 0, FirstHit: eval.FirstHit(ranked, ids[q.Doc], q.EvidencePages),
			Insufficient: !ans.Sufficient, Elapsed: time.Since(start)}
		if cpuStart > 0 {
			o.CPU = processCPU() - cpuStart
		}
		outcomes = append(outcomes, o)
		var ao *eval.AnswerOutcome
		if measure != nil {
			a, err := measure.add(ctx, q, ans)
			if err != nil {
				fmt.Fprintf(stderr, "archivist: question %s: %s\n", q.ID, describe(err))
				return 1
			}
			ao = &a
		}
		if detailOut != nil {
			writeDetail(detailOut, q, o, ranked, tr, ao, ans)
		}
		if !*asJSON && (i+1)%25 == 0 {
			fmt.Fprintf(stderr, "asked %d of %d questions\n", i+1, len(questions))
		}
	}
	rep := eval.Summarize(outcomes, ks)
	var ansRep *eval.AnswerReports
	if measure != nil {
		r := eval.SummarizeAnswers(measure.outs)
		ansRep = &r
	}
	if *asJSON {
		return printJSON(stdout, struct {
			eval.Report
			Answers *eval.AnswerReports `json:"answers,omitempty"`
		}{rep, ansRep})
	}
	fmt.Fprintf(stdout, "questions: %d (%s scope, %s retrieval, %s provider)\n", rep.Questions, *scope, *retrieval, *provider)
	for _, k := range ks {
		fmt.Fprintf(stdout, "hit@%d: %.3f", k, rep.Hit[strconv.Itoa(k)])
		if rep.Halves != nil {
			fmt.Fprintf(stdout, " (half A %.3f, half B %.3f)", rep.Halves["A"][strconv.Itoa(k)], rep.Halves["B"][strconv.Itoa(k)])
		}
		fmt.Fprintln(stdout)
	}
	if pages == nil { // the reference ranks pages; it answers nothing
		fmt.Fprintf(stdout, "unanswerable: %d, answered as insufficient: %.3f\n", rep.Unanswerable, rep.InsufficientOnUnanswerable)
	}
	fmt.Fprintf(stdout, "latency ms: p50 %.1f, p95 %.1f\n", rep.LatencyMS.P50, rep.LatencyMS.P95)
	if rep.CPUMS != nil {
		fmt.Fprintf(stdout, "processor ms: p50 %.1f, p95 %.1f\n", rep.CPUMS.P50, rep.CPUMS.P95)
	}
	if ansRep != nil {
		printAnswerReports(stdout, *ansRep)
	}
	return 0
}

// askForEval asks q through Research, as a user's question is asked
// (upgrade check, folder resolution, consent, the replay store), routed or
// by the FTS5 pass alone, and returns the page ranges of its evidence in
// rank order with the trace.
func askForEval(ctx context.Context, p *parts, ftsOnly bool, q app.Question) ([]eval.PageRange, *route.Trace, *app.Answer, error) {
	var ranked []eval.PageRange
	var trace *route.Trace
	ans, _, _, err := p.research.AskWith(ctx, q, retrieve.AskOptions{FTSOnly: ftsOnly, Evidence: func(ev *app.Evidence, tr *route.Trace) {
		trace = tr
		if tr != nil {
			ranked = eval.TracePages(tr)
		} else {
			ranked = eval.RankedPages(ev)
		}
	}})
	if err != nil {
		return nil, nil, nil, err
	}
	return ranked, trace, ans, nil
}

// pageReference indexes the pages of the set's documents for
// `--retrieval pages`.
func pageReference(ctx context.Context, p *parts, ids map[string]string) (*eval.PageBM25, error) {
	snap, err := p.db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	var docs []string
	for _, id := range ids {
		docs = append(docs, id)
	}
	sort.Strings(docs)
	return eval.NewPageBM25(ctx, snap, docs)
}

// importEvalDocs imports every document the questions name and maps each
// doc path to its document ID.
func importEvalDocs(ctx context.Context, p *parts, questions []eval.Question, dir string, stderr io.Writer) (map[string]string, error) {
	var docs []string
	seen := map[string]bool{}
	for _, q := range questions {
		if !seen[q.Doc] {
			seen[q.Doc] = true
			docs = append(docs, q.Doc)
		}
	}
	sort.Strings(docs)
	paths := make([]string, len(docs))
	byPath := map[string]string{}
	for i, d := range docs {
		paths[i] = filepath.Join(dir, filepath.FromSlash(d))
		byPath[paths[i]] = d
	}
	if err := p.importer.Resume(ctx); err != nil {
		fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
	}
	fmt.Fprintf(stderr, "importing %d documents…\n", len(paths))
	results, err := p.importer.ImportFiles(ctx, paths, "", nil)
	if err != nil {
		return nil, err
	}
	ids := map[string]string{}
	for _, r := range results {
		if r.Outcome == app.OutcomeFailed {
			return nil, app.Errorf(app.EInvalid, "Could not import %s: %s", r.Path, describe(r.Err))
		}
		ids[byPath[r.Path]] = r.DocumentID
	}
	for _, d := range docs {
		if ids[d] == "" {
			return nil, app.Errorf(app.ENotFound, "The question set names %s, which was not imported.", d)
		}
	}
	return ids, nil
}

func parseKs(s string) ([]int, error) {
	var ks []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 {
			return nil, fmt.Errorf("--k takes ranks like 1,3,6,12, not %q", s)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// evalSettings fills the settings eval asks with from the environment:
// an HTTP decision provider reads ARCHIVIST_JEV_URL, ARCHIVIST_JEV_MODEL,
// ARCHIVIST_JEV_KEY (never printed) and ARCHIVIST_JEV_EGRESS=1 (the
// acknowledgement that document text may leave this computer, recorded in
// the library for that endpoint). Answers are extractive.
func evalSettings(provider string) (app.Settings, retrieve.Keys) {
	s := app.Settings{Decision: app.ProviderSettings{Kind: provider}}
	if provider != app.ProviderLocal {
		s.Decision.URL, s.Decision.Model = os.Getenv("ARCHIVIST_JEV_URL"), os.Getenv("ARCHIVIST_JEV_MODEL")
		s.EgressAcknowledged = os.Getenv("ARCHIVIST_JEV_EGRESS") == "1"
	}
	return s, retrieve.Keys{Decision: os.Getenv("ARCHIVIST_JEV_KEY")}
}

// evalDetail is one line of --details: what was found for a question and
// where the gold pages were (read after retrieval, for diagnosis).
type evalDetail struct {
	ID           string    `json:"id"`
	Answerable   bool      `json:"answerable"`
	FirstHit     int       `json:"first_hit"`
	Gold         []int     `json:"gold"`
	Ranked       [][2]int  `json:"ranked"`
	Insufficient bool      `json:"insufficient"`
	MS           float64   `json:"ms"`
	CPUMS        float64   `json:"cpu_ms,omitempty"`
	Stopped      string    `json:"stopped,omitempty"`
	Scores       int       `json:"scores,omitempty"`
	Expansions   int       `json:"expansions,omitempty"`
	Usefulness   []float64 `json:"usefulness,omitempty"`
	// Visits is every passage scored, in scoring order: pages, usefulness
	// and route score (statistics have no pages).
	Visits [][4]float64 `json:"visits,omitempty"`
	// With --answers: whether the reference stands on a gold page, whether
	// the answer quotes it, and the answer.
	Selected *bool  `json:"selected,omitempty"`
	Quoted   *bool  `json:"quoted,omitempty"`
	Answer   string `json:"answer,omitempty"`
}

func writeDetail(w io.Writer, q eval.Question, o eval.Outcome, ranked []eval.PageRange, tr *route.Trace, ao *eval.AnswerOutcome, ans *app.Answer) {
	d := evalDetail{ID: q.ID, Answerable: o.Answerable, FirstHit: o.FirstHit, Gold: q.EvidencePages, Ranked: [][2]int{},
		Insufficient: o.Insufficient, MS: float64(o.Elapsed.Microseconds()) / 1000,
		CPUMS: float64(o.CPU.Microseconds()) / 1000}
	for _, r := range ranked {
		d.Ranked = append(d.Ranked, [2]int{r.Start, r.End})
	}
	if tr != nil {
		d.Stopped, d.Scores, d.Expansions = tr.Stopped, tr.Scores, tr.Expansions
		for _, r := range tr.Results {
			d.Usefulness = append(d.Usefulness, r.Usefulness)
		}
		for _, v := range tr.Visits {
			d.Visits = append(d.Visits, [4]float64{float64(v.PageStart), float64(v.PageEnd), v.Usefulness, v.RouteScore})
		}
	}
	if ao != nil {
		d.Selected, d.Quoted, d.Answer = &ao.Selected, &ao.Quoted, ans.Answer
	}
	b, _ := json.Marshal(d)
	w.Write(append(b, '\n'))
}
