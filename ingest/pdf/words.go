package pdf

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// box is a rectangle in display space: points, origin top-left, after the
// page's rotation; x0 < x1 and y0 < y1.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) w() float64 { return b.x1 - b.x0 }
func (b box) h() float64 { return b.y1 - b.y0 }

// union returns the smallest box holding b and o.
func (b box) union(o box) box {
	return box{math.Min(b.x0, o.x0), math.Min(b.y0, o.y0), math.Max(b.x1, o.x1), math.Max(b.y1, o.y1)}
}

// vOverlap returns how far b and o overlap vertically, in points.
func (b box) vOverlap(o box) float64 {
	return math.Min(b.y1, o.y1) - math.Max(b.y0, o.y0)
}

// word is one word on a page with its loose box in the page's text frame
// (display space turned so the text runs left to right; see geom.q).
type word struct {
	text string
	box
	size float64 // font size of its first character, points
	bold bool
	// across: set at right angles to the page's lines, as an arXiv
	// identifier running up the margin (see acrossRuns).
	across bool
	// field: the word is from the page's nth annotation (a form field's
	// value, a note; see annots.go), from 1; 0 for the page's own text.
	field int
}

// Word grouping thresholds, pdfplumber's defaults (x_tolerance and
// y_tolerance of 3 pt).
const (
	wordGapPt  = 3.0 // a horizontal gap wider than this starts a new word
	baselinePt = 3.0 // a baseline moving more than this starts a new word
)

// boldWeight is the font weight from which a word counts as bold.
const boldWeight = 600

// pageWords reads the words of one page: the text in one call, the loose
// box of every character, and grouping pdfplumber-style (whitespace, a gap
// over 3 pt, a baseline jump over 3 pt).
func (s *session) pageWords(page requests.Page, g *geom) ([]word, error) {
	lp, err := s.inst.FPDFText_LoadPage(&requests.FPDFText_LoadPage{Page: page})
	if err != nil {
		return nil, err
	}
	tp := lp.TextPage
	defer s.inst.FPDFText_ClosePage(&requests.FPDFText_ClosePage{TextPage: tp})
	cc, err := s.inst.FPDFText_CountChars(&requests.FPDFText_CountChars{TextPage: tp})
	if err != nil || cc.Count <= 0 {
		return nil, err
	}
	n := cc.Count
	runes, err := s.pageRunes(tp, n)
	if err != nil {
		return nil, err
	}
	if looksCoded(runes) {
		if codes := s.codedFonts(); codes != nil {
			s.decodeGlyphs(tp, runes, codes)
		}
	}
	boxes := make([]box, n)
	if err := s.charBoxes(tp, g, runes, boxes); err != nil {
		return nil, err
	}
	g.q = textDirection(runes, boxes)
	if g.q != 0 {
		for i := range boxes {
			if boxes[i] != (box{}) {
				boxes[i] = g.toText(boxes[i])
			}
		}
	}

	across := acrossRuns(runes, boxes)
	var (
		words []word
		cur   strings.Builder
		start = -1 // char index of the current word's first char
		wb    box  // the current word's box
		last  box  // the previous char's box
	)
	flush := func() {
		if start >= 0 && cur.Len() > 0 {
			words = append(words, word{text: cur.String(), box: wb, size: float64(start), across: across[start]})
		}
		cur.Reset()
		start = -1
	}
	// broken[k]: words[k] ends where PDFium found a hyphen breaking a word
	// at the end of a line (it reports U+FFFE without a box).
	broken := map[int]bool{}
	for i, r := range runes {
		b := boxes[i]
		if r == softBreak && start >= 0 {
			flush()
			broken[len(words)-1] = true
			continue
		}
		if isSpace(r) || b.w() <= 0 && b.h() <= 0 {
			flush()
			continue
		}
		if start >= 0 && across[i] != across[start] {
			flush()
		}
		if start >= 0 && !across[i] && (b.x0 > last.x1+wordGapPt || b.x0 < last.x0-wordGapPt ||
			math.Abs(b.y1-last.y1) > baselinePt) {
			flush()
		}
		if start < 0 {
			start, wb = i, b
		} else {
			wb = wb.union(b)
		}
		writeRune(&cur, r)
		last = b
	}
	flush()
	// The first char's index rode in size; now fetch the real font data.
	for i := range words {
		idx := int(words[i].size)
		words[i].size, words[i].bold = s.charFont(tp, idx)
		if words[i].size <= 0 {
			words[i].size = words[i].h() / 1.15
		}
	}
	return joinSmallCaps(joinBroken(words, broken)), nil
}

