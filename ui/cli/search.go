package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"archivist/app"
	"archivist/store"
	"archivist/store/query"
)

// The search and view commands, and how a view or a query scopes a
// question.

// searchJSON is what `search --json` prints.
type searchJSON struct {
	Total   int                       `json:"total"`
	Results []searchResultJSON        `json:"results"`
	Facets  map[string]map[string]int `json:"facets"`
}

type searchResultJSON struct {
	DocumentID string  `json:"document_id"`
	Title      string  `json:"title"`
	Snippet    string  `json:"snippet"` // the query's words in «…»
	Pages      []int   `json:"pages"`
	Score      float64 `json:"score"`
}

// markWords shows a snippet's marks as «…».
var markWords = strings.NewReplacer(app.SnippetMarkStart, "«", app.SnippetMarkEnd, "»")

// queryUsage turns a malformed query into a usage error that shows it,
// with a caret under the problem; other errors pass through.
func queryUsage(c *Call, err error) error {
	var qe *query.Error
	if !errors.As(err, &qe) {
		return err
	}
	return c.Usage("%s\n  %s", qe.Error(), strings.ReplaceAll(qe.Pointer(), "\n", "\n  "))
}

var searchCommand = &Command{
	Name:    "search",
	Args:    "[--json] [--limit N] [--offset N] [--sort relevance|newest|oldest] QUERY",
	Summary: "ranked documents for a query, with facets (words, \"phrases\", tag:, type:, correspondent:, folder:, created:, -exclusions)",
	Help:    "The query language is the window's and the views' (docs/search.md).",
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		asJSON := fs.Bool("json", false, "print JSON")
		limit := fs.Int("limit", 20, "results to print (at most 1000)")
		offset := fs.Int("offset", 0, "results to skip, for paging")
		sortBy := fs.String("sort", "relevance", "relevance, newest or oldest")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) == 0 {
				return c.Usage("give a query")
			}
			if *limit < 1 || *limit > 1000 || *offset < 0 {
				return c.Usage("--limit is 1 to 1000 and --offset not negative")
			}
			sort := app.SearchSort(*sortBy)
			if sort != app.SortRelevance && sort != app.SortNewest && sort != app.SortOldest {
				return c.Usage("unknown sort %q (relevance, newest or oldest)", *sortBy)
			}
			src := strings.Join(c.Args, " ")
			q, err := query.Parse(src)
			if err != nil {
				return queryUsage(c, err)
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			snap, err := lib.DB.Snapshot(ctx)
			if err != nil {
				return err
			}
			defer snap.Close()
			res, err := snap.SearchDocuments(ctx, q, app.SearchRequest{Query: src, Sort: sort, Offset: *offset, Limit: *limit})
			if err != nil {
				return err
			}
			if *asJSON {
				out := searchJSON{Total: res.Total, Results: []searchResultJSON{}, Facets: res.Facets}
				for _, r := range res.Results {
					out.Results = append(out.Results, searchResultJSON{r.DocumentID, r.Title, markWords.Replace(r.Snippet), r.Pages, r.Score})
				}
				return printJSON(c.Stdout, out)
			}
			fmt.Fprintf(c.Stdout, "%d documents\n", res.Total)
			for _, r := range res.Results {
				where := ""
				if len(r.Pages) > 0 {
					where = fmt.Sprintf(" (p. %s)", joinInts(r.Pages))
				}
				fmt.Fprintf(c.Stdout, "\n%s  %s%s\n  %s\n", r.DocumentID, r.Title, where, markWords.Replace(r.Snippet))
			}
			return nil
		}
	},
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}

