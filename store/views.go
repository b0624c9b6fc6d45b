package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"archivist/app"
)

// Views lists the saved views in the person's order.
func (db *DB) Views(ctx context.Context) ([]app.View, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, name, query, document_ids FROM views ORDER BY position, name COLLATE NOCASE`)
	if err != nil {
		return nil, fmt.Errorf("store: views: %w", err)
	}
	defer rows.Close()
	out := []app.View{}
	for rows.Next() {
		var v app.View
		var ids string
		if err := rows.Scan(&v.ID, &v.Name, &v.Query, &ids); err != nil {
			return nil, fmt.Errorf("store: views: %w", err)
		}
		if ids != "" {
			if err := json.Unmarshal([]byte(ids), &v.DocumentIDs); err != nil {
				return nil, fmt.Errorf("store: view %s: %w", v.ID, err)
			}
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ViewByName finds a view by name, ignoring case.
func (db *DB) ViewByName(ctx context.Context, name string) (*app.View, error) {
	views, err := db.Views(ctx)
	if err != nil {
		return nil, err
	}
	for _, v := range views {
		if strings.EqualFold(v.Name, strings.Join(strings.Fields(name), " ")) {
			return &v, nil
		}
	}
	return nil, app.Errorf(app.ENotFound, "There is no view named %q.", name)
}

// SaveView saves a live view (a query, checked to parse) or, when ids is
// not empty, a snapshot of at most app.MaxSnapshotView documents. It goes
// last in the list.
func (db *DB) SaveView(ctx context.Context, name, query string, ids []string) (app.View, error) {
	name, err := app.CleanLabelName(name)
	if err != nil {
		return app.View{}, err
	}
	v := app.View{ID: uuid.NewString(), Name: name}
	stored := ""
	switch {
	case len(ids) > app.MaxSnapshotView:
		return app.View{}, app.Errorf(app.EInvalid, "A snapshot view keeps at most %d documents; %d were given.", app.MaxSnapshotView, len(ids))
	case len(ids) > 0:
		v.DocumentIDs, stored = ids, marshalIDs(ids)
	default:
		if _, err := ParseQuery(query); err != nil {
			return app.View{}, err
		}
		v.Query = query
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return app.View{}, fmt.Errorf("store: save view: %w", err)
	}
	defer tx.Rollback()
	if err := viewNameFree(ctx, tx, name, ""); err != nil {
		return app.View{}, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO views (id, name, query, document_ids, position, created_at)
		VALUES (?, ?, ?, ?, (SELECT coalesce(max(position), -1) + 1 FROM views), ?)`,
		v.ID, name, v.Query, stored, db.now()); err != nil {
		return app.View{}, fmt.Errorf("store: save view: %w", err)
	}
	return v, tx.Commit()
}

func viewNameFree(ctx context.Context, tx *sql.Tx, name, except string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM views WHERE name = ? COLLATE NOCASE AND id != ?`, name, except).Scan(&n); err != nil {
		return fmt.Errorf("store: view name: %w", err)
	}
	if n > 0 {
		return app.Errorf(app.EConflict, "There is already a view named %q.", name)
	}
	return nil
}

func viewExists(ctx context.Context, tx *sql.Tx, id string) error {
	var pos int
	err := tx.QueryRowContext(ctx, `SELECT position FROM views WHERE id = ?`, id).Scan(&pos)
	if errors.Is(err, sql.ErrNoRows) {
		return app.Errorf(app.ENotFound, "The view no longer exists.")
	}
	return err
}

// RenameView renames a view; the name must be free (ignoring case).
func (db *DB) RenameView(ctx context.Context, id, name string) error {
	name, err := app.CleanLabelName(name)
	if err != nil {
		return err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: rename view: %w", err)
	}
	defer tx.Rollback()
	if err := viewExists(ctx, tx, id); err != nil {
		return err
	}
	if err := viewNameFree(ctx, tx, name, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE views SET name = ? WHERE id = ?`, name, id); err != nil {
		return fmt.Errorf("store: rename view: %w", err)
	}
	return tx.Commit()
}

// DeleteView removes a view; its documents are untouched.
func (db *DB) DeleteView(ctx context.Context, id string) error {
	res, err := db.write.ExecContext(ctx, `DELETE FROM views WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("store: delete view: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return app.Errorf(app.ENotFound, "The view no longer exists.")
	}
	return nil
}

// MoveView puts a view at position (0 first; past the end means last) and
// renumbers the others in their order.
func (db *DB) MoveView(ctx context.Context, id string, position int) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: move view: %w", err)
	}
	defer tx.Rollback()
	if err := viewExists(ctx, tx, id); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id FROM views WHERE id != ? ORDER BY position, name COLLATE NOCASE`, id)
	if err != nil {
		return fmt.Errorf("store: move view: %w", err)
	}
	var order []string
	for rows.Next() {
		var other string
		if err := rows.Scan(&other); err != nil {
			rows.Close()
			return fmt.Errorf("store: move view: %w", err)
		}
		order = append(order, other)
	}
	rows.Close()
	position = min(max(position, 0), len(order))
	order = append(order[:position], append([]string{id}, order[position:]...)...)
	for i, v := range order {
		if _, err := tx.ExecContext(ctx, `UPDATE views SET position = ? WHERE id = ?`, i, v); err != nil {
			return fmt.Errorf("store: move view: %w", err)
		}
	}
	return tx.Commit()
}

// ViewDocumentIDs resolves a view inside the snapshot: a live view's query
// is run (best first), a snapshot's documents are kept in their order when
// still ready and out of the trash. The result may be empty.
func (s *Snapshot) ViewDocumentIDs(ctx context.Context, v app.View) ([]string, error) {
	if v.Live() {
		q, err := ParseQuery(v.Query)
		if err != nil {
			return nil, err
		}
		return s.Matches(ctx, q)
	}
	docs, err := s.ReadyDocuments(ctx, v.DocumentIDs)
	if err != nil {
		return nil, err
	}
	ready := map[string]bool{}
	for _, d := range docs {
		ready[d.ID] = true
	}
	ids := []string{}
	for _, id := range v.DocumentIDs {
		if ready[id] {
			ids = append(ids, id)
		}
	}
	return ids, nil
}
