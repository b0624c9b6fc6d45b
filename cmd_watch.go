package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest/watch"
	"archivist/store"
	"archivist/ui/desktop"
)

const watchUsage = `usage:
  archivist [--library DIR] watch add [--name NAME] [--no-folders] [--trash-removed] [--no-scan] FOLDER
  archivist [--library DIR] watch remove FOLDER
  archivist [--library DIR] watch pause|resume FOLDER
  archivist [--library DIR] watch set [--folders=true|false] [--trash-removed=true|false] FOLDER
  archivist [--library DIR] watch list [--json]
  archivist [--library DIR] watch scan [--stable DURATION] [FOLDER...]
  archivist [--library DIR] watch run [--stable DURATION]`

// cmdWatch manages watched folders: folders whose files the library keeps
// up with by itself.
func cmdWatch(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, watchUsage)
		return 2
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("watch "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "", "the name shown, and of its Archivist folder Watched/NAME")
	noFolders := fs.Bool("no-folders", false, "do not file documents under Watched/NAME/<sub-folders>")
	trashRemoved := fs.Bool("trash-removed", false, "move a document to the trash when its file is deleted")
	noScan := fs.Bool("no-scan", false, "do not import the folder's files now")
	asJSON := fs.Bool("json", false, "print JSON")
	folders := fs.Bool("folders", true, "with set: file documents under Watched/NAME/<sub-folders>")
	stable := fs.Duration("stable", watch.DefaultStable, "how long a file must keep its size and time before it is imported")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	e := &watch.Engine{DB: p.db, Import: watch.Through(p.importer), NewID: uuid.NewString, Stable: *stable}
	if *stable <= 0 {
		e.Stable = -1
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	switch sub {
	case "add":
		if fs.NArg() != 1 {
			fmt.Fprintln(stderr, watchUsage)
			return 2
		}
		f, err := newWatchFolder(fs.Arg(0), *name, !*noFolders, *trashRemoved)
		if err != nil {
			return fail(err)
		}
		if err := p.db.AddWatchFolder(ctx, f); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "watching %s as %q\n", f.Path, f.Name)
		if *noScan {
			return 0
		}
		return watchScan(ctx, p, e, []store.WatchFolder{f}, stdout, stderr)
	case "remove", "pause", "resume":
		if fs.NArg() != 1 {
			fmt.Fprintln(stderr, watchUsage)
			return 2
		}
		f, err := findWatchFolder(ctx, p.db, fs.Arg(0))
		if err != nil {
			return fail(err)
		}
		switch sub {
		case "remove":
			err = p.db.RemoveWatchFolder(ctx, f.ID)
		default:
			err = p.db.SetWatchPaused(ctx, f.ID, sub == "pause")
		}
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "%s: %s\n", map[string]string{"remove": "no longer watched (its documents stay)",
			"pause": "paused", "resume": "resumed"}[sub], f.Path)
		return 0
	case "set":
		if fs.NArg() != 1 {
			fmt.Fprintln(stderr, watchUsage)
			return 2
		}
		f, err := findWatchFolder(ctx, p.db, fs.Arg(0))
		if err != nil {
			return fail(err)
		}
		mapFolders, trash := f.MapFolders, f.TrashRemoved
		fs.Visit(func(fl *flag.Flag) {
			switch fl.Name {
			case "folders":
				mapFolders = *folders
			case "trash-removed":
				trash = *trashRemoved
			}
		})
		if err := p.db.SetWatchOptions(ctx, f.ID, mapFolders, trash); err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "%s: folders mapped %v, deleted files trash their documents %v\n", f.Path, mapFolders, trash)
		return 0
	case "list":
		return watchList(ctx, p, *asJSON, stdout, stderr)
	case "scan":
		var folders []store.WatchFolder
		for _, a := range fs.Args() {
			f, err := findWatchFolder(ctx, p.db, a)
			if err != nil {
				return fail(err)
			}
			folders = append(folders, *f)
		}
		if fs.NArg() == 0 {
			all, err := p.db.WatchFolders(ctx)
			if err != nil {
				return fail(err)
			}
			for _, f := range all {
				if !f.Paused {
					folders = append(folders, f)
				}
			}
		}
		return watchScan(ctx, p, e, folders, stdout, stderr)
	case "run":
		if err := p.importer.Resume(ctx); err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
		}
		e.Synced = func(f store.WatchFolder, r *watch.Result) { printSync(stdout, f, r) }
		fmt.Fprintln(stdout, "following the watched folders; Ctrl-C stops")
		if err := e.Run(ctx); err != nil && ctx.Err() == nil {
			return fail(err)
		}
		return 0
	}
	fmt.Fprintf(stderr, "archivist: unknown watch command %q\n%s\n", sub, watchUsage)
	return 2
}

// newWatchFolder checks a folder to watch and describes it.
func newWatchFolder(dir, name string, mapFolders, trashRemoved bool) (store.WatchFolder, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return store.WatchFolder{}, err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return store.WatchFolder{}, app.Errorf(app.ENotFound, "%s: no such folder.", abs)
	}
	if !info.IsDir() {
		return store.WatchFolder{}, app.Errorf(app.EInvalid, "%s is a file; watch a folder.", abs)
	}
	if name == "" {
		name = filepath.Base(abs)
	}
	if name, err = app.CleanFolderName(name); err != nil {
		return store.WatchFolder{}, err
	}
	return store.WatchFolder{ID: uuid.NewString(), Path: abs, Name: name, MapFolders: mapFolders,
		TrashRemoved: trashRemoved, Device: watch.DeviceOf(abs)}, nil
}

