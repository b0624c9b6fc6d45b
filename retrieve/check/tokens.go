package check

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word or number of a text as the checker compares them:
// Norm is folded (lower case, ligatures spelled out, apostrophes and
// thousands separators dropped, a word hyphenated across a line joined)
// and text[Start:End] is the word as written.
type token struct {
	Norm       string
	Start, End int // byte offsets into the text tokenized
}

// ligatures are the presentation forms PDFs use for common letter pairs.
var ligatures = map[rune]string{'ﬀ': "ff", 'ﬁ': "fi", 'ﬂ': "fl", 'ﬃ': "ffi", 'ﬄ': "ffl", 'ﬅ': "st", 'ﬆ': "st"}

func isApostrophe(r rune) bool { return r == '\'' || r == '’' || r == 'ʼ' || r == '‘' }

func isHyphen(r rune) bool { return r == '-' || r == '‐' || r == '‑' || r == '–' }

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// tokenize splits text into tokens. Punctuation, quote marks and line
// breaks are not words, so a quotation matches its source however either
// sets them. A hyphen joins its two parts into one word ("long-term" is
// "longterm"), whether the word is hyphenated in the text or broken across
// a line ("compen-\nsation"), so both spellings compare equal; a hyphen
// followed by a space on the same line ("pre- and post-") does not join.
// An en dash between word characters joins the same way: typeset
// numbers ("737–8", "2018–23–51") set it where a writer types a hyphen.
// A comma or full stop between digits stays inside a number ("1,250.5" is
// "1250.5"); a soft hyphen is dropped.
func tokenize(text string) []token {
	var out []token
	var norm strings.Builder
	start := -1
	end := 0
	flush := func() {
		if start >= 0 && norm.Len() > 0 {
			out = append(out, token{Norm: norm.String(), Start: start, End: end})
		}
		norm.Reset()
		start = -1
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\u00ad': // soft hyphen
			i += size
			continue
		case isWordRune(r):
			if start < 0 {
				start = i
			}
			if l, ok := ligatures[r]; ok {
				norm.WriteString(l)
			} else {
				norm.WriteRune(unicode.ToLower(r))
			}
			i += size
			end = i
			continue
		case start >= 0 && isApostrophe(r) && nextIsLetter(text, i+size):
			i += size // "company's", "don’t": one word
			continue
		case start >= 0 && (r == ',' || r == '.') && prevIsDigit(text, i) && nextIsDigit(text, i+size):
			if r == '.' {
				norm.WriteByte('.')
			}
			i += size
			continue
		case start >= 0 && isHyphen(r):
			if j, ok := hyphenJoin(text, i+size); ok {
				i = j
				continue
			}
		}
		flush()
		i += size
	}
	flush()
	return out
}

// hyphenJoin reports whether a hyphen ending at offset i joins the word
// before it to the next, and where the next word starts: directly, or
// after a line break (with any spaces around it).
func hyphenJoin(text string, i int) (int, bool) {
	j, newline := i, false
	for j < len(text) {
		r, size := utf8.DecodeRuneInString(text[j:])
		if r == '\n' || r == '\r' {
			newline = true
		} else if r != ' ' && r != '\t' {
			break
		}
		j += size
	}
	if j > i && !newline {
		return 0, false
	}
	return j, nextIsWordRune(text, j)
}

func nextIsLetter(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return i < len(text) && unicode.IsLetter(r)
}

func nextIsWordRune(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return i < len(text) && isWordRune(r)
}

func nextIsDigit(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return i < len(text) && unicode.IsDigit(r)
}

func prevIsDigit(text string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return i > 0 && unicode.IsDigit(r)
}
