package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"archivist/app"
)

// SetSensitivity sets a document's sensitivity to one of the levels
// app.ParseSensitivity reads ("public", "internal", "confidential",
// "restricted"). The level of a trashed document can be set too: it keeps
// it if restored.
func (db *DB) SetSensitivity(ctx context.Context, id, level string) error {
	s, err := app.ParseSensitivity(level)
	if err != nil {
		return err
	}
	res, err := db.write.ExecContext(ctx, `UPDATE documents SET sensitivity = ? WHERE id = ?`, string(s), id)
	if err != nil {
		return fmt.Errorf("store: set sensitivity: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: set sensitivity: %w", err)
	} else if n == 0 {
		return app.Errorf(app.ENotFound, "No document with ID %q.", id)
	}
	return nil
}

// Setting returns a stored setting, or "" when it was never set.
func (db *DB) Setting(ctx context.Context, key string) (string, error) {
	var v string
	err := db.read.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	} else if err != nil {
		return "", fmt.Errorf("store: setting: %w", err)
	}
	return v, nil
}

// SetSetting stores a setting, replacing any earlier value.
func (db *DB) SetSetting(ctx context.Context, key, value string) error {
	if _, err := db.write.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value); err != nil {
		return fmt.Errorf("store: set setting: %w", err)
	}
	return nil
}

// egressKey is the settings key of an endpoint's egress acknowledgement.
func egressKey(baseURL string) string { return "egress.ack:" + baseURL }

// EgressAcknowledged reports whether the person acknowledged that document
// text is sent to the endpoint at baseURL (docs/design.md §7). The
// acknowledgement is per endpoint: another URL needs its own.
func (db *DB) EgressAcknowledged(ctx context.Context, baseURL string) (bool, error) {
	v, err := db.Setting(ctx, egressKey(baseURL))
	return v != "", err
}

// AcknowledgeEgress stores the acknowledgement for the endpoint at baseURL,
// with the time it was given.
func (db *DB) AcknowledgeEgress(ctx context.Context, baseURL string) error {
	return db.SetSetting(ctx, egressKey(baseURL), db.now())
}

// WithdrawEgress removes the acknowledgement for the endpoint at baseURL.
func (db *DB) WithdrawEgress(ctx context.Context, baseURL string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM settings WHERE key = ?`, egressKey(baseURL)); err != nil {
		return fmt.Errorf("store: withdraw egress: %w", err)
	}
	return nil
}
