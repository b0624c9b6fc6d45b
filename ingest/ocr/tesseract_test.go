package ocr

import (
	"context"
	"errors"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"archivist/app"
)

// needTesseract skips a test when Tesseract is not installed here.
func needTesseract(t *testing.T) *Engine {
	t.Helper()
	e := &Engine{}
	if _, err := e.Find(); err != nil {
		t.Skip("tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd)")
	}
	return e
}

func loadPNG(t *testing.T, name string) *image.Gray {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return Gray(img)
}

func text(pg *Page) string {
	var b strings.Builder
	for i, w := range pg.Words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Text)
	}
	return b.String()
}

// find returns the first word with the given text.
func find(t *testing.T, pg *Page, s string) Word {
	t.Helper()
	for _, w := range pg.Words {
		if w.Text == s {
			return w
		}
	}
	t.Fatalf("no word %q in %q", s, text(pg))
	return Word{}
}

func TestReadPage(t *testing.T) {
	e := needTesseract(t)
	img := loadPNG(t, "page.png")
	pg, err := e.Read(context.Background(), img, "eng")
	if err != nil {
		t.Fatal(err)
	}
	got := text(pg)
	for _, want := range []string{"Quarterly Report of the Harbour Trust", "412 vessels", "3.2 million dollars", "Outlook"} {
		if !strings.Contains(got, want) {
			t.Errorf("reading lacks %q: %q", want, got)
		}
	}
	if pg.Turn != 0 || pg.Confidence() < 0.85 {
		t.Errorf("turn %d, confidence %.2f; want 0 and ≥ 0.85", pg.Turn, pg.Confidence())
	}
	// The page was drawn with its first line's baseline at y=150 from
	// x=120, in 34-pixel type: "Quarterly" sits there.
	q := find(t, pg, "Quarterly")
	if q.X0 < 110 || q.X0 > 130 || q.Y1 < 145 || q.Y1 > 165 || q.Y0 < 115 || q.Y0 > 130 {
		t.Errorf("Quarterly at %+v; want near x0=120, y0≈123, y1≈157", q)
	}
	if r := find(t, pg, "Report"); r.Line != q.Line || r.X0 <= q.X1 {
		t.Errorf("Report %+v should follow Quarterly %+v on its line", r, q)
	}
	if o := find(t, pg, "Outlook"); o.Line == q.Line || o.Y0 <= q.Y1 {
		t.Errorf("Outlook %+v should be on a later line than %+v", o, q)
	}
}

func TestReadTurnedPages(t *testing.T) {
	e := needTesseract(t)
	up := loadPNG(t, "page.png")
	w, h := up.Rect.Dx(), up.Rect.Dy()
	ref, err := e.Read(context.Background(), up, "eng")
	if err != nil {
		t.Fatal(err)
	}
	want := find(t, ref, "Harbour")
	for _, tc := range []struct {
		deg, turn int
		// where the upright box lands on the turned image
		mapped func(Word) Word
	}{
		{90, 1, func(b Word) Word { return Word{X0: h - b.Y1, Y0: b.X0, X1: h - b.Y0, Y1: b.X1} }},
		{180, 2, func(b Word) Word { return Word{X0: w - b.X1, Y0: h - b.Y1, X1: w - b.X0, Y1: h - b.Y0} }},
		{270, 3, func(b Word) Word { return Word{X0: b.Y0, Y0: w - b.X1, X1: b.Y1, Y1: w - b.X0} }},
	} {
		t.Run(strings.Repeat("quarter", tc.deg/90), func(t *testing.T) {
			pg, err := e.Read(context.Background(), rotate(up, tc.deg), "eng")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text(pg), "Quarterly Report of the Harbour Trust") {
				t.Fatalf("turned %d° reads %q", tc.deg, text(pg))
			}
			if pg.Turn != tc.turn {
				t.Errorf("turn %d, want %d", pg.Turn, tc.turn)
			}
			got, exp := find(t, pg, "Harbour"), tc.mapped(want)
			if d := max(absInt(got.X0-exp.X0), absInt(got.Y0-exp.Y0), absInt(got.X1-exp.X1), absInt(got.Y1-exp.Y1)); d > 6 {
				t.Errorf("Harbour at %+v on the turned page, want %+v (off by %d px)", got, exp, d)
			}
		})
	}
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func TestMissingTesseract(t *testing.T) {
	e := &Engine{Path: filepath.Join(t.TempDir(), "no-such-tesseract")}
	if _, err := e.Find(); !errors.Is(err, ErrMissing) {
		t.Fatalf("Find: %v, want ErrMissing", err)
	}
	_, err := e.Read(context.Background(), image.NewGray(image.Rect(0, 0, 100, 100)), "eng")
	if !errors.Is(err, ErrMissing) || !strings.Contains(app.ErrorMessage(err), "tesseract-ocr") {
		t.Fatalf("Read: %v, want ErrMissing naming the package", err)
	}
}

