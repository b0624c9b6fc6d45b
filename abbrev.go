package main

import (
	"context"

	"archivist/app"
	"archivist/ingest/abbrev"
	"archivist/store"
)

// learnAbbreviations is the importer's commit hook that records the
// abbreviations a document defines; a document it could not read stays
// unread and is read by the next backfill; its import stands.
func learnAbbreviations(db *store.DB) func(ctx context.Context, doc *app.Document, p *app.Parsed) {
	svc := abbrev.Service{DB: db}
	return func(ctx context.Context, doc *app.Document, p *app.Parsed) {
		svc.Learn(ctx, doc, p)
	}
}

// onCommit runs each commit hook in turn.
func onCommit(hooks ...func(ctx context.Context, doc *app.Document, p *app.Parsed)) func(ctx context.Context, doc *app.Document, p *app.Parsed) {
	return func(ctx context.Context, doc *app.Document, p *app.Parsed) {
		for _, h := range hooks {
			h(ctx, doc, p)
		}
	}
}
