package store_test

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
	"archivist/store/benchtext"
)

// benchContent is a document of n passages of ~2,400 characters, one block
// each.
func benchContent(r *rand.Rand, docID string, n int) *store.Content {
	word := benchtext.Words(r)
	p := &app.Parsed{Format: app.FormatText, Sections: []app.Section{{ID: docID + "-s0", Parent: -1, Heading: docID}}}
	c := &store.Content{Title: docID, Parsed: p}
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.Reset()
		for b.Len() < 2400 {
			b.WriteString(word())
			b.WriteByte(' ')
		}
		text := b.String()
		id := fmt.Sprintf("%s-%d", docID, i)
		p.Blocks = append(p.Blocks, app.Block{ID: id + "-b", Seq: i, Kind: app.BlockParagraph, Text: text})
		c.Passages = append(c.Passages, app.Passage{ID: id + "-p", DocumentID: docID, SectionID: docID + "-s0", Seq: i,
			Title: docID, Headings: "Section " + word(), Text: text,
			Spans: []app.Span{{BlockID: id + "-b", Start: 0, End: len(text)}}, IndexVersion: 1})
		c.Words += strings.Count(text, " ")
	}
	return c
}

// benchLibrary fills db with docs documents of perDoc passages.
func benchLibrary(tb testing.TB, db *store.DB, docs, perDoc int) {
	ctx := context.Background()
	r := rand.New(rand.NewSource(6))
	for i := 0; i < docs; i++ {
		id := fmt.Sprintf("doc%05d", i)
		d := &app.Document{ID: id, Title: id, Filename: id + ".txt", Format: app.FormatText, SHA256: fmt.Sprintf("%064d", i), SizeBytes: 1}
		job := store.Job{ID: "job-" + id, DocumentID: id}
		if _, err := db.EnqueueImport(ctx, d, job.ID, id); err != nil {
			tb.Fatal(err)
		}
		if err := db.CommitImport(ctx, job, benchContent(r, id, perDoc)); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkSearch is the FTS5 candidate pass (bm25 top 200 of a prefix-OR
// of four terms: one common, two mid-frequency, one rare) at two library
// sizes; the ratio of the two shows how it grows with the library. The
// whole-library figures at 1,000,000 passages come from `archivist bench`.
func BenchmarkSearch(b *testing.B) {
	r := rand.New(rand.NewSource(3))
	term := func(w string) string {
		if len(w) >= 6 {
			return `"` + w + `"*`
		}
		return `"` + w + `"`
	}
	var qs []string
	for range 64 {
		qs = append(qs, strings.Join([]string{term(benchtext.Vocabulary[5+r.Intn(20)]), term(benchtext.Vocabulary[100+r.Intn(400)]),
			term(benchtext.Vocabulary[500+r.Intn(2000)]), term(benchtext.Vocabulary[3000+r.Intn(10000)])}, " OR "))
	}
	for _, n := range []int{10_000, 40_000} {
		b.Run(fmt.Sprintf("passages=%d", n), func(b *testing.B) {
			db := MustOpen(b)
			benchLibrary(b, db, n/100, 100)
			ctx := context.Background()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				snap, err := db.Snapshot(ctx)
				if err != nil {
					b.Fatal(err)
				}
				hits, err := snap.Search(ctx, qs[i%len(qs)], nil, 200)
				snap.Close()
				if err != nil || len(hits) == 0 {
					b.Fatalf("%d hits, %v", len(hits), err)
				}
			}
		})
	}
}

// BenchmarkCommitImport writes one document of 100 passages (blocks,
// passages and their FTS5 entries) in one transaction; MB/s of text.
func BenchmarkCommitImport(b *testing.B) {
	db := MustOpen(b)
	ctx := context.Background()
	r := rand.New(rand.NewSource(8))
	c := benchContent(r, "x", 100)
	size := 0
	for _, p := range c.Passages {
		size += len(p.Text)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		id := fmt.Sprintf("doc%05d", i)
		c := benchContent(r, id, 100)
		d := &app.Document{ID: id, Title: id, Filename: id, Format: app.FormatText, SHA256: fmt.Sprintf("%064d", i), SizeBytes: 1}
		job := store.Job{ID: "job-" + id, DocumentID: id}
		if _, err := db.EnqueueImport(ctx, d, job.ID, id); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := db.CommitImport(ctx, job, c); err != nil {
			b.Fatal(err)
		}
	}
}
