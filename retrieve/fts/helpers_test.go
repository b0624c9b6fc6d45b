package fts_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

// doc describes a test document: sections of paragraphs, one block per
// paragraph, one passage per block, each paragraph on its own line.
type doc struct {
	id       string
	title    string
	sections map[string][]string // heading → paragraphs; "" is the root
	order    []string
}

func addDoc(t testing.TB, db *store.DB, d doc) {
	t.Helper()
	ctx := context.Background()
	p := &app.Parsed{Format: app.FormatMarkdown, Sections: []app.Section{{ID: d.id + "/s0", Parent: -1, Heading: d.title}}}
	var passages []app.Passage
	line := 1
	for _, heading := range d.order {
		sec := 0
		if heading != "" {
			p.Sections = append(p.Sections, app.Section{ID: fmt.Sprintf("%s/s%d", d.id, len(p.Sections)), Parent: 0, Level: 1, Heading: heading})
			sec = len(p.Sections) - 1
		}
		for _, para := range d.sections[heading] {
			b := app.Block{ID: fmt.Sprintf("%s/b%d", d.id, len(p.Blocks)), Seq: len(p.Blocks), Section: sec,
				Kind: app.BlockParagraph, Text: para, LineStart: line, LineEnd: line + strings.Count(para, "\n")}
			line = b.LineEnd + 2
			p.Blocks = append(p.Blocks, b)
			passages = append(passages, app.Passage{ID: b.ID + "/p", DocumentID: d.id, SectionID: p.Sections[sec].ID,
				Seq: b.Seq, Title: d.title, Headings: heading, Text: para,
				Spans: []app.Span{{BlockID: b.ID, Start: 0, End: len(para)}}, IndexVersion: 1})
		}
	}
	sum := d.id + "-sha"
	dd := &app.Document{ID: d.id, Title: d.title, Filename: d.id + ".md", Format: app.FormatMarkdown, SHA256: sum}
	if _, err := db.EnqueueImport(ctx, dd, "job-"+d.id, ""); err != nil {
		t.Fatal(err)
	}
	if err := db.CommitImport(ctx, store.Job{ID: "job-" + d.id, DocumentID: d.id},
		&store.Content{Title: d.title, Parsed: p, Passages: passages}); err != nil {
		t.Fatal(err)
	}
}

func openDB(t testing.TB) *store.DB {
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
