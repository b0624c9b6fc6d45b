package main

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

const searchUsage = "usage: archivist search [--json] [--limit N] [--offset N] [--sort relevance|newest|oldest] QUERY"

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

// queryProblem prints a malformed query, with a caret under the problem,
// and returns exit status 2; ok is false when err is no query error.
func queryProblem(stderr io.Writer, err error) (int, bool) {
	var qe *query.Error
	if !errors.As(err, &qe) {
		return 0, false
	}
	fmt.Fprintf(stderr, "archivist: %s\n  %s\n", qe.Error(), strings.ReplaceAll(qe.Pointer(), "\n", "\n  "))
	return 2, true
}

func cmdSearch(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	limit := fs.Int("limit", 20, "results to print (at most 1000)")
	offset := fs.Int("offset", 0, "results to skip, for paging")
	sortBy := fs.String("sort", "relevance", "relevance, newest or oldest")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *limit < 1 || *limit > 1000 || *offset < 0 {
		fmt.Fprintln(stderr, searchUsage)
		return 2
	}
	sort := app.SearchSort(*sortBy)
	if sort != app.SortRelevance && sort != app.SortNewest && sort != app.SortOldest {
		fmt.Fprintf(stderr, "archivist: unknown sort %q (relevance, newest or oldest)\n", *sortBy)
		return 2
	}
	src := strings.Join(fs.Args(), " ")
	q, err := query.Parse(src)
	if err != nil {
		code, _ := queryProblem(stderr, err)
		return code
	}
	snap, err := p.db.Snapshot(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	defer snap.Close()
	res, err := snap.SearchDocuments(ctx, q, app.SearchRequest{Query: src, Sort: sort, Offset: *offset, Limit: *limit})
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	if *asJSON {
		out := searchJSON{Total: res.Total, Results: []searchResultJSON{}, Facets: res.Facets}
		for _, r := range res.Results {
			out.Results = append(out.Results, searchResultJSON{r.DocumentID, r.Title, markWords.Replace(r.Snippet), r.Pages, r.Score})
		}
		return printJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "%d documents\n", res.Total)
	for _, r := range res.Results {
		where := ""
		if len(r.Pages) > 0 {
			where = fmt.Sprintf(" (p. %s)", joinInts(r.Pages))
		}
		fmt.Fprintf(stdout, "\n%s  %s%s\n  %s\n", r.DocumentID, r.Title, where, markWords.Replace(r.Snippet))
	}
	return 0
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}

const viewUsage = "usage: archivist view save NAME QUERY | list [--json] | delete NAME"

func cmdView(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, viewUsage)
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	switch verb, rest := args[0], args[1:]; {
	case verb == "save" && len(rest) >= 2:
		src := strings.Join(rest[1:], " ")
		if _, err := query.Parse(src); err != nil {
			code, _ := queryProblem(stderr, err)
			return code
		}
		if _, err := p.db.SaveView(ctx, rest[0], src, nil); err != nil {
			return fail(err)
		}
		return 0
	case verb == "list":
		fs := flag.NewFlagSet("view list", flag.ContinueOnError)
		fs.SetOutput(stderr)
		asJSON := fs.Bool("json", false, "print JSON")
		if err := fs.Parse(rest); err != nil || fs.NArg() > 0 {
			fmt.Fprintln(stderr, viewUsage)
			return 2
		}
		views, err := p.db.Views(ctx)
		if err != nil {
			return fail(err)
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
			return printJSON(stdout, out)
		}
		for _, v := range views {
			if v.Live() {
				fmt.Fprintf(stdout, "%s\t%s\n", v.Name, v.Query)
			} else {
				fmt.Fprintf(stdout, "%s\t%d documents\n", v.Name, len(v.DocumentIDs))
			}
		}
		return 0
	case verb == "delete" && len(rest) == 1:
		v, err := p.db.ViewByName(ctx, rest[0])
		if err != nil {
			return fail(err)
		}
		if err := p.db.DeleteView(ctx, v.ID); err != nil {
			return fail(err)
		}
		return 0
	}
	fmt.Fprintln(stderr, viewUsage)
	return 2
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
