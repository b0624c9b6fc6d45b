package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"archivist/app"
	"archivist/ui/api"
)

// shownPage is one page of `show --json`; width and height in PDF points.
type shownPage struct {
	N      int     `json:"n"`
	Label  string  `json:"label"`
	Words  int     `json:"words"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

func cmdShow(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("json", true, "print JSON (the only form)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] show --json ID")
		return 2
	}
	id := fs.Arg(0)
	doc, err := p.db.Document(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	sections, err := p.db.Sections(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	pages, err := p.db.Pages(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	out := struct {
		Document listedDocument     `json:"document"`
		Sections []*api.SectionNode `json:"sections"`
		Pages    []shownPage        `json:"pages"`
	}{Sections: api.SectionTree(sections), Pages: []shownPage{}}
	for _, pg := range pages {
		out.Pages = append(out.Pages, shownPage{pg.Number, pg.Label, pg.Words, pg.WidthPt, pg.HeightPt})
	}
	one, err := api.Summaries(ctx, apiParts{p}, []app.Document{*doc})
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	out.Document = one[0]
	return printJSON(stdout, out)
}
