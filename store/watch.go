package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"archivist/app"
)

// WatchFolder is a folder on disk whose files the library keeps up with.
type WatchFolder struct {
	ID   string
	Path string // absolute and cleaned
	Name string // shown, and the Archivist folder Watched/<Name>
	// MapFolders files each document under Watched/<Name>/<its sub-folders>.
	MapFolders bool
	// TrashRemoved moves a document to the trash when its file is deleted;
	// otherwise it stays, marked "original removed".
	TrashRemoved bool
	Paused       bool
	// Device is the file system the folder was on when it was added (0:
	// unknown): another one mounted at the same path means the folder is
	// offline, not emptied.
	Device     uint64
	LastSyncAt time.Time
	LastResult string
	CreatedAt  time.Time
}

// WatchFile is the synced state of one file of a watched folder.
type WatchFile struct {
	FolderID string
	Rel      string // below the folder, '/'-separated
	Size     int64
	MtimeNS  int64
	SHA256   string // the content last synced
	// PendingSHA is the content being imported; see the migration.
	PendingSHA string
	DocumentID string // "" when none (failed, or deleted from the library)
	Error      string
}

// WatchError is a problem met while syncing, listed until dismissed.
type WatchError struct {
	FolderID string
	Path     string
	Message  string
	At       time.Time
}

const watchFolderColumns = `id, path, name, map_folders, trash_removed, paused, device, last_sync_at, last_result, created_at`

func scanWatchFolder(s interface{ Scan(...any) error }) (WatchFolder, error) {
	var f WatchFolder
	var last, created string
	err := s.Scan(&f.ID, &f.Path, &f.Name, &f.MapFolders, &f.TrashRemoved, &f.Paused, &f.Device, &last, &f.LastResult, &created)
	f.LastSyncAt, f.CreatedAt = parseTime(last), parseTime(created)
	return f, err
}

// AddWatchFolder records a folder to watch. A path watched already, or a
// name used by another watched folder, is refused.
func (db *DB) AddWatchFolder(ctx context.Context, f WatchFolder) error {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM watch_folders WHERE path = ?`, f.Path).Scan(&n); err != nil {
		return fmt.Errorf("store: add watched folder: %w", err)
	} else if n > 0 {
		return app.Errorf(app.EConflict, "%s is watched already.", f.Path)
	}
	if err := db.read.QueryRowContext(ctx, `SELECT count(*) FROM watch_folders WHERE name = ? COLLATE NOCASE`, f.Name).Scan(&n); err != nil {
		return fmt.Errorf("store: add watched folder: %w", err)
	} else if n > 0 {
		return app.Errorf(app.EConflict, "Another watched folder is named %q; give this one another name.", f.Name)
	}
	_, err := db.write.ExecContext(ctx, `INSERT INTO watch_folders (id, path, name, map_folders, trash_removed, paused, device, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, f.Path, f.Name, f.MapFolders, f.TrashRemoved, f.Paused, f.Device, db.now())
	if err != nil {
		return db.WriteError(fmt.Errorf("store: add watched folder: %w", err))
	}
	return nil
}

