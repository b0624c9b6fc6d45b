// Scripts: text in every script is made searchable by the same units,
// wherever Archivist compares words: the FTS5 index and its queries, the
// router, the local judge, the extractive answerer and its highlights.
//
// Two things stand between a question and the words of a document.
//
// Scripts written without spaces between words — Han, Hiragana, Katakana,
// Hangul (whose spaces part phrases, with particles joined to the word),
// Thai, Lao, Khmer, Myanmar — give FTS5's unicode61 tokenizer a whole
// sentence as one token, so no word inside it can be found. Here such text
// is cut into clusters (a character with the marks written on it), runs of
// clusters of one script, and units: the overlapping pairs of clusters of a
// run ("暴风雨" is 暴风, 风雨), or the cluster alone when the run has one.
// The index holds each cluster as a token of its own (IndexText), and a
// unit is searched as a phrase of its clusters, so a word of any length is
// found inside a sentence. A pair is the unit because, without a
// dictionary, most words of these scripts are one or two characters long
// — too short for FTS5's trigram index, which cannot match fewer than three
// — and pairs are the standard dictionary-free choice; see the README for
// the measurement.
//
// Characters that look alike but differ in code — full-width forms
// ("ＡＢＣ"), ligatures ("ﬁ"), and invisible ones inside a word (the soft
// hyphen, zero-width spaces and joiners) — are folded or dropped
// (FoldRune), so "ﬁnance" finds "finance". Accents on Latin letters are
// dropped too ("café" finds "cafe"), as the index's remove_diacritics does.
//
// Nothing here changes the text a quote shows: IndexText is what the
// index reads, Locate maps a piece of it back to the text it came from.
// The package imports only the standard library and x/text.

package lang

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Class is the script of a rune, as far as cutting text into units goes.
type Class uint8

// Classes. Spaced is every script written with spaces (and everything
// else); a run of unit text never crosses a change of class, so kanji and
// the kana written after them (okurigana, particles) make runs of their
// own.
const (
	Spaced Class = iota
	Han
	Hiragana
	Katakana
	Hangul
	Thai
	Lao
	Khmer
	Myanmar
)

// ClassOf returns r's class.
func ClassOf(r rune) Class {
	switch {
	case r < 0x0E00:
		return Spaced
	case r <= 0x0E7F:
		return Thai
	case r <= 0x0EFF:
		return Lao
	case r >= 0x1000 && r <= 0x109F, r >= 0xA9E0 && r <= 0xA9FF, r >= 0xAA60 && r <= 0xAA7F:
		return Myanmar
	case r >= 0x1780 && r <= 0x17FF, r >= 0x19E0 && r <= 0x19FF:
		return Khmer
	case r < 0x1100:
		return Spaced
	case r == 0x30FC || r == 0x30FD || r == 0x30FE: // prolonged sound, iteration marks
		return Katakana
	case r == 0x3005 || r == 0x3007: // 々, 〇
		return Han
	case unicode.Is(unicode.Han, r):
		return Han
	case unicode.Is(unicode.Hiragana, r):
		return Hiragana
	case unicode.Is(unicode.Katakana, r):
		return Katakana
	case unicode.Is(unicode.Hangul, r) && unicode.IsLetter(r):
		return Hangul
	}
	return Spaced
}

// Unspaced reports whether r belongs to a script written without spaces
// between words.
func Unspaced(r rune) bool { return r >= 0x0E00 && ClassOf(r) != Spaced }

// Ignorable reports whether r is invisible inside a word: the soft hyphen,
// zero-width space, non-joiner and joiner, the word joiner, the byte order
// mark. A word is read as if they were not there.
func Ignorable(r rune) bool {
	switch r {
	case 0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF:
		return true
	}
	return false
}

// combining reports whether r is written on the cluster before it.
func combining(r rune) bool {
	return r >= 0x0300 && (unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Me, r))
}

