package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"archivist/app"
)

// Snapshot is one read transaction: everything read through it comes from
// the same committed state of the library, so an import or delete running
// meanwhile shows up entirely or not at all. Close it when done.
type Snapshot struct {
	tx *sql.Tx
	db *DB

	mu      sync.Mutex
	version int64 // of the documents table as this snapshot reads it (ready.go); -1 before it is read

	hidePictures bool // see HidePictures
}

// Snapshot opens a read snapshot.
func (db *DB) Snapshot(ctx context.Context) (*Snapshot, error) {
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("store: snapshot: %w", err)
	}
	// SQLite fixes a WAL snapshot at the first read, not at BEGIN: read now.
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		tx.Rollback()
		return nil, fmt.Errorf("store: snapshot: %w", err)
	}
	return &Snapshot{tx: tx, db: db, version: -1}, nil
}

// Close ends the snapshot.
func (s *Snapshot) Close() error { return s.tx.Rollback() }

func (s *Snapshot) readyDocuments(ctx context.Context, ids []string) ([]app.Document, error) {
	q := `SELECT ` + documentColumns + ` FROM documents WHERE status = 'ready' AND trashed_at IS NULL`
	args := make([]any, 0, len(ids))
	if len(ids) > 0 {
		q += ` AND id IN (` + placeholders(len(ids)) + `)`
		for _, id := range ids {
			args = append(args, id)
		}
	}
	rows, err := s.tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: ready documents: %w", err)
	}
	defer rows.Close()
	var docs []app.Document
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, fmt.Errorf("store: ready documents: %w", err)
		}
		docs = append(docs, d)
	}
	return docs, rows.Err()
}

// Hit is one FTS5 match.
type Hit struct {
	RowID      int64
	PassageID  string
	DocumentID string
	Rank       float64 // bm25 with column weights: lower is better
}

// Column weights for bm25: title, headings, body, doc_key.
const bm25Weights = "4.0, 2.0, 1.0, 0.0"

// docKey is a document ID as one FTS5 token: the unicode61 tokenizer would
// split a UUID at its dashes.
func docKey(id string) string { return "k" + strings.ReplaceAll(id, "-", "") }

// pictureKey is the doc_key token that marks a passage of print read inside
// a picture (app.Passage.Picture). A document's key is "k" and hex digits,
// so no document's key is this word.
const pictureKey = "kpicture"

// passageKey is a passage's doc_key: its document's key, and pictureKey
// after it for the print of a picture.
func passageKey(p app.Passage) string {
	if p.Picture {
		return docKey(p.DocumentID) + " " + pictureKey
	}
	return docKey(p.DocumentID)
}

// HidePictures leaves the passages of print read inside pictures out of
// what the snapshot's searches, counts and passage lists return (Search,
// SearchTop, the match counts, PassageRefs): a chart's labels are words
// and numbers read by OCR, and they take part only in answering a question
// that points at a picture. They are indexed apart (pictures_fts,
// migration 0016), so with them hidden every search and its term
// statistics are what the documents' own text makes them.
func (s *Snapshot) HidePictures(hide bool) { s.hidePictures = hide }

// PicturesHidden reports whether HidePictures hid the pictures' print.
func (s *Snapshot) PicturesHidden() bool { return s.hidePictures }

// pictureHits ranks the passages of pictures matching expr (a scopedMatch
// expression) by bm25, best first, at most limit, of ready untrashed
// documents; none when pictures are hidden.
func (s *Snapshot) pictureHits(ctx context.Context, expr string, limit int) ([]Hit, error) {
	if s.hidePictures || limit <= 0 {
		return nil, nil
	}
	return s.hits(ctx, `SELECT h.rowid, p.id, p.document_id, h.r FROM (
			SELECT rowid, bm25(pictures_fts, `+bm25Weights+`) AS r FROM pictures_fts
			WHERE pictures_fts MATCH ? ORDER BY r LIMIT ?) h
		JOIN passages p ON p.rowid = h.rowid
		JOIN documents d ON d.id = p.document_id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL
		ORDER BY h.r`, expr, limit)
}

