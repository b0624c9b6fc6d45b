package pdf

import (
	"strings"
	"testing"
)

// TestLetterSpaced: a name set with its letters spread ("G O D F R E Y")
// reads as words; single figures in a table's cells are not joined.
func TestLetterSpaced(t *testing.T) {
	g := newGen()
	g.AddPage()
	g.SetFont("Helvetica", "", 10)
	x := 150.0
	for _, w := range strings.Fields("GODFREY PHILLIPS INDIA LIMITED") {
		for _, r := range w {
			g.Text(x, 60, string(r))
			x += g.GetStringWidth(string(r)) + 4 // tracking wider than a word space
		}
		x += 12
	}
	g.paragraph(72, 100, 460, 13, "Plain prose follows the spaced name so that the page has a body of ordinary words to measure.")
	for i, row := range [][]string{{"Score", "1", "0", "1", "1"}, {"Votes", "3", "2", "4", "1"}, {"Seats", "0", "1", "0", "2"}} {
		for k, c := range row {
			g.Text(72+float64(k)*60, 160+float64(i)*14, c)
		}
	}
	p := mustParse(t, g.bytes(t))
	var all []string
	for _, b := range p.Blocks {
		all = append(all, b.Text)
	}
	text := strings.Join(all, "\n")
	if !strings.Contains(text, "GODFREY PHILLIPS INDIA LIMITED") {
		t.Errorf("spaced name not read as words:\n%s", text)
	}
	if !strings.Contains(text, "Votes | 3 | 2 | 4 | 1") {
		t.Errorf("table of single figures changed:\n%s", text)
	}
}

// TestSmallCaps: a name in small capitals, each word a large initial and
// smaller capitals set as separate runs, reads as whole words; a one-letter
// word before a word in capitals of its own size stays apart.
func TestSmallCaps(t *testing.T) {
	g := newGen()
	g.AddPage()
	x := 100.0
	for _, w := range [][2]string{{"M", "GM"}, {"R", "ESORTS"}, {"I", "NTERNATIONAL"}} {
		g.SetFont("Times", "B", 20)
		g.Text(x, 80, w[0])
		x += g.GetStringWidth(w[0]) + 3
		g.SetFont("Times", "B", 14)
		g.Text(x, 80, w[1])
		x += g.GetStringWidth(w[1]) + 6
	}
	g.SetFont("Times", "", 12)
	g.Text(100, 120, "A NOTE ON THE FILING")
	g.paragraph(72, 160, 460, 13, "Plain prose follows so that the page has a body of ordinary words to measure against.")
	p := mustParse(t, g.bytes(t))
	var all []string
	for _, b := range p.Blocks {
		all = append(all, b.Text)
	}
	text := strings.Join(all, "\n")
	for _, want := range []string{"MGM RESORTS INTERNATIONAL", "A NOTE ON THE FILING"} {
		if !strings.Contains(text, want) {
			t.Errorf("%q not read:\n%s", want, text)
		}
	}
}
