package check

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// qword is one word of a quotation as the aligner reads it. Gap says the
// writer left something out just before it (an ellipsis, or words of
// their own in brackets), so any run of the source's words may stand
// there.
type qword struct {
	token
	Gap bool
}

// gapMark stands for an omission in the cleaned quotation; it is not a
// word character, so the tokenizer splits at it.
const gapMark = '\x01'

var (
	reEllipsis = regexp.MustCompile(`\[\s*(?:\.\s*){3}\]|\[\s*…\s*\]|(?:\.\s*){2}\.|…`)
	reBracket  = regexp.MustCompile(`\[([^\[\]]*)\]`)
)

// quoteWords reads a quotation: its words, each omission (an ellipsis
// "…", "...", ". . .", "[…]") a gap before the next word; a bracket inside
// a word ("[t]he", "agree[d]") stands for the original's letters and is
// read as its letters, case folded as every word is; "[sic]" is nothing;
// a bracket of whole words is the writer's substitute for the original's
// and is a gap. It returns the cleaned text the words' offsets refer to.
func quoteWords(q string) ([]qword, string) {
	s := reEllipsis.ReplaceAllString(q, " "+string(gapMark)+" ")
	var b strings.Builder
	last := 0
	for _, m := range reBracket.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		inner := s[m[2]:m[3]]
		switch {
		case strings.EqualFold(strings.TrimSpace(inner), "sic"):
		case touchesWord(s, m[0], m[1]):
			b.WriteString(inner)
		default:
			b.WriteString(" " + string(gapMark) + " ")
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	clean := b.String()
	var out []qword
	prev := 0
	for _, t := range tokenize(clean) {
		out = append(out, qword{token: t, Gap: strings.ContainsRune(clean[prev:t.Start], gapMark)})
		prev = t.End
	}
	return out, clean
}

// touchesWord reports whether text[start:end] has a letter directly
// before or after it: it alters part of a word.
func touchesWord(text string, start, end int) bool {
	if start > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:start]); unicode.IsLetter(r) {
			return true
		}
	}
	if end < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[end:]); unicode.IsLetter(r) {
			return true
		}
	}
	return false
}
