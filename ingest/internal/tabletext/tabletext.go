// Package tabletext lays a table's cells out as the text of one table
// block, the same way for every format that has tables in a tree (HTML,
// DOCX): one row per line, cells joined by Separator in reading order.
package tabletext

import "strings"

// Separator joins the cells of a row. It matches the Markdown parser's
// table text and parsetest.Separator.
const Separator = " | "

// Join returns the text of a table from its rows of cell texts. Cell text
// must be on one line. Trailing empty cells of a row are left out, as the
// Markdown parser leaves them out; a row of only empty cells is left out.
// Empty cells elsewhere stay, so a row keeps its columns.
func Join(rows [][]string) string {
	var b strings.Builder
	for _, cells := range rows {
		for len(cells) > 0 && cells[len(cells)-1] == "" {
			cells = cells[:len(cells)-1]
		}
		if len(cells) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		for i, c := range cells {
			if i > 0 {
				b.WriteString(Separator)
			}
			b.WriteString(c)
		}
	}
	return b.String()
}

// Limits on the grid a table's spans expand to. A few bytes of markup can
// ask for millions of cells; a table whose spans would pass these limits
// is laid out with each cell once instead (Within says when).
const (
	MaxCells = 1 << 20
	// MaxGrowth bounds the text spanned cells add: at most MaxGrowth
	// times the table's own cell text, plus MaxSlack bytes.
	MaxGrowth = 16
	MaxSlack  = 1 << 16
)

// Within reports whether a grid of cells slots holding spanned bytes of
// text, laid out from cells whose own text is own bytes, is within the
// limits.
func Within(slots, spanned, own int) bool {
	return slots <= MaxCells && spanned <= MaxGrowth*own+MaxSlack
}
