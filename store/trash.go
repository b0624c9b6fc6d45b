package store

import (
	"context"
	"fmt"

	"archivist/app"
)

// Trash moves documents to the trash. They keep their content and original
// but are never evidence and leave the document list.
func (db *DB) Trash(ctx context.Context, ids []string) error {
	return db.setTrashed(ctx, ids, true)
}

// Restore takes documents out of the trash.
func (db *DB) Restore(ctx context.Context, ids []string) error {
	return db.setTrashed(ctx, ids, false)
}

func (db *DB) setTrashed(ctx context.Context, ids []string, trashed bool) error {
	if len(ids) == 0 {
		return nil
	}
	q := `UPDATE documents SET trashed_at = ? WHERE trashed_at IS NULL AND id IN (` + placeholders(len(ids)) + `)`
	args := []any{db.now()}
	if !trashed {
		q = `UPDATE documents SET trashed_at = NULL WHERE id IN (` + placeholders(len(ids)) + `)`
		args = nil
	}
	for _, id := range ids {
		args = append(args, id)
	}
	if _, err := db.write.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("store: trash: %w", err)
	}
	return nil
}

// Trashed lists the documents in the trash, most recently trashed first.
func (db *DB) Trashed(ctx context.Context) ([]app.TrashedDocument, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+documentColumns+`, trashed_at FROM documents
		WHERE trashed_at IS NOT NULL AND superseded_by IS NULL ORDER BY trashed_at DESC, rowid DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: trashed: %w", err)
	}
	defer rows.Close()
	out := []app.TrashedDocument{}
	for rows.Next() {
		var t app.TrashedDocument
		var at string
		d, err := scanDocument(scanPlus{rows, &at})
		if err != nil {
			return nil, fmt.Errorf("store: trashed: %w", err)
		}
		t.Document, t.TrashedAt = d, parseTime(at)
		out = append(out, t)
	}
	return out, rows.Err()
}

// scanPlus scans a document row followed by extra columns.
type scanPlus struct {
	s     interface{ Scan(...any) error }
	extra *string
}

func (p scanPlus) Scan(dest ...any) error { return p.s.Scan(append(dest, p.extra)...) }

// EmptyTrash deletes every trashed document for good — its rows cascade —
// and then its original and cached page images. It returns how many
// documents were deleted.
func (db *DB) EmptyTrash(ctx context.Context) (int, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: empty trash: %w", err)
	}
	defer tx.Rollback()
	// Older versions are hidden as trashed too: they go with their current
	// version, not on their own.
	rows, err := tx.QueryContext(ctx, `SELECT id, sha256 FROM documents WHERE trashed_at IS NOT NULL AND superseded_by IS NULL`)
	if err != nil {
		return 0, fmt.Errorf("store: empty trash: %w", err)
	}
	var ids, sums []string
	for rows.Next() {
		var id, sum string
		if err := rows.Scan(&id, &sum); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: empty trash: %w", err)
		}
		ids, sums = append(ids, id), append(sums, sum)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: empty trash: %w", err)
	}
	vids, vsums, err := olderVersionsOf(ctx, tx, ids)
	if err != nil {
		return 0, err
	}
	n := len(ids)
	ids, sums = append(ids, vids...), append(sums, vsums...)
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, id); err != nil {
			return 0, fmt.Errorf("store: empty trash: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, db.WriteError(fmt.Errorf("store: empty trash: %w", err))
	}
	// Files go after the commit: a crash in between leaves an unused blob
	// behind, never a document whose original is missing. An original
	// belongs to one document (sha256 is unique).
	for _, sum := range sums {
		db.removeOriginal(sum)
	}
	return n, nil
}
