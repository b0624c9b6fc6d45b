package store

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"archivist/app"
)

// Lookup finds documents whose title or a heading holds every word of text
// (the last one as a prefix, since it is still being typed), for the
// omnibox. Title matches come first. Ready, untrashed documents only.
func (db *DB) Lookup(ctx context.Context, text string, limit int) ([]app.LookupHit, error) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) == 0 || limit <= 0 {
		return []app.LookupHit{}, nil
	}
	if len(words) > 8 {
		words = words[:8]
	}
	terms := make([]string, len(words))
	for i, w := range words {
		terms[i] = `"` + w + `"`
		if i == len(words)-1 {
			terms[i] += "*"
		}
	}
	all := strings.Join(terms, " ")
	// One row per document and heading path: the best-ranked passage under
	// it gives its first page.
	rows, err := db.read.QueryContext(ctx, `WITH m AS (
			SELECT f.rowid AS rowid, bm25(passages_fts, 4.0, 2.0, 0.0, 0.0) AS r
			FROM passages_fts f WHERE passages_fts MATCH ? ORDER BY r LIMIT 2000),
		t AS (SELECT rowid FROM passages_fts WHERE passages_fts MATCH ?)
		SELECT p.document_id, d.title,
			CASE WHEN p.rowid IN (SELECT rowid FROM t) THEN '' ELSE p.headings END AS h,
			min(p.page_start), min(m.r) AS best
		FROM m
		JOIN passages p ON p.rowid = m.rowid
		JOIN documents d ON d.id = p.document_id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL
		GROUP BY p.document_id, h
		ORDER BY h <> '', best LIMIT ?`,
		"{title headings} : ("+all+")", "title : ("+all+")", limit)
	if err != nil {
		return nil, fmt.Errorf("store: lookup: %w", err)
	}
	defer rows.Close()
	out := []app.LookupHit{}
	for rows.Next() {
		var h app.LookupHit
		var rank float64
		if err := rows.Scan(&h.DocumentID, &h.Title, &h.Heading, &h.Page, &rank); err != nil {
			return nil, fmt.Errorf("store: lookup: %w", err)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}
