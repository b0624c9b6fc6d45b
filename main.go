// Archivist is a local-first desktop archive assistant: drop documents on its
// window, ask questions, and get answers whose every claim cites the exact
// source text. The same binary is a command-line tool, a local HTTP API and
// an MCP server.
//
// This file is the one place the concrete parts are wired together: it
// opens the library, builds its services — the store, the import queue with
// what import derives, the research engine — and hands them to the shell
// that was asked for: the window (ui/desktop) or the command line (ui/cli),
// which also serves the local API (ui/api) and MCP (ui/mcp). docs/architecture.md
// maps the packages.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/assets"
	"archivist/ingest"
	"archivist/ingest/dates"
	"archivist/ingest/filing"
	"archivist/ingest/ocr"
	"archivist/ingest/suggest"
	"archivist/ingest/watch"
	"archivist/retrieve"
	"archivist/retrieve/export"
	"archivist/retrieve/jev"
	"archivist/store"
	"archivist/ui/api"
	"archivist/ui/cli"
	"archivist/ui/desktop"
	_ "archivist/ui/desktop/locale" // before the toolkit: see the package doc
)

func main() {
	// Ctrl-C or SIGTERM quits: an import it interrupts stays pending and
	// resumes at the next start, its start not counted, instead of being
	// marked failed.
	ctx, quit := context.WithCancelCause(context.Background())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		quit(app.ErrQuitting)
		signal.Stop(sig) // a second Ctrl-C ends the process at once
	}()
	code := cli.Run(ctx, os.Args[1:], cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Open: openLibrary, Window: runWindow})
	quit(nil)
	os.Exit(code)
}

// openLibrary opens the library in dir and builds its services. Import
// runs outside any conversation, so what it decides — a date's role — is
// decided by the embedded offline judge: no document text leaves the
// computer unasked. Questions are offline too (the extractive answerer,
// the local judge) until settings or flags name other providers.
func openLibrary(ctx context.Context, dir string) (*cli.Library, error) {
	db, err := store.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	newID := func() string { return uuid.NewString() }
	im, err := ingest.New(ctx, db, ingest.Config{NewID: newID, Roles: jev.Chooser{Provider: jev.Local{}},
		DayFirst: dates.DayFirst(os.Getenv), ScanDPI: scanDPI()})
	if err != nil {
		db.Close()
		return nil, err
	}
	research := retrieve.Offline(db, newID)
	research.Upgrade = im.Upgrade
	research.Cited = im.CiteOCR
	research.Figures = im
	lib := &cli.Library{DB: db, Importer: im, Research: research}
	// After every import — from the window, the command line, the API or a
	// watched folder — the library is reviewed for the new documents, by
	// the embedded decision provider as filing is: it runs outside any
	// conversation. Its proposals wait for the person.
	lib.ReviewImports(newID)
	return lib, nil
}

// scanDPI is the resolution scanned PDF pages are rendered at for OCR:
// ARCHIVIST_OCR_DPI (72–600) when set, else the engine's default (300).
func scanDPI() int {
	n, err := strconv.Atoi(os.Getenv("ARCHIVIST_OCR_DPI"))
	if err != nil || n < 72 || n > 600 {
		return 0
	}
	return n
}

// runWindow opens the library (dir, else the one chosen in settings, else
// the OS default) and shows the main window until it is closed.
func runWindow(ctx context.Context, dir string) error {
	a := fyneapp.NewWithID(desktop.AppID)
	if dir == "" {
		dir = desktop.SavedLibraryDir(a)
	}
	if dir == "" {
		dir = store.DefaultDir()
	}
	lib, err := openLibrary(ctx, dir)
	if err != nil {
		// Say it in a window too: a desktop launch has no terminal.
		w := a.NewWindow("Archivist")
		desktop.OpenError(a, w, app.ErrorMessage(err))
		w.ShowAndRun()
		return err
	}
	defer lib.Close()
	lib.LogTo(os.Stderr)
	db, im := lib.DB, lib.Importer
	im.RenderPages = true
	im.PicturesInBackground = true
	w := a.NewWindow("Archivist")
	a.SetIcon(fyne.NewStaticResource("archivist.svg", assets.Icon))

	// The window's own callbacks reach services built before it: u is set
	// below, before anything can call them.
	var u *desktop.UI
	watcher := &watch.Engine{DB: db, Import: watch.Through(im), Imported: im.NotifyImported, NewID: uuid.NewString,
		OnChange: func() { u.WatchChanged() }}
	watcher.Synced = func(f store.WatchFolder, r *watch.Result) {
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
	local := localAPI(ctx, lib, func() { u.Refresh() })
	u = desktop.New(a, w, desktop.Services{
		Library:   im,
		Research:  lib.Research,
		Providers: windowProviders(ctx, lib),
		OCR:       ocrSettings(im),
		// New documents get a proposed folder from the embedded decision
		// provider: filing runs outside any conversation, so it never has
		// consent to send a document's headings anywhere. Nothing moves
		// until the proposal is accepted.
		Filer:       filing.New(db, jev.Chooser{Provider: jev.Local{}}),
		Search:      db,
		Suggester:   suggest.Local{Lib: db},
		SuggestAuto: db,
		Facts:       dates.Review{DB: db},
		Watcher:     watch.Service{E: watcher},
		LocalAPI:    &local.LocalAPI,
		Checker:     api.LibraryParts(db, im, lib.Research).Checker,
		Reviews:     lib.Reviews,
		OpenOriginal: func(id string, page int) error {
			doc, err := db.Document(ctx, id)
			if err != nil {
				return err
			}
			blob := ""
			if doc != nil {
				blob = db.BlobPath(doc.SHA256)
			}
			return desktop.OpenOriginalAt(blob, doc, page)
		},
		ExportEvidence: func(ctx context.Context, ans *app.Answer, question, out string) error {
			if ans.Question == "" {
				ans.Question = question
			}
			_, err := export.WriteFile(ctx, ingest.Originals{DB: db}, ans, out)
			return err
		},
	})
	w.SetOnClosed(u.Close)
	defer u.StopLocalAPI()
	go im.Backfill(ctx) // documents imported before their dates and abbreviations were read
	// The imports below stop as a quit when the window closes: their jobs
	// stay pending and their starts are not counted.
	work, stopWork := context.WithCancelCause(ctx)
	resumed := make(chan struct{})
	go func() {
		defer close(resumed)
		// Finish imports a crash or quit interrupted, show them, then
		// catch up with the watched folders and follow them.
		im.Resume(work)
		u.Refresh()
		watcher.Run(work)
	}()
	// Ctrl-C, or SIGTERM when the session ends, quits as closing the
	// window does; the window used to stay open, and the kill that
	// followed counted the running import's start as a crash.
	ended := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			fyne.Do(a.Quit)
		case <-ended:
		}
	}()
	w.ShowAndRun()
	close(ended)
	// The library closes only once every import has stopped as a quit.
	u.Close()
	stopWork(app.ErrQuitting)
	u.Wait()
	<-resumed
	return nil
}

