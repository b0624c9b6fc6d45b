package api

import (
	"context"
	"slices"
	"strings"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/store"
)

// LibraryParts are the archive's concrete services as the API and the MCP
// server read them: the store, the import queue and the research engine.
// Importer is left for the caller to set, so serving can refuse imports.
func LibraryParts(db *store.DB, im *ingest.Importer, r *retrieve.Research) Parts {
	lib := library{db: db, importer: im}
	return Parts{Research: research{r}, Library: lib, Search: lib, Pages: lib, Checker: lib}
}

// research is the research engine as the API asks it: an answer with the
// exact JSON `ask --json` prints.
type research struct{ *retrieve.Research }

func (r research) AskJSON(ctx context.Context, q app.Question) (*app.Answer, []byte, error) {
	ans, body, _, err := r.AskWith(ctx, q, retrieve.AskOptions{})
	return ans, body, err
}

// library adapts the store and the importer to what the API declares it
// needs (Library, Searcher, Pages).
type library struct {
	db       *store.DB
	importer *ingest.Importer
}

func (a library) Documents(ctx context.Context) ([]app.Document, error) {
	return a.db.Documents(ctx)
}

// Document returns a document unless it is in the trash: to the API a
// trashed document is gone.
func (a library) Document(ctx context.Context, id string) (*app.Document, error) {
	d, err := a.db.Document(ctx, id)
	if err != nil {
		return nil, err
	}
	trashed, err := a.db.Trashed(ctx)
	if err != nil {
		return nil, err
	}
	if slices.ContainsFunc(trashed, func(t app.TrashedDocument) bool { return t.Document.ID == id }) {
		return nil, app.Errorf(app.ENotFound, "No document with ID %q.", id)
	}
	return d, nil
}

func (a library) Sections(ctx context.Context, id string) ([]app.Section, error) {
	return a.db.Sections(ctx, id)
}

func (a library) Pages(ctx context.Context, id string) ([]Page, error) {
	rows, err := a.db.Pages(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]Page, 0, len(rows))
	for _, pg := range rows {
		out = append(out, Page{N: pg.Number, Label: pg.Label, Words: pg.Words, Width: pg.WidthPt, Height: pg.HeightPt})
	}
	return out, nil
}

func (a library) OriginalPath(ctx context.Context, id string) (string, error) {
	if _, err := a.Document(ctx, id); err != nil {
		return "", err
	}
	return a.importer.OriginalPath(ctx, id)
}

func (a library) DocumentMeta(ctx context.Context, ids []string) (map[string]app.DocumentMeta, error) {
	return a.db.DocumentMeta(ctx, ids)
}

func (a library) SaveTrace(ctx context.Context, token string, body []byte) error {
	return a.db.SaveAnswer(ctx, token, body)
}

// SearchDocuments ranks documents for a query in the search language
// (words, phrases, tag:, type:, folder:, exclusions …) with the same
// document search as the window and `archivist search`.
func (a library) SearchDocuments(ctx context.Context, q string, limit int) ([]SearchHit, error) {
	parsed, err := store.ParseQuery(q)
	if err != nil {
		return nil, err
	}
	snap, err := a.db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	res, err := snap.SearchDocuments(ctx, parsed, app.SearchRequest{Query: q, Sort: app.SortRelevance, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]SearchHit, 0, len(res.Results))
	unmark := strings.NewReplacer(app.SnippetMarkStart, "", app.SnippetMarkEnd, "")
	for _, r := range res.Results {
		h := SearchHit{DocumentID: r.DocumentID, Title: r.Title, Score: r.Score, Section: r.Section,
			Snippet: unmark.Replace(r.Snippet), Sensitivity: string(r.Sensitivity)}
		if len(r.Pages) > 0 {
			h.PageStart, h.PageEnd = r.Pages[0], r.Pages[len(r.Pages)-1]
		}
		out = append(out, h)
	}
	return out, nil
}

// PageText returns the text of one page of a paged document: its blocks in
// reading order, verbatim.
func (a library) PageText(ctx context.Context, id string, page int) (string, error) {
	snap, err := a.db.Snapshot(ctx)
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
func (a library) PageImage(ctx context.Context, id string, page int) (string, error) {
	return a.importer.PageImage(ctx, id, page)
}
