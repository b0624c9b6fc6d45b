package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"archivist/app"
)

// DocumentMeta returns the metadata of the named documents (all documents
// not in the trash when ids is empty).
func (db *DB) DocumentMeta(ctx context.Context, ids []string) (map[string]app.DocumentMeta, error) {
	q := `SELECT d.id, coalesce(ty.name, ''), coalesce(co.name, ''), d.language, d.created_on,
			coalesce((SELECT json_group_array(l.name) FROM document_tags t JOIN labels l ON l.id = t.label_id
				WHERE t.document_id = d.id), '[]')
		FROM documents d
		LEFT JOIN labels ty ON ty.id = d.type_id
		LEFT JOIN labels co ON co.id = d.correspondent_id`
	var args []any
	if len(ids) == 0 {
		q += ` WHERE d.trashed_at IS NULL`
	} else {
		q += ` WHERE d.id IN (` + placeholders(len(ids)) + `)`
		for _, id := range ids {
			args = append(args, id)
		}
	}
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: document metadata: %w", err)
	}
	defer rows.Close()
	out := map[string]app.DocumentMeta{}
	for rows.Next() {
		var id, tags string
		var m app.DocumentMeta
		if err := rows.Scan(&id, &m.Type, &m.Correspondent, &m.Language, &m.Created, &tags); err != nil {
			return nil, fmt.Errorf("store: document metadata: %w", err)
		}
		m.Tags = parseNames(tags)
		out[id] = m
	}
	return out, rows.Err()
}

// parseNames reads a JSON array of names and sorts it ignoring case.
func parseNames(s string) []string {
	var names []string
	_ = json.Unmarshal([]byte(s), &names) // written by json_group_array: well formed
	sort.Slice(names, func(i, j int) bool { return strings.ToLower(names[i]) < strings.ToLower(names[j]) })
	if names == nil {
		names = []string{}
	}
	return names
}

// documentsExist checks every ID names a document not in the trash.
func documentsExist(ctx context.Context, tx *sql.Tx, ids []string) error {
	if len(ids) == 0 {
		return app.Errorf(app.EInvalid, "No document was named.")
	}
	for _, id := range ids {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM documents WHERE id = ? AND trashed_at IS NULL`, id).Scan(&n); err != nil {
			return fmt.Errorf("store: find document: %w", err)
		}
		if n == 0 {
			return app.Errorf(app.ENotFound, "No document with ID %q (or it is in the trash).", id)
		}
	}
	return nil
}

// AddTags tags documents, making any tag that is new.
func (db *DB) AddTags(ctx context.Context, ids []string, names ...string) error {
	return db.changeTags(ctx, ids, names, true)
}

// RemoveTags takes tags off documents; a tag the list does not have is an
// app.ENotFound error, one a document does not carry is no change.
func (db *DB) RemoveTags(ctx context.Context, ids []string, names ...string) error {
	return db.changeTags(ctx, ids, names, false)
}

func (db *DB) changeTags(ctx context.Context, ids, names []string, add bool) error {
	if len(names) == 0 {
		return app.Errorf(app.EInvalid, "No tag was named.")
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: tags: %w", err)
	}
	defer tx.Rollback()
	if err := documentsExist(ctx, tx, ids); err != nil {
		return err
	}
	for _, name := range names {
		var id int64
		if add {
			if id, err = db.ensureLabel(ctx, tx, app.LabelTag, name); err != nil {
				return err
			}
		} else {
			clean, err := app.CleanLabelName(name)
			if err != nil {
				return err
			}
			if id, err = labelID(ctx, tx, app.LabelTag, clean); err != nil {
				return err
			} else if id == 0 {
				return app.Errorf(app.ENotFound, "There is no tag named %q.", clean)
			}
		}
		for _, doc := range ids {
			q := `INSERT OR IGNORE INTO document_tags (document_id, label_id) VALUES (?, ?)`
			if !add {
				q = `DELETE FROM document_tags WHERE document_id = ? AND label_id = ?`
			}
			if _, err := tx.ExecContext(ctx, q, doc, id); err != nil {
				return fmt.Errorf("store: tags: %w", err)
			}
		}
	}
	return tx.Commit()
}

// SetLabel sets the type or correspondent of documents, making the name
// when it is new; "" clears it.
func (db *DB) SetLabel(ctx context.Context, kind app.LabelKind, ids []string, name string) error {
	column := map[app.LabelKind]string{app.LabelType: "type_id", app.LabelCorrespondent: "correspondent_id"}[kind]
	if column == "" {
		return app.Errorf(app.EInvalid, "A document has one type and one correspondent; tags are added and removed.")
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: set %s: %w", kind, err)
	}
	defer tx.Rollback()
	if err := documentsExist(ctx, tx, ids); err != nil {
		return err
	}
	var id any
	if strings.TrimSpace(name) != "" {
		if id, err = db.ensureLabel(ctx, tx, kind, name); err != nil {
			return err
		}
	}
	for _, doc := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET `+column+` = ? WHERE id = ?`, id, doc); err != nil {
			return fmt.Errorf("store: set %s: %w", kind, err)
		}
	}
	return tx.Commit()
}

// SetCreated sets documents' created date (YYYY-MM-DD; "" for unknown).
// The date is marked as the person's, so importing the document again
// keeps it.
func (db *DB) SetCreated(ctx context.Context, ids []string, date string) error {
	if date != "" {
		if _, err := time.Parse(time.DateOnly, date); err != nil {
			return app.Errorf(app.EInvalid, "%q is not a date: write it as YYYY-MM-DD.", date)
		}
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: set created: %w", err)
	}
	defer tx.Rollback()
	if err := documentsExist(ctx, tx, ids); err != nil {
		return err
	}
	for _, doc := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET created_on = ?, created_edited = 1 WHERE id = ?`, date, doc); err != nil {
			return fmt.Errorf("store: set created: %w", err)
		}
	}
	return tx.Commit()
}
