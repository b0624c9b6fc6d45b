package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Command is one entry of the command table.
type Command struct {
	Name string
	// Args is the synopsis after the name, flags included:
	// "[--json] QUESTION".
	Args string
	// Summary is one line for `archivist help`.
	Summary string
	// Help is more about the command, for its -h and the reference: its
	// sub-commands, what it prints. Optional.
	Help string
	// Library says whether the command reads a library (--library applies
	// to it).
	Library bool
	// Flags declares the command's flags on fs and returns the function
	// that runs it once they are parsed.
	Flags func(fs *flag.FlagSet) RunFunc
}

// RunFunc runs a command. It opens the library through c.Library only
// once its arguments have been checked.
type RunFunc func(ctx context.Context, c *Call) error

// commands is the command table: every command, in the order help lists
// them. Adding a command is one entry here and its file.
var commands = []*Command{
	importCommand,
	listCommand,
	showCommand,
	askCommand,
	replayCommand,
	exportCommand,
	searchCommand,
	checkCommand,
	viewCommand,
	tagCommand,
	typeCommand,
	correspondentCommand,
	createdCommand,
	sensitivityCommand,
	datesCommand,
	reviewCommand,
	watchCommand,
	reindexCommand,
	serveCommand,
	mcpCommand,
	apiTokenCommand,
	evalCommand,
	benchCommand,
}

// lookup returns the command called name, nil when there is none.
func lookup(name string) *Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// noFlags is the Flags of a command without flags.
func noFlags(run RunFunc) func(*flag.FlagSet) RunFunc {
	return func(*flag.FlagSet) RunFunc { return run }
}

// synopsis is the command's usage line.
func (cmd *Command) synopsis() string {
	lib := ""
	if cmd.Library {
		lib = "[--library DIR] "
	}
	return strings.TrimSpace("archivist " + lib + cmd.Name + " " + cmd.Args)
}

// printSynopsis prints the usage line and where to read more, after a
// usage error.
func (cmd *Command) printSynopsis(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n(archivist %s -h for more)\n", cmd.synopsis(), cmd.Name)
}

// printUsage prints the command's whole help: usage, summary, help text
// and flags.
func (cmd *Command) printUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", cmd.synopsis(), cmd.Summary)
	if cmd.Help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(cmd.Help))
	}
	flags := cmd.flagDocs()
	if len(flags) > 0 {
		fmt.Fprintln(w, "\nflags:")
		for _, f := range flags {
			fmt.Fprintf(w, "  %s\n    \t%s\n", f.name, f.usage)
		}
	}
}

// flagDoc is one flag as the help shows it.
type flagDoc struct{ name, usage string }

// flagDocs lists the command's flags: "--name VALUE" and its usage, with
// its default when it has one.
func (cmd *Command) flagDocs() []flagDoc {
	fs := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	cmd.Flags(fs)
	var out []flagDoc
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		d := flagDoc{name: "--" + f.Name, usage: usage}
		if name != "" {
			d.name += " " + strings.ToUpper(name)
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" {
			d.usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		out = append(out, d)
	})
	return out
}

// help runs `archivist help [COMMAND]`.
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printHelp(stdout)
		return 0
	}
	cmd := lookup(args[0])
	if cmd == nil || len(args) > 1 {
		fmt.Fprintf(stderr, "archivist: unknown command %q\n\n", strings.Join(args, " "))
		printHelp(stderr)
		return 2
	}
	cmd.printUsage(stdout)
	return 0
}

// printHelp lists every command.
func printHelp(w io.Writer) {
	fmt.Fprintf(w, "Archivist — ask your documents, get cited answers.\n\nusage:\n")
	fmt.Fprintf(w, "  archivist [--library DIR]          start the desktop app\n")
	fmt.Fprintf(w, "  archivist [--library DIR] COMMAND  run one command\n")
	fmt.Fprintf(w, "  archivist help COMMAND             a command's flags (also: archivist COMMAND -h)\n")
	fmt.Fprintf(w, "  archivist --version                the version\n\ncommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.Name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, c.Summary)
	}
	fmt.Fprintf(w, "\nWithout --library the library lives in the per-user data folder\n"+
		"(~/.local/share/archivist on Linux, %%AppData%%\\Archivist on Windows).\n")
}

// Reference is the command reference in Markdown, made from the table: the
// "Commands" section of docs/cli.md.
func Reference() string {
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "### `archivist %s`\n\n", c.Name)
		fmt.Fprintf(&b, "```\n%s\n```\n\n%s\n", c.synopsis(), c.Summary)
		if c.Help != "" {
			fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(c.Help))
		}
		if flags := c.flagDocs(); len(flags) > 0 {
			b.WriteString("\n| flag | meaning |\n|---|---|\n")
			for _, f := range flags {
				fmt.Fprintf(&b, "| `%s` | %s |\n", f.name, strings.ReplaceAll(f.usage, "|", `\|`))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
