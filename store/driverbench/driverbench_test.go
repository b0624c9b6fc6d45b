// Package driverbench compares SQLite drivers on Archivist's FTS5 workload:
// modernc.org/sqlite (pure Go, what the app uses) against
// github.com/mattn/go-sqlite3 (cgo, built with the sqlite_fts5 tag). It is
// its own module so the app does not depend on the cgo driver.
//
//	cd store/driverbench && go test -tags sqlite_fts5 -run '^$' -bench . -benchtime 100x
//
// DRIVERBENCH_PASSAGES sets the library size (default 50,000 passages of
// ~2,400 characters).
package driverbench

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"
	_ "modernc.org/sqlite"
)

// The passages table, its FTS5 index and the candidate-pass query, as the
// app's migrations and store.Snapshot.Search have them (without the
// documents join, which costs both drivers the same).
const schema = `
CREATE TABLE passages (rowid INTEGER PRIMARY KEY, title TEXT, headings TEXT, body TEXT, doc_key TEXT);
CREATE VIRTUAL TABLE passages_fts USING fts5(title, headings, body, doc_key,
    content = 'passages', content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2');
CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, new.title, new.headings, new.body, new.doc_key);
END;`

const query = `SELECT rowid, bm25(passages_fts, 4.0, 2.0, 1.0, 0.0) AS r FROM passages_fts
	WHERE passages_fts MATCH ? ORDER BY r LIMIT 200`

// vocabulary: pseudo-words drawn with a Zipf distribution, so posting
// lists have realistic lengths (as the app's own bench generator).
var vocabulary = func() []string {
	syll := strings.Fields("ka lo mi ne ru sa te vi do ga he ji ku ma no pe ri so tu wa ya ze bo fa")
	r := rand.New(rand.NewSource(99))
	seen := map[string]bool{}
	var words []string
	for len(words) < 20000 {
		var b strings.Builder
		for n := 1 + r.Intn(4); n > 0; n-- {
			b.WriteString(syll[r.Intn(len(syll))])
		}
		if w := b.String(); !seen[w] && len(w) > 2 {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}()

func passages() int {
	if n, err := strconv.Atoi(os.Getenv("DRIVERBENCH_PASSAGES")); err == nil && n > 0 {
		return n
	}
	return 50_000
}

// build fills a new database at path through driver.
func build(tb testing.TB, driver, path string, n int) *sql.DB {
	db, err := sql.Open(driver, path)
	if err != nil {
		tb.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	for _, q := range []string{"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", schema} {
		if _, err := db.Exec(q); err != nil {
			tb.Fatal(err)
		}
	}
	r := rand.New(rand.NewSource(5))
	zipf := rand.NewZipf(r, 1.07, 2, uint64(len(vocabulary)-1))
	var b strings.Builder
	tx, _ := db.Begin()
	stmt, err := tx.Prepare(`INSERT INTO passages (title, headings, body, doc_key) VALUES (?, ?, ?, ?)`)
	if err != nil {
		tb.Fatal(err)
	}
	for i := 0; i < n; i++ {
		b.Reset()
		for b.Len() < 2400 {
			b.WriteString(vocabulary[zipf.Uint64()])
			b.WriteByte(' ')
		}
		doc := i / 100
		if _, err := stmt.Exec(fmt.Sprintf("Report %d %s", doc, vocabulary[doc%len(vocabulary)]),
			fmt.Sprintf("Section %d %s", i%37, vocabulary[zipf.Uint64()]), b.String(), fmt.Sprintf("k%d", doc)); err != nil {
			tb.Fatal(err)
		}
		if i%10_000 == 9_999 {
			stmt.Close()
			if err := tx.Commit(); err != nil {
				tb.Fatal(err)
			}
			tx, _ = db.Begin()
			stmt, _ = tx.Prepare(`INSERT INTO passages (title, headings, body, doc_key) VALUES (?, ?, ?, ?)`)
		}
	}
	stmt.Close()
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
	return db
}

// questions are MATCH expressions as fts.MatchAny makes them: a
// common word, mid-frequency words and a rare one, longer ones as
// prefixes, confined to the text columns.
func questions() []string {
	r := rand.New(rand.NewSource(3))
	term := func(w string) string {
		if len(w) >= 6 {
			return `"` + w + `"*`
		}
		return `"` + w + `"`
	}
	qs := make([]string, 64)
	for i := range qs {
		ws := []string{vocabulary[5+r.Intn(20)], vocabulary[100+r.Intn(400)], vocabulary[500+r.Intn(2000)], vocabulary[3000+r.Intn(10000)]}
		for j := range ws {
			ws[j] = term(ws[j])
		}
		qs[i] = "{title headings body} : (" + strings.Join(ws, " OR ") + ")"
	}
	return qs
}

func BenchmarkFTS(b *testing.B) {
	n := passages()
	for _, driver := range []string{"sqlite", "sqlite3"} { // modernc, mattn
		name := map[string]string{"sqlite": "modernc", "sqlite3": "mattn"}[driver]
		b.Run(name, func(b *testing.B) {
			db := build(b, driver, filepath.Join(b.TempDir(), "fts.db"), n)
			defer db.Close()
			qs := questions()
			ctx := context.Background()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rows, err := db.QueryContext(ctx, query, qs[i%len(qs)])
				if err != nil {
					b.Fatal(err)
				}
				hits := 0
				for rows.Next() {
					hits++
				}
				if err := rows.Err(); err != nil {
					b.Fatal(err)
				}
				rows.Close()
				if hits == 0 {
					b.Fatal("no hits")
				}
			}
			b.ReportMetric(float64(n), "passages")
		})
	}
}
