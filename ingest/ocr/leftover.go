package ocr

import (
	"context"
	"image"
	"sort"
)

// Print left unread. Tesseract's page layout (--psm 3) sets aside what it
// takes for pictures, and with them the print inside: a chart's axis
// labels and data labels, the labels of a diagram or a map, table cells on
// shaded bands. After the first reading, the page's ink outside the words
// read is grouped into shapes; shapes of the height of the page's own
// print are words not read. When there are enough of them, the part of the
// page holding them is read again as sparse text (--psm 11, which finds
// every line it can, in no order: the layout puts them in order later),
// and the words found there join the reading. A page of plain text leaves
// no such shapes and costs nothing more.

// Leftover bounds.
const (
	// cellPx is the side of the cells the ink is grouped in: 4 × 4 pixels
	// (a third of a letter's stroke-to-stroke at 300 dpi), so the grouping
	// costs a sixteenth of the page's pixels.
	cellPx = 4
	// minLeftShapes is how many unread print-sized shapes make a second
	// reading worth it.
	minLeftShapes = 3
	// minLeftConf is the least confidence (0–100) of a word the second
	// reading adds: outside the page's print, faint marks are read too.
	minLeftConf = 50
	// sureConf is the confidence (0–100) of a first reading's word above
	// which it is taken as read; a second reading replaces words under it
	// where it is betterConf surer.
	sureConf   = 70
	betterConf = 15
	// leftLinePx is the word height the second reading wants; larger
	// print is shrunk by a whole factor towards it.
	leftLinePx = 20
)

// medianHeight is the median height of ws's boxes, in pixels; 0 for none.
func medianHeight(ws []Word) int {
	if len(ws) == 0 {
		return 0
	}
	hs := make([]int, 0, len(ws))
	for _, w := range ws {
		hs = append(hs, w.Y1-w.Y0)
	}
	sort.Ints(hs)
	return hs[len(hs)/2]
}

// shrink returns a copy of g (any origin) with its origin at 0,0, scaled
// down by the whole factor k, each pixel the mean of a k × k square.
func shrink(g *image.Gray, k int) *image.Gray {
	if k <= 1 {
		c := image.NewGray(image.Rect(0, 0, g.Rect.Dx(), g.Rect.Dy()))
		for y := range c.Rect.Dy() {
			copy(c.Pix[y*c.Stride:y*c.Stride+c.Rect.Dx()], g.Pix[y*g.Stride:])
		}
		return c
	}
	b := g.Rect
	w, h := b.Dx()/k, b.Dy()/k
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			sum := 0
			for dy := range k {
				row := g.Pix[(y*k+dy)*g.Stride+x*k:]
				for dx := range k {
					sum += int(row[dx])
				}
			}
			out.Pix[y*out.Stride+x] = uint8(sum / (k * k))
		}
	}
	return out
}

// leftovers reads again, as sparse text, the part of img holding print
// the first reading pg missed, and adds the words found there to pg.
func (e *Engine) leftovers(ctx context.Context, exe string, img *image.Gray, pg *Page, langs string) {
	area, bg, ok := unreadInk(img, pg)
	if !ok {
		return
	}
	// Large print (a slide's, at 300 dpi) is read at a smaller scale: it
	// reads as well with its words ~20 px tall, and Tesseract's time goes
	// with the pixels.
	scale := max(1, min(medianHeight(pg.Words)/leftLinePx, 4))
	crop := shrink(img.SubImage(area).(*image.Gray), scale)
	// What was read surely is painted over with the paper's grey:
	// Tesseract's time goes to the print left, not to reading the rest
	// again. Words read unsurely stay, to be read again.
	for _, w := range pg.Words {
		if w.Conf < sureConf {
			continue
		}
		r := image.Rect((w.X0-area.Min.X)/scale, (w.Y0-area.Min.Y)/scale,
			(w.X1-area.Min.X+scale-1)/scale, (w.Y1-area.Min.Y+scale-1)/scale).Intersect(crop.Rect)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := crop.Pix[y*crop.Stride+r.Min.X : y*crop.Stride+r.Max.X]
			for i := range row {
				row[i] = bg
			}
		}
	}
	out, err := run(ctx, exe, pgm(crop), "stdin", "stdout", "-l", langs, "--psm", "11", "tsv")
	if err != nil {
		return
	}
	more, err := ParseTSV(out)
	if err != nil {
		return
	}
	for i := range more.Words {
		w := &more.Words[i]
		w.X0, w.X1 = w.X0*scale+area.Min.X, w.X1*scale+area.Min.X
		w.Y0, w.Y1 = w.Y0*scale+area.Min.Y, w.Y1*scale+area.Min.Y
	}
	pg.Words = mergeReadings(pg.Words, more.Words)
}

