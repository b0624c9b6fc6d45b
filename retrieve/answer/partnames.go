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
