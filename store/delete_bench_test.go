package store_test

import (
	"context"
	"fmt"
	"testing"

	"archivist/app"
	"archivist/store"
)

// sectionedContent is a document of n sections, each with one block and
// one passage under it.
func sectionedContent(docID string, n int) *store.Content {
	p := &app.Parsed{Format: app.FormatMarkdown}
	c := &store.Content{Title: docID, Parsed: p}
	for i := 0; i < n; i++ {
		sid, bid := fmt.Sprintf("%s-s%d", docID, i), fmt.Sprintf("%s-b%d", docID, i)
		parent := -1
		if i > 0 {
			parent = 0
		}
		p.Sections = append(p.Sections, app.Section{ID: sid, Parent: parent, Level: min(i, 1) + 1, Heading: "Heading " + sid})
		text := "Paragraph of section " + sid
		p.Blocks = append(p.Blocks, app.Block{ID: bid, Section: i, Seq: i, Kind: app.BlockParagraph, Text: text})
		c.Passages = append(c.Passages, app.Passage{ID: sid + "-p", DocumentID: docID, SectionID: sid, Seq: i,
			Title: docID, Text: text, Spans: []app.Span{{BlockID: bid, Start: 0, End: len(text)}}, IndexVersion: 1})
	}
	return c
}

// BenchmarkDeleteDocument deletes one document of 200 sections from a
// library of 100,000 sections, blocks and passages. Deleting a section
// makes SQLite look for the blocks, passages and subsections that point at
// it (the foreign keys' cascade); without an index on those columns each
// look-up reads the whole table.
func BenchmarkDeleteDocument(b *testing.B) {
	ctx := context.Background()
	db := MustOpen(b)
	const docs, perDoc = 500, 200
	for i := 0; i < docs+b.N; i++ {
		id := fmt.Sprintf("doc%05d", i)
		d := &app.Document{ID: id, Title: id, Filename: id + ".md", Format: app.FormatMarkdown, SHA256: fmt.Sprintf("%064d", i), SizeBytes: 1}
		job := store.Job{ID: "job-" + id, DocumentID: id}
		if _, err := db.EnqueueImport(ctx, d, job.ID, id); err != nil {
			b.Fatal(err)
		}
		if err := db.CommitImport(ctx, job, sectionedContent(id, perDoc)); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := db.DeleteDocument(ctx, fmt.Sprintf("doc%05d", docs+i)); err != nil {
			b.Fatal(err)
		}
	}
}
