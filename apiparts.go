package main

import (
	"context"
	"slices"
	"strings"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/fts"
	"archivist/store"
	"archivist/ui/api"
)

// apiResearch is the research engine as the API asks it: an answer with
// the exact JSON `ask --json` prints.
type apiResearch struct{ *retrieve.Research }

func (r apiResearch) AskJSON(ctx context.Context, q app.Question) (*app.Answer, []byte, error) {
	ans, body, _, err := r.AskWith(ctx, q, retrieve.AskOptions{})
	return ans, body, err
}

// apiParts adapts the library's concrete parts to what the local API and
// the MCP server declare they need (api.Library, api.Searcher, page reads).
type apiParts struct{ p *parts }

func (a apiParts) Documents(ctx context.Context) ([]app.Document, error) {
	return a.p.db.Documents(ctx)
}

// Document returns a document unless it is in the trash: to the API a
// trashed document is gone.
func (a apiParts) Document(ctx context.Context, id string) (*app.Document, error) {
	d, err := a.p.db.Document(ctx, id)
	if err != nil {
		return nil, err
	}
	trashed, err := a.p.db.Trashed(ctx)
	if err != nil {
		return nil, err
	}
	if slices.ContainsFunc(trashed, func(t app.TrashedDocument) bool { return t.Document.ID == id }) {
		return nil, app.Errorf(app.ENotFound, "No document with ID %q.", id)
	}
	return d, nil
}

func (a apiParts) Sections(ctx context.Context, id string) ([]app.Section, error) {
	return a.p.db.Sections(ctx, id)
}

func (a apiParts) Pages(ctx context.Context, id string) ([]api.Page, error) {
	rows, err := a.p.db.Pages(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]api.Page, 0, len(rows))
	for _, pg := range rows {
		out = append(out, api.Page{N: pg.Number, Label: pg.Label, Words: pg.Words, Width: pg.WidthPt, Height: pg.HeightPt})
	}
	return out, nil
}

func (a apiParts) OriginalPath(ctx context.Context, id string) (string, error) {
	if _, err := a.Document(ctx, id); err != nil {
		return "", err
	}
	return a.p.importer.OriginalPath(ctx, id)
}

func (a apiParts) DocumentMeta(ctx context.Context, ids []string) (map[string]app.DocumentMeta, error) {
	return a.p.db.DocumentMeta(ctx, ids)
}

func (a apiParts) SaveTrace(ctx context.Context, token string, body []byte) error {
	return a.p.db.SaveAnswer(ctx, token, body)
}

// SearchDocuments ranks ready documents by their best passage under the
// store's FTS5 ranking (bm25 with column weights) of the query's words.
// The search query language, once it exists, replaces this body; the API
// stays the same.
func (a apiParts) SearchDocuments(ctx context.Context, query string, limit int) ([]api.SearchHit, error) {
	terms := fts.Terms(query)
	if len(terms) == 0 {
		return []api.SearchHit{}, nil
	}
	match := fts.MatchAny(terms)
	snap, err := a.p.db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	hits, err := snap.Search(ctx, match, nil, limit*8)
	if err != nil {
		return nil, err
	}
	var best []store.Hit
	seen := map[string]bool{}
	for _, h := range hits {
		if !seen[h.DocumentID] && len(best) < limit {
			seen[h.DocumentID] = true
			best = append(best, h)
		}
	}
	ids := make([]string, len(best))
	for i, h := range best {
		ids[i] = h.DocumentID
	}
	docs, err := snap.ReadyDocuments(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := map[string]app.Document{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	out := []api.SearchHit{}
	for _, h := range best {
		d, ok := byID[h.DocumentID]
		if !ok {
			continue
		}
		p, err := snap.Passage(ctx, h.RowID)
		if err != nil {
			return nil, err
		}
		snip, err := snap.Snippet(ctx, match, h.RowID, app.SnippetTokens)
		if err != nil {
			return nil, err
		}
		snip = strings.NewReplacer(store.MarkStart, "", store.MarkEnd, "").Replace(snip)
		out = append(out, api.SearchHit{DocumentID: d.ID, Title: d.Title, Score: -h.Rank, Section: p.Headings,
			PageStart: p.PageStart, PageEnd: p.PageEnd, Snippet: snip, Sensitivity: string(d.Sensitivity)})
	}
	return out, nil
}

// PageText returns the text of one page of a paged document: its blocks in
// reading order, verbatim.
func (a apiParts) PageText(ctx context.Context, id string, page int) (string, error) {
	snap, err := a.p.db.Snapshot(ctx)
	if err != nil {
		return "", err
	}
	defer snap.Close()
	blocks, err := snap.Blocks(ctx, id)
	if err != nil {
		return "", err
	}
	var parts []string
	for _, b := range blocks {
		if b.Page == page {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, app.PassageSeparator), nil
}

// PageImage returns the path of a page's cached PNG, rendered if missing.
func (a apiParts) PageImage(ctx context.Context, id string, page int) (string, error) {
	return a.p.importer.PageImage(ctx, id, page)
}
