package desktop

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/go-pdf/fpdf"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/store"
)

// The citation-opening benchmark is the one UI test that runs the real
// library: what it measures is the store, PDFium and the image decoding
// behind a tap on a pill, not the widgets alone.

// benchPDF writes a Letter PDF of pages pages of running text; the page
// the benchmark cites (page 3) holds the sentence the question asks about.
func benchPDF(b *testing.B, path string, pages int) {
	b.Helper()
	pdf := fpdf.New("P", "pt", "Letter", "")
	pdf.SetTitle("Harbour Board Annual Report", true)
	filler := strings.Repeat("The board met monthly and reviewed the accounts, the moorings and the pilotage service. ", 14)
	for p := 1; p <= pages; p++ {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 18)
		heading := "Chapter " + strconv.Itoa(p)
		pdf.Bookmark(heading, 0, -1)
		pdf.Text(72, 90, heading)
		pdf.SetFont("Helvetica", "", 11)
		pdf.SetXY(72, 110)
		body := filler
		if p == 3 {
			body += "The lighthouse lens was replaced in 1998 after the winter storm cracked it. " + filler
		}
		pdf.MultiCell(468, 15, body, "", "L", false)
	}
	if err := pdf.OutputFileAndClose(path); err != nil {
		b.Fatal(err)
	}
}

// benchLibrary imports a generated PDF into a fresh library and asks the
// question whose answer cites page 3. It returns the library, its folder
// and the answer's citations.
func benchLibrary(b *testing.B) (*ingest.Importer, string, []app.Citation) {
	b.Helper()
	ctx := context.Background()
	dir := b.TempDir()
	src := filepath.Join(b.TempDir(), "report.pdf")
	benchPDF(b, src, 12)
	db, err := store.Open(ctx, dir)
	if err != nil {
		b.Fatal(err)
	}
	im := &ingest.Importer{DB: db, NewID: uuid.NewString}
	b.Cleanup(func() { im.Close(); db.Close() })
	res, err := im.Import(ctx, []string{src}, nil)
	if err != nil || len(res) != 1 || res[0].Outcome != app.OutcomeImported {
		b.Fatalf("import: %v %+v", err, res)
	}
	research := retrieve.NewResearch(db, answer.Extractive{}, uuid.NewString)
	ans, err := research.Ask(ctx, app.Question{Text: "When was the lighthouse lens replaced after the storm?"})
	if err != nil || len(ans.Citations) == 0 || len(ans.Citations[0].Rects) == 0 {
		b.Fatalf("no highlighted citation to open: %v %+v", err, ans)
	}
	return im, dir, ans.Citations
}

// BenchmarkOpenCitation measures a tap on a pill until the citation view
// shows the page image with its highlights and the passage with the quote:
// warm (the page image is cached) and cold (it is rendered by PDFium
// first). The references, measured in the same run, are decoding the
// cached PNG alone and, when installed, pdftoppm rendering the same page.
func BenchmarkOpenCitation(b *testing.B) {
	im, dir, cites := benchLibrary(b)
	a := test.NewTempApp(b)
	w := a.NewWindow("Archivist")
	defer w.Close()
	loop := &uiLoop{}
	u := newUI(a, w, Services{Library: im, Research: &fakeResearch{}}, loop.do)
	defer u.Close()
	cv := u.drawer.citation
	page := cites[0].PageStart

	open := func(b *testing.B) {
		cv.show(cites, 0)
		deadline := time.Now().Add(30 * time.Second)
		for cv.page.img == nil || cv.highlight == nil || cv.loadingBox.Visible() {
			loop.drain()
			if time.Now().After(deadline) {
				b.Fatalf("citation not shown: %s", cv.status.Text)
			}
			time.Sleep(100 * time.Microsecond)
		}
		if len(cv.page.rects) == 0 {
			b.Fatal("page shown without highlights")
		}
		cv.hide()
		loop.drain()
	}
	open(b) // renders the page once and starts the PDFium worker

	b.Run("warm", func(b *testing.B) {
		b.ReportAllocs()
		cpu := cpuTime()
		for b.Loop() {
			open(b)
		}
		reportCPU(b, cpu)
	})
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		var cpu, setup time.Duration
		for b.Loop() {
			b.StopTimer()
			c0 := cpuTime()
			if err := os.RemoveAll(filepath.Join(dir, "pages")); err != nil {
				b.Fatal(err)
			}
			decoded = pageCache{} // nothing decoded either
			c1 := cpuTime()
			setup += c1 - c0
			b.StartTimer()
			open(b)
			cpu += cpuTime() - c1
		}
		// PDFium renders in a worker process: its CPU is the children's.
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
	b.Run("reference-decode", func(b *testing.B) {
		path, err := im.PageImage(context.Background(), cites[0].DocumentID, page)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		cpu := cpuTime()
		defer reportCPU(b, cpu)
		for b.Loop() {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := png.Decode(f); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	b.Run("reference-pdftoppm", func(b *testing.B) {
		if _, err := exec.LookPath("pdftoppm"); err != nil {
			b.Skip("pdftoppm is not installed")
		}
		doc, err := im.DB.Document(context.Background(), cites[0].DocumentID)
		if err != nil {
			b.Fatal(err)
		}
		out := filepath.Join(b.TempDir(), "p")
		p := strconv.Itoa(page)
		cpu := cpuTime()
		defer reportCPU(b, cpu)
		for b.Loop() {
			cmd := exec.Command("pdftoppm", "-r", "144", "-f", p, "-l", p, "-png", im.DB.BlobPath(doc.SHA256), out)
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64((cpuTime()-since).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
