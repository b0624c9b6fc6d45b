package pdf

import (
	"math"
	"slices"
	"strings"
	"testing"

	"archivist/app"
)

// mixedDoc: a title, headings, paragraphs in Times, a Courier line, a
// caption, a table and a list on page 1; a two-column page 2.
func mixedDoc(t testing.TB) (*gen, []byte) {
	g := newGen()
	g.AddPage()
	g.SetFont("Helvetica", "B", 24)
	g.text(72, 90, "Annual Archive Report")
	g.SetFont("Helvetica", "B", 14)
	g.text(72, 130, "1. Introduction")
	g.SetFont("Times", "", 11)
	y := g.paragraph(72, 152, 460, 13.5, "This report describes the archive of letters kept by the county office since 1921. "+
		"Every letter was scanned, transcribed and filed under its sender, and the index below lists the counts by decade.")
	g.SetFont("Courier", "", 11)
	g.text(72, y, "code: ARCH-1921")
	g.SetFont("Helvetica", "B", 14)
	g.text(72, y+30, "2. Holdings")
	g.SetFont("Times", "I", 10)
	g.text(72, y+52, "Table 1: Letters by decade")
	g.SetFont("Times", "", 10)
	ty := y + 72
	for _, row := range [][3]string{{"Decade", "Letters", "Senders"}, {"1920s", "1,204", "311"}, {"1930s", "2,877", "540"}, {"1940s", "951", "208"}} {
		g.text(72, ty, row[0])
		g.text(220, ty, row[1])
		g.text(340, ty, row[2])
		ty += 14
	}
	g.SetFont("Times", "", 11)
	g.text(72, ty+20, "• scanned originals")
	g.text(72, ty+34, "• typed transcriptions")

	g.AddPage()
	g.SetFont("Helvetica", "B", 18)
	g.text(72, 80, "Two Column Study of the Letters")
	g.SetFont("Times", "", 10)
	left := "Alpha begins the left column and its sentences run down the page in short lines before the column ends near the middle of the page with the word leftend."
	right := "Beta begins the right column which a reader must reach only after finishing the whole left column because it continues the argument rightend."
	g.paragraph(72, 120, 220, 12, left+" "+left)
	g.paragraph(320, 120, 220, 12, right+" "+right)
	return g, g.bytes(t)
}

// checkWords asserts every drawn word was found on its page with the
// edges of its box within 1 pt of where it was drawn along the line, and
// within vertEm ems across it; want maps a drawn box to display space
// (nil: unrotated), turned says the page is turned a quarter.
//
// vertEm is there because PDFium draws the standard 14 fonts with its own
// substitutes, whose ascent and descent differ from Adobe's metrics that
// fpdf knows by up to 0.2 em; embedded fonts are checked with 0.
func checkWords(t *testing.T, drawnWords []drawn, got []pword, want func(drawn) box, turned func(int) bool, vertEm float64) {
	t.Helper()
	const tolPt = 1.0
	used := make([]bool, len(got))
	worst := 0.0
	for _, d := range drawnWords {
		exp := d.box
		if want != nil {
			exp = want(d)
		}
		best, bestD := -1, math.Inf(1)
		for i, w := range got {
			if used[i] || w.page != d.page || w.text != d.text {
				continue
			}
			dx := max(math.Abs(w.x0-exp.x0), math.Abs(w.x1-exp.x1))
			dy := max(math.Abs(w.y0-exp.y0), math.Abs(w.y1-exp.y1))
			if turned != nil && turned(d.page) {
				dx, dy = dy, dx
			}
			// dd is the along-the-line error, plus any excess across it.
			dd := dx + max(0, dy-vertEm*d.size)
			if dd < bestD {
				best, bestD = i, dd
			}
		}
		if best < 0 {
			t.Errorf("page %d: word %q not found", d.page, d.text)
			continue
		}
		used[best] = true
		worst = max(worst, bestD)
		if bestD > tolPt {
			w := got[best]
			t.Errorf("page %d: %q at %.2f,%.2f–%.2f,%.2f, drawn at %.2f,%.2f–%.2f,%.2f (off by %.2f pt)",
				d.page, d.text, w.x0, w.y0, w.x1, w.y1, exp.x0, exp.y0, exp.x1, exp.y1, bestD)
		}
	}
	t.Logf("%d words drawn, worst box edge off by %.2f pt", len(drawnWords), worst)
}

func TestWordBoxes(t *testing.T) {
	g, data := mixedDoc(t)
	checkWords(t, g.words, testWords(t, data), nil, nil, 0.2)
}

func blockIndex(p *app.Parsed, prefix string) int {
	return slices.IndexFunc(p.Blocks, func(b app.Block) bool { return strings.HasPrefix(b.Text, prefix) })
}

