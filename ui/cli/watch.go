package cli

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
)

var watchCommand = &Command{
	Name:    "watch",
	Args:    "add|remove|pause|resume|set|list|scan|run [flags] [FOLDER...]",
	Summary: "folders the library keeps up with by itself: new files imported, changed ones versioned",
	Help: `  watch add [--name NAME] [--no-folders] [--trash-removed] [--no-scan] FOLDER
  watch remove FOLDER              (its documents stay)
  watch pause|resume FOLDER
  watch set [--folders=true|false] [--trash-removed=true|false] FOLDER
  watch list [--json]
  watch scan [--stable DURATION] [FOLDER...]
  watch run [--stable DURATION]    follow the folders until Ctrl-C`,
	Library: true,
	Flags: func(fs *flag.FlagSet) RunFunc {
		name := fs.String("name", "", "with add: the name shown, and of its Archivist folder Watched/NAME")
		noFolders := fs.Bool("no-folders", false, "with add: do not file documents under Watched/NAME/<sub-folders>")
		trashRemoved := fs.Bool("trash-removed", false, "with add and set: move a document to the trash when its file is deleted")
		noScan := fs.Bool("no-scan", false, "with add: do not import the folder's files now")
		asJSON := fs.Bool("json", false, "with list: print JSON")
		folders := fs.Bool("folders", true, "with set: file documents under Watched/NAME/<sub-folders>")
		stable := fs.Duration("stable", watch.DefaultStable, "how long a file must keep its size and time before it is imported")
		return func(ctx context.Context, c *Call) error {
			if len(c.Args) == 0 {
				return c.Usage("")
			}
			sub := c.Args[0]
			// The sub-command's flags follow it.
			if err := c.flags.Parse(c.Args[1:]); err != nil {
				return c.Usage("%s", err)
			}
			args := c.flags.Args()
			switch sub {
			case "add", "remove", "pause", "resume", "set":
				if len(args) != 1 {
					return c.Usage("name one folder")
				}
			case "list", "run":
				if len(args) != 0 {
					return c.Usage("watch %s takes no folder", sub)
				}
			case "scan":
			default:
				return c.Usage("unknown watch command %q", sub)
			}
			lib, err := c.Library(ctx)
			if err != nil {
				return err
			}
			e := &watch.Engine{DB: lib.DB, Import: watch.Through(lib.Importer), Imported: lib.Importer.NotifyImported,
				NewID: uuid.NewString, Stable: *stable}
			if *stable <= 0 {
				e.Stable = -1
			}
			switch sub {
			case "add":
				f, err := newWatchFolder(args[0], *name, !*noFolders, *trashRemoved)
				if err != nil {
					return err
				}
				if err := lib.DB.AddWatchFolder(ctx, f); err != nil {
					return err
				}
				fmt.Fprintf(c.Stdout, "watching %s as %q\n", f.Path, f.Name)
				if *noScan {
					return nil
				}
				return watchScan(ctx, c, e, []store.WatchFolder{f})
			case "remove", "pause", "resume":
				f, err := findWatchFolder(ctx, lib.DB, args[0])
				if err != nil {
					return err
				}
				switch sub {
				case "remove":
					err = lib.DB.RemoveWatchFolder(ctx, f.ID)
				default:
					err = lib.DB.SetWatchPaused(ctx, f.ID, sub == "pause")
				}
				if err != nil {
					return err
				}
				fmt.Fprintf(c.Stdout, "%s: %s\n", map[string]string{"remove": "no longer watched (its documents stay)",
					"pause": "paused", "resume": "resumed"}[sub], f.Path)
				return nil
			case "set":
				f, err := findWatchFolder(ctx, lib.DB, args[0])
				if err != nil {
					return err
				}
				mapFolders, trash := f.MapFolders, f.TrashRemoved
				c.flags.Visit(func(fl *flag.Flag) {
					switch fl.Name {
					case "folders":
						mapFolders = *folders
					case "trash-removed":
						trash = *trashRemoved
					}
				})
				if err := lib.DB.SetWatchOptions(ctx, f.ID, mapFolders, trash); err != nil {
					return err
				}
				fmt.Fprintf(c.Stdout, "%s: folders mapped %v, deleted files trash their documents %v\n", f.Path, mapFolders, trash)
				return nil
			case "list":
				return watchList(ctx, c, lib, *asJSON)
			case "scan":
				var folders []store.WatchFolder
				for _, a := range args {
					f, err := findWatchFolder(ctx, lib.DB, a)
					if err != nil {
						return err
					}
					folders = append(folders, *f)
				}
				if len(args) == 0 {
					all, err := lib.DB.WatchFolders(ctx)
					if err != nil {
						return err
					}
					for _, f := range all {
						if !f.Paused {
							folders = append(folders, f)
						}
					}
				}
				return watchScan(ctx, c, e, folders)
			}
			// run
			if err := lib.Importer.Resume(ctx); err != nil && ctx.Err() == nil {
				fmt.Fprintf(c.Stderr, "archivist: resume earlier imports: %s\n", describe(err))
			}
			e.Synced = func(f store.WatchFolder, r *watch.Result) { printSync(c.Stdout, f, r) }
			fmt.Fprintln(c.Stdout, "following the watched folders; Ctrl-C stops")
			if err := e.Run(ctx); err != nil && ctx.Err() == nil {
				return err
			}
			return nil
		}
	},
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
// watchScan syncs folders once, printing what each sync did; a file that
// failed to import fails the command.
func watchScan(ctx context.Context, c *Call, e *watch.Engine, folders []store.WatchFolder) error {
	lib, err := c.Library(ctx)
	if err != nil {
		return err
	}
	if err := lib.Importer.Resume(ctx); err != nil && ctx.Err() == nil {
		fmt.Fprintf(c.Stderr, "archivist: resume earlier imports: %s\n", describe(err))
	}
	var status error
	for _, f := range folders {
		r, err := e.SyncFolder(ctx, f)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Path, err)
		}
		printSync(c.Stdout, f, r)
		if r.Count(watch.Failed) > 0 {
			status = failed
		}
	}
	return status
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

func watchList(ctx context.Context, c *Call, lib *Library, asJSON bool) error {
	all, err := lib.DB.WatchFolders(ctx)
	if err != nil {
		return err
	}
	counts, err := lib.DB.WatchFileCounts(ctx)
	if err != nil {
		return err
	}
	errs, err := lib.DB.WatchErrors(ctx)
	if err != nil {
		return err
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
		return printJSON(c.Stdout, out)
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
		fmt.Fprintf(c.Stdout, "%s  %q  %s, %d documents; %s\n", l.Path, l.Name, state, l.Documents, last)
		for _, e := range l.Errors {
			fmt.Fprintf(c.Stdout, "  error: %s\n", e)
		}
	}
	return nil
}
