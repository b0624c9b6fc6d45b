package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"archivist/app"
)

// SearchCitation returns where a search result opens: the document's
// best-matching passage for the query's words, as a citation of its first
// block holding one of them — that word as the quote, and on a paged
// document a highlight over every matched word of the passage on that
// page. Matched words are the ones FTS5 itself marked (so "storms" is
// highlighted for storm, as the porter stemmer matched it). A query
// without words opens the document's first passage, unhighlighted.
func (db *DB) SearchCitation(ctx context.Context, docID, src string) (*app.Citation, error) {
	q, err := ParseQuery(src)
	if err != nil {
		return nil, err
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	var title string
	err = snap.tx.QueryRowContext(ctx, `SELECT title FROM documents WHERE id = ? AND trashed_at IS NULL`, docID).Scan(&title)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "The document is no longer in the library.")
	} else if err != nil {
		return nil, fmt.Errorf("store: search citation: %w", err)
	}
	var spans, marked string
	if words := q.AnyFTS(); words != "" {
		err = snap.tx.QueryRowContext(ctx, `SELECT p.spans, highlight(passages_fts, 2, ?, ?)
			FROM passages_fts JOIN passages p ON p.rowid = passages_fts.rowid
			WHERE passages_fts MATCH ? ORDER BY bm25(passages_fts, `+bm25Weights+`) LIMIT 1`,
			app.SnippetMarkStart, app.SnippetMarkEnd, scopedMatch(words, []string{docID})).Scan(&spans, &marked)
	}
	if words := q.AnyFTS(); words == "" || errors.Is(err, sql.ErrNoRows) {
		err = snap.tx.QueryRowContext(ctx, `SELECT spans, '' FROM passages WHERE document_id = ? ORDER BY seq LIMIT 1`, docID).Scan(&spans, &marked)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "The document has no text to show.")
	} else if err != nil {
		return nil, fmt.Errorf("store: search citation: %w", err)
	}
	var sp []app.Span
	if err := json.Unmarshal([]byte(spans), &sp); err != nil {
		return nil, fmt.Errorf("store: search citation: %w", err)
	}
	ids := make([]string, len(sp))
	for i, s := range sp {
		ids[i] = s.BlockID
	}
	blocks, err := snap.BlocksByID(ctx, ids)
	if err != nil || len(blocks) == 0 {
		return nil, err
	}
	words := markedWords(marked)
	first, quote := blocks[0], ""
	for _, b := range blocks {
		if w := firstWord(b.Text, words); w != "" {
			first, quote = b, w
			break
		}
	}
	paths, err := snap.SectionPaths(ctx, docID)
	if err != nil {
		return nil, err
	}
	c := &app.Citation{N: 1, DocumentID: docID, Title: title, Section: paths[first.SectionID], Quote: quote,
		PageStart: first.Page, PageEnd: first.Page, Blocks: []string{first.ID}, Rects: []app.Rect{}, Precision: "section"}
	if quote == "" {
		c.Quote = strings.TrimSpace(first.Text[:min(len(first.Text), 80)])
	}
	c.LineStart, c.LineEnd = first.LinesOf(0, len(first.Text))
	for _, b := range blocks {
		if b.Page != first.Page || first.Page == 0 {
			continue
		}
		for _, w := range b.Words {
			if w.Start >= 0 && w.End <= len(b.Text) && w.Start < w.End && words[normWord(b.Text[w.Start:w.End])] {
				c.Rects = append(c.Rects, app.Rect{Page: b.Page, X0: w.X0, Y0: w.Y0, X1: w.X1, Y1: w.Y1})
			}
		}
	}
	if len(c.Rects) > 0 || (first.Page == 0 && quote != "") {
		c.Precision = "line"
	}
	return c, nil
}

// markedWords collects the words FTS5 wrapped in marks, normalised.
func markedWords(s string) map[string]bool {
	out := map[string]bool{}
	for {
		i := strings.Index(s, app.SnippetMarkStart)
		if i < 0 {
			return out
		}
		s = s[i+len(app.SnippetMarkStart):]
		j := strings.Index(s, app.SnippetMarkEnd)
		if j < 0 {
			return out
		}
		for _, w := range strings.FieldsFunc(s[:j], notWordRune) {
			out[normWord(w)] = true
		}
		s = s[j:]
	}
}

// firstWord returns the first word of text (verbatim) that is in words.
func firstWord(text string, words map[string]bool) string {
	for i := 0; i < len(text); {
		j := strings.IndexFunc(text[i:], func(r rune) bool { return !notWordRune(r) })
		if j < 0 {
			return ""
		}
		i += j
		k := strings.IndexFunc(text[i:], notWordRune)
		if k < 0 {
			k = len(text) - i
		}
		if words[normWord(text[i:i+k])] {
			return text[i : i+k]
		}
		i += k
	}
	return ""
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func normWord(w string) string { return strings.ToLower(strings.TrimFunc(w, notWordRune)) }
