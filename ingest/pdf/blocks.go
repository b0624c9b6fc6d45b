package pdf

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"archivist/app"
)

// pblock is a block of one page while the document is being assembled.
type pblock struct {
	kind  app.BlockKind
	level int
	rows  [][]*line // a text block has one line per row; a table row has its cells
	box
	size float64 // dominant font size, points
	bold bool
	page int // 1-based
	// furniture: a running header or footer, or a page number (see
	// markFurniture).
	furniture bool
	// field: the text of an annotation (see annots.go), app.BlockField.
	field bool
	// figure: the print of a picture, read by OCR (see figures.go),
	// app.BlockFigure.
	figure bool
}

// CellSeparator joins the cells of a table row in a table block's Text
// (rows are joined by "\n"), as the text formats do.
const CellSeparator = " | "

// text returns the block's text: words joined by single spaces, lines (or
// table rows) by "\n", table cells by CellSeparator.
func (b *pblock) text() string {
	return b.write(nil)
}

// layout returns the block's text (as text returns it) and one
// app.WordBox per word: its byte range in the text and its box on the
// page, normalised as Block.Box is. Separators (spaces, "\n",
// CellSeparator) belong to no word.
func (b *pblock) layout(g *geom) (string, []app.WordBox) {
	ws := make([]app.WordBox, 0, b.words())
	text := b.write(func(start, end int, w *word) {
		r := g.norm(w.box, b.page)
		ws = append(ws, app.WordBox{Start: start, End: end, X0: r.X0, Y0: r.Y0, X1: r.X1, Y1: r.Y1})
	})
	return text, ws
}

// write builds the block's text, telling onWord (when set) where each
// word landed in it.
func (b *pblock) write(onWord func(start, end int, w *word)) string {
	var s strings.Builder
	for i, row := range b.rows {
		if i > 0 {
			s.WriteByte('\n')
		}
		for j, c := range row {
			if j > 0 {
				if b.kind == app.BlockTable {
					s.WriteString(CellSeparator)
				} else {
					s.WriteByte(' ')
				}
			}
			for k := range c.words {
				if k > 0 {
					s.WriteByte(' ')
				}
				start := s.Len()
				s.WriteString(c.words[k].text)
				if onWord != nil {
					onWord(start, s.Len(), &c.words[k])
				}
			}
		}
	}
	return s.String()
}

func (b *pblock) words() int {
	n := 0
	for _, r := range b.rows {
		for _, c := range r {
			n += len(c.words)
		}
	}
	return n
}

// add appends a row and grows the box.
func (b *pblock) add(row []*line) {
	if len(b.rows) == 0 {
		b.box = row[0].box
	}
	for _, c := range row {
		b.box = b.union(c.box)
	}
	b.rows = append(b.rows, row)
}

// groupRows splits lines (sorted top to bottom, left to right within a
// row) into rows: lines overlapping vertically by half the smaller height.
func groupRows(lines []*line) [][]*line {
	var rows [][]*line
	var rb box
	for _, l := range lines {
		if n := len(rows); n > 0 && l.vOverlap(rb) >= 0.5*math.Min(l.h(), rb.h()) {
			rows[n-1] = append(rows[n-1], l)
			rb = rb.union(l.box)
			continue
		}
		rows = append(rows, []*line{l})
		rb = l.box
	}
	return rows
}

// listMarker matches the start of a list item: a bullet, or a number or
// letter followed by "." or ")".
var listMarker = regexp.MustCompile(`^([•◦▪‣●■□○∙·*–—-]|\(?[0-9]{1,2}[.)]|\(?[a-z][.)]|\([ivx]{1,4}\))\s`)

// captionStart matches the start of a numbered caption.
var captionStart = regexp.MustCompile(`^(Table|TABLE|Figure|FIGURE|Fig\.|FIG\.|Exhibit|EXHIBIT|Chart|Plate)\s+[0-9]+[A-Za-z]?([.:\-–—]|\s|$)`)

// minTableRows is how many aligned multi-cell rows make a table.
const minTableRows = 3

