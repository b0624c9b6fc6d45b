package ocr

import (
	"image"
	"strings"
	"testing"
)

// TestUnreadInk: ink outside the words read, in shapes the height of the
// page's print, marks the part of the page to read again; a page whose
// ink was all read, or whose other ink is a rule or a picture, does not.
func TestUnreadInk(t *testing.T) {
	page := func() *image.Gray {
		g := image.NewGray(image.Rect(0, 0, 1200, 1600))
		for i := range g.Pix {
			g.Pix[i] = 250
		}
		return g
	}
	fill := func(g *image.Gray, r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				g.Pix[y*g.Stride+x] = 20
			}
		}
	}
	// Ten lines of five words, 30 px tall, all read.
	var read Page
	g := page()
	for l := range 10 {
		for k := range 5 {
			r := image.Rect(100+k*180, 100+l*50, 250+k*180, 130+l*50)
			fill(g, r)
			read.Words = append(read.Words, Word{Text: "word", X0: r.Min.X, Y0: r.Min.Y, X1: r.Max.X, Y1: r.Max.Y, Conf: 95, Line: l})
		}
	}
	if _, _, ok := unreadInk(g, &read); ok {
		t.Error("a page whose print was all read is read again")
	}
	// A rule across the page and a photograph-sized block: not print.
	fill(g, image.Rect(100, 700, 1100, 704))
	fill(g, image.Rect(200, 800, 900, 1300))
	if _, _, ok := unreadInk(g, &read); ok {
		t.Error("a rule and a picture were taken for unread print")
	}
	// A chart's labels: six number-sized shapes left unread.
	for k := range 6 {
		fill(g, image.Rect(200+k*150, 1400, 260+k*150, 1428))
	}
	area, bg, ok := unreadInk(g, &read)
	if !ok || !image.Rect(200, 1400, 1010, 1428).In(area) || area.Min.Y < 1300 {
		t.Errorf("unread labels at y 1400–1428: got %v, %v", area, ok)
	}
	if bg != 250 {
		t.Errorf("paper grey %d, want 250", bg)
	}
}

// TestShrink: a part of an image shrunk by 2 is the mean of each 2 × 2
// square, with its origin at 0,0.
func TestShrink(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 6, 6))
	for i := range g.Pix {
		g.Pix[i] = uint8(i)
	}
	s := shrink(g.SubImage(image.Rect(2, 2, 6, 6)).(*image.Gray), 2)
	// The top-left square holds pixels 14, 15, 20 and 21.
	if s.Rect != image.Rect(0, 0, 2, 2) || s.Pix[0] != (14+15+20+21)/4 || s.Pix[3] != (28+29+34+35)/4 {
		t.Errorf("shrunk to %v %v", s.Rect, s.Pix)
	}
}

// TestMergeReadings: the second reading adds words where nothing was read
// and replaces a word read unsurely when it is much surer; a sure word
// stays, and faint marks are not added.
func TestMergeReadings(t *testing.T) {
	first := []Word{
		{Text: "Growing", X0: 0, Y0: 0, X1: 100, Y1: 30, Conf: 96, Line: 0},
		{Text: "eniy", X0: 200, Y0: 0, X1: 260, Y1: 30, Conf: 31, Line: 0},
	}
	second := []Word{
		{Text: "Crowing", X0: 2, Y0: 0, X1: 100, Y1: 30, Conf: 90, Line: 0}, // over a sure word
		{Text: "claim", X0: 198, Y0: 0, X1: 262, Y1: 30, Conf: 88, Line: 0}, // over an unsure one
		{Text: "68", X0: 400, Y0: 100, X1: 430, Y1: 124, Conf: 93, Line: 1}, // a chart's label
		{Text: "ee", X0: 500, Y0: 300, X1: 520, Y1: 310, Conf: 20, Line: 2}, // a faint mark
	}
	var got []string
	for _, w := range mergeReadings(first, second) {
		got = append(got, w.Text)
	}
	if strings.Join(got, " ") != "Growing claim 68" {
		t.Errorf("merged %q, want Growing claim 68", got)
	}
}
