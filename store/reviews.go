package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"archivist/app"
)

// Review proposals (migration 0015): moves of documents between folders
// that a review after an import proposed. Accepting and undoing move the
// document and change the proposal's status in one transaction, so a
// crash leaves either both done or neither.

const reviewColumns = `r.id, r.document_id, d.title, r.trigger_id, r.from_folder_id, r.from_path, r.to_folder_id,
	r.new_parent_id, r.new_name, r.to_path, r.passages_json, r.confidence, r.status, r.created_at, ifnull(r.decided_at, '')`

// reviewRow is a proposal as stored, with what accepting it did.
type reviewRow struct {
	app.ReviewProposal
	applied, created string // the folder the document was moved into; a folder the accept made
}

// scanReview reads a row of reviewColumns, then extra.
func scanReview(sc interface{ Scan(...any) error }, extra ...any) (app.ReviewProposal, error) {
	var p app.ReviewProposal
	var passages, status, created, decided string
	dest := append([]any{&p.ID, &p.DocumentID, &p.Title, &p.TriggerID, &p.FromFolderID, &p.FromPath, &p.ToFolderID,
		&p.NewParentID, &p.NewName, &p.ToPath, &passages, &p.Confidence, &status, &created, &decided}, extra...)
	if err := sc.Scan(dest...); err != nil {
		return p, err
	}
	p.Status = app.ReviewStatus(status)
	p.CreatedAt = parseTime(created)
	if decided != "" {
		p.DecidedAt = parseTime(decided)
	}
	if err := json.Unmarshal([]byte(passages), &p.Passages); err != nil {
		return p, fmt.Errorf("passages of proposal %s: %w", p.ID, err)
	}
	return p, nil
}

// SaveReviewProposals stores a review's proposals and returns those it
// kept. A proposal is left out when the same move of the same document
// (app.ReviewProposal.Target) was rejected or undone before, or is already
// proposed from the same folder; a document's other open proposals (one
// made before the document moved included) give way to the new one, which
// was made from the library as it is now.
func (db *DB) SaveReviewProposals(ctx context.Context, props []app.ReviewProposal) ([]app.ReviewProposal, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: save proposals: %w", err)
	}
	defer tx.Rollback()
	var kept []app.ReviewProposal
	for _, p := range props {
		ok, err := saveReview(ctx, tx, p, db.now())
		if err != nil {
			return nil, fmt.Errorf("store: save proposals: %w", err)
		}
		if ok {
			p.Status = app.ReviewProposed
			p.CreatedAt = parseTime(db.now())
			kept = append(kept, p)
		}
	}
	return kept, tx.Commit()
}