// findWatchFolder finds a watched folder by its path or its name.
func findWatchFolder(ctx context.Context, db *store.DB, arg string) (*store.WatchFolder, error) {
	all, err := db.WatchFolders(ctx)
	if err != nil {
		return nil, err
	}
	abs, _ := filepath.Abs(arg)
	for _, f := range all {
		if f.Path == abs || strings.EqualFold(f.Name, arg) {
			return &f, nil
		}
	}
	return nil, app.Errorf(app.ENotFound, "%s is not a watched folder (see `archivist watch list`).", arg)
}

// watchScan syncs folders once, printing a line per change; it exits 1
// when a file failed.
func watchScan(ctx context.Context, p *parts, e *watch.Engine, folders []store.WatchFolder, stdout, stderr io.Writer) int {
	if err := p.importer.Resume(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
	}
	code := 0
	for _, f := range folders {
		r, err := e.SyncFolder(ctx, f)
		if err != nil {
			fmt.Fprintf(stderr, "archivist: %s: %s\n", f.Path, describe(err))
			return 1
		}
		printSync(stdout, f, r)
		if r.Count(watch.Failed) > 0 {
			code = 1
		}
	}
	return code
}

// printSync prints what one sync did.
func printSync(w io.Writer, f store.WatchFolder, r *watch.Result) {
	for _, c := range r.Changes {
		switch c.Kind {
		case watch.Failed:
			fmt.Fprintf(w, "failed: %s: %s\n", c.Rel, c.Err)
		case watch.Version:
			fmt.Fprintf(w, "new version: %s (%s, replaces %s)\n", c.Rel, c.DocumentID, c.Previous)
		case watch.Moved:
			fmt.Fprintf(w, "moved: %s -> %s (%s)\n", c.From, c.Rel, c.DocumentID)
		case watch.Removed:
			fmt.Fprintf(w, "removed: %s (%s stays in the library)\n", c.Rel, c.DocumentID)
		case watch.Changing:
			fmt.Fprintf(w, "changing: %s (imported once it is stable)\n", c.Rel)
		default:
			fmt.Fprintf(w, "%s: %s (%s)\n", c.Kind, c.Rel, c.DocumentID)
		}
	}
	for _, pr := range r.Problems {
		fmt.Fprintf(w, "unreadable: %s\n", pr)
	}
	fmt.Fprintf(w, "%s: %s\n", f.Name, r)
}

// listedWatch is one row of `watch list --json`.
type listedWatch struct {
	Path         string    `json:"path"`
	Name         string    `json:"name"`
	State        string    `json:"state"` // watching, paused or offline
	Reason       string    `json:"reason,omitempty"`
	Documents    int       `json:"documents"`
	MapFolders   bool      `json:"map_folders"`
	TrashRemoved bool      `json:"trash_removed"`
	LastSyncAt   time.Time `json:"last_sync_at"`
	LastResult   string    `json:"last_result"`
	Errors       []string  `json:"errors"`
}

func watchList(ctx context.Context, p *parts, asJSON bool, stdout, stderr io.Writer) int {
	all, err := p.db.WatchFolders(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	counts, err := p.db.WatchFileCounts(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	errs, err := p.db.WatchErrors(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	out := []listedWatch{}
	for _, f := range all {
		l := listedWatch{Path: f.Path, Name: f.Name, State: watch.Watching, Documents: counts[f.ID],
			MapFolders: f.MapFolders, TrashRemoved: f.TrashRemoved, LastSyncAt: f.LastSyncAt, LastResult: f.LastResult,
			Errors: []string{}}
		if reason := watch.OfflineReason(f); reason != "" {
			l.State, l.Reason = watch.Offline, reason
		} else if f.Paused {
			l.State = watch.Paused
		}
		for _, e := range errs {
			if e.FolderID == f.ID {
				l.Errors = append(l.Errors, e.Path+": "+e.Message)
			}
		}
		out = append(out, l)
	}
	if asJSON {
		return printJSON(stdout, out)
	}
	for _, l := range out {
		state := l.State
		if l.Reason != "" {
			state += " (" + l.Reason + ")"
		}
		last := "never synced"
		if !l.LastSyncAt.IsZero() {
			last = "last sync " + l.LastSyncAt.Local().Format("2006-01-02 15:04") + ": " + l.LastResult
		}
		fmt.Fprintf(stdout, "%s  %q  %s, %d documents; %s\n", l.Path, l.Name, state, l.Documents, last)
		for _, e := range l.Errors {
			fmt.Fprintf(stdout, "  error: %s\n", e)
		}
	}
	return 0
}

// startWatching shows the watched folders in the window's sidebar and
// returns what follows them: run it once the import queue has resumed. It
// catches up with every folder, then follows them until ctx ends; the
// document list reloads after a sync that changed something.
func startWatching(p *parts, u *desktop.UI) (run func(context.Context)) {
	e := &watch.Engine{DB: p.db, Import: watch.Through(p.importer), NewID: uuid.NewString, OnChange: u.WatchChanged}
	e.Synced = func(f store.WatchFolder, r *watch.Result) {
		if len(r.Changes) > 0 {
			u.Refresh()
		}
		for _, c := range r.Changes {
			if c.Kind == watch.Imported {
				// A watched file is imported as if dropped: its metadata is
				// proposed as a dropped file's is.
				u.SuggestMetadata(app.ImportResult{Path: filepath.Join(f.Path, filepath.FromSlash(c.Rel)),
					DocumentID: c.DocumentID, Outcome: app.OutcomeImported})
			}
		}
	}
	u.SetWatcher(watch.Service{E: e})
	return func(ctx context.Context) { e.Run(ctx) }
}
