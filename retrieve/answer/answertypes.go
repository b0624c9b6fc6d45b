package answer

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app/lang"
)

// Answer types: what a question's first words ask for, and whether a
// quote holds an answer of that kind. English questions say it up front —
// "who" asks for a person or an organisation, "where" for a place, "how
// many" for a count of the noun that follows, "how much" for an amount,
// "what percentage" for a share, "which" for one named thing among
// others — and documents write those answers in recognisable ways: names
// in capitals, places after "in" or "at", counts beside what they count,
// amounts with a currency or a unit, shares with "%".

// Weights of an answer type's fit, in units of coverage (see shape).
const (
	typeFit   = 0.10 // the quote holds an answer of the asked type
	noTypeFit = -0.06
	// besideFit is what a who-question's quote adds for setting a name
	// beside the title the question asks about (nameBesideAsked): that
	// is who holds it, where another name may be anyone's.
	besideFit = 0.05
)

// typeFitOf scores how well text holds an answer of type t; asked holds
// the question's family keys, so a name the question itself gives is no
// answer to it. label is what the text is read under (a table's header, a
// figure's heading), "" for prose.
func typeFitOf(t lang.AnswerType, counted []string, text, label string, asked map[string]bool) float64 {
	has := false
	switch t {
	case lang.AnyType:
		return 0
	case lang.WhoType:
		if nameBesideAsked(text, asked) {
			return typeFit + besideFit
		}
		has = hasNewName(text, asked)
	case lang.WhichType:
		has = hasNewName(text, asked)
	case lang.WhereType:
		has = hasPlace(text, asked) || placeCaptionRE.MatchString(label) && capitalisedNew(text, asked)
	case lang.CountType:
		has = hasCount(text, label, counted)
	case lang.AmountType:
		has = unitRE.MatchString(text) || hasAmount(text, false) && unitRE.MatchString(label)
	case lang.PercentType:
		has = percentTextRE.MatchString(text) || hasAmount(text, false) && percentTextRE.MatchString(label)
	}
	switch {
	case has:
		return typeFit
	case t == lang.WhichType:
		return 0 // "which" also asks for a thing written in lower case
	}
	return noTypeFit
}

var (
	unitRE        = regexp.MustCompile(`(?i)[$€£¥₹]|\b(usd|eur|gbp|inr|rs\.?|rupees?|dollars?|euros?|pounds?|yen|million|billion|thousand|crores?|lakhs?|lacs?|percent|kg|tonnes?|tons?|km|miles?|metres?|meters?|hours?|days?|years?)\b|%`)
	percentTextRE = regexp.MustCompile(`(?i)%|\bper\s?cent\b|\bpercentage\b`)
	placeCueRE    = regexp.MustCompile(`\b(in|at|near|located|based|headquartered|situated|from)\s+(the\s+)?\p{Lu}|\bat\s+\d{1,6}\s+\p{Lu}`) // "at 929 Long Bridge Drive": a street address
	placeWordRE   = regexp.MustCompile(`(?i)\b(road|street|st\.|avenue|ave\.|boulevard|blvd\.?|drive|lane|parkway|plaza|place|square|highway|way|court|city|district|state|province|county|country|village|town|plant|office|floor|building)\b`)
)

// capitalisedNew reports whether text writes a capitalised word the
// question does not give: a place entered on a form ("Minnesota").
func capitalisedNew(text string, asked map[string]bool) bool {
	for _, t := range lang.Tokens(text) {
		if (t.Cap || t.AllCaps) && !t.Num && !lang.IsStopWord(t.Lower) && !asked[lang.Family(t.Lower)] && !asked[t.Lower] {
			return true
		}
	}
	return false
}

// hasNewName reports whether text holds a name the question does not
// give: two or more capitalised words in a row (not merely the sentence's
// first word), at least one of them not among the question's words, or a
// title and a name ("Mr. Shanbhag").
func hasNewName(text string, asked map[string]bool) bool {
	toks := lang.Tokens(text)
	run, fresh := 0, false
	for i, t := range toks {
		if shortName(text, t) && !asked[lang.Family(t.Lower)] && !asked[t.Lower] && !lang.IsStopWord(t.Lower) {
			return true // "YOLACT", "PaLM": a name written in capitals stands alone
		}
		if (t.Cap || t.AllCaps) && !t.Num && (!lang.IsStopWord(t.Lower) || initial(text, t)) {
			if i > 0 && adjacentTokens(text, toks[i-1], t) || run == 0 {
				run++
			} else {
				run, fresh = 1, false
			}
			if !asked[lang.Family(t.Lower)] && !asked[t.Lower] {
				fresh = true
			}
			if run >= 2 && fresh {
				return true
			}
			continue
		}
		run, fresh = 0, false
	}
	return false
}

