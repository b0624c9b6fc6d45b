//go:build bench || ci

package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/eval"
	"archivist/retrieve/fts"
	"archivist/store"
	"archivist/store/benchtext"
)

// benchReport is what `archivist bench` measures; a part run with N = 0
// is left out.
type benchReport struct {
	Passages *passageBench    `json:"passages,omitempty"`
	Docs     *docsBench       `json:"documents,omitempty"`
	PDF      *pdfMemoryResult `json:"pdf,omitempty"`
}

// The benchmark harness is built only with the bench tag (go build -tags
// bench) or the ci tag of the tests: it drives the window with the toolkit's
// headless test driver and software painter, which the desktop binary
// should not carry.

// benchCommand measures Archivist at scale in libraries it generates under
// --dir (a temporary folder, removed afterwards unless --keep): FTS5 and
// whole-question latency over N passages, opening and scrolling the window's
// document list over N documents, and the memory of importing a large PDF.
// The library given with --library is not touched.
var benchCommand = &Command{
	Name:    "bench",
	Args:    "[--passages N] [--docs N] [--pdf-pages N] [--pdf FILE] [--questions N] [--dir DIR] [--keep] [--json] [--cpuprofile FILE]",
	Summary: "speed and memory at scale, in generated libraries (in a build made with -tags bench)",
	Help: "FTS5 and whole-question latency over N passages, opening and scrolling the window's document list\n" +
		"over N documents, and the memory of importing a large PDF. The libraries are generated under --dir\n" +
		"(a temporary folder, removed afterwards unless --keep); the library --library names is not touched.",
	Flags: func(fs *flag.FlagSet) RunFunc {
		passages := fs.Int("passages", 1_000_000, "passages in the generated search library (0 skips)")
		docs := fs.Int("docs", 10_000, "documents in the generated window library (0 skips)")
		pdfPages := fs.Int("pdf-pages", 2000, "pages of the generated PDF whose import memory is measured (0 skips)")
		pdfFile := fs.String("pdf", "", "measure importing this PDF instead of a generated one")
		questions := fs.Int("questions", 200, "questions asked of the search library")
		dir := fs.String("dir", "", "folder for the generated libraries (default: a temporary folder)")
		keep := fs.Bool("keep", false, "keep the generated libraries")
		asJSON := fs.Bool("json", false, "print the report as JSON")
		cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the questions asked of the search library to this file (go tool pprof reads it)")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) > 0 || *passages < 0 || *docs < 0 || *pdfPages < 0 || *questions < 1 {
				return c.Usage("")
			}
			root := *dir
			if root == "" {
				d, err := os.MkdirTemp("", "archivist-bench-")
				if err != nil {
					return err
				}
				root = d
			} else if err := os.MkdirAll(root, 0o755); err != nil {
				return err
			}
			if !*keep {
				defer os.RemoveAll(root)
			}
			logf := func(format string, a ...any) { fmt.Fprintf(c.Stderr, "bench: "+format+"\n", a...) }
			var rep benchReport
			if *passages > 0 {
				r, err := benchPassages(ctx, c.OpenAt, filepath.Join(root, "passages"), *passages, *questions, *cpuProfile, logf)
				if err != nil {
					return err
				}
				rep.Passages = r
			}
			if *docs > 0 {
				r, err := benchDocuments(ctx, c.OpenAt, filepath.Join(root, "documents"), *docs, logf)
				if err != nil {
					return err
				}
				rep.Docs = r
			}
			if *pdfPages > 0 || *pdfFile != "" {
				logf("importing a %d-page PDF", *pdfPages)
				r, err := benchPDFMemory(ctx, root, *pdfPages, *pdfFile)
				if err != nil {
					return err
				}
				rep.PDF = r
			}
			if *asJSON {
				return printJSON(c.Stdout, rep)
			}
			printBench(c.Stdout, &rep)
			return nil
		}
	},
}

// opener opens a library folder with its services wired.
type opener func(ctx context.Context, dir string) (*Library, error)

