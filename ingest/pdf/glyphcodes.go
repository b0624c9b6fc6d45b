package pdf

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// Some simple fonts carry no Unicode map and name their glyphs by the
// character they show, in hexadecimal: "G44" for "D", "G6F" for "o". The
// Windows PostScript driver made such fonts (MSTT31… base names) when
// documents were printed to PDF, and assigned their codes in order of
// first use, so code 1 is whatever letter came first. PDFium knows no
// Unicode value for those names and reports the raw codes, which read as
// control characters and punctuation; poppler reads such names as
// numbers. codedFonts reads the fonts' /Differences to undo that.

// glyphCodes maps, per font base name (without its subset prefix), a
// character code PDFium reported to the character its glyph name says.
type glyphCodes map[string]map[rune]rune

// looksCoded reports whether a page's characters look like raw font codes
// rather than text: several control characters (PDFium reports a code it
// cannot map as itself, and these fonts number glyphs from 1), or mostly
// punctuation where text has letters and figures (leader dots and rules
// aside, so a contents page does not cost the font scan).
func looksCoded(runes []rune) bool {
	var controls, shown, alnum int
	for _, r := range runes {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == ' ' || strings.ContainsRune(leaders, r):
		case r < 0x20:
			controls++
			shown++
		default:
			shown++
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				alnum++
			}
		}
	}
	return controls >= 3 || shown >= 40 && 2*alnum < shown
}

// leaders are the characters a contents page or a form draws in rows
// ("Item 7 ........ 34", "Name ____"): they say nothing about the text.
const leaders = ".·•…_-–—"

// codedFonts returns the document's glyph codes, reading its fonts once
// per session; nil when none of its fonts names glyphs that way, or when
// the structure cannot be read in time.
func (s *session) codedFonts() glyphCodes {
	if !s.codesRead {
		s.codesRead = true
		s.codes = readGlyphCodes(s.data, s.password)
	}
	return s.codes
}

// glyphCodesTimeout bounds the font scan: pdfcpu cannot be interrupted,
// and the page text stays as PDFium gave it when the scan takes longer.
const glyphCodesTimeout = 5 * time.Second

// readGlyphCodes runs scanGlyphCodes under glyphCodesTimeout.
func readGlyphCodes(data []byte, password string) glyphCodes {
	codes, _ := within(glyphCodesTimeout, func() glyphCodes { return scanGlyphCodes(data, password) })
	return codes
}

// scanGlyphCodes reads every simple font of data without a /ToUnicode
// whose encoding's /Differences name glyphs "Gxx", and maps each such code
// to the character xx.
func scanGlyphCodes(data []byte, password string) (codes glyphCodes) {
	defer func() {
		if recover() != nil {
			codes = nil // pdfcpu panics on some malformed input
		}
	}()
	if !bytes.Contains(data, []byte("Differences")) && !bytes.Contains(data, []byte("/ObjStm")) {
		return nil // nothing to find, and no compressed objects to hide it
	}
	ctx, err := pdfcpuRead(data, password)
	if err != nil {
		return nil
	}
	codes = glyphCodes{}
	conflict := map[string]map[rune]bool{} // codes two same-named fonts disagree on
	for n := range ctx.XRefTable.Table {
		obj, err := ctx.FindObject(n)
		if err != nil {
			continue
		}
		d, ok := obj.(types.Dict)
		if !ok || d.NameEntry("Type") == nil || *d.NameEntry("Type") != "Font" {
			continue
		}
		name, m := fontGlyphCodes(ctx, d)
		if len(m) == 0 {
			continue
		}
		have := codes[name]
		if have == nil {
			codes[name], conflict[name] = m, map[rune]bool{}
			continue
		}
		// Two fonts share a base name: keep the codes they agree on.
		for c, r := range m {
			switch old, ok := have[c]; {
			case conflict[name][c]:
			case !ok:
				have[c] = r
			case old != r:
				delete(have, c)
				conflict[name][c] = true
			}
		}
	}
	if len(codes) == 0 {
		return nil
	}
	return codes
}

// fontGlyphCodes returns a font's base name without its subset prefix and
// its code → character map, empty unless the font is simple, has no
// /ToUnicode, and most of its /Differences names are "Gxx".
func fontGlyphCodes(ctx *model.Context, font types.Dict) (string, map[rune]rune) {
	switch sub := font.NameEntry("Subtype"); {
	case sub == nil:
		return "", nil
	case *sub != "Type1" && *sub != "MMType1" && *sub != "TrueType":
		return "", nil
	}
	if _, ok := font.Find("ToUnicode"); ok {
		return "", nil
	}
	base := font.NameEntry("BaseFont")
	if base == nil {
		return "", nil
	}
	name := *base
	if i := strings.IndexByte(name, '+'); i == 6 {
		name = name[i+1:]
	}
	encObj, ok := font.Find("Encoding")
	if !ok {
		return "", nil
	}
	enc, err := ctx.DereferenceDict(encObj)
	if err != nil || enc == nil {
		return "", nil
	}
	diffs, err := ctx.DereferenceArray(enc["Differences"])
	if err != nil {
		return "", nil
	}
	m := map[rune]rune{}
	names, code := 0, -1
	for _, o := range diffs {
		switch v := o.(type) {
		case types.Integer:
			code = v.Value()
		case types.Name:
			if code < 0 || code > 255 {
				return "", nil
			}
			names++
			if r, ok := hexGlyph(string(v)); ok {
				m[rune(code)] = r
			}
			code++
		}
	}
	if names == 0 || 2*len(m) < names {
		return "", nil
	}
	return name, m
}

// hexGlyph reads a glyph name "Gxx" (two hexadecimal digits) as the
// Windows-1252 character xx.
func hexGlyph(name string) (rune, bool) {
	if len(name) != 3 || name[0] != 'G' {
		return 0, false
	}
	v, err := strconv.ParseUint(name[1:], 16, 8)
	if err != nil || v < 0x20 {
		return 0, false
	}
	if v >= 0x80 && v < 0xA0 {
		r := cp1252[v-0x80]
		return r, r != 0
	}
	return rune(v), true
}

// cp1252 is Windows-1252's 0x80–0x9F, which differ from Latin-1; 0 where
// it has no character.
var cp1252 = [32]rune{
	'€', 0, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0, 'Ž', 0,
	0, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0, 'ž', 'Ÿ',
}
