package lang

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Token is one word or number of a text.
type Token struct {
	Lower   string // lower-case surface form; numbers without grouping commas
	Stem    string // Porter stem of Lower (numbers and mixed tokens as is)
	Start   int    // byte offsets of the surface form in the text
	End     int
	Cap     bool // starts with an upper-case letter in the text
	AllCaps bool // two or more letters, all upper-case
	Num     bool // contains a digit
}

// Tokens splits s into words and numbers, and text of scripts written
// without spaces into its units (Unit: overlapping pairs of
// characters), so that the index, the router, the judge and the answerer
// compare the same units. Letters and digits run together
// ("fy2022", "3m"); an ampersand between short letter runs joins them
// ("R&D", "PP&E"); digits keep their decimal point and lose their grouping
// commas ("1,234.5" is "1234.5"); a possessive "'s" is dropped.
func Tokens(s string) []Token {
	out := make([]Token, 0, len(s)/6)
	sc := scanner{s: s, buf: make([]byte, 0, 32)}
	for sc.next() {
		lower := string(sc.buf)
		out = append(out, Token{Lower: lower, Stem: stemOf(lower, sc.digit), Start: sc.start, End: sc.end,
			Cap: sc.cap0, AllCaps: sc.letters >= 2 && sc.caps == sc.letters, Num: sc.digit})
	}
	return out
}

// scanner walks a text token by token without allocating: after next
// returns true, buf holds the token's lower-case form (Token.Lower) and
// the other fields describe it.
type scanner struct {
	s   string
	i   int    // byte offset where the next token's search starts
	buf []byte // lower-case form of the current token

	start, end    int // byte offsets of the current token
	caps, letters int
	cap0, digit   bool
}

func (sc *scanner) next() bool {
	s, i := sc.s, sc.i
	for i < len(s) {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if isWordRune(r) {
			break
		}
		i += size
	}
	if i >= len(s) {
		sc.i = i
		return false
	}
	if s[i] >= 0xE0 {
		if r, _ := utf8.DecodeRuneInString(s[i:]); Unspaced(r) {
			return sc.unit(i)
		}
	}
	start := i
	buf := sc.buf[:0]
	caps, letters := 0, 0
	first := true
	cap0, digit := false, false
scan:
	for i < len(s) {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			buf = append(buf, c)
			letters++
			if first {
				first = false
			}
			i++
			continue
		case c >= 'A' && c <= 'Z':
			buf = append(buf, c+'a'-'A')
			letters++
			caps++
			if first {
				cap0, first = true, false
			}
			i++
			continue
		case c >= '0' && c <= '9':
			buf = append(buf, c)
			digit = true
			first = false
			i++
			continue
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if Ignorable(r) && i+size < len(s) && wordRuneAt(s, i+size) {
				i += size // a soft hyphen or zero-width character inside a word
				continue
			}
			if unicode.IsMark(r) && i > start && !Unspaced(r) {
				// A vowel sign or virama (Devanagari, Bengali, …) is part
				// of its word.
				buf = utf8.AppendRune(buf, r)
				i += size
				continue
			}
			if !isWordRune(r) || Unspaced(r) {
				break scan
			}
			if first {
				cap0 = unicode.IsUpper(r)
				first = false
			}
			if unicode.IsLetter(r) {
				letters++
				if unicode.IsUpper(r) {
					caps++
				}
			} else {
				digit = true
			}
			buf = FoldRune(buf, r) // no accents, ordinary widths, ligatures spelt out
			i += size
			continue
		case (c == ',' || c == '.') && digit && i+1 < len(s) && isDigit(s[i+1]) && i > start && isDigit(s[i-1]):
			// 1,234 and 3.75 stay one number; a comma joins only
			// groups of three digits.
			if c == ',' && !(i+4 <= len(s) && allDigits(s[i+1:i+4]) && (i+4 == len(s) || !isDigit(s[i+4]))) {
				break scan
			}
			if c == '.' {
				buf = append(buf, '.')
			}
			i++
			continue
		case c == '&' && letters > 0 && letters <= 3 && i+1 < len(s) && isLetterByte(s[i+1]) && shortRunAt(s, i+1):
			buf = append(buf, '&')
			i++
			continue
		}
		break
	}
	sc.buf, sc.start, sc.end = buf, start, i
	sc.caps, sc.letters, sc.cap0, sc.digit = caps, letters, cap0, digit
	// A possessive: skip "'s" / "’s".
	if i < len(s) {
		if r, size := utf8.DecodeRuneInString(s[i:]); r == '\'' || r == '’' {
			j := i + size
			if j < len(s) && (s[j] == 's' || s[j] == 'S') && (j+1 == len(s) || !isWordRune(rune(s[j+1]))) {
				i = j + 1
			}
		}
	}
	sc.i = i
	return true
}

