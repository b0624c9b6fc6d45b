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
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/assets"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/retrieve/answer"
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
  archivist [--library DIR] ask [--doc ID]... [--preset focused|balanced|detailed] [--json] QUESTION
  archivist [--library DIR] replay TOKEN         print a stored answer's JSON
  archivist [--library DIR] reindex [--all]      rebuild passages made by an older builder
  archivist [--library DIR] eval --questions FILE --docs DIR [--scope doc|library] [--k 1,3,6,12] [--provider local|systemone|openai] [--retrieval routed|fts] [--details FILE] [--cpuprofile FILE] [--json]

Without --library the library lives in %s.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
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
	if *libDir == "" {
		*libDir = defaultLibraryDir()
	}
	rest := global.Args()
	if len(rest) == 0 {
		return runGUI(ctx, *libDir, stderr)
	}
	cmd, cmdArgs := rest[0], rest[1:]
	commands := map[string]func(context.Context, *parts, []string, io.Writer, io.Writer) int{
		"import":  cmdImport,
		"list":    cmdList,
		"ask":     cmdAsk,
		"replay":  cmdReplay,
		"show":    cmdShow,
		"reindex": cmdReindex,
		"eval":    cmdEval,
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
	return f(ctx, p, cmdArgs, stdout, stderr)
}

// parts are the concrete pieces wired together.
type parts struct {
	db       *store.DB
	importer *ingest.Importer
	research *retrieve.Research
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
	return listedDocument{d.ID, d.Title, d.Filename, string(d.Format), d.Pages, string(d.Status), d.Error, d.Notice}
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

func cmdAsk(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ask", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var docs stringList
	fs.Var(&docs, "doc", "limit the question to this document ID (repeatable, at most 100)")
	preset := fs.String("preset", "balanced", "focused, balanced or detailed")
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	withTrace := fs.Bool("trace", false, "with --json: add how the evidence was found")
	answerer := fs.String("answerer", "extractive", "extractive (offline) or openai (an OpenAI-compatible chat endpoint)")
	endpoint := fs.String("endpoint", "ollama", "with --answerer openai: ollama, llamacpp or a base URL")
	model := fs.String("model", "", "with --answerer openai: the model name")
	egressOK := fs.Bool("egress-ok", false, "acknowledge that evidence is sent to an endpoint outside this machine")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] ask [--doc ID]... [--preset focused|balanced|detailed] [--answerer extractive|openai --endpoint URL --model NAME [--egress-ok]] [--json] QUESTION")
		return 2
	}
	switch *answerer {
	case "extractive":
	case "openai":
		base, err := answer.ResolveBaseURL(*endpoint)
		if err != nil || *model == "" {
			fmt.Fprintln(stderr, "archivist: --answerer openai needs --endpoint (ollama, llamacpp or an http(s) URL) and --model")
			return 2
		}
		// The key comes from the environment so it never appears in a
		// process list or shell history.
		p.research.Answerer = &answer.OpenAI{BaseURL: base, Model: *model, APIKey: os.Getenv("ARCHIVIST_API_KEY"),
			EgressAcknowledged: *egressOK}
	default:
		fmt.Fprintf(stderr, "archivist: unknown answerer %q (extractive or openai)\n", *answerer)
		return 2
	}
	switch *preset {
	case "focused", "balanced", "detailed":
	default:
		fmt.Fprintf(stderr, "archivist: unknown preset %q (focused, balanced or detailed)\n", *preset)
		return 2
	}
	q := app.Question{Text: strings.Join(fs.Args(), " "), Scope: app.Scope{DocumentIDs: docs}, Preset: app.ParsePreset(*preset)}
	ans, body, tr, err := p.research.AskTraced(ctx, q)
	if err != nil {
		if *asJSON {
			type jsonError struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			}
			printJSON(stdout, struct {
				Error jsonError `json:"error"`
			}{jsonError{app.ErrorCode(err), app.ErrorMessage(err)}})
		} else {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		}
		return 1
	}
	if *asJSON && *withTrace {
		// The trace joins the answer's fields; replay keeps the answer alone.
		return printJSON(stdout, struct {
			*app.Answer
			Trace *retrieve.Trace `json:"trace"`
		}{ans, tr})
	}
	if *asJSON {
		stdout.Write(body)
		return 0
	}
	fmt.Fprintln(stdout, ans.Answer)
	if len(ans.Citations) > 0 {
		fmt.Fprintln(stdout)
	}
	for _, c := range ans.Citations {
		where := c.Title
		if c.Section != "" {
			where += " › " + c.Section
		}
		switch {
		case c.LineStart > 0 && c.LineEnd > c.LineStart:
			where += fmt.Sprintf(", lines %d–%d", c.LineStart, c.LineEnd)
		case c.LineStart > 0:
			where += fmt.Sprintf(", line %d", c.LineStart)
		}
		fmt.Fprintf(stdout, "[%d] %s\n", c.N, where)
	}
	fmt.Fprintf(stdout, "\ntrace: %s\n", ans.TraceToken)
	return 0
}

func cmdReplay(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] replay TOKEN")
		return 2
	}
	body, err := p.research.Replay(ctx, args[0])
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

// runGUI opens the library and shows the main window until it is closed.
func runGUI(ctx context.Context, dir string, stderr io.Writer) int {
	p, err := open(ctx, dir)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	defer p.close()
	p.importer.RenderPages = true
	a := fyneapp.NewWithID("app.archivist.desktop")
	w := a.NewWindow("Archivist")
	a.SetIcon(fyne.NewStaticResource("archivist.svg", assets.Icon))
	u := ui.New(a, w, p.importer, p.research)
	w.SetOnClosed(u.Close)
	go func() {
		// Finish imports a crash or quit interrupted, then show them.
		p.importer.Resume(ctx)
		u.Refresh()
	}()
	w.ShowAndRun()
	return 0
}

// defaultLibraryDir is the per-user data folder the OS expects: XDG on
// Linux and BSD, Application Support on macOS, %AppData% on Windows.
func defaultLibraryDir() string {
	home, _ := os.UserHomeDir()
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Archivist")
	case "windows":
		if d := os.Getenv("AppData"); d != "" {
			return filepath.Join(d, "Archivist")
		}
		return filepath.Join(home, "AppData", "Roaming", "Archivist")
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "archivist")
	}
	return filepath.Join(home, ".local", "share", "archivist")
}