// RemoveWatchFolder stops watching a folder. Its documents stay in the
// library as they are; only the record of its files goes.
func (db *DB) RemoveWatchFolder(ctx context.Context, id string) error {
	res, err := db.write.ExecContext(ctx, `DELETE FROM watch_folders WHERE id = ?`, id)
	if err != nil {
		return db.WriteError(fmt.Errorf("store: remove watched folder: %w", err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return app.Errorf(app.ENotFound, "No watched folder with ID %q.", id)
	}
	return nil
}

// WatchFolders lists the watched folders by name.
func (db *DB) WatchFolders(ctx context.Context) ([]WatchFolder, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+watchFolderColumns+` FROM watch_folders ORDER BY name COLLATE NOCASE`)
	if err != nil {
		return nil, fmt.Errorf("store: watched folders: %w", err)
	}
	defer rows.Close()
	var out []WatchFolder
	for rows.Next() {
		f, err := scanWatchFolder(rows)
		if err != nil {
			return nil, fmt.Errorf("store: watched folders: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// WatchFolder returns one watched folder.
func (db *DB) WatchFolder(ctx context.Context, id string) (*WatchFolder, error) {
	f, err := scanWatchFolder(db.read.QueryRowContext(ctx, `SELECT `+watchFolderColumns+` FROM watch_folders WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, app.Errorf(app.ENotFound, "No watched folder with ID %q.", id)
	} else if err != nil {
		return nil, fmt.Errorf("store: watched folder: %w", err)
	}
	return &f, nil
}

// SetWatchPaused pauses or resumes a watched folder.
func (db *DB) SetWatchPaused(ctx context.Context, id string, paused bool) error {
	return db.updateWatchFolder(ctx, `UPDATE watch_folders SET paused = ? WHERE id = ?`, paused, id)
}

// SetWatchOptions sets whether a folder's structure maps onto Archivist
// folders and whether deleted files trash their documents.
func (db *DB) SetWatchOptions(ctx context.Context, id string, mapFolders, trashRemoved bool) error {
	return db.updateWatchFolder(ctx, `UPDATE watch_folders SET map_folders = ?, trash_removed = ? WHERE id = ?`, mapFolders, trashRemoved, id)
}

// SetWatchResult records when a folder was last synced and what it did.
func (db *DB) SetWatchResult(ctx context.Context, id, result string) error {
	return db.updateWatchFolder(ctx, `UPDATE watch_folders SET last_sync_at = ?, last_result = ? WHERE id = ?`, db.now(), result, id)
}

func (db *DB) updateWatchFolder(ctx context.Context, q string, args ...any) error {
	res, err := db.write.ExecContext(ctx, q, args...)
	if err != nil {
		return db.WriteError(fmt.Errorf("store: watched folder: %w", err))
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return app.Errorf(app.ENotFound, "No such watched folder.")
	}
	return nil
}

// WatchFiles returns the synced state of a folder's files by relative path.
func (db *DB) WatchFiles(ctx context.Context, folderID string) (map[string]WatchFile, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT rel, size, mtime_ns, sha256, pending_sha, ifnull(document_id, ''), error
		FROM watch_files WHERE folder_id = ?`, folderID)
	if err != nil {
		return nil, fmt.Errorf("store: watched files: %w", err)
	}
	defer rows.Close()
	out := map[string]WatchFile{}
	for rows.Next() {
		f := WatchFile{FolderID: folderID}
		if err := rows.Scan(&f.Rel, &f.Size, &f.MtimeNS, &f.SHA256, &f.PendingSHA, &f.DocumentID, &f.Error); err != nil {
			return nil, fmt.Errorf("store: watched files: %w", err)
		}
		out[f.Rel] = f
	}
	return out, rows.Err()
}

// PutWatchFile writes a file's synced state.
func (db *DB) PutWatchFile(ctx context.Context, f WatchFile) error {
	if err := putWatchFile(ctx, db.write, f); err != nil {
		return db.WriteError(err)
	}
	return nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func putWatchFile(ctx context.Context, x execer, f WatchFile) error {
	_, err := x.ExecContext(ctx, `INSERT INTO watch_files (folder_id, rel, size, mtime_ns, sha256, pending_sha, document_id, error)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (folder_id, rel) DO UPDATE SET size = excluded.size,
		mtime_ns = excluded.mtime_ns, sha256 = excluded.sha256, pending_sha = excluded.pending_sha,
		document_id = excluded.document_id, error = excluded.error`,
		f.FolderID, f.Rel, f.Size, f.MtimeNS, f.SHA256, f.PendingSHA, nullIfEmpty(f.DocumentID), f.Error)
	if err != nil {
		return fmt.Errorf("store: watched file: %w", err)
	}
	return nil
}

// DeleteWatchFile forgets a file that is gone from its folder.
func (db *DB) DeleteWatchFile(ctx context.Context, folderID, rel string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM watch_files WHERE folder_id = ? AND rel = ?`, folderID, rel); err != nil {
		return db.WriteError(fmt.Errorf("store: forget watched file: %w", err))
	}
	return nil
}

// WatchFileCounts returns how many files of each watched folder are synced,
// by folder ID.
func (db *DB) WatchFileCounts(ctx context.Context) (map[string]int, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT folder_id, count(*) FROM watch_files WHERE document_id IS NOT NULL GROUP BY folder_id`)
	if err != nil {
		return nil, fmt.Errorf("store: watched file counts: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// AddWatchError lists a problem met while syncing path. The same problem
// again does not bring a dismissed entry back; a different one does.
func (db *DB) AddWatchError(ctx context.Context, folderID, path, message string) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO watch_errors (folder_id, path, message, at) VALUES (?, ?, ?, ?)
		ON CONFLICT (folder_id, path) DO UPDATE SET at = excluded.at,
		dismissed = dismissed AND message = excluded.message, message = excluded.message`,
		folderID, path, message, db.now())
	if err != nil {
		return db.WriteError(fmt.Errorf("store: watch error: %w", err))
	}
	return nil
}

// ClearWatchError removes the entry of a path whose problem is gone.
func (db *DB) ClearWatchError(ctx context.Context, folderID, path string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM watch_errors WHERE folder_id = ? AND path = ?`, folderID, path); err != nil {
		return db.WriteError(fmt.Errorf("store: watch error: %w", err))
	}
	return nil
}

// DismissWatchError hides a listed problem until it changes.
func (db *DB) DismissWatchError(ctx context.Context, folderID, path string) error {
	if _, err := db.write.ExecContext(ctx, `UPDATE watch_errors SET dismissed = 1 WHERE folder_id = ? AND path = ?`, folderID, path); err != nil {
		return db.WriteError(fmt.Errorf("store: watch error: %w", err))
	}
	return nil
}

// WatchErrors lists the problems not dismissed, newest first.
func (db *DB) WatchErrors(ctx context.Context) ([]WatchError, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT folder_id, path, message, at FROM watch_errors
		WHERE dismissed = 0 ORDER BY at DESC, path`)
	if err != nil {
		return nil, fmt.Errorf("store: watch errors: %w", err)
	}
	defer rows.Close()
	var out []WatchError
	for rows.Next() {
		var e WatchError
		var at string
		if err := rows.Scan(&e.FolderID, &e.Path, &e.Message, &at); err != nil {
			return nil, err
		}
		e.At = parseTime(at)
		out = append(out, e)
	}
	return out, rows.Err()
}
