package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

// lookupLibrary fills a library with n documents of 8 sections each, one
// passage per section, with report-like headings.
func lookupLibrary(b *testing.B, n int) *store.DB {
	b.Helper()
	ctx := context.Background()
	db := MustOpen(b)
	headings := []string{"Item 1. Business", "Item 1A. Risk Factors", "Item 7. Management's Discussion and Analysis",
		"Item 8. Financial Statements", "Note 3. Revenue", "Note 7. Long-term Debt", "Segment Information", "Exhibits"}
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("d%05d", i)
		title := fmt.Sprintf("Company %d annual report", i)
		p := &app.Parsed{Format: app.FormatText, Sections: []app.Section{{ID: id + "-s0", Parent: -1, Heading: title}}}
		var passages []app.Passage
		for j, h := range headings {
			sid := fmt.Sprintf("%s-s%d", id, j+1)
			p.Sections = append(p.Sections, app.Section{ID: sid, Parent: 0, Level: 1, Heading: h})
			body := strings.Repeat(fmt.Sprintf("Revenue and operating income of segment %d grew while costs fell. ", j), 30)
			bid := fmt.Sprintf("%s-b%d", id, j)
			p.Blocks = append(p.Blocks, app.Block{ID: bid, Seq: j, Section: j + 1, Kind: app.BlockParagraph, Text: body})
			passages = append(passages, app.Passage{ID: bid + "-p", DocumentID: id, SectionID: sid, Seq: j, Title: title,
				Headings: h, Text: body, Spans: []app.Span{{BlockID: bid, Start: 0, End: len(body)}}, PageStart: j + 1, PageEnd: j + 1, IndexVersion: 1})
		}
		job := store.Job{ID: "job-" + id, DocumentID: id}
		d := &app.Document{ID: id, Title: title, Filename: id + ".txt", Format: app.FormatText, SHA256: id}
		if _, err := db.EnqueueImport(ctx, d, job.ID, ""); err != nil {
			b.Fatal(err)
		}
		if err := db.CommitImport(ctx, job, &store.Content{Title: title, Parsed: p, Passages: passages}); err != nil {
			b.Fatal(err)
		}
	}
	return db
}

// BenchmarkLookup measures the omnibox's live title and heading lookup on a
// 2,000-document library (16,000 passages), beside the question's FTS5
// candidate pass over the same index as the reference.
//
//	CGO_ENABLED=0 go test -tags ci ./store -run '^$' -bench Lookup -benchmem
func BenchmarkLookup(b *testing.B) {
	db := lookupLibrary(b, 2000)
	ctx := context.Background()
	for _, q := range []string{"risk fac", "company 1234", "note"} {
		b.Run("Lookup/"+q, func(b *testing.B) {
			for b.Loop() {
				if _, err := db.Lookup(ctx, q, 8); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("Reference/Search", func(b *testing.B) {
		snap, err := db.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		defer snap.Close()
		for b.Loop() {
			if _, err := snap.Search(ctx, `"risk"* OR "factors"*`, nil, 50); err != nil {
				b.Fatal(err)
			}
		}
	})
}
