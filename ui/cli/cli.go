// Package cli is Archivist's command line: `archivist COMMAND …` in the
// same binary as the window. Every command is one entry of one table
// (commands.go) — its name, synopsis, flags, whether it reads the library,
// and the function that runs it — from which `archivist help`, each
// command's -h and the command reference in docs/cli.md are made.
//
// A command's flags are parsed before anything is opened, and it opens
// the library only when it needs it (Call.Library), so a usage error or
// -h in an empty home creates nothing. A command returns an error and the
// caller prints it, once.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/store"
	"archivist/ui/api"
)

// Env is what main hands the command line: where output goes and how the
// concrete parts are made.
type Env struct {
	Stdout, Stderr io.Writer
	// Open opens the library in dir with its services wired.
	Open func(ctx context.Context, dir string) (*Library, error)
	// Window runs the desktop app on the library in dir ("" for the one
	// chosen in its settings, else the default) until it is closed.
	Window func(ctx context.Context, dir string) error
}

// Library is an open library's services, as main wired them.
type Library struct {
	DB       *store.DB
	Importer *ingest.Importer
	Research *retrieve.Research
	// Reviews keeps the proposals of the reviews run after imports.
	Reviews app.Reviews
	Log     *slog.Logger // nil unless ARCHIVIST_LOG is set
}

// Close closes the import queue and the database.
func (l *Library) Close() {
	l.Importer.Close()
	l.DB.Close()
}

// LogTo sends the library's log to w when ARCHIVIST_LOG is set: counts,
// sizes, durations and fixed outcomes only (docs/design.md §7).
func (l *Library) LogTo(w io.Writer) {
	if os.Getenv("ARCHIVIST_LOG") == "" {
		return
	}
	l.Log = slog.New(slog.NewTextHandler(w, nil))
	l.Research.Log = l.Log
}

// Run executes one command line and returns the exit status: 0 success, 1
// failure (or any file failing to import), 2 bad usage.
func Run(ctx context.Context, args []string, env Env) int {
	stderr := env.Stderr
	global := flag.NewFlagSet("archivist", flag.ContinueOnError)
	global.SetOutput(io.Discard)
	libDir := global.String("library", "", "the library folder (default: the per-user data folder)")
	version := global.Bool("version", false, "print the version and exit")
	if err := global.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printHelp(env.Stdout)
			return 0
		}
		fmt.Fprintf(stderr, "archivist: %s\n\n", err)
		printHelp(stderr)
		return 2
	}
	if *version {
		fmt.Fprintln(env.Stdout, app.VersionString())
		return 0
	}
	rest := global.Args()
	if len(rest) == 0 {
		if err := env.Window(ctx, *libDir); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
		return 0
	}
	name, cmdArgs := rest[0], rest[1:]
	if name == "help" {
		return help(cmdArgs, env.Stdout, stderr)
	}
	cmd := lookup(name)
	if cmd == nil {
		fmt.Fprintf(stderr, "archivist: unknown command %q\n\n", name)
		printHelp(stderr)
		return 2
	}
	return cmd.run(ctx, cmdArgs, &Call{env: env, libraryFlag: *libDir, Stdout: env.Stdout, Stderr: stderr})
}

// Call is one run of a command: its arguments once its flags are parsed,
// where it writes, and the library, opened on first use.
type Call struct {
	Args           []string // the arguments after the flags
	Stdout, Stderr io.Writer

	env         Env
	cmd         *Command
	flags       *flag.FlagSet
	libraryFlag string // what --library named; "" when it was not given
	lib         *Library
}

// Library opens the library (--library, else the default folder) on first
// use and returns it; the caller of the command closes it.
func (c *Call) Library(ctx context.Context) (*Library, error) {
	if c.lib != nil {
		return c.lib, nil
	}
	dir := c.libraryFlag
	if dir == "" {
		dir = store.DefaultDir()
	}
	lib, err := c.env.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	lib.LogTo(c.Stderr)
	c.lib = lib
	return lib, nil
}

// OpenAt opens the library in dir for a command that manages its own
// (eval's temporary library); the command closes it.
func (c *Call) OpenAt(ctx context.Context, dir string) (*Library, error) {
	lib, err := c.env.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	lib.LogTo(c.Stderr)
	return lib, nil
}

// LibraryFlag is the folder --library named, "" when it was not given.
func (c *Call) LibraryFlag() string { return c.libraryFlag }

// Usage is the error of a command line the command cannot run: the caller
// prints the message and the command's usage, and exits 2.
func (c *Call) Usage(format string, args ...any) error {
	return usageError{msg: fmt.Sprintf(format, args...)}
}

// usageError is a command line a command cannot run (exit 2).
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

// exitCode ends a command with a status after it has said why itself: an
// import whose files partly failed, an answer printed as a JSON error.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// failed is the status of a command that reported its own failure.
const failed = exitCode(1)

// run parses the command's flags, runs it and turns its error into an
// exit status, printing the error once.
func (cmd *Command) run(ctx context.Context, args []string, c *Call) int {
	c.cmd = cmd
	fs := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.flags = fs
	run := cmd.Flags(fs)
	// -h anywhere (also after a sub-command such as `watch add -h`) asks
	// for help, before anything is opened.
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			cmd.printUsage(c.Stdout)
			return 0
		}
	}
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(c.Stderr, "archivist %s: %s\n", cmd.Name, err)
		cmd.printSynopsis(c.Stderr)
		return 2
	}
	c.Args = fs.Args()
	err := run(ctx, c)
	if c.lib != nil {
		c.lib.Close()
	}
	var code exitCode
	var usage usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &code):
		return int(code)
	case errors.As(err, &usage):
		if usage.msg != "" {
			fmt.Fprintf(c.Stderr, "archivist %s: %s\n", cmd.Name, usage.msg)
		}
		cmd.printSynopsis(c.Stderr)
		return 2
	}
	fmt.Fprintf(c.Stderr, "archivist: %s\n", describe(err))
	return 1
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

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// apiParts is the library as the local API and the MCP server read it.
func (l *Library) apiParts() api.Parts {
	parts := api.LibraryParts(l.DB, l.Importer, l.Research)
	parts.Reviews = l.Reviews
	return parts
}

// apiLibrary is the library as the API lists its documents.
func (l *Library) apiLibrary() api.Library { return l.apiParts().Library }
