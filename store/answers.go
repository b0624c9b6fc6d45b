package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"archivist/app"
)

// Replay bounds: the newest answers are kept, up to this many and this old.
const (
	DefaultReplayCount = 1024
	DefaultReplayAge   = 24 * time.Hour
)

// SaveAnswer stores an answer's JSON under its trace token, byte for byte,
// then drops answers beyond the replay bounds.
func (db *DB) SaveAnswer(ctx context.Context, token string, body []byte) error {
	tx, err := db.write.BeginTx(ctx, nil)
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
		formatTime(now.Add(-DefaultReplayAge)), DefaultReplayCount); err != nil {
		return fmt.Errorf("store: prune answers: %w", err)
	}
	return tx.Commit()
}

// Answer returns the stored JSON of the answer with the given trace token.
func (db *DB) Answer(ctx context.Context, token string) ([]byte, error) {
	var body []byte
	err := db.read.QueryRowContext(ctx, `SELECT body FROM answers WHERE token = ?`, token).Scan(&body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "No stored answer with trace token %q (answers are kept for %s, at most %d).",
			token, DefaultReplayAge, DefaultReplayCount)
	} else if err != nil {
		return nil, fmt.Errorf("store: answer: %w", err)
	}
	return body, nil
}
