package ingest

import (
	"strings"
	"unicode/utf8"

	"archivist/app"
)

// unit is the smallest piece of a block a passage takes whole:
// p.Blocks[block].Text[start:end].
type unit struct {
	block      int
	start, end int
}

func (u unit) len() int { return u.end - u.start }

// lineKinds are cut into units at line breaks rather than after sentences.
func lineKind(k app.BlockKind) bool { return k == app.BlockCode || k == app.BlockTable }

// splitUnits cuts a block's text into units of at most target bytes:
// sentences for prose (a cut after ". ", "? " or "! ", the white space
// staying with the sentence), lines for code and tables. A longer sentence
// or code line is cut at its last white space within target bytes, or at a
// rune boundary when it has none. A table row is never cut: a passage may
// exceed the target rather than lose a cell.
func splitUnits(dst []unit, block int, kind app.BlockKind, text string, target int) []unit {
	start := 0
	emit := func(end int) {
		if kind == app.BlockTable {
			dst = append(dst, unit{block, start, end})
		} else {
			dst = splitLong(dst, block, text, start, end, target)
		}
		start = end
	}
	if lineKind(kind) {
		for start < len(text) {
			i := strings.IndexByte(text[start:], '\n')
			if i < 0 {
				break
			}
			emit(start + i + 1)
		}
	} else {
		for i := 0; i+1 < len(text); i++ {
			if c := text[i]; (c == '.' || c == '?' || c == '!') && isSpace(text[i+1]) {
				j := i + 1
				for j < len(text) && isSpace(text[j]) {
					j++
				}
				if j < len(text) {
					emit(j)
				}
				i = j - 1
			}
		}
	}
	if start < len(text) {
		emit(len(text))
	}
	return dst
}

// splitLong appends text[start:end] as units of at most target bytes.
func splitLong(dst []unit, block int, text string, start, end, target int) []unit {
	for end-start > target {
		cut := -1
		for i := start + target - 1; i > start; i-- {
			if isSpace(text[i]) {
				cut = i + 1
				break
			}
		}
		if cut < 0 {
			cut = start + target
			for cut > start+1 && !utf8.RuneStart(text[cut]) {
				cut--
			}
		}
		dst = append(dst, unit{block, start, cut})
		start = cut
	}
	return append(dst, unit{block, start, end})
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}
