package store

import (
	"context"
	"database/sql"
	"strings"
)

// indexDocument replaces a document's row in the document-level search
// index and records what its import detected (language, created date —
// a created date the person set is kept), inside the import's transaction.
func indexDocument(ctx context.Context, tx *sql.Tx, docID string, c *Content) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM search_docs WHERE document_id = ?`, docID); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO search_docs (document_id) VALUES (?)`, docID)
	if err != nil {
		return err
	}
	rowid, err := res.LastInsertId()
	if err != nil {
		return err
	}
	var headings, body strings.Builder
	for _, s := range c.Parsed.Sections {
		headings.WriteString(s.Heading)
		headings.WriteByte(' ')
	}
	for _, b := range c.Parsed.Blocks {
		body.WriteString(b.Text)
		body.WriteByte(' ')
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO documents_fts (rowid, title, headings, body) VALUES (?, ?, ?, ?)`,
		rowid, c.Title, headings.String(), body.String()); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE documents SET language = ?,
		created_on = CASE WHEN created_edited THEN created_on ELSE ? END WHERE id = ?`, c.Language, c.Created, docID)
	return err
}