// definedTermRE finds a term a document defines in brackets and quotes
// right after the words it stands for — "chief operating decision maker
// (“CODM”)", "the Credit Agreement ("Agreement")", "Chief Financial
// Officer (CFO)": a short form of those words, never a new name.
var definedTermRE = regexp.MustCompile(`\s*\(\s*[“"'‘][^()“”"]{1,40}[”"'’]\s*\)|\s*\(\p{Lu}{2,6}\)`)

// nameBesideAsked reports whether text sets a name the question does not
// give right before a title or name it asks about — "Michael F. Roman 63
// Chairman of the Board and Chief Executive Officer", "Michael F.
// Roman\nChief Executive Officer", "Ramon L. Laguarta, Chairman …" — or
// right after one and a comma ("our CEO, Tim Cook"), as lists of
// officers, signatures and announcements write who holds a title; or
// before it with a few words that say so ("Ramon L. Laguarta has served
// as PepsiCo's Chief Executive Officer"). A title written before a name
// without a comma is read as naming a thing ("CEO Inclusion Council").
// Names are runs of capitalised words on one line; a title's run may join
// its words with "of", "the", "and" and "&"; between the two stand only
// punctuation, line breaks and numbers (an age), or those few words.
func nameBesideAsked(text string, asked map[string]bool) bool {
	text = definedTermRE.ReplaceAllString(text, "") // "our chief operating decision maker (“CODM”) is our Chief Executive Officer"
	type run struct {
		first, last int  // token indices
		asked       bool // holds a word the question asks
	}
	toks := lang.Tokens(text)
	capital := func(u lang.Token) bool {
		return (u.Cap || u.AllCaps) && !u.Num && (u.AllCaps || !lang.IsStopWord(u.Lower) || initial(text, u))
	}
	var runs []run
	for i := 0; i < len(toks); {
		if !capital(toks[i]) {
			i++
			continue
		}
		r := run{first: i, last: i}
		for j := i; j < len(toks); j++ {
			u := toks[j]
			if j > i {
				gap := text[toks[j-1].End:u.Start]
				switch {
				case strings.Contains(gap, "\n"):
				case capital(u) && (adjacentTokens(text, toks[j-1], u) || possessive(gap)):
					r.last = j // "Chief Executive Officer", "PepsiCo’s Chief Executive Officer"
				case titleJoin[u.Lower] && strings.TrimSpace(gap) == "":
					continue // "Chairman of the Board": look on
				}
				if r.last != j {
					break
				}
			}
			r.asked = r.asked || asked[lang.Family(u.Lower)] || asked[u.Lower]
		}
		runs = append(runs, r)
		i = r.last + 1
	}
	name := func(r run) bool {
		if r.first == r.last && officeForms[toks[r.first].Lower] != "" {
			return false // "our CEO": an office written short, no one's name
		}
		return !r.asked && !bodyWords[toks[r.last].Lower] && (r.last > r.first || shortName(text, toks[r.first]))
	}
	for k := 0; k+1 < len(runs); k++ {
		a, b := runs[k], runs[k+1]
		between := text[toks[a.last].End:toks[b.first].Start]
		words := 0
		for m := a.last + 1; m < b.first; m++ {
			switch {
			case toks[m].Num:
			case holderWords[toks[m].Lower] && name(a):
				words++ // "Ramon L. Laguarta has served as PepsiCo's Chief Executive Officer"
			default:
				words = maxHolderWords + 1
			}
		}
		if words > maxHolderWords || len(between) > 40 || strings.Contains(between, ";") || words == 0 && strings.Trim(between, " \n\t,;:.()–—-0123456789") != "" {
			continue
		}
		if name(a) && b.asked || a.asked && name(b) && words == 0 && strings.Contains(between, ",") {
			return true
		}
	}
	return false
}

