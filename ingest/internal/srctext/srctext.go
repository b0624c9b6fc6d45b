// Package srctext holds the small source-text helpers the text-format parsers
// share: line-ending normalisation, a line index and title trimming.
package srctext

import (
	"bytes"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxTitle is the longest title, in characters (runes), a parser derives
// from a document's first line.
const MaxTitle = 120

var bom = []byte{0xEF, 0xBB, 0xBF}

// Normalize strips a UTF-8 byte-order mark and turns CRLF and lone CR line
// endings into LF. Line numbers are unchanged by it. It returns src itself
// when there is nothing to do.
func Normalize(src []byte) []byte {
	src = bytes.TrimPrefix(src, bom)
	if bytes.IndexByte(src, '\r') < 0 {
		return src
	}
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\r' {
			c = '\n'
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
		}
		out = append(out, c)
	}
	return out
}

// Lines maps byte offsets of an LF-terminated text to 1-based line numbers.
type Lines struct {
	starts []int // byte offset where each line starts; starts[0] == 0
	size   int   // length of the text in bytes
	endsLF bool  // the text ends with a line break
}

// NewLines indexes the line starts of s.
func NewLines(s []byte) *Lines {
	starts := make([]int, 1, bytes.Count(s, []byte{'\n'})+1)
	for off := 0; ; {
		i := bytes.IndexByte(s[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		if off < len(s) {
			starts = append(starts, off)
		}
	}
	return &Lines{starts: starts, size: len(s), endsLF: len(s) > 0 && s[len(s)-1] == '\n'}
}

// Of returns the 1-based line holding byte offset off. An offset at the very
// end of a text that ends with a line break counts as one line past the last.
func (l *Lines) Of(off int) int {
	if off >= l.size && l.endsLF {
		return len(l.starts) + 1
	}
	return sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off })
}

// Count returns the number of lines of the text: 0 for an empty text, and a
// final line without a line break counts.
func (l *Lines) Count() int {
	if l.size == 0 {
		return 0
	}
	return len(l.starts)
}

// Title returns the first non-blank line of s with its surrounding white
// space trimmed and cut to MaxTitle runes, or "".
func Title(s string) string {
	for s != "" {
		line := s
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		if line = strings.TrimSpace(line); line != "" {
			return Truncate(line, MaxTitle)
		}
	}
	return ""
}

// Truncate cuts s to at most n runes, at a rune boundary, trimming any white
// space left at the cut.
func Truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if n == 0 {
			i = k
			break
		}
		n--
	}
	return strings.TrimRightFunc(s[:i], unicode.IsSpace)
}

// OneLine collapses runs of white space, line breaks included, into single
// spaces: a heading that spans lines in the source becomes one label.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\t\r") && !strings.Contains(s, "  ") {
		return strings.TrimSpace(s)
	}
	return strings.Join(strings.Fields(s), " ")
}
