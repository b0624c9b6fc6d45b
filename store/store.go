// Package store keeps the library: an SQLite database (modernc.org/sqlite,
// WAL mode) with an FTS5 index over passages, and a content-addressed folder
// holding a copy of every imported original.
package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is an open library. It holds one writer connection, so writes queue in
// Go rather than fighting over SQLite's lock, and a pool of readers that see
// consistent WAL snapshots.
type DB struct {
	Dir string
	// Now is the clock; tests replace it.
	Now func() time.Time

	write   *sql.DB
	read    *sql.DB
	answers *sql.DB // the stored answers, in a file of their own (AnswersFile)
	lock    *libraryLock

	ready readyLists // ReadyDocuments lists by documents version (ready.go)
}

// DatabaseFile is the database's file name inside the library folder.
const DatabaseFile = "library.db"

// Open opens (creating when needed) the library in dir and brings its schema
// up to date. The process holds the library's lock until Close: a second
// Open of the same folder, in this process or another, fails with an
// app.EConflict error naming the folder.
func Open(ctx context.Context, dir string) (*DB, error) {
	if err := os.MkdirAll(filepath.Join(dir, blobDir), 0o700); err != nil {
		return nil, folderError(dir, "create library folder", err)
	}
	lock, err := lockLibrary(dir)
	if err != nil {
		return nil, err
	}
	removeIncoming(filepath.Join(dir, blobDir))
	if err := secureLibrary(dir); err != nil {
		lock.release()
		return nil, folderError(dir, "open", err)
	}
	path := filepath.Join(dir, DatabaseFile)
	db := &DB{Dir: dir, Now: time.Now, lock: lock}
	if db.write, err = sql.Open("sqlite", dsn(path, "_txlock=immediate")); err != nil {
		lock.release()
		return nil, fmt.Errorf("store: open: %w", err)
	}
	db.write.SetMaxOpenConns(1)
	if err := db.migrate(ctx); err != nil {
		db.write.Close()
		lock.release()
		if isDiskFull(err) || isReadOnly(err) {
			return nil, folderError(dir, "open", err)
		}
		return nil, err
	}
	if db.read, err = sql.Open("sqlite", dsn(path, "_pragma=query_only(1)")); err != nil {
		db.write.Close()
		lock.release()
		return nil, fmt.Errorf("store: open readers: %w", err)
	}
	db.read.SetMaxOpenConns(4)
	if err := db.openAnswers(ctx); err != nil {
		db.read.Close()
		db.write.Close()
		lock.release()
		return nil, err
	}
	db.reportOpenFolder(ctx)
	return db, nil
}

// Close closes the database and releases the library's lock.
func (db *DB) Close() error {
	err := db.read.Close()
	if aerr := db.answers.Close(); err == nil {
		err = aerr
	}
	if werr := db.write.Close(); err == nil {
		err = werr
	}
	if lerr := db.lock.release(); err == nil {
		err = lerr
	}
	return err
}

// migrate applies, in name order and one transaction each, every embedded
// migration not yet recorded in schema_migrations.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.write.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return fmt.Errorf("store: list migrations: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := db.migrateOne(ctx, name); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) migrateOne(ctx context.Context, name string) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	} else if n > 0 {
		return nil
	}
	body, err := migrations.ReadFile(name)
	if err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)`,
		name, db.now()); err != nil {
		return fmt.Errorf("store: migrate %s: %w", name, err)
	}
	return tx.Commit()
}

// Migrations lists the recorded migrations, oldest first.
func (db *DB) Migrations(ctx context.Context) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT name FROM schema_migrations ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: list migrations: %w", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	return names, rows.Err()
}

// now returns the current time as stored: RFC 3339 in UTC with nanoseconds,
// so text order is time order.
func (db *DB) now() string { return formatTime(db.Now()) }

func formatTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000000Z") }

func parseTime(s string) time.Time {
	t, _ := time.Parse("2006-01-02T15:04:05.000000000Z", s)
	return t
}

// placeholders returns "?, ?, …" for n parameters.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// Pragma returns the value of a PRAGMA as the reader pool sees it; tests use
// it to check the connection settings.
func (db *DB) Pragma(ctx context.Context, name string) (string, error) {
	var v string
	err := db.read.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v)
	return v, err
}

// IntegrityCheck runs PRAGMA integrity_check and the FTS5 index's own
// consistency check, returning an error describing any damage.
//
// Both run on the writer: a long-lived reader connection can hold an FTS5
// structure it cached before later merges, which its queries refresh but
// PRAGMA integrity_check does not, so a reader reports corruption the file
// does not have (seen under concurrent imports and deletes; a fresh
// connection found the same file clean).
func (db *DB) IntegrityCheck(ctx context.Context) error {
	var v string
	if err := db.write.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&v); err != nil {
		return fmt.Errorf("store: integrity check: %w", err)
	}
	if v != "ok" {
		return fmt.Errorf("store: integrity check: %s", v)
	}
	for _, fts := range []string{"passages_fts", "pictures_fts"} {
		if _, err := db.write.ExecContext(ctx, `INSERT INTO `+fts+`(`+fts+`, rank) VALUES ('integrity-check', 1)`); err != nil {
			return fmt.Errorf("store: fts integrity check (%s): %w", fts, err)
		}
	}
	return nil
}
