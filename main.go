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

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/store"
	_ "archivist/ui/desktop/locale" // before the toolkit: see the package doc
)

const usage = `Archivist — ask your documents, get cited answers.

Usage:
  archivist [--library DIR]                      start the desktop app
  archivist [--library DIR] import [--password PW] PATH...   import files or folders
  archivist [--library DIR] list --json          list documents as JSON
  archivist [--library DIR] show --json ID       a document's sections and pages
  archivist [--library DIR] ask [--doc ID]... [--view NAME | --query QUERY] [--preset focused|balanced|detailed] [--json [--trace]] QUESTION
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
  archivist [--library DIR] tag add|remove ID NAME...   tag documents (tag list|create|rename|merge|delete too)
  archivist [--library DIR] type|correspondent set ID NAME   a document's type or correspondent ("" clears)
  archivist [--library DIR] created set ID YYYY-MM-DD   a document's created date
  archivist [--library DIR] search [--json] [--limit N] [--offset N] [--sort relevance|newest|oldest] QUERY
                                                 ranked documents, with facets (see README: Search)
  archivist [--library DIR] view save NAME QUERY | view list [--json] | view delete NAME   saved searches
  archivist [--library DIR] watch add|remove|pause|resume|set|list|scan|run [FOLDER]   folders kept up with by themselves
  archivist [--library DIR] eval --questions FILE --docs DIR [--scope doc|library] [--k 1,3,6,12] [--provider local|systemone|openai] [--retrieval routed|fts] [--details FILE] [--cpuprofile FILE] [--json]
  archivist [--library DIR] serve [--addr HOST:PORT] [--import-dir DIR]... [--token]
                                                 the local HTTP API (loopback, bearer token)
  archivist [--library DIR] mcp [--allow-import DIR]... [--consent-sensitive] [--api URL]
                                                 an MCP server over stdio for AI assistants
  archivist api-token                            print the local API's bearer token
  archivist [--library DIR] dates [--pending|--accepted|--rejected] [--from DATE --to DATE] [--doc ID] [--json]
  archivist [--library DIR] dates accept|reject ID...   review extracted dates
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
		"serve":       cmdServe,
		"mcp":         cmdMCP,
		"api-token":   cmdAPIToken,

		"tag":           cmdTag,
		"type":          cmdType,
		"correspondent": cmdCorrespondent,
		"created":       cmdCreated,
		"search":        cmdSearch,
		"view":          cmdView,
		"dates":         cmdDates,
		"watch":         cmdWatch,
	}
	// opensNoLibrary names the commands run without a library opened for
	// them: bench generates its own, eval imports into a temporary one
	// unless --library names one. Neither touches the default library, so
	// both run while another Archivist holds it.
	opensNoLibrary := map[string]bool{"bench": true, "eval": true}
	f, ok := commands[cmd]
	if !ok {
		fmt.Fprintf(stderr, "archivist: unknown command %q\n\n", cmd)
		global.Usage()
		return 2
	}
	if cmd == "api-token" { // no library: it must work while the window holds it
		return f(ctx, nil, cmdArgs, stdout, stderr)
	}
	if opensNoLibrary[cmd] {
		return f(ctx, &parts{libraryFlag: *libDir}, cmdArgs, stdout, stderr)
	}
	dir := *libDir
	if dir == "" {
		dir = defaultLibraryDir()
	}
	p, err := open(ctx, dir)
	if err != nil && cmd == "mcp" && app.ErrorCode(err) == app.EConflict {
		return f(ctx, nil, cmdArgs, stdout, stderr) // the window holds it: MCP goes through its local API
	}
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	defer p.close()
	p.logTo(stderr)
	return f(ctx, p, cmdArgs, stdout, stderr)
}

// parts are the concrete pieces wired together. A command the table marks
// as opening no library gets only libraryFlag.
type parts struct {
	db       *store.DB
	importer *ingest.Importer
	research *retrieve.Research
	log      *slog.Logger // nil unless ARCHIVIST_LOG is set
	// libraryFlag is the folder --library named, "" when it was not given.
	libraryFlag string
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
	im.Committed = onCommit(readDates(newDates(db, newID)), learnAbbreviations(db))
	// Offline until settings or flags name other providers: extractive
	// answers, routing by the embedded local decision provider.
	research := retrieve.Offline(db, newID)
	research.Upgrade = im.Upgrade
	research.Cited = im.CiteOCR
	im.PDF.ScanDPI = scanDPI()
	if err := im.LoadOCRSettings(ctx); err != nil {
		db.Close()
		return nil, err
	}
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

// defaultLibraryDir is the per-user data folder the OS expects (see
// libraryDirFor).
func defaultLibraryDir() string {
	home, _ := os.UserHomeDir()
	return libraryDirFor(runtime.GOOS, home, os.Getenv)
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }
func printJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return 1
	}
	return 0
}
