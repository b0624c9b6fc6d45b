package pdf

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"archivist/app"
)

// ttfMetrics reads ascender and descender (as fractions of the em) from
// a TrueType font's hhea table.
func ttfMetrics(t *testing.T, font []byte) (asc, desc float64) {
	n := int(binary.BigEndian.Uint16(font[4:]))
	var upem, a, d float64
	for i := range n {
		rec := font[12+16*i:]
		off := binary.BigEndian.Uint32(rec[8:])
		switch string(rec[:4]) {
		case "head":
			upem = float64(binary.BigEndian.Uint16(font[off+18:]))
		case "hhea":
			a = float64(int16(binary.BigEndian.Uint16(font[off+4:])))
			d = float64(int16(binary.BigEndian.Uint16(font[off+6:])))
		}
	}
	if upem == 0 {
		t.Fatal("no head table")
	}
	return a / upem, -d / upem
}

// TestWordBoxesEmbeddedFont checks all four edges of every word within
// 1 pt, with an embedded font whose ascent and descent are known.
func TestWordBoxesEmbeddedFont(t *testing.T) {
	const path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
	font, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("needs %s (Debian fonts-dejavu-core): %v", path, err)
	}
	asc, desc := ttfMetrics(t, font)
	g := newGen()
	g.AddUTF8FontFromBytes("dejavu", "", font)
	g.AddPage()
	var want []drawn
	for i, size := range []float64{9, 12, 20} {
		g.SetFont("dejavu", "", size)
		y := 100 + 60*float64(i)
		s := "Embedded glyphs measure exactly here"
		g.Text(72, y, s)
		x := 72.0
		for _, w := range strings.Fields(s) {
			wd := g.GetStringWidth(w)
			want = append(want, drawn{w, 1, box{x, y - asc*size, x + wd, y + desc*size}, size})
			x += wd + g.GetStringWidth(" ")
		}
	}
	checkWords(t, want, testWords(t, g.bytes(t)), nil, nil, 0)
}

// outlineDoc has five pages and an outline: Part A (pages 1–2) with
// Chapter 1 and Chapter 2 (which starts half-way down page 2), and Part B
// (pages 3–5).
func outlineDoc(t testing.TB) []byte {
	g := newGen()
	body := func(y float64, s string) {
		g.SetFont("Times", "", 11)
		g.paragraph(72, y, 460, 13, s)
	}
	head := func(y float64, s string, level int) {
		g.Bookmark(s, level, y-14)
		g.SetFont("Helvetica", "B", 14)
		g.text(72, y, s)
	}
	g.AddPage()
	head(80, "Part A", 0)
	head(120, "Chapter 1", 1)
	body(150, "Text of chapter one on the first page.")
	g.AddPage()
	body(80, "More of chapter one at the top of page two.")
	head(400, "Chapter 2", 1)
	body(430, "Text of chapter two.")
	g.AddPage()
	head(80, "Part B", 0)
	body(110, "Text of part B.")
	g.AddPage()
	body(80, "More of part B.")
	g.AddPage()
	body(80, "The end of part B.")
	return g.bytes(t)
}

func TestOutlineSections(t *testing.T) {
	p := mustParse(t, outlineDoc(t))
	want := []app.Section{
		{Parent: -1, Level: 0, PageStart: 1, PageEnd: 5},
		{Parent: 0, Level: 1, Heading: "Part A", PageStart: 1, PageEnd: 2},
		{Parent: 1, Level: 2, Heading: "Chapter 1", PageStart: 1, PageEnd: 2},
		{Parent: 1, Level: 2, Heading: "Chapter 2", PageStart: 2, PageEnd: 2},
		{Parent: 0, Level: 1, Heading: "Part B", PageStart: 3, PageEnd: 5},
	}
	if len(p.Sections) != len(want) {
		dump(t, p)
		t.Fatalf("%d sections, want %d", len(p.Sections), len(want))
	}
	for i, w := range want {
		w.Heading = map[bool]string{true: p.Title, false: w.Heading}[i == 0]
		if p.Sections[i] != w {
			t.Errorf("section %d: %+v, want %+v", i, p.Sections[i], w)
		}
	}
	for _, c := range []struct {
		prefix  string
		section int
	}{
		{"Chapter 1", 2}, {"Text of chapter one", 2}, {"More of chapter one", 2},
		{"Chapter 2", 3}, {"Text of chapter two", 3}, {"The end of part B", 4},
	} {
		if i := blockIndex(p, c.prefix); i < 0 || p.Blocks[i].Section != c.section {
			t.Errorf("block %q in section %d, want %d", c.prefix, p.Blocks[max(i, 0)].Section, c.section)
		}
	}
}

func TestHeadingSections(t *testing.T) {
	_, data := mixedDoc(t)
	p := mustParse(t, data)
	var got []string
	for _, s := range p.Sections[1:] {
		got = append(got, s.Heading+"@"+itoa(s.Level)+"p"+itoa(s.PageStart)+"-"+itoa(s.PageEnd)+"^"+itoa(s.Parent))
	}
	want := "Annual Archive Report@1p1-2^0 1. Introduction@3p1-1^1 2. Holdings@3p1-1^1 Two Column Study of the Letters@2p2-2^1"
	if strings.Join(got, " ") != want {
		t.Errorf("sections\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	if p.Sections[0].Parent != -1 || p.Sections[0].Level != 0 || p.Sections[0].PageEnd != 2 {
		t.Errorf("root %+v", p.Sections[0])
	}
}

func TestPageLabels(t *testing.T) {
	g := newGen()
	for i := range 4 {
		g.AddPage()
		g.SetFont("Times", "", 11)
		g.text(72, 72, "Page body "+itoa(i+1))
	}
	data := patch(t, g.bytes(t), nil, "/PageLabels << /Nums [0 << /S /r >> 2 << /S /D >>] >>")
	p := mustParse(t, data)
	var labels []string
	for _, pg := range p.PageInfo {
		labels = append(labels, pg.Label)
	}
	if got := strings.Join(labels, ","); got != "i,ii,1,2" {
		t.Errorf("labels %q, want i,ii,1,2", got)
	}
}
