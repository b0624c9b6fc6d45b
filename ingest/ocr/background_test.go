package ocr

import (
	"image"
	"testing"
)

func TestBackground(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 40, 30))
	for i := range g.Pix {
		g.Pix[i] = 235 // paper
	}
	for x := 0; x < 40; x++ { // a line of print across every row's first pixels
		for y := 0; y < 10; y++ {
			g.Pix[y*g.Stride+x] = 20
		}
	}
	for _, step := range []int{0, 1, 2, 3} {
		if bg := Background(g, step); bg != 235 {
			t.Errorf("Background(step %d) = %d, want the paper's 235", step, bg)
		}
	}
	sub := g.SubImage(image.Rect(0, 0, 40, 10)).(*image.Gray) // all print
	if bg := Background(sub, 1); bg != 20 {
		t.Errorf("Background of a crop of print = %d, want 20", bg)
	}
}
