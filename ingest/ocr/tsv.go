package ocr

import (
	"bytes"
	"image"
	"image/draw"
	"strconv"
	"strings"

	"archivist/app"
)

// ParseTSV reads Tesseract's TSV output: a header row, then one row per
// page, block, paragraph, line and word (`level page_num block_num
// par_num line_num word_num left top width height conf text`). Only words
// (level 5) with text are kept; Line numbers each distinct (block,
// paragraph, line) in the order they appear.
func ParseTSV(out []byte) (*Page, error) {
	pg := &Page{}
	lines := bytes.Split(out, []byte("\n"))
	if len(lines) == 0 || !bytes.HasPrefix(lines[0], []byte("level\t")) {
		return nil, app.Errorf(app.EInvalid, "Tesseract's output is not TSV")
	}
	type key struct{ page, block, par, line int }
	lineOf := map[key]int{}
	for _, raw := range lines[1:] {
		f := strings.Split(strings.TrimRight(string(raw), "\r"), "\t")
		if len(f) < 12 || f[0] != "5" {
			continue
		}
		text := strings.TrimSpace(strings.Join(f[11:], "\t"))
		if text == "" {
			continue
		}
		n := make([]int, 10)
		ok := true
		for i := range 10 {
			v, err := strconv.Atoi(f[i])
			if err != nil {
				ok = false
				break
			}
			n[i] = v
		}
		conf, err := strconv.ParseFloat(f[10], 64)
		if !ok || err != nil || n[8] <= 0 || n[9] <= 0 {
			continue
		}
		k := key{n[1], n[2], n[3], n[4]}
		l, seen := lineOf[k]
		if !seen {
			l = len(lineOf)
			lineOf[k] = l
		}
		pg.Words = append(pg.Words, Word{Text: text, X0: n[6], Y0: n[7], X1: n[6] + n[8], Y1: n[7] + n[9],
			Conf: max(0, min(conf, 100)), Line: l})
	}
	return pg, nil
}

// turnOf tells how the text runs from the order of words within lines:
// Tesseract reads a quarter-turned page directly, its words stepping down
// (or up) the image.
func turnOf(words []Word) int {
	var votes [4]int
	for i := 1; i < len(words); i++ {
		a, b := words[i-1], words[i]
		if a.Line != b.Line {
			continue
		}
		dx := float64(b.X0+b.X1-a.X0-a.X1) / 2
		dy := float64(b.Y0+b.Y1-a.Y0-a.Y1) / 2
		switch {
		case dx > 0 && dx >= abs(dy):
			votes[0]++
		case dy > 0 && dy > abs(dx):
			votes[1]++
		case dx < 0 && -dx >= abs(dy):
			votes[2]++
		case dy < 0:
			votes[3]++
		}
	}
	best := 0
	for t := 1; t < 4; t++ {
		if votes[t] > votes[best] {
			best = t
		}
	}
	return best
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// Gray returns img as an 8-bit grey image with its origin at 0,0.
func Gray(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok && g.Rect.Min == (image.Point{}) {
		return g
	}
	b := img.Bounds()
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(g, g.Rect, img, b.Min, draw.Src)
	return g
}

// pgm encodes a grey image as a binary PGM, which Tesseract reads from its
// standard input with no decoding cost worth counting.
func pgm(g *image.Gray) []byte {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	head := "P5\n" + strconv.Itoa(w) + " " + strconv.Itoa(h) + "\n255\n"
	out := make([]byte, 0, len(head)+w*h)
	out = append(out, head...)
	for y := range h {
		out = append(out, g.Pix[y*g.Stride:y*g.Stride+w]...)
	}
	return out
}

// Background returns the commonest grey of img, its paper, counting every
// step-th pixel of every step-th row (step 1: all of them).
func Background(img *image.Gray, step int) uint8 {
	step = max(step, 1)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	var hist [256]int
	for y := 0; y < h; y += step {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		for x := 0; x < w; x += step {
			hist[row[x]]++
		}
	}
	mode := 0
	for v := range hist {
		if hist[v] > hist[mode] {
			mode = v
		}
	}
	return uint8(mode)
}

// inkless reports whether a page is blank: under one pixel in 20,000
// darker than mid-grey (a single letter of body text at 200 dpi has more).
func inkless(g *image.Gray) bool {
	dark := 0
	for _, p := range g.Pix {
		if p < 128 {
			dark++
		}
	}
	return dark*20000 < len(g.Pix)
}

// Shape is one 8-connected run of true cells of a grid: its bounding box
// (inclusive cells) and how many cells it holds.
type Shape struct {
	X0, Y0, X1, Y1, N int
}

// Shapes calls each for every 8-connected shape of the true cells of ink,
// a w×h grid in rows, in the order of each shape's first cell.
func Shapes(ink []bool, w, h int, each func(Shape)) {
	seen := make([]bool, len(ink))
	var stack []int
	for start, on := range ink {
		if !on || seen[start] {
			continue
		}
		seen[start] = true
		stack = append(stack[:0], start)
		s := Shape{X0: w, Y0: h, X1: -1, Y1: -1}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			s.N++
			x, y := i%w, i/w
			s.X0, s.Y0, s.X1, s.Y1 = min(s.X0, x), min(s.Y0, y), max(s.X1, x), max(s.Y1, y)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					if j := ny*w + nx; ink[j] && !seen[j] {
						seen[j] = true
						stack = append(stack, j)
					}
				}
			}
		}
		each(s)
	}
}

// rotate turns g clockwise by deg (90, 180 or 270).
func rotate(g *image.Gray, deg int) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	var out *image.Gray
	if deg == 180 {
		out = image.NewGray(image.Rect(0, 0, w, h))
	} else {
		out = image.NewGray(image.Rect(0, 0, h, w))
	}
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			switch deg {
			case 90: // (x, y) → (h−1−y, x)
				out.Pix[x*out.Stride+h-1-y] = v
			case 180:
				out.Pix[(h-1-y)*out.Stride+w-1-x] = v
			case 270: // (x, y) → (y, w−1−x)
				out.Pix[(w-1-x)*out.Stride+y] = v
			}
		}
	}
	return out
}

// unrotate maps the words of a page read after rotate(g, deg) back onto the
// original w × h image, and sets the page's size and turn to match.
func unrotate(pg *Page, deg, w, h int) {
	for i := range pg.Words {
		wd := &pg.Words[i]
		switch deg {
		case 90: // rotated (xr, yr) came from (yr, h−xr)
			wd.X0, wd.Y0, wd.X1, wd.Y1 = wd.Y0, h-wd.X1, wd.Y1, h-wd.X0
		case 180:
			wd.X0, wd.Y0, wd.X1, wd.Y1 = w-wd.X1, h-wd.Y1, w-wd.X0, h-wd.Y0
		case 270: // rotated (xr, yr) came from (w−yr, xr)
			wd.X0, wd.Y0, wd.X1, wd.Y1 = w-wd.Y1, wd.X0, w-wd.Y0, wd.X1
		}
	}
	pg.Width, pg.Height = w, h
	pg.Turn = turnOf(pg.Words)
}
