package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

func TestDamagedFiles(t *testing.T) {
	_, good := mixedDoc(t)
	random := make([]byte, 4096)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(r.IntN(256))
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"Empty", nil},
		{"RandomBytes", random},
		{"HeaderOnly", []byte("%PDF-1.7\n")},
		{"Truncated", good[:len(good)/2]},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := testEngine(t).Parse(context.Background(), c.data, "")
			var e *app.Error
			if !errors.As(err, &e) || e.Code != app.EInvalid || !strings.HasPrefix(e.Message, "the PDF is damaged or not a PDF (") {
				t.Fatalf("err = %#v", err)
			}
			// The message is for a person: the libraries' own words
			// ("xref table: unexpected eof", "strconv.ParseInt: …") are
			// kept in Details.
			if strings.ContainsAny(e.Message, ":;") || strings.Contains(e.Message, "pdfcpu") || strings.Contains(e.Message, "PDFium") {
				t.Errorf("message %q carries technical detail", e.Message)
			}
			if c.name == "Truncated" && e.Details == "" {
				t.Errorf("no details for a truncated file")
			}
			t.Logf("%s [details: %s]", e.Message, e.Details)
		})
	}
}

func TestPassword(t *testing.T) {
	g := newGen()
	g.SetProtection(0, "secret", "owner")
	g.SetTitle("Board minutes", true)
	g.AddPage()
	g.SetFont("Times", "", 12)
	g.text(72, 72, "Confidential minutes")
	data := g.bytes(t)
	e := testEngine(t)
	ctx := context.Background()
	_, err := e.Parse(ctx, data, "")
	if app.ErrorCode(err) != app.EPassword || !IsPasswordRequired(err) || app.ErrorMessage(err) != "the PDF is password-protected" {
		t.Errorf("no password: %v", err)
	}
	_, err = e.Parse(ctx, data, "wrong")
	if !IsPasswordRequired(err) || !strings.Contains(app.ErrorMessage(err), "wrong") {
		t.Errorf("wrong password: %v", err)
	}
	p, err := e.Parse(ctx, data, "secret")
	if err != nil || len(p.Blocks) != 1 || p.Blocks[0].Text != "Confidential minutes" {
		t.Fatalf("right password: %v %+v", err, p)
	}
	// The Info title is encrypted too: read with the key, or not at all.
	if p.Title != "Board minutes" && p.Title != "" {
		t.Errorf("title %q, want the decrypted title or none", p.Title)
	}
	t.Logf("title %q", p.Title)
}

func TestGarbledTitleRefused(t *testing.T) {
	for title, want := range map[string]bool{
		"Annual Report 2022":       true,
		"Rapport annuel — société": true,
		"年次報告書 2022":               true,
		"\xc3\xa5\x9f\x02\x8b":     false,
		"Ã¥Ÿ¿Ë±ÞÐìö×":              false,
		"Board\x00minutes":         false,
		"Ann\ufffdual Report":      false,
		"Contents":                 false, // names a page, not the document
		"Table of Contents":        false,
	} {
		if got := sensibleTitle(title); got != want {
			t.Errorf("sensibleTitle(%q) = %v, want %v", title, got, want)
		}
	}
}

// TestTimeLimitKills parses a long document under a tiny time limit, in a
// worker process and in-process: the instance is killed, the error says
// so, and the engine works after.
func TestTimeLimitKills(t *testing.T) {
	g := newGen()
	for range 150 {
		g.AddPage()
		g.SetFont("Times", "", 10)
		for l := range 60 {
			g.Text(72, 40+float64(l)*12, "A long line of words to keep the parser busy for a while longer")
		}
	}
	data := g.bytes(t)
	e := testEngine(t)
	if e.procs == nil {
		t.Fatalf("no worker processes: %v", e.workerErr)
	}
	inproc := &Engine{cfg: e.cfg, dir: e.dir}
	t.Cleanup(inproc.Close)
	for _, eng := range []*Engine{e, inproc} {
		short := &Engine{cfg: eng.cfg, dir: eng.dir, procs: eng.procs}
		if eng.procs == nil {
			short = eng
		}
		saved := short.cfg.DocumentTimeout
		short.cfg.DocumentTimeout = 30 * time.Millisecond
		start := time.Now()
		_, err := short.Parse(context.Background(), data, "")
		if app.ErrorCode(err) != app.ETooLarge || !strings.Contains(app.ErrorMessage(err), "longer than") {
			t.Fatalf("workers %v: err = %v", eng.procs != nil, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("workers %v: killed after %v", eng.procs != nil, d)
		}
		short.cfg.DocumentTimeout = saved
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := eng.Parse(ctx, data, ""); app.ErrorCode(err) != app.ECancelled || !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled: %v", err)
		}
		// A fresh instance works after the kill.
		_, small := rotatedDoc(t)
		if p, err := eng.Parse(context.Background(), small, ""); err != nil || len(p.Blocks) != 8 {
			t.Errorf("workers %v: after the kill: %v", eng.procs != nil, err)
		}
	}
}

