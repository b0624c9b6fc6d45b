package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"archivist/app"
)

// listedDate is one row of `dates --json`.
type listedDate struct {
	ID         string  `json:"id"`
	DocumentID string  `json:"document_id"`
	Role       string  `json:"role"`
	Value      string  `json:"value"` // YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD
	State      string  `json:"state"`
	Quote      string  `json:"quote"`
	Page       int     `json:"page"`
	Confidence float64 `json:"confidence"`
}

var datesCommand = &Command{
	Name:    "dates",
	Args:    "[--pending|--accepted|--rejected] [--from DATE --to DATE] [--doc ID]... [--json] | accept|reject ID...",
	Summary: "the dates found in documents, with their roles (due, expires, signed …); accept or reject them",
	Help:    "Documents imported before dates were read, or read by an older extractor, are read first (from their stored blocks).",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		pending := fs.Bool("pending", false, "only dates waiting for review")
		accepted := fs.Bool("accepted", false, "only accepted dates")
		rejected := fs.Bool("rejected", false, "only rejected dates")
		from := fs.String("from", "", "dates on or after DATE (YYYY-MM-DD)")
		to := fs.String("to", "", "dates on or before DATE (YYYY-MM-DD)")
		var docs stringList
		fs.Var(&docs, "doc", "only the dates of this document (repeatable)")
		asJSON := fs.Bool("json", false, "print JSON")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) > 0 && (c.Args[0] == "accept" || c.Args[0] == "reject") {
				return reviewDates(ctx, c)
			}
			if len(c.Args) > 0 {
				return c.Usage("")
			}
			for _, d := range []string{*from, *to} {
				if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
					return c.Usage("%q is not a date (YYYY-MM-DD)", d)
				}
			}
			flt := app.FactFilter{Type: app.FactDate, From: *from, To: *to, DocumentIDs: docs}
			for _, s := range []struct {
				on    bool
				state app.FactState
			}{{*pending, app.FactPending}, {*accepted, app.FactAccepted}, {*rejected, app.FactRejected}} {
				if s.on {
					flt.States = append(flt.States, s.state)
				}
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			if _, err := lib.Importer.Dates().Reextract(ctx); err != nil {
				fmt.Fprintf(c.Stderr, "archivist: read dates: %s\n", describe(err))
			}
			facts, err := lib.DB.ListFacts(ctx, flt)
			if err != nil {
				return err
			}
			out := make([]listedDate, 0, len(facts))
			for _, f := range facts {
				v, _ := f.DateOf()
				out = append(out, listedDate{f.ID, f.DocumentID, f.Role, v.String(), string(f.State), f.Quote, f.Page, f.Confidence})
			}
			if *asJSON {
				return printJSON(c.Stdout, out)
			}
			for i, d := range out {
				fmt.Fprintf(c.Stdout, "%s  %-22s  %-12s  %-8s  %.2f  %s: %s\n", d.ID, d.Value, d.Role, d.State, d.Confidence,
					facts[i].DocumentTitle, strings.Join(strings.Fields(d.Quote), " "))
			}
			return nil
		}
	},
}

// reviewDates runs `dates accept|reject ID...`.
func reviewDates(ctx context.Context, c *Call) error {
	verb, ids := c.Args[0], c.Args[1:]
	if len(ids) == 0 {
		return c.Usage("name the dates to %s", verb)
	}
	state := app.FactAccepted
	if verb == "reject" {
		state = app.FactRejected
	}
	reviews := make([]app.FactReview, 0, len(ids))
	for _, id := range ids {
		reviews = append(reviews, app.FactReview{ID: id, State: state})
	}
	lib, err := c.Library(ctx)
	if err != nil {
		return err
	}
	if err := lib.DB.ReviewFacts(ctx, reviewer(), reviews); err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "%s %d dates\n", verb+"ed", len(reviews))
	return nil
}

// reviewer names who reviewed a fact: the account running Archivist.
func reviewer() string {
	for _, v := range []string{"USER", "USERNAME"} {
		if u := os.Getenv(v); u != "" {
			return u
		}
	}
	return "user"
}