// bodyWords end the name of a body, not of a person: "Industrial
// Business Group" after an officer's titles is the part of the company
// the officer ran.
var bodyWords = map[string]bool{"group": true, "business": true, "businesses": true, "division": true, "segment": true,
	"segments": true, "company": true, "corporation": true, "council": true, "committee": true, "board": true, "directors": true, "trustees": true,
	"department": true, "unit": true, "operations": true, "services": true, "solutions": true, "inc": true, "llc": true}

// holderWords say that a name holds the title after them: "is", "has
// served as", "was appointed", "became", "serves as our", at most
// maxHolderWords of them.
var holderWords = map[string]bool{"is": true, "was": true, "has": true, "have": true, "had": true, "been": true, "be": true,
	"served": true, "serves": true, "serving": true, "as": true, "became": true, "becomes": true, "named": true,
	"appointed": true, "elected": true, "our": true, "its": true, "their": true, "the": true, "currently": true, "also": true,
	"age": true} // "Jeffrey L. Harmening, age 52, is Chairman …", as filings list their officers

const maxHolderWords = 4

// possessive reports whether gap, between two words, is a possessive
// ending: "PepsiCo’s Chief Executive Officer" is one title.
func possessive(gap string) bool {
	g := strings.TrimRight(gap, " ")
	return g == "’s" || g == "'s" || g == "’" || g == "'"
}

// titleJoin are the small words a title's run may hold.
var titleJoin = map[string]bool{"of": true, "the": true, "and": true, "&": true}

