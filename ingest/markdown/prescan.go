package markdown

import (
	"bytes"

	"archivist/ingest/internal/bounds"
)

// prescan refuses a source with more headings or blocks than a document
// may have, from its lines alone: an ATX heading line ("# …") outside a
// fenced code block counts as a heading and a block, and so does the
// first non-blank line after a blank line or a heading. It is a close
// estimate of what the walk counts — a heading inside a quote, or a list
// item without blank lines between, goes uncounted here and is counted by
// the walk — and costs one pass over the bytes.
func prescan(src []byte) error {
	var (
		headings, blocks int
		fence            byte // '`' or '~' inside a fenced code block
		fenceLen         int
		open             = true // the next non-blank line starts a block
	)
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		text := bytes.TrimLeft(line, " ")
		indent := len(line) - len(text)
		if fence != 0 {
			if indent < 4 && countRun(text, fence) >= fenceLen && len(bytes.TrimSpace(text[countRun(text, fence):])) == 0 {
				fence, open = 0, true
			}
			continue
		}
		if len(bytes.TrimSpace(text)) == 0 {
			open = true
			continue
		}
		if indent < 4 && len(text) > 0 && (text[0] == '`' || text[0] == '~') && countRun(text, text[0]) >= 3 {
			fence, fenceLen = text[0], countRun(text, text[0])
			blocks++
			continue
		}
		switch {
		case indent < 4 && isATX(text):
			headings++
			blocks++
			open = true
		case open:
			blocks++
			open = false
		}
		if headings > bounds.MaxSections {
			return bounds.TooMany("headings", bounds.MaxSections)
		}
		if blocks > bounds.MaxBlocks {
			return bounds.TooMany("paragraphs", bounds.MaxBlocks)
		}
	}
	return nil
}

// countRun counts the leading bytes of s equal to c.
func countRun(s []byte, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// isATX reports whether a line (its indentation removed) is an ATX
// heading: one to six "#" then a space, a tab or the end of the line.
func isATX(s []byte) bool {
	n := countRun(s, '#')
	return n >= 1 && n <= 6 && (n == len(s) || s[n] == ' ' || s[n] == '\t')
}