func printBench(w io.Writer, rep *benchReport) {
	if p := rep.Passages; p != nil {
		fmt.Fprintf(w, "search library: %d passages in %d documents, %.0f MB database, generated at %.0f passages/s (%.1f MB/s of text)\n",
			p.Passages, p.Documents, p.DatabaseMB, p.ImportPassagesPerSec, p.ImportTextMBPerSec)
		fmt.Fprintf(w, "  FTS candidate pass: p50 %.1f ms, p95 %.1f ms (%d questions)\n", p.FTS.P50, p.FTS.P95, p.Questions)
		fmt.Fprintf(w, "  whole offline question (routed, local, extractive): p50 %.1f ms, p95 %.1f ms (processor time p50 %.1f ms, p95 %.1f ms)\n",
			p.Ask.P50, p.Ask.P95, p.AskCPU.P50, p.AskCPU.P95)
		if p.PeakRSSMB > 0 {
			fmt.Fprintf(w, "  peak resident memory: %.0f MB\n", p.PeakRSSMB)
		}
		if p.Failed > 0 {
			fmt.Fprintf(w, "  %d questions failed; the first: %s\n", p.Failed, p.FirstError)
		}
	}
	if d := rep.Docs; d != nil {
		fmt.Fprintf(w, "window library: %d documents\n", d.Documents)
		fmt.Fprintf(w, "  window start to interactive: %.1f ms (list query %.1f ms); first frame painted in software %.1f ms\n", d.StartMS, d.ListQueryMS, d.FirstFrameMS)
		fmt.Fprintf(w, "  list scrolling: list update p50 %.2f ms, p95 %.2f ms; with the software paint p50 %.1f ms, p95 %.1f ms\n",
			d.ScrollUpdate.P50, d.ScrollUpdate.P95, d.ScrollFrame.P50, d.ScrollFrame.P95)
		fmt.Fprintf(w, "  frame while importing: p50 %.2f ms, p95 %.2f ms (idle p50 %.2f ms)\n", d.ImportFrame.P50, d.ImportFrame.P95, d.IdleFrame.P50)
		fmt.Fprintf(w, "  memory with the list loaded: heap %.0f MB, resident %.0f MB\n", d.HeapMB, d.RSSMB)
	}
	if p := rep.PDF; p != nil {
		fmt.Fprintf(w, "PDF import: %d pages (%.1f MB) in %.1f s (%.0f pages/s)\n", p.Pages, p.FileMB, p.Seconds, p.PagesPerSec)
		fmt.Fprintf(w, "  peak resident memory, app + PDFium workers: %.0f MB together at one moment; %.0f MB summing each process's own peak (%d processes; app alone %.0f MB, workers %.0f MB)\n",
			p.PeakTreeMB, p.SumHWMMB, p.Processes, p.AppHWMMB, p.WorkersMB)
		fmt.Fprintf(w, "  peak proportional memory (shared pages counted once): %.0f MB\n", p.PeakPssMB)
	}
}

// latency is a distribution in milliseconds.
type latency struct {
	P50 float64 `json:"p50_ms"`
	P95 float64 `json:"p95_ms"`
	Max float64 `json:"max_ms"`
}

func latencyOf(ds []time.Duration) latency {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	var mx time.Duration
	for _, d := range ds {
		mx = max(mx, d)
	}
	return latency{P50: ms(eval.Percentile(ds, 50)), P95: ms(eval.Percentile(ds, 95)), Max: ms(mx)}
}

// passageBench is the search library's figures.
type passageBench struct {
	Passages             int     `json:"passages"`
	Documents            int     `json:"documents"`
	DatabaseMB           float64 `json:"database_mb"`
	ImportSeconds        float64 `json:"import_seconds"`
	ImportPassagesPerSec float64 `json:"import_passages_per_second"`
	ImportTextMBPerSec   float64 `json:"import_text_mb_per_second"`
	Questions            int     `json:"questions"`
	FTS                  latency `json:"fts_candidate_pass"`
	Ask                  latency `json:"question"`
	// AskCPU is the processor time of each whole question (user and
	// system, this process): unlike the wall clock, it does not grow with
	// what else the machine runs.
	AskCPU latency `json:"question_cpu"`
	// Failed counts questions that ended in an error, FirstError says why.
	Failed     int    `json:"failed_questions"`
	FirstError string `json:"first_error,omitempty"`
	// PeakRSSMB is the process's peak resident memory after the questions
	// (Linux; 0 elsewhere): of opening and asking alone when the library
	// was generated by an earlier run.
	PeakRSSMB float64 `json:"peak_rss_mb"`
}

// passagesPerDoc sizes a generated document: about 100 passages, a long
// report.
const passagesPerDoc = 100

