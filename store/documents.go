package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"archivist/app"
)

const documentColumns = `id, title, filename, format, sha256, size_bytes, pages, words, status, error, notice, imported_at, sensitivity, original_removed_at IS NOT NULL`

func scanDocument(s interface{ Scan(...any) error }) (app.Document, error) {
	var d app.Document
	var format, status, imported, sensitivity string
	err := s.Scan(&d.ID, &d.Title, &d.Filename, &format, &d.SHA256, &d.SizeBytes, &d.Pages, &d.Words,
		&status, &d.Error, &d.Notice, &imported, &sensitivity, &d.OriginalRemoved)
	d.Format, d.Status, d.ImportedAt = app.Format(format), app.Status(status), parseTime(imported)
	d.Sensitivity = app.StoredSensitivity(sensitivity)
	return d, err
}

// Job is one entry of the persistent import queue.
type Job struct {
	ID         string
	DocumentID string
	SourcePath string
	State      string
	// Attempts is how many times the job has started (StartImport); a
	// pending job that has started was interrupted that many times.
	Attempts int
}

// EnqueueImport records a new document (status queued) and its import job
// in one transaction. When a document with the same bytes exists it is
// returned as dup and nothing is written — unless that document failed
// before, in which case it is queued again under its old ID.
func (db *DB) EnqueueImport(ctx context.Context, d *app.Document, jobID, sourcePath string) (dup *app.Document, err error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: enqueue import: %w", err)
	}
	defer tx.Rollback()
	existing, err := scanDocument(tx.QueryRowContext(ctx,
		`SELECT `+documentColumns+` FROM documents WHERE sha256 = ? AND trashed_at IS NULL`, d.SHA256))
	switch {
	case err == nil && existing.Status != app.StatusFailed:
		return &existing, nil
	case err == nil:
		d.ID = existing.ID
		if _, err := tx.ExecContext(ctx, `UPDATE documents SET title = ?, filename = ?, format = ?,
			status = 'queued', error = '', imported_at = ? WHERE id = ?`,
			d.Title, d.Filename, d.Format, db.now(), d.ID); err != nil {
			return nil, fmt.Errorf("store: enqueue import: %w", err)
		}
	case errors.Is(err, sql.ErrNoRows):
		// The bytes of an older version are a duplicate of the document
		// as it is now; that version stays as it is.
		if cur, err := currentVersionBySHA(ctx, tx, d.SHA256); err != nil || cur != nil {
			return cur, err
		}
		// A trashed copy of the same bytes would block the unique index:
		// importing it again brings the document back rather than adding one.
		if _, err := tx.ExecContext(ctx, `DELETE FROM documents WHERE sha256 = ?`, d.SHA256); err != nil {
			return nil, fmt.Errorf("store: enqueue import: %w", err)
		}
		d.ImportedAt = db.Now()
		if _, err := tx.ExecContext(ctx, `INSERT INTO documents (id, title, filename, format, sha256, size_bytes,
			status, imported_at) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?)`,
			d.ID, d.Title, d.Filename, d.Format, d.SHA256, d.SizeBytes, formatTime(d.ImportedAt)); err != nil {
			return nil, fmt.Errorf("store: enqueue import: %w", err)
		}
	default:
		return nil, fmt.Errorf("store: enqueue import: %w", err)
	}
	d.Status = app.StatusQueued
	if _, err := tx.ExecContext(ctx, `INSERT INTO import_jobs (id, document_id, source_path, state, created_at, updated_at)
		VALUES (?, ?, ?, 'queued', ?, ?)`, jobID, d.ID, sourcePath, db.now(), db.now()); err != nil {
		return nil, fmt.Errorf("store: enqueue import: %w", err)
	}
	return nil, tx.Commit()
}

// StartImport marks a job running and its document importing.
func (db *DB) StartImport(ctx context.Context, job Job) error {
	return db.setImportState(ctx, job, "running", app.StatusImporting, "")
}

// UnstartImport puts a started job back in the queue without counting
// its start: Archivist is quitting, and the job resumes at the next start
// as if it had not begun.
func (db *DB) UnstartImport(ctx context.Context, job Job) error {
	if _, err := db.write.ExecContext(ctx, `UPDATE import_jobs SET state = 'queued', attempts = max(attempts - 1, 0),
		updated_at = ? WHERE id = ? AND state = 'running'`, db.now(), job.ID); err != nil {
		return fmt.Errorf("store: unstart import: %w", err)
	}
	return nil
}

// FailImport marks a job failed and its document failed with the reason a
// person will read. The document's content stays absent.
func (db *DB) FailImport(ctx context.Context, job Job, reason string) error {
	return db.setImportState(ctx, job, "failed", app.StatusFailed, reason)
}

func (db *DB) setImportState(ctx context.Context, job Job, jobState string, status app.Status, reason string) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: import state: %w", err)
	}
	defer tx.Rollback()
	started := 0
	if jobState == "running" {
		started = 1
	}
	if _, err := tx.ExecContext(ctx, `UPDATE import_jobs SET state = ?, error = ?, updated_at = ?,
		attempts = attempts + ? WHERE id = ?`, jobState, reason, db.now(), started, job.ID); err != nil {
		return fmt.Errorf("store: import state: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET status = ?, error = ? WHERE id = ?`,
		status, reason, job.DocumentID); err != nil {
		return fmt.Errorf("store: import state: %w", err)
	}
	return tx.Commit()
}

// PendingJobs lists import jobs that were queued or running when the
// library was last closed, oldest first, so the queue can resume.
func (db *DB) PendingJobs(ctx context.Context) ([]Job, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, document_id, source_path, state, attempts FROM import_jobs
		WHERE state IN ('queued', 'running') ORDER BY created_at`)
	if err != nil {
		return nil, fmt.Errorf("store: pending jobs: %w", err)
	}
	defer rows.Close()
	var jobs []Job
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID, &j.DocumentID, &j.SourcePath, &j.State, &j.Attempts); err != nil {
			return nil, fmt.Errorf("store: pending jobs: %w", err)
		}
		jobs = append(jobs, j)
	}
	return jobs, rows.Err()
}

// Documents lists the documents not in the trash, newest first.
func (db *DB) Documents(ctx context.Context) ([]app.Document, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+documentColumns+` FROM documents
		WHERE trashed_at IS NULL ORDER BY imported_at DESC, rowid DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: list documents: %w", err)
	}
	defer rows.Close()
	docs := []app.Document{}
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, fmt.Errorf("store: list documents: %w", err)
		}
		docs = append(docs, d)
	}
	return docs, rows.Err()
}

// Document returns one document, trashed or not.
func (db *DB) Document(ctx context.Context, id string) (*app.Document, error) {
	d, err := scanDocument(db.read.QueryRowContext(ctx, `SELECT `+documentColumns+` FROM documents WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "No document with ID %q.", id)
	} else if err != nil {
		return nil, fmt.Errorf("store: document: %w", err)
	}
	return &d, nil
}
