package html

import (
	"strconv"
	"strings"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"archivist/app"
	"archivist/ingest/internal/tabletext"
)

// HTML's own limits on spans; the grid they make is bounded by tabletext.
const (
	maxColspan = 1000
	maxRowspan = 65534
)

// table adds a table: a data table as one table block (after a caption
// block for its <caption>), a layout table as the blocks of its cells.
func (w *walker) table(t *xhtml.Node, c ctxt) {
	if layoutTable(t) {
		w.walk(t, c)
		w.flush()
		return
	}
	for ch := t.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == xhtml.ElementNode && ch.DataAtom == atom.Caption && !skipped(ch) {
			w.gathered(ch, app.BlockCaption)
		}
	}
	rows := tableRows(t)
	if len(rows) == 0 {
		return
	}
	cells, size := tableCells(rows)
	lines := layOut(rows, cells, size, true)
	if lines == nil {
		lines = layOut(rows, cells, size, false)
	}
	if t := tabletext.Join(lines); t != "" {
		w.add(app.BlockTable, 0, t, sourceKey(rows, cells))
	}
}

// sourceKey returns the first and last text of the table's cells in
// source order, where its lines begin and end: reading order puts <thead>
// first and <tfoot> last wherever they stand.
func sourceKey(rows []row, cells [][]cell) key {
	var k key
	first, last := -1, -1
	for i, r := range rows {
		var head, tail string
		for _, c := range cells[i] {
			if c.text != "" {
				if head == "" {
					head = c.text
				}
				tail = c.text
			}
		}
		if head == "" {
			continue
		}
		if first < 0 || r.order < first {
			first, k.first = r.order, head
		}
		if r.order > last {
			last, k.last = r.order, tail
		}
	}
	return k
}

// row is one <tr> and the row group (thead, tbody, tfoot) it is in.
type row struct {
	tr    *xhtml.Node
	group int
	order int // place in the source
}

// tableRows returns the rows of table t in reading order: <thead> rows
// first and <tfoot> rows last, wherever they stand in the source. Rows of
// nested tables are not t's.
func tableRows(t *xhtml.Node) []row {
	var head, body, foot []row
	group, order := 0, 0
	addRows := func(g *xhtml.Node, to *[]row) {
		group++
		for tr := g.FirstChild; tr != nil; tr = tr.NextSibling {
			if tr.Type == xhtml.ElementNode && tr.DataAtom == atom.Tr && !skipped(tr) {
				*to = append(*to, row{tr, group, order})
				order++
			}
		}
	}
	for ch := t.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type != xhtml.ElementNode || skipped(ch) {
			continue
		}
		switch ch.DataAtom {
		case atom.Thead:
			addRows(ch, &head)
		case atom.Tbody:
			addRows(ch, &body)
		case atom.Tfoot:
			addRows(ch, &foot)
		case atom.Tr:
			// The parser wraps rows in a tbody; a hand-built tree may not.
			group++
			body = append(body, row{ch, group, order})
			order++
		}
	}
	return append(append(head, body...), foot...)
}

// cell is one <td> or <th>: its text and the rows and columns it spans.
type cell struct {
	text           string
	colspan, rowsp int // rowsp 0: to the end of the row group
}

// tableCells returns the cells of each row and the length of all their
// text.
func tableCells(rows []row) (cells [][]cell, size int) {
	cells = make([][]cell, len(rows))
	for ri, r := range rows {
		for td := r.tr.FirstChild; td != nil; td = td.NextSibling {
			if td.Type != xhtml.ElementNode || td.DataAtom != atom.Td && td.DataAtom != atom.Th || skipped(td) {
				continue
			}
			t := gather(td)
			size += len(t)
			cells[ri] = append(cells[ri], cell{t, spanAttr(td, "colspan", 1, maxColspan), spanAttr(td, "rowspan", 0, maxRowspan)})
		}
	}
	return cells, size
}

// layOut returns the text of each cell of each row. With span set, a cell
// spanning rows or columns has its text repeated in every row and column
// it covers, so each row reads whole on its own; a rowspan ends at the end
// of its row group. It returns nil when the spanned grid would pass the
// limits; without span each cell is laid out once and it never fails.
func layOut(rows []row, cells [][]cell, size int, span bool) [][]string {
	grid := make([][]string, len(rows))
	filled := make([][]bool, len(rows))
	slots, spanned := 0, 0
	for ri, r := range rows {
		col := 0
		for _, c := range cells[ri] {
			for col < len(filled[ri]) && filled[ri][col] {
				col++
			}
			cs, rs := 1, 1
			if span {
				cs = c.colspan
				// rowspan="0" and a rowspan past the group's last row
				// end with the group.
				end := ri + 1
				for end < len(rows) && rows[end].group == r.group && (c.rowsp == 0 || end-ri < c.rowsp) {
					end++
				}
				rs = end - ri
			}
			for dr := range rs {
				y := ri + dr
				for dc := range cs {
					x := col + dc
					for len(grid[y]) <= x {
						grid[y] = append(grid[y], "")
						filled[y] = append(filled[y], false)
						slots++
					}
					grid[y][x] = c.text
					filled[y][x] = true
					spanned += len(c.text)
				}
				if span && !tabletext.Within(slots, spanned, size) {
					return nil
				}
			}
			col += cs
		}
	}
	return grid
}

// spanAttr reads a colspan or rowspan attribute: a non-negative integer,
// else def, at most limit. Like browsers it reads the leading digits.
func spanAttr(n *xhtml.Node, name string, low, limit int) int {
	v := strings.TrimSpace(attr(n, name))
	i := 0
	for i < len(v) && v[i] >= '0' && v[i] <= '9' && i < 9 {
		i++
	}
	k, err := strconv.Atoi(v[:i])
	if err != nil || k < low {
		return 1
	}
	return min(k, limit)
}

// layoutTable reports whether t lays a page out rather than holding data:
// role="presentation", a table inside it, a single row or column, or
// cells holding headings, lists, code or quotes. Its cells are then read
// as blocks of their own. A <caption>, <thead> or <th> marks a data
// table.
func layoutTable(t *xhtml.Node) bool {
	switch strings.ToLower(strings.TrimSpace(attr(t, "role"))) {
	case "presentation", "none":
		return true
	}
	header, blocky, nested := false, false, false
	rows, cols := 0, 0
	var visit func(n *xhtml.Node, depth int)
	visit = func(n *xhtml.Node, depth int) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != xhtml.ElementNode || skipped(c) {
				continue
			}
			switch c.DataAtom {
			case atom.Table:
				nested = true
				continue
			case atom.Caption, atom.Thead, atom.Th:
				header = true
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Dl,
				atom.Pre, atom.Blockquote, atom.Article, atom.Section, atom.Main:
				blocky = true
			case atom.Tr:
				if depth <= 1 {
					rows++
					n := 0
					for td := c.FirstChild; td != nil; td = td.NextSibling {
						if td.Type == xhtml.ElementNode && (td.DataAtom == atom.Td || td.DataAtom == atom.Th) {
							n += spanAttr(td, "colspan", 1, maxColspan)
						}
					}
					cols = max(cols, n)
				}
			}
			visit(c, depth+1)
		}
	}
	visit(t, 0)
	switch {
	case nested:
		return true
	case header:
		return false
	case blocky:
		return true
	}
	return rows <= 1 || cols <= 1
}
