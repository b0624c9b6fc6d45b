package cli

import (
	"context"
	"flag"
	"fmt"

	"archivist/ui/api"
)

// listedDocument is one row of `list --json`: a document as the local API
// lists it too, with its metadata.
type listedDocument = api.DocumentSummary

var listCommand = &Command{
	Name:    "list",
	Args:    "[--json]",
	Summary: "list the documents: ID, status, format and title (--json: with pages, sections and metadata)",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		asJSON := fs.Bool("json", false, "print JSON")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) != 0 {
				return c.Usage("list takes no arguments")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			docs, err := lib.Importer.Documents(ctx)
			if err != nil {
				return err
			}
			if !*asJSON {
				for _, d := range docs {
					fmt.Fprintf(c.Stdout, "%s  %-9s  %-8s  %s\n", d.ID, d.Status, d.Format, d.Title)
				}
				return nil
			}
			out, err := api.Summaries(ctx, lib.apiLibrary(), docs)
			if err != nil {
				return err
			}
			return printJSON(c.Stdout, out)
		}
	},
}