// withPictures merges the passages of pictures matching expr into hits by
// rank, keeping at most limit.
func (s *Snapshot) withPictures(ctx context.Context, hits []Hit, expr string, limit int) ([]Hit, error) {
	pics, err := s.pictureHits(ctx, expr, limit)
	if err != nil || len(pics) == 0 {
		return hits, err
	}
	hits = append(hits, pics...)
	slices.SortStableFunc(hits, func(a, b Hit) int { return cmp.Compare(a.Rank, b.Rank) })
	return hits[:min(len(hits), limit)], nil
}

// pictureCount counts the passages of pictures matching expr, at most
// limit (0: all); 0 when pictures are hidden.
func (s *Snapshot) pictureCount(ctx context.Context, expr string, limit int) (int, error) {
	if s.hidePictures {
		return 0, nil
	}
	if limit <= 0 {
		limit = -1
	}
	var n int
	if err := s.tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM pictures_fts WHERE pictures_fts MATCH ? LIMIT ?)`, expr, limit).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: match count: %w", err)
	}
	return n, nil
}

// textColumns confines an expression to the columns that hold text.
const textColumns = "{title headings body}"

// Search runs an FTS5 MATCH expression over the text of the passages of
// ready, untrashed documents — only those in docIDs when it is not empty —
// and returns the best limit hits, best first.
//
// FTS5 ranks and cuts first and only the best rows are joined to their
// passages and documents: joining every match before the cut reads a row
// of the passages table per match, which in a large library is most of
// the cost. Hits of documents that may not be shown are dropped after the
// cut, so when they leave fewer than limit the cut widens and ranks again.
func (s *Snapshot) Search(ctx context.Context, match string, docIDs []string, limit int) ([]Hit, error) {
	if limit <= 0 {
		return nil, nil
	}
	inScope := map[string]bool{}
	for _, id := range docIDs {
		inScope[id] = true
	}
	expr := scopedMatch(match, docIDs)
	for cut := limit + limit/4 + 16; ; cut *= 4 {
		rows, err := s.tx.QueryContext(ctx, `SELECT h.rowid, coalesce(p.id, ''), coalesce(p.document_id, ''), h.r,
				coalesce(d.status = 'ready' AND d.trashed_at IS NULL, 0)
			FROM (SELECT rowid, bm25(passages_fts, `+bm25Weights+`) AS r FROM passages_fts
				WHERE passages_fts MATCH ? ORDER BY r LIMIT ?) h
			LEFT JOIN passages p ON p.rowid = h.rowid
			LEFT JOIN documents d ON d.id = p.document_id
			ORDER BY h.r`, expr, cut)
		if err != nil {
			return nil, fmt.Errorf("store: search: %w", err)
		}
		var hits []Hit
		ranked := 0
		for rows.Next() {
			var h Hit
			var shown bool
			if err := rows.Scan(&h.RowID, &h.PassageID, &h.DocumentID, &h.Rank, &shown); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: search: %w", err)
			}
			ranked++
			if shown && (len(docIDs) == 0 || inScope[h.DocumentID]) && len(hits) < limit {
				hits = append(hits, h)
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: search: %w", err)
		}
		if len(hits) == limit || ranked < cut {
			return s.withPictures(ctx, hits, expr, limit)
		}
	}
}

// MatchCountUpTo returns how many indexed passages (only those of docIDs
// when it is not empty) match an FTS5 expression, counting no further than
// limit: FTS5 walks the expression's posting lists in rowid order and stops
// there, so a word in every passage of a large library costs no more than
// limit rows. Like MatchCount it reads the index alone.
func (s *Snapshot) MatchCountUpTo(ctx context.Context, match string, docIDs []string, limit int) (int, error) {
	n, _, err := s.matchPrefix(ctx, match, docIDs, limit)
	return n, err
}

// EstimateMatchCount is MatchCountUpTo that does not stop at limit: up to
// limit the count is exact; past it, the count of the first limit matches
// is scaled by how far through the scope's rowids they reach (passages are
// numbered in the order they were stored, so a common word's matches spread
// evenly). It costs at most limit rows of the index, however common the
// expression.
func (s *Snapshot) EstimateMatchCount(ctx context.Context, match string, docIDs []string, limit int) (int, error) {
	n, last, err := s.matchPrefix(ctx, match, docIDs, limit)
	if err != nil || n < limit {
		return n, err
	}
	var lo, hi sql.NullInt64
	if len(docIDs) == 0 {
		// Two subqueries: SQLite reads min and max from the index ends
		// only when each is alone in its query.
		err = s.tx.QueryRowContext(ctx, `SELECT (SELECT min(rowid) FROM passages), (SELECT max(rowid) FROM passages)`).Scan(&lo, &hi)
	} else {
		args := make([]any, 0, len(docIDs))
		for _, id := range docIDs {
			args = append(args, id)
		}
		err = s.tx.QueryRowContext(ctx, `SELECT min(rowid), max(rowid) FROM passages
			WHERE document_id IN (`+placeholders(len(docIDs))+`)`, args...).Scan(&lo, &hi)
	}
	if err != nil {
		return 0, fmt.Errorf("store: match count: %w", err)
	}
	if !lo.Valid || last <= lo.Int64 || hi.Int64 <= last {
		return n, nil
	}
	return int(float64(n) * float64(hi.Int64-lo.Int64+1) / float64(last-lo.Int64+1)), nil
}

// matchPrefix counts the first limit matches of an expression in rowid
// order and returns the rowid of the last one counted.
func (s *Snapshot) matchPrefix(ctx context.Context, match string, docIDs []string, limit int) (int, int64, error) {
	var n int
	var last sql.NullInt64
	err := s.tx.QueryRowContext(ctx, `SELECT count(*), max(rowid) FROM (
			SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? LIMIT ?)`,
		scopedMatch(match, docIDs), limit).Scan(&n, &last)
	if err != nil {
		return 0, 0, fmt.Errorf("store: match count: %w", err)
	}
	pics, err := s.pictureCount(ctx, scopedMatch(match, docIDs), limit)
	return n + pics, last.Int64, err
}

// PassageSpan returns an upper bound on the number of indexed passages,
// read from the ends of the rowid index alone: the span of their rowids.
func (s *Snapshot) PassageSpan(ctx context.Context) (int, error) {
	var lo, hi sql.NullInt64
	// Two subqueries: SQLite reads min and max from the index ends only
	// when each is alone in its query.
	if err := s.tx.QueryRowContext(ctx, `SELECT (SELECT min(rowid) FROM passages), (SELECT max(rowid) FROM passages)`).Scan(&lo, &hi); err != nil {
		return 0, fmt.Errorf("store: passage span: %w", err)
	}
	if !lo.Valid {
		return 0, nil
	}
	return int(hi.Int64 - lo.Int64 + 1), nil
}

// scopedMatch confines an FTS5 expression to the text columns and, when
// docIDs is not empty, to those documents (see Search).
func scopedMatch(match string, docIDs []string) string {
	expr := textColumns + " : (" + match + ")"
	if len(docIDs) > 0 {
		keys := make([]string, len(docIDs))
		for i, id := range docIDs {
			keys[i] = `"` + strings.ReplaceAll(docKey(id), `"`, `""`) + `"`
		}
		expr = "doc_key : (" + strings.Join(keys, " OR ") + ") AND " + expr
	}
	return expr
}

