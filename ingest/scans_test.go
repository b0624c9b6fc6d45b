package ingest_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"database/sql"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"archivist/app"
	"archivist/ingest"
	"archivist/store"
)

// scanPNG is a page of print drawn as a picture (1700 × 1000 pixels):
// a title line, two paragraphs and a heading, no text layer.
const scanPNG = "ocr/testdata/page.png"

func needTesseract(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("tesseract")
	if err != nil {
		t.Skip("tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd)")
	}
	return p
}

// countingTesseract returns a tesseract that logs each page it reads to a
// file, then runs the real one; and a function counting the pages read.
func countingTesseract(t *testing.T) (path string, reads func() int) {
	real := needTesseract(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	path = filepath.Join(dir, "tesseract")
	script := "#!/bin/sh\ncase \"$*\" in *tsv*) echo x >> " + log + ";; esac\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, func() int {
		b, _ := os.ReadFile(log)
		return strings.Count(string(b), "x")
	}
}

func blocksOf(t *testing.T, im *ingest.Importer, docID string) []app.Block {
	t.Helper()
	ctx := context.Background()
	snap, err := im.DB.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	p, _, err := im.DB.StoredParse(ctx, docID)
	if err != nil {
		t.Fatal(err)
	}
	return p.Blocks
}

func allText(bs []app.Block) string {
	var b strings.Builder
	for _, x := range bs {
		b.WriteString(x.Text)
		b.WriteString("\n")
	}
	return b.String()
}

