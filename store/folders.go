package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"archivist/app"
)

// Folders lists every folder, by name within its parent, with the number of
// untrashed documents filed directly in it.
func (db *DB) Folders(ctx context.Context) ([]app.Folder, error) {
	return queryFolders(ctx, db.read)
}

// Folders lists every folder as the snapshot sees them (see DB.Folders).
func (s *Snapshot) Folders(ctx context.Context) ([]app.Folder, error) {
	return queryFolders(ctx, s.tx)
}

func queryFolders(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) ([]app.Folder, error) {
	rows, err := q.QueryContext(ctx, `SELECT f.id, ifnull(f.parent_id, ''), f.name,
		(SELECT count(*) FROM documents d WHERE d.folder_id = f.id AND d.trashed_at IS NULL)
		FROM folders f ORDER BY f.name COLLATE NOCASE, f.id`)
	if err != nil {
		return nil, fmt.Errorf("store: folders: %w", err)
	}
	defer rows.Close()
	out := []app.Folder{}
	for rows.Next() {
		var f app.Folder
		if err := rows.Scan(&f.ID, &f.ParentID, &f.Name, &f.Documents); err != nil {
			return nil, fmt.Errorf("store: folders: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// CreateFolder makes a folder named name under parentID ("" for the top
// level). The name is cleaned by app.CleanFolderName; one already used by a
// sibling (ignoring case) is a conflict, a missing parent not found.
func (db *DB) CreateFolder(ctx context.Context, id, parentID, name string) (app.Folder, error) {
	name, err := app.CleanFolderName(name)
	if err != nil {
		return app.Folder{}, err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return app.Folder{}, fmt.Errorf("store: create folder: %w", err)
	}
	defer tx.Rollback()
	if err := folderExists(ctx, tx, parentID); err != nil {
		return app.Folder{}, err
	}
	if err := nameFree(ctx, tx, parentID, name); err != nil {
		return app.Folder{}, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO folders (id, parent_id, name, created_at) VALUES (?, ?, ?, ?)`,
		id, nullIfEmpty(parentID), name, db.now()); err != nil {
		return app.Folder{}, fmt.Errorf("store: create folder: %w", err)
	}
	return app.Folder{ID: id, ParentID: parentID, Name: name}, tx.Commit()
}

// RenameFolder gives a folder a new name, unique beside its siblings.
func (db *DB) RenameFolder(ctx context.Context, id, name string) error {
	name, err := app.CleanFolderName(name)
	if err != nil {
		return err
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: rename folder: %w", err)
	}
	defer tx.Rollback()
	parent, err := folderParent(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("store: rename folder: %w", err)
	}
	if err := nameFree(ctx, tx, parent, name, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE folders SET name = ? WHERE id = ?`, name, id); err != nil {
		return fmt.Errorf("store: rename folder: %w", err)
	}
	return tx.Commit()
}

// folderParent returns a folder's parent ID ("" at the top), or an
// app.ENotFound error when the folder is gone.
func folderParent(ctx context.Context, tx *sql.Tx, id string) (string, error) {
	var parent string
	err := tx.QueryRowContext(ctx, `SELECT ifnull(parent_id, '') FROM folders WHERE id = ?`, id).Scan(&parent)
	if errors.Is(err, sql.ErrNoRows) {
		return "", app.Errorf(app.ENotFound, "The folder no longer exists.")
	}
	return parent, err
}

// DeleteFolder removes a folder. Its documents and sub-folders move up to
// its parent first, so nothing filed in it is lost; a sub-folder whose name
// is taken there keeps its place under a renamed "(2)" copy of the name.
func (db *DB) DeleteFolder(ctx context.Context, id string) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: delete folder: %w", err)
	}
	defer tx.Rollback()
	parent, err := folderParent(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("store: delete folder: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET folder_id = ? WHERE folder_id = ?`, nullIfEmpty(parent), id); err != nil {
		return fmt.Errorf("store: delete folder: %w", err)
	}
	// Free its name first, so a sub-folder of the same name can take its
	// place (the unique index sees this row until it is deleted).
	if _, err := tx.ExecContext(ctx, `UPDATE folders SET name = ? WHERE id = ?`, "(deleting) "+id, id); err != nil {
		return fmt.Errorf("store: delete folder: %w", err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, name FROM folders WHERE parent_id = ?`, id)
	if err != nil {
		return fmt.Errorf("store: delete folder: %w", err)
	}
	type child struct{ id, name string }
	var children []child
	for rows.Next() {
		var c child
		if err := rows.Scan(&c.id, &c.name); err != nil {
			rows.Close()
			return fmt.Errorf("store: delete folder: %w", err)
		}
		children = append(children, c)
	}
	rows.Close()
	for _, c := range children {
		name := c.name
		for n := 2; ; n++ {
			err := nameFree(ctx, tx, parent, name, c.id)
			if err == nil {
				break
			}
			if app.ErrorCode(err) != app.EConflict || n > 1000 {
				return fmt.Errorf("store: delete folder: %w", err)
			}
			name = fmt.Sprintf("%s (%d)", c.name, n)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE folders SET parent_id = ?, name = ? WHERE id = ?`,
			nullIfEmpty(parent), name, c.id); err != nil {
			return fmt.Errorf("store: delete folder: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM folders WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: delete folder: %w", err)
	}
	return tx.Commit()
}

// MoveDocuments files the documents in folderID ("" for no folder).
func (db *DB) MoveDocuments(ctx context.Context, ids []string, folderID string) error {
	if len(ids) == 0 {
		return nil
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: move documents: %w", err)
	}
	defer tx.Rollback()
	if err := folderExists(ctx, tx, folderID); err != nil {
		return err
	}
	args := []any{nullIfEmpty(folderID)}
	for _, id := range ids {
		args = append(args, id)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET folder_id = ? WHERE id IN (`+placeholders(len(ids))+`)`, args...); err != nil {
		return fmt.Errorf("store: move documents: %w", err)
	}
	return tx.Commit()
}

// Placements returns every untrashed document's folder and sensitivity.
func (db *DB) Placements(ctx context.Context) (map[string]app.Placement, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, ifnull(folder_id, ''), sensitivity FROM documents WHERE trashed_at IS NULL`)
	if err != nil {
		return nil, fmt.Errorf("store: placements: %w", err)
	}
	defer rows.Close()
	out := map[string]app.Placement{}
	for rows.Next() {
		var id string
		var p app.Placement
		if err := rows.Scan(&id, &p.FolderID, &p.Sensitivity); err != nil {
			return nil, fmt.Errorf("store: placements: %w", err)
		}
		out[id] = p
	}
	return out, rows.Err()
}

// FolderDocumentIDs returns the ready, untrashed documents filed in the
// folder or any folder below it, as one question's snapshot sees them. A
// folder that does not exist is not found, never "everything".
func (s *Snapshot) FolderDocumentIDs(ctx context.Context, folderID string) ([]string, error) {
	var n int
	if err := s.tx.QueryRowContext(ctx, `SELECT count(*) FROM folders WHERE id = ?`, folderID).Scan(&n); err != nil {
		return nil, fmt.Errorf("store: folder documents: %w", err)
	}
	if n == 0 {
		return nil, app.Errorf(app.ENotFound, "The folder no longer exists.")
	}
	rows, err := s.tx.QueryContext(ctx, `WITH RECURSIVE tree(id) AS (
			SELECT ? UNION SELECT f.id FROM folders f JOIN tree t ON f.parent_id = t.id)
		SELECT d.id FROM documents d JOIN tree t ON d.folder_id = t.id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL ORDER BY d.id`, folderID)
	if err != nil {
		return nil, fmt.Errorf("store: folder documents: %w", err)
	}
	defer rows.Close()
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: folder documents: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// FiledDocument is what filing reads of a document: its folder ("" when
// in none), its title and its top headings.
type FiledDocument struct {
	ID       string
	FolderID string
	Title    string
	Headings []string
}

// DocumentSample is what filing reads of a new document: its title, its
// shallowest headings and the start of its text.
type DocumentSample struct {
	ID       string
	Title    string
	Filename string
	Headings []string
	Text     string // at most the maxChars asked for, from the first blocks that are not headings
}

// Sample returns a document's sample for filing: at most maxHeadings
// headings and maxChars characters of body text.
func (s *Snapshot) Sample(ctx context.Context, docID string, maxHeadings, maxChars int) (*DocumentSample, error) {
	d := &DocumentSample{ID: docID}
	var outline string
	err := s.tx.QueryRowContext(ctx, `SELECT title, filename, ifnull(outline, '[]') FROM documents
		WHERE id = ? AND trashed_at IS NULL`, docID).Scan(&d.Title, &d.Filename, &outline)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "The document is no longer in the library.")
	} else if err != nil {
		return nil, fmt.Errorf("store: sample: %w", err)
	}
	d.Headings = topHeadings(outline, maxHeadings)
	rows, err := s.tx.QueryContext(ctx, `SELECT text FROM blocks WHERE document_id = ? AND kind NOT IN ('heading', 'table')
		ORDER BY seq LIMIT 200`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: sample: %w", err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() && b.Len() < maxChars {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("store: sample: %w", err)
		}
		t = strings.Join(strings.Fields(t), " ")
		if len(t) < 40 {
			continue // page furniture, labels: no sign of the topic
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(t)
	}
	d.Text = clipChars(b.String(), maxChars)
	return d, rows.Err()
}

// topHeadings returns up to n headings of a stored outline, shallowest
// levels first and in document order within a level, without repeats.
func topHeadings(outline string, n int) []string {
	var entries []app.OutlineEntry
	if json.Unmarshal([]byte(outline), &entries) != nil || n <= 0 {
		return nil
	}
	slices.SortStableFunc(entries, func(a, b app.OutlineEntry) int { return a.Level - b.Level })
	seen := map[string]bool{}
	var out []string
	for _, e := range entries {
		h := strings.Join(strings.Fields(e.Heading), " ")
		key := strings.ToLower(h)
		if h == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, h)
		if len(out) == n {
			break
		}
	}
	return out
}

// clipChars cuts s to at most n characters, at a rune boundary.
func clipChars(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if j > n {
			break
		}
		i = j
	}
	return s[:i]
}

func folderExists(ctx context.Context, tx *sql.Tx, id string) error {
	if id == "" {
		return nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM folders WHERE id = ?`, id).Scan(&n); err != nil {
		return fmt.Errorf("store: folder: %w", err)
	}
	if n == 0 {
		return app.Errorf(app.ENotFound, "The folder no longer exists.")
	}
	return nil
}

// nameFree reports a conflict when a folder under parent, other than those
// in except, is already called name (ignoring case).
func nameFree(ctx context.Context, tx *sql.Tx, parent, name string, except ...string) error {
	q := `SELECT count(*) FROM folders WHERE ifnull(parent_id, '') = ? AND name = ? COLLATE NOCASE`
	args := []any{parent, name}
	if len(except) > 0 {
		q += ` AND id NOT IN (` + placeholders(len(except)) + `)`
		for _, id := range except {
			args = append(args, id)
		}
	}
	var n int
	if err := tx.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return fmt.Errorf("store: folder name: %w", err)
	}
	if n > 0 {
		return app.Errorf(app.EConflict, "There is already a folder called %q here.", name)
	}
	return nil
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
