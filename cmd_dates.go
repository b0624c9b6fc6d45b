package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest/dates"
	"archivist/retrieve/jev"
	"archivist/store"
)

const datesUsage = `usage: archivist [--library DIR] dates [--pending|--accepted|--rejected] [--from DATE --to DATE] [--doc ID]... [--json]
       archivist [--library DIR] dates accept|reject ID...`

// newDates is the date extraction of a library. Roles are decided by the
// offline local judge: extraction runs at import, where no document text
// may leave the computer unasked.
func newDates(db *store.DB, newID func() string) *dates.Service {
	return &dates.Service{DB: db, Extractor: &dates.Extractor{Roles: jev.Chooser{Provider: jev.Local{}},
		DayFirst: localeDayFirst(), NewID: newID}}
}

// readDates is the importer's commit hook: a document whose dates could not
// be read stays unread by this extractor version and is read again by the
// next Reextract; its import stands.
func readDates(svc *dates.Service) func(ctx context.Context, doc *app.Document, p *app.Parsed) {
	return func(ctx context.Context, doc *app.Document, p *app.Parsed) {
		svc.Read(ctx, doc, p)
	}
}

// localeDayFirst reports whether the user's locale writes the day before
// the month in all-numeric dates: every locale but US English (and the
// unset C locale, which follows it) does.
func localeDayFirst() bool {
	for _, v := range []string{"LC_ALL", "LC_TIME", "LANG"} {
		if l := os.Getenv(v); l != "" {
			return !(strings.HasPrefix(l, "en_US") || l == "C" || l == "POSIX" || strings.HasPrefix(l, "C."))
		}
	}
	return false
}

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

func cmdDates(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	svc := newDates(p.db, uuid.NewString)
	if len(args) > 0 && (args[0] == "accept" || args[0] == "reject") {
		if len(args) == 1 {
			fmt.Fprintln(stderr, datesUsage)
			return 2
		}
		state := app.FactAccepted
		if args[0] == "reject" {
			state = app.FactRejected
		}
		reviews := make([]app.FactReview, 0, len(args)-1)
		for _, id := range args[1:] {
			reviews = append(reviews, app.FactReview{ID: id, State: state})
		}
		if err := p.db.ReviewFacts(ctx, reviewer(), reviews); err != nil {
			fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
			return 1
		}
		fmt.Fprintf(stdout, "%s %d dates\n", args[0]+"ed", len(reviews))
		return 0
	}
	fs := flag.NewFlagSet("dates", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pending := fs.Bool("pending", false, "only dates waiting for review")
	accepted := fs.Bool("accepted", false, "only accepted dates")
	rejected := fs.Bool("rejected", false, "only rejected dates")
	from := fs.String("from", "", "dates on or after DATE (YYYY-MM-DD)")
	to := fs.String("to", "", "dates on or before DATE (YYYY-MM-DD)")
	var docs stringList
	fs.Var(&docs, "doc", "only the dates of this document (repeatable)")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, datesUsage)
		return 2
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
	for _, d := range []string{*from, *to} {
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			fmt.Fprintf(stderr, "archivist: %q is not a date (YYYY-MM-DD)\n", d)
			return 2
		}
	}
	// Documents imported before dates were read, or read by an older
	// extractor, are read now (from their stored blocks).
	if _, err := svc.Reextract(ctx); err != nil {
		fmt.Fprintf(stderr, "archivist: read dates: %s\n", describe(err))
	}
	facts, err := p.db.ListFacts(ctx, flt)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	out := make([]listedDate, 0, len(facts))
	for _, f := range facts {
		v, _ := f.DateOf()
		out = append(out, listedDate{f.ID, f.DocumentID, f.Role, v.String(), string(f.State), f.Quote, f.Page, f.Confidence})
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	for i, d := range out {
		fmt.Fprintf(stdout, "%s  %-22s  %-12s  %-8s  %.2f  %s: %s\n", d.ID, d.Value, d.Role, d.State, d.Confidence,
			facts[i].DocumentTitle, strings.Join(strings.Fields(d.Quote), " "))
	}
	return 0
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
