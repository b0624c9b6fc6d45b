package watch

import (
	"context"
	"os"
	"path/filepath"

	"archivist/app"
	"archivist/store"
)

// Service is the engine as the window uses it: app.Watcher over a running
// Engine (Run must be running for additions and scans to take effect).
type Service struct{ E *Engine }

var _ app.Watcher = Service{}

// Watched returns every watched folder with its live state.
func (s Service) Watched(ctx context.Context) ([]app.WatchedFolder, error) {
	folders, err := s.E.DB.WatchFolders(ctx)
	if err != nil {
		return nil, err
	}
	counts, err := s.E.DB.WatchFileCounts(ctx)
	if err != nil {
		return nil, err
	}
	live := map[string]Status{}
	for _, st := range s.E.Statuses() {
		live[st.Folder.ID] = st
	}
	out := make([]app.WatchedFolder, 0, len(folders))
	for _, f := range folders {
		w := app.WatchedFolder{ID: f.ID, Path: f.Path, Name: f.Name, State: Watching, LastSync: f.LastSyncAt,
			LastResult: f.LastResult, Documents: counts[f.ID], MapFolders: f.MapFolders, TrashRemoved: f.TrashRemoved}
		if st, ok := live[f.ID]; ok {
			w.State, w.Done, w.Total, w.Message = st.State, st.Done, st.Total, st.Message
		} else if reason := offline(f); reason != "" {
			w.State, w.Message = Offline, reason
		}
		if f.Paused {
			w.State = Paused
		}
		out = append(out, w)
	}
	return out, nil
}

// WatchProblems lists the problems not dismissed.
func (s Service) WatchProblems(ctx context.Context) ([]app.WatchProblem, error) {
	errs, err := s.E.DB.WatchErrors(ctx)
	if err != nil {
		return nil, err
	}
	folders, err := s.E.DB.WatchFolders(ctx)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, f := range folders {
		names[f.ID] = f.Name
	}
	out := make([]app.WatchProblem, 0, len(errs))
	for _, e := range errs {
		out = append(out, app.WatchProblem{FolderID: e.FolderID, Folder: names[e.FolderID], Path: e.Path, Message: e.Message, At: e.At})
	}
	return out, nil
}

// Watch adds a folder, named after itself, its structure mapped onto
// Archivist folders; the running engine syncs it.
func (s Service) Watch(ctx context.Context, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		return app.Errorf(app.EInvalid, "%s is not a folder.", abs)
	}
	name, err := app.CleanFolderName(filepath.Base(abs))
	if err != nil {
		return err
	}
	f := store.WatchFolder{ID: s.E.NewID(), Path: abs, Name: name, MapFolders: true, Device: DeviceOf(abs)}
	if err := s.E.DB.AddWatchFolder(ctx, f); err != nil {
		return err
	}
	s.E.ScanNow("")
	return nil
}

// Unwatch stops watching a folder; its documents stay.
func (s Service) Unwatch(ctx context.Context, id string) error {
	if err := s.E.DB.RemoveWatchFolder(ctx, id); err != nil {
		return err
	}
	s.E.ScanNow("")
	return nil
}

// PauseWatch pauses or resumes a folder; resuming catches up.
func (s Service) PauseWatch(ctx context.Context, id string, paused bool) error {
	if err := s.E.DB.SetWatchPaused(ctx, id, paused); err != nil {
		return err
	}
	s.E.ScanNow("")
	return nil
}

// ScanWatch asks for a sync of one folder now.
func (s Service) ScanWatch(id string) { s.E.ScanNow(id) }

// SetWatchOptions sets whether a folder's structure maps onto
// Watched/<name>/… and whether deleted files trash their documents, as
// archivist watch set does. The running engine reloads its folders (it
// keeps their options between syncs), so the next sync follows them.
func (s Service) SetWatchOptions(ctx context.Context, id string, mapFolders, trashRemoved bool) error {
	if err := s.E.DB.SetWatchOptions(ctx, id, mapFolders, trashRemoved); err != nil {
		return err
	}
	s.E.ScanNow("")
	return nil
}

// DismissWatchProblem hides a listed problem until it changes.
func (s Service) DismissWatchProblem(ctx context.Context, folderID, path string) error {
	return s.E.DB.DismissWatchError(ctx, folderID, path)
}
