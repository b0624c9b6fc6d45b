package store

import "context"

// MatchRows returns at most limit passages of ready, untrashed documents
// that match an FTS5 expression, in the order the index holds them, not
// ranked: without bm25, FTS5 reads only the posting lists the expression
// needs and never counts how many passages hold each of its phrases, so a
// selective expression (words that must occur together) costs little
// however common its words are. Rank is 0.
func (s *Snapshot) MatchRows(ctx context.Context, match string, limit int) ([]Hit, error) {
	if limit <= 0 {
		return nil, nil
	}
	q := `SELECT h.rowid, p.id, p.document_id, 0 FROM (
			SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? LIMIT ?) h
		JOIN passages p ON p.rowid = h.rowid
		JOIN documents d ON d.id = p.document_id
		WHERE d.status = 'ready' AND d.trashed_at IS NULL
		ORDER BY h.rowid`
	return s.hits(ctx, q, scopedMatch(match, nil), limit)
}
