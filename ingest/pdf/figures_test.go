package pdf

import (
	"bytes"
	"context"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

// picture is a page of print drawn as a picture (1700 × 1000 pixels).
const picture = "../ocr/testdata/page.png"

// figuresPDF: page 1 has text above and below a picture placed 468 pt wide
// at (72, 160), and a logo-sized copy at the top right; page 2 draws the
// picture (340 × 200 pt) through a form XObject (a template) placed at
// (100, 300) and scaled by 0.8.
func figuresPDF(t *testing.T) []byte {
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetCompression(false)
	f.SetFont("Helvetica", "", 11)
	f.AddPage()
	f.Image(picture, 480, 40, 60, 0, false, "", 0, "")
	f.Text(72, 100, "The harbour trust's letter.")
	f.Text(72, 130, "The chart below shows the tonnage.")
	f.Image(picture, 72, 160, 468, 0, false, "", 0, "")
	f.Text(72, 470, "Tonnage is discussed after it.")
	tpl := f.CreateTemplate(func(tp *fpdf.Tpl) {
		tp.Image(picture, 0, 0, 340, 200, false, "", 0, "")
	})
	f.AddPage()
	f.Text(72, 100, "A second page of text.")
	// A template is page-sized: scaled by 0.8, its picture is 272 × 160 pt.
	f.UseTemplateScaled(tpl, fpdf.PointType{X: 100, Y: 300}, fpdf.SizeType{Wd: 612 * 0.8, Ht: 792 * 0.8})
	var b bytes.Buffer
	if err := f.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestFigureRegions: the engine hands the reader each picture large enough
// to hold print, boxed where it is drawn (through a form's matrix too), and
// never a logo; what the reader returns becomes a figure block between the
// paragraphs around the picture, boxed on it, without the words the text
// layer already holds there. Both the worker and in-process engines.
func TestFigureRegions(t *testing.T) {
	data := figuresPDF(t)
	var (
		mu   sync.Mutex
		seen []FigureRegion
	)
	reader := func(ctx context.Context, need []FigureRegion, render RenderFunc, dpi int) map[int][]ScanWord {
		mu.Lock()
		seen = append(seen[:0], need...)
		mu.Unlock()
		out := map[int][]ScanWord{}
		for k, r := range need {
			if r.Page != 1 {
				continue
			}
			// Three words of a chart inside the picture, a mark that is no
			// word, a word read with no confidence, and a word the text
			// layer holds already ("chart" at y 130).
			out[k] = []ScanWord{
				{Text: "Tonnage", X0: 100, Y0: 200, X1: 160, Y1: 212, Conf: 92, Line: 1},
				{Text: "2019", X0: 100, Y0: 220, X1: 130, Y1: 232, Conf: 90, Line: 2},
				{Text: "412", X0: 140, Y0: 220, X1: 160, Y1: 232, Conf: 91, Line: 2},
				{Text: "~~", X0: 200, Y0: 300, X1: 210, Y1: 310, Conf: 95, Line: 3},
				{Text: "vessel", X0: 300, Y0: 300, X1: 340, Y1: 310, Conf: 20, Line: 3},
				{Text: "chart", X0: 93, Y0: 121, X1: 120, Y1: 133, Conf: 95, Line: 4},
			}
		}
		return out
	}
	for _, inProcess := range []bool{false, true} {
		e, err := NewEngine(context.Background(), Config{InProcess: inProcess, CacheDir: testEngine(t).dir, Figures: reader})
		if err != nil {
			t.Fatal(err)
		}
		p, err := e.Parse(context.Background(), data, "")
		e.Close()
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		regions := append([]FigureRegion(nil), seen...)
		mu.Unlock()
		want := []FigureRegion{{Page: 1, X0: 72, Y0: 160, X1: 540, Y1: 160 + 468*1000.0/1700}, {Page: 2, X0: 100, Y0: 300, X1: 372, Y1: 460}}
		if len(regions) != len(want) {
			t.Fatalf("inProcess %v: regions %+v, want %+v", inProcess, regions, want)
		}
		for i, r := range regions {
			w := want[i]
			if r.Page != w.Page || math.Abs(r.X0-w.X0) > 1 || math.Abs(r.Y0-w.Y0) > 1 || math.Abs(r.X1-w.X1) > 1 || math.Abs(r.Y1-w.Y1) > 1 {
				t.Errorf("inProcess %v: region %d = %+v, want %+v", inProcess, i, r, w)
			}
		}
		var texts []string
		fig := -1
		for i, b := range p.Blocks {
			texts = append(texts, string(b.Kind)+": "+b.Text)
			if b.Kind == app.BlockFigure {
				fig = i
			}
		}
		if fig < 1 || !strings.Contains(p.Blocks[fig-1].Text, "chart below") || !strings.Contains(p.Blocks[fig+1].Text, "discussed after") {
			t.Fatalf("inProcess %v: figure block at %d in\n%s", inProcess, fig, strings.Join(texts, "\n"))
		}
		b := p.Blocks[fig]
		if b.Text != "Tonnage\n2019 412" {
			t.Errorf("inProcess %v: figure text %q, want the confident print only", inProcess, b.Text)
		}
		if math.Abs(b.Box.X0-72.0/612) > 0.01 || math.Abs(b.Box.Y1-(160+468*1000.0/1700)/792) > 0.01 {
			t.Errorf("inProcess %v: figure box %+v, want the picture's", inProcess, b.Box)
		}
		if len(b.Words) != 3 || math.Abs(b.Words[2].X0-140.0/612) > 0.005 {
			t.Errorf("inProcess %v: figure words %+v", inProcess, b.Words)
		}
	}
}

// TestAffine: a form's matrix places what it draws: bounds through a scale
// then a translation, and a form inside a form.
func TestAffine(t *testing.T) {
	scale := affine{2, 0, 0, 3, 0, 0}
	shift := affine{1, 0, 0, 1, 10, 20}
	// Drawn through scale inside a form placed by shift: shift.after(scale).
	m := shift.after(scale)
	if l, b, r, tp := m.bounds(1, 1, 2, 2); l != 12 || b != 23 || r != 14 || tp != 26 {
		t.Errorf("bounds = %v %v %v %v, want 12 23 14 26", l, b, r, tp)
	}
	turn := affine{0, 1, -1, 0, 0, 0} // a quarter turn
	if l, b, r, tp := identity.after(turn).bounds(0, 0, 4, 2); l != -2 || b != 0 || r != 0 || tp != 4 {
		t.Errorf("turned bounds = %v %v %v %v, want -2 0 0 4", l, b, r, tp)
	}
}
