package docx

import (
	"strconv"
	"strings"

	"archivist/app"
	"archivist/ingest/internal/tabletext"
)

// maxGridSpan bounds a cell's w:gridSpan; Word makes tables of at most 63
// columns.
const maxGridSpan = 1000

// tcell is one w:tc of a row.
type tcell struct {
	text     string
	span     int  // grid columns covered (w:gridSpan)
	vMerge   bool // continues the merged cell above (w:vMerge without "restart")
	hMerge   bool // continues the merged cell on its left (legacy w:hMerge)
	gridSkip int  // empty grid columns before it (w:gridBefore, on a row's first cell)
}

// table adds a table as one table block: one row per line, cells joined
// by " | ". A merged cell's text is repeated in every row and grid column
// it covers (as the HTML parser repeats a spanned cell), so each row reads
// whole on its own.
func (w *walker) table(n *node) {
	rows := w.tableRows(n)
	grid := layOut(rows, true)
	if grid == nil {
		grid = layOut(rows, false)
	}
	if t := tabletext.Join(grid); t != "" {
		w.add(app.BlockTable, 0, t)
	}
}

// tableRows returns the cells of each row of table n, looking through
// the content controls and custom XML that may wrap rows and cells.
func (w *walker) tableRows(n *node) [][]tcell {
	var rows [][]tcell
	var visitRows func(*node)
	visitRows = func(n *node) {
		for _, k := range n.kids {
			switch k.tag {
			case "w:tr":
				var cells []tcell
				w.rowCells(k, &cells)
				if len(cells) > 0 {
					trPr := k.child("w:trPr")
					cells[0].gridSkip = intVal(trPr.child("w:gridBefore"), 0, maxGridSpan)
				}
				rows = append(rows, cells)
			case "w:sdt", "w:sdtContent", "w:customXml", "w:ins", "w:moveTo":
				visitRows(k)
			}
		}
	}
	visitRows(n)
	return rows
}

func (w *walker) rowCells(n *node, cells *[]tcell) {
	for _, k := range n.kids {
		switch k.tag {
		case "w:tc":
			tcPr := k.child("w:tcPr")
			c := tcell{text: w.cellText(k), span: max(1, intVal(tcPr.child("w:gridSpan"), 1, maxGridSpan))}
			if v := tcPr.child("w:vMerge"); v != nil {
				c.vMerge = v.val() != "restart"
			}
			if h := tcPr.child("w:hMerge"); h != nil {
				c.hMerge = h.val() != "restart"
			}
			*cells = append(*cells, c)
		case "w:sdt", "w:sdtContent", "w:customXml", "w:ins", "w:moveTo":
			w.rowCells(k, cells)
		}
	}
}

// intVal reads the w:val of n as an integer in [0, limit], or def.
func intVal(n *node, def, limit int) int {
	if n == nil {
		return def
	}
	v, err := strconv.Atoi(strings.TrimSpace(n.val()))
	if err != nil || v < 0 {
		return def
	}
	return min(v, limit)
}

// cellText returns the text of a cell on one line: its paragraphs, text
// boxes and nested tables, separated by spaces.
func (w *walker) cellText(tc *node) string {
	var b strings.Builder
	var boxes []*node
	w.inline(tc, &b, &boxes)
	for len(boxes) > 0 {
		box := boxes[0]
		boxes = boxes[1:]
		b.WriteByte(' ')
		w.inline(box, &b, &boxes)
	}
	return strings.Join(strings.Fields(clean(b.String())), " ")
}

// flatTable returns the text of a table nested where only text fits (a
// cell): its cells in reading order, separated by spaces.
func (w *walker) flatTable(n *node) string {
	var parts []string
	for _, row := range w.tableRows(n) {
		for _, c := range row {
			if c.text != "" {
				parts = append(parts, c.text)
			}
		}
	}
	return strings.Join(parts, " ")
}

// layOut places the cells on the table's grid. With span set, a cell
// covering several grid columns (gridSpan, hMerge) or rows (vMerge) has
// its text in each; it returns nil when that would pass tabletext's
// limits. Without span each cell is laid out once.
func layOut(rows [][]tcell, span bool) [][]string {
	own := 0
	for _, r := range rows {
		for _, c := range r {
			own += len(c.text)
		}
	}
	grid := make([][]string, len(rows))
	slots, spanned := 0, 0
	for ri, r := range rows {
		var line []string
		for _, c := range r {
			for range c.gridSkip {
				line = append(line, "")
			}
			t, n := c.text, 1
			if span {
				n = c.span
				switch {
				case c.vMerge:
					t = ""
					if col := len(line); ri > 0 && col < len(grid[ri-1]) {
						t = grid[ri-1][col]
					}
				case c.hMerge && len(line) > 0:
					t = line[len(line)-1]
				}
			}
			for range n {
				line = append(line, t)
				spanned += len(t)
			}
			slots += n + c.gridSkip
			if span && !tabletext.Within(slots, spanned, own) {
				return nil
			}
		}
		grid[ri] = line
	}
	return grid
}