var viewCommand = &Command{
	Name:    "view",
	Args:    "save NAME QUERY | list [--json] | delete NAME",
	Summary: "saved searches: save one, list them, delete one",
	Help:    "A view is a query kept under a name; ask --view NAME scopes a question to its documents.",
	Library: true,
	Flags: noFlags(func(ctx context.Context, c *Call) error {
		if len(c.Args) == 0 {
			return c.Usage("")
		}
		switch verb, rest := c.Args[0], c.Args[1:]; {
		case verb == "save" && len(rest) >= 2:
			src := strings.Join(rest[1:], " ")
			if _, err := query.Parse(src); err != nil {
				return queryUsage(c, err)
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			_, err = lib.DB.SaveView(ctx, rest[0], src, nil)
			return err
		case verb == "list":
			fs := flag.NewFlagSet("view list", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			asJSON := fs.Bool("json", false, "print JSON")
			if err := fs.Parse(rest); err != nil || fs.NArg() > 0 {
				return c.Usage("")
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			views, err := lib.DB.Views(ctx)
			if err != nil {
				return err
			}
			if *asJSON {
				type row struct {
					Name        string   `json:"name"`
					Query       string   `json:"query,omitempty"`
					DocumentIDs []string `json:"document_ids,omitempty"`
				}
				out := []row{}
				for _, v := range views {
					out = append(out, row{v.Name, v.Query, v.DocumentIDs})
				}
				return printJSON(c.Stdout, out)
			}
			for _, v := range views {
				if v.Live() {
					fmt.Fprintf(c.Stdout, "%s\t%s\n", v.Name, v.Query)
				} else {
					fmt.Fprintf(c.Stdout, "%s\t%d documents\n", v.Name, len(v.DocumentIDs))
				}
			}
			return nil
		case verb == "delete" && len(rest) == 1:
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			v, err := lib.DB.ViewByName(ctx, rest[0])
			if err != nil {
				return err
			}
			return lib.DB.DeleteView(ctx, v.ID)
		}
		return c.Usage("")
	}),
}

// queryScope turns `ask --view NAME` or `ask --query QUERY` into a
// question's scope — only documents of docs too when `--doc` names some
// (scopes narrow each other). A query or live view stays a query, resolved
// inside the question's snapshot; a snapshot view is its documents, and one
// that holds no document is an app.ENoEvidence error: an empty list would
// mean the whole library.
func queryScope(ctx context.Context, db *store.DB, viewName, src string, docs []string) (app.Scope, error) {
	var v app.View
	switch {
	case viewName != "" && src != "":
		return app.Scope{}, app.Errorf(app.EInvalid, "Give --view or --query, not both.")
	case viewName != "":
		found, err := db.ViewByName(ctx, viewName)
		if err != nil {
			return app.Scope{}, err
		}
		v = *found
	default:
		if _, err := query.Parse(src); err != nil {
			return app.Scope{}, err
		}
		v = app.View{Name: src, Query: src}
	}
	if v.Live() {
		// The question resolves the query inside its own snapshot, so the
		// documents it finds are the ones its evidence is read from.
		label := fmt.Sprintf("%q", v.Name)
		if viewName != "" {
			label = "the view " + label
		} else {
			label = "the search " + label
		}
		return app.Scope{DocumentIDs: docs, Query: v.Query, FromQuery: true, Label: label}, nil
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return app.Scope{}, err
	}
	defer snap.Close()
	ids, err := snap.ViewDocumentIDs(ctx, v)
	if err != nil {
		return app.Scope{}, err
	}
	if len(docs) > 0 {
		keep := map[string]bool{}
		for _, id := range docs {
			keep[id] = true
		}
		var both []string
		for _, id := range ids {
			if keep[id] {
				both = append(both, id)
			}
		}
		ids = both
	}
	label := fmt.Sprintf("%q (%d documents)", v.Name, len(ids))
	if viewName != "" {
		label = "the view " + label
	} else {
		label = "the search " + label
	}
	if len(ids) == 0 {
		return app.Scope{}, app.Errorf(app.ENoEvidence, "No document that can be evidence matches %s.", label)
	}
	return app.Scope{DocumentIDs: ids, FromQuery: true, Label: label}, nil
}
