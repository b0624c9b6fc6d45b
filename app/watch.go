package app

import (
	"context"
	"time"
)

// WatchedFolder is a folder on disk the library keeps up with, as the
// window shows it.
type WatchedFolder struct {
	ID, Path, Name string
	// State is watching, polling, scanning, offline or paused.
	State string
	// Done and Total count the files being looked at while scanning.
	Done, Total int
	// Message says why a folder is offline or polled.
	Message    string
	LastSync   time.Time
	LastResult string // what the last sync did
	Documents  int
	// MapFolders files documents under Watched/<Name>/<sub-folders>;
	// TrashRemoved moves a document to the trash when its file is deleted.
	MapFolders, TrashRemoved bool
}

// WatchProblem is a file or folder a sync could not read or import,
// listed until dismissed.
type WatchProblem struct {
	FolderID, Folder, Path, Message string
	At                              time.Time
}

// Watcher keeps watched folders. Methods that take a context may block on
// the library; ScanWatch only asks.
type Watcher interface {
	Watched(ctx context.Context) ([]WatchedFolder, error)
	WatchProblems(ctx context.Context) ([]WatchProblem, error)
	// Watch adds a folder (its files import in the background).
	Watch(ctx context.Context, path string) error
	Unwatch(ctx context.Context, id string) error
	PauseWatch(ctx context.Context, id string, paused bool) error
	ScanWatch(id string)
	// SetWatchOptions sets a folder's two options (see WatchedFolder);
	// the next sync follows them.
	SetWatchOptions(ctx context.Context, id string, mapFolders, trashRemoved bool) error
	DismissWatchProblem(ctx context.Context, folderID, path string) error
}
