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
	listedMeta
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
	if err := addMeta(ctx, p, out); err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	return printJSON(stdout, out)
}

func listed(d app.Document) listedDocument {
	return listedDocument{ID: d.ID, Title: d.Title, Filename: d.Filename, Format: string(d.Format), Pages: d.Pages,
		Status: string(d.Status), Error: d.Error, Notice: d.Notice, Sensitivity: string(d.Sensitivity)}
}