// unit reads the unit of unspaced text (Unit) at s[i], or the
// next token when none starts there. Its form is the pair of clusters;
// its span, the first of them.
func (sc *scanner) unit(i int) bool {
	s := sc.s
	for {
		end, next, ok := Unit(s, i)
		if ok {
			buf := sc.buf[:0]
			for _, r := range s[i:end] {
				buf = FoldRune(buf, r)
			}
			// The span is the unit's first cluster, so that tokens never
			// overlap (the gaps between them are read as text).
			sc.buf, sc.start, sc.end, sc.i = buf, i, next, next
			sc.caps, sc.letters, sc.cap0, sc.digit = 0, 1, false, false
			return true
		}
		if i = next; i >= len(s) {
			sc.i = i
			return false
		}
		if r, _ := utf8.DecodeRuneInString(s[i:]); !Unspaced(r) {
			sc.i = i
			return sc.next()
		}
	}
}

// wordRuneAt reports whether a word rune starts at s[i].
func wordRuneAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isWordRune(r)
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isLetterByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// shortRunAt reports whether the letter run at s[i:] is at most 3 letters.
func shortRunAt(s string, i int) bool {
	n := 0
	for i < len(s) && isLetterByte(s[i]) {
		n++
		i++
	}
	return n <= 3
}

// stemCache maps a lower-case word to its stem: stemming is the costly
// part of tokenizing, and an archive's vocabulary of words (numbers aside)
// is bounded. A plain map under a read-write lock, because looking up
// string(bytes) in one allocates nothing.
var (
	stemMu    sync.RWMutex
	stemCache = map[string]string{}
)

func stemOf(lower string, digit bool) string {
	if digit || len(lower) <= 2 {
		return lower
	}
	stemMu.RLock()
	st, ok := stemCache[lower]
	stemMu.RUnlock()
	if ok {
		return st
	}
	return storeStem(lower)
}

// storeStem computes and caches the stem of the word lower.
func storeStem(lower string) string {
	st := lower
	if len(lower) > 2 {
		st = Stem(lower)
	}
	stemMu.Lock()
	stemCache[lower] = st
	stemMu.Unlock()
	return st
}

// IsStopWord reports whether a lower-case word says nothing about where an
// answer is: English function words and question words. It is the one stop
// list of a question's words: the FTS5 terms (retrieve/fts), routing and
// the extractive answerer read it.
func IsStopWord(w string) bool { return stopWords[w] }

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because
	been before being below between both but by can could did do does doing down during each few for from
	further had has have having he her here hers herself him himself his how i if in into is it its itself
	just me more most my myself no nor not now of off on once only or other our ours ourselves out over own
	same she should so some such than that the their theirs them themselves then there these they this those
	through to too under until up very was we were what when where which while who whom why will with would
	you your yours yourself yourselves tell show give find please say said says also may might must shall
	whats isn aren doesn don ll re ve s t d m many much often use using used based according per
	answer question respond response provide following document report details detail information
	directly write format round rounded decimal decimals places place unit units term terms
	calculate calculation compute primarily mainly rely relying relied best abilities ability approach
	e g ie etc among explain relevant useful perspective standpoint judgments judgment basing utilize
	utilizing outlined clearly shown provided referencing taking account asked roughly`) {
		m[w] = true
	}
	return m
}()