func TestBlocks(t *testing.T) {
	_, data := mixedDoc(t)
	p := mustParse(t, data)
	if t.Failed() {
		return
	}
	want := []struct {
		prefix string
		kind   app.BlockKind
		level  int
	}{
		{"Annual Archive Report", app.BlockHeading, 1},
		{"1. Introduction", app.BlockHeading, 3},
		{"This report describes", app.BlockParagraph, 0},
		{"2. Holdings", app.BlockHeading, 3},
		{"Table 1: Letters by decade", app.BlockCaption, 0},
		{"Decade | Letters | Senders\n1920s | 1,204 | 311\n1930s | 2,877 | 540\n1940s | 951 | 208", app.BlockTable, 0},
		{"• scanned originals", app.BlockListItem, 0},
		{"• typed transcriptions", app.BlockListItem, 0},
		{"Two Column Study of the Letters", app.BlockHeading, 2},
	}
	last := -1
	for _, w := range want {
		i := blockIndex(p, w.prefix)
		if i < 0 {
			t.Errorf("no block starts %q", w.prefix)
			continue
		}
		b := p.Blocks[i]
		if b.Kind != w.kind || b.Level != w.level {
			t.Errorf("%q: kind %s level %d, want %s %d", w.prefix, b.Kind, b.Level, w.kind, w.level)
		}
		if i <= last {
			t.Errorf("%q out of order", w.prefix)
		}
		last = i
	}
	if i := blockIndex(p, "This report"); i >= 0 {
		b := p.Blocks[i]
		if want := "This report describes the archive of letters kept by the county office since 1921. Every letter was\n"; !strings.HasPrefix(b.Text, want) {
			t.Errorf("paragraph text %q, want lines joined by \\n", b.Text)
		}
		// Box: x from 72 pt on a 612 pt wide page; first baseline 152 pt.
		if math.Abs(b.Box.X0-72.0/612) > 1.0/612 || b.Box.Y0 > 152.0/792 || b.Box.Y0 < 140.0/792 || b.Box.Page != 1 {
			t.Errorf("paragraph box %+v", b.Box)
		}
	}
	if p.Title != "Annual Archive Report" {
		t.Errorf("title %q", p.Title)
	}
	if p.Pages != 2 || len(p.PageInfo) != 2 || p.PageInfo[0].WidthPt != 612 || p.PageInfo[0].HeightPt != 792 {
		t.Errorf("pages %d %+v", p.Pages, p.PageInfo)
	}
	if t.Failed() {
		dump(t, p)
	}
}

func TestTwoColumnReadingOrder(t *testing.T) {
	_, data := mixedDoc(t)
	p := mustParse(t, data)
	var text []string
	for _, b := range p.Blocks {
		if b.Page == 2 {
			text = append(text, b.Text)
		}
	}
	all := strings.Join(text, "\n")
	title := strings.Index(all, "Two Column Study")
	alpha := strings.Index(all, "Alpha begins")
	leftEnd := strings.LastIndex(all, "leftend")
	beta := strings.Index(all, "Beta begins")
	if !(title == 0 && alpha > title && leftEnd > alpha && beta > leftEnd) {
		t.Errorf("page 2 not in column order:\n%s", all)
	}
	// Lines of one column are never joined with the other's.
	for _, b := range text {
		if strings.Contains(b, "Alpha") && strings.Contains(b, "Beta") {
			t.Errorf("block mixes columns: %q", b)
		}
	}
}

// rotatedDoc has four pages with the same words and /Rotate 0, 90, 180
// and 270.
func rotatedDoc(t testing.TB) (*gen, []byte) {
	g := newGen()
	for range 4 {
		g.AddPage()
		g.SetFont("Helvetica", "", 12)
		g.text(100, 150, "Rotated page words here")
		g.SetFont("Times", "B", 16)
		g.text(300, 600, "Lower right corner")
	}
	return g, patch(t, g.bytes(t), map[int]string{1: "/Rotate 90\n", 2: "/Rotate 180\n", 3: "/Rotate 270\n"}, "")
}

func TestRotatedPages(t *testing.T) {
	g, data := rotatedDoc(t)
	const w, h = 612.0, 792.0
	rot := func(d drawn) box {
		b := d.box
		switch d.page {
		case 2: // 90° clockwise: (u, v) → (h−v, u)
			return box{h - b.y1, b.x0, h - b.y0, b.x1}
		case 3:
			return box{w - b.x1, h - b.y1, w - b.x0, h - b.y0}
		case 4: // 270°: (u, v) → (v, w−u)
			return box{b.y0, w - b.x1, b.y1, w - b.x0}
		}
		return b
	}
	checkWords(t, g.words, testWords(t, data), rot, func(p int) bool { return p%2 == 0 }, 0.2)

	p := mustParse(t, data)
	for i, want := range []app.Page{
		{Number: 1, WidthPt: w, HeightPt: h, Rotation: 0},
		{Number: 2, WidthPt: h, HeightPt: w, Rotation: 90},
		{Number: 3, WidthPt: w, HeightPt: h, Rotation: 180},
		{Number: 4, WidthPt: h, HeightPt: w, Rotation: 270},
	} {
		if p.PageInfo[i] != want {
			t.Errorf("page %d: %+v, want %+v", i+1, p.PageInfo[i], want)
		}
	}
	// Every page has both lines, boxed where the rotation puts them.
	for pg := 1; pg <= 4; pg++ {
		pw, ph := p.PageInfo[pg-1].WidthPt, p.PageInfo[pg-1].HeightPt
		for _, span := range [][2]int{{0, 4}, {4, 7}} { // the two lines' words
			var exp box
			first := span[0]
			for k := first; k < span[1]; k++ {
				d := g.words[k]
				d.page = pg
				if k == first {
					exp = rot(d)
				} else {
					exp = exp.union(rot(d))
				}
			}
			found := false
			for _, b := range p.Blocks {
				if b.Page != pg {
					continue
				}
				bx := box{b.Box.X0 * pw, b.Box.Y0 * ph, b.Box.X1 * pw, b.Box.Y1 * ph}
				// Words are checked to 1 pt above; here the font-metric
				// allowance across the line (0.2 em of 16 pt) applies.
				if math.Abs(bx.x0-exp.x0) < 3.5 && math.Abs(bx.y0-exp.y0) < 3.5 && math.Abs(bx.x1-exp.x1) < 3.5 && math.Abs(bx.y1-exp.y1) < 3.5 {
					found = true
				}
			}
			if !found {
				t.Errorf("page %d: no block boxed at %+v", pg, exp)
			}
		}
	}
	if t.Failed() {
		for _, b := range p.Blocks {
			t.Logf("p%d %q %+v", b.Page, b.Text, b.Box)
		}
	}
}