// joinSmallCaps joins a word's large initial capital to the small
// capitals that follow it ("R" + "ESORTS"): set as two runs of text with a
// gap as wide as a word space, the name read "MGM R ESORTS I NTERNATIONAL".
// A small-caps word is all capitals, on the same baseline, set smaller,
// and starts within a third of the capital's height.
func joinSmallCaps(words []word) []word {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		if i+1 < len(words) && smallCapsAfter(w, words[i+1]) {
			next := words[i+1]
			w.text += next.text
			w.box = w.union(next.box)
			i++
		}
		out = append(out, w)
	}
	return out
}

// smallCapsAfter reports whether next continues w as the small capitals
// of a word whose initial w is.
func smallCapsAfter(w, next word) bool {
	r, n := utf8.DecodeRuneInString(w.text)
	if n != len(w.text) || !unicode.IsUpper(r) || w.across || next.across || utf8.RuneCountInString(next.text) < 2 {
		return false
	}
	for _, c := range next.text {
		if !unicode.IsUpper(c) {
			return false
		}
	}
	gap := next.x0 - w.x1
	return next.h() < 0.85*w.h() && math.Abs(next.y1-w.y1) < 0.15*w.h() && gap > -0.5 && gap < w.h()/3
}

// continues reports whether next can be the rest of a word broken at the
// end of w's line: on the line below (within half a line of it), starting
// left of where w starts, and neither set at right angles to the lines.
func continues(w, next word) bool {
	return !w.across && !next.across && next.y0 > w.y0 && next.y0-w.y1 <= 0.5*w.h() && next.x0 < w.x0
}

// softBreak is what PDFium reports for a hyphen that breaks a word at the
// end of a line.
const softBreak = 0xFFFE

// joinBroken puts each word broken at a line end back together at the
// start of the next line: "ex-" + "hibit" is "exhibit" and "AB-" +
// "STRACTION" is "ABSTRACTION" where the hyphen only broke the word;
// "GPT-" + "4" and "Self-" + "Refine" keep it. Split, neither half
// matched the word a reader searches for, and two-column papers break a
// word every few lines. The whole word takes the second half's box, so
// the next line still starts where it did (it would read as indented);
// the first line ends a word early.
func joinBroken(words []word, broken map[int]bool) []word {
	return joinBrokenBy(words, broken, continues)
}

// joinBrokenBy is joinBroken with cont telling whether a word goes on at
// the start of the next.
func joinBrokenBy(words []word, broken map[int]bool, cont func(w, next word) bool) []word {
	if len(broken) == 0 {
		return words
	}
	out := words[:0]
	for i := 0; i < len(words); i++ {
		w := words[i]
		for broken[i] && i+1 < len(words) && cont(w, words[i+1]) {
			next := words[i+1]
			last, _ := utf8.DecodeLastRuneInString(w.text)
			first, _ := utf8.DecodeRuneInString(next.text)
			if unicode.IsLower(last) && unicode.IsLower(first) || unicode.IsUpper(last) && unicode.IsUpper(first) {
				next.text = w.text + next.text
			} else {
				next.text = w.text + "-" + next.text
			}
			w = next
			i++
		}
		out = append(out, w)
	}
	return out
}

// minAcrossRun is how many characters in a row set at right angles to the
// page's lines make a run of such text; fewer are left in the lines.
const minAcrossRun = 5