// hits runs a query whose rows are (rowid, passage id, document id, rank).
func (s *Snapshot) hits(ctx context.Context, q string, args ...any) ([]Hit, error) {
	rows, err := s.tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: search: %w", err)
	}
	defer rows.Close()
	var hits []Hit
	for rows.Next() {
		var h Hit
		if err := rows.Scan(&h.RowID, &h.PassageID, &h.DocumentID, &h.Rank); err != nil {
			return nil, fmt.Errorf("store: search: %w", err)
		}
		hits = append(hits, h)
	}
	return hits, rows.Err()
}

// Snippet markers: private-use characters that never occur in imported text
// (parsers keep text verbatim, but private-use code points in a real
// document would only shift a window, never corrupt a quote).
const (
	MarkStart = "\uE000"
	MarkEnd   = "\uE001"
)

// Snippet returns FTS5's snippet of the body of passage rowid for match:
// the best window of at most tokens tokens, with matched terms wrapped in
// MarkStart/MarkEnd and no ellipses, so that once the marks are removed it
// is verbatim passage text.
func (s *Snapshot) Snippet(ctx context.Context, match string, rowid int64, tokens int) (string, error) {
	var snip sql.NullString
	err := s.tx.QueryRowContext(ctx, `SELECT snippet(passages_fts, 2, ?, ?, '', ?) FROM passages_fts
		WHERE passages_fts MATCH ? AND rowid = ?`, MarkStart, MarkEnd, tokens, scopedMatch(match, nil), rowid).Scan(&snip)
	if err == sql.ErrNoRows {
		// A passage of a picture is indexed apart.
		err = s.tx.QueryRowContext(ctx, `SELECT snippet(pictures_fts, 2, ?, ?, '', ?) FROM pictures_fts
			WHERE pictures_fts MATCH ? AND rowid = ?`, MarkStart, MarkEnd, tokens, scopedMatch(match, nil), rowid).Scan(&snip)
	}
	if err == sql.ErrNoRows {
		return "", nil
	} else if err != nil {
		return "", fmt.Errorf("store: snippet: %w", err)
	}
	return snip.String, nil
}