// benchPassages generates (or reuses, when dir holds a library of that
// size already) a library of n passages and times questions against it.
func benchPassages(ctx context.Context, open opener, dir string, n, questions int, cpuProfile string, logf func(string, ...any)) (*passageBench, error) {
	p, err := open(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	res := &passageBench{Questions: questions}
	have, err := countPassages(ctx, p.DB)
	if err != nil {
		return nil, err
	}
	if have < n {
		logf("generating %d passages in %s", n-have, dir)
		start := time.Now()
		made, text, docs, err := generatePassages(ctx, p.DB, n-have, logf)
		if err != nil {
			return nil, err
		}
		secs := time.Since(start).Seconds()
		res.ImportSeconds = secs
		res.ImportPassagesPerSec = float64(made) / secs
		res.ImportTextMBPerSec = float64(text) / (1 << 20) / secs
		res.Documents = docs
	}
	if res.Passages, err = countPassages(ctx, p.DB); err != nil {
		return nil, err
	}
	if ds, err := p.DB.Documents(ctx); err == nil {
		res.Documents = len(ds)
	}
	res.DatabaseMB = float64(dirSize(dir)) / (1 << 20)

	qs := benchQuestions(questions)
	var ftsTimes, ask, askCPU []time.Duration
	logf("asking %d questions", len(qs))
	if cpuProfile != "" {
		// Only the questions are profiled, not the generation before them.
		stop, err := startCPUProfile(cpuProfile)
		if err != nil {
			return nil, err
		}
		defer stop()
	}
	for _, q := range qs {
		t := time.Now()
		snap, err := p.DB.Snapshot(ctx)
		if err != nil {
			return nil, err
		}
		match, err := fts.CandidateMatch(ctx, snap, fts.Terms(q), nil)
		if err == nil {
			_, err = snap.Search(ctx, match, nil, 200)
		}
		snap.Close()
		if err != nil {
			return nil, err
		}
		ftsTimes = append(ftsTimes, time.Since(t))
		t = time.Now()
		cpu := processCPU()
		if _, err := p.Research.Ask(ctx, app.Question{Text: q}); err != nil {
			// A failed question is counted and named, not fatal: the
			// figures of the others still stand.
			if ctx.Err() != nil {
				return nil, err
			}
			if res.Failed++; res.FirstError == "" {
				res.FirstError = describe(err)
			}
			continue
		}
		ask = append(ask, time.Since(t))
		askCPU = append(askCPU, processCPU()-cpu)
	}
	res.FTS, res.Ask, res.AskCPU = latencyOf(ftsTimes), latencyOf(ask), latencyOf(askCPU)
	if _, hwm, ok := procMemory(os.Getpid()); ok {
		res.PeakRSSMB = float64(hwm) / (1 << 20)
	}
	return res, nil
}

// benchQuestions mixes a common word, mid-frequency words and a rare one,
// the way real questions mix "the revenue" with a product name.
func benchQuestions(n int) []string {
	r := rand.New(rand.NewSource(3))
	qs := make([]string, n)
	for i := range qs {
		qs[i] = fmt.Sprintf("What did the %s %s say about %s and %s?",
			benchtext.Vocabulary[5+r.Intn(20)], benchtext.Vocabulary[100+r.Intn(400)], benchtext.Vocabulary[500+r.Intn(2000)], benchtext.Vocabulary[3000+r.Intn(10000)])
	}
	return qs
}

func countPassages(ctx context.Context, db *store.DB) (int, error) {
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return 0, err
	}
	defer snap.Close()
	return snap.PassageCount(ctx, nil)
}

func dirSize(dir string) int64 {
	var n int64
	filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n += info.Size()
		}
		return nil
	})
	return n
}

// generatePassages adds documents to db until n passages more exist; one
// goroutine generates the next document (its text, blocks and passages,
// with the import's own builders) while the caller's commits the last.
func generatePassages(ctx context.Context, db *store.DB, n int, logf func(string, ...any)) (made, text, docs int, err error) {
	type gen struct {
		doc     *app.Document
		content *store.Content
		chars   int
	}
	ch := make(chan gen, 2)
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		defer close(ch)
		r := rand.New(rand.NewSource(11))
		total := 0
		for i := 0; total < n; i++ {
			g := gen{}
			g.doc, g.content, g.chars = benchDocument(r, i, passagesPerDoc)
			total += len(g.content.Passages)
			select {
			case ch <- g:
			case <-gctx.Done():
				return
			}
		}
	}()
	last := time.Now()
	for g := range ch {
		job := store.Job{ID: newBenchID(), DocumentID: g.doc.ID}
		if _, err := db.EnqueueImport(ctx, g.doc, job.ID, g.doc.Filename); err != nil {
			return made, text, docs, err
		}
		if err := db.CommitImport(ctx, job, g.content); err != nil {
			return made, text, docs, err
		}
		made += len(g.content.Passages)
		text += g.chars
		docs++
		if time.Since(last) > 10*time.Second {
			logf("%d passages in %d documents", made, docs)
			last = time.Now()
		}
	}
	return made, text, docs, ctx.Err()
}

