package retrieve_test

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

// addPictureDoc stores a report whose one page holds a paragraph and a
// chart whose print was read by OCR: the chart's caption and labels are a
// picture passage of their own, as the importer builds them.
func addPictureDoc(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	text := "The harbour handled more ships this year than last, and the trust expects tonnage to grow."
	caption := "Figure 1: Tonnage handled by year."
	chart := "Tonnage\n2019 412\n2020 530"
	p := &app.Parsed{Format: app.FormatPDF, Pages: 1, Sections: []app.Section{{ID: "h/s0", Parent: -1, Heading: "Harbour report"}},
		Blocks: []app.Block{
			{ID: "h/b0", Seq: 0, Kind: app.BlockParagraph, Text: text, Page: 1},
			{ID: "h/b1", Seq: 1, Kind: app.BlockFigure, Text: chart, Page: 1},
			{ID: "h/b2", Seq: 2, Kind: app.BlockCaption, Text: caption, Page: 1},
		}}
	passages := []app.Passage{
		{ID: "h/p0", DocumentID: "h", SectionID: "h/s0", Seq: 0, Title: "Harbour report", Text: text + "\n\n" + caption,
			Spans: []app.Span{{BlockID: "h/b0", End: len(text)}, {BlockID: "h/b2", Start: 0, End: len(caption)}}, PageStart: 1, PageEnd: 1, IndexVersion: 1},
		{ID: "h/p1", DocumentID: "h", SectionID: "h/s0", Seq: 1, Title: "Harbour report", Text: caption + "\n\n" + chart,
			Spans: []app.Span{{BlockID: "h/b2", End: len(caption)}, {BlockID: "h/b1", End: len(chart)}}, PageStart: 1, PageEnd: 1, IndexVersion: 1, Picture: true},
	}
	d := &app.Document{ID: "h", Title: "Harbour report", Filename: "h.pdf", Format: app.FormatPDF, SHA256: "h-sha", Pages: 1}
	if _, err := db.EnqueueImport(ctx, d, "job-h", ""); err != nil {
		t.Fatal(err)
	}
	if err := db.CommitImport(ctx, store.Job{ID: "job-h", DocumentID: "h"}, &store.Content{Title: d.Title, Parsed: p, Passages: passages}); err != nil {
		t.Fatal(err)
	}
}

// TestPictureEvidence: a question that points at a picture is answered
// from the documents' text and the pictures' print; any other question
// from the text alone.
func TestPictureEvidence(t *testing.T) {
	db := openDB(t)
	addPictureDoc(t, db)
	holds := func(a *app.Answer, s string) bool {
		for _, src := range a.Sources {
			if strings.Contains(src.Text, s) {
				return true
			}
		}
		return false
	}
	if a := ask(t, db, "What tonnage does the chart show for 2020?"); !holds(a, "2020 530") {
		t.Errorf("a question about the chart was not given its print: %+v", a.Sources)
	}
	if a := ask(t, db, "What tonnage was handled in 2020?"); holds(a, "2020 530") {
		t.Errorf("a question about the text was given the chart's print: %+v", a.Sources)
	}
}
