package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"

	"archivist/app"
	"archivist/ingest/abbrev"
	"archivist/retrieve"
	"archivist/retrieve/eval"
)

// mixFlags are eval's --mix and --half: one library built from several
// question sets, each set's questions asked across all of it. A person's
// library mixes filings, papers, manuals and web pages, so document choice
// is measured where the other documents are of unrelated kinds.
type mixFlags struct {
	sets       string
	half       string
	answerable bool
	perDoc     int
}

func addMixFlags(fs *flag.FlagSet) *mixFlags {
	m := &mixFlags{}
	fs.StringVar(&m.sets, "mix", "", "comma-separated set folders (each with questions.jsonl): import them all into one library and report each set")
	fs.StringVar(&m.half, "half", "", "with --mix, ask only the questions of this document half (A or B)")
	fs.IntVar(&m.perDoc, "per-doc", 0, "with --mix, ask at most this many answerable questions of each document (0: all), for a quick measure of a set with many questions a document")
	fs.BoolVar(&m.answerable, "answerable", false, "with --mix, ask only the answerable questions (the ones hit@k counts)")
	return m
}

// evalRun is what an eval command line asks for beyond its question set.
type evalRun struct {
	scope, provider, retrieval string
	ks                         []int
	details, cpuProfile        string
	asJSON                     bool
}

// mixSet is one question set of a mixed library.
type mixSet struct {
	name, dir  string
	questions  []eval.Question
	byDocument bool // the set gives no evidence pages: document hit@k
	// answerableOnly leaves the unanswerable questions unasked: they
	// still name their documents, so the halves stay the set's.
	answerableOnly bool
	perDoc         int               // at most this many questions asked a document; 0 for all
	ids            map[string]string // doc path → document ID
}

// mixReport is one set's figures in the mixed library.
type mixReport struct {
	Set    string `json:"set"`
	Graded string `json:"graded"` // "pages" or "document"
	eval.Report
}

