package cli

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

// cmdEval measures retrieval quality on a question set: it imports the
// documents the questions name (into a temporary library unless --library
// is given), asks each question scoped to its own document (doc) or the
// whole library (library), and reports evidence-page hit@k, the share of
// unanswerable questions answered as insufficient, and latency.
//
// Questions are asked through Research with the providers
// retrieve.NewProviders builds (see evalSettings), so eval measures what a
// user gets.
var evalCommand = &Command{
	Name: "eval",
	Args: "--questions FILE --docs DIR [--scope doc|library] [--k 1,3,6,12] [--provider local|systemone|openai] " +
		"[--retrieval routed|fts|pages] [--mix DIR,DIR… [--half A|B]] [--details FILE] [--cpuprofile FILE] [--answers] [--json]",
	Summary: "quality on a question set: evidence-page hit@k, answers, latency (docs/quality.md)",
	Help: "The documents the questions name are imported into a temporary library, removed afterwards,\n" +
		"unless --library names one (then they are imported there once and kept). eval never opens the\n" +
		"default library, so it runs while the window holds it.",
	Flags: func(fs *flag.FlagSet) RunFunc {
		questionsFile := fs.String("questions", "", "question set, one JSON object a line")
		docsDir := fs.String("docs", "", "folder the questions' doc paths are relative to")
		scope := fs.String("scope", "doc", "doc (each question in its own document) or library (the whole library)")
		kList := fs.String("k", "1,3,6,12", "ranks at which to count hits")
		provider := fs.String("provider", "local", "decision provider: local, systemone or openai")
		retrieval := fs.String("retrieval", "routed", "routed (tree routing and scoring), fts (the FTS5 candidate pass alone) or pages (the reference: plain bm25 over one row a page)")
		details := fs.String("details", "", "write one JSON line per question to this file")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the questions (not the import) to this file")
		mix := addMixFlags(fs)
		answers := fs.Bool("answers", false, "also measure the answers: right, wrong, abstained, precision and coverage by answer type (reads gold pages with pdftotext)")
		return func(ctx context.Context, c *Call) error {
			if (*questionsFile == "" || *docsDir == "") && mix.sets == "" || len(c.Args) > 0 {
				return c.Usage("name the questions and the folder of their documents")
			}
			if *scope != "doc" && *scope != "library" {
				return c.Usage("unknown scope %q (doc or library)", *scope)
			}
			if *retrieval != "routed" && *retrieval != "fts" && *retrieval != "pages" {
				return c.Usage("unknown retrieval %q (routed, fts or pages)", *retrieval)
			}
			ks, err := parseKs(*kList)
			if err != nil {
				return c.Usage("%s", err)
			}
			switch *provider {
			case app.ProviderLocal, app.ProviderSystemOne, app.ProviderOpenAI:
			default:
				return c.Usage("unknown decision provider %q (local, systemone or openai)", *provider)
			}
			run := evalRun{*scope, *provider, *retrieval, ks, *details, *cpuProfile, *asJSON}
			if mix.sets != "" {
				return mix.run(ctx, c, run)
			}
			f, err := os.Open(*questionsFile)
			if err != nil {
				return err
			}
			questions, err := eval.ReadQuestions(f)
			f.Close()
			if err != nil {
				return err
			}
			var measure *answerMeasure
			if *answers {
				if measure, err = newAnswerMeasure(*questionsFile, *docsDir); err != nil {
					return err
				}
			}
			// The providers are built as the window's and ask's are; the
			// environment only fills the settings.
			p, done, err := openEvalLibrary(ctx, c, *provider)
			if err != nil {
				return err
			}
			defer done()
			ids, err := importEvalDocs(ctx, p, questions, *docsDir, c.Stderr)
			if err != nil {
				return err
			}
			if _, err := (abbrev.Service{DB: p.DB}).Backfill(ctx); err != nil { // a library imported before they were learned
				return err
			}
			var detailOut io.Writer
			if *details != "" {
				df, err := os.Create(*details)
				if err != nil {
					return err
				}
				defer df.Close()
				detailOut = df
			}
			if *cpuProfile != "" {
				pf, err := os.Create(*cpuProfile)
				if err != nil {
					return err
				}
				defer pf.Close()
				if err := pprof.StartCPUProfile(pf); err != nil {
					return err
				}
				defer pprof.StopCPUProfile()
			}
			var pages *eval.PageBM25
			if *retrieval == "pages" {
				if pages, err = pageReference(ctx, p, ids); err != nil {
					return err
				}
				defer pages.Close()
			}
			var outcomes []eval.Outcome
			for i, q := range questions {
				o, ranked, tr, ans, err := askEvalQuestion(ctx, p, q, ids[q.Doc], run, pages, false)
				if err != nil {
					return err
				}
				outcomes = append(outcomes, o)
				var ao *eval.AnswerOutcome
				if measure != nil {
					a, err := measure.add(ctx, q, ans)
					if err != nil {
						return fmt.Errorf("question %s: %w", q.ID, err)
					}
					ao = &a
				}
				if detailOut != nil {
					writeDetail(detailOut, q, o, ranked, tr, ao, ans)
				}
				if !*asJSON && (i+1)%25 == 0 {
					fmt.Fprintf(c.Stderr, "asked %d of %d questions\n", i+1, len(questions))
				}
			}
			rep := eval.Summarize(outcomes, ks)
			var ansRep *eval.AnswerReports
			if measure != nil {
				r := eval.SummarizeAnswers(measure.outs)
				ansRep = &r
			}
			if *asJSON {
				return printJSON(c.Stdout, struct {
					eval.Report
					Answers *eval.AnswerReports `json:"answers,omitempty"`
				}{rep, ansRep})
			}
			fmt.Fprintf(c.Stdout, "questions: %d (%s scope, %s retrieval, %s provider)\n", rep.Questions, *scope, *retrieval, *provider)
			graded := 0
			for _, o := range outcomes {
				if o.Answerable && !o.Ungraded {
					graded++
				}
			}
			if graded == 0 {
				fmt.Fprintln(c.Stdout, "hit@k: not measured (no question of the set names a gold page; eval --mix grades by document)")
				ks = nil
			}
			for _, k := range ks {
				fmt.Fprintf(c.Stdout, "hit@%d: %.3f", k, rep.Hit[strconv.Itoa(k)])
				if rep.Halves != nil {
					fmt.Fprintf(c.Stdout, " (half A %.3f, half B %.3f)", rep.Halves["A"][strconv.Itoa(k)], rep.Halves["B"][strconv.Itoa(k)])
				}
				fmt.Fprintln(c.Stdout)
			}
			if pages == nil { // the reference ranks pages; it answers nothing
				fmt.Fprintf(c.Stdout, "unanswerable: %d, answered as insufficient: %.3f\n", rep.Unanswerable, rep.InsufficientOnUnanswerable)
			}
			fmt.Fprintf(c.Stdout, "latency ms: p50 %.1f, p95 %.1f\n", rep.LatencyMS.P50, rep.LatencyMS.P95)
			if rep.CPUMS != nil {
				fmt.Fprintf(c.Stdout, "processor ms: p50 %.1f, p95 %.1f\n", rep.CPUMS.P50, rep.CPUMS.P95)
			}
			if ansRep != nil {
				printAnswerReports(c.Stdout, *ansRep)
			}
			return nil
		}
	},
}

