// Archivist is a local-first desktop archive assistant: drop documents on its
// window, ask questions, and get answers whose every claim cites the exact
// source text. The same binary is a command-line tool.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/assets"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/retrieve/export"
	"archivist/retrieve/filing"
	"archivist/retrieve/jev"
	"archivist/store"
	"archivist/ui"
	_ "archivist/ui/locale" // before the toolkit: see the package doc
)

const usage = `Archivist — ask your documents, get cited answers.

Usage:
  archivist [--library DIR]                      start the desktop app
  archivist [--library DIR] import [--password PW] PATH...   import files or folders
  archivist [--library DIR] list --json          list documents as JSON
  archivist [--library DIR] show --json ID       a document's sections and pages
  archivist [--library DIR] ask [--doc ID]... [--preset focused|balanced|detailed] [--json [--trace]] QUESTION
      [--answerer extractive|openai --endpoint ollama|llamacpp|URL --model NAME]
      [--judge local|systemone|openai --judge-endpoint URL --judge-model NAME]
      [--egress-ok] [--consent-sensitive] [--follow-up TOKEN]
                                                 keys: ARCHIVIST_API_KEY, ARCHIVIST_JUDGE_API_KEY
  archivist [--library DIR] replay TOKEN         print a stored answer's JSON
  archivist [--library DIR] replay --keep N --hours H   how many answers, how long, are kept
  archivist [--library DIR] export TOKEN OUT.pdf the cited pages of an answer, highlighted, after a cover page
  archivist [--library DIR] sensitivity ID [public|internal|confidential|restricted]
                                                 show or set a document's sensitivity
  archivist [--library DIR] reindex [--all]      rebuild passages made by an older builder
  archivist [--library DIR] eval --questions FILE --docs DIR [--scope doc|library] [--k 1,3,6,12] [--provider local|systemone|openai] [--retrieval routed|fts] [--details FILE] [--cpuprofile FILE] [--json]
  archivist bench [--passages N] [--docs N] [--pdf-pages N] [--json]   speed and memory at scale, in generated libraries

Without --library the library lives in %s.
`

func main() {
	// Ctrl-C quits: an import it interrupts resumes at the next start
	// instead of being marked failed.
	ctx, quit := context.WithCancelCause(context.Background())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		quit(app.ErrQuitting)
		signal.Stop(sig) // a second Ctrl-C ends the process at once
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	quit(nil)
	os.Exit(code)
}

// run executes one command line and returns the exit status: 0 success, 1
// failure (or any file failing to import), 2 bad usage.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	global := flag.NewFlagSet("archivist", flag.ContinueOnError)
	global.SetOutput(stderr)
	libDir := global.String("library", "", "library folder")
	global.Usage = func() { fmt.Fprintf(stderr, usage, defaultLibraryDir()) }
	if err := global.Parse(args); err != nil {
		return 2
	}
	rest := global.Args()
	if len(rest) == 0 {
		return runGUI(ctx, *libDir, stderr)
	}
	if *libDir == "" {
		*libDir = defaultLibraryDir()
	}
	cmd, cmdArgs := rest[0], rest[1:]
	commands := map[string]func(context.Context, *parts, []string, io.Writer, io.Writer) int{
		"import":      cmdImport,
		"list":        cmdList,
		"ask":         cmdAsk,
		"replay":      cmdReplay,
		"show":        cmdShow,
		"reindex":     cmdReindex,
		"eval":        cmdEval,
		"sensitivity": cmdSensitivity,
		"export":      cmdExport,
		"bench":       cmdBench,
	}
	f, ok := commands[cmd]
	if !ok {
		fmt.Fprintf(stderr, "archivist: unknown command %q\n\n", cmd)
		global.Usage()
		return 2
	}
	p, err := open(ctx, *libDir)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	defer p.close()
	p.logTo(stderr)
	return f(ctx, p, cmdArgs, stdout, stderr)
}

// parts are the concrete pieces wired together.
type parts struct {
	db       *store.DB
	importer *ingest.Importer
	research *retrieve.Research
	log      *slog.Logger // nil unless ARCHIVIST_LOG is set
}

