package main

import (
	"context"
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/assets"
	"archivist/ingest"
	"archivist/ingest/abbrev"
	"archivist/ingest/dates"
	"archivist/ingest/filing"
	"archivist/ingest/suggest"
	"archivist/retrieve/export"
	"archivist/retrieve/jev"
	"archivist/ui/desktop"
)

// runGUI opens the library (dir, else the one chosen in settings, else the
// OS default) and shows the main window until it is closed.
func runGUI(ctx context.Context, dir string, stderr io.Writer) int {
	a := fyneapp.NewWithID(desktop.AppID)
	if dir == "" {
		dir = desktop.SavedLibraryDir(a)
	}
	if dir == "" {
		dir = defaultLibraryDir()
	}
	p, err := open(ctx, dir)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		// Say it in a window too: a desktop launch has no terminal.
		a := fyneapp.NewWithID("app.archivist.desktop")
		w := a.NewWindow("Archivist")
		desktop.OpenError(a, w, describe(err))
		w.ShowAndRun()
		return 1
	}
	defer p.close()
	p.logTo(stderr)
	p.importer.RenderPages = true
	w := a.NewWindow("Archivist")
	a.SetIcon(fyne.NewStaticResource("archivist.svg", assets.Icon))
	u := desktop.New(a, w, p.importer, p.research)
	u.SetOCR(ocrSettings(p.importer))
	// New documents get a proposed folder from the embedded decision
	// provider: filing runs outside any conversation, so it never has
	// consent to send a document's headings anywhere. Nothing moves until
	// the proposal is accepted.
	u.SetFiler(filing.New(p.db, jev.Chooser{Provider: jev.Local{}}))
	u.SetSearch(p.db, suggest.Local{Lib: p.db})
	u.SetSuggestAuto(p.db)
	u.SetFacts(dates.Review{DB: p.db})
	go newDates(p.db, uuid.NewString).Reextract(ctx) // documents imported before dates were read
	go abbrev.Service{DB: p.db}.Backfill(ctx)        // and before abbreviations were learned
	u.SetProviders(windowProviders(p))
	u.OpenOriginal = func(id string, page int) error { return openOriginal(ctx, p.db, id, page) }
	u.ExportEvidence = func(ctx context.Context, ans *app.Answer, question, out string) error {
		if ans.Question == "" {
			ans.Question = question
		}
		_, err := export.WriteFile(ctx, ingest.Originals{DB: p.db}, ans, out)
		return err
	}
	w.SetOnClosed(u.Close)
	defer serveBesideWindow(ctx, p, u, stderr)()
	follow := startWatching(p, u)
	go func() {
		// Finish imports a crash or quit interrupted, then show them.
		p.importer.Resume(ctx)
		u.Refresh()
		follow(ctx)
	}()
	w.ShowAndRun()
	return 0
}
