package ingest_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"archivist/app"
	"archivist/ingest/internal/bounds"
)

// nodeBombDocx is a DOCX whose document.xml holds n tiny paragraphs: 230 MB
// of XML for 4.7 million, compressed about 6:1, under the zip-bomb ratio.
func nodeBombDocx(tb testing.TB, n int) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	if err != nil {
		tb.Fatal(err)
	}
	fmt.Fprint(w, `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for i := range n {
		fmt.Fprintf(w, "<w:p><w:r><w:t>%x</w:t></w:r></w:p>", i*2654435761%(1<<32))
	}
	fmt.Fprint(w, `</w:body></w:document>`)
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkHostileImport imports files made to exhaust an importer and
// reports the peak resident memory of the process while each imports
// (sampled every 5 ms; the file itself, built before, is included) and
// whether it was imported or refused:
//
//	CGO_ENABLED=0 go test -tags ci ./ingest -run '^$' -bench HostileImport -benchtime 1x -benchmem
func BenchmarkHostileImport(b *testing.B) {
	for _, c := range []struct {
		name, file string
		make       func(testing.TB) []byte
	}{
		{"markdown-1M-headings", "headings.md", func(testing.TB) []byte { return headingsMarkdown(1_000_000) }},
		{"markdown-50k-headings", "limit.md", func(testing.TB) []byte { return headingsMarkdown(bounds.MaxSections) }},
		{"docx-4.7M-paragraphs", "bomb.docx", func(tb testing.TB) []byte { return nodeBombDocx(tb, 4_700_000) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			data := c.make(b)
			b.ReportAllocs()
			var peak atomic.Int64
			imported := 0.0
			for b.Loop() {
				b.StopTimer()
				im := newImporter(b)
				path := write(b, b.TempDir(), c.file, data)
				stop := make(chan struct{})
				done := make(chan struct{})
				go func() {
					defer close(done)
					for {
						if r := treeRSS(); r > peak.Load() {
							peak.Store(r)
						}
						select {
						case <-stop:
							return
						case <-time.After(5 * time.Millisecond):
						}
					}
				}()
				b.StartTimer()
				r := importAll(b, im, path)[c.file]
				b.StopTimer()
				close(stop)
				<-done
				if r.Outcome == app.OutcomeImported {
					imported = 1
				} else {
					b.Logf("%s: %s", c.file, app.ErrorMessage(r.Err))
				}
				b.StartTimer()
			}
			b.ReportMetric(float64(peak.Load())/(1<<20), "peak-RSS-MB")
			b.ReportMetric(float64(len(data))/(1<<20), "file-MB")
			b.ReportMetric(imported, "imported")
		})
	}
}