// shortName reports whether t is written as a name of its own: three or
// more capital letters ("YOLACT", "NASA"), or a capital inside the word
// ("PaLM", "iPhone").
func shortName(text string, t lang.Token) bool {
	if t.Num {
		return false
	}
	surface := text[t.Start:t.End]
	if t.AllCaps {
		return len(surface) >= 3
	}
	for i, r := range surface {
		if i > 0 && r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

// initial reports whether t is a name's initial: one capital letter and
// a period ("Brian G. Kelly"), though the letter alone may be a small
// word ("e.g.", "'s").
func initial(text string, t lang.Token) bool {
	return t.End-t.Start == 1 && t.Cap && t.End < len(text) && text[t.End] == '.'
}

// clauseNumberRE finds the number an agreement's clause opens with:
// "24.2 “Termination …”", "12. The Company …".
var clauseNumberRE = regexp.MustCompile(`^\s*\d{1,3}(\.\d{1,3})+\.?\s+[\p{Lu}“"]|^\s*\d{1,3}\.\s+[\p{Lu}“"]`)

// adjacentTokens reports whether b follows a with only spaces, a period
// of an initial or a hyphen between them.
func adjacentTokens(text string, a, b lang.Token) bool {
	between := text[a.End:b.Start]
	return strings.Trim(between, " .-\n") == "" && len(between) <= 3
}

// hasPlace reports whether text names a place: a capitalised name after
// "in", "at", "near" or "located", or a name beside a word for a place
// ("Sahar Road", "Andheri (East)").
//
// A name after "at" that ends as an organisation's does ("at The
// Blackstone Group", "at Acme Inc.") names where someone works, not a
// place.
func hasPlace(text string, asked map[string]bool) bool {
	for _, loc := range placeCueRE.FindAllStringIndex(text, -1) {
		after := text[loc[1]-1:]
		word := strings.ToLower(strings.FieldsFunc(after, func(r rune) bool { return !unicode.IsLetter(r) })[0])
		if !orgAfterRE.MatchString(after) && !monthNameRE.MatchString(word) && // "from January 2014" is a time
			!onlyAsked(after, asked) { // "at PepsiCo" names whose place is asked, not a place
			return true
		}
	}
	return placeWordRE.MatchString(text) && hasNewName(text, asked) || placeOfRE.MatchString(text)
}

// placeOfRE finds a place named by its kind and its name, as states,
// provinces and countries are styled: "the State of Oregon", "the
// Commonwealth of Massachusetts", "the Province of Ontario".
var placeOfRE = regexp.MustCompile(`\b(State|Commonwealth|Province|Republic|Kingdom|Grand Duchy|Canton|Territory|Emirate|Principality)\s+of\s+(the\s+)?\p{Lu}`)

// onlyAsked reports whether the run of capitalised words that opens s
// holds only words the question asks with: "at PepsiCo" when the question
// asks where PepsiCo is incorporated, not "at Fort Le Boeuf" when it asks
// where a fort was built.
func onlyAsked(s string, asked map[string]bool) bool {
	n := 0
	for _, w := range strings.Fields(s) {
		w = strings.TrimRight(w, ".,;:!?)’'”\"")
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) {
			break
		}
		if l := strings.ToLower(w); !asked[l] && !asked[lang.Family(l)] {
			return false
		}
		n++
		if strings.ContainsAny(w[len(w)-1:], ".,;:") {
			break
		}
	}
	return n > 0
}

// orgAfterRE matches a run of capitalised words that ends as an
// organisation's name does.
var orgAfterRE = regexp.MustCompile(`^(\p{Lu}[\p{L}&.\-]*\s+){0,5}(Group|Inc\.?|LLC|LLP|Ltd\.?|Company|Corporation|Corp\.?|Partners|Holdings|Capital|Fund|Committee|Board|Commission|Bank)\b`)

// hasCount reports whether text counts the counted noun: a number (not a
// year) within three words of one of its forms, or a number read under a
// label that names it (a figure under its heading, a table cell under its
// column).
func hasCount(text, label string, counted []string) bool {
	counted = countedPeople(counted)
	toks := lang.Tokens(text)
	labelled := false
	for _, t := range lang.Tokens(label) {
		for _, c := range counted {
			// "Employees" over a figure labels a count of them;
			// "EMPLOYMENT AGREEMENT" over a page's number does not.
			if lang.Family(t.Lower) == c && !strings.HasSuffix(t.Lower, "ment") && !strings.HasSuffix(t.Lower, "ing") {
				labelled = true
			}
		}
	}
	if statesNumberOf(toks, counted) {
		return true
	}
	// A row counts what its label heads, first or last: "Employees |
	// 13,893", "Full-time employees | 13,893" — not "Tax expense
	// attributable to employee stock plans | 68,136".
	row := strings.Contains(text, cellSeparator)
	rowCounted := row && rowCounts(rowLabel(text), counted)
	for i, t := range toks {
		word := numberWords[t.Lower]                                                // "two botanic gardens" counts as "2" does
		year := isYearToken(t.Lower) && !strings.Contains(text[t.Start:t.End], ",") // "2,000" is a count
		if !word && (!t.Num || year && !labelled || strings.Trim(t.Lower, "0123456789.,") != "") {
			continue // "3M" and "FY2022" name things; they count nothing; "1914" under "Employees" is a count
		}
		if countsOther(toks, i, counted) {
			continue // "2.5 million shares" counts shares, whatever stands near
		}
		if t.Start > 0 && text[t.Start-1] == '(' && t.End < len(text) && text[t.End] == ')' {
			continue // "(1) the Employee Emergency Grant": a list's marker counts nothing
		}
		if i == 0 && len(toks) > 3 && strings.TrimSpace(text[:t.Start]) == "" && clauseNumberRE.MatchString(text) {
			continue // "24.2 “Termination of employment” … means": a clause's number
		}
		if labelled || len(counted) == 0 {
			return true
		}
		if row {
			if rowCounted {
				return true
			}
			continue
		}
		for j := max(0, i-3); j < min(len(toks), i+4); j++ {
			for _, c := range counted {
				if j != i && lang.Family(toks[j].Lower) == c {
					return true
				}
			}
		}
	}
	return false
}

// rowCounts reports whether a row's label names what is counted as its
// first or its last word.
func rowCounts(label string, counted []string) bool {
	var words []string
	for _, t := range lang.Tokens(label) {
		if !t.Num && !lang.IsStopWord(t.Lower) {
			words = append(words, lang.Family(t.Lower))
		}
	}
	if len(words) == 0 {
		return false
	}
	return slices.Contains(counted, words[0]) || slices.Contains(counted, words[len(words)-1])
}

// statesNumberOf reports whether toks state the number of what is
// counted as a sentence names it: "The number of shares of the
// registrant's common stock outstanding as of January 20, 2023 was
// 598,239,585" — "number of" the counted noun, then a verb saying what it
// was, then a whole number that is no year.
func statesNumberOf(toks []lang.Token, counted []string) bool {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].Lower != "number" || toks[i+1].Lower != "of" {
			continue
		}
		named := false
		for j := i + 2; j < min(len(toks), i+4); j++ {
			named = named || slices.Contains(counted, lang.Family(toks[j].Lower))
		}
		if !named {
			continue
		}
		for j := i + 3; j+1 < len(toks); j++ {
			if !numberVerbs[toks[j].Lower] {
				continue
			}
			n := toks[j+1]
			if n.Num && strings.Trim(n.Lower, "0123456789") == "" && !isYearToken(n.Lower) {
				return true
			}
		}
	}
	return false
}

