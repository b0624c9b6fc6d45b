package store_test

import (
	"context"
	"slices"
	"testing"

	"archivist/app"
	"archivist/store"
)

// TestPicturesOfOlderDocuments: a library made before pictures were read
// gains a wait for each PDF with pages of text when it is opened — not for
// a scan read whole by OCR, a PDF already read with its pictures, or
// another format.
func TestPicturesOfOlderDocuments(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	add := func(id string, format app.Format, c *store.Content) {
		d := &app.Document{ID: id, Title: id, Filename: id + ".pdf", Format: format, SHA256: id + "-sha", SizeBytes: 10, Pages: c.Parsed.Pages}
		if _, err := db.EnqueueImport(ctx, d, "job-"+id, ""); err != nil {
			t.Fatal(err)
		}
		if err := db.CommitImport(ctx, store.Job{ID: "job-" + id, DocumentID: id}, c); err != nil {
			t.Fatal(err)
		}
	}
	add("report", app.FormatPDF, pagedContent("report", "Report", "The harbour grew.", "Tonnage rose."))
	read := pagedContent("read", "Read", "The chart follows.")
	read.Passages = append(read.Passages, app.Passage{ID: "read-fig", DocumentID: "read", SectionID: "read-s0", Seq: 1,
		Text: "The chart follows.", PageStart: 1, PageEnd: 1, Picture: true,
		Spans: []app.Span{{BlockID: "read-a-b", End: 18}}, IndexVersion: 1})
	add("read", app.FormatPDF, read)
	scan := pagedContent("scan", "Scan", "A scanned letter.")
	scan.Parsed.PageInfo = []app.Page{{Number: 1, OCR: app.OCRRead, OCRConfidence: 0.9}}
	add("scan", app.FormatPDF, scan)
	text := pagedContent("notes", "Notes", "Plain notes.")
	text.Parsed.Format = app.FormatText
	add("notes", app.FormatText, text)
	db.Close()
	db = rollBack(t, dir, `DELETE FROM picture_waits`, `DELETE FROM schema_migrations WHERE name LIKE '%0018_%'`)
	defer db.Close()
	waiting, err := db.PicturesWaiting(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(waiting, []string{"report"}) {
		t.Errorf("waiting for pictures after the migration: %v, want [report]", waiting)
	}
}