const passageColumns = `rowid, id, document_id, section_id, seq, title, headings, body, spans, page_start, page_end, index_version`

func scanPassage(sc interface{ Scan(...any) error }) (app.Passage, int64, error) {
	var p app.Passage
	var rowid int64
	var spans string
	err := sc.Scan(&rowid, &p.ID, &p.DocumentID, &p.SectionID, &p.Seq, &p.Title, &p.Headings, &p.Text,
		&spans, &p.PageStart, &p.PageEnd, &p.IndexVersion)
	if err != nil {
		return p, 0, err
	}
	if err := json.Unmarshal([]byte(spans), &p.Spans); err != nil {
		return p, 0, fmt.Errorf("passage %s spans: %w", p.ID, err)
	}
	return p, rowid, nil
}

// Passage returns the passage with the given FTS rowid.
func (s *Snapshot) Passage(ctx context.Context, rowid int64) (*app.Passage, error) {
	p, _, err := scanPassage(s.tx.QueryRowContext(ctx, `SELECT `+passageColumns+` FROM passages WHERE rowid = ?`, rowid))
	if err != nil {
		return nil, fmt.Errorf("store: passage: %w", err)
	}
	return &p, nil
}

// DocumentSize returns the number of characters of a document's block text
// and its number of blocks.
func (s *Snapshot) DocumentSize(ctx context.Context, docID string) (chars, blocks int, err error) {
	err = s.tx.QueryRowContext(ctx, `SELECT coalesce(sum(length(text)), 0), count(*) FROM blocks WHERE document_id = ?`,
		docID).Scan(&chars, &blocks)
	if err != nil {
		return 0, 0, fmt.Errorf("store: document size: %w", err)
	}
	return chars, blocks, nil
}

const blockColumns = `id, section_id, seq, kind, level, text, page, line_start, line_end, x0, y0, x1, y1, words`

