package store

import (
	"context"
	"database/sql"
	"strings"
)

// batchRows is how many rows one INSERT statement carries. Every statement
// on a table with an FTS5 trigger opens a statement savepoint, and FTS5
// writes its pending terms to disk as a new segment at each savepoint: one
// row per statement made a segment per row and merge work that grew faster
// than the rows (a document of 80,000 headings took 17 s to commit, 4 times
// one of 40,000). Many rows per statement let FTS5 gather terms in memory up
// to its own bound and write few segments. 256 rows of up to 15 columns stay
// well under SQLite's limit of 32,766 parameters.
const batchRows = 256

// batchInsert inserts n rows with statements of up to batchRows rows each.
// head is the statement up to VALUES ("INSERT INTO t (a, b)"), cols the
// number of columns, and row appends row i's values to args.
func batchInsert(ctx context.Context, tx *sql.Tx, head string, cols, n int, row func(i int, args []any) ([]any, error)) error {
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	var (
		stmt *sql.Stmt
		size int // rows of stmt
		args = make([]any, 0, cols*min(n, batchRows))
		err  error
	)
	defer func() {
		if stmt != nil {
			stmt.Close()
		}
	}()
	for start := 0; start < n; start += batchRows {
		rows := min(batchRows, n-start)
		if rows != size {
			if stmt != nil {
				stmt.Close()
			}
			q := head + " VALUES " + strings.TrimSuffix(strings.Repeat(one+", ", rows), ", ")
			if stmt, err = tx.PrepareContext(ctx, q); err != nil {
				stmt = nil
				return err
			}
			size = rows
		}
		args = args[:0]
		for i := start; i < start+rows; i++ {
			if args, err = row(i, args); err != nil {
				return err
			}
		}
		if _, err := stmt.ExecContext(ctx, args...); err != nil {
			return err
		}
	}
	return nil
}
