package answer

import (
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// A company names its parts by extending its own name: "Verizon Business
// Group", "Walmart International", "PwC Legal", "Microsoft Cloud". A
// sentence whose every mention of the name the question gives is so
// extended states the part's figure ("PwC Legal … in over 100
// countries"), not the company's the question asks — unless the document
// titles the company so ("JPMorgan Chase & Co." is JPMorgan's name, not a
// part of it), or the question writes the extension itself.

// partNamed returns the extended name ("PwC Legal") by which text speaks
// only of a part of a company question q names, "" when text names the
// company itself, or no name q gives.
func partNamed(q, text string, src *app.Source) string {
	given := givenNames(q)
	asked := map[string]bool{}
	for _, t := range lang.Tokens(q) {
		asked[lang.Family(t.Lower)] = true
	}
	titled := map[string]bool{}
	if src != nil {
		for _, t := range lang.Tokens(src.Title) {
			titled[t.Lower] = true
		}
	}
	toks := lang.Tokens(text)
	part, whole := "", false
	for i, t := range toks {
		if !(t.Cap || t.AllCaps) || !given[t.Lower] {
			continue
		}
		j := i + 1
		for j < len(toks) && given[toks[j].Lower] && adjacentTokens(text, toks[j-1], toks[j]) {
			j++ // the rest of the name as the question gives it: "Best Buy"
		}
		if j < len(toks) && adjacentTokens(text, toks[j-1], toks[j]) && extendsName(toks[j], asked, titled) {
			part = text[t.Start:toks[j].End]
			continue
		}
		whole = true
	}
	if whole {
		return ""
	}
	return part
}

// extendsName reports whether token t, right after a company's name,
// names a part of it: a capitalised word the question does not write,
// that the document's title does not give the company, and that is no
// legal form ("Inc.", "plc") or small word.
func extendsName(t lang.Token, asked, titled map[string]bool) bool {
	return (t.Cap || t.AllCaps) && !t.Num && !lang.IsStopWord(t.Lower) && !orgSuffix[t.Lower] && !legalForms[t.Lower] &&
		!asked[lang.Family(t.Lower)] && !titled[t.Lower] && !strings.HasSuffix(t.Lower, "'s")
}

// legalForms are the words a company's legal name ends with besides the
// suffixes of firms (orgSuffix).
var legalForms = map[string]bool{"corporation": true, "corp": true, "company": true, "co": true, "incorporated": true,
	"limited": true, "holdings": true, "sa": true, "nv": true, "se": true}

// legalWord reports whether word (lower case) gives a company's legal
// form: "inc", "corporation", "plc".
func legalWord(word string) bool { return orgSuffix[word] || legalForms[word] }

// A question names a segment by writing its name before the word:
// "Activision Blizzard's Blizzard segment", "the Transportation
// Solutions segment", "PepsiCo's Frito-Lay North America division". The
// figure answering it is the one the document states for that segment,
// so the quote, its row's label and header, the sentence introducing its
// table or its section must write the name — the document's title does
// not: "Blizzard" in "Activision Blizzard" is the company's name.

// segmentNamed returns the words by which question q names a segment or
// division (family keys) and the name as q writes it; nil when it names
// none.
func segmentNamed(q string) ([]string, string) {
	toks := lang.Tokens(q)
	for i, t := range toks {
		if f := lang.Family(t.Lower); f != lang.Family("segment") && f != lang.Family("division") {
			continue
		}
		var name []string
		first := i
		for j := i - 1; j >= 0 && len(name) < 4; j-- {
			w := toks[j]
			if w.Num || lang.IsStopWord(w.Lower) || strings.HasSuffix(w.Lower, "'s") || strings.HasSuffix(w.Lower, "’s") ||
				segmentKindWords[lang.Family(w.Lower)] || !adjacentTokens(q, w, toks[j+1]) {
				break
			}
			name, first = append(name, lang.Family(w.Lower)), j
		}
		if len(name) > 0 {
			return name, q[toks[first].Start:toks[i-1].End]
		}
	}
	return nil, ""
}

// segmentKindWords say what kind of segment, not which: "reportable
// segment", "its business segments", "each operating segment", "the
// total of the segments".
var segmentKindWords = familySet(`reportable operating business businesses geographic geographical each every other
	total all segment segments division divisions`)

// segmentUnnamed returns the name of the segment question q names, as q
// writes it, when the candidate does not write it — in its quote, label,
// row header, introducing sentence or section; "" when it does or q names
// none.
func segmentUnnamed(ev *app.Evidence, q string, c *candidate, text string) string {
	name, written := segmentNamed(q)
	if name == nil {
		return ""
	}
	places := text + "\n" + c.label + "\n" + c.intro + "\n" + c.window.Section + "\n" + strings.Join(tableHeader(ev, c.window, c.start), "\n")
	said := map[string]bool{}
	for _, t := range lang.Tokens(places) {
		said[lang.Family(t.Lower)] = true
	}
	for _, f := range name {
		if !said[f] {
			return written
		}
	}
	return ""
}
