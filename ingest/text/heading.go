package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxHeading is the longest line, in characters, that may be a heading
// without a setext underline.
const maxHeading = 80

// maxSetextHeading is the longest line that an underline makes a heading.
const maxSetextHeading = 120

// heading is what classify makes of a line that may be a heading.
type heading struct {
	level     int
	listKey   int  // for numbered lines: the numbering depth (roman: romanKey), else 0
	titleCase bool // only Title Case speaks for it
}

// maxPunctHeadingWords is the most words a numbered heading ending in
// punctuation may have after its number; past that it reads as a sentence.
const maxPunctHeadingWords = 6

// romanKey is the listKey of roman-numbered lines.
const romanKey = 100

// smallWords may stay lower case in a Title Case heading.
var smallWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "nor": true, "but": true,
	"of": true, "in": true, "on": true, "at": true, "to": true, "for": true, "by": true,
	"from": true, "with": true, "into": true, "onto": true, "as": true, "per": true,
	"vs": true, "via": true, "over": true, "under": true, "upon": true, "than": true,
	"de": true, "la": true, "le": true, "du": true, "der": true, "die": true, "das": true,
	"und": true, "von": true, "van": true,
}

// chapterWords open a "Chapter 3" or "PART IV." heading.
var chapterWords = map[string]bool{
	"chapter": true, "part": true, "book": true, "section": true, "appendix": true,
}

// classify reports whether a single-line paragraph may be a heading, and of
// which kind. Whether it is one also depends on its neighbours (resolve).
func classify(line string) (heading, bool) {
	t := strings.TrimSpace(line)
	if t == "" || utf8.RuneCountInString(t) > maxHeading || !startsLikeText(t) {
		return heading{}, false
	}
	if depth, roman, ok := numbered(t); ok {
		if roman {
			return heading{level: 1, listKey: romanKey}, true
		}
		return heading{level: min(depth, 6), listKey: depth}, true
	}
	if chapter(t) {
		return heading{level: 1}, true
	}
	if endsInPunct(t) {
		return heading{}, false
	}
	if allCaps(t) {
		return heading{level: 1}, true
	}
	if titleCase(t) {
		return heading{level: 2, titleCase: true}, true
	}
	return heading{}, false
}

// setextText reports whether a line above an underline may be a heading.
func setextText(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" {
		return false
	}
	return startsLikeText(t) && utf8.RuneCountInString(t) <= maxSetextHeading && !endsInPunct(t)
}

// underline returns 1 for a line of only "=", 2 for a line of only "-"
// (at least three, trailing spaces allowed), else 0.
func underline(line string) int {
	t := strings.TrimRight(line, " \t")
	if len(t) < 3 {
		return 0
	}
	c := t[0]
	if c != '=' && c != '-' {
		return 0
	}
	for i := 1; i < len(t); i++ {
		if t[i] != c {
			return 0
		}
	}
	if c == '=' {
		return 1
	}
	return 2
}