// mergeReadings adds to the first reading's words the second's (in the
// same pixels) that are sure enough: where nothing was read, or over words
// read unsurely when the second reading is much surer than every one of
// them, which it then replaces.
func mergeReadings(first, second []Word) []Word {
	lines := 0
	for _, w := range first {
		lines = max(lines, w.Line+1)
	}
	drop := make([]bool, len(first))
	var added []Word
	for _, w := range second {
		if w.Conf < minLeftConf {
			continue
		}
		var under []int
		better := true
		for i, o := range first {
			if overlaps(o, w) {
				under = append(under, i)
				better = better && o.Conf < sureConf && w.Conf >= o.Conf+betterConf
			}
		}
		if len(under) > 0 && !better {
			continue
		}
		for _, i := range under {
			drop[i] = true
		}
		w.Line += lines
		added = append(added, w)
	}
	kept := make([]Word, 0, len(first)+len(added))
	for i, o := range first {
		if !drop[i] {
			kept = append(kept, o)
		}
	}
	return append(kept, added...)
}

// overlaps reports whether o and w share a third of either's box.
func overlaps(o, w Word) bool {
	iw := min(o.X1, w.X1) - max(o.X0, w.X0)
	ih := min(o.Y1, w.Y1) - max(o.Y0, w.Y0)
	if iw <= 0 || ih <= 0 {
		return false
	}
	a, b := (w.X1-w.X0)*(w.Y1-w.Y0), (o.X1-o.X0)*(o.Y1-o.Y0)
	return 3*iw*ih > min(a, b)
}

// unreadInk returns the part of img (padded by a line) holding the
// print-sized shapes of ink that lie outside pg's words, and whether there
// are at least minLeftShapes of them. The page's print sets the size: a
// shape counts when it is between half and twice the median word height.
func unreadInk(img *image.Gray, pg *Page) (area image.Rectangle, bg uint8, ok bool) {
	if len(pg.Words) < 5 {
		return image.Rectangle{}, 0, false
	}
	lineH := medianHeight(pg.Words)
	if lineH < 2*cellPx {
		return image.Rectangle{}, 0, false
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	cw, ch := (w+cellPx-1)/cellPx, (h+cellPx-1)/cellPx
	mode := int(Background(img, 2))
	// A cell is ink when any of its pixels is far from the background.
	ink := make([]bool, cw*ch)
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		for x, v := range row {
			if d := int(v) - mode; d > 80 || d < -80 {
				ink[(y/cellPx)*cw+x/cellPx] = true
			}
		}
	}
	for _, wd := range pg.Words {
		for cy := max(wd.Y0/cellPx-1, 0); cy < min(wd.Y1/cellPx+2, ch); cy++ {
			for cx := max(wd.X0/cellPx-1, 0); cx < min(wd.X1/cellPx+2, cw); cx++ {
				ink[cy*cw+cx] = false
			}
		}
	}
	minH, maxH := max(lineH/2/cellPx, 1), 2*lineH/cellPx+1
	var found image.Rectangle
	shapes := 0
	Shapes(ink, cw, ch, func(sh Shape) {
		// Print-sized: as tall as a line of the page's print, and no wider
		// than a line of it could be long.
		if ht := sh.Y1 - sh.Y0 + 1; ht >= minH && ht <= maxH && sh.X1-sh.X0+1 <= 40*maxH {
			shapes++
			found = found.Union(image.Rect(sh.X0*cellPx, sh.Y0*cellPx, (sh.X1+1)*cellPx, (sh.Y1+1)*cellPx))
		}
	})
	if shapes < minLeftShapes {
		return image.Rectangle{}, 0, false
	}
	found = found.Inset(-lineH).Intersect(img.Rect)
	return found, uint8(mode), !found.Empty()
}
