package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

// vocabulary is the word list of generated documents: pseudo-words drawn
// with a Zipf distribution, so FTS5 sees realistic posting-list lengths
// (a few very common words, a long tail of rare ones).
var vocabulary = func() []string {
	syll := strings.Fields("ka lo mi ne ru sa te vi do ga he ji ku ma no pe ri so tu wa ya ze bo fa")
	r := rand.New(rand.NewSource(99))
	seen := map[string]bool{}
	var words []string
	for len(words) < 20000 {
		var b strings.Builder
		for n := 1 + r.Intn(4); n > 0; n-- {
			b.WriteString(syll[r.Intn(len(syll))])
		}
		if w := b.String(); !seen[w] && len(w) > 2 {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}()

// genMarkdown writes a Markdown document of about size bytes: headings every
// few paragraphs, sentences of Zipf-distributed words.
func genMarkdown(r *rand.Rand, title string, size int) []byte {
	zipf := rand.NewZipf(r, 1.07, 2, uint64(len(vocabulary)-1))
	word := func() string { return vocabulary[zipf.Uint64()] }
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", title)
	for sec := 1; b.Len() < size; sec++ {
		fmt.Fprintf(&b, "## Section %d %s %s\n\n", sec, word(), word())
		for p := 0; p < 4 && b.Len() < size; p++ {
			for s := 0; s < 5; s++ {
				n := 8 + r.Intn(14)
				for i := 0; i < n; i++ {
					w := word()
					if i == 0 {
						w = strings.ToUpper(w[:1]) + w[1:]
					}
					b.WriteString(w)
					if i < n-1 {
						b.WriteByte(' ')
					}
				}
				fmt.Fprintf(&b, " %d.", r.Intn(10000))
				if s%2 == 1 {
					b.WriteByte('\n')
				} else {
					b.WriteByte(' ')
				}
			}
			b.WriteString("\n\n")
		}
	}
	return b.Bytes()
}

// BenchmarkImportMarkdown measures import throughput (parse, passages,
// SQLite and FTS5 writes, blob copy) in MB/s of Markdown.
func BenchmarkImportMarkdown(b *testing.B) {
	ctx := context.Background()
	p, err := open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.db.Close()
	r := rand.New(rand.NewSource(1))
	dir := b.TempDir()
	var paths []string
	total := 0
	for i := 0; i < 20; i++ {
		data := genMarkdown(r, fmt.Sprintf("Report %d", i), 256<<10)
		total += len(data)
		path := filepath.Join(dir, fmt.Sprintf("report-%d.md", i))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, path)
	}
	b.SetBytes(int64(total))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		p.db.Close()
		if p, err = open(ctx, b.TempDir()); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		results, err := p.importer.Import(ctx, paths, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range results {
			if r.Outcome != app.OutcomeImported {
				b.Fatalf("%s: %v", r.Path, r.Err)
			}
		}
	}
}

// BenchmarkAsk measures a whole offline question (snapshot, FTS5 candidate
// pass, windows, extractive answer, replay write) on a library of more than
// 10,000 passages.
func BenchmarkAsk(b *testing.B) {
	ctx := context.Background()
	p, err := open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.db.Close()
	r := rand.New(rand.NewSource(2))
	dir := b.TempDir()
	var paths []string
	for i := 0; i < 200; i++ {
		path := filepath.Join(dir, fmt.Sprintf("doc-%d.md", i))
		if err := os.WriteFile(path, genMarkdown(r, fmt.Sprintf("Document %d", i), 130<<10), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, path)
	}
	if _, err := p.importer.Import(ctx, paths, nil); err != nil {
		b.Fatal(err)
	}
	var passages int
	p.db.Pragma(ctx, "page_count") // warm the reader pool
	snap, _ := p.db.Snapshot(ctx)
	hits, _ := snap.Search(ctx, `"section"`, nil, 1_000_000) // every passage has a heading path "Section N"
	passages = len(hits)
	snap.Close()
	if passages < 10_000 {
		b.Fatalf("library has %d passages, want ≥ 10,000", passages)
	}
	// Questions mix a common word, mid-frequency words and a rare one, the
	// way real questions mix "the revenue" with a product name.
	qr := rand.New(rand.NewSource(3))
	questions := make([]string, 16)
	for i := range questions {
		questions[i] = fmt.Sprintf("What did the %s %s say about %s and %s?",
			vocabulary[5+qr.Intn(20)], vocabulary[100+qr.Intn(400)], vocabulary[500+qr.Intn(2000)], vocabulary[3000+qr.Intn(10000)])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.research.Ask(ctx, app.Question{Text: questions[i%len(questions)]}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(passages), "passages")
}
