// Package watch keeps the library up with folders on disk. A watched
// folder's files are imported through the importer as if dropped on the
// window; after that, the engine follows the folder by itself:
//
//   - A sync walks the folder and compares each importable file's size and
//     modification time with what was synced last; only files that differ
//     are read. A file is imported once it has kept its size and time for
//     Stable (partial downloads, office owner files, swap and hidden files
//     are skipped, and so is whatever an .archivistignore names).
//   - Bytes are recognised by their SHA-256: a file that changed becomes a
//     new version of its document (the old version is kept whole, so older
//     answers still open what they quoted); a file found under a new path
//     with bytes the library holds is the same document, moved; a file gone
//     from disk leaves its document in the library, marked "original
//     removed" (or moved to the trash, if the folder says so).
//   - A folder that is absent, or on another file system than when it was
//     added (a drive not mounted), is offline: nothing is taken as deleted.
//   - Run syncs every folder at start (catching up on what changed while
//     Archivist was closed), then follows the system's notifications
//     (inotify, FSEvents, ReadDirectoryChangesW through fsnotify), with a
//     periodic rescan behind them; where the system cannot watch (the limit
//     on watches reached) it says so and rescans more often instead.
//
// Every step can be interrupted: a file's pending import is written
// before the import and cleared in the transaction that links it, so a
// sync a crash interrupted is finished by the next, never repeated.
package watch

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"archivist/app"
	"archivist/ingest"
	"archivist/store"
)

// Defaults of the engine's intervals.
const (
	// maxDebounce bounds how long changes wait for a quiet moment.
	maxDebounce   = 15 * time.Second
	DefaultStable = 3 * time.Second
	DefaultRescan = 15 * time.Minute
	DefaultPoll   = time.Minute
)

// States of a watched folder.
const (
	Watching = "watching"
	Polling  = "polling" // the system cannot watch it: rescanned every Poll
	Scanning = "scanning"
	Offline  = "offline"
	Paused   = "paused"
)

// Engine syncs watched folders and follows them.
type Engine struct {
	DB *store.DB
	// Import imports one file as if dropped; the importer's own result.
	Import func(ctx context.Context, path string) app.ImportResult
	NewID  func() string
	// Stable is how long a file must keep its size and time before it is
	// imported (0: DefaultStable; negative: not waited for).
	Stable time.Duration
	// Rescan is how often every folder is walked behind the system's
	// notifications, and Poll how often one the system cannot watch is.
	Rescan, Poll time.Duration
	// OnChange is called whenever a folder's state changes.
	OnChange func()
	// Synced is called after each sync.
	Synced func(f store.WatchFolder, r *Result)
	// Imported, when set, is called after each sync with the documents it
	// imported (new files and new versions), filed in their folders by
	// then: Through leaves the importer's own Imported hook to it
	// (Importer.NotifyImported), so the review after an import sees a
	// watched document in its folder.
	Imported func(ctx context.Context, documentIDs []string)
	// AddWatch asks the system to watch one folder; nil means fsnotify.
	// Tests set it to stand for a system whose limit is reached.
	AddWatch func(path string) error

	mu     sync.Mutex
	status map[string]*Status
	kick   chan string
	// walked, set by Run, watches the folders a sync walked.
	walked func(f store.WatchFolder, dirs []string)
}

// Status is a watched folder's state as the window shows it.
type Status struct {
	Folder store.WatchFolder
	State  string
	// Done and Total count the files being looked at while scanning.
	Done, Total int
	// Message says why a folder is offline or polled.
	Message string
	Last    *Result
	Err     string
}

func (e *Engine) stable() time.Duration {
	if e.Stable == 0 {
		return DefaultStable
	}
	return max(e.Stable, 0)
}

func (e *Engine) importFile(ctx context.Context, path string) app.ImportResult {
	return e.Import(ctx, path)
}

// offline says why a watched folder cannot be synced now, or "".
func offline(f store.WatchFolder) string {
	info, err := os.Stat(f.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "the folder is not there; is its drive or network share connected?"
	case err != nil:
		return "cannot reach the folder: " + plainError(err)
	case !info.IsDir():
		return "it is not a folder any more"
	case f.Device != 0 && deviceOf(info) != 0 && deviceOf(info) != f.Device:
		return "another drive is mounted in its place"
	}
	return ""
}

// DeviceOf returns the file system number to record for a folder being
// added (0 where the system does not say).
func DeviceOf(path string) uint64 {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return deviceOf(info)
}