// acrossRuns marks the characters of runs set at right angles to the
// page's lines: each steps from the one before along the line's normal
// rather than along the line (no line break between them), and their boxes
// lie on their side, wider than tall, as turned glyphs do. Read as part of
// the lines, such a run — an arXiv identifier up the margin, a turned
// column label — became a stack of one-letter words that glued itself to
// the body's lines and broke the page's columns.
func acrossRuns(runes []rune, boxes []box) []bool {
	across := make([]bool, len(runes))
	start, prev, n, sideways := -1, -1, 0, 0
	end := func() {
		if n >= minAcrossRun && 5*sideways >= 4*n {
			for i := start; i <= prev; i++ {
				across[i] = boxes[i] != (box{}) && !isSpace(runes[i])
			}
		}
		start, n, sideways = -1, 0, 0
	}
	for i, r := range runes {
		b := boxes[i]
		if r == '\n' || r == '\r' {
			end()
			prev = -1
			continue
		}
		if isSpace(r) || b == (box{}) {
			continue
		}
		if prev >= 0 && start >= 0 && !stepsAcross(boxes[prev], b) {
			end()
		}
		if start < 0 {
			start = i
		}
		n++
		if b.w() > b.h() {
			sideways++
		}
		prev = i
	}
	end()
	return across
}

// stepsAcross reports whether b follows a along the normal of the page's
// lines: its centre moves mostly vertically, by about a glyph.
func stepsAcross(a, b box) bool {
	dx := math.Abs((b.x0 + b.x1 - a.x0 - a.x1) / 2)
	dy := math.Abs((b.y0 + b.y1 - a.y0 - a.y1) / 2)
	return dy > 2*dx && dy <= 2*math.Max(a.h(), b.h())+2
}

// textDirection returns how most of a page's text runs in display space,
// in quarter turns clockwise (see geom.q), from the steps between
// consecutive characters.
func textDirection(runes []rune, boxes []box) int {
	var votes [4]float64
	for i := 1; i < len(runes); i++ {
		a, b := boxes[i-1], boxes[i]
		if isSpace(runes[i-1]) || isSpace(runes[i]) || a == (box{}) || b == (box{}) {
			continue
		}
		dx := (b.x0 + b.x1 - a.x0 - a.x1) / 2
		dy := (b.y0 + b.y1 - a.y0 - a.y1) / 2
		switch {
		case math.Abs(dx) >= math.Abs(dy) && dx > 0:
			votes[0] += dx
		case math.Abs(dx) >= math.Abs(dy):
			votes[2] -= dx
		case dy > 0:
			votes[1] += dy
		default:
			votes[3] -= dy
		}
	}
	best := 0
	for q := 1; q < 4; q++ {
		if votes[q] > 2*votes[best] {
			best = q
		}
	}
	return best
}

// pageRunes returns the n characters of the text page, one rune each.
func (s *session) pageRunes(tp references.FPDF_TEXTPAGE, n int) ([]rune, error) {
	t, err := s.inst.FPDFText_GetText(&requests.FPDFText_GetText{TextPage: tp, Count: n})
	if err != nil {
		return nil, err
	}
	// PDFium writes one UTF-16 character (a surrogate pair outside the
	// BMP) per char index, so the runes line up with the indexes unless a
	// char has no Unicode value; then ask char by char.
	if utf8.RuneCountInString(t.Text) == n {
		return []rune(t.Text), nil
	}
	runes := make([]rune, n)
	for i := range runes {
		u, err := s.inst.FPDFText_GetUnicode(&requests.FPDFText_GetUnicode{TextPage: tp, Index: i})
		if err != nil {
			return nil, err
		}
		runes[i] = rune(u.Unicode)
	}
	return runes, nil
}

// decodeGlyphs replaces each character PDFium could not map to Unicode,
// and so reported as its raw code, with the character its font's glyph
// name says (see glyphCodes).
func (s *session) decodeGlyphs(tp references.FPDF_TEXTPAGE, runes []rune, codes glyphCodes) {
	for i, r := range runes {
		if r > 0xFF {
			continue
		}
		bad, err := s.inst.FPDFText_HasUnicodeMapError(&requests.FPDFText_HasUnicodeMapError{TextPage: tp, Index: i})
		if err != nil || !bad.HasUnicodeMapError {
			continue
		}
		fi, err := s.inst.FPDFText_GetFontInfo(&requests.FPDFText_GetFontInfo{TextPage: tp, Index: i})
		if err != nil {
			continue
		}
		if u, ok := codes[strings.TrimRight(fi.FontName, "\x00")][r]; ok {
			runes[i] = u
		}
	}
}

