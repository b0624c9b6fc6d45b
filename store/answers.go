package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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

// SaveAnswer stores an answer's JSON under its trace token, byte for byte,
// then drops answers beyond the replay bounds.
func (db *DB) SaveAnswer(ctx context.Context, token string, body []byte) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: save answer: %w", err)
	}
	defer tx.Rollback()
	count, age, err := replayBounds(ctx, tx)
	if err != nil {
		return err
	}
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
	err := db.read.QueryRowContext(ctx, `SELECT body FROM answers WHERE token = ?`, token).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		count, age, _ := db.ReplayBounds(ctx)
		return nil, app.Errorf(app.ENotFound, "No stored answer with trace token %q (answers are kept for %s, at most %d).",
			token, age, count)
	} else if err != nil {
		return nil, fmt.Errorf("store: answer: %w", err)
	}
	return body, nil
}
