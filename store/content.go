package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"archivist/app"
)

// Content is everything an import derives from one original.
type Content struct {
	Title        string
	Words        int
	Notice       string
	Profile      app.Profile
	IndexVersion int         // of the builder that made Passages
	Parsed       *app.Parsed // sections and blocks, with IDs assigned
	Passages     []app.Passage
	Language     string // ISO 639-1 code detected at import, "" unknown
	Created      string // YYYY-MM-DD read from the document, "" unknown
	// PicturesWaiting: the document holds pictures whose print is still to
	// be read (see PicturesWaiting).
	PicturesWaiting bool
}

// CommitImport writes a document's sections, blocks and passages (and so
// its FTS5 entries), marks it ready and its job done — all in one
// transaction, so search sees the whole document or none of it.
func (db *DB) CommitImport(ctx context.Context, job Job, c *Content) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	defer tx.Rollback()
	if err := deleteContent(ctx, tx, job.DocumentID); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := insertSections(ctx, tx, job.DocumentID, c.Parsed.Sections); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := insertBlocks(ctx, tx, job.DocumentID, c.Parsed); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := insertPassages(ctx, tx, c.Passages); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := insertPages(ctx, tx, job.DocumentID, c.Parsed); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := indexDocument(ctx, tx, job.DocumentID, c); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := insertOCRPages(ctx, tx, job.DocumentID, c.Parsed); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM picture_waits WHERE document_id = ?`, job.DocumentID); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if c.PicturesWaiting {
		if _, err := tx.ExecContext(ctx, `INSERT INTO picture_waits (document_id) VALUES (?)`, job.DocumentID); err != nil {
			return fmt.Errorf("store: commit import: %w", err)
		}
	}
	profile, err := json.Marshal(c.Profile)
	if err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET title = ?, pages = ?, words = ?, notice = ?, profile = ?,
		index_version = ?, status = 'ready', error = '' WHERE id = ?`,
		c.Title, c.Parsed.Pages, c.Words, c.Notice, string(profile), c.IndexVersion, job.DocumentID); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE import_jobs SET state = 'done', error = '', updated_at = ? WHERE id = ?`,
		db.now(), job.ID); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit import: %w", err)
	}
	// The document is in: an index left unmerged is slower, not wrong.
	if err := db.compactIndex(ctx); err != nil {
		Log().Warn("the search index could not be merged after an import", "err", err)
	}
	return nil
}

func deleteContent(ctx context.Context, tx *sql.Tx, docID string) error {
	for _, q := range []string{
		`DELETE FROM passages WHERE document_id = ?`,
		`DELETE FROM blocks WHERE document_id = ?`,
		`DELETE FROM sections WHERE document_id = ?`,
		`DELETE FROM pages WHERE document_id = ?`,
	} {
		if _, err := tx.ExecContext(ctx, q, docID); err != nil {
			return err
		}
	}
	return nil
}

func insertSections(ctx context.Context, tx *sql.Tx, docID string, sections []app.Section) error {
	return batchInsert(ctx, tx, `INSERT INTO sections (id, document_id, seq, parent_id, level, heading,
		page_start, page_end, line_start, line_end)`, 10, len(sections), func(i int, args []any) ([]any, error) {
		s := sections[i]
		var parent any
		if s.Parent >= 0 && s.Parent < len(sections) {
			parent = sections[s.Parent].ID
		}
		return append(args, s.ID, docID, i, parent, s.Level, s.Heading,
			s.PageStart, s.PageEnd, s.LineStart, s.LineEnd), nil
	})
}

func insertBlocks(ctx context.Context, tx *sql.Tx, docID string, p *app.Parsed) error {
	return batchInsert(ctx, tx, `INSERT INTO blocks (id, document_id, section_id, seq, kind, level, text,
		page, line_start, line_end, x0, y0, x1, y1, words)`, 15, len(p.Blocks), func(i int, args []any) ([]any, error) {
		b := p.Blocks[i]
		if b.Section < 0 || b.Section >= len(p.Sections) {
			return nil, fmt.Errorf("block %d names section %d of %d", b.Seq, b.Section, len(p.Sections))
		}
		return append(args, b.ID, docID, p.Sections[b.Section].ID, b.Seq, b.Kind, b.Level, b.Text,
			b.Page, b.LineStart, b.LineEnd, b.Box.X0, b.Box.Y0, b.Box.X1, b.Box.Y1, string(appendWordBoxes(nil, b.Words))), nil
	})
}

// insertPages records each physical page with the number of words on it.
func insertPages(ctx context.Context, tx *sql.Tx, docID string, p *app.Parsed) error {
	if len(p.PageInfo) == 0 {
		return nil
	}
	words := map[int]int{}
	for _, b := range p.Blocks {
		words[b.Page] += app.BlockWords(b)
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO pages (document_id, number, label, width_pt, height_pt, rotation, words)
		VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, pg := range p.PageInfo {
		if _, err := stmt.ExecContext(ctx, docID, pg.Number, pg.Label, pg.WidthPt, pg.HeightPt, pg.Rotation, words[pg.Number]); err != nil {
			return err
		}
	}
	return nil
}

func insertPassages(ctx context.Context, tx *sql.Tx, passages []app.Passage) error {
	return batchInsert(ctx, tx, `INSERT INTO passages (id, document_id, section_id, seq, title, headings,
		body, spans, page_start, page_end, index_version, doc_key)`, 12, len(passages), func(i int, args []any) ([]any, error) {
		p := passages[i]
		spans, err := json.Marshal(p.Spans)
		if err != nil {
			return nil, err
		}
		return append(args, p.ID, p.DocumentID, p.SectionID, p.Seq, p.Title, p.Headings,
			p.Text, string(spans), p.PageStart, p.PageEnd, p.IndexVersion, passageKey(p)), nil
	})
}

// StaleDocuments lists the ready documents whose passages were built by a
// passage builder older than version.
func (db *DB) StaleDocuments(ctx context.Context, version int) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id FROM documents WHERE status = 'ready' AND index_version < ?
		ORDER BY imported_at`, version)
	if err != nil {
		return nil, fmt.Errorf("store: stale documents: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: stale documents: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// StoredParse rebuilds a document's parse from its stored sections and
// blocks — IDs, text and coordinates exactly as imported — for rebuilding
// passages without the original.
func (db *DB) StoredParse(ctx context.Context, docID string) (*app.Parsed, string, error) {
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return nil, "", err
	}
	defer snap.Close()
	var title string
	var pages int
	if err := snap.tx.QueryRowContext(ctx, `SELECT title, pages FROM documents WHERE id = ?`, docID).Scan(&title, &pages); err != nil {
		return nil, "", fmt.Errorf("store: stored parse: %w", err)
	}
	secs, err := readSections(ctx, snap.tx, docID)
	if err != nil {
		return nil, "", err
	}
	index := make(map[string]int, len(secs))
	for i, s := range secs {
		index[s.ID] = i
	}
	blocks, err := snap.Blocks(ctx, docID)
	if err != nil {
		return nil, "", err
	}
	for i := range blocks {
		blocks[i].Section = index[blocks[i].SectionID]
	}
	// The pages' sizes too: how a document is cut into passages may depend
	// on its pages' shape (a slide deck's).
	rows, err := readPages(ctx, snap.tx, docID)
	if err != nil {
		return nil, "", err
	}
	var info []app.Page
	for _, r := range rows {
		info = append(info, r.Page)
	}
	return &app.Parsed{Title: title, Pages: pages, PageInfo: info, Sections: secs, Blocks: blocks}, title, nil
}

// ReplacePassages swaps a document's passages (and so its FTS entries) for
// newly built ones in one transaction, recording the builder's version.
// Blocks and sections are untouched.
func (db *DB) ReplacePassages(ctx context.Context, docID string, passages []app.Passage, version int) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: replace passages: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM passages WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("store: replace passages: %w", err)
	}
	if err := insertPassages(ctx, tx, passages); err != nil {
		return fmt.Errorf("store: replace passages: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET index_version = ? WHERE id = ?`, version, docID); err != nil {
		return fmt.Errorf("store: replace passages: %w", err)
	}
	return tx.Commit()
}