// logTo sends the log to w when ARCHIVIST_LOG is set: counts, sizes,
// durations and fixed outcomes only (DESIGN.md §7).
func (p *parts) logTo(w io.Writer) {
	if os.Getenv("ARCHIVIST_LOG") == "" {
		return
	}
	p.log = slog.New(slog.NewTextHandler(w, nil))
	p.research.Log = p.log
}

func (p *parts) close() {
	p.importer.Close()
	p.db.Close()
}

func open(ctx context.Context, dir string) (*parts, error) {
	db, err := store.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	newID := func() string { return uuid.NewString() }
	im := &ingest.Importer{DB: db, NewID: newID}
	research := retrieve.NewResearch(db, answer.Extractive{}, newID)
	research.Upgrade = im.Upgrade
	// Evidence comes from tree routing with the embedded, offline decision
	// provider unless a question asks for the FTS5 pass alone.
	research.Router = retrieve.NewRouter(jev.Local{})
	return &parts{db: db, importer: im, research: research}, nil
}

// describe returns the message for an error: the human message of an
// app.Error, else the error text.
func describe(err error) string {
	var e *app.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

func cmdImport(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	password := fs.String("password", "", "password for encrypted PDFs among the files")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] import [--password PW] PATH...")
		return 2
	}
	if err := p.importer.Resume(ctx); err != nil {
		fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
	}
	failed := false
	_, err := p.importer.ImportFiles(ctx, fs.Args(), *password, func(pr app.ImportProgress) {
		r := pr.Result
		if r == nil {
			return
		}
		switch r.Outcome {
		case app.OutcomeFailed:
			failed = true
			fmt.Fprintf(stdout, "failed: %s: %s\n", r.Path, describe(r.Err))
		default:
			fmt.Fprintf(stdout, "%s: %s (%s)\n", r.Outcome, r.Path, r.DocumentID)
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// listedDocument is one row of `list --json`.
type listedDocument struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Filename string `json:"filename"`
	Format   string `json:"format"`
	Pages    int    `json:"pages"`
	Status   string `json:"status"`
	Error    string `json:"error"`
	Notice   string `json:"notice,omitempty"`
	// Sensitivity is public, internal, confidential or restricted.
	Sensitivity string `json:"sensitivity"`
}

func cmdList(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	docs, err := p.importer.Documents(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	if !*asJSON {
		for _, d := range docs {
			fmt.Fprintf(stdout, "%s  %-9s  %-8s  %s\n", d.ID, d.Status, d.Format, d.Title)
		}
		return 0
	}
	out := make([]listedDocument, 0, len(docs))
	for _, d := range docs {
		out = append(out, listed(d))
	}
	return printJSON(stdout, out)
}

func listed(d app.Document) listedDocument {
	return listedDocument{d.ID, d.Title, d.Filename, string(d.Format), d.Pages, string(d.Status), d.Error, d.Notice, string(d.Sensitivity)}
}

func printJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return 1
	}
	return 0
}

// shownSection is one node of `show --json`'s section tree.
type shownSection struct {
	Title     string          `json:"title"`
	Level     int             `json:"level"`
	PageStart int             `json:"page_start"`
	PageEnd   int             `json:"page_end"`
	Children  []*shownSection `json:"children"`
}

// shownPage is one page of `show --json`; width and height in PDF points.
type shownPage struct {
	N      int     `json:"n"`
	Label  string  `json:"label"`
	Words  int     `json:"words"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

func cmdShow(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("json", true, "print JSON (the only form)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] show --json ID")
		return 2
	}
	id := fs.Arg(0)
	doc, err := p.db.Document(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	sections, err := p.db.Sections(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	pages, err := p.db.Pages(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	out := struct {
		Document listedDocument  `json:"document"`
		Sections []*shownSection `json:"sections"`
		Pages    []shownPage     `json:"pages"`
	}{Document: listed(*doc), Sections: sectionTree(sections), Pages: []shownPage{}}
	for _, pg := range pages {
		out.Pages = append(out.Pages, shownPage{pg.Number, pg.Label, pg.Words, pg.WidthPt, pg.HeightPt})
	}
	return printJSON(stdout, out)
}

// sectionTree nests sections under their parents; the root's children are
// the top level.
func sectionTree(sections []app.Section) []*shownSection {
	nodes := make([]*shownSection, len(sections))
	top := []*shownSection{}
	for i, s := range sections {
		nodes[i] = &shownSection{Title: s.Heading, Level: s.Level, PageStart: s.PageStart, PageEnd: s.PageEnd, Children: []*shownSection{}}
		switch {
		case s.Parent < 0:
			// the root is the document itself
		case sections[s.Parent].Parent < 0:
			top = append(top, nodes[i])
		default:
			nodes[s.Parent].Children = append(nodes[s.Parent].Children, nodes[i])
		}
	}
	return top
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func cmdReplay(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	keep := fs.Int("keep", 0, "set how many answers are kept for replay")
	hours := fs.Float64("hours", 0, "set how many hours answers are kept for replay")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *keep != 0 || *hours != 0 {
		count, age, err := p.db.ReplayBounds(ctx)
		if err == nil {
			if *keep != 0 {
				count = *keep
			}
			if *hours != 0 {
				age = time.Duration(*hours * float64(time.Hour))
			}
			err = p.db.SetReplayBounds(ctx, count, age)
		}
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
		fmt.Fprintf(stdout, "answers are kept for replay: the newest %d, for %s\n", count, age)
		if fs.NArg() == 0 {
			return 0
		}
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] replay [--keep N] [--hours H] TOKEN")
		return 2
	}
	body, err := p.research.Replay(ctx, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	stdout.Write(body)
	return 0
}

func cmdReindex(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("reindex", flag.ContinueOnError)
	fs.SetOutput(stderr)
	all := fs.Bool("all", false, "rebuild every document's passages, not only outdated ones")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	n, err := p.importer.Reindex(ctx, *all)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	fmt.Fprintf(stdout, "rebuilt the passages of %d documents\n", n)
	return 0
}

// runGUI opens the library (dir, else the one chosen in settings, else the
// OS default) and shows the main window until it is closed.
func runGUI(ctx context.Context, dir string, stderr io.Writer) int {
	a := fyneapp.NewWithID(ui.AppID)
	if dir == "" {
		dir = ui.SavedLibraryDir(a)
	}
	if dir == "" {
		dir = defaultLibraryDir()
	}
	p, err := open(ctx, dir)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		// Say it in a window too: a desktop launch has no terminal.
		a := fyneapp.NewWithID("app.archivist.desktop")
		w := a.NewWindow("Archivist")
		ui.OpenError(a, w, describe(err))
		w.ShowAndRun()
		return 1
	}
	defer p.close()
	p.logTo(stderr)
	p.importer.RenderPages = true
	w := a.NewWindow("Archivist")
	a.SetIcon(fyne.NewStaticResource("archivist.svg", assets.Icon))
	u := ui.New(a, w, p.importer, p.research)
	// New documents get a proposed folder from the embedded decision
	// provider: filing runs outside any conversation, so it never has
	// consent to send a document's headings anywhere. Nothing moves until
	// the proposal is accepted.
	u.SetFiler(filing.New(p.db, jev.Local{}))
	u.SetProviders(ui.Providers{
		// The providers follow the settings window.
		Apply: func(s app.Settings, keys ui.ProviderKeys) (string, error) {
			use := func(a answer.Answerer, d jev.Provider) {
				p.research.SetProviders(a, retrieve.NewRouter(d), judgeReceiverOf(s))
			}
			return applySettings(use, s, keys)
		},
		Test: testProvider,
	})
	u.OpenOriginal = func(id string, page int) error { return openOriginal(ctx, p.db, id, page) }
	u.ExportEvidence = func(ctx context.Context, ans *app.Answer, question, out string) error {
		if ans.Question == "" {
			ans.Question = question
		}
		_, err := export.WriteFile(ctx, p.db, ans, out)
		return err
	}
	w.SetOnClosed(u.Close)
	go func() {
		// Finish imports a crash or quit interrupted, then show them.
		p.importer.Resume(ctx)
		u.Refresh()
	}()
	w.ShowAndRun()
	return 0
}

// defaultLibraryDir is the per-user data folder the OS expects (see
// libraryDirFor).
func defaultLibraryDir() string {
	home, _ := os.UserHomeDir()
	return libraryDirFor(runtime.GOOS, home, os.Getenv)
}
