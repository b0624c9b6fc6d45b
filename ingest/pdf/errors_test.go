package pdf

import (
	"context"
	"errors"
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

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
			t.Log(e.Message)
		})
	}
}

func TestPassword(t *testing.T) {
	g := newGen()
	g.SetProtection(0, "secret", "owner")
	g.AddPage()
	g.SetFont("Times", "", 12)
	g.text(72, 72, "Confidential minutes")
	data := g.bytes(t)
	e := testEngine(t)
	ctx := context.Background()
	_, err := e.Parse(ctx, data, "")
	if !IsPasswordRequired(err) || app.ErrorMessage(err) != "the PDF is password-protected" {
		t.Errorf("no password: %v", err)
	}
	_, err = e.Parse(ctx, data, "wrong")
	if !IsPasswordRequired(err) || !strings.Contains(app.ErrorMessage(err), "wrong") {
		t.Errorf("wrong password: %v", err)
	}
	p, err := e.Parse(ctx, data, "secret")
	if err != nil || len(p.Blocks) != 1 || p.Blocks[0].Text != "Confidential minutes" {
		t.Errorf("right password: %v %+v", err, p)
	}
}

// TestTimeLimitKills parses a long document under a tiny time limit: the
// instance is killed, the error says so, and the engine works after.
func TestTimeLimitKills(t *testing.T) {
	g := newGen()
	for range 150 {
		g.AddPage()
		g.SetFont("Times", "", 10)
		for l := range 60 {
			g.text(72, 40+float64(l)*12, "A long line of words to keep the parser busy for a while longer")
		}
	}
	data := g.bytes(t)
	e := testEngine(t)
	short := &Engine{cfg: e.cfg, pool: e.pool}
	short.cfg.DocumentTimeout = 30 * time.Millisecond
	start := time.Now()
	_, err := short.Parse(context.Background(), data, "")
	if app.ErrorCode(err) != app.ETooLarge || !strings.Contains(app.ErrorMessage(err), "longer than") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("killed after %v", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Parse(ctx, data, ""); app.ErrorCode(err) != app.ECancelled || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// A fresh instance works after the kill.
	_, small := rotatedDoc(t)
	if p := mustParse(t, small); len(p.Blocks) != 8 {
		t.Errorf("after the kill: %d blocks", len(p.Blocks))
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
