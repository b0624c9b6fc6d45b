package pdf

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// glyphCoded draws text in a font made the way the Windows PostScript
// driver made them: no Unicode map, codes given in order of first use
// from 33, and glyphs named "Gxx" for the character xx. It returns the
// PDF and the text as a reader should see it.
func glyphCoded(t *testing.T, base string, lines ...string) []byte {
	t.Helper()
	codes := map[rune]byte{}
	var diff strings.Builder
	next := byte(33)
	for _, l := range lines {
		for _, r := range l {
			if _, ok := codes[r]; ok || r == ' ' {
				continue
			}
			codes[r] = next
			fmt.Fprintf(&diff, "%d /G%02X ", next, r)
			next++
		}
	}
	cw := make([]int, 256)
	for i := range cw {
		cw[i] = 500
	}
	def, err := json.Marshal(map[string]any{
		"Tp": "Type1", "Name": base, "Cw": cw, "Enc": "cp1252", "Diff": strings.TrimSpace(diff.String()),
		"Desc": map[string]any{"Ascent": 750, "Descent": -250, "CapHeight": 700, "Flags": 32,
			"FontBBox": map[string]int{"Xmin": 0, "Ymin": -250, "Xmax": 1000, "Ymax": 750}},
	})
	if err != nil {
		t.Fatal(err)
	}
	g := newGen()
	g.AddFontFromBytes("coded", "", def, nil)
	g.AddPage()
	g.SetFont("coded", "", 11)
	for i, l := range lines {
		var enc strings.Builder
		for _, r := range l {
			if r == ' ' {
				enc.WriteByte(' ')
			} else {
				enc.WriteByte(codes[r])
			}
		}
		g.Text(72, 100+float64(i)*16, enc.String())
	}
	return g.bytes(t)
}

// TestGlyphNamedCodes: text in a font whose glyph names say the character
// ("G44" is "D") and which has no Unicode map reads as its words, not as
// the raw codes PDFium reports for it.
func TestGlyphNamedCodes(t *testing.T) {
	lines := []string{
		"Your Directors have pleasure in submitting their Annual Report",
		"Against a forecast growth of 6.7%, India achieved 4.3% in 2003.",
	}
	data := glyphCoded(t, "MSTT31c20b", lines...)
	if !strings.Contains(string(data), "/Differences") || !strings.Contains(string(data), "/G44") {
		t.Fatal("the generated font has no glyph-named /Differences")
	}
	p := mustParse(t, data)
	var got []string
	for _, b := range p.Blocks {
		got = append(got, b.Text)
	}
	all := squash(strings.Join(got, " "))
	if want := squash(strings.Join(lines, " ")); all != want {
		t.Errorf("text = %q\nwant   %q", all, want)
	}
}

// TestGlyphCodesIgnoreOtherNames: a font whose /Differences use ordinary
// glyph names keeps PDFium's reading, and the scan finds nothing to map.
func TestGlyphCodesIgnoreOtherNames(t *testing.T) {
	g := newGen()
	g.SetFont("Helvetica", "", 11)
	g.AddPage()
	g.text(72, 100, "Plain text in a standard font, numbered 1, 2 and 3.")
	data := g.bytes(t)
	if codes := scanGlyphCodes(data, ""); codes != nil {
		t.Errorf("codes = %v, want none", codes)
	}
	for _, c := range []struct {
		name string
		want rune
		ok   bool
	}{{"G44", 'D', true}, {"G6F", 'o', true}, {"G93", '“', true}, {"G81", 0, false}, {"G1F", 0, false},
		{"g44", 0, false}, {"G4", 0, false}, {"GXY", 0, false}, {"D", 0, false}} {
		r, ok := hexGlyph(c.name)
		if r != c.want || ok != c.ok {
			t.Errorf("hexGlyph(%q) = %q, %v; want %q, %v", c.name, r, ok, c.want, c.ok)
		}
	}
}

// TestLooksCoded pins the gate that decides when a page's fonts are read.
func TestLooksCoded(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Your Directors have pleasure in submitting their Annual Report and Accounts", false},
		{"2003 2002 1,234.5 (12.0) 4,567 8,910 11,121 3,141 5,926 5,358 9,793 2,384", false},
		{"\x01\x02\x03\x04 \x05\x06\x04", true},
		{"Item 7. Management's Discussion .................................................. 34", false},
		{"!\"#$ %&'$() *+,-. /0&1 2'3 !\"#$ %&'$() *+,-. /0&1 2'3 !\"#$", true},
	} {
		if got := looksCoded([]rune(c.text)); got != c.want {
			t.Errorf("looksCoded(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
