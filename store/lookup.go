package store

import (
	"archivist/app/lang"

	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"archivist/app"
)

// lookupPerDocument bounds the matches Lookup returns from one document, so
// one long report's many matching sub-sections do not hide every other
// document.
const lookupPerDocument = 3

// lookupScan bounds the heading matches Lookup reads before choosing: it
// runs on every pause in typing, so it must not rank every passage of a
// large library.
const lookupScan = 400

// Lookup finds documents whose title or a heading holds every word of text
// (the last one as a prefix, since it is still being typed), for the
// omnibox: title matches first (newest first), then headings, shallowest
// first. Ready, untrashed documents only.
func (db *DB) Lookup(ctx context.Context, text string, limit int) ([]app.LookupHit, error) {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) == 0 || limit <= 0 {
		return []app.LookupHit{}, nil
	}
	if len(words) > 8 {
		words = words[:8]
	}
	out := []app.LookupHit{}
	seen := map[string]bool{}
	perDoc := map[string]int{}
	add := func(h app.LookupHit) {
		key := h.DocumentID + "\x00" + h.Heading
		if seen[key] || perDoc[h.DocumentID] == lookupPerDocument || len(out) == limit {
			return
		}
		seen[key] = true
		perDoc[h.DocumentID]++
		out = append(out, h)
	}

	// Titles: a substring match per word over the documents table, which
	// holds one row per document.
	q := `SELECT id, title FROM documents WHERE status = 'ready' AND trashed_at IS NULL`
	var args []any
	for _, w := range words {
		q += ` AND instr(lower(title || ' ' || filename), ?) > 0`
		args = append(args, w)
	}
	q += ` ORDER BY imported_at DESC LIMIT ?`
	args = append(args, limit)
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: lookup: %w", err)
	}
	for rows.Next() {
		var h app.LookupHit
		if err := rows.Scan(&h.DocumentID, &h.Title); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: lookup: %w", err)
		}
		add(h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: lookup: %w", err)
	}
	if len(out) == limit {
		return out, nil
	}

	// Headings: the FTS5 headings column, unranked (ranking every match
	// costs too much per keystroke), shallowest heading paths first.
	terms := make([]string, len(words))
	for i, w := range words {
		terms[i] = `"` + lang.IndexText(w) + `"` // unspaced text as a phrase of its characters
		if i == len(words)-1 {
			terms[i] += "*"
		}
	}
	rows, err = db.read.QueryContext(ctx, `SELECT p.document_id, d.title, p.headings, p.page_start
		FROM passages_fts f
		JOIN passages p ON p.rowid = f.rowid
		JOIN documents d ON d.id = p.document_id
		WHERE passages_fts MATCH ? AND d.status = 'ready' AND d.trashed_at IS NULL LIMIT ?`,
		"headings : ("+strings.Join(terms, " ")+")", lookupScan)
	if err != nil {
		return nil, fmt.Errorf("store: lookup: %w", err)
	}
	defer rows.Close()
	var found []app.LookupHit
	for rows.Next() {
		var h app.LookupHit
		if err := rows.Scan(&h.DocumentID, &h.Title, &h.Heading, &h.Page); err != nil {
			return nil, fmt.Errorf("store: lookup: %w", err)
		}
		found = append(found, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: lookup: %w", err)
	}
	slices.SortStableFunc(found, func(a, b app.LookupHit) int {
		return strings.Count(a.Heading, "›") - strings.Count(b.Heading, "›")
	})
	for _, h := range found {
		add(h)
	}
	return out, nil
}
