package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"

	"archivist/app"
)

// Reads for tree routing (retrieve's Router): the structure of documents
// without their large payloads, passages fetched by row, and the term
// statistics the offline judge weighs question words with. All read
// through the snapshot, like every other read of a question.

// MatchCount returns how many indexed passages (only those of docIDs when
// it is not empty) match an FTS5 expression. It reads the index alone, so
// passages of trashed or unfinished documents count too: it is for term
// weights, not for showing.
func (s *Snapshot) MatchCount(ctx context.Context, match string, docIDs []string) (int, error) {
	var n int
	expr := scopedMatch(match, docIDs)
	err := s.tx.QueryRowContext(ctx, `SELECT count(*) FROM passages_fts WHERE passages_fts MATCH ?`, expr).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: match count: %w", err)
	}
	pics, err := s.pictureCount(ctx, expr, 0)
	return n + pics, err
}

// IndexStamp identifies the state of the passage index cheaply: the highest
// passage rowid (new passages, a reindex) and the documents table's
// version (any change to a document: an import, a removal, a trashing;
// see ready.go). Term statistics cached under one stamp are valid while
// it stays the same. (Counting the ready documents instead read every
// document's row on every question.)
func (s *Snapshot) IndexStamp(ctx context.Context) (string, error) {
	var hi sql.NullInt64
	if err := s.tx.QueryRowContext(ctx, `SELECT max(rowid) FROM passages`).Scan(&hi); err != nil {
		return "", fmt.Errorf("store: index stamp: %w", err)
	}
	version, err := s.documentsVersion(ctx)
	if err != nil {
		return "", fmt.Errorf("store: index stamp: %w", err)
	}
	return fmt.Sprintf("%d/v%d", hi.Int64, version), nil
}

// SearchTop is Search for large result sets: FTS5 ranks and cuts to limit
// first, and only those rows are joined to their passages and documents
// (so a hit of a trashed document can leave fewer than limit hits).
func (s *Snapshot) SearchTop(ctx context.Context, match string, docIDs []string, limit int) ([]Hit, error) {
	q := `SELECT h.rowid, p.id, p.document_id, h.r FROM (
			SELECT rowid, bm25(passages_fts, ` + bm25Weights + `) AS r FROM passages_fts
			WHERE passages_fts MATCH ? ORDER BY r LIMIT ?) h
		JOIN passages p ON p.rowid = h.rowid
		JOIN documents d ON d.id = p.document_id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL
		ORDER BY h.r`
	expr := scopedMatch(match, docIDs)
	hits, err := s.hits(ctx, q, expr, limit)
	if err != nil {
		return nil, err
	}
	return s.withPictures(ctx, hits, expr, limit)
}

// PassageCount returns the number of passages of ready, untrashed documents
// (only those in docIDs when it is not empty).
func (s *Snapshot) PassageCount(ctx context.Context, docIDs []string) (int, error) {
	q := `SELECT count(*) FROM passages p JOIN documents d ON d.id = p.document_id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL`
	args := make([]any, 0, len(docIDs))
	if len(docIDs) > 0 {
		q += ` AND d.id IN (` + placeholders(len(docIDs)) + `)`
		for _, id := range docIDs {
			args = append(args, id)
		}
	}
	var n int
	if err := s.tx.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: passage count: %w", err)
	}
	return n, nil
}

// SectionTree returns a document's section tree in reading order; Parent
// indexes the returned slice (-1 for the root).
func (s *Snapshot) SectionTree(ctx context.Context, docID string) ([]app.Section, error) {
	return readSections(ctx, s.tx, docID)
}

// PassageRef is a passage without its text: where it is and how long.
type PassageRef struct {
	RowID     int64
	ID        string
	SectionID string
	Seq       int
	PageStart int
	PageEnd   int
	Chars     int // length of the passage text in characters
}

// passageRefsQuery reads PassageRefs from the covering index passages_refs
// (migration 0011) alone.
const passageRefsQuery = `SELECT rowid, id, section_id, seq, page_start, page_end, length(body)
		FROM passages WHERE document_id = ? ORDER BY seq`