// saveReview stores one proposal unless its move was decided against or
// is already proposed.
func saveReview(ctx context.Context, tx *sql.Tx, p app.ReviewProposal, now string) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM review_proposals WHERE document_id = ? AND target = ?
		AND (status IN ('rejected', 'undone') OR status = 'proposed' AND from_folder_id = ?)`,
		p.DocumentID, p.Target(), p.FromFolderID).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM review_proposals WHERE document_id = ? AND status = 'proposed'`, p.DocumentID); err != nil {
		return false, err
	}
	passages, err := json.Marshal(p.Passages)
	if err != nil {
		return false, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO review_proposals (id, document_id, trigger_id, from_folder_id, from_path,
		to_folder_id, new_parent_id, new_name, to_path, target, passages_json, confidence, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'proposed', ?)`,
		p.ID, p.DocumentID, p.TriggerID, p.FromFolderID, p.FromPath, p.ToFolderID, p.NewParentID, p.NewName,
		p.ToPath, p.Target(), string(passages), p.Confidence, now)
	return err == nil, err
}

// ReviewProposals lists proposals of untrashed documents, newest first;
// only those in statuses when any are given.
func (db *DB) ReviewProposals(ctx context.Context, statuses ...app.ReviewStatus) ([]app.ReviewProposal, error) {
	q := `SELECT ` + reviewColumns + ` FROM review_proposals r JOIN documents d ON d.id = r.document_id
		WHERE d.trashed_at IS NULL`
	var args []any
	if len(statuses) > 0 {
		q += ` AND r.status IN (` + placeholders(len(statuses)) + `)`
		for _, s := range statuses {
			args = append(args, string(s))
		}
	}
	rows, err := db.read.QueryContext(ctx, q+` ORDER BY r.created_at DESC, r.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: proposals: %w", err)
	}
	defer rows.Close()
	out := []app.ReviewProposal{}
	for rows.Next() {
		p, err := scanReview(rows)
		if err != nil {
			return nil, fmt.Errorf("store: proposals: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// readReview reads one proposal inside tx, with what accepting it did.
func readReview(ctx context.Context, tx *sql.Tx, id string) (*reviewRow, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+reviewColumns+`, r.applied_folder_id, r.created_folder_id
		FROM review_proposals r JOIN documents d ON d.id = r.document_id WHERE r.id = ? AND d.trashed_at IS NULL`, id)
	var r reviewRow
	p, err := scanReview(row, &r.applied, &r.created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "No review proposal %q.", id)
	} else if err != nil {
		return nil, err
	}
	r.ReviewProposal = p
	return &r, nil
}

// AcceptReview moves the proposal's document as proposed and marks the
// proposal accepted, in one transaction. A proposed new folder is found by
// its name under its parent (another accepted proposal may have made it)
// or made with newFolderID. A document moved since the proposal was made
// is a conflict, and nothing changes.
func (db *DB) AcceptReview(ctx context.Context, id, newFolderID string) (app.ReviewProposal, error) {
	return db.decideReview(ctx, id, app.ReviewProposed, func(tx *sql.Tx, r *reviewRow) error {
		if err := stillIn(ctx, tx, r.DocumentID, r.FromFolderID, r.Title); err != nil {
			return err
		}
		target, made, err := reviewTarget(ctx, tx, r, newFolderID, db.now())
		if err != nil {
			return err
		}
		if err := setFolder(ctx, tx, r.DocumentID, target); err != nil {
			return err
		}
		r.Status, r.applied, r.created = app.ReviewAccepted, target, made
		return nil
	})
}

// RejectReview marks a proposal rejected: the same move of the same
// document is not proposed again.
func (db *DB) RejectReview(ctx context.Context, id string) (app.ReviewProposal, error) {
	return db.decideReview(ctx, id, app.ReviewProposed, func(tx *sql.Tx, r *reviewRow) error {
		r.Status = app.ReviewRejected
		return nil
	})
}

// UndoReview moves an accepted proposal's document back to the folder it
// came from and marks the proposal undone, in one transaction; a folder a
// review's accept made is removed when nothing is left in it. A document moved
// again since, or a folder it came from that is gone, is a conflict.
func (db *DB) UndoReview(ctx context.Context, id string) (app.ReviewProposal, error) {
	return db.decideReview(ctx, id, app.ReviewAccepted, func(tx *sql.Tx, r *reviewRow) error {
		if err := stillIn(ctx, tx, r.DocumentID, r.applied, r.Title); err != nil {
			return err
		}
		if err := folderExists(ctx, tx, r.FromFolderID); err != nil {
			return app.Errorf(app.EConflict, "The folder %q that %q came from no longer exists.", r.FromPath, r.Title)
		}
		if err := setFolder(ctx, tx, r.DocumentID, r.FromFolderID); err != nil {
			return err
		}
		if err := removeIfMadeAndEmpty(ctx, tx, r.applied); err != nil {
			return err
		}
		r.Status = app.ReviewUndone
		return nil
	})
}

// decideReview runs decide on the proposal when it is in status from, and
// stores the status (and accept's folders) decide leaves, in one
// transaction.
func (db *DB) decideReview(ctx context.Context, id string, from app.ReviewStatus, decide func(*sql.Tx, *reviewRow) error) (app.ReviewProposal, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return app.ReviewProposal{}, fmt.Errorf("store: review: %w", err)
	}
	defer tx.Rollback()
	r, err := readReview(ctx, tx, id)
	if err != nil {
		return app.ReviewProposal{}, fmt.Errorf("store: review: %w", err)
	}
	if r.Status != from {
		return app.ReviewProposal{}, app.Errorf(app.EConflict, "The proposal to move %q is %s, not %s.", r.Title, r.Status, from)
	}
	if err := decide(tx, r); err != nil {
		return app.ReviewProposal{}, fmt.Errorf("store: review: %w", err)
	}
	now := db.now()
	if _, err := tx.ExecContext(ctx, `UPDATE review_proposals SET status = ?, applied_folder_id = ?, created_folder_id = ?,
		decided_at = ? WHERE id = ?`, string(r.Status), r.applied, r.created, now, id); err != nil {
		return app.ReviewProposal{}, fmt.Errorf("store: review: %w", err)
	}
	r.DecidedAt = parseTime(now)
	return r.ReviewProposal, tx.Commit()
}

