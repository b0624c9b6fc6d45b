package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"archivist/app"
)

// A document's versions are document rows sharing a lineage: the current
// one is an ordinary document; each older one is kept whole — blob, pages,
// blocks, passages — with superseded_by naming its successor and trashed_at
// set, so every query that leaves trashed documents out (lists, search,
// routing, filing) leaves it out too, while Document and the blocks of a
// citation still find it. Nothing is copied or rewritten when a version is
// added: one transaction flips two rows.

// StoredDocument is a document with its version and watch state.
type StoredDocument struct {
	app.Document
	Trashed      bool
	SupersededBy string // set on an older version
	LineageID    string // the first version's ID; "" for a document never versioned
}

// Lineage is the ID its versions share.
func (d *StoredDocument) Lineage() string {
	if d.LineageID != "" {
		return d.LineageID
	}
	return d.ID
}

const storedColumns = documentColumns + `, trashed_at IS NOT NULL, ifnull(superseded_by, ''), ifnull(lineage_id, '')`

func scanStored(s interface{ Scan(...any) error }) (*StoredDocument, error) {
	var d StoredDocument
	var err error
	d.Document, err = scanDocument(scanExtra{s, []any{&d.Trashed, &d.SupersededBy, &d.LineageID}})
	if err != nil {
		return nil, err
	}
	return &d, nil
}

type scanExtra struct {
	s     interface{ Scan(...any) error }
	extra []any
}

func (p scanExtra) Scan(dest ...any) error { return p.s.Scan(append(dest, p.extra...)...) }

// DocumentBySHA returns the document whose original has these bytes,
// whatever its state, or nil when there is none.
func (db *DB) DocumentBySHA(ctx context.Context, sum string) (*StoredDocument, error) {
	d, err := scanStored(db.read.QueryRowContext(ctx, `SELECT `+storedColumns+` FROM documents WHERE sha256 = ?`, sum))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("store: document by content: %w", err)
	}
	return d, nil
}

