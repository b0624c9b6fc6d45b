package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"archivist/ui/api"
)

// listedDocument is one row of `list --json`: a document as the local API
// lists it too, with its metadata.
type listedDocument = api.DocumentSummary

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
	out, err := api.Summaries(ctx, apiParts{p}, docs)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	return printJSON(stdout, out)
}