// Statuses returns every watched folder's state, by name.
func (e *Engine) Statuses() []Status {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]Status, 0, len(e.status))
	for _, s := range e.status {
		c := *s
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Folder.Name) < strings.ToLower(out[j].Folder.Name) })
	return out
}

func (e *Engine) setStatus(id string, fn func(*Status)) {
	e.mu.Lock()
	if s := e.status[id]; s != nil {
		fn(s)
	}
	e.mu.Unlock()
	if e.OnChange != nil {
		e.OnChange()
	}
}

// ScanNow asks Run to sync a folder now ("" reloads the list of folders
// after one was added, removed, paused or resumed).
func (e *Engine) ScanNow(id string) {
	e.mu.Lock()
	if e.kick == nil {
		e.kick = make(chan string, 64)
	}
	k := e.kick
	e.mu.Unlock()
	select {
	case k <- id:
	default:
	}
}

// SyncFolder syncs one folder now, keeping its status, and records the
// result.
func (e *Engine) SyncFolder(ctx context.Context, f store.WatchFolder) (*Result, error) {
	e.mu.Lock()
	if e.status == nil {
		e.status = map[string]*Status{}
	}
	if e.status[f.ID] == nil {
		e.status[f.ID] = &Status{Folder: f, State: Watching}
	}
	prev := e.status[f.ID].State
	e.mu.Unlock()
	e.setStatus(f.ID, func(s *Status) { s.Folder, s.State, s.Done, s.Total, s.Err = f, Scanning, 0, 0, "" })
	res, err := e.Sync(ctx, f, func(done, total int) {
		e.setStatus(f.ID, func(s *Status) { s.Done, s.Total = done, total })
	})
	e.setStatus(f.ID, func(s *Status) {
		switch {
		case err != nil:
			s.State, s.Err = prev, app.ErrorMessage(err)
		case res.Offline:
			s.State, s.Message = Offline, res.Reason
		default:
			if prev == Polling {
				s.State = Polling
			} else {
				s.State, s.Message = Watching, ""
			}
			s.Last = res
		}
	})
	if err != nil {
		return nil, err
	}
	if !res.Offline {
		if err := e.DB.SetWatchResult(ctx, f.ID, res.String()); err != nil {
			return res, err
		}
	}
	if e.Synced != nil {
		e.Synced(f, res)
	}
	return res, nil
}