// windowProviders connects the settings window to Research. Saving settings
// builds their providers with retrieve.NewProviders, the constructor ask
// and eval use too, and hands them to Research.Use, which every question
// reads once at its start; questions already running finish with the ones
// they started with. The egress acknowledgement is the library's, per
// endpoint, shared with `ask --egress-ok`.
func windowProviders(ctx context.Context, lib *cli.Library) desktop.Providers {
	db := lib.DB
	return desktop.Providers{
		Apply: func(s app.Settings, keys desktop.ProviderKeys) (app.Receivers, error) {
			pv, err := retrieve.NewProviders(ctx, s, retrieve.Keys{Answer: keys.Answer, Decision: keys.Decision}, db,
				retrieve.ProviderOptions{Log: lib.Log})
			if err != nil {
				return app.Receivers{}, err
			}
			lib.Research.Use(pv)
			return pv.Receivers(), nil
		},
		Acknowledged: func(s app.Settings) bool { return retrieve.Acknowledged(ctx, s, db) },
		Models: func(ctx context.Context, _ desktop.Role, ps app.ProviderSettings, key string, egressOK bool) ([]string, error) {
			return retrieve.ListModels(ctx, ps, key, egressOK, db)
		},
		Test: func(ctx context.Context, role desktop.Role, ps app.ProviderSettings, key string, egressOK bool) error {
			if role == desktop.RoleAnswer {
				return retrieve.TestAnswerer(ctx, ps, key, egressOK, db)
			}
			return retrieve.TestDecider(ctx, ps, key, egressOK, db)
		},
		Pictures: func(ctx context.Context, ps app.ProviderSettings, key string, egressOK bool) string {
			return retrieve.ShownPictures(ctx, ps, key, egressOK, db)
		},
	}
}

// ocrSettings connects the settings window's OCR section to the importer.
func ocrSettings(im *ingest.Importer) *desktop.OCRSettings {
	return &desktop.OCRSettings{
		Load: func(ctx context.Context) (string, []string, error) {
			s, err := im.OCRSettings(ctx)
			return s.Tesseract, s.Languages, err
		},
		Installed: func(ctx context.Context, path string) ([]string, error) {
			return (&ocr.Engine{Path: path}).Installed(ctx)
		},
		Save: func(ctx context.Context, path string, langs []string) error {
			return im.SaveOCRSettings(ctx, ingest.OCRSettings{Tesseract: path, Languages: langs})
		},
	}
}

// windowAPI is the settings switch that runs the local API in the window's
// process, on its library and research engine: questions from the API
// share the window's limits (at most two retrievals and two completions at
// once) and its providers and settings.
type windowAPI struct {
	desktop.LocalAPI
	running *api.Running
}

// localAPI returns the switch; refresh reloads the window's document list
// after an import through the API.
func localAPI(ctx context.Context, lib *cli.Library, refresh func()) *windowAPI {
	l := &windowAPI{}
	l.LocalAPI = desktop.LocalAPI{
		Start: func() (string, error) {
			token, err := api.Token()
			if err != nil {
				return "", err
			}
			parts := api.LibraryParts(lib.DB, lib.Importer, lib.Research)
			parts.Importer = api.AfterImport(lib.Importer, refresh)
			parts.Reviews = lib.Reviews
			srv, err := api.Listen(ctx, api.DefaultAddr, api.Config{Token: token, NewID: uuid.NewString,
				Log: slog.New(slog.NewTextHandler(os.Stderr, nil))}, parts, os.Stderr)
			if err != nil {
				return "", err
			}
			l.running = srv
			return srv.Addr.String(), nil
		},
		Stop: func() {
			if l.running != nil {
				shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				defer cancel()
				l.running.Shutdown(shut)
				l.running = nil
			}
		},
		Token: api.Token,
	}
	return l
}