// askEvalQuestion asks one question of a set as eval does — through
// Research, scoped to its document (id) or the whole library, or ranked
// by the page reference — and grades it: by evidence page, or by document
// (byDocument) for a set that gives no pages.
func askEvalQuestion(ctx context.Context, p *Library, q eval.Question, id string, r evalRun, pages *eval.PageBM25, byDocument bool) (
	o eval.Outcome, ranked []eval.PageRange, tr *route.Trace, ans *app.Answer, err error) {
	question := app.Question{Text: q.Question, Preset: app.PresetBalanced}
	if r.scope == "doc" {
		question.Scope = app.Scope{DocumentIDs: []string{id}}
	}
	start, cpuStart := time.Now(), processCPU()
	ans = &app.Answer{}
	if pages != nil {
		doc := ""
		if r.scope == "doc" {
			doc = id
		}
		ranked, err = pages.Rank(ctx, q.Question, doc, r.ks[len(r.ks)-1])
	} else {
		ranked, tr, ans, err = askForEval(ctx, p, r.retrieval == "fts", question)
	}
	if err != nil {
		return o, nil, nil, nil, fmt.Errorf("question %s: %w", q.ID, err)
	}
	o = eval.Outcome{Doc: q.Doc, Answerable: q.IsAnswerable(), Insufficient: !ans.Sufficient, Elapsed: time.Since(start)}
	if byDocument {
		o.FirstHit = eval.FirstDocumentHit(ranked, id)
	} else {
		o.Ungraded = o.Answerable && len(q.EvidencePages) == 0
		o.FirstHit = eval.FirstHit(ranked, id, q.EvidencePages)
	}
	if cpuStart > 0 {
		o.CPU = processCPU() - cpuStart
	}
	return o, ranked, tr, ans, nil
}

