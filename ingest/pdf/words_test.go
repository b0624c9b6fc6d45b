package pdf

import (
	"context"
	"math"
	"slices"
	"testing"

	"archivist/app"
)

// pword is a word Parse's engine found, for tests: page 1-based, box in
// display points.
type pword struct {
	text string
	page int
	box
	size float64
	bold bool
}

// testWords returns every word of data with its box, as the parser sees
// them before layout.
func testWords(t testing.TB, data []byte) []pword {
	t.Helper()
	var out []pword
	err := testEngine(t).withDocument(context.Background(), data, "", func(s *session) error {
		n, err := s.pageCount()
		if err != nil {
			return err
		}
		for i := range n {
			pg, _ := s.readPage(i)
			for _, w := range pg.words {
				out = append(out, pword{w.text, i + 1, pg.g.fromText(w.box), w.size, w.bold})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFastPathMatchesPublicAPI: the reflective fast path is active on the
// pinned go-pdfium and gives the same words, boxes, sizes and weights as
// go-pdfium's public calls.
func TestFastPathMatchesPublicAPI(t *testing.T) {
	_, data := mixedDoc(t)
	e := testEngine(t)
	read := func(fast bool) []word {
		var out []word
		err := e.withDocument(context.Background(), data, "", func(s *session) error {
			if fast && s.fast == nil {
				t.Fatal("fast path unavailable: go-pdfium's internals changed")
			}
			if !fast {
				s.fast = nil
			}
			for i := range 2 {
				pg, _ := s.readPage(i)
				out = append(out, pg.words...)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	fast, slow := read(true), read(false)
	if len(fast) != len(slow) || len(fast) == 0 {
		t.Fatalf("%d words fast, %d slow", len(fast), len(slow))
	}
	for i := range fast {
		if fast[i] != slow[i] {
			t.Errorf("word %d: fast %+v, slow %+v", i, fast[i], slow[i])
		}
	}
}

// blockWords returns the words of p's blocks as pwords in display points.
func blockWords(p *app.Parsed) []pword {
	var out []pword
	for _, b := range p.Blocks {
		pg := p.PageInfo[b.Page-1]
		for _, w := range b.Words {
			out = append(out, pword{text: b.Text[w.Start:w.End], page: b.Page,
				box: box{w.X0 * pg.WidthPt, w.Y0 * pg.HeightPt, w.X1 * pg.WidthPt, w.Y1 * pg.HeightPt}})
		}
	}
	return out
}

// TestBlockWords: every block's Words slice its Text exactly, in order,
// inside the block's box; and every drawn word is found among them where
// fpdf drew it, tables and rotated pages included.
func TestBlockWords(t *testing.T) {
	g, data := mixedDoc(t)
	p := mustParse(t, data)
	for _, b := range p.Blocks {
		if errs := checkBlockWords(b); errs != nil {
			t.Errorf("block %q: %v", b.Text, errs)
		}
	}
	if i := blockIndex(p, "Decade | Letters"); i < 0 || len(p.Blocks[i].Words) != 12 {
		t.Errorf("table block words: %+v", p.Blocks[max(i, 0)].Words)
	}
	checkWords(t, g.words, blockWords(p), nil, nil, 0.2)

	// One known word by hand: "Holdings", drawn in 14 pt Helvetica Bold at
	// x 72 + width of "2. ", baseline y+30.
	i := slices.IndexFunc(g.words, func(d drawn) bool { return d.text == "Holdings" })
	want := g.words[i].box
	found := false
	for _, w := range blockWords(p) {
		if w.text == "Holdings" {
			found = true
			if math.Abs(w.x0-want.x0) > 1 || math.Abs(w.x1-want.x1) > 1 || math.Abs(w.y0-want.y0) > 3 || math.Abs(w.y1-want.y1) > 3 {
				t.Errorf("Holdings at %+v, drawn at %+v", w.box, want)
			}
		}
	}
	if !found {
		t.Error("no word Holdings")
	}

	g, data = rotatedDoc(t)
	p = mustParse(t, data)
	for _, b := range p.Blocks {
		if errs := checkBlockWords(b); errs != nil {
			t.Errorf("block %q: %v", b.Text, errs)
		}
	}
	const w, h = 612.0, 792.0
	rot := func(d drawn) box {
		b := d.box
		switch d.page {
		case 2:
			return box{h - b.y1, b.x0, h - b.y0, b.x1}
		case 3:
			return box{w - b.x1, h - b.y1, w - b.x0, h - b.y0}
		case 4:
			return box{b.y0, w - b.x1, b.y1, w - b.x0}
		}
		return b
	}
	checkWords(t, g.words, blockWords(p), rot, func(p int) bool { return p%2 == 0 }, 0.2)
}
