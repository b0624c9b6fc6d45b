package ocr

import (
	"image"
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
	if _, ok := unreadInk(g, &read); ok {
		t.Error("a page whose print was all read is read again")
	}
	// A rule across the page and a photograph-sized block: not print.
	fill(g, image.Rect(100, 700, 1100, 704))
	fill(g, image.Rect(200, 800, 900, 1300))
	if _, ok := unreadInk(g, &read); ok {
		t.Error("a rule and a picture were taken for unread print")
	}
	// A chart's labels: four number-sized shapes left unread.
	for k := range 4 {
		fill(g, image.Rect(200+k*150, 1400, 260+k*150, 1428))
	}
	area, ok := unreadInk(g, &read)
	if !ok || !image.Rect(200, 1400, 710, 1428).In(area) || area.Min.Y < 1300 {
		t.Errorf("unread labels at y 1400–1428: got %v, %v", area, ok)
	}
}
