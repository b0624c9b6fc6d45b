package pdf

import (
	"math"
	"slices"
)

// region is a part of a page read as one stream: one column of one band,
// or a run of lines spanning the columns (a title, a full-width table).
type region struct {
	lines    []*line
	spanning bool
}

// Column detection thresholds.
const (
	minGutterPt    = 5.0 // narrower empty strips are word or cell gaps
	proseMinWords  = 4   // lines with fewer words are not used to find gutters
	proseMinWidth  = 60  // points
	gutterMinLines = 3   // prose lines needed on each side of a gutter
)

// gutter is an empty vertical strip between columns, x0–x1 in points.
type gutter struct{ x0, x1 float64 }

// findGutters finds column gutters from the x-extents of the page's prose
// lines: strips at least minGutterPt wide that (almost) no prose line
// crosses, with prose on both sides. Short lines (table cells, labels,
// page numbers) are left out so a table's columns are not taken for text
// columns; a few crossing lines (a centred title, a rule-breaking line)
// are tolerated.
func findGutters(lines []*line) []gutter {
	var prose []*line
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range lines {
		if len(l.words) >= proseMinWords && l.w() >= proseMinWidth {
			prose = append(prose, l)
			lo, hi = math.Min(lo, l.x0), math.Max(hi, l.x1)
		}
	}
	if len(prose) < 2*gutterMinLines {
		return nil
	}
	if gs := gutters(prose, lo, hi, max(1, len(prose)/20)); len(gs) > 0 {
		return gs
	}
	// A paper's title, authors and affiliations run across its two
	// columns above them: failing a gutter that at most a twentieth of the
	// prose lines cross, one that up to an eighth cross will do, as long
	// as each side holds twice as many lines as cross it.
	return gutters(prose, lo, hi, max(1, len(prose)/8))
}

// gutters finds the strips between lo and hi that at most allow prose
// lines cross.
func gutters(prose []*line, lo, hi float64, allow int) []gutter {
	n := int(hi-lo) + 1
	cov := make([]int, n)
	for _, l := range prose {
		for x := int(l.x0 - lo); x < int(l.x1-lo) && x < n; x++ {
			cov[x]++
		}
	}
	var out []gutter
	for x := 0; x < n; {
		if cov[x] > allow {
			x++
			continue
		}
		start, crossing := x, 0
		for x < n && cov[x] <= allow {
			crossing = max(crossing, cov[x])
			x++
		}
		g := gutter{lo + float64(start), lo + float64(x)}
		if g.x1-g.x0 < minGutterPt || start == 0 || x == n {
			continue
		}
		left, right := 0, 0
		for _, l := range prose {
			switch {
			case l.x1 <= g.x0+1:
				left++
			case l.x0 >= g.x1-1:
				right++
			}
		}
		if need := max(gutterMinLines, 2*crossing); left >= need && right >= need {
			out = append(out, g)
		}
	}
	return out
}

// crosses reports whether l runs across g.
func (g gutter) crosses(l *line) bool {
	return l.x0 < g.x0+1 && l.x1 > g.x1-1
}

// readingOrder splits a page's lines into regions in reading order: bands
// from top to bottom, separated by lines that span the gutters; within a
// band the columns from left to right, each from top to bottom.
func readingOrder(lines []*line) []region {
	gutters := findGutters(lines)
	if len(gutters) == 0 {
		return []region{{lines: sortRows(lines)}}
	}
	var spans []*line
	isSpan := map[*line]bool{}
	for _, l := range lines {
		for _, g := range gutters {
			if g.crosses(l) {
				spans = append(spans, l)
				isSpan[l] = true
				break
			}
		}
	}
	slices.SortFunc(spans, func(a, b *line) int { return cmpF(a.y0, b.y0) })
	// cols[band][column]
	nb, nc := len(spans)+1, len(gutters)+1
	cols := make([][][]*line, nb)
	for i := range cols {
		cols[i] = make([][]*line, nc)
	}
	for _, l := range lines {
		if isSpan[l] {
			continue
		}
		cy := (l.y0 + l.y1) / 2
		band, _ := slices.BinarySearchFunc(spans, cy, func(s *line, y float64) int {
			return cmpF((s.y0+s.y1)/2, y)
		})
		col := 0
		cx := (l.x0 + l.x1) / 2
		for _, g := range gutters {
			if cx > (g.x0+g.x1)/2 {
				col++
			}
		}
		cols[band][col] = append(cols[band][col], l)
	}
	var out []region
	for b := range nb {
		for c := range nc {
			if len(cols[b][c]) > 0 {
				out = append(out, region{lines: sortRows(cols[b][c])})
			}
		}
		if b < len(spans) {
			// Consecutive spanning lines with nothing between read as one
			// region, so a two-line title stays one block.
			if k := len(out) - 1; k >= 0 && out[k].spanning && b > 0 && emptyBand(cols[b]) {
				out[k].lines = append(out[k].lines, spans[b])
			} else {
				out = append(out, region{lines: []*line{spans[b]}, spanning: true})
			}
		}
	}
	return out
}

func emptyBand(cols [][]*line) bool {
	for _, c := range cols {
		if len(c) > 0 {
			return false
		}
	}
	return true
}

// sortRows orders lines top to bottom, and left to right within a row
// (lines that overlap vertically by half the smaller height).
func sortRows(lines []*line) []*line {
	ls := slices.Clone(lines)
	slices.SortFunc(ls, func(a, b *line) int { return cmpF(a.y0, b.y0) })
	out := ls[:0:0]
	for i := 0; i < len(ls); {
		j := i + 1
		row := ls[i].box
		for j < len(ls) && ls[j].vOverlap(row) >= 0.5*math.Min(ls[j].h(), row.h()) {
			row = row.union(ls[j].box)
			j++
		}
		r := slices.Clone(ls[i:j])
		slices.SortFunc(r, func(a, b *line) int { return cmpF(a.x0, b.x0) })
		out = append(out, r...)
		i = j
	}
	return out
}
