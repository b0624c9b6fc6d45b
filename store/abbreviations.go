package store

import (
	"context"
	"fmt"

	"archivist/app"
)

// The abbreviations a document defines (migration 0010), learned at
// import and read beside the evidence when a question is asked.

// ReplaceAbbreviations records that a reader (at version) read a
// document and found defs: they replace the document's earlier ones.
func (db *DB) ReplaceAbbreviations(ctx context.Context, docID string, version int, defs []app.Abbreviation) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: replace abbreviations: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM abbreviations WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("store: replace abbreviations: %w", err)
	}
	for _, d := range defs {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO abbreviations (document_id, short, long) VALUES (?, ?, ?)`,
			docID, d.Short, d.Long); err != nil {
			return fmt.Errorf("store: replace abbreviations: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO abbreviation_reads (document_id, version) VALUES (?, ?)
		ON CONFLICT (document_id) DO UPDATE SET version = excluded.version`, docID, version); err != nil {
		return fmt.Errorf("store: replace abbreviations: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: replace abbreviations: %w", err)
	}
	return nil
}

// UnreadAbbreviationDocuments returns the ready documents the reader at
// version has not read, oldest import first.
func (db *DB) UnreadAbbreviationDocuments(ctx context.Context, version int) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT d.id FROM documents d
		LEFT JOIN abbreviation_reads r ON r.document_id = d.id
		WHERE d.status = 'ready' AND (r.version IS NULL OR r.version < ?) ORDER BY d.imported_at, d.id`, version)
	if err != nil {
		return nil, fmt.Errorf("store: unread abbreviation documents: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: unread abbreviation documents: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Abbreviations returns the abbreviations the given documents define, as
// the snapshot sees them, by document ID, each document's in order of
// short form.
func (s *Snapshot) Abbreviations(ctx context.Context, docIDs []string) (map[string][]app.Abbreviation, error) {
	out := map[string][]app.Abbreviation{}
	if len(docIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(docIDs))
	for i, id := range docIDs {
		args[i] = id
	}
	rows, err := s.tx.QueryContext(ctx, `SELECT document_id, short, long FROM abbreviations
		WHERE document_id IN (`+placeholders(len(docIDs))+`) ORDER BY document_id, short`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: abbreviations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var a app.Abbreviation
		if err := rows.Scan(&id, &a.Short, &a.Long); err != nil {
			return nil, fmt.Errorf("store: abbreviations: %w", err)
		}
		out[id] = append(out[id], a)
	}
	return out, rows.Err()
}

// AbbreviationsNaming returns the distinct abbreviations the ready
// documents of docIDs (every ready document when empty) define whose short
// or long form, in lower case, is one of names, ordered by short form and
// then long form. names are a question's words and runs of words, in
// lower case.
func (s *Snapshot) AbbreviationsNaming(ctx context.Context, docIDs, names []string) ([]app.Abbreviation, error) {
	if len(names) == 0 {
		return nil, nil
	}
	args := make([]any, 0, 2*len(names)+len(docIDs))
	for range 2 {
		for _, n := range names {
			args = append(args, n)
		}
	}
	// CROSS JOIN keeps the abbreviations first: the few rows the
	// indexed forms find, each then checked against its document.
	q := `SELECT DISTINCT a.short, a.long FROM abbreviations a CROSS JOIN documents d
		WHERE d.id = a.document_id AND (lower(a.short) IN (` + placeholders(len(names)) + `) OR lower(a.long) IN (` + placeholders(len(names)) + `))
		AND d.status = 'ready' AND d.trashed_at IS NULL`
	if len(docIDs) > 0 {
		q += ` AND d.id IN (` + placeholders(len(docIDs)) + `)`
		for _, id := range docIDs {
			args = append(args, id)
		}
	}
	rows, err := s.tx.QueryContext(ctx, q+` ORDER BY a.short, a.long`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: abbreviations naming: %w", err)
	}
	defer rows.Close()
	var out []app.Abbreviation
	for rows.Next() {
		var a app.Abbreviation
		if err := rows.Scan(&a.Short, &a.Long); err != nil {
			return nil, fmt.Errorf("store: abbreviations naming: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
