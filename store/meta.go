package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"archivist/app"
)

// The managed lists — tags, document types, correspondents — live in one
// labels table told apart by kind; see migrations/0006_metadata.sql.

// labelUse counts, per label, the documents not in the trash that carry it.
const labelUse = `CASE l.kind
	WHEN 'tag' THEN (SELECT count(*) FROM document_tags t JOIN documents d ON d.id = t.document_id
		WHERE t.label_id = l.id AND d.trashed_at IS NULL)
	WHEN 'type' THEN (SELECT count(*) FROM documents d WHERE d.type_id = l.id AND d.trashed_at IS NULL)
	ELSE (SELECT count(*) FROM documents d WHERE d.correspondent_id = l.id AND d.trashed_at IS NULL) END`

// Labels lists one managed list by name, ignoring case, with how many
// documents carry each name.
func (db *DB) Labels(ctx context.Context, kind app.LabelKind) ([]app.Label, error) {
	if _, err := app.ParseLabelKind(string(kind)); err != nil {
		return nil, err
	}
	rows, err := db.read.QueryContext(ctx, `SELECT l.id, l.name, `+labelUse+` FROM labels l
		WHERE l.kind = ? ORDER BY l.name COLLATE NOCASE`, kind)
	if err != nil {
		return nil, fmt.Errorf("store: labels: %w", err)
	}
	defer rows.Close()
	out := []app.Label{}
	for rows.Next() {
		l := app.Label{Kind: kind}
		if err := rows.Scan(&l.ID, &l.Name, &l.Documents); err != nil {
			return nil, fmt.Errorf("store: labels: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// CreateLabel adds a name to a list; a name already there (ignoring case)
// is an app.EConflict error.
func (db *DB) CreateLabel(ctx context.Context, kind app.LabelKind, name string) (app.Label, error) {
	if _, err := app.ParseLabelKind(string(kind)); err != nil {
		return app.Label{}, err
	}
	name, err := app.CleanLabelName(name)
	if err != nil {
		return app.Label{}, err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return app.Label{}, fmt.Errorf("store: create %s: %w", kind, err)
	}
	defer tx.Rollback()
	if id, err := labelID(ctx, tx, kind, name); err != nil {
		return app.Label{}, err
	} else if id != 0 {
		return app.Label{}, app.Errorf(app.EConflict, "There is already a %s named %q.", kind, name)
	}
	id, err := insertLabel(ctx, tx, kind, name, db.now())
	if err != nil {
		return app.Label{}, fmt.Errorf("store: create %s: %w", kind, err)
	}
	return app.Label{ID: id, Kind: kind, Name: name}, tx.Commit()
}

func insertLabel(ctx context.Context, tx *sql.Tx, kind app.LabelKind, name, now string) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO labels (kind, name, created_at) VALUES (?, ?, ?)`, kind, name, now)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// labelID finds a name in a list, ignoring case; 0 when it is not there.
func labelID(ctx context.Context, tx *sql.Tx, kind app.LabelKind, name string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM labels WHERE kind = ? AND name = ? COLLATE NOCASE`, kind, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	} else if err != nil {
		return 0, fmt.Errorf("store: find %s: %w", kind, err)
	}
	return id, nil
}

// ensureLabel returns the ID of a name in a list, adding it when new.
func (db *DB) ensureLabel(ctx context.Context, tx *sql.Tx, kind app.LabelKind, name string) (int64, error) {
	name, err := app.CleanLabelName(name)
	if err != nil {
		return 0, err
	}
	id, err := labelID(ctx, tx, kind, name)
	if err != nil || id != 0 {
		return id, err
	}
	return insertLabel(ctx, tx, kind, name, db.now())
}

// labelOf checks that id is a label of kind.
func labelOf(ctx context.Context, tx *sql.Tx, kind app.LabelKind, id int64) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM labels WHERE id = ? AND kind = ?`, id, kind).Scan(&n); err != nil {
		return fmt.Errorf("store: find %s: %w", kind, err)
	}
	if n == 0 {
		return app.Errorf(app.ENotFound, "The %s no longer exists.", kind)
	}
	return nil
}

// RenameLabel renames a name of a list; another name spelt the same
// (ignoring case) is a conflict — merge them instead.
func (db *DB) RenameLabel(ctx context.Context, kind app.LabelKind, id int64, name string) error {
	name, err := app.CleanLabelName(name)
	if err != nil {
		return err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: rename %s: %w", kind, err)
	}
	defer tx.Rollback()
	if err := labelOf(ctx, tx, kind, id); err != nil {
		return err
	}
	if other, err := labelID(ctx, tx, kind, name); err != nil {
		return err
	} else if other != 0 && other != id {
		return app.Errorf(app.EConflict, "There is already a %s named %q: merge the two instead.", kind, name)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE labels SET name = ? WHERE id = ?`, name, id); err != nil {
		return fmt.Errorf("store: rename %s: %w", kind, err)
	}
	return tx.Commit()
}

// MergeLabels moves every document carrying from onto into and deletes
// from, in one transaction.
func (db *DB) MergeLabels(ctx context.Context, kind app.LabelKind, from, into int64) error {
	if from == into {
		return app.Errorf(app.EInvalid, "A %s cannot be merged into itself.", kind)
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: merge %s: %w", kind, err)
	}
	defer tx.Rollback()
	for _, id := range []int64{from, into} {
		if err := labelOf(ctx, tx, kind, id); err != nil {
			return err
		}
	}
	var moves []string
	switch kind {
	case app.LabelTag:
		moves = []string{`INSERT OR IGNORE INTO document_tags (document_id, label_id)
			SELECT document_id, ?2 FROM document_tags WHERE label_id = ?1`}
	case app.LabelType:
		moves = []string{`UPDATE documents SET type_id = ?2 WHERE type_id = ?1`}
	case app.LabelCorrespondent:
		moves = []string{`UPDATE documents SET correspondent_id = ?2 WHERE correspondent_id = ?1`}
	}
	for _, q := range moves {
		if _, err := tx.ExecContext(ctx, q, from, into); err != nil {
			return fmt.Errorf("store: merge %s: %w", kind, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM labels WHERE id = ?`, from); err != nil {
		return fmt.Errorf("store: merge %s: %w", kind, err)
	}
	return tx.Commit()
}

// DeleteLabel removes a name from its list and from every document that
// carries it; the documents stay.
func (db *DB) DeleteLabel(ctx context.Context, kind app.LabelKind, id int64) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: delete %s: %w", kind, err)
	}
	defer tx.Rollback()
	if err := labelOf(ctx, tx, kind, id); err != nil {
		return err
	}
	// The foreign keys clear it from documents (SET NULL) and tags (CASCADE).
	if _, err := tx.ExecContext(ctx, `DELETE FROM labels WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: delete %s: %w", kind, err)
	}
	return tx.Commit()
}