// isTableRow reports whether a row looks like a table row: several cells,
// every cell after the first short (a label may be long).
func isTableRow(row []*line) bool {
	if len(row) < 2 {
		return false
	}
	for _, c := range row[1:] {
		if len(c.words) > 4 && !numeric(c.text()) {
			return false
		}
	}
	return true
}

// numeric reports whether s is mostly digits and number punctuation.
func numeric(s string) bool {
	d, o := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			d++
		case strings.ContainsRune(" ,.%$()-–—€£", r):
		default:
			o++
		}
	}
	return d > 0 && o <= d/4
}

// regionBlocks cuts one region's lines into blocks: tables (runs of at
// least minTableRows table rows), and text blocks split at vertical gaps,
// changes of font size or weight, list markers and indented first lines.
func regionBlocks(rg region, page int) []*pblock {
	rows := groupRows(rg.lines)
	table := make([]bool, len(rows))
	for i := 0; i < len(rows); {
		j := i
		for j < len(rows) && isTableRow(rows[j]) {
			j++
		}
		if j-i >= minTableRows {
			for k := i; k < j; k++ {
				table[k] = true
			}
		}
		i = max(j, i+1)
	}
	extendTables(rows, table)
	gap := medianGap(rows)
	var out []*pblock
	var cur *pblock
	for i, row := range rows {
		if table[i] {
			if cur == nil || cur.kind != app.BlockTable || row[0].y0-cur.y1 > 2*row[0].h() {
				cur = &pblock{kind: app.BlockTable, page: page}
				out = append(out, cur)
			}
			cur.add(row)
			continue
		}
		// Outside tables, a row's cells read as one line.
		l := mergeRow(row)
		if cur == nil || cur.kind == app.BlockTable || breaksBlock(cur, l, gap) {
			cur = &pblock{kind: app.BlockParagraph, page: page, size: l.size, bold: l.bold}
			if listMarker.MatchString(l.text()) {
				cur.kind = app.BlockListItem
			}
			out = append(out, cur)
		}
		cur.add([]*line{l})
	}
	for _, b := range out {
		b.finish()
	}
	return out
}

// A financial statement sets its row-group labels ("Current assets",
// "Property and equipment") on rows of their own, often in bold, and its
// column header of periods ("January 28, 2023   January 29, 2022") above
// them: read as paragraphs, the labels became headings that cut the
// statement into pieces, and the pieces lost the header that says which
// column is which year. extendTables makes such rows part of the table.
const (
	maxLabelRows  = 3 // label rows bridged between two runs, or above one
	maxLabelWords = 8
)

// extendTables marks as table rows (table[i]) the short label rows that
// sit between two table runs, and the header row of periods with the
// labels beneath it just above a run.
func extendTables(rows [][]*line, table []bool) {
	for s := 0; s < len(rows); s++ {
		if !table[s] {
			continue
		}
		e := s
		for e < len(rows) && table[e] {
			e++
		}
		left, right, size := tableSpan(rows[s:e])
		// Above the run: labels, then the header row.
		k := s - 1
		for k >= 0 && s-k <= maxLabelRows && !table[k] && labelRow(rows[k], left, right, size) && closeRows(rows[k], rows[k+1], size) {
			k--
		}
		if k >= 0 && s-k <= maxLabelRows+1 && !table[k] && periodsRow(rows[k], right) && closeRows(rows[k], rows[k+1], size) {
			for i := k; i < s; i++ {
				table[i] = true
			}
		}
		// Below the run: labels, then the next run, which the labels join
		// to this one. A statement leaves a blank line before a new group
		// ("Liabilities and equity"), so the first label may sit further
		// down.
		for {
			n := e
			for n < len(rows) && n-e < maxLabelRows && !table[n] && labelRow(rows[n], left, right, size) &&
				(n == e && rows[n][0].y0-rows[n-1][0].y1 <= 3*size || n > e && closeRows(rows[n-1], rows[n], size)) {
				n++
			}
			if n == e || n == len(rows) || !table[n] || !closeRows(rows[n-1], rows[n], size) {
				break
			}
			for i := e; i < n; i++ {
				table[i] = true
			}
			for e = n; e < len(rows) && table[e]; e++ {
			}
		}
		s = e
	}
}

