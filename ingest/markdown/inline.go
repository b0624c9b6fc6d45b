package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"archivist/app"
)

// cellSeparator joins the cells of a table row in a table block's text. It
// is the one piece of block text not taken from the source.
const cellSeparator = " | "

// inline gathers the visible text of n's inline children: text, code span
// content, link text and image alt text. Emphasis markers, link targets,
// raw HTML and the backslash of an escape are left out.
func (w *walker) inline(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			if c.IsRaw() {
				w.buf.add(c.Segment.Start, c.Segment.Stop)
			} else {
				w.unescaped(c.Segment.Start, c.Segment.Stop)
			}
		case *ast.AutoLink:
			if off, ok := offsetIn(w.src, c.Label(w.src)); ok {
				w.buf.add(off, off+len(c.Label(w.src)))
			}
		case *ast.RawHTML, *ast.String, *east.TaskCheckBox:
			// Markup, synthesised text and check boxes are not visible
			// source text.
		default:
			// Emphasis, links, images, code spans, strikethrough.
			w.inline(c)
		}
	}
}

// unescaped adds src[start:stop] less the backslash of each backslash
// escape (a backslash before ASCII punctuation).
func (w *walker) unescaped(start, stop int) {
	from := start
	for i := start; i < stop-1; i++ {
		if w.src[i] == '\\' && isASCIIPunct(w.src[i+1]) {
			w.buf.add(from, i)
			from = i + 1
			i++ // the escaped character is kept, never an escape itself
		}
	}
	w.buf.add(from, stop)
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// offsetIn returns where sub sits in src when sub is a slice of src's own
// memory (goldmark hands an autolink's label out only as bytes).
func offsetIn(src, sub []byte) (int, bool) {
	if len(sub) == 0 {
		return 0, false
	}
	off := cap(src) - cap(sub)
	if off < 0 || off+len(sub) > len(src) || &src[off] != &sub[0] {
		return 0, false
	}
	return off, true
}

// table makes one block of a table: one line per source row, cells joined
// by cellSeparator. The delimiter row becomes an empty line so that line
// numbers still follow the source.
func (w *walker) table(t *east.Table) {
	w.buf.reset()
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		pos := row.Pos()
		if pos < 0 {
			if c := row.FirstChild(); c != nil {
				pos = c.Pos()
			}
		}
		if pos < 0 {
			continue
		}
		w.buf.moveTo(w.buf.lines.Of(pos))
		// Empty cells keep their column with a separator, but trailing
		// ones are left out: "Cake | 3", not "Cake | 3 |". A cell's
		// separators are written once it has shown some text, so a wide
		// row of empty cells costs nothing.
		last := -1
		k := 0
		for cell := row.FirstChild(); cell != nil; cell, k = cell.NextSibling(), k+1 {
			mark := w.buf.len()
			w.inline(cell)
			if w.buf.len() == mark {
				continue
			}
			seps := k - last
			if last < 0 {
				seps = k
			}
			w.buf.insert(mark, strings.Repeat(cellSeparator, seps))
			last = k
		}
	}
	w.add(app.BlockTable, 0, false)
}
