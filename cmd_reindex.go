package main

import (
	"context"
	"flag"
	"fmt"
	"io"
)

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