// run imports every set's documents into one library and asks each set's
// questions across all of it (or in their own document).
func (m *mixFlags) run(ctx context.Context, c *Call, r evalRun) error {
	if m.half != "" && m.half != "A" && m.half != "B" {
		return c.Usage("unknown half %q (A or B)", m.half)
	}
	if m.perDoc < 0 {
		return c.Usage("--per-doc takes a count, not %d", m.perDoc)
	}
	sets, err := readMixSets(m.sets, m.half, m.answerable || m.perDoc > 0, m.perDoc)
	if err != nil {
		return err
	}
	p, done, err := openEvalLibrary(ctx, c, r.provider)
	if err != nil {
		return err
	}
	defer done()
	all := map[string]string{}
	for i := range sets {
		s := &sets[i]
		if s.ids, err = importEvalDocs(ctx, p, s.questions, s.dir, c.Stderr); err != nil {
			return err
		}
		for d, id := range s.ids {
			all[s.name+"/"+d] = id
		}
	}
	if _, err := (abbrev.Service{DB: p.DB}).Backfill(ctx); err != nil {
		return err
	}
	var detailOut io.Writer
	if r.details != "" {
		df, err := os.Create(r.details)
		if err != nil {
			return err
		}
		defer df.Close()
		detailOut = df
	}
	var pages *eval.PageBM25
	if r.retrieval == "pages" {
		if pages, err = pageReference(ctx, p, all); err != nil {
			return err
		}
		defer pages.Close()
	}
	if r.cpuProfile != "" {
		pf, err := os.Create(r.cpuProfile)
		if err != nil {
			return err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var reports []mixReport
	var everyone []eval.Outcome
	for _, s := range sets {
		outcomes, skipped, err := askMixSet(ctx, c, p, s, r, pages, detailOut)
		if err != nil {
			return err
		}
		everyone = append(everyone, outcomes...)
		graded := "pages"
		if s.byDocument {
			graded = "document"
		}
		rep := eval.Summarize(append(outcomes, skipped...), r.ks)
		times := eval.Summarize(outcomes, r.ks) // of the questions asked
		rep.Questions, rep.LatencyMS, rep.CPUMS = len(outcomes), times.LatencyMS, times.CPUMS
		rep.Unanswerable, rep.InsufficientOnUnanswerable = times.Unanswerable, times.InsufficientOnUnanswerable
		if m.half != "" { // the kept half's documents would be split again
			rep.Halves = nil
		}
		reports = append(reports, mixReport{Set: s.name, Graded: graded, Report: rep})
	}
	total := eval.Summarize(everyone, r.ks)
	if r.asJSON {
		return printJSON(c.Stdout, struct {
			Sets      []mixReport   `json:"sets"`
			Documents int           `json:"documents"`
			LatencyMS eval.Latency  `json:"latency_ms"`
			CPUMS     *eval.Latency `json:"cpu_ms,omitempty"`
		}{reports, len(all), total.LatencyMS, total.CPUMS})
	}
	printMixReports(c.Stdout, reports, total, len(all), r)
	return nil
}

// readMixSets reads each folder's questions.jsonl (paths in it are
// relative to the folder), keeping one document half when half is set.
func readMixSets(list, half string, answerable bool, perDoc int) ([]mixSet, error) {
	var sets []mixSet
	seen := map[string]bool{}
	for _, dir := range strings.Split(list, ",") {
		dir = strings.TrimSpace(dir)
		if dir == "" {
			continue
		}
		name := filepath.Base(filepath.Clean(dir))
		if seen[name] {
			return nil, app.Errorf(app.EInvalid, "--mix names two sets called %s.", name)
		}
		seen[name] = true
		f, err := os.Open(filepath.Join(dir, "questions.jsonl"))
		if err != nil {
			return nil, app.Errorf(app.ENotFound, "The set folder %s has no questions.jsonl: %v.", dir, err)
		}
		qs, err := eval.ReadQuestions(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		s := mixSet{name: name, dir: dir, byDocument: eval.GradedByDocument(qs), questions: qs}
		if half != "" {
			s.questions = eval.InHalf(s.questions, half)
		}
		s.answerableOnly, s.perDoc = answerable, perDoc
		sets = append(sets, s)
	}
	if len(sets) == 0 {
		return nil, app.Errorf(app.EInvalid, "--mix names no set folder.")
	}
	return sets, nil
}

// openEvalLibrary opens the library eval measures in (--library, else a
// temporary one removed by done) with the providers a user's questions
// get.
func openEvalLibrary(ctx context.Context, c *Call, provider string) (*Library, func(), error) {
	dir, cleanup := c.LibraryFlag(), func() {}
	if dir == "" {
		tmp, err := os.MkdirTemp("", "archivist-eval-")
		if err != nil {
			return nil, nil, err
		}
		dir, cleanup = tmp, func() { os.RemoveAll(tmp) }
	}
	p, err := c.OpenAt(ctx, dir)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	done := func() { p.Close(); cleanup() }
	settings, keys := evalSettings(provider)
	pv, err := retrieve.NewProviders(ctx, settings, keys, p.DB, retrieve.ProviderOptions{Log: p.Log})
	if err != nil {
		done()
		if app.ErrorCode(err) == app.EInvalid {
			return nil, nil, c.Usage("%s", describe(err))
		}
		return nil, nil, err
	}
	p.Research.Use(pv)
	return p, done, nil
}

// askMixSet asks one set's questions and grades them: by evidence page,
// or by document for a set without pages.
func askMixSet(ctx context.Context, c *Call, p *Library, s mixSet, r evalRun, pages *eval.PageBM25, detailOut io.Writer) (outcomes, skipped []eval.Outcome, err error) {
	asked := map[string]int{}
	for i, q := range s.questions {
		if s.answerableOnly && !q.IsAnswerable() || s.perDoc > 0 && asked[q.Doc] >= s.perDoc {
			skipped = append(skipped, eval.Outcome{Doc: q.Doc})
			continue
		}
		asked[q.Doc]++
		o, ranked, tr, ans, err := askEvalQuestion(ctx, p, q, s.ids[q.Doc], r, pages, s.byDocument)
		if err != nil {
			return nil, nil, err
		}
		outcomes = append(outcomes, o)
		if detailOut != nil {
			writeDetail(detailOut, q, o, ranked, tr, nil, ans)
		}
		if !r.asJSON && (i+1)%100 == 0 {
			fmt.Fprintf(c.Stderr, "%s: asked %d of %d questions\n", s.name, i+1, len(s.questions))
		}
	}
	return outcomes, skipped, nil
}

func printMixReports(w io.Writer, reports []mixReport, total eval.Report, docs int, r evalRun) {
	fmt.Fprintf(w, "mixed library: %d documents, %d sets (%s scope, %s retrieval, %s provider)\n", docs, len(reports), r.scope, r.retrieval, r.provider)
	for _, rep := range reports {
		fmt.Fprintf(w, "\n%s: %d questions, %s hit@k", rep.Set, rep.Questions, rep.Graded)
		if rep.Graded == "document" {
			fmt.Fprint(w, " (a hit: the question's own document among the first k passages' documents)")
		}
		fmt.Fprintln(w)
		for _, k := range r.ks {
			key := strconv.Itoa(k)
			fmt.Fprintf(w, "  hit@%d: %.3f", k, rep.Hit[key])
			if rep.Halves != nil {
				fmt.Fprintf(w, " (half A %.3f, half B %.3f)", rep.Halves["A"][key], rep.Halves["B"][key])
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "  latency ms: p50 %.1f, p95 %.1f", rep.LatencyMS.P50, rep.LatencyMS.P95)
		if rep.CPUMS != nil {
			fmt.Fprintf(w, "; processor ms: p50 %.1f, p95 %.1f", rep.CPUMS.P50, rep.CPUMS.P95)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nall questions: latency ms p50 %.1f, p95 %.1f", total.LatencyMS.P50, total.LatencyMS.P95)
	if total.CPUMS != nil {
		fmt.Fprintf(w, "; processor ms p50 %.1f, p95 %.1f", total.CPUMS.P50, total.CPUMS.P95)
	}
	fmt.Fprintln(w)
}