// PassageRefs returns a document's passages, without text, in order.
func (s *Snapshot) PassageRefs(ctx context.Context, docID string) ([]PassageRef, error) {
	rows, err := s.tx.QueryContext(ctx, passageRefsQuery, docID)
	if err != nil {
		return nil, fmt.Errorf("store: passage refs: %w", err)
	}
	defer rows.Close()
	var out []PassageRef
	for rows.Next() {
		var r PassageRef
		if err := rows.Scan(&r.RowID, &r.ID, &r.SectionID, &r.Seq, &r.PageStart, &r.PageEnd, &r.Chars); err != nil {
			return nil, fmt.Errorf("store: passage refs: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil || !s.hidePictures {
		return out, err
	}
	pictures, err := s.picturePassages(ctx, docID)
	if err != nil || len(pictures) == 0 {
		return out, err
	}
	return slices.DeleteFunc(out, func(r PassageRef) bool { return pictures[r.RowID] }), nil
}

// picturePassages returns the rowids of a document's passages of print
// read inside pictures, from the partial index passages_pictures.
func (s *Snapshot) picturePassages(ctx context.Context, docID string) (map[int64]bool, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT rowid FROM passages WHERE document_id = ? AND doc_key LIKE '% `+pictureKey+`'`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: picture passages: %w", err)
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: picture passages: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// PassagesByRowID returns the passages with the given FTS rowids, by rowid.
func (s *Snapshot) PassagesByRowID(ctx context.Context, rowids []int64) (map[int64]app.Passage, error) {
	out := make(map[int64]app.Passage, len(rowids))
	for start := 0; start < len(rowids); start += 500 {
		chunk := rowids[start:min(start+500, len(rowids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := s.tx.QueryContext(ctx, `SELECT `+passageColumns+` FROM passages WHERE rowid IN (`+placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("store: passages: %w", err)
		}
		for rows.Next() {
			p, rowid, err := scanPassage(rows)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: passages: %w", err)
			}
			out[rowid] = p
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: passages: %w", err)
		}
	}
	return out, nil
}

// Profiles returns the stored search profiles of docIDs (docs/design.md §3):
// the outline, acronyms, numbered captions and word count ingest derived,
// read from the documents' generated columns without touching sections or
// blocks. A document stored without a profile maps to an empty one.
func (s *Snapshot) Profiles(ctx context.Context, docIDs []string) (map[string]*app.Profile, error) {
	out := make(map[string]*app.Profile, len(docIDs))
	for start := 0; start < len(docIDs); start += 500 {
		chunk := docIDs[start:min(start+500, len(docIDs))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := s.tx.QueryContext(ctx, `SELECT id, `+profileColumns+` FROM documents
			WHERE id IN (`+placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("store: profiles: %w", err)
		}
		for rows.Next() {
			var id string
			p, err := scanProfile(rows, &id)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: profile of %s: %w", id, err)
			}
			out[id] = p
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: profiles: %w", err)
		}
	}
	return out, nil
}

// PageLabels returns a paged document's printed page labels mapped to
// physical page numbers (1-based); pages without a label are left out.
func (s *Snapshot) PageLabels(ctx context.Context, docID string) (map[string]int, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT number, label FROM pages WHERE document_id = ? AND label != '' ORDER BY number`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: page labels: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var n int
		var label string
		if err := rows.Scan(&n, &label); err != nil {
			return nil, fmt.Errorf("store: page labels: %w", err)
		}
		if _, dup := out[label]; !dup {
			out[label] = n
		}
	}
	return out, rows.Err()
}

// PassageStamp identifies the current passages of a document cheaply — their
// number and highest rowid — so derived data cached per document can tell
// when an import or reindex replaced them.
func (s *Snapshot) PassageStamp(ctx context.Context, docID string) (string, error) {
	var n int
	var hi sql.NullInt64
	if err := s.tx.QueryRowContext(ctx, `SELECT count(*), max(rowid) FROM passages WHERE document_id = ?`, docID).Scan(&n, &hi); err != nil {
		return "", fmt.Errorf("store: passage stamp: %w", err)
	}
	return fmt.Sprintf("%d/%d", n, hi.Int64), nil
}

// KindText is a block's kind and text, without its boxes.
type KindText struct {
	Kind app.BlockKind
	Text string
}

// BlockKindTexts returns every block of a document as kind and text, in
// reading order: what counting needs, without decoding word boxes.
func (s *Snapshot) BlockKindTexts(ctx context.Context, docID string) ([]KindText, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT kind, text FROM blocks WHERE document_id = ? ORDER BY seq`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: block texts: %w", err)
	}
	defer rows.Close()
	var out []KindText
	for rows.Next() {
		var k, t string
		if err := rows.Scan(&k, &t); err != nil {
			return nil, fmt.Errorf("store: block texts: %w", err)
		}
		out = append(out, KindText{app.BlockKind(k), t})
	}
	return out, rows.Err()
}

// PassageBodies returns the text of the passages with the given FTS
// rowids, by rowid: what a menu's excerpts need, without spans.
func (s *Snapshot) PassageBodies(ctx context.Context, rowids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(rowids))
	for start := 0; start < len(rowids); start += 500 {
		chunk := rowids[start:min(start+500, len(rowids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := s.tx.QueryContext(ctx, `SELECT rowid, body FROM passages WHERE rowid IN (`+placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("store: passage bodies: %w", err)
		}
		for rows.Next() {
			var id int64
			var body string
			if err := rows.Scan(&id, &body); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: passage bodies: %w", err)
			}
			out[id] = body
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: passage bodies: %w", err)
		}
	}
	return out, nil
}

// SoleTablePassages returns, when a document holds exactly one table
// block, the FTS rowids of the passages that hold it, in reading order;
// nil when it holds none or several.
func (s *Snapshot) SoleTablePassages(ctx context.Context, docID string) ([]int64, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT id FROM blocks WHERE document_id = ? AND kind = ? LIMIT 2`, docID, string(app.BlockTable))
	if err != nil {
		return nil, fmt.Errorf("store: tables: %w", err)
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: tables: %w", err)
		}
		ids = append(ids, id)
	}
	err = rows.Err()
	rows.Close()
	if err != nil || len(ids) != 1 {
		return nil, err
	}
	rows, err = s.tx.QueryContext(ctx, `SELECT rowid FROM passages WHERE document_id = ?
		AND EXISTS (SELECT 1 FROM json_each(passages.spans) WHERE json_extract(value, '$.block') = ?) ORDER BY seq`, docID, ids[0])
	if err != nil {
		return nil, fmt.Errorf("store: table passages: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var rowid int64
		if err := rows.Scan(&rowid); err != nil {
			return nil, fmt.Errorf("store: table passages: %w", err)
		}
		out = append(out, rowid)
	}
	return out, rows.Err()
}

// PictureFigures returns, for those of rowids that are passages of print
// read inside pictures, their figure blocks in order: what a provider that
// sees images is shown beside the passage's text. Other passages are left
// out.
func (s *Snapshot) PictureFigures(ctx context.Context, rowids []int64) (map[int64][]app.Block, error) {
	out := map[int64][]app.Block{}
	if len(rowids) == 0 {
		return out, nil
	}
	args := make([]any, len(rowids))
	for i, id := range rowids {
		args[i] = id
	}
	rows, err := s.tx.QueryContext(ctx, `SELECT rowid, spans FROM passages WHERE rowid IN (`+placeholders(len(rowids))+`)
		AND doc_key LIKE '% `+pictureKey+`'`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: picture figures: %w", err)
	}
	spansOf := map[int64][]app.Span{}
	var ids []string
	for rows.Next() {
		var rowid int64
		var raw string
		if err := rows.Scan(&rowid, &raw); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: picture figures: %w", err)
		}
		var spans []app.Span
		if err := json.Unmarshal([]byte(raw), &spans); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: picture figures: passage %d spans: %w", rowid, err)
		}
		spansOf[rowid] = spans
		for _, sp := range spans {
			ids = append(ids, sp.BlockID)
		}
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return nil, fmt.Errorf("store: picture figures: %w", err)
	}
	blocks, err := s.BlocksByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]app.Block, len(blocks))
	for _, b := range blocks {
		byID[b.ID] = b
	}
	for rowid, spans := range spansOf {
		seen := map[string]bool{}
		for _, sp := range spans {
			if b, ok := byID[sp.BlockID]; ok && b.Kind == app.BlockFigure && !seen[b.ID] {
				seen[b.ID] = true
				out[rowid] = append(out[rowid], b)
			}
		}
	}
	return out, nil
}
