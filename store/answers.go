package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"archivist/app"
)

// Replay bounds: the newest answers are kept, up to this many and this old,
// unless the settings ReplayCountSetting and ReplayAgeSetting say otherwise.
const (
	DefaultReplayCount = 1024
	DefaultReplayAge   = 24 * time.Hour
)

// The settings that configure the replay bounds: a count of answers, and an
// age in hours. A missing or unusable value means the default.
const (
	ReplayCountSetting = "replay.max_answers"
	ReplayAgeSetting   = "replay.max_age_hours"
)

// ReplayBounds returns the replay bounds in force.
func (db *DB) ReplayBounds(ctx context.Context) (count int, age time.Duration, err error) {
	return replayBounds(ctx, db.read)
}

// SetReplayBounds stores the replay bounds; count and age must be positive.
// Answers beyond them are dropped at the next save.
func (db *DB) SetReplayBounds(ctx context.Context, count int, age time.Duration) error {
	if count < 1 || age < time.Hour {
		return app.Errorf(app.EInvalid, "Keep at least one answer, for at least one hour.")
	}
	if err := db.SetSetting(ctx, ReplayCountSetting, strconv.Itoa(count)); err != nil {
		return err
	}
	return db.SetSetting(ctx, ReplayAgeSetting, strconv.FormatFloat(age.Hours(), 'f', -1, 64))
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func replayBounds(ctx context.Context, q rowQuerier) (int, time.Duration, error) {
	count, age := DefaultReplayCount, DefaultReplayAge
	read := func(key string) (string, error) {
		var v string
		err := q.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return "", nil
		}
		return v, err
	}
	v, err := read(ReplayCountSetting)
	if err != nil {
		return 0, 0, fmt.Errorf("store: replay bounds: %w", err)
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		count = n
	}
	if v, err = read(ReplayAgeSetting); err != nil {
		return 0, 0, fmt.Errorf("store: replay bounds: %w", err)
	}
	if h, err := strconv.ParseFloat(v, 64); err == nil && h > 0 && h < 1e6 {
		age = time.Duration(h * float64(time.Hour))
	}
	return count, age, nil
}

// AnswersFile is the file, beside DatabaseFile, that keeps the stored
// answers. Every question saves its answer; a commit to the library's
// database would make every reader connection drop its page cache (a
// WAL reader starts over whenever the database changed), so the next
// question would read its index pages from the file again. A database of
// their own keeps the answers' writes away from the library's readers.
const AnswersFile = "answers.db"

// openAnswers opens the answers database in dir and moves into it the
// answers an older library kept in its own database. A file that is no
// SQLite database (cut short, overwritten) is set aside under a name of
// its own and a new one started: stored answers are a replay log, and
// losing them must not keep the library from opening.
func (db *DB) openAnswers(ctx context.Context) error {
	path := filepath.Join(db.Dir, AnswersFile)
	if err := createPrivate(path); err != nil {
		return folderError(db.Dir, "create the answers file", err)
	}
	a, err := openAnswersFile(ctx, path)
	if err != nil && isNotDatabase(err) {
		aside := path + ".unreadable-" + db.Now().UTC().Format("20060102T150405")
		Log().Warn("the stored answers could not be read; set aside and started anew", "file", aside, "err", err)
		if rerr := os.Rename(path, aside); rerr != nil {
			return fmt.Errorf("store: set aside unreadable answers: %w", rerr)
		}
		os.Remove(path + "-wal")
		os.Remove(path + "-shm")
		if err := createPrivate(path); err != nil {
			return folderError(db.Dir, "create the answers file", err)
		}
		a, err = openAnswersFile(ctx, path)
	}
	if err != nil {
		return err
	}
	db.answers = a
	return db.moveOldAnswers(ctx)
}

// openAnswersFile opens the answers database at path, one connection
// for reads and writes alike, creating its table when needed.
func openAnswersFile(ctx context.Context, path string) (*sql.DB, error) {
	a, err := sql.Open("sqlite", dsn(path, "_txlock=immediate"))
	if err != nil {
		return nil, fmt.Errorf("store: open answers: %w", err)
	}
	a.SetMaxOpenConns(1)
	if _, err := a.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS answers (
		token      TEXT PRIMARY KEY,
		created_at TEXT NOT NULL,
		body       BLOB NOT NULL);
		CREATE INDEX IF NOT EXISTS answers_created ON answers(created_at)`); err != nil {
		a.Close()
		return nil, fmt.Errorf("store: open answers: %w", err)
	}
	return a, nil
}

// moveOldAnswers copies the answers the library's database holds — where
// libraries kept them before AnswersFile, and where an older Archivist
// opening this library still saves them — into the answers database, then
// empties the old table (kept, so that an older Archivist still can save
// there). The copy ignores tokens already there, so a move cut short by a
// crash is finished at the next open, losing nothing.
func (db *DB) moveOldAnswers(ctx context.Context) error {
	var n int
	if err := db.write.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'answers'`).Scan(&n); err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	if n == 0 {
		return nil
	}
	if err := db.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM answers)`).Scan(&n); err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	if n == 0 {
		return nil // nothing to move: no write, so the readers keep their caches
	}
	rows, err := db.write.QueryContext(ctx, `SELECT token, created_at, body FROM answers`)
	if err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	type stored struct {
		token, created string
		body           []byte
	}
	var old []stored
	for rows.Next() {
		var s stored
		if err := rows.Scan(&s.token, &s.created, &s.body); err != nil {
			rows.Close()
			return fmt.Errorf("store: move stored answers: %w", err)
		}
		old = append(old, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	tx, err := db.answers.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	defer tx.Rollback()
	for _, s := range old {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO answers (token, created_at, body) VALUES (?, ?, ?)`,
			s.token, s.created, s.body); err != nil {
			return fmt.Errorf("store: move stored answers: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	if _, err := db.write.ExecContext(ctx, `DELETE FROM answers`); err != nil {
		return fmt.Errorf("store: move stored answers: %w", err)
	}
	return nil
}

// SaveAnswer stores an answer's JSON under its trace token, byte for byte,
// then drops answers beyond the replay bounds.
func (db *DB) SaveAnswer(ctx context.Context, token string, body []byte) error {
	count, age, err := replayBounds(ctx, db.read)
	if err != nil {
		return err
	}
	tx, err := db.answers.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: save answer: %w", err)
	}
	defer tx.Rollback()
	now := db.Now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO answers (token, created_at, body) VALUES (?, ?, ?)`,
		token, formatTime(now), body); err != nil {
		return fmt.Errorf("store: save answer: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM answers WHERE created_at < ? OR token IN (
		SELECT token FROM answers ORDER BY created_at DESC LIMIT -1 OFFSET ?)`,
		formatTime(now.Add(-age)), count); err != nil {
		return fmt.Errorf("store: prune answers: %w", err)
	}
	return tx.Commit()
}

// Answer returns the stored JSON of the answer with the given trace token.
func (db *DB) Answer(ctx context.Context, token string) ([]byte, error) {
	var body []byte
	err := db.answers.QueryRowContext(ctx, `SELECT body FROM answers WHERE token = ?`, token).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		count, age, _ := db.ReplayBounds(ctx)
		return nil, app.Errorf(app.ENotFound, "No stored answer with trace token %q (answers are kept for %s, at most %d).",
			token, age, count)
	} else if err != nil {
		return nil, fmt.Errorf("store: answer: %w", err)
	}
	return body, nil
}