// appendWordBoxes appends the JSON array of ws (as encoding/json writes
// []app.WordBox, "" for none) with coordinates rounded to 1/100,000 of the
// page — far finer than a pixel at any zoom — which keeps a block's words
// about half the size of json.Marshal's 17-digit floats, on disk and in
// memory while a long PDF commits.
func appendWordBoxes(b []byte, ws []app.WordBox) []byte {
	if len(ws) == 0 {
		return b
	}
	f := func(b []byte, key string, v float64) []byte {
		b = append(b, key...)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			v = 0 // JSON has no such numbers; a box is never either
		}
		return strconv.AppendFloat(b, math.Round(v*1e5)/1e5, 'f', -1, 64)
	}
	b = append(b, '[')
	for i, w := range ws {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"s":`...)
		b = strconv.AppendInt(b, int64(w.Start), 10)
		b = append(b, `,"e":`...)
		b = strconv.AppendInt(b, int64(w.End), 10)
		b = f(b, `,"x0":`, w.X0)
		b = f(b, `,"y0":`, w.Y0)
		b = f(b, `,"x1":`, w.X1)
		b = f(b, `,"y1":`, w.Y1)
		b = append(b, '}')
	}
	return append(b, ']')
}

// IndexVersion returns the version of the passage builder that made a
// document's passages.
func (db *DB) IndexVersion(ctx context.Context, docID string) (int, error) {
	var v int
	if err := db.read.QueryRowContext(ctx, `SELECT index_version FROM documents WHERE id = ?`, docID).Scan(&v); err != nil {
		return 0, fmt.Errorf("store: index version: %w", err)
	}
	return v, nil
}

// MarkIndexVersion records that a document's passages are as the builder
// of version would cut them, without rebuilding them: for a document a new
// builder is known to cut exactly as the old one did.
func (db *DB) MarkIndexVersion(ctx context.Context, docID string, version int) error {
	if _, err := db.write.ExecContext(ctx, `UPDATE documents SET index_version = ? WHERE id = ?`, version, docID); err != nil {
		return fmt.Errorf("store: index version: %w", err)
	}
	return nil
}
