package filing

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app/lang"
	"archivist/store"
)

// A new folder is named for a subject. A title can be too little or too
// broken to name one: a single common word ("Above", "Ouch"), a fragment
// naming a place in a document ("Heading 1", "First page", "Section one
// paragraph") or text a PDF's fonts garbled ("G > oo <NDTOnmrmnm"). Such a
// name says nothing of what the folder would hold, so it is never offered.

// Nameable reports whether name, drawn from the document s, says what a
// folder would hold: not one common word, not only words of a document's
// layout, not unreadable.
func Nameable(name string, s *store.DocumentSample) bool {
	return !unreadable(name) && !layoutOnly(name) && !oneCommonWord(name, s)
}

// layoutWords name a part of a document's layout or a placeholder, not a
// subject: a name made of them, stop words and numbers names no folder.
var layoutWords = wordSet(`heading headings subheading header headers footer footers section sections paragraph
	paragraphs page pages text texts document documents table tables figure figures line lines column columns
	footnote footnotes endnote endnotes hyperlink hyperlinks link links break breaks style styles title titles
	body list lists item items part parts chapter chapters note notes contents appendix introduction caption
	captions cell cells row rows tab tabs image images picture pictures font fonts bookmark bookmarks level levels
	example examples sample samples test tests untitled draft copy file files field fields`)

// numberWords count or order; "First page" is a place, not a subject.
var numberWords = wordSet(`one two three four five six seven eight nine ten first second third fourth fifth
	sixth seventh eighth ninth tenth last next previous i ii iii iv v vi vii viii ix x`)

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// nameWords are name's words lower-cased, without the punctuation around
// them.
func nameWords(name string) []string {
	var out []string
	for _, w := range strings.Fields(name) {
		if w = strings.ToLower(strings.Trim(w, ".,;:!?'\"“”‘’()[]-–—")); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// filler reports whether a lower-cased word says nothing of a subject.
func filler(w string) bool {
	return lang.IsStopWord(w) || layoutWords[w] || numberWords[w] || strings.IndexFunc(w, unicode.IsLetter) < 0
}

// layoutOnly reports whether every word of name is a layout word, a stop
// word or a number: "Heading 1", "section with header", "No page breaks".
func layoutOnly(name string) bool {
	for _, w := range nameWords(name) {
		if !filler(w) {
			return false
		}
	}
	return true
}

// oneCommonWord reports whether name is a single word that is not written
// as a name: a proper name is an acronym ("NICS"), holds a digit or an
// inner capital ("iPhone"), is in a script without case, or is capitalised
// in the document's text where a sentence does not start ("the Apple
// store"). A common word capitalised as a title ("Above", "Walking") is not
// a name.
func oneCommonWord(name string, s *store.DocumentSample) bool {
	words := nameWords(name)
	if len(words) != 1 {
		return false
	}
	w := words[0]
	if filler(w) {
		return true
	}
	if !strings.ContainsFunc(w, unicode.IsLower) { // no case: a script without it
		return false
	}
	var forms []string
	if s != nil {
		forms = strings.Fields(s.Title + " " + s.Filename)
	}
	for _, f := range append(forms, strings.Fields(name)...) {
		f = strings.Trim(f, ".,;:!?'\"“”‘’()[]")
		if strings.EqualFold(f, w) && writtenAsName(f) {
			return false
		}
	}
	return s == nil || !capitalisedInText(s.Text, w)
}

// writtenAsName reports whether a word's own form marks a name: all
// capitals of two letters or more, a digit, or a capital after its first
// letter.
func writtenAsName(w string) bool {
	if strings.ContainsFunc(w, unicode.IsDigit) {
		return true
	}
	if utf8.RuneCountInString(w) >= 2 && !strings.ContainsFunc(w, unicode.IsLower) {
		return true
	}
	_, size := utf8.DecodeRuneInString(w)
	return strings.ContainsFunc(w[size:], unicode.IsUpper)
}

// capitalisedInText reports whether text writes the lower-cased word w
// with a capital where no sentence starts, as a name is written.
func capitalisedInText(text, w string) bool {
	fields := strings.Fields(text)
	for i, f := range fields {
		if i == 0 || strings.ContainsAny(fields[i-1][len(fields[i-1])-1:], ".!?:") {
			continue
		}
		f = strings.Trim(f, ".,;:!?'\"“”‘’()[]")
		r, _ := utf8.DecodeRuneInString(f)
		if unicode.IsUpper(r) && strings.ToLower(f) == w {
			return true
		}
	}
	return false
}

// unreadable reports whether name reads as garbled text rather than words:
// a token of symbols alone ("<", ">"), or more than a third of its words
// not word-like (Word).
func unreadable(name string) bool {
	toks := strings.Fields(name)
	if len(toks) == 0 {
		return true
	}
	odd := 0
	for _, t := range toks {
		if strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			if t != "&" && t != "+" && t != "-" && t != "–" && t != "—" {
				return true
			}
			continue
		}
		if !wordLike(strings.Trim(t, ".,;:!?'\"“”‘’()[]")) {
			odd++
		}
	}
	return 3*odd > len(toks)
}

// wordLike reports whether a token reads as a word, a number or a name: its
// lower-case letters, if any, hold a vowel; a lone letter is "a" or "I";
// symbols other than a hyphen, an apostrophe, a dot, an ampersand or a
// slash do not sit inside it.
func wordLike(t string) bool {
	if t == "" {
		return false
	}
	letters, lower, vowel := 0, 0, false
	for _, r := range t {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsLower(r) {
				lower++
				if strings.ContainsRune("aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ", r) {
					vowel = true
				}
			}
		case unicode.IsDigit(r) || strings.ContainsRune("-'’.&", r):
		default:
			return false
		}
	}
	if letters == 1 && utf8.RuneCountInString(t) == 1 {
		return t == "a" || t == "A" || t == "I"
	}
	if lower > 0 && !vowel && letters > 3 {
		// Lower-case letters without a vowel past an abbreviation's length
		// ("Ltd", "Mr"): garbled, unless in a script without these vowels.
		return strings.ContainsFunc(t, func(r rune) bool { return unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) })
	}
	return true
}

// Subject is the words of a document's state that say what it is about:
// without stop words, layout words ("tables", "heading"), numbers and
// single letters. A
// review finds related documents by these alone — a shared common word
// ("above", "table") relates nothing — and it is "" when the state has
// none.
func Subject(state string) string {
	var keep []string
	for _, t := range lang.Tokens(state) {
		if utf8.RuneCountInString(t.Lower) > 1 && !filler(t.Lower) {
			keep = append(keep, t.Lower)
		}
	}
	return strings.Join(keep, " ")
}