// askForEval asks q through Research, as a user's question is asked
// (upgrade check, folder resolution, consent, the replay store), routed or
// by the FTS5 pass alone, and returns the page ranges of its evidence in
// rank order with the trace.
func askForEval(ctx context.Context, p *Library, ftsOnly bool, q app.Question) ([]eval.PageRange, *route.Trace, *app.Answer, error) {
	var ranked []eval.PageRange
	var trace *route.Trace
	ans, _, _, err := p.Research.AskWith(ctx, q, retrieve.AskOptions{FTSOnly: ftsOnly, Evidence: func(ev *app.Evidence, tr *route.Trace) {
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
func pageReference(ctx context.Context, p *Library, ids map[string]string) (*eval.PageBM25, error) {
	snap, err := p.DB.Snapshot(ctx)
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
func importEvalDocs(ctx context.Context, p *Library, questions []eval.Question, dir string, stderr io.Writer) (map[string]string, error) {
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
	if err := p.Importer.Resume(ctx); err != nil {
		fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
	}
	fmt.Fprintf(stderr, "importing %d documents…\n", len(paths))
	results, err := p.Importer.ImportFiles(ctx, paths, "", nil)
	if err != nil {
		return nil, err
	}
	// The questions are asked of the documents as the window would have
	// them once its background pass has read their pictures.
	if _, err := p.Importer.ReadWaitingPictures(ctx); err != nil {
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
// ARCHIVIST_JEV_KEY (never printed), ARCHIVIST_JEV_IMAGES (yes or no: whether
// the model is sent crops of figures; unset or anything else asks the
// endpoint) and ARCHIVIST_JEV_EGRESS=1 (the acknowledgement that document
// text may leave this computer, recorded in the library for that
// endpoint). Answers are extractive.
func evalSettings(provider string) (app.Settings, retrieve.Keys) {
	s := app.Settings{Decision: app.ProviderSettings{Kind: provider}}
	if provider != app.ProviderLocal {
		s.Decision.URL, s.Decision.Model = os.Getenv("ARCHIVIST_JEV_URL"), os.Getenv("ARCHIVIST_JEV_MODEL")
		s.Decision.Images = app.ImagesSetting(os.Getenv("ARCHIVIST_JEV_IMAGES"))
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
	// With --answers: whether the question counts, whether the answer is
	// right, its verdict, stated value and text.
	Counted *bool  `json:"counted,omitempty"`
	Right   *bool  `json:"right,omitempty"`
	Verdict string `json:"verdict,omitempty"`
	Value   string `json:"value,omitempty"`
	Answer  string `json:"answer,omitempty"`
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
		d.Counted, d.Right, d.Answer = &ao.Counted, &ao.Right, ans.Answer
		d.Verdict, d.Value = string(app.VerdictOf(ans)), ans.Value
	}
	b, _ := json.Marshal(d)
	w.Write(append(b, '\n'))
}