// newBenchID is unique across runs: a library is grown by later runs.
func newBenchID() string { return uuid.NewString() }

// benchDocument generates a document of about passages passages: sections
// of Zipf-distributed prose, with its blocks, profile and passages made by
// the import's own builders.
func benchDocument(r *rand.Rand, i, passages int) (*app.Document, *store.Content, int) {
	word := benchtext.Words(r)
	title := fmt.Sprintf("Report %d %s %s", i, word(), word())
	p := &app.Parsed{Title: title, Format: app.FormatMarkdown, Sections: []app.Section{{Parent: -1, Heading: title}}}
	chars := 0
	var b strings.Builder
	// A passage covers about 2,400 characters; the builder overlaps them.
	for sec := 1; chars < passages*2000; sec++ {
		heading := fmt.Sprintf("Section %d %s %s", sec, word(), word())
		p.Sections = append(p.Sections, app.Section{Parent: 0, Level: 2, Heading: heading})
		s := len(p.Sections) - 1
		p.Blocks = append(p.Blocks, app.Block{Seq: len(p.Blocks), Section: s, Kind: app.BlockHeading, Level: 2, Text: heading})
		for para := 0; para < 6; para++ {
			b.Reset()
			for sent := 0; sent < 5; sent++ {
				n := 8 + r.Intn(14)
				for w := 0; w < n; w++ {
					wd := word()
					if w == 0 {
						wd = strings.ToUpper(wd[:1]) + wd[1:]
					}
					b.WriteString(wd)
					if w < n-1 {
						b.WriteByte(' ')
					}
				}
				fmt.Fprintf(&b, " %d. ", r.Intn(10000))
			}
			t := strings.TrimSpace(b.String())
			chars += len(t)
			p.Blocks = append(p.Blocks, app.Block{Seq: len(p.Blocks), Section: s, Kind: app.BlockParagraph, Text: t})
		}
	}
	doc0 := newBenchID()
	doc := &app.Document{ID: doc0, Title: title, Filename: fmt.Sprintf("report-%d.md", i), Format: app.FormatMarkdown,
		SHA256: fmt.Sprintf("%x", sha256.Sum256([]byte(doc0))), SizeBytes: int64(chars)}
	ingest.AssignIDs(p, newBenchID)
	words := 0
	for _, bl := range p.Blocks {
		words += strings.Count(bl.Text, " ") + 1
	}
	c := &store.Content{Title: title, Words: words, Profile: ingest.BuildProfile(p), IndexVersion: ingest.IndexVersion,
		Parsed: p, Passages: ingest.BuildPassages(doc.ID, title, p)}
	return doc, c, chars
}

// rssBytes is this process's resident memory (Linux; 0 elsewhere).
func rssBytes() int64 {
	rss, _, _ := procMemory(os.Getpid())
	return rss
}

// heapBytes is the Go heap in use after a collection.
func heapBytes() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// genMarkdown writes a Markdown document of about size bytes: headings every
// few paragraphs, sentences of Zipf-distributed words.
func genMarkdown(r *rand.Rand, title string, size int) []byte {
	word := benchtext.Words(r)
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", title)
	for sec := 1; b.Len() < size; sec++ {
		fmt.Fprintf(&b, "## Section %d %s %s\n\n", sec, word(), word())
		for p := 0; p < 4 && b.Len() < size; p++ {
			for s := 0; s < 5; s++ {
				n := 8 + r.Intn(14)
				for i := 0; i < n; i++ {
					w := word()
					if i == 0 {
						w = strings.ToUpper(w[:1]) + w[1:]
					}
					b.WriteString(w)
					if i < n-1 {
						b.WriteByte(' ')
					}
				}
				fmt.Fprintf(&b, " %d.", r.Intn(10000))
				if s%2 == 1 {
					b.WriteByte('\n')
				} else {
					b.WriteByte(' ')
				}
			}
			b.WriteString("\n\n")
		}
	}
	return b.Bytes()
}

func jobFor(jobID string, doc *app.Document) store.Job {
	return store.Job{ID: jobID, DocumentID: doc.ID}
}