// StoredDocumentByID returns a document with its version state.
func (db *DB) StoredDocumentByID(ctx context.Context, id string) (*StoredDocument, error) {
	d, err := scanStored(db.read.QueryRowContext(ctx, `SELECT `+storedColumns+` FROM documents WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "No document with ID %q.", id)
	} else if err != nil {
		return nil, fmt.Errorf("store: document: %w", err)
	}
	return d, nil
}

// Versions lists every version of a document, oldest first; the last is
// the current one.
func (db *DB) Versions(ctx context.Context, id string) ([]StoredDocument, error) {
	d, err := db.StoredDocumentByID(ctx, id)
	if err != nil {
		return nil, err
	}
	rows, err := db.read.QueryContext(ctx, `SELECT `+storedColumns+` FROM documents
		WHERE id = ? OR lineage_id = ? ORDER BY superseded_by IS NULL, imported_at, rowid`, d.Lineage(), d.Lineage())
	if err != nil {
		return nil, fmt.Errorf("store: versions: %w", err)
	}
	defer rows.Close()
	var out []StoredDocument
	for rows.Next() {
		v, err := scanStored(rows)
		if err != nil {
			return nil, fmt.Errorf("store: versions: %w", err)
		}
		out = append(out, *v)
	}
	return out, rows.Err()
}

// AddVersion makes newID the current version of oldID's document and
// records the watched file f (which now holds newID's bytes) in the same
// transaction. The new version takes the document's folder and
// sensitivity; the old one is kept whole and hidden. newID may be an older
// version of the same document (the file went back to earlier bytes): it
// becomes current again.
func (db *DB) AddVersion(ctx context.Context, oldID, newID string, f WatchFile) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: add version: %w", err)
	}
	defer tx.Rollback()
	var lineage, folder, sensitivity string
	var trashed bool
	if err := tx.QueryRowContext(ctx, `SELECT ifnull(lineage_id, id), ifnull(folder_id, ''), sensitivity, trashed_at IS NOT NULL
		FROM documents WHERE id = ?`, oldID).Scan(&lineage, &folder, &sensitivity, &trashed); err != nil {
		return fmt.Errorf("store: add version of %s: %w", oldID, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET lineage_id = ?, folder_id = ?, sensitivity = ?,
		superseded_by = NULL, trashed_at = ?, original_removed_at = NULL WHERE id = ?`,
		lineage, nullIfEmpty(folder), sensitivity, trashedValue(trashed, db.now()), newID); err != nil {
		return fmt.Errorf("store: add version: %w", err)
	}
	// Every older version points at the current one, so a chain never
	// has to be walked.
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET lineage_id = ?, superseded_by = ?,
		trashed_at = ifnull(trashed_at, ?) WHERE (id = ? OR lineage_id = ?) AND id != ?`,
		lineage, newID, db.now(), lineage, lineage, newID); err != nil {
		return fmt.Errorf("store: add version: %w", err)
	}
	if err := putWatchFile(ctx, tx, f); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return db.WriteError(fmt.Errorf("store: add version: %w", err))
	}
	return nil
}

func trashedValue(trashed bool, now string) any {
	if trashed {
		return now
	}
	return nil
}

// ClaimWatchFile records f as holding document f.DocumentID and, when
// folderPath is not empty, files the document in that chain of folders
// (made when missing) — in one transaction, so an import finished before
// a crash is filed by the sync that finds it. A document marked "original
// removed" is unmarked (and taken out of the trash if a sync put it there),
// and the file's listed error goes.
//
// movedFrom, when not empty, is the path below the same folder the file
// moved from: its record goes in the same transaction, so a crash never
// leaves two records of one file.
//
// previous, when not empty, is the document the file held before: if no
// watched file holds it any more it is marked "original removed" (and
// trashed when trash is set) in the same transaction.
func (db *DB) ClaimWatchFile(ctx context.Context, f WatchFile, folderPath []string, newID func() string, movedFrom, previous string, trash bool) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: claim watched file: %w", err)
	}
	defer tx.Rollback()
	if len(folderPath) > 0 && f.DocumentID != "" {
		parent := ""
		for _, name := range folderPath {
			if parent, err = childFolder(ctx, tx, parent, name, newID, db.now()); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET folder_id = ? WHERE id = ?`, parent, f.DocumentID); err != nil {
			return fmt.Errorf("store: claim watched file: %w", err)
		}
	}
	if err := putWatchFile(ctx, tx, f); err != nil {
		return err
	}
	if movedFrom != "" {
		if _, err := tx.ExecContext(ctx, `DELETE FROM watch_files WHERE folder_id = ? AND rel = ?`, f.FolderID, movedFrom); err != nil {
			return fmt.Errorf("store: claim watched file: %w", err)
		}
	}
	// The document's file is here: it is no longer "original removed", and
	// out of the trash if the sync put it there.
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET original_removed_at = NULL,
		trashed_at = CASE WHEN superseded_by IS NULL THEN NULL ELSE trashed_at END
		WHERE id = ? AND original_removed_at IS NOT NULL`, f.DocumentID); err != nil {
		return fmt.Errorf("store: claim watched file: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM watch_errors WHERE folder_id = ? AND path = ?`, f.FolderID, f.Rel); err != nil {
		return fmt.Errorf("store: claim watched file: %w", err)
	}
	if previous != "" && previous != f.DocumentID {
		if err := releaseDocument(ctx, tx, previous, trash, db.now()); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return db.WriteError(fmt.Errorf("store: claim watched file: %w", err))
	}
	return nil
}