// numberVerbs say what a number of things was.
var numberVerbs = map[string]bool{"was": true, "were": true, "is": true, "are": true, "totaled": true, "totalled": true, "numbered": true}

func isYearToken(s string) bool {
	return len(s) == 4 && (strings.HasPrefix(s, "19") || strings.HasPrefix(s, "20")) && strings.Trim(s, "0123456789") == ""
}

// otherUnits are nouns a number is a measure of, not a count of what a
// question counts: shares of stock, money, shares of a whole, spans of
// time ("twelve (12) months following the associate's last day").
var otherUnits = map[string]bool{"shares": true, "share": true, "dollars": true, "cents": true, "percent": true,
	"times": true, "basis": true, "points": true, "days": true, "weeks": true, "months": true, "years": true,
	"hours": true, "minutes": true, "quarters": true}

// countsOther reports whether the number at toks[i], past a scale word
// and the other numbers of a list it leads ("2.5 million, 2.7 million and
// 2.5 million shares"), is a number of one of the otherUnits or of
// another plural noun than the one counted ("38 states").
// (What the question counts is no other unit: "How many shares …".)
func countsOther(toks []lang.Token, i int, counted []string) bool {
	for j := i + 1; j < len(toks) && j <= i+10; j++ {
		w := toks[j].Lower
		switch {
		case toks[j].Num, w == "and", w == "or", w == "million", w == "billion", w == "thousand":
			continue
		}
		f := lang.Family(w)
		if slices.Contains(counted, f) || peopleWords[f] && countsPeople(counted) {
			return false
		}
		// "branches in 38 states": a plural noun right after the number
		// is what it counts.
		return otherUnits[w] || pluralNoun(w)
	}
	return false
}

// pluralNoun reports whether a lower-case word reads as a plural noun:
// letters ending in a plural "s" ("states", "countries"), not "-ss",
// "-us" or "-is", and no function word.
func pluralNoun(w string) bool {
	if len(w) < 4 || lang.IsStopWord(w) || !strings.HasSuffix(w, "s") ||
		strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// countsPeople reports whether what is counted is people of any name:
// "employees" are counted by "associates" as by "employees".
func countsPeople(counted []string) bool {
	for _, c := range counted {
		if peopleWords[c] {
			return true
		}
	}
	return false
}

// numberWords are the counts English writes in words.
var numberWords = map[string]bool{"one": true, "two": true, "three": true, "four": true, "five": true, "six": true,
	"seven": true, "eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true, "thirteen": true,
	"fourteen": true, "fifteen": true, "sixteen": true, "seventeen": true, "eighteen": true, "nineteen": true,
	"twenty": true, "thirty": true, "forty": true, "fifty": true, "sixty": true, "seventy": true, "eighty": true,
	"ninety": true, "hundred": true, "dozen": true, "dozens": true, "hundreds": true, "thousands": true, "millions": true}

// peopleWords name people by what they are or do. "How many people …"
// is answered by a count of any of them — "roughly 60,000 European
// settlers", "1,000 British soldiers were killed" — as a sentence names
// the people it counts by their part, seldom as "people".
var peopleWords = familySet(`people persons individuals inhabitants residents settlers soldiers troops men women
	children employees workers members citizens immigrants emigrants refugees students visitors casualties
	victims prisoners colonists passengers voters adults associates colleagues teammates`)

// peopleCounted returns the word by which counted counts people in
// general ("people", "persons", "individuals"), or "".
func peopleCounted(counted []string) string {
	for _, c := range counted {
		if c == lang.Family("people") || c == lang.Family("persons") || c == lang.Family("individuals") {
			return c
		}
	}
	return ""
}

// namesPeople reports whether text names people by a word for them.
func namesPeople(text string) bool {
	for _, t := range lang.Tokens(text) {
		if peopleWords[lang.Family(t.Lower)] {
			return true
		}
	}
	return false
}

// countedPeople returns counted with every word for people added when it
// counts people or persons.
func countedPeople(counted []string) []string {
	if peopleCounted(counted) == "" {
		return counted
	}
	out := slices.Clone(counted) // the question's own reading stays as it is
	for w := range peopleWords {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}
