package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"archivist/app"
)

// DeleteDocument removes a document for good: its row, and with it (by
// cascade, in one transaction) its sections, blocks, passages, FTS entries,
// pages and import jobs; then its original in the blob folder and its
// cached page images. A question
// running meanwhile sees the document whole or not at all.
//
// The original is removed after the commit: a crash in between leaves an
// unreferenced copy, never a document without its original.
func (db *DB) DeleteDocument(ctx context.Context, id string) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: delete document: %w", err)
	}
	defer tx.Rollback()
	var sum string
	if err := tx.QueryRowContext(ctx, `DELETE FROM documents WHERE id = ? RETURNING sha256`, id).Scan(&sum); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return app.Errorf(app.ENotFound, "No document with ID %q.", id)
		}
		return db.WriteError(fmt.Errorf("store: delete document: %w", err))
	}
	// Its older versions go with it.
	vids, sums, err := olderVersionsOf(ctx, tx, []string{id})
	if err != nil {
		return err
	}
	for _, v := range vids {
		if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, v); err != nil {
			return db.WriteError(fmt.Errorf("store: delete document: %w", err))
		}
	}
	if err := tx.Commit(); err != nil {
		return db.WriteError(fmt.Errorf("store: delete document: %w", err))
	}
	for _, s := range sums {
		db.removeOriginal(s)
	}
	return db.removeOriginal(sum)
}

// removeOriginal removes a deleted document's original from the blob
// folder and its cached page images.
func (db *DB) removeOriginal(sum string) error {
	if err := os.Remove(db.BlobPath(sum)); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("store: delete original: %w", err)
	}
	os.RemoveAll(filepath.Dir(db.PageImagePath(sum, 1, 1)))
	return nil
}