// Run syncs every watched folder, then follows them until ctx ends.
func (e *Engine) Run(ctx context.Context) error {
	e.ScanNow("") // makes the kick channel; the first reload syncs all
	watcher, werr := fsnotify.NewWatcher()
	var events chan fsnotify.Event
	var errs chan error
	if werr == nil {
		defer watcher.Close()
		events, errs = watcher.Events, watcher.Errors
	}
	add := e.AddWatch
	if add == nil && watcher != nil {
		add = watcher.Add
	}
	rescan, poll := or(e.Rescan, DefaultRescan), or(e.Poll, DefaultPoll)
	var (
		folders = map[string]store.WatchFolder{}
		watched = map[string]string{} // folder path on disk → watched folder ID
		polled  = map[string]string{} // watched folder ID → why it is polled
		dirty   = map[string]bool{}
		lastAll = map[string]time.Time{}
		// dirtySince is when the oldest change not yet synced arrived.
		dirtySince time.Time
	)
	debounce := time.NewTimer(time.Hour)
	debounce.Stop()
	tick := time.NewTicker(min(rescan, poll, 30*time.Second))
	defer tick.Stop()

	syncOne := func(f store.WatchFolder) {
		if f.Paused {
			return
		}
		res, err := e.SyncFolder(ctx, f)
		lastAll[f.ID] = time.Now()
		if err != nil || res.Offline {
			return
		}
		if res.Count(Changing) > 0 || res.Unsettled {
			dirty[f.ID] = true
			debounce.Reset(e.stable() + time.Second)
		}
		if msg, ok := polled[f.ID]; ok {
			e.setStatus(f.ID, func(s *Status) { s.State, s.Message = Polling, msg })
		}
	}
	// The folders a sync walks are watched before its files are looked
	// at, so a file made in a new folder meanwhile is not missed.
	e.walked = func(f store.WatchFolder, dirs []string) {
		if _, ok := polled[f.ID]; ok {
			return
		}
		if add == nil {
			polled[f.ID] = "the system cannot watch folders here (" + werr.Error() + "); checking every " + poll.String()
			return
		}
		for _, d := range dirs {
			if _, ok := watched[d]; ok {
				continue
			}
			if err := add(d); err != nil {
				if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EMFILE) {
					polled[f.ID] = "the system's limit on watched folders is reached (on Linux, fs.inotify.max_user_watches); checking every " + poll.String() + " instead"
					return
				}
				continue // vanished meanwhile, or unreadable: the rescan covers it
			}
			watched[d] = f.ID
		}
	}
	defer func() { e.walked = nil }()
	reload := func() {
		list, err := e.DB.WatchFolders(ctx)
		if err != nil {
			return
		}
		now := map[string]store.WatchFolder{}
		for _, f := range list {
			now[f.ID] = f
		}
		e.mu.Lock()
		if e.status == nil {
			e.status = map[string]*Status{}
		}
		for id := range e.status {
			if _, ok := now[id]; !ok {
				delete(e.status, id)
			}
		}
		for _, f := range list {
			if e.status[f.ID] == nil {
				e.status[f.ID] = &Status{Folder: f, State: Watching}
			}
			e.status[f.ID].Folder = f
			if f.Paused {
				e.status[f.ID].State = Paused
			} else if e.status[f.ID].State == Paused {
				e.status[f.ID].State = Watching
			}
		}
		e.mu.Unlock()
		for d, id := range watched {
			if f, ok := now[id]; !ok || f.Paused {
				if watcher != nil {
					watcher.Remove(d)
				}
				delete(watched, d)
			}
		}
		for id, f := range now {
			_, known := folders[id]
			wasPaused := known && folders[id].Paused
			folders[id] = f
			if !known || wasPaused {
				syncOne(f) // catch up: new, resumed, or at start
			}
		}
		for id := range folders {
			if _, ok := now[id]; !ok {
				delete(folders, id)
				delete(polled, id)
			}
		}
		if e.OnChange != nil {
			e.OnChange()
		}
	}
	folderOf := func(p string) string {
		best, id := -1, ""
		for _, f := range folders {
			if (p == f.Path || strings.HasPrefix(p, f.Path+string(filepath.Separator))) && len(f.Path) > best {
				best, id = len(f.Path), f.ID
			}
		}
		return id
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case id := <-e.kick:
			if id == "" {
				reload()
			} else if f, ok := folders[id]; ok {
				syncOne(f)
			}
		case ev := <-events:
			if id := folderOf(ev.Name); id != "" {
				if len(dirty) == 0 {
					dirtySince = time.Now()
				}
				dirty[id] = true
				// Wait for a quiet moment, but not for ever: a file written
				// without pause must not hold back the rest of the folder.
				if time.Since(dirtySince) < maxDebounce {
					debounce.Reset(e.stable() + 500*time.Millisecond)
				}
			}
		case err := <-errs:
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				for id := range folders {
					dirty[id] = true
				}
				debounce.Reset(e.stable())
			}
		case <-debounce.C:
			for id := range dirty {
				delete(dirty, id)
				if f, ok := folders[id]; ok {
					syncOne(f)
				}
			}
		case <-tick.C:
			for id, f := range folders {
				every := rescan
				if _, ok := polled[id]; ok {
					every = poll
				}
				e.mu.Lock()
				off := e.status[id] != nil && e.status[id].State == Offline
				e.mu.Unlock()
				if off {
					every = min(every, poll) // come back soon after the drive does
				}
				if time.Since(lastAll[id]) >= every {
					syncOne(f)
				}
			}
		}
	}
}

func or(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Through returns an Import that takes a file through im, as a drop on the
// window does, but for im's Imported hook: the engine's Imported calls it
// once the sync has filed the document (Importer.NotifyImported).
func Through(im *ingest.Importer) func(context.Context, string) app.ImportResult {
	return func(ctx context.Context, path string) app.ImportResult {
		results, err := im.ImportUnannounced(ctx, []string{path}, "", nil)
		if err != nil || len(results) == 0 {
			if err == nil {
				err = app.Errorf(app.EInvalid, "nothing was imported")
			}
			return app.ImportResult{Path: path, Outcome: app.OutcomeFailed, Err: err}
		}
		return results[0]
	}
}

// OfflineReason says why a watched folder cannot be reached now, or "".
func OfflineReason(f store.WatchFolder) string { return offline(f) }
