package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"archivist/app"
	"archivist/ingest/review"
	"archivist/retrieve/jev"
)

var reviewCommand = &Command{
	Name:    "review",
	Args:    "[--status S]... [--all] [--json] | accept|reject|undo ID... | auto on|off",
	Summary: "where related older documents belong after an import: list the proposed moves; accept, reject or undo them",
	Help: "After each import the library is reviewed for the new documents: related older documents are shortlisted\n" +
		"by routing over the folders, each is placed by the filing rules, and a move is proposed where that differs\n" +
		"from where it is filed. Nothing moves until a proposal is accepted. A rejected (or undone) move of a document\n" +
		"is not proposed again. `review auto on` accepts proposals as they are made (off by default).\n" +
		"Lists the open proposals unless --status or --all says otherwise.",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		var statuses stringList
		fs.Var(&statuses, "status", "only proposals in this status: proposed, accepted, rejected or undone (repeatable)")
		all := fs.Bool("all", false, "every proposal, whatever its status")
		asJSON := fs.Bool("json", false, "print JSON")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) > 0 {
				return decideReviews(ctx, c, *asJSON)
			}
			want := []app.ReviewStatus{app.ReviewProposed}
			if len(statuses) > 0 || *all {
				want = nil
			}
			for _, s := range statuses {
				st, ok := app.ParseReviewStatus(s)
				if !ok {
					return c.Usage("%q is not a status: proposed, accepted, rejected or undone", s)
				}
				want = append(want, st)
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			list, err := lib.Reviews.Proposals(ctx, want...)
			if err != nil {
				return err
			}
			if *asJSON {
				return printJSON(c.Stdout, list)
			}
			for _, p := range list {
				printProposal(c.Stdout, p)
			}
			return nil
		}
	},
}

// decideReviews runs `review accept|reject|undo ID...` and `review auto on|off`.
func decideReviews(ctx context.Context, c *Call, asJSON bool) error {
	verb, ids := c.Args[0], c.Args[1:]
	if verb == "auto" {
		return autoReviews(ctx, c, ids)
	}
	if verb != "accept" && verb != "reject" && verb != "undo" {
		return c.Usage("unknown sub-command %q", verb)
	}
	if len(ids) == 0 {
		return c.Usage("name the proposals to %s", verb)
	}
	lib, err := c.Library(ctx)
	if err != nil {
		return err
	}
	decide := map[string]func(context.Context, string) (app.ReviewProposal, error){
		"accept": lib.Reviews.Accept, "reject": lib.Reviews.Reject, "undo": lib.Reviews.Undo}[verb]
	done := []app.ReviewProposal{}
	for _, id := range ids {
		p, err := decide(ctx, id)
		if err != nil {
			return err
		}
		done = append(done, p)
	}
	if asJSON {
		return printJSON(c.Stdout, done)
	}
	for _, p := range done {
		printProposal(c.Stdout, p)
	}
	return nil
}

// autoReviews runs `review auto on|off`.
func autoReviews(ctx context.Context, c *Call, args []string) error {
	if len(args) != 1 || args[0] != "on" && args[0] != "off" {
		return c.Usage("review auto takes on or off")
	}
	lib, err := c.Library(ctx)
	if err != nil {
		return err
	}
	if err := lib.DB.SetAutoApplyReviews(ctx, args[0] == "on"); err != nil {
		return err
	}
	fmt.Fprintf(c.Stdout, "apply reviews automatically: %s\n", args[0])
	return nil
}

// printProposal prints a proposal on one line, then the passages that
// justify it, indented.
func printProposal(w io.Writer, p app.ReviewProposal) {
	where := "“" + p.ToPath + "”"
	if p.NewName != "" {
		where += " (new folder)"
	}
	from := "no folder"
	if p.FromFolderID != "" {
		from = "“" + p.FromPath + "”"
	}
	fmt.Fprintf(w, "%s  %-8s  %s: %s → %s\n", p.ID, p.Status, p.Title, from, where)
	for _, q := range p.Passages {
		fmt.Fprintf(w, "    p. %s  %.2f  %s\n", pageRange(q.PageStart, q.PageEnd), q.Relevance, strings.TrimSpace(q.Text))
	}
}

// pageRange is a page range as printed: "4", "4–5", "–" when not paged.
func pageRange(start, end int) string {
	switch {
	case start == 0:
		return "–"
	case end > start:
		return fmt.Sprintf("%d–%d", start, end)
	}
	return fmt.Sprint(start)
}

// ReviewImports sets the library's Reviews and reviews every import's new
// documents once it has committed, by the embedded decision provider: the
// review runs outside any conversation, so, as filing, it has no consent
// to send a document's headings anywhere. A failed review fails no import;
// it is logged (its code only) when the log is on.
func (l *Library) ReviewImports(newID func() string) {
	reviews := review.Service{Reviewer: review.New(l.DB, jev.Chooser{Provider: jev.Local{}}, newID), Ledger: l.DB}
	l.Reviews = reviews
	l.Importer.Imported = func(ctx context.Context, ids []string) {
		if _, err := reviews.ReviewImported(ctx, ids); err != nil && l.Log != nil {
			l.Log.Warn("review after import", "documents", len(ids), "code", app.ErrorCode(err))
		}
	}
}
