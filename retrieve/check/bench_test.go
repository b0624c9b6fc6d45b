package check_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/markdown"
	"archivist/retrieve/check"
	"archivist/store"
	"archivist/store/benchtext"
)

// Benchmark sizes: the design's figure, a draft of 20 pages quoting 50
// passages against a library of 10,000 documents.
const (
	benchDocs        = 10_000
	benchPassages    = 4   // per document, ~2,400 characters each: ~10,000 characters a document
	benchQuotes      = 50  // quotations in the draft
	benchDraftWords  = 500 // words of the draft's own prose per page
	benchDraftPages  = 20
	benchQuoteLength = 18 // words per quotation
)

// benchDoc is a generated document: benchPassages paragraphs of Zipf
// pseudo-words on pages of their own, one passage each.
func benchDoc(r *rand.Rand, id string) (*app.Document, *store.Content) {
	word := benchtext.Words(r)
	p := &app.Parsed{Format: app.FormatPDF, Pages: benchPassages, Sections: []app.Section{{ID: id + "-s0", Parent: -1, Heading: id}}}
	c := &store.Content{Title: id, Parsed: p}
	var b strings.Builder
	for i := range benchPassages {
		b.Reset()
		for b.Len() < 2400 {
			b.WriteString(word())
			b.WriteByte(' ')
		}
		text := strings.TrimSpace(b.String()) + "."
		bid := fmt.Sprintf("%s-%d", id, i)
		p.PageInfo = append(p.PageInfo, app.Page{Number: i + 1, WidthPt: 612, HeightPt: 792})
		p.Blocks = append(p.Blocks, app.Block{ID: bid + "-b", Seq: i, Kind: app.BlockParagraph, Text: text, Page: i + 1})
		c.Passages = append(c.Passages, app.Passage{ID: bid + "-p", DocumentID: id, SectionID: id + "-s0", Seq: i,
			Title: id, Text: text, Spans: []app.Span{{BlockID: bid + "-b", Start: 0, End: len(text)}},
			PageStart: i + 1, PageEnd: i + 1, IndexVersion: 1})
		c.Words += strings.Count(text, " ") + 1
	}
	d := &app.Document{ID: id, Title: id, Filename: id + ".pdf", Format: app.FormatPDF, SHA256: fmt.Sprintf("%064s", id), SizeBytes: 1, Pages: benchPassages}
	return d, c
}

// benchLibrary returns a library of benchDocs generated documents, built
// once and kept in the temporary folder (building it takes minutes), and
// the text of each document's pages for quoting.
func benchLibrary(b *testing.B) (*store.DB, map[string][]string) {
	ctx := context.Background()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("archivist-check-bench-%d", benchDocs))
	_, statErr := os.Stat(filepath.Join(dir, "complete"))
	db, err := store.Open(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewSource(36))
	texts := map[string][]string{}
	for i := range benchDocs {
		id := fmt.Sprintf("doc%05d", i)
		d, c := benchDoc(r, id)
		for _, blk := range c.Parsed.Blocks {
			texts[id] = append(texts[id], blk.Text)
		}
		if statErr == nil {
			continue
		}
		job := store.Job{ID: "job-" + id, DocumentID: id}
		if _, err := db.EnqueueImport(ctx, d, job.ID, id); err != nil {
			b.Fatal(err)
		}
		if err := db.CommitImport(ctx, job, c); err != nil {
			b.Fatal(err)
		}
	}
	if statErr != nil {
		os.WriteFile(filepath.Join(dir, "complete"), nil, 0o644)
	}
	return db, texts
}

// benchDraft is a Markdown draft of benchDraftPages pages of prose with
// benchQuotes quotations of the library's documents, each with a pincite:
// most exact, one in five with a changed word, one in ten on a wrong page.
func benchDraft(texts map[string][]string) string {
	r := rand.New(rand.NewSource(7))
	word := benchtext.Words(r)
	prose := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(word() + " ")
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString("# Brief\n\n")
	perPage := benchQuotes / benchDraftPages
	for q := range benchQuotes {
		id := fmt.Sprintf("doc%05d", r.Intn(benchDocs))
		page := r.Intn(benchPassages)
		words := strings.Fields(texts[id][page])
		start := r.Intn(len(words) - benchQuoteLength)
		quote := words[start : start+benchQuoteLength]
		if q%5 == 1 {
			quote[benchQuoteLength/2] = word()
		}
		cited := page + 1
		if q%10 == 3 {
			cited = page%benchPassages + 2
		}
		b.WriteString(prose(benchDraftWords/max(1, perPage)/2) + "“" + strings.Join(quote, " ") + "” (" + id + " at " + fmt.Sprint(cited) + "). " +
			prose(benchDraftWords/max(1, perPage)/2) + "\n\n")
	}
	return b.String()
}

// BenchmarkCheckDraft checks a 20-page draft of 50 quotations against a
// library of 10,000 documents (40,000 passages): the design asks for under
// 2 s. It reports processor time beside wall time (cpu-s/op: on a shared
// machine wall time measures the neighbours too). Run it with
//
//	CGO_ENABLED=0 go test -tags ci -run '^$' -bench CheckDraft -benchtime 5x ./retrieve/check/
//
// The first run builds the library in the temporary folder (minutes).
func BenchmarkCheckDraft(b *testing.B) {
	db, texts := benchLibrary(b)
	defer db.Close()
	ctx := context.Background()
	src := benchDraft(texts)
	parsed, err := markdown.Parse(ctx, []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(strings.Fields(src))), "draft-words")
	b.ResetTimer()
	cpu0 := cpuTime()
	var rep *app.CheckReport
	for i := 0; i < b.N; i++ {
		snap, err := db.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if rep, err = check.Draft(ctx, snap, "brief.md", []byte(src), parsed); err != nil {
			b.Fatal(err)
		}
		snap.Close()
	}
	b.StopTimer()
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
	if len(rep.Quotes) != benchQuotes {
		b.Fatalf("found %d quotations, want %d", len(rep.Quotes), benchQuotes)
	}
	b.ReportMetric(float64(rep.Counts.Exact), "exact")
	b.ReportMetric(float64(rep.Counts.Altered), "altered")
	b.ReportMetric(float64(rep.Counts.PageDiffers), "page-differs")
	b.ReportMetric(float64(rep.Counts.NotFound), "not-found")
}