func TestRenderPage(t *testing.T) {
	_, data := rotatedDoc(t)
	e := testEngine(t)
	for pg, size := range map[int][2]int{1: {612, 792}, 2: {792, 612}} {
		img, err := e.RenderPage(context.Background(), data, pg, 72)
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != size[0] || b.Dy() != size[1] {
			t.Errorf("page %d: %v, want %v", pg, b, size)
		}
	}
	// At 144 dpi the parsed box of a line covers dark pixels.
	p := mustParse(t, data)
	img, err := e.RenderPage(context.Background(), data, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	bl := p.Blocks[firstOnPage(p, 2)]
	b := img.Bounds()
	dark := 0
	for y := int(bl.Box.Y0 * float64(b.Dy())); y < int(bl.Box.Y1*float64(b.Dy())); y++ {
		for x := int(bl.Box.X0 * float64(b.Dx())); x < int(bl.Box.X1*float64(b.Dx())); x++ {
			if c := color.GrayModel.Convert(img.At(x, y)).(color.Gray); c.Y < 128 {
				dark++
			}
		}
	}
	if dark < 100 {
		t.Errorf("%d dark pixels under %q's box", dark, bl.Text)
	}
	if _, err := e.RenderPage(context.Background(), data, 9, 72); app.ErrorCode(err) != app.ENotFound {
		t.Errorf("page 9: %v", err)
	}
}

func firstOnPage(p *app.Parsed, page int) int {
	for i, b := range p.Blocks {
		if b.Page == page {
			return i
		}
	}
	return 0
}

// scanPage adds a page that shows a grey "scanned" image and a ruled box
// but has no text layer.
func scanPage(t testing.TB, g *gen) {
	if g.GetImageInfo("scan") == nil {
		img := image.NewGray(image.Rect(0, 0, 200, 260))
		for y := range 260 {
			for x := range 200 {
				img.SetGray(x, y, color.Gray{Y: uint8(255 - (x*y)%97)})
			}
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		g.RegisterImageOptionsReader("scan", fpdf.ImageOptions{ImageType: "PNG"}, &b)
	}
	g.AddPage()
	g.ImageOptions("scan", 36, 36, 540, 702, false, fpdf.ImageOptions{}, 0, "")
	g.Rect(30, 30, 552, 714, "D")
}

// TestNoTextLayer: a scan parses to no blocks with the OCR notice; a PDF
// most of whose pages are scans names the count; blank pages are not
// scans.
func TestNoTextLayer(t *testing.T) {
	g := newGen()
	for range 3 {
		scanPage(t, g)
	}
	p := mustParse(t, g.bytes(t))
	if p.Pages != 3 || len(p.Blocks) != 0 || p.Notice != "no text — needs OCR" {
		t.Errorf("scan: %d pages, %d blocks, notice %q", p.Pages, len(p.Blocks), p.Notice)
	}
	if errs := checkParsed(p); errs != nil {
		t.Errorf("scan: %v", errs)
	}

	g = newGen()
	for i := range 40 {
		if i%10 < 7 {
			scanPage(t, g)
			continue
		}
		g.AddPage()
		g.SetFont("Times", "", 11)
		g.text(72, 72, "Typed page "+itoa(i+1))
	}
	p = mustParse(t, g.bytes(t))
	if want := "28 of 40 pages have no text — they need OCR"; p.Notice != want || len(p.Blocks) != 12 {
		t.Errorf("mixed: notice %q, %d blocks; want %q, 12", p.Notice, len(p.Blocks), want)
	}

	// Typed pages with blank pages between them need no OCR.
	g = newGen()
	for i := range 6 {
		g.AddPage()
		if i%2 == 0 {
			g.SetFont("Times", "", 11)
			g.text(72, 72, "Typed page "+itoa(i+1))
		}
	}
	if p = mustParse(t, g.bytes(t)); p.Notice != "" || len(p.Blocks) != 3 {
		t.Errorf("blank pages: notice %q, %d blocks", p.Notice, len(p.Blocks))
	}

	// Pages of lines and shapes, with no picture and no text, are empty:
	// no OCR would read anything there.
	g = newGen()
	for range 4 {
		g.AddPage()
		g.Rect(30, 30, 552, 714, "D")
		g.Line(30, 30, 582, 744)
	}
	if p = mustParse(t, g.bytes(t)); p.Notice != NoticeEmpty || len(p.Blocks) != 0 {
		t.Errorf("drawings only: notice %q, %d blocks; want %q", p.Notice, len(p.Blocks), NoticeEmpty)
	}

	// A picture drawn through a form XObject is a picture too.
	img := "q 500 0 0 700 50 50 cm /Im1 Do Q"
	form := rawPDF(map[int]string{
		1: "<< /Type /Catalog /Pages 2 0 R >>",
		2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>",
		4: "<< /Length 8 >>\nstream\n/Fm1 Do\nendstream",
		5: fmt.Sprintf("<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /Im1 6 0 R >> >> /Length %d >>\nstream\n%s\nendstream", len(img), img),
		6: "<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x00\xff\xff\x00\nendstream",
	})
	if p = mustParse(t, form); p.Notice != NoticeNoText {
		t.Errorf("picture in a form: notice %q, want %q", p.Notice, NoticeNoText)
	}
}

// TestWorkerDies: a worker process that dies mid-document (killed from
// outside, say by the out-of-memory killer) fails that document with a
// clear error, not a hang, and the next document is read by a new one.
func TestWorkerDies(t *testing.T) {
	e := testEngine(t)
	if e.procs == nil {
		t.Skip("no worker processes")
	}
	g := newGen()
	for range 300 {
		g.AddPage()
		g.SetFont("Times", "", 10)
		for l := range 60 {
			g.Text(72, 40+float64(l)*12, "A long line of words to keep the parser busy for a while longer")
		}
	}
	data := g.bytes(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(300 * time.Millisecond)
		for _, pid := range e.procs.pids() {
			if p, err := os.FindProcess(pid); err == nil {
				p.Kill()
			}
		}
	}()
	start := time.Now()
	_, err := e.Parse(context.Background(), data, "")
	<-done
	if err == nil {
		t.Skip("the document was read before the workers were killed")
	}
	if !errors.As(err, new(*app.Error)) || time.Since(start) > 30*time.Second {
		t.Fatalf("after %v: %v", time.Since(start), err)
	}
	t.Logf("after %v: %v", time.Since(start), err)
	_, small := rotatedDoc(t)
	if p, err := e.Parse(context.Background(), small, ""); err != nil || len(p.Blocks) != 8 {
		t.Errorf("after the crash: %v", err)
	}
}

// TestPageProgress: both the worker and the in-process parser report the
// pages read, in order, ending at the page count.
func TestPageProgress(t *testing.T) {
	g := newGen()
	const n = 70 // more than one chunk, and enough for a second worker
	for i := range n {
		g.AddPage()
		g.SetFont("Times", "", 12)
		g.text(72, 72, fmt.Sprintf("Page %d of the progress report", i+1))
	}
	data := g.bytes(t)
	for name, e := range map[string]*Engine{"workers": testEngine(t), "in process": testInProcessEngine(t)} {
		t.Run(name, func(t *testing.T) {
			var mu sync.Mutex
			var seen [][2]int
			ctx := app.WithPageProgress(context.Background(), func(done, total int) {
				mu.Lock()
				seen = append(seen, [2]int{done, total})
				mu.Unlock()
			})
			p, err := e.Parse(ctx, data, "")
			if err != nil || p.Pages != n {
				t.Fatalf("parse: %v", err)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(seen) < 2 {
				t.Fatalf("progress reports %v, want several", seen)
			}
			for i, s := range seen {
				if s[1] != n || s[0] < 1 || s[0] > n || i > 0 && s[0] <= seen[i-1][0] {
					t.Fatalf("progress reports %v: want increasing counts of %d", seen, n)
				}
			}
			if last := seen[len(seen)-1]; last[0] != n {
				t.Errorf("last report %v, want all %d pages", last, n)
			}
		})
	}
}