// tableSpan returns a run of table rows' left edge, the left edge of its
// figures (its second column), and its dominant size.
func tableSpan(rows [][]*line) (left, figures, size float64) {
	left, figures = math.Inf(1), math.Inf(1)
	for _, r := range rows {
		left = math.Min(left, r[0].x0)
		figures = math.Min(figures, r[1].x0)
		size = math.Max(size, r[0].size)
	}
	return left, figures, size
}

// labelRow reports whether row reads as a table's row-group label: one
// short cell in the label column, set no larger than the table, and not a
// caption.
func labelRow(row []*line, left, figures, size float64) bool {
	l := mergeRow(row)
	return len(l.words) <= maxLabelWords && l.x0 >= left-3*size && l.x0 <= left+3*size && l.x1 < figures &&
		l.size <= 1.1*size && !captionStart.MatchString(l.text())
}

// periodsRow reports whether row is a column header of periods over a
// table's figures: two or more cells, all right of the label column and
// each naming a year.
func periodsRow(row []*line, figures float64) bool {
	if len(row) < 2 {
		return false
	}
	for _, c := range row {
		if c.x1 < figures || !yearRe.MatchString(c.text()) {
			return false
		}
	}
	return true
}

var yearRe = regexp.MustCompile(`\b(19|20)\d{2}\b`)

// closeRows reports whether row b follows row a without a paragraph's gap.
func closeRows(a, b []*line, size float64) bool {
	return b[0].y0-a[0].y1 <= 1.5*size
}

// finish sets the block's dominant size and weight from its lines.
func (b *pblock) finish() {
	bySize := map[float64]int{}
	chars, bold := 0, 0
	for _, r := range b.rows {
		for _, c := range r {
			bySize[c.size] += c.chars
			chars += c.chars
			if c.bold {
				bold += c.chars
			}
		}
	}
	best := 0
	for s, n := range bySize {
		if n > best || n == best && s > b.size {
			b.size, best = s, n
		}
	}
	b.bold = bold*2 > chars
}

// mergeRow joins the cells of a non-table row into one line.
func mergeRow(row []*line) *line {
	if len(row) == 1 {
		return row[0]
	}
	l := &line{box: row[0].box}
	for _, c := range row {
		l.words = append(l.words, c.words...)
		l.box = l.union(c.box)
	}
	l.finish()
	return l
}

// medianGap returns the median vertical gap between consecutive rows, in
// points; the gap between the lines of a paragraph, in most regions.
func medianGap(rows [][]*line) float64 {
	var gaps []float64
	for i := 1; i < len(rows); i++ {
		g := rows[i][0].y0 - rows[i-1][0].y1
		if g > -2 && g < 2*rows[i][0].h() {
			gaps = append(gaps, g)
		}
	}
	if len(gaps) == 0 {
		return 0
	}
	slices.Sort(gaps)
	return gaps[len(gaps)/2]
}

// breaksBlock reports whether line l starts a new block after cur.
func breaksBlock(cur *pblock, l *line, medGap float64) bool {
	prev := cur.rows[len(cur.rows)-1][0]
	size := math.Max(l.size, prev.size)
	gapLimit := math.Max(0.45*size, math.Min(math.Max(medGap, 0)+0.35*size, 1.0*size))
	switch {
	case l.y0-prev.y1 > gapLimit:
		return true
	case math.Abs(l.size-prev.size) > math.Max(0.6, 0.1*size):
		return true
	case l.bold != prev.bold:
		return true
	case listMarker.MatchString(l.text()):
		return true
	case l.x1 < cur.x0 || l.x0 > cur.x1: // no horizontal overlap
		return true
	}
	// An indented line after flush-left lines starts a paragraph.
	if len(cur.rows) >= 2 && cur.kind == app.BlockParagraph {
		left := math.Inf(1)
		for _, r := range cur.rows[1:] {
			left = math.Min(left, r[0].x0)
		}
		if prev.x0 <= left+1 && l.x0 > left+0.8*l.size && l.x0 < left+4*l.size {
			return true
		}
	}
	return false
}