// stacker reports whether r joins the next consonant to its cluster (the
// Myanmar virama and asat-less stacker, the Khmer coeng).
func stacker(r rune) bool { return r == 0x1039 || r == 0x17D2 }

// ClusterEnd returns the end of the cluster of unspaced text starting at
// s[i]: the rune there, the marks written on it and the ignorable
// characters among them, and a consonant a stacker joins to it.
func ClusterEnd(s string, i int) int {
	r, n := utf8.DecodeRuneInString(s[i:])
	j := i + n
	prev := r
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		switch {
		case combining(r) || Ignorable(r):
		case stacker(prev) && ClassOf(r) == ClassOf(prev):
		default:
			return j
		}
		prev = r
		j += n
	}
	return j
}

// Unit returns the unit starting at s[i], where an unspaced cluster
// starts: end is where the unit ends, next where the following unit
// starts, and ok false when no unit starts here — the cluster ends a run
// of two or more, and the unit before it covers it.
func Unit(s string, i int) (end, next int, ok bool) {
	r, _ := utf8.DecodeRuneInString(s[i:])
	c := ClassOf(r)
	e1 := ClusterEnd(s, i)
	if e1 < len(s) {
		if r2, _ := utf8.DecodeRuneInString(s[e1:]); ClassOf(r2) == c && !combining(r2) {
			return ClusterEnd(s, e1), e1, true
		}
	}
	if i > 0 && prevClass(s, i) == c {
		return e1, e1, false
	}
	return e1, e1, true
}

// prevClass returns the class of the cluster ending at s[i], skipping the
// marks written on it.
func prevClass(s string, i int) Class {
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:i])
		if !combining(r) && !Ignorable(r) {
			return ClassOf(r)
		}
		i -= n
	}
	return Spaced
}

// Units returns the units of s's unspaced text, as byte ranges of s.
func Units(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !Unspaced(r) {
			i += n
			continue
		}
		end, next, ok := Unit(s, i)
		if ok {
			out = append(out, [2]int{i, end})
		}
		i = next
	}
	return out
}

// FoldRune appends r's search form to dst: lower case, a full-width or
// half-width form as its ordinary character, a ligature as its letters, a
// Latin letter without its accents; nothing for an ignorable character.
func FoldRune(dst []byte, r rune) []byte {
	switch {
	case r < utf8.RuneSelf:
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		return append(dst, byte(r))
	case Ignorable(r):
		return dst
	case r >= 0xC0 && r <= 0x24F, r >= 0x1E00 && r <= 0x1EFF, r >= 0xFB00 && r <= 0xFB06, r >= 0xFF01 && r <= 0xFFEE:
		var buf [utf8.UTFMax]byte
		d := norm.NFKD.Append(nil, buf[:utf8.EncodeRune(buf[:], r)]...)
		for len(d) > 0 {
			c, n := utf8.DecodeRune(d)
			d = d[n:]
			if !combining(c) {
				dst = utf8.AppendRune(dst, unicode.ToLower(c))
			}
		}
		return dst
	}
	return utf8.AppendRune(dst, unicode.ToLower(r))
}

// Fold returns s in its search form (FoldRune for every rune).
func Fold(s string) string {
	if isASCIILower(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = FoldRune(b, r)
	}
	return string(b)
}

func isASCIILower(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c >= 'A' && c <= 'Z' {
			return false
		}
	}
	return true
}

// sep stands around every unspaced cluster in IndexText: a separator to
// the index's tokenizer (format characters are not part of tokens), never
// written by a person. Locate removes it.
const sep = '\u2063' // INVISIBLE SEPARATOR

// IndexText returns s as the index reads it: every unspaced cluster stands
// apart, and the characters FoldRune changes are folded (case aside: the
// tokenizer folds case itself). Text without them is returned as it is.
func IndexText(s string) string {
	out, _ := indexText(s, false)
	return out
}

