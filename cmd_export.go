package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/export"
)

func cmdExport(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] export TOKEN OUT.pdf")
		return 2
	}
	token, outPath := args[0], args[1]
	body, err := p.db.Answer(ctx, token)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	var ans app.Answer
	if err := json.Unmarshal(body, &ans); err != nil {
		fmt.Fprintf(stderr, "archivist: the stored answer %s cannot be read: %s\n", token, err)
		return 1
	}
	res, err := export.WriteFile(ctx, ingest.Originals{DB: p.db}, &ans, outPath)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s: %d pages, %d highlights\n", outPath, res.Pages, res.Highlights)
	for _, s := range res.Skipped {
		fmt.Fprintf(stdout, "not copied: %s\n", s)
	}
	return 0
}