// bodyLike reports whether a paragraph reads as body text rather than as a
// label: several lines, a long line, or one ending like a sentence.
func bodyLike(text string, single bool) bool {
	if !single {
		return true
	}
	t := strings.TrimSpace(text)
	if utf8.RuneCountInString(t) > maxHeading {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(`.!?:;,)"'”’…`, r)
}

// sentenceBreak reports whether t holds the end of a sentence before its
// own end: two sentences are body text, not a heading.
func sentenceBreak(t string) bool {
	return strings.Contains(t, ". ") || strings.Contains(t, "? ") || strings.Contains(t, "! ")
}

func endsInPunct(t string) bool {
	switch t[len(t)-1] {
	case '.', ',', ';', ':':
		return true
	}
	return false
}

// startsLikeText reports whether t opens with a letter, a digit or an
// opening quote or parenthesis: not with a list bullet, a quote marker,
// markup or a rule.
func startsLikeText(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(`"'(“‘`, r)
}

// numbered reports whether t starts "1. ", "2.3 ", "2.3.1. " or "IV. "
// followed by a capitalised word, with the numbering depth.
func numbered(t string) (depth int, roman, ok bool) {
	i := 0
	if n := romanPrefix(t); n > 0 && n+1 < len(t) && t[n] == '.' {
		i, roman, depth = n+1, true, 1
	} else {
		for {
			j := i
			for j < len(t) && j-i < 4 && t[j] >= '0' && t[j] <= '9' {
				j++
			}
			if j == i || j-i > 3 {
				return 0, false, false
			}
			depth++
			i = j
			if i < len(t) && t[i] == '.' {
				i++
				if i < len(t) && t[i] >= '0' && t[i] <= '9' {
					continue
				}
			} else if depth == 1 {
				// A lone "1 " is too often a count, not a number.
				return 0, false, false
			}
			break
		}
	}
	if i >= len(t) || t[i] != ' ' && t[i] != '\t' {
		return 0, false, false
	}
	rest := strings.TrimLeft(t[i:], " \t")
	r, _ := utf8.DecodeRuneInString(rest)
	if !unicode.IsUpper(r) || sentenceBreak(rest) {
		return 0, false, false
	}
	// Ending like a sentence is allowed only to a short label: "1. Scope."
	if endsInPunct(rest) && len(strings.Fields(rest)) > maxPunctHeadingWords {
		return 0, false, false
	}
	return depth, roman, true
}

// romanPrefix returns the length of a leading upper-case roman numeral
// made of I, V, X, L and C (at most 7 letters), or 0.
func romanPrefix(t string) int {
	n := 0
	for n < len(t) && n < 8 && strings.IndexByte("IVXLC", t[n]) >= 0 {
		n++
	}
	if n > 7 {
		return 0
	}
	return n
}

// chapter reports whether t is like "Chapter 3", "PART IV." or
// "Appendix B: Tables" (a chapter word, then a number, a numeral or a
// single letter).
func chapter(t string) bool {
	f := strings.Fields(t)
	if len(f) < 2 || !chapterWords[strings.ToLower(f[0])] {
		return false
	}
	r, _ := utf8.DecodeRuneInString(f[0])
	if !unicode.IsUpper(r) {
		return false
	}
	n := strings.TrimRight(f[1], ".:")
	if n == "" {
		return false
	}
	if allDigits(n) && len(n) <= 3 || romanPrefix(n) == len(n) && len(n) <= 7 {
		return true
	}
	return len(n) == 1 && n[0] >= 'A' && n[0] <= 'Z'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// allCaps reports whether t has no lower-case letter, at least two words
// with letters in them and at least four upper-case letters.
func allCaps(t string) bool {
	upper, words := 0, 0
	for _, w := range strings.Fields(t) {
		letters := false
		for _, r := range w {
			switch {
			case unicode.IsLower(r):
				return false
			case unicode.IsUpper(r):
				upper++
				letters = true
			case unicode.IsLetter(r):
				// Uncased scripts say nothing either way.
				return false
			}
		}
		if letters {
			words++
		}
	}
	return words >= 2 && upper >= 4
}

// titleCase reports whether t is two to twelve words whose first word and
// every word but a few small ones start with a capital, and which reads as
// one phrase (no sentence break inside).
func titleCase(t string) bool {
	if sentenceBreak(t) || strings.Contains(t, "://") || strings.ContainsRune(t, '@') || copyright(t) {
		return false
	}
	words := strings.Fields(t)
	if len(words) < 2 || len(words) > 12 {
		return false
	}
	caps := 0
	for i, w := range words {
		w = strings.TrimLeft(w, `("'“‘[`)
		r, _ := utf8.DecodeRuneInString(w)
		switch {
		case unicode.IsUpper(r):
			caps++
		case unicode.IsLower(r):
			if i == 0 || !smallWords[strings.ToLower(strings.TrimRight(w, `.,;:)"'”’]`))] {
				return false
			}
		case unicode.IsLetter(r):
			return false
		case i == 0 && !unicode.IsDigit(r):
			return false
		}
	}
	return caps >= 2
}

// copyright reports whether t is a copyright notice, which is written in
// Title Case but is no heading.
func copyright(t string) bool {
	return strings.HasPrefix(t, "Copyright") || strings.Contains(t, "©") || strings.Contains(t, "(C)") ||
		strings.Contains(t, "(c)")
}