// indexText is IndexText, also returning, when offsets is set, for every
// byte of the result the offset in s of the character it was made from
// (and len(s) one past the end).
func indexText(s string, offsets bool) (string, []int) {
	if !needsIndexing(s) {
		if !offsets {
			return s, nil
		}
		off := make([]int, len(s)+1)
		for i := range off {
			off[i] = i
		}
		return s, off
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	var off []int
	// write appends t, made from the character at s[src].
	write := func(t string, src int) {
		b.WriteString(t)
		for offsets && len(off) < b.Len() {
			off = append(off, src)
		}
	}
	const sepText = string(sep)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case Unspaced(r):
			end := ClusterEnd(s, i)
			write(sepText, i)
			write(widthFold(s[i:end]), i)
			write(sepText, end)
			i = end
			continue
		case Ignorable(r):
		case r >= 0xFB00 && r <= 0xFB06, r >= 0xFF01 && r <= 0xFFEE:
			// Only width and ligatures fold here: the tokenizer folds case
			// and Latin accents itself.
			write(norm.NFKC.String(s[i:i+n]), i)
		default:
			write(s[i:i+n], i)
		}
		i += n
	}
	if offsets {
		off = append(off, len(s))
	}
	return b.String(), off
}

// widthFold returns a cluster with its half-width forms as full-width ones.
func widthFold(c string) string {
	for _, r := range c {
		if r >= 0xFF01 && r <= 0xFFEE || Ignorable(r) {
			var b []byte
			for _, r := range c {
				if !Ignorable(r) {
					b = append(b, norm.NFKC.String(string(r))...)
				}
			}
			return string(b)
		}
	}
	return c
}

// needsIndexing reports whether IndexText changes s.
func needsIndexing(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if Unspaced(r) || Ignorable(r) || r >= 0xFB00 && r <= 0xFB06 || r >= 0xFF01 && r <= 0xFFEE {
			return true
		}
		i += n
	}
	return false
}

// Locate finds piece, a part of IndexText(text), in text: the byte range
// of text it was made from. ok is false when piece is not part of it.
func Locate(text, piece string) (start, end int, ok bool) {
	if i := strings.Index(text, piece); i >= 0 {
		return i, i + len(piece), true
	}
	idx, off := indexText(text, true)
	piece = strings.Trim(piece, string(sep))
	i := strings.Index(idx, piece)
	if i < 0 || piece == "" {
		return 0, 0, false
	}
	return off[i], off[i+len(piece)], true
}

// Words returns the words of s in their search form (Fold), with text of
// unspaced scripts as its units: the units a question is searched by.
// Marks stay with the letters they are written on.
func Words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(Fold(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.IsMark(r)
	}) {
		start := -1 // of the spaced text being read
		for i := 0; i < len(w); {
			r, n := utf8.DecodeRuneInString(w[i:])
			if !Unspaced(r) {
				if start < 0 && !unicode.IsMark(r) {
					start = i
				}
				i += n
				continue
			}
			if start >= 0 {
				out = append(out, w[start:i])
				start = -1
			}
			end, next, ok := Unit(w, i)
			if ok {
				out = append(out, w[i:end])
			}
			i = next
		}
		if start >= 0 {
			out = append(out, w[start:])
		}
	}
	return out
}

// PairClusters returns the two clusters of a unit that is a pair, when
// the pair is of a script whose single characters are words (Han, Thai,
// Lao, Khmer, Myanmar — not kana or Hangul, whose single syllables are
// mostly particles): a question's one-character unit meets the pairs of a
// text that hold it. ok is false for any other text.
func PairClusters(u string) (first, second string, ok bool) {
	if len(u) == 0 || u[0] < 0xE0 {
		return "", "", false
	}
	r, _ := utf8.DecodeRuneInString(u)
	switch ClassOf(r) {
	case Han, Thai, Lao, Khmer, Myanmar:
	default:
		return "", "", false
	}
	e := ClusterEnd(u, 0)
	if e >= len(u) || ClusterEnd(u, e) != len(u) {
		return "", "", false
	}
	return u[:e], u[e:], true
}
