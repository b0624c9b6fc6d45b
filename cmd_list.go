package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"archivist/app"
)

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
