package eval

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"archivist/app"
	"archivist/app/lang"
	"archivist/store"

	_ "modernc.org/sqlite" // the "sqlite" driver, with FTS5
)

// PageBM25 is the reference the eval sets are measured against: one FTS5
// row a page (porter tokenizer), an OR of the question's words, ranked by
// plain bm25. It reads the pages as Archivist stored them, so beside the
// routed figures it shows what ranking adds on the same text, on any
// split of the set (`eval --retrieval pages`).
type PageBM25 struct {
	db *sql.DB
}

// NewPageBM25 indexes the pages of docs (document IDs) from snap in a
// private in-memory database.
func NewPageBM25(ctx context.Context, snap *store.Snapshot, docs []string) (*PageBM25, error) {
	db, err := sql.Open("sqlite", "file::memory:")
	if err != nil {
		return nil, fmt.Errorf("retrieve: page index: %w", err)
	}
	db.SetMaxOpenConns(1) // one connection: the in-memory database lives in it
	if _, err := db.ExecContext(ctx, `CREATE VIRTUAL TABLE pages USING fts5(doc UNINDEXED, page UNINDEXED, body, tokenize = 'porter unicode61')`); err != nil {
		db.Close()
		return nil, fmt.Errorf("retrieve: page index: %w", err)
	}
	for _, id := range docs {
		blocks, err := snap.Blocks(ctx, id)
		if err != nil {
			db.Close()
			return nil, err
		}
		text := map[int]*strings.Builder{}
		for _, b := range blocks {
			if b.Page == 0 || b.Kind == app.BlockFigure {
				continue // the reference reads the pages' text, not the print OCR read in pictures
			}
			if text[b.Page] == nil {
				text[b.Page] = &strings.Builder{}
			}
			text[b.Page].WriteString(b.Text)
			text[b.Page].WriteString("\n")
		}
		for page, t := range text {
			if _, err := db.ExecContext(ctx, `INSERT INTO pages (doc, page, body) VALUES (?, ?, ?)`, id, page, t.String()); err != nil {
				db.Close()
				return nil, fmt.Errorf("retrieve: page index: %w", err)
			}
		}
	}
	return &PageBM25{db: db}, nil
}

// Close releases the index.
func (x *PageBM25) Close() error { return x.db.Close() }

// Rank returns the k best pages for question, of doc alone when doc is
// not empty.
func (x *PageBM25) Rank(ctx context.Context, question, doc string, k int) ([]PageRange, error) {
	var terms []string
	seen := map[string]bool{}
	for _, t := range lang.Tokens(question) {
		if lang.IsStopWord(t.Lower) || seen[t.Lower] {
			continue
		}
		seen[t.Lower] = true
		terms = append(terms, `"`+strings.ReplaceAll(t.Lower, `"`, `""`)+`"`)
	}
	if len(terms) == 0 {
		return nil, nil
	}
	q := `SELECT doc, page FROM pages WHERE pages MATCH ? ORDER BY bm25(pages) LIMIT ?`
	args := []any{strings.Join(terms, " OR "), k}
	if doc != "" {
		q = `SELECT doc, page FROM pages WHERE pages MATCH ? AND doc = ? ORDER BY bm25(pages) LIMIT ?`
		args = []any{args[0], doc, k}
	}
	rows, err := x.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("retrieve: page index: %w", err)
	}
	defer rows.Close()
	var out []PageRange
	for rows.Next() {
		var r PageRange
		if err := rows.Scan(&r.Document, &r.Start); err != nil {
			return nil, fmt.Errorf("retrieve: page index: %w", err)
		}
		r.End = r.Start
		out = append(out, r)
	}
	return out, rows.Err()
}