// childFolder returns the folder named name under parent, making it when
// missing.
func childFolder(ctx context.Context, tx *sql.Tx, parent, name string, newID func() string, now string) (string, error) {
	name, err := app.CleanFolderName(name)
	if err != nil {
		return "", err
	}
	var id string
	err = tx.QueryRowContext(ctx, `SELECT id FROM folders WHERE ifnull(parent_id, '') = ? AND name = ? COLLATE NOCASE`,
		parent, name).Scan(&id)
	if err == nil {
		return id, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: folder %q: %w", name, err)
	}
	id = newID()
	if _, err := tx.ExecContext(ctx, `INSERT INTO folders (id, parent_id, name, created_at) VALUES (?, ?, ?, ?)`,
		id, nullIfEmpty(parent), name, now); err != nil {
		return "", fmt.Errorf("store: create folder %q: %w", name, err)
	}
	return id, nil
}

// WatchReferences counts the watched files that hold a document.
func (db *DB) WatchReferences(ctx context.Context, docID string) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM watch_files WHERE document_id = ?`, docID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: watched references: %w", err)
	}
	return n, nil
}

// ForgetWatchFile forgets a file deleted from its folder; the document it
// held, when no watched file holds it any more, is marked "original
// removed" (and trashed when trash is set) in the same transaction, so a
// crash never leaves a document nobody holds unmarked. It returns the
// document the file held ("" when none).
func (db *DB) ForgetWatchFile(ctx context.Context, folderID, rel string, trash bool) (string, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("store: forget watched file: %w", err)
	}
	defer tx.Rollback()
	var doc string
	err = tx.QueryRowContext(ctx, `DELETE FROM watch_files WHERE folder_id = ? AND rel = ? RETURNING ifnull(document_id, '')`,
		folderID, rel).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	} else if err != nil {
		return "", fmt.Errorf("store: forget watched file: %w", err)
	}
	if doc != "" {
		if err := releaseDocument(ctx, tx, doc, trash, db.now()); err != nil {
			return "", err
		}
	}
	if err := tx.Commit(); err != nil {
		return "", db.WriteError(fmt.Errorf("store: forget watched file: %w", err))
	}
	return doc, nil
}

// releaseDocument marks, inside tx, a current document no watched file
// holds as "original removed", moving it to the trash when trash is set.
func releaseDocument(ctx context.Context, tx *sql.Tx, doc string, trash bool, now string) error {
	q := `UPDATE documents SET original_removed_at = ifnull(original_removed_at, ?1) WHERE id = ?2 AND superseded_by IS NULL
		AND NOT EXISTS (SELECT 1 FROM watch_files WHERE document_id = ?2)`
	if trash {
		q = `UPDATE documents SET original_removed_at = ifnull(original_removed_at, ?1), trashed_at = ifnull(trashed_at, ?1)
			WHERE id = ?2 AND superseded_by IS NULL AND NOT EXISTS (SELECT 1 FROM watch_files WHERE document_id = ?2)`
	}
	if _, err := tx.ExecContext(ctx, q, now, doc); err != nil {
		return fmt.Errorf("store: mark original removed: %w", err)
	}
	return nil
}

// olderVersionsOf selects, inside tx, the older versions of the documents
// ids: they go when their current version is deleted for good.
func olderVersionsOf(ctx context.Context, tx *sql.Tx, ids []string) (vids, sums []string, err error) {
	if len(ids) == 0 {
		return nil, nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, sha256 FROM documents WHERE superseded_by IN (`+placeholders(len(ids))+`)`, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("store: older versions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, sum string
		if err := rows.Scan(&id, &sum); err != nil {
			return nil, nil, err
		}
		vids, sums = append(vids, id), append(sums, sum)
	}
	return vids, sums, rows.Err()
}

// currentVersionBySHA returns, inside tx, the current version of the
// document one of whose older versions has these bytes, or nil.
func currentVersionBySHA(ctx context.Context, tx *sql.Tx, sum string) (*app.Document, error) {
	d, err := scanDocument(tx.QueryRowContext(ctx, `SELECT `+documentColumns+` FROM documents WHERE id = (
		SELECT superseded_by FROM documents WHERE sha256 = ? AND superseded_by IS NOT NULL)`, sum))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("store: enqueue import: %w", err)
	}
	return &d, nil
}
