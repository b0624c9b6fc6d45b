package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"archivist/app"
)

// OCRWord is one cached OCR word: pixels of the page image, origin
// top-left; confidence 0–100; line number in reading order.
type OCRWord struct {
	Text string  `json:"t"`
	X0   int     `json:"x0"`
	Y0   int     `json:"y0"`
	X1   int     `json:"x1"`
	Y1   int     `json:"y1"`
	Conf float64 `json:"c"`
	Line int     `json:"l"`
}

// OCRReading is what OCR read from one page image.
type OCRReading struct {
	Width, Height int // pixels
	Turn          int // quarter turns clockwise the text runs
	Words         []OCRWord
}

// CachedOCR returns the reading of the page image with the given hash in
// the given languages, or nil when it was never read.
func (db *DB) CachedOCR(ctx context.Context, imageSHA, langs string) (*OCRReading, error) {
	var r OCRReading
	var words string
	err := db.read.QueryRowContext(ctx, `SELECT width, height, turn, words FROM ocr_cache
		WHERE image_sha256 = ? AND langs = ?`, imageSHA, langs).Scan(&r.Width, &r.Height, &r.Turn, &words)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: cached ocr: %w", err)
	}
	if err := json.Unmarshal([]byte(words), &r.Words); err != nil {
		return nil, nil // a damaged entry is read again
	}
	return &r, nil
}

// PutOCR caches a page image's reading. It commits on its own, page by
// page, so OCR cut short by a crash or quit resumes where it stopped.
func (db *DB) PutOCR(ctx context.Context, imageSHA, langs string, r *OCRReading) error {
	words, err := json.Marshal(r.Words)
	if err != nil {
		return fmt.Errorf("store: put ocr: %w", err)
	}
	if r.Words == nil {
		words = []byte("[]")
	}
	_, err = db.write.ExecContext(ctx, `INSERT INTO ocr_cache (image_sha256, langs, width, height, turn, words, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (image_sha256, langs) DO UPDATE SET
		width = excluded.width, height = excluded.height, turn = excluded.turn, words = excluded.words`,
		imageSHA, langs, r.Width, r.Height, r.Turn, string(words), db.now())
	if err != nil {
		return fmt.Errorf("store: put ocr: %w", db.WriteError(err))
	}
	return nil
}

// insertOCRPages records which pages of a committed document were read by
// OCR and which wait for it, replacing what an earlier import recorded.
func insertOCRPages(ctx context.Context, tx *sql.Tx, docID string, p *app.Parsed) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM ocr_pages WHERE document_id = ?`, docID); err != nil {
		return err
	}
	for _, pg := range p.PageInfo {
		if pg.OCR == "" {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO ocr_pages (document_id, number, state, confidence) VALUES (?, ?, ?, ?)`,
			docID, pg.Number, string(pg.OCR), pg.OCRConfidence); err != nil {
			return err
		}
	}
	return nil
}

// OCRPage is one page's OCR state.
type OCRPage struct {
	Number     int
	State      app.OCRState
	Confidence float64 // 0–1
}

// OCRPages lists the pages of a document that were read by OCR or wait for
// it, in page order.
func (db *DB) OCRPages(ctx context.Context, docID string) ([]OCRPage, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT number, state, confidence FROM ocr_pages
		WHERE document_id = ? ORDER BY number`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: ocr pages: %w", err)
	}
	defer rows.Close()
	var out []OCRPage
	for rows.Next() {
		var p OCRPage
		var state string
		if err := rows.Scan(&p.Number, &state, &p.Confidence); err != nil {
			return nil, fmt.Errorf("store: ocr pages: %w", err)
		}
		p.State = app.OCRState(state)
		out = append(out, p)
	}
	return out, rows.Err()
}

// WaitingForOCR lists the ready documents (not in the trash) with pages
// that wait for OCR.
func (db *DB) WaitingForOCR(ctx context.Context) ([]string, error) {
	return db.documentIDs(ctx, "waiting for ocr", `SELECT DISTINCT o.document_id FROM ocr_pages o
		JOIN documents d ON d.id = o.document_id
		WHERE o.state = 'waiting' AND d.status = 'ready' AND d.trashed_at IS NULL ORDER BY o.document_id`)
}

// PicturesWaiting lists the ready documents whose pictures wait to be read
// (Content.PicturesWaiting), oldest import first.
func (db *DB) PicturesWaiting(ctx context.Context) ([]string, error) {
	return db.documentIDs(ctx, "pictures waiting", `SELECT w.document_id FROM picture_waits w
		JOIN documents d ON d.id = w.document_id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL ORDER BY d.imported_at, d.id`)
}

// DropPictureWait stops a document waiting for its pictures: their second
// parse failed, and the document keeps what it has.
func (db *DB) DropPictureWait(ctx context.Context, docID string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM picture_waits WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("store: drop picture wait: %w", err)
	}
	return nil
}

// documentIDs runs a query of one column of document IDs; what names it in
// errors.
func (db *DB) documentIDs(ctx context.Context, what, q string) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// RequeueImport queues a committed document to be parsed again from its
// stored original (pages that waited for OCR are read once it is there).
// The document stays ready, with its current content, until the new parse
// commits over it.
func (db *DB) RequeueImport(ctx context.Context, docID, jobID string) (Job, error) {
	job := Job{ID: jobID, DocumentID: docID, State: "queued"}
	now := db.now()
	_, err := db.write.ExecContext(ctx, `INSERT INTO import_jobs (id, document_id, source_path, state, created_at, updated_at)
		SELECT ?, id, filename, 'queued', ?, ? FROM documents WHERE id = ?`, jobID, now, now, docID)
	if err != nil {
		return Job{}, fmt.Errorf("store: requeue import: %w", db.WriteError(err))
	}
	return job, nil
}

// EndJob marks a job done or failed without touching its document: a
// failed re-read leaves the document as it was.
func (db *DB) EndJob(ctx context.Context, job Job, state, reason string) error {
	if _, err := db.write.ExecContext(ctx, `UPDATE import_jobs SET state = ?, error = ?, updated_at = ? WHERE id = ?`,
		state, reason, db.now(), job.ID); err != nil {
		return fmt.Errorf("store: end job: %w", db.WriteError(err))
	}
	return nil
}
