package store

import (
	"context"
	"fmt"
)

// Every import commits the passages' FTS5 index entries as a segment of
// their own, and FTS5 merges segments only a few at a time, so a library
// imported document by document is searched through several segments:
// every term's postings are read from each and merged, and bm25 counts
// each phrase's rows across all of them. One segment makes the search of
// a question's terms a third cheaper (FinanceBench, 39 filings: the
// candidate pass of a library question from 25 ms to 17 ms of processor,
// same hits in the same order).
//
// compactShare is the share of the index outside its largest segment at
// which an import merges the whole index into one. The index must have
// grown by that share since it was last merged, so the merges of a library
// imported a document at a time rewrite, all together, a bounded multiple
// of its final size (1/compactShare + 1), however many documents it holds.
//
// Limit: the merge holds the writer; in a library of thousands of
// documents it may take a minute, once per eighth of growth.
const compactShare = 0.125

// compactIndex merges the passages' FTS5 index into one segment once the
// segments beside its largest hold compactShare of its pages. Pages are
// counted by the index's own table of leaf pages (passages_fts_idx, a row
// for each leaf page a term starts on), enough to tell shares apart.
func (db *DB) compactIndex(ctx context.Context) error {
	var total, largest int
	err := db.write.QueryRowContext(ctx, `SELECT coalesce(sum(n), 0), coalesce(max(n), 0)
		FROM (SELECT count(*) AS n FROM passages_fts_idx GROUP BY segid)`).Scan(&total, &largest)
	if err != nil {
		return fmt.Errorf("store: compact index: %w", err)
	}
	if total == 0 || float64(total-largest) < compactShare*float64(total) {
		return nil
	}
	if _, err := db.write.ExecContext(ctx, `INSERT INTO passages_fts(passages_fts) VALUES ('optimize')`); err != nil {
		return fmt.Errorf("store: compact index: %w", err)
	}
	return nil
}
