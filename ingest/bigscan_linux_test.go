package ingest_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

// bigScan is a letter page scanned at 600 dpi in grey (5100 × 6600
// pixels): the page of print drawn three times its size, twice down the
// sheet, on paper with grain, saved as a JPEG of about 10 MB.
func bigScan(t *testing.T, seed uint64) []byte {
	t.Helper()
	print := loadGray(t, scanPNG)
	const w, h = 5100, 6600
	g := image.NewGray(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(seed, 1))
	pw, ph := print.Rect.Dx(), print.Rect.Dy()
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		sy := (y - 300) % 3300 / 3
		for x := range row {
			v := 255
			if sy >= 0 && sy < ph && y >= 300 && x/3 < pw {
				v = int(print.Pix[sy*print.Stride+x/3])
			}
			v = v - 16 + rng.IntN(33) // the paper's grain
			row[x] = uint8(max(0, min(255, v)))
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, g, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// treeRSS is the resident memory of this process and all its descendants
// (PDFium workers, Tesseract), in bytes.
func treeRSS() int64 {
	self := os.Getpid()
	parent := map[int]int{}
	rss := map[int]int64{}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces.
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) < 22 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		pages, _ := strconv.ParseInt(f[21], 10, 64)
		rss[pid] = pages * int64(os.Getpagesize())
	}
	var total int64
	for pid, r := range rss {
		for p := pid; p > 1; p = parent[p] {
			if p == self {
				total += r
				break
			}
		}
	}
	return total
}

// TestPDFOfBigScans: a PDF whose every page is a 10 MB scan imports with
// every page read, within the pages' time limits and in bounded memory
// (two OCR workers), and a note queued beside it is not held up by it.
func TestPDFOfBigScans(t *testing.T) {
	if testing.Short() {
		t.Skip("four 600-dpi scans take a while")
	}
	needTesseract(t)
	im := newImporter(t)
	const pages = 4
	f := fpdf.New("P", "pt", "Letter", "")
	size := 0
	for i := range pages {
		scan := bigScan(t, uint64(i))
		size += len(scan)
		name := fmt.Sprintf("scan%d", i)
		f.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "JPG"}, bytes.NewReader(scan))
		f.AddPage()
		f.ImageOptions(name, 0, 0, 612, 792, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
	}
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	if size/pages < 8<<20 {
		t.Fatalf("the scans are %d MB each, want about 10", size/pages>>20)
	}
	dir := t.TempDir()
	big := write(t, dir, "scans.pdf", b.Bytes())
	b = bytes.Buffer{}
	note := write(t, dir, "note.txt", []byte("Call the harbour master about the mooring fees.\n"))

	var peak atomic.Int64
	stop := make(chan struct{})
	var sampler sync.WaitGroup
	sampler.Add(1)
	go func() {
		defer sampler.Done()
		for {
			if r := treeRSS(); r > peak.Load() {
				peak.Store(r)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	var mu sync.Mutex
	finished := map[string]time.Duration{}
	start := time.Now()
	rs, err := im.Import(context.Background(), []string{big, note}, func(p app.ImportProgress) {
		if p.Result != nil {
			mu.Lock()
			finished[filepath.Base(p.Path)] = time.Since(start)
			mu.Unlock()
		}
	})
	close(stop)
	sampler.Wait()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Outcome != app.OutcomeImported {
			t.Fatalf("%s: %v %v", filepath.Base(r.Path), r.Outcome, r.Err)
		}
	}
	if finished["note.txt"] >= finished["scans.pdf"] {
		t.Errorf("the note finished after %v, the scans after %v: it waited for them", finished["note.txt"], finished["scans.pdf"])
	}
	var scanDoc string
	for _, r := range rs {
		if filepath.Base(r.Path) == "scans.pdf" {
			scanDoc = r.DocumentID
		}
	}
	if d := doc(t, im, scanDoc); d.Pages != pages || d.Notice != "" {
		t.Errorf("document %d pages, notice %q", d.Pages, d.Notice)
	}
	read := map[int]bool{}
	for _, bl := range blocksOf(t, im, scanDoc) {
		if strings.Contains(bl.Text, "Harbour") {
			read[bl.Page] = true
		}
	}
	if len(read) != pages {
		t.Errorf("pages read %v, want all %d", read, pages)
	}
	// Bounded: two PDFium workers (capped at 1.5 GB each, using far less)
	// and two Tesseract processes on 300-dpi renders.
	if p := peak.Load(); p > 2<<30 {
		t.Errorf("memory of the process and its workers peaked at %d MB", p>>20)
	}
	t.Logf("%d pages of %d MB scans (file %d MB): imported in %v (the note in %v); peak RSS, process and workers: %d MB",
		pages, size/pages>>20, size>>20, finished["scans.pdf"].Round(time.Second), finished["note.txt"].Round(time.Millisecond), peak.Load()>>20)
}
