package ingest

import (
	"context"

	"archivist/app"
	"archivist/ingest/abbrev"
	"archivist/ingest/dates"
	"archivist/store"
)

// Config is what an importer is made with beyond its library.
type Config struct {
	NewID func() string
	// Roles decides the role of a date found in a document (the decision
	// provider's choice; the wiring gives it the offline judge: import runs
	// outside any conversation, so no document text may leave the computer).
	Roles app.Chooser
	// DayFirst reads all-numeric dates day before month (the user's locale;
	// see dates.DayFirst).
	DayFirst bool
	// ScanDPI is the resolution scanned PDF pages are rendered at for OCR;
	// 0 means the engine's default.
	ScanDPI int
}

// New returns the importer of db with what every import derives once a
// document is committed — its dates (with their roles) and the
// abbreviations it defines — and the library's OCR settings loaded.
func New(ctx context.Context, db *store.DB, cfg Config) (*Importer, error) {
	im := &Importer{DB: db, NewID: cfg.NewID}
	im.PDF.ScanDPI = cfg.ScanDPI
	im.dates = &dates.Service{DB: db, Extractor: &dates.Extractor{Roles: cfg.Roles, DayFirst: cfg.DayFirst, NewID: cfg.NewID}}
	im.abbrev = abbrev.Service{DB: db}
	im.Committed = func(ctx context.Context, doc *app.Document, p *app.Parsed) {
		// Neither failure fails the import: a document whose dates or
		// abbreviations could not be read is read again by Backfill.
		im.dates.Read(ctx, doc, p)
		im.abbrev.Learn(ctx, doc, p)
	}
	if err := im.LoadOCRSettings(ctx); err != nil {
		return nil, err
	}
	return im, nil
}

// Dates is the library's date extraction: the review queue reads and
// decides what it proposed. Nil for an importer not made by New.
func (im *Importer) Dates() *dates.Service { return im.dates }

// Backfill reads the dates and abbreviations of documents imported before
// this version read them (or whose reading failed). It runs in the
// background of a window; nothing waits for it.
func (im *Importer) Backfill(ctx context.Context) {
	if im.dates != nil {
		im.dates.Reextract(ctx)
	}
	if im.abbrev.DB != nil {
		im.abbrev.Backfill(ctx)
	}
}
