package cli

import (
	"context"
	"flag"

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

var showCommand = &Command{
	Name:    "show",
	Args:    "--json ID",
	Summary: "a document's summary, section tree and pages, as JSON",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		fs.Bool("json", true, "print JSON (the only form)")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) != 1 {
				return c.Usage("name one document ID")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			id := c.Args[0]
			doc, err := lib.DB.Document(ctx, id)
			if err != nil {
				return err
			}
			sections, err := lib.DB.Sections(ctx, id)
			if err != nil {
				return err
			}
			pages, err := lib.DB.Pages(ctx, id)
			if err != nil {
				return err
			}
			out := struct {
				Document listedDocument     `json:"document"`
				Sections []*api.SectionNode `json:"sections"`
				Pages    []shownPage        `json:"pages"`
			}{Sections: api.SectionTree(sections), Pages: []shownPage{}}
			for _, pg := range pages {
				out.Pages = append(out.Pages, shownPage{pg.Number, pg.Label, pg.Words, pg.WidthPt, pg.HeightPt})
			}
			one, err := api.Summaries(ctx, lib.apiLibrary(), []app.Document{*doc})
			if err != nil {
				return err
			}
			out.Document = one[0]
			return printJSON(c.Stdout, out)
		}
	},
}