func doc(t *testing.T, im *ingest.Importer, id string) *app.Document {
	t.Helper()
	d, err := im.DB.Document(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestImportImage: a PNG of a page imports as a one-page document whose
// OCR words carry their boxes into blocks, highlights and search.
func TestImportImage(t *testing.T) {
	needTesseract(t)
	im := newImporter(t)
	r := importAll(t, im, scanPNG)["page.png"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	d := doc(t, im, r.DocumentID)
	if d.Format != app.FormatImage || d.Pages != 1 || d.Status != app.StatusReady || d.Notice != "" {
		t.Fatalf("document %+v", d)
	}
	blocks := blocksOf(t, im, r.DocumentID)
	text := allText(blocks)
	for _, want := range []string{"Quarterly Report of the Harbour Trust", "412 vessels", "Outlook"} {
		if !strings.Contains(strings.ReplaceAll(text, "\n", " "), want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// "Outlook" stands alone between paragraphs, set like them: its own
	// block, the paragraphs' lines joined in blocks of several lines.
	var multi bool
	for _, b := range blocks {
		multi = multi || strings.Count(b.Text, "\n") >= 1
		if b.Text == "Outlook" && len(b.Words) != 1 {
			t.Errorf("Outlook block words %+v", b.Words)
		}
	}
	if !multi {
		t.Errorf("no block holds more than one line: %q", text)
	}
	// The quote's highlight lands where the word is drawn: "412" after
	// "The harbour received " on the third line (y ≈ 0.22 of the page),
	// about a third across, three digits wide.
	for _, b := range blocks {
		i := strings.Index(b.Text, "412")
		if i < 0 {
			continue
		}
		rects := b.QuoteRects(i, i+3)
		if len(rects) != 1 {
			t.Fatalf("rects %+v", rects)
		}
		rc := rects[0]
		if rc.Page != 1 || rc.Y0 < 0.18 || rc.Y1 > 0.26 || rc.X0 < 0.25 || rc.X1 > 0.36 || rc.X1-rc.X0 > 0.06 {
			t.Errorf("412 highlighted at %+v", rc)
		}
	}
	if len(hits(t, im, "dredging")) == 0 {
		t.Error("an OCR word is not found by search")
	}
	pages, err := im.DB.OCRPages(context.Background(), r.DocumentID)
	if err != nil || len(pages) != 1 || pages[0].State != app.OCRRead || pages[0].Confidence < 0.85 {
		t.Errorf("OCR pages %+v %v", pages, err)
	}
	cs := []app.Citation{{DocumentID: r.DocumentID, PageStart: 1, PageEnd: 1}, {DocumentID: "other", PageStart: 1}}
	im.CiteOCR(context.Background(), cs)
	if !strings.HasPrefix(cs[0].OCR, "read by OCR, 9") || !strings.HasSuffix(cs[0].OCR, "% confidence") || cs[1].OCR != "" {
		t.Errorf("citations say %q and %q", cs[0].OCR, cs[1].OCR)
	}
	path, err := im.PageImage(context.Background(), r.DocumentID, 1)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 1700 {
		t.Errorf("page image %v %v", cfg, err)
	}
}

// TestImportScannedPDF: in a PDF whose first page has a text layer and
// whose second is a picture of print, the first is read as text and only
// the second by OCR.
func TestImportScannedPDF(t *testing.T) {
	tess, reads := countingTesseract(t)
	im := newImporter(t)
	im.OCR.Path = tess
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetFont("Helvetica", "", 12)
	f.AddPage()
	f.Text(72, 100, "The lighthouse keeper writes the weather in the log each evening.")
	f.AddPage()
	f.Image(scanPNG, 36, 36, 540, 0, false, "", 0, "")
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	path := write(t, t.TempDir(), "mixed.pdf", b.Bytes())
	r := importAll(t, im, path)["mixed.pdf"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	if n := reads(); n != 1 {
		t.Errorf("OCR read %d pages, want 1 (the text page is never OCR'd)", n)
	}
	d := doc(t, im, r.DocumentID)
	if d.Notice != "" {
		t.Errorf("notice %q", d.Notice)
	}
	blocks := blocksOf(t, im, r.DocumentID)
	var onPage [3]string
	for _, b := range blocks {
		onPage[b.Page] += b.Text + "\n"
	}
	if !strings.Contains(onPage[1], "lighthouse keeper") || !strings.Contains(strings.ReplaceAll(onPage[2], "\n", " "), "3.2 million dollars") {
		t.Fatalf("page texts %q", onPage)
	}
	pages, _ := im.DB.OCRPages(context.Background(), r.DocumentID)
	if len(pages) != 1 || pages[0].Number != 2 || pages[0].State != app.OCRRead {
		t.Errorf("OCR pages %+v", pages)
	}
	// Boxes: the image starts 36 pt in and is 540 pt wide on a 612 pt
	// page; "Quarterly" was drawn at pixel x 120 of 1700.
	for _, b := range blocks {
		if i := strings.Index(b.Text, "Quarterly"); i >= 0 && b.Page == 2 {
			rc := b.QuoteRects(i, i+len("Quarterly"))[0]
			wantX := (36 + 120.0/1700*540) / 612
			if d := rc.X0 - wantX; d > 0.01 || d < -0.01 {
				t.Errorf("Quarterly at x0 %.3f, want %.3f", rc.X0, wantX)
			}
		}
	}
	// A re-import of the same pages (a reindex, a second copy) reads nothing
	// again: the readings are cached by page image.
	before := reads()
	b.Reset()
	g := fpdf.New("P", "pt", "Letter", "")
	g.SetFont("Helvetica", "", 12)
	g.AddPage()
	g.Text(72, 100, "Another first page, so the file differs.")
	g.AddPage()
	g.Image(scanPNG, 36, 36, 540, 0, false, "", 0, "")
	if err := g.Output(&b); err != nil {
		t.Fatal(err)
	}
	r2 := importAll(t, im, write(t, t.TempDir(), "copy.pdf", b.Bytes()))["copy.pdf"]
	if r2.Outcome != app.OutcomeImported {
		t.Fatalf("copy: %v %v", r2.Outcome, r2.Err)
	}
	if n := reads() - before; n != 0 {
		t.Errorf("the copy's scanned page was read %d more times, want 0 (cached)", n)
	}
	if !strings.Contains(allText(blocksOf(t, im, r2.DocumentID)), "Harbour") {
		t.Error("the cached reading did not make the copy's text")
	}
	// A reading an older reader made (filed under its languages alone, as
	// the first release filed them) is read again by this one.
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(im.DB.Dir, store.DatabaseFile))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE ocr_cache SET langs = 'eng'`); err != nil {
		t.Fatal(err)
	}
	before = reads()
	g.AddPage()
	g.Text(72, 100, "A third page, so the file differs again.")
	b.Reset()
	if err := g.Output(&b); err != nil {
		t.Fatal(err)
	}
	if r3 := importAll(t, im, write(t, t.TempDir(), "third.pdf", b.Bytes()))["third.pdf"]; r3.Outcome != app.OutcomeImported {
		t.Fatalf("third copy: %v %v", r3.Outcome, r3.Err)
	}
	if n := reads() - before; n != 1 {
		t.Errorf("the page an older reader read was read %d times, want 1", n)
	}
}

// TestMissingTesseractWaits: without Tesseract an image imports, says its
// page waits for OCR and how to install it, and is read once Tesseract is
// there.
func TestMissingTesseractWaits(t *testing.T) {
	tess := needTesseract(t)
	im := newImporter(t)
	im.OCR.Path = filepath.Join(t.TempDir(), "tesseract-not-here")
	r := importAll(t, im, scanPNG)["page.png"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import without tesseract: %v %v", r.Outcome, r.Err)
	}
	d := doc(t, im, r.DocumentID)
	if d.Status != app.StatusReady || !strings.Contains(d.Notice, "1 page waits for OCR") || !strings.Contains(d.Notice, "tesseract-ocr") {
		t.Fatalf("document %+v", d)
	}
	if _, err := im.PageImage(context.Background(), r.DocumentID, 1); err != nil {
		t.Errorf("the waiting page has no image: %v", err)
	}
	waiting, _ := im.DB.WaitingForOCR(context.Background())
	if len(waiting) != 1 {
		t.Fatalf("waiting %v", waiting)
	}
	// Still missing: nothing happens.
	if n, err := im.ReadWaitingPages(context.Background()); n != 0 || err != nil {
		t.Fatalf("read %d, %v with tesseract still missing", n, err)
	}
	im.OCR.Path = tess
	if err := im.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	d = doc(t, im, r.DocumentID)
	if d.Status != app.StatusReady || d.Notice != "" || d.Words < 50 {
		t.Fatalf("after tesseract appeared: %+v", d)
	}
	if len(hits(t, im, "dredging")) == 0 {
		t.Error("the page read late is not searchable")
	}
	if waiting, _ := im.DB.WaitingForOCR(context.Background()); len(waiting) != 0 {
		t.Errorf("still waiting: %v", waiting)
	}
}

// TestBadImages: each bad picture gets a clear failed result, and the good
// file beside it imports.
func TestBadImages(t *testing.T) {
	im := newImporter(t)
	dir := t.TempDir()
	var jb bytes.Buffer
	src := image.NewRGBA(image.Rect(0, 0, 600, 400))
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 13)
	}
	jpeg.Encode(&jb, src, nil)
	truncated := write(t, dir, "cut.jpg", jb.Bytes()[:jb.Len()/3])
	huge := write(t, dir, "huge.png", hugePNGHeader(20_000, 20_000))
	good := write(t, dir, "note.txt", []byte("The ferry leaves at nine.\n"))
	got := importAll(t, im, truncated, huge, good)
	if r := got["cut.jpg"]; r.Outcome != app.OutcomeFailed || !strings.Contains(app.ErrorMessage(r.Err), "damaged or incomplete") {
		t.Errorf("truncated JPEG: %v %v", r.Outcome, r.Err)
	}
	if r := got["huge.png"]; r.Outcome != app.OutcomeFailed || app.ErrorCode(r.Err) != app.ETooLarge ||
		!strings.Contains(app.ErrorMessage(r.Err), "20000 × 20000") {
		t.Errorf("huge PNG: %v %v", r.Outcome, r.Err)
	}
	if r := got["note.txt"]; r.Outcome != app.OutcomeImported {
		t.Errorf("the good file: %v %v", r.Outcome, r.Err)
	}
}

func hugePNGHeader(w, h uint32) []byte {
	var b bytes.Buffer
	// Encode a 1×1 grey PNG, then rewrite its IHDR size and CRC.
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	data := b.Bytes()
	put := func(off int, v uint32) {
		data[off], data[off+1], data[off+2], data[off+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	}
	put(16, w)
	put(20, h)
	put(29, crc32.ChecksumIEEE(data[12:29]))
	return data
}

// grayTIFF writes a deflate-compressed 8-bit grey TIFF, one page per
// image (a blank page compresses to almost nothing).
func grayTIFF(pages []*image.Gray) []byte {
	le := binary.LittleEndian
	out := []byte("II*\x00\x00\x00\x00\x00")
	prevNext := 4
	packed := map[*image.Gray][]byte{}
	for _, g := range pages {
		w, h := g.Rect.Dx(), g.Rect.Dy()
		z, ok := packed[g]
		if !ok {
			var b bytes.Buffer
			zw := zlib.NewWriter(&b)
			zw.Write(g.Pix)
			zw.Close()
			z = b.Bytes()
			packed[g] = z
		}
		pix := len(out)
		out = append(out, z...)
		if len(out)%2 == 1 {
			out = append(out, 0)
		}
		le.PutUint32(out[prevNext:], uint32(len(out)))
		entries := [][3]uint32{{256, 4, uint32(w)}, {257, 4, uint32(h)}, {258, 3, 8}, {259, 3, 8}, {262, 3, 1},
			{273, 4, uint32(pix)}, {277, 3, 1}, {278, 4, uint32(h)}, {279, 4, uint32(len(z))}}
		out = le.AppendUint16(out, uint16(len(entries)))
		for _, e := range entries {
			out = le.AppendUint16(out, uint16(e[0]))
			out = le.AppendUint16(out, uint16(e[1]))
			out = le.AppendUint32(out, 1)
			if e[1] == 3 {
				out = le.AppendUint16(out, uint16(e[2]))
				out = le.AppendUint16(out, 0)
			} else {
				out = le.AppendUint32(out, e[2])
			}
		}
		prevNext = len(out)
		out = le.AppendUint32(out, 0)
	}
	return out
}

func loadGray(t *testing.T, path string) *image.Gray {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Rect, img, img.Bounds().Min, draw.Src)
	return g
}

// Test500PageTIFF: a 500-page TIFF (a page of print, then blank sheets)
// imports as 500 pages, page by page: the heap never holds the pages
// decoded (500 × 1.44 MB of grey: 720 MB).
func Test500PageTIFF(t *testing.T) {
	if testing.Short() {
		t.Skip("500 pages take a while")
	}
	needTesseract(t)
	im := newImporter(t)
	pages := make([]*image.Gray, 500)
	pages[0] = loadGray(t, scanPNG)
	blank := image.NewGray(image.Rect(0, 0, 1200, 1200))
	for i := range blank.Pix {
		blank.Pix[i] = 255
	}
	for i := 1; i < len(pages); i++ {
		pages[i] = blank
	}
	path := write(t, t.TempDir(), "bundle.tif", grayTIFF(pages))
	pages = nil
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	r := importAll(t, im, path)["bundle.tif"]
	close(stop)
	<-done
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	d := doc(t, im, r.DocumentID)
	if d.Pages != 500 || d.Format != app.FormatImage {
		t.Fatalf("document %+v", d)
	}
	if !strings.Contains(allText(blocksOf(t, im, r.DocumentID)), "Harbour") {
		t.Error("page 1 was not read")
	}
	if p := peak.Load(); p > 200<<20 {
		t.Errorf("heap in use peaked at %d MB", p>>20)
	}
	t.Logf("heap in use peaked at %d MB", peak.Load()>>20)
}

// slowTesseract is a tesseract that lists English and then takes a minute
// over any page.
func slowTesseract(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tesseract")
	script := "#!/bin/sh\ncase \"$*\" in *--list-langs*) echo 'List of available languages (1):'; echo eng; exit 0;; esac\nexec sleep 60\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOCRCancelAndResume: a cancelled OCR import stops at once and fails
// as cancelled; one stopped by quitting stays queued and is read at the
// next start.
func TestOCRCancelAndResume(t *testing.T) {
	tess := needTesseract(t)
	t.Run("Cancel", func(t *testing.T) {
		im := newImporter(t)
		im.OCR.Path = slowTesseract(t)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(500*time.Millisecond, cancel)
		start := time.Now()
		rs, _ := im.Import(ctx, []string{scanPNG}, nil)
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("cancelling took %v", took)
		}
		if len(rs) != 1 || rs[0].Outcome != app.OutcomeFailed || app.ErrorCode(rs[0].Err) != app.ECancelled {
			t.Fatalf("results %+v", rs)
		}
	})
	t.Run("QuitThenResume", func(t *testing.T) {
		im := newImporter(t)
		im.OCR.Path = slowTesseract(t)
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(500*time.Millisecond, func() { cancel(app.ErrQuitting) })
		rs, _ := im.Import(ctx, []string{scanPNG}, nil)
		if len(rs) != 1 || rs[0].Outcome != app.OutcomeFailed {
			t.Fatalf("results %+v", rs)
		}
		jobs, err := im.DB.PendingJobs(context.Background())
		if err != nil || len(jobs) != 1 {
			t.Fatalf("pending %v %v: the quit import must stay queued", jobs, err)
		}
		im.OCR.Path = tess
		if err := im.Resume(context.Background()); err != nil {
			t.Fatal(err)
		}
		d := doc(t, im, rs[0].DocumentID)
		if d.Status != app.StatusReady || d.Words < 50 {
			t.Fatalf("after resume: %+v", d)
		}
	})
}
