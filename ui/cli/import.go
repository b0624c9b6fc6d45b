package cli

import (
	"context"
	"flag"
	"fmt"
	"os"

	"archivist/app"
)

var importCommand = &Command{
	Name:    "import",
	Args:    "[--password PW] PATH...",
	Summary: "import files or folders (walked, hidden entries skipped); prints one line a file",
	Help: "Each file is copied into the library under its SHA-256, parsed and indexed. A file already in the\n" +
		"library is a duplicate and changes nothing. Exit status 1 when any file failed.",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		password := fs.String("password", "", "password for encrypted PDFs among the files")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) == 0 {
				return c.Usage("name at least one file or folder")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			anyFailed := false
			results, err := lib.Importer.ImportFiles(ctx, c.Args, *password, func(pr app.ImportProgress) {
				r := pr.Result
				if r == nil {
					return
				}
				switch r.Outcome {
				case app.OutcomeFailed:
					anyFailed = true
					fmt.Fprintf(c.Stdout, "failed: %s: %s\n", r.Path, describe(r.Err))
					if d := app.ErrorDetails(r.Err); d != "" && os.Getenv("ARCHIVIST_LOG") == "1" {
						fmt.Fprintf(c.Stderr, "archivist: import %s: details: %s\n", r.Path, d)
					}
				default:
					fmt.Fprintf(c.Stdout, "%s: %s (%s)\n", r.Outcome, r.Path, r.DocumentID)
				}
			})
			if err != nil {
				return err
			}
			printReviewed(ctx, c, lib, results)
			// The files named first; then the imports an earlier run left
			// unfinished, which may be what stopped it.
			if err := lib.Importer.Resume(ctx); err != nil {
				fmt.Fprintf(c.Stderr, "archivist: resume earlier imports: %s\n", describe(err))
			}
			if anyFailed {
				return failed
			}
			return nil
		}
	},
}

// printReviewed says how many moves the review after the import proposed,
// and where to see them.
func printReviewed(ctx context.Context, c *Call, lib *Library, results []app.ImportResult) {
	if lib.Reviews == nil {
		return
	}
	list, err := lib.Reviews.Proposals(ctx, app.ReviewProposed, app.ReviewAccepted)
	if err != nil {
		return
	}
	imported := map[string]bool{}
	for _, r := range results {
		imported[r.DocumentID] = r.Outcome == app.OutcomeImported
	}
	proposed, applied := 0, 0
	for _, p := range list {
		switch {
		case !imported[p.TriggerID]:
		case p.Status == app.ReviewAccepted:
			applied++
		default:
			proposed++
		}
	}
	if proposed > 0 {
		fmt.Fprintf(c.Stdout, "review: %s of related documents proposed (archivist review)\n", moves(proposed))
	}
	if applied > 0 {
		fmt.Fprintf(c.Stdout, "review: %s of related documents applied (archivist review --status accepted)\n", moves(applied))
	}
}

// moves is "1 move", "2 moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}