// charBoxes fills out with the loose box of every character, in display
// space. Whitespace gets no box (it only splits words).
func (s *session) charBoxes(tp references.FPDF_TEXTPAGE, g *geom, runes []rune, out []box) error {
	if s.fast != nil {
		if err := s.fast.looseBoxes(tp, g, runes, out); err == nil {
			return nil
		}
		s.fast = nil // fall back for the rest of the document
	}
	for i, r := range runes {
		if isSpace(r) {
			continue
		}
		res, err := s.inst.FPDFText_GetLooseCharBox(&requests.FPDFText_GetLooseCharBox{TextPage: tp, Index: i})
		if err != nil {
			continue // a char without a box only splits words
		}
		rc := res.Rect
		out[i] = g.rect(float64(rc.Left), float64(rc.Top), float64(rc.Right), float64(rc.Bottom))
	}
	return nil
}

// charFont returns the font size (points, as printed: the Tf size scaled
// by the text and graphics matrices) and boldness of char i. Many
// producers set "1 Tf" and scale with the matrix, so the Tf size alone
// means nothing.
func (s *session) charFont(tp references.FPDF_TEXTPAGE, i int) (size float64, bold bool) {
	if s.fast != nil {
		if size, weight, name, flags, ok := s.fast.font(tp, i); ok {
			return size, isBold(weight, name, flags)
		}
	}
	if r, err := s.inst.FPDFText_GetFontSize(&requests.FPDFText_GetFontSize{TextPage: tp, Index: i}); err == nil {
		size = r.FontSize
	}
	if r, err := s.inst.FPDFText_GetMatrix(&requests.FPDFText_GetMatrix{TextPage: tp, Index: i}); err == nil {
		m := r.Matrix
		size *= matrixScale(float64(m.A), float64(m.B), float64(m.C), float64(m.D))
	}
	weight, name, flags := -1, "", 0
	if r, err := s.inst.FPDFText_GetFontWeight(&requests.FPDFText_GetFontWeight{TextPage: tp, Index: i}); err == nil {
		weight = r.FontWeight
	}
	if r, err := s.inst.FPDFText_GetFontInfo(&requests.FPDFText_GetFontInfo{TextPage: tp, Index: i}); err == nil && len(r.FontName) < fontNameMax {
		name, flags = strings.TrimRight(r.FontName, "\x00"), r.Flags
	}
	return size, isBold(weight, name, flags)
}

// forceBold is the font descriptor flag that makes a font bold.
const forceBold = 1 << 18

// isBold decides boldness from a font's weight, name and flags: many
// fonts give no weight ("Times New Roman,Bold" often says -1 or 400).
func isBold(weight int, name string, flags int) bool {
	if weight >= boldWeight || flags&forceBold != 0 {
		return true
	}
	n := strings.ToLower(name)
	if i := strings.IndexByte(n, '+'); i >= 0 {
		n = n[i+1:] // subset prefix, "ABCDEF+"
	}
	for _, w := range []string{"bold", "black", "heavy", "semibd", "demi"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// matrixScale returns the vertical scale of a text matrix: the length
// its y axis is stretched to.
func matrixScale(a, b, c, d float64) float64 {
	s := math.Hypot(c, d)
	if s == 0 || math.IsNaN(s) {
		return 1
	}
	return s
}

// isSpace reports whether r separates words. PDFium also emits control
// characters for generated line breaks.
func isSpace(r rune) bool {
	return r < 0x20 || unicode.IsSpace(r) || r == 0xFFFE || r == 0xFEFF
}

// writeRune appends r, expanding typographic ligatures so words match what
// a person types (and what other extractors print).
func writeRune(b *strings.Builder, r rune) {
	switch r {
	case 0xFB00:
		b.WriteString("ff")
	case 0xFB01:
		b.WriteString("fi")
	case 0xFB02:
		b.WriteString("fl")
	case 0xFB03:
		b.WriteString("ffi")
	case 0xFB04:
		b.WriteString("ffl")
	case 0xFB05, 0xFB06:
		b.WriteString("st")
	case 0xAD: // soft hyphen, kept as the hyphen it shows as
		b.WriteByte('-')
	default:
		b.WriteRune(r)
	}
}