func TestPageTimeoutKills(t *testing.T) {
	e := needTesseract(t)
	e.PageTimeout = 50 * time.Millisecond
	start := time.Now()
	_, err := e.Read(context.Background(), loadPNG(t, "page.png"), "eng")
	if app.ErrorCode(err) != app.ETooLarge {
		t.Fatalf("err %v, want the time limit", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("the killed reading took %v to return", time.Since(start))
	}
}

func TestCancelKills(t *testing.T) {
	e := needTesseract(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err := e.Read(ctx, loadPNG(t, "page.png"), "eng")
	if app.ErrorCode(err) != app.ECancelled {
		t.Fatalf("err %v, want cancelled", err)
	}
}

func TestNoiseReadsAsLittle(t *testing.T) {
	e := needTesseract(t)
	g := image.NewGray(image.Rect(0, 0, 800, 800))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range g.Pix {
		g.Pix[i] = uint8(r.IntN(256))
	}
	pg, err := e.Read(context.Background(), g, "eng")
	if err != nil {
		t.Fatal(err)
	}
	// Noise may yield a few "words"; it must not yield a page of them.
	if len(pg.Words) > 40 {
		t.Errorf("noise read as %d words", len(pg.Words))
	}
}

func TestRefusesHugeImage(t *testing.T) {
	e := &Engine{}
	_, err := e.Read(context.Background(), image.NewGray(image.Rect(0, 0, 10_000, 10_000)), "eng")
	if app.ErrorCode(err) != app.ETooLarge {
		t.Fatalf("err %v, want too large", err)
	}
}

func TestParseTSV(t *testing.T) {
	t.Run("RejectsOtherOutput", func(t *testing.T) {
		if _, err := ParseTSV([]byte("Tesseract Open Source OCR\n")); err == nil {
			t.Fatal("want an error")
		}
	})
	t.Run("SkipsBadRows", func(t *testing.T) {
		in := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
			"5\t1\t1\t1\t1\t1\t10\t20\t30\t12\t91.5\tHello\n" +
			"5\t1\t1\t1\t1\t2\tx\t20\t30\t12\t91.5\tbad\n" +
			"5\t1\t1\t1\t1\t3\t50\t20\t0\t12\t91.5\tzero\n" +
			"5\t1\t1\t1\t1\t4\t50\t20\t30\t12\t-1\t \n" +
			"5\t1\t1\t1\t2\t1\t10\t40\t30\t12\t88\tworld\n"
		pg, err := ParseTSV([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if len(pg.Words) != 2 || pg.Words[0].Text != "Hello" || pg.Words[1].Line != 1 || pg.Words[0].X1 != 40 {
			t.Fatalf("words %+v", pg.Words)
		}
	})
}

func TestInstalledLanguages(t *testing.T) {
	e := needTesseract(t)
	langs, err := e.Installed(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range langs {
		if l == "osd" {
			t.Error("osd listed as a language")
		}
		found = found || l == "eng"
	}
	if !found {
		t.Errorf("languages %v lack eng", langs)
	}
	e.Languages = []string{"xxx", "eng"}
	if got := e.LangArg(langs); got != "eng" {
		t.Errorf("LangArg %q, want eng (unknown codes dropped)", got)
	}
}
