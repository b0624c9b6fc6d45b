package cli

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"archivist/app"
	"archivist/store/benchtext"
	"archivist/ui/desktop"
)

// BenchmarkImportMarkdown measures import throughput (parse, passages,
// SQLite and FTS5 writes, blob copy) in MB/s of Markdown, one file at a
// time (the reference) and two at a time (the default).
func BenchmarkImportMarkdown(b *testing.B) {
	ctx := context.Background()
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
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(total))
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				p, err := open(ctx, b.TempDir())
				if err != nil {
					b.Fatal(err)
				}
				p.Importer.Workers = workers
				b.StartTimer()
				results, err := p.Importer.Import(ctx, paths, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				p.Close()
				for _, r := range results {
					if r.Outcome != app.OutcomeImported {
						b.Fatalf("%s: %v", r.Path, r.Err)
					}
				}
				b.StartTimer()
			}
		})
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
	defer p.DB.Close()
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
	if _, err := p.Importer.Import(ctx, paths, nil); err != nil {
		b.Fatal(err)
	}
	var passages int
	p.DB.Pragma(ctx, "page_count") // warm the reader pool
	snap, _ := p.DB.Snapshot(ctx)
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
			benchtext.Vocabulary[5+qr.Intn(20)], benchtext.Vocabulary[100+qr.Intn(400)], benchtext.Vocabulary[500+qr.Intn(2000)], benchtext.Vocabulary[3000+qr.Intn(10000)])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := p.Research.Ask(ctx, app.Question{Text: questions[i%len(questions)]}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(passages), "passages")
}

// BenchmarkFrame paints the main window (the real window code, in the
// toolkit's headless test driver, software-rendered at 1280×800) over a
// library of 2,000 documents: Idle with nothing else running, the
// reference; Importing while files dropped on the window import, batch
// after batch, on the same process and cores. The ratio of the two is
// what an import costs the window's frame time.
func BenchmarkFrame(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	p, err := open(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	r := rand.New(rand.NewSource(4))
	for i := 0; i < 2000; i++ {
		doc, c, _ := benchDocument(r, i, 1)
		job := newBenchID()
		if _, err := p.DB.EnqueueImport(ctx, doc, job, doc.Filename); err != nil {
			b.Fatal(err)
		}
		if err := p.DB.CommitImport(ctx, jobFor(job, doc), c); err != nil {
			b.Fatal(err)
		}
	}
	a := test.NewApp()
	defer a.Quit()
	lib := &watchedLibrary{Library: p.Importer, listed: make(chan struct{}, 1)}
	w := a.NewWindow("Archivist")
	u := desktop.New(a, w, desktop.Services{Library: lib, Research: p.Research})
	defer u.Close()
	w.Resize(fyne.NewSize(1280, 800))
	<-lib.listed
	list := findList(w.Content())
	for list.Length() < 2000 {
		time.Sleep(time.Millisecond)
	}

	b.Run("Idle", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			w.Canvas().Capture()
		}
	})
	b.Run("Importing", func(b *testing.B) {
		files := filepath.Join(dir, "drop")
		os.MkdirAll(files, 0o755)
		n := 0
		drop := func() {
			var uris []fyne.URI
			for range 10 {
				n++
				path := filepath.Join(files, fmt.Sprintf("dropped-%d.md", n))
				if err := os.WriteFile(path, genMarkdown(r, fmt.Sprintf("Dropped %d", n), 64<<10), 0o644); err != nil {
					b.Fatal(err)
				}
				uris = append(uris, storage.NewFileURI(path))
			}
			u.Drop(fyne.NewPos(0, 0), uris)
		}
		drop()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if lib.imported.Load() > 0 {
				b.StopTimer()
				lib.imported.Store(0)
				drop()
				b.StartTimer()
			}
			w.Canvas().Capture()
		}
		b.StopTimer()
		for lib.imported.Load() == 0 {
			time.Sleep(10 * time.Millisecond) // let the last batch finish before the library closes
		}
	})
}
