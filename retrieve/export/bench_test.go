package export_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/export"
	"archivist/store"
)

// benchFixture is a library holding one PDF and an answer citing pages of
// it, three highlighted lines a page.
type benchFixture struct {
	db    *store.DB
	pdf   []byte
	ans   *app.Answer
	pages []string
}

func newBenchFixture(b *testing.B, pdf []byte, cited []int) *benchFixture {
	db, err := store.Open(context.Background(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	sum, size, err := db.PutBlob(bytes.NewReader(pdf))
	if err != nil {
		b.Fatal(err)
	}
	d := &app.Document{ID: "doc", Title: "Report", Filename: "r.pdf", Format: app.FormatPDF, SHA256: sum, SizeBytes: size}
	if _, err := db.EnqueueImport(context.Background(), d, "job", ""); err != nil {
		b.Fatal(err)
	}
	f := &benchFixture{db: db, pdf: pdf, ans: &app.Answer{Question: "q", Answer: "a", Sufficient: true}}
	for i, p := range cited {
		var rects []app.Rect
		for l := 0; l < 3; l++ {
			y := 0.2 + 0.03*float64(l)
			rects = append(rects, app.Rect{Page: p, X0: 0.1, Y0: y, X1: 0.8, Y1: y + 0.02})
		}
		f.ans.Citations = append(f.ans.Citations, app.Citation{N: i + 1, DocumentID: "doc", Title: "Report", Quote: "a quote",
			PageStart: p, PageEnd: p, Rects: rects, Precision: "line"})
		f.pages = append(f.pages, strconv.Itoa(p))
	}
	return f
}

func generated(b *testing.B, pages int) []byte {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetFont("Helvetica", "", 11)
	for i := 0; i < pages; i++ {
		pdf.AddPage()
		for l := 0; l < 40; l++ {
			pdf.Text(20, 20+float64(l)*6, "Line "+strconv.Itoa(l)+" of page "+strconv.Itoa(i+1)+" of a generated report for the export benchmark.")
		}
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		b.Fatal(err)
	}
	return out.Bytes()
}

// fixtures: a generated 60-page PDF with 6 cited pages, and — when the
// shared corpus is beside the checkout — a real 252-page 10-K.
func fixtures(b *testing.B) map[string]*benchFixture {
	out := map[string]*benchFixture{"Generated60": newBenchFixture(b, generated(b, 60), []int{3, 11, 20, 33, 47, 58})}
	real := filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "3M_2022_10K.pdf")
	if data, err := os.ReadFile(real); err == nil {
		out["Real10K"] = newBenchFixture(b, data, []int{34, 38, 52, 99, 120, 200})
	} else {
		b.Logf("skipping the real-world fixture: %s is absent", real)
	}
	return out
}

// BenchmarkExport measures a whole export: the cover, the cited pages
// copied with highlights, the merge.
func BenchmarkExport(b *testing.B) {
	for name, f := range fixtures(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := export.Write(context.Background(), ingest.Originals{DB: f.db}, f.ans, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCollectReference is the reference: pdfcpu copying the same
// pages out of the same file, the least an export must do.
func BenchmarkCollectReference(b *testing.B) {
	for name, f := range fixtures(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := api.Collect(bytes.NewReader(f.pdf), io.Discard, f.pages, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