// stillIn is a conflict unless the document is filed in folderID ("" for
// none): a move the person made since is not undone by a proposal.
func stillIn(ctx context.Context, tx *sql.Tx, docID, folderID, title string) error {
	var now string
	if err := tx.QueryRowContext(ctx, `SELECT ifnull(folder_id, '') FROM documents WHERE id = ?`, docID).Scan(&now); err != nil {
		return err
	}
	if now != folderID {
		return app.Errorf(app.EConflict, "%q has moved since; nothing was changed.", title)
	}
	return nil
}

// reviewTarget returns the folder the proposal moves its document into,
// and the ID of a folder it made for it ("" when none).
func reviewTarget(ctx context.Context, tx *sql.Tx, r *reviewRow, newID, now string) (string, string, error) {
	if r.ToFolderID != "" {
		if err := folderExists(ctx, tx, r.ToFolderID); err != nil {
			return "", "", app.Errorf(app.EConflict, "The folder %q no longer exists.", r.ToPath)
		}
		return r.ToFolderID, "", nil
	}
	name, err := app.CleanFolderName(r.NewName)
	if err != nil {
		return "", "", err
	}
	var found string
	err = tx.QueryRowContext(ctx, `SELECT id FROM folders WHERE ifnull(parent_id, '') = ? AND name = ? COLLATE NOCASE`,
		r.NewParentID, name).Scan(&found)
	if err == nil {
		return found, "", nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return "", "", err
	}
	if err := folderExists(ctx, tx, r.NewParentID); err != nil {
		return "", "", app.Errorf(app.EConflict, "The folder %q would go in no longer exists.", r.ToPath)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO folders (id, parent_id, name, created_at) VALUES (?, ?, ?, ?)`,
		newID, nullIfEmpty(r.NewParentID), name, now); err != nil {
		return "", "", err
	}
	return newID, newID, nil
}

func setFolder(ctx context.Context, tx *sql.Tx, docID, folderID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE documents SET folder_id = ? WHERE id = ?`, nullIfEmpty(folderID), docID)
	return err
}

// removeIfMadeAndEmpty deletes a folder an accepted proposal made (the
// first of those gathering documents in it) once it holds no document,
// trashed ones included, and no folder. A folder the person made stays.
func removeIfMadeAndEmpty(ctx context.Context, tx *sql.Tx, id string) error {
	if id == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM folders WHERE id = ?
		AND EXISTS (SELECT 1 FROM review_proposals WHERE created_folder_id = ?)
		AND NOT EXISTS (SELECT 1 FROM documents WHERE folder_id = ?)
		AND NOT EXISTS (SELECT 1 FROM folders WHERE parent_id = ?)`, id, id, id, id)
	return err
}

// autoReviewKey is the settings key of "apply reviews automatically".
const autoReviewKey = "review.auto_apply"

// AutoApplyReviews reports whether a review's proposals are accepted as
// soon as they are made. It is off until the person turns it on.
func (db *DB) AutoApplyReviews(ctx context.Context) (bool, error) {
	v, err := db.Setting(ctx, autoReviewKey)
	return v == "on", err
}

// SetAutoApplyReviews turns "apply reviews automatically" on or off for
// this library.
func (db *DB) SetAutoApplyReviews(ctx context.Context, on bool) error {
	v := "off"
	if on {
		v = "on"
	}
	return db.SetSetting(ctx, autoReviewKey, v)
}

// PlacedDocuments returns every ready, untrashed document, newest first,
// with its folder ("" when it is not in any) and at most maxHeadings of
// its shallowest headings: what filing and a review route over.
func (s *Snapshot) PlacedDocuments(ctx context.Context, maxHeadings int) ([]FiledDocument, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT id, ifnull(folder_id, ''), title, ifnull(outline, '[]') FROM documents
		WHERE status = 'ready' AND trashed_at IS NULL ORDER BY imported_at DESC, id`)
	if err != nil {
		return nil, fmt.Errorf("store: placed documents: %w", err)
	}
	defer rows.Close()
	var out []FiledDocument
	for rows.Next() {
		var d FiledDocument
		var outline string
		if err := rows.Scan(&d.ID, &d.FolderID, &d.Title, &outline); err != nil {
			return nil, fmt.Errorf("store: placed documents: %w", err)
		}
		d.Headings = topHeadings(outline, maxHeadings)
		out = append(out, d)
	}
	return out, rows.Err()
}
