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

// words is the vocabulary of generated documents: common words plus rarer
// topic words, so FTS5 sees realistic posting-list lengths.
var words = strings.Fields(`the of and to in is was for on that with as by at from this which be are were an or
has have had not but its their also more than other into after over such between during most these two
revenue margin contract tenant lease warranty pension liability goodwill audit turbine reactor glacier
sediment enzyme protein clinical dosage patient invoice shipment freight tariff customs vessel harbor
budget grant faculty thesis lecture archive ledger deposit mortgage dividend equity bond coupon yield`)

// genMarkdown writes a Markdown document of about size bytes: headings every
// few paragraphs, sentences drawn from words.
func genMarkdown(r *rand.Rand, title string, size int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n\n", title)
	for sec := 1; b.Len() < size; sec++ {
		fmt.Fprintf(&b, "## Section %d %s\n\n", sec, words[r.Intn(len(words))])
		for p := 0; p < 4 && b.Len() < size; p++ {
			for s := 0; s < 5; s++ {
				n := 8 + r.Intn(14)
				for i := 0; i < n; i++ {
					w := words[r.Intn(len(words))]
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
	hits, _ := snap.Search(ctx, `"the"`, nil, 1_000_000)
	passages = len(hits)
	snap.Close()
	if passages < 10_000 {
		b.Fatalf("library has %d passages, want ≥ 10,000", passages)
	}
	questions := []string{
		"What was the dividend yield on the bond coupon?",
		"Which tenant lease had a warranty liability?",
		"How did the glacier sediment change during the audit?",
		"What dosage did the clinical patient receive?",
	}
	b.ReportMetric(float64(passages), "passages")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.research.Ask(ctx, app.Question{Text: questions[i%len(questions)]}); err != nil {
			b.Fatal(err)
		}
	}
}