func scanBlock(sc interface{ Scan(...any) error }) (app.Block, error) {
	var b app.Block
	var kind, words string
	err := sc.Scan(&b.ID, &b.SectionID, &b.Seq, &kind, &b.Level, &b.Text, &b.Page, &b.LineStart, &b.LineEnd,
		&b.Box.X0, &b.Box.Y0, &b.Box.X1, &b.Box.Y1, &words)
	if err != nil {
		return b, err
	}
	b.Kind = app.BlockKind(kind)
	b.Box.Page = b.Page
	if words != "" {
		if b.Words, err = decodeWords(words); err != nil {
			return b, fmt.Errorf("block %s words: %w", b.ID, err)
		}
	}
	return b, nil
}

// Blocks returns a document's blocks in reading order.
func (s *Snapshot) Blocks(ctx context.Context, docID string) ([]app.Block, error) {
	return s.queryBlocks(ctx, `SELECT `+blockColumns+` FROM blocks WHERE document_id = ? ORDER BY seq`, docID)
}

// BlocksByID returns the named blocks, in reading order.
func (s *Snapshot) BlocksByID(ctx context.Context, ids []string) ([]app.Block, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return s.queryBlocks(ctx, `SELECT `+blockColumns+` FROM blocks WHERE id IN (`+placeholders(len(ids))+`)
		ORDER BY document_id, seq`, args...)
}

func (s *Snapshot) queryBlocks(ctx context.Context, q string, args ...any) ([]app.Block, error) {
	rows, err := s.tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: blocks: %w", err)
	}
	defer rows.Close()
	var blocks []app.Block
	for rows.Next() {
		b, err := scanBlock(rows)
		if err != nil {
			return nil, fmt.Errorf("store: blocks: %w", err)
		}
		blocks = append(blocks, b)
	}
	return blocks, rows.Err()
}

// SectionPaths returns each section of a document mapped to its heading
// path: from the first heading below the root down to the section, joined
// by " › ", leaving out a heading that only repeats the document's title
// ("" for the root).
func (s *Snapshot) SectionPaths(ctx context.Context, docID string) (map[string]string, error) {
	var title string
	if err := s.tx.QueryRowContext(ctx, `SELECT title FROM documents WHERE id = ?`, docID).Scan(&title); err != nil {
		return nil, fmt.Errorf("store: sections: %w", err)
	}
	rows, err := s.tx.QueryContext(ctx, `SELECT id, coalesce(parent_id, ''), level, heading FROM sections
		WHERE document_id = ? ORDER BY seq`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: sections: %w", err)
	}
	defer rows.Close()
	type node struct{ parent, heading string }
	nodes := map[string]node{}
	var order []string
	for rows.Next() {
		var id, parent, heading string
		var level int
		if err := rows.Scan(&id, &parent, &level, &heading); err != nil {
			return nil, fmt.Errorf("store: sections: %w", err)
		}
		if level == 0 || strings.EqualFold(strings.TrimSpace(heading), strings.TrimSpace(title)) {
			heading = ""
		}
		nodes[id] = node{parent, heading}
		order = append(order, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: sections: %w", err)
	}
	paths := make(map[string]string, len(order))
	for _, id := range order {
		var parts []string
		for cur, depth := id, 0; cur != "" && depth < 64; depth++ {
			n := nodes[cur]
			if n.heading != "" {
				parts = append(parts, n.heading)
			}
			cur = n.parent
		}
		for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
			parts[i], parts[j] = parts[j], parts[i]
		}
		paths[id] = strings.Join(parts, " › ")
	}
	return paths, nil
}

// LastBlock returns a document's last block in reading order, or nil.
func (s *Snapshot) LastBlock(ctx context.Context, docID string) (*app.Block, error) {
	blocks, err := s.queryBlocks(ctx, `SELECT `+blockColumns+` FROM blocks WHERE document_id = ? ORDER BY seq DESC LIMIT 1`, docID)
	if err != nil || len(blocks) == 0 {
		return nil, err
	}
	return &blocks[0], nil
}
