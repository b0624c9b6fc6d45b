package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"archivist/app"
)

// shownSection is one node of `show --json`'s section tree.
type shownSection struct {
	Title     string          `json:"title"`
	Level     int             `json:"level"`
	PageStart int             `json:"page_start"`
	PageEnd   int             `json:"page_end"`
	Children  []*shownSection `json:"children"`
}

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
		Document listedDocument  `json:"document"`
		Sections []*shownSection `json:"sections"`
		Pages    []shownPage     `json:"pages"`
	}{Document: listed(*doc), Sections: sectionTree(sections), Pages: []shownPage{}}
	for _, pg := range pages {
		out.Pages = append(out.Pages, shownPage{pg.Number, pg.Label, pg.Words, pg.WidthPt, pg.HeightPt})
	}
	one := []listedDocument{out.Document}
	if err := addMeta(ctx, p, one); err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	out.Document = one[0]
	return printJSON(stdout, out)
}

// sectionTree nests sections under their parents; the root's children are
// the top level.
func sectionTree(sections []app.Section) []*shownSection {
	nodes := make([]*shownSection, len(sections))
	top := []*shownSection{}
	for i, s := range sections {
		nodes[i] = &shownSection{Title: s.Heading, Level: s.Level, PageStart: s.PageStart, PageEnd: s.PageEnd, Children: []*shownSection{}}
		switch {
		case s.Parent < 0:
			// the root is the document itself
		case sections[s.Parent].Parent < 0:
			top = append(top, nodes[i])
		default:
			nodes[s.Parent].Children = append(nodes[s.Parent].Children, nodes[i])
		}
	}
	return top
}
