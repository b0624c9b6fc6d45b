package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"archivist/app"
)

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
			if d := app.ErrorDetails(r.Err); d != "" && os.Getenv("ARCHIVIST_LOG") == "1" {
				fmt.Fprintf(stderr, "archivist: import %s: details: %s\n", r.Path, d)
			}
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
