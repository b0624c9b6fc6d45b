package lang

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// ConceptKind says what a concept of a question is.
type ConceptKind int

// The kinds. Entities, periods, numbers and quotations are constraints:
// text that lacks them answers a different question.
const (
	Topic   ConceptKind = iota // an ordinary content word or glossary phrase
	Entity                     // a name: capitalised words, acronyms, model names
	Period                     // a year, fiscal year or quarter
	Number                     // another number the question names ("Note 7", "36th")
	Quote                      // a quoted phrase
	Support                    // a part of a derived measure the question names
)

// Concept is one thing a question asks about, with every form that names it
// in text. A form is a sequence of stems that must occur in order.
type Concept struct {
	Name  string
	Kind  ConceptKind
	Forms [][]string
	// Phrases are the forms as words (one per form, same order): what a
	// full-text index is asked to count.
	Phrases []string
	Weight  float64
	// PartOf is 1 + the index of the measure a Support concept is a part
	// of; 0 for every other concept.
	PartOf int
	// WordWeights weigh the words of a multi-word name (Forms[1:]) by
	// their rarity: a text holding some of them is credited by the share
	// of the name's weight it holds.
	WordWeights []float64
	// Names are what one document also calls the concept, by a definition
	// it makes (Query.WithDefinitions): the long form of a short form the
	// question writes, or the short form of a long one. Each is a sequence
	// of stems meeting the whole concept as a synonym does — never a word
	// of a multi-word name. NamePhrases are the same as words.
	Names       [][]string
	NamePhrases []string
}

// Constraint reports whether text lacking the concept answers a different
// question.
func (c *Concept) Constraint() bool {
	return c.Kind == Entity || c.Kind == Period || c.Kind == Number || c.Kind == Quote
}

// Query is an analysed question.
type Query struct {
	Text     string
	Concepts []Concept
	Bigrams  [][2]string // adjacent content stems of the question
	Years    []int
	Asked    Asked // what it asks for (ReadAsked)

	// firsts numbers the stems a form or bigram starts with: what Match
	// looks up in a text. Set by Analyze; forms must not change after.
	firsts map[string]int32
	// kin maps a word family (Family) to the topic concepts of one word
	// it holds: text writing another form of the family ("employed" for
	// "employees") meets the concept with less credit (see matchConcept).
	kin map[string][]int
	// kinStarts are the first two bytes of the kin families: a stem of a
	// family starts with them (Family only shortens a word's end), so a
	// text's other stems need no Family computed.
	kinStarts []uint16
	// amounts are the number concepts the question writes with a scale
	// word ("$34.2 billion"): text writing the amount in another unit (a
	// table's "34,229" in millions) meets them too (see Text.amountAt).
	amounts []conceptAmount
}

// conceptAmount is the amount a number concept of a question stands for.
type conceptAmount struct {
	concept int
	amount  Amount
}

// boilerplate is answer-format instructions: they say how to write the
// answer, not where it is.
var boilerplate = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(please\s+)?(write|give|return|provide|format)\s+(down\s+)?(me\s+)?(the|your|an)?\s*(answer|response)\s+in\s+[^.?!]*?(format|form|terms?)\b[^.?!]*`),
	regexp.MustCompile(`(?i)\b(please\s+)?round(ed)?\s+(your\s+|the\s+)?(answer|result|response)?\s*(to\s+)?(\w+|\d+)\s+decimal(s|\s+places?|\s+point)?`),
	regexp.MustCompile(`(?i)\bwith\s+\d+\s+decimals?\b`),
	regexp.MustCompile(`(?i)\banswer\s+in\s+(units\s+of\s+)?[\w\s%$]*?(millions?|billions?|thousands?|percents?|percentage(\s+terms?)?|usd|dollars?)\b`),
	regexp.MustCompile(`(?i)\bin\s+(integer|float|string|list|int)\s+format\b`),
	regexp.MustCompile(`(?i)\bdirectly\s+answer\s+'?yes'?\s+or\s+'?no'?`),
	regexp.MustCompile(`(?i)\bif\b[^.?!;]*\bnot\b[^.?!]*?\b(then\s+)?(please\s+)?state\s+(that|0)\b[^.?!]*`),
	regexp.MustCompile(`(?i)\byou are an? [^.:?]*[.:]`),
	regexp.MustCompile(`(?i)\bhere'?s the question:?`),
	regexp.MustCompile(`(?i)\b(please\s+)?answer the following question[^:?]*:`),
	regexp.MustCompile(`(?i)\b(respond|approach|address|give a response|provide a response)\s+(to\s+)?the question( asked)?\s+(by|using)\b`),
	regexp.MustCompile(`(?i)\bassuming the (perspective|standpoint) of an? [^.?!]*?who (can )?only (use|uses|has access to)\b`),
	regexp.MustCompile(`(?i)\be\.g\.,?\s*\[[^\]]*\]`),
	regexp.MustCompile(`(?i)\blike\s+\[[^\]]*\]`),
}

var (
	fiscalRE  = regexp.MustCompile(`(?i)\b(?:fy|f)\s?'?(\d{2}|\d{4})\b`)
	quarterRE = regexp.MustCompile(`(?i)\b(?:q([1-4])\s*(?:of\s+)?(?:fy|fiscal\s+)?\s*'?(\d{2}|\d{4})?|(\d{4})\s*q([1-4]))\b`)
	quoteRE   = regexp.MustCompile("[\"“”`‘’']([^\"“”`‘’']{3,80})[\"“”`‘’']")
)

// Analyze turns a question into its concepts, weighted by idf (stem or
// space-joined phrase stems → inverse document frequency in the scope);
// without idf, rarer-looking words weigh more.
//
// The steps read the question's words from the most specific kind to the
// least: quotations and periods, locators, glossary phrases, names, and
// last the remaining content words. From the glossary on, a step leaves
// alone the tokens an earlier one took (markTaken marks those of
// quotations and periods), so such a word stands for one concept only.
func Analyze(question string, idf map[string]float64) *Query {
	a := newAnalysis(question)
	a.addQuotes()
	a.addPeriods()
	a.addLocators()
	a.markTaken()
	a.addGlossary()
	a.addEntities()
	a.addWords()
	q := a.q
	q.Bigrams = bigramsOf(a.toks)
	weighConcepts(q.Concepts, idf)
	q.amounts = scaledAmounts(a.text, q.Concepts)
	q.firsts = firstStems(q)
	q.kin = kinOf(q.Concepts)
	q.kinStarts = kinStartsOf(q.kin)
	return q
}

// analysis is what the steps of Analyze share: the question without its
// answer-format boilerplate, its tokens, which of them a concept already
// stands for, and the concepts found so far.
type analysis struct {
	q      *Query
	text   string // the question without boilerplate
	toks   []Token
	used   []bool          // parallel to toks: taken by a concept
	seen   map[string]bool // names of the concepts added
	quoted [][]int         // byte ranges in text of the quoted phrases
	years  map[int]bool    // the years the question names
}

// newAnalysis starts the analysis of question. Answer-format instructions
// (boilerplate) are cut first: they say how to write the answer, not where
// it is, so they neither make concepts nor change what is asked.
func newAnalysis(question string) *analysis {
	text := question
	for _, re := range boilerplate {
		text = re.ReplaceAllString(text, " ")
	}
	toks := Tokens(text)
	return &analysis{
		q:    &Query{Text: question, Asked: ReadAsked(text)},
		text: text,
		toks: toks,
		used: make([]bool, len(toks)),
		seen: map[string]bool{},
	}
}

// add appends c to the query's concepts unless one of its name is there
// already or it has no form to be matched by.
func (a *analysis) add(c Concept) {
	key := c.Name
	if a.seen[key] || len(c.Forms) == 0 {
		return
	}
	a.seen[key] = true
	a.q.Concepts = append(a.q.Concepts, c)
}

// addQuotes adds each quoted phrase of two content words or more as a
// Quote, a constraint: a question quotes a document's own words. A quote
// of one content word is left to the later steps, as any other word.
func (a *analysis) addQuotes() {
	for _, m := range quoteRE.FindAllStringSubmatchIndex(a.text, -1) {
		var stems, words []string
		for _, t := range Tokens(a.text[m[2]:m[3]]) {
			stems = append(stems, t.Stem)
			words = append(words, t.Lower)
		}
		if len(contentWords(words)) >= 2 {
			a.quoted = append(a.quoted, []int{m[2], m[3]})
			a.add(Concept{Name: "\"" + strings.Join(stems, " ") + "\"", Kind: Quote, Forms: [][]string{stems},
				Phrases: []string{strings.Join(words, " ")}})
		}
	}
}

// addPeriods adds the years and quarters the question names as Period
// concepts, each met by every way a report writes it: a year as "2022",
// "FY2022" or "FY22", a quarter as "Q3", "third quarter" or "three months
// ended". The years, in order, are also Query.Years.
func (a *analysis) addPeriods() {
	years, quarters := periodsIn(a.text, a.toks)
	for y := range years {
		a.q.Years = append(a.q.Years, y)
	}
	sort.Ints(a.q.Years)
	for _, y := range a.q.Years {
		ys := strconv.Itoa(y)
		a.add(Concept{Name: ys, Kind: Period, Forms: [][]string{{ys}, {"fy" + ys}, {"fy" + ys[2:]}},
			Phrases: []string{ys, "fy" + ys, "fy" + ys[2:]}})
	}
	for qn := range quarters {
		ord := []string{"", "first", "second", "third", "fourth"}[qn[0]-'0']
		a.add(Concept{Name: "q" + qn, Kind: Period, Forms: [][]string{{"q" + qn}, {Stem(ord), "quarter"}, {"three", "month", "end"}},
			Phrases: []string{"q" + qn, ord + " quarter", "three months ended"}})
	}
	a.years = years
}

// periodsIn returns the periods text names: the years of its fiscal years
// ("FY22"), quarters ("Q3 2023", "2023 Q3") and plain years, and the
// numbers ("1"–"4") of its quarters.
func periodsIn(text string, toks []Token) (years map[int]bool, quarters map[string]bool) {
	years = map[int]bool{}
	for _, m := range fiscalRE.FindAllStringSubmatch(text, -1) {
		if y := fullYear(m[1]); y > 0 {
			years[y] = true
		}
	}
	quarters = map[string]bool{}
	for _, m := range quarterRE.FindAllStringSubmatch(text, -1) {
		qn, y := m[1], m[2]
		if qn == "" {
			qn, y = m[4], m[3]
		}
		quarters[qn] = true
		if yy := fullYear(y); yy > 0 {
			years[yy] = true
		}
	}
	for _, t := range toks {
		if n, err := strconv.Atoi(t.Lower); err == nil && n >= 1900 && n <= 2100 && len(t.Lower) == 4 {
			years[n] = true
		}
	}
	return years, quarters
}

// addLocators adds the locators the question names as topics. Locators:
// "Table 2", "Section 3.4", "page 5", "Note 7" point into a document's
// structure; they place the answer without constraining what it says.
func (a *analysis) addLocators() {
	toks, used := a.toks, a.used
	for i := 0; i+1 < len(toks); i++ {
		if !locatorWords[toks[i].Lower] || !toks[i+1].Num || used[i] {
			continue
		}
		used[i], used[i+1] = true, true
		word := toks[i].Lower
		if word == "fig" {
			word = "figure"
		}
		a.add(Concept{Name: Stem(word) + " " + toks[i+1].Lower, Kind: Topic,
			Forms:   [][]string{{Stem(word), toks[i+1].Lower}, {toks[i+1].Lower}},
			Phrases: []string{word + " " + toks[i+1].Lower, toks[i+1].Lower}})
	}
}

// markTaken marks as used the tokens a period or a quotation already
// stands for, and the words around a year that only say what kind of
// period it is (markPeriodWords), so that the glossary, name and word
// steps after it make no concept of them.
func (a *analysis) markTaken() {
	for i, t := range a.toks {
		if fiscalRE.MatchString(t.Lower) || quarterRE.MatchString(t.Lower) || a.years[atoi(t.Lower)] {
			a.used[i] = true
			markPeriodWords(a.toks, a.used, i)
		}
		for _, r := range a.quoted {
			if t.Start >= r[0] && t.End <= r[1] {
				a.used[i] = true
			}
		}
	}
}

// addGlossary adds the glossary phrases the question writes, longest
// first, so that a phrase of several words ("net sales") is one concept
// met by all its synonyms rather than words matched one by one.
func (a *analysis) addGlossary() {
	for n := gloss.maxLen; n >= 1; n-- {
		for i := 0; i+n <= len(a.toks); i++ {
			a.addGlossaryPhrase(i, n)
		}
	}
}

// addGlossaryPhrase adds toks[i:i+n] as a topic if it is a glossary phrase
// none of whose tokens is taken (a stop word alone is none), with its
// synonyms as further forms, and, if it is a derived measure, the parts it
// is computed from as Support concepts of it (relatedGroups): documents
// seldom write such a measure out.
func (a *analysis) addGlossaryPhrase(i, n int) {
	if anyUsed(a.used[i : i+n]) {
		return
	}
	stems := make([]string, n)
	for k := range stems {
		stems[k] = a.toks[i+k].Stem
	}
	key := strings.Join(stems, " ")
	syn, isSyn := gloss.syn[key]
	rel, isRel := gloss.related[key]
	if !isSyn && !isRel {
		return
	}
	if n == 1 && IsStopWord(a.toks[i].Lower) {
		return
	}
	for k := i; k < i+n; k++ {
		a.used[k] = true
	}
	words := make([]string, n)
	for k := range words {
		words[k] = a.toks[i+k].Lower
	}
	forms := []phrase{{stems, strings.Join(words, " ")}}
	if isSyn {
		forms = appendPhrases(forms, syn...)
	}
	a.add(conceptOf(key, Topic, forms))
	parent := 0
	for ci := range a.q.Concepts {
		if a.q.Concepts[ci].Name == key {
			parent = ci + 1
		}
	}
	for _, forms := range rel {
		c := conceptOf("~"+strings.Join(forms[0].stems, " "), Support, forms)
		c.PartOf = parent
		a.add(c)
	}
}

// addEntities adds the names the question writes. Entities: runs of
// capitalised words (not opening the question), acronyms and tokens with
// digits, one name while only spaces, hyphens or a period part them
// ("Step-Back", "R.A. Shah").
func (a *analysis) addEntities() {
	sentenceStart := sentenceStarts(a.text, a.toks)
	for i := 0; i < len(a.toks); {
		if !isEntityToken(a.toks[i], sentenceStart[i]) || a.used[i] {
			i++
			continue
		}
		j := a.entityEnd(i)
		c, ok := entityConcept(a.toks[i:j])
		for k := i; k < j; k++ {
			a.used[k] = true
		}
		if ok {
			a.add(c)
		}
		i = j
	}
}

// entityEnd returns the end of the name that starts at toks[i]: the run of
// untaken name tokens adjacent to each other.
func (a *analysis) entityEnd(i int) int {
	toks := a.toks
	j := i
	for j < len(toks) && !a.used[j] && isEntityToken(toks[j], false) && (j == i || adjacent(a.text, toks[j-1], toks[j])) {
		j++
	}
	return j
}

// entityConcept is the concept of the name run writes, corporate suffixes
// ("Inc", "Corp") left out; false when nothing else is left. A number
// alone is a Number rather than a name.
func entityConcept(run []Token) (Concept, bool) {
	var stems, words []string
	for _, t := range run {
		if corporateSuffix[t.Lower] {
			continue
		}
		stems = append(stems, t.Stem)
		words = append(words, t.Lower)
	}
	if len(stems) == 0 {
		return Concept{}, false
	}
	kind := Entity
	if len(stems) == 1 && allDigits(stems[0]) {
		kind = Number
	}
	// A multi-word name is matched word by word (see Match), so each
	// word is its own form.
	c := Concept{Name: strings.Join(stems, " "), Kind: kind, Forms: [][]string{stems}, Phrases: []string{strings.Join(words, " ")}}
	if len(stems) > 1 {
		for k, s := range stems {
			c.Forms = append(c.Forms, []string{s})
			c.Phrases = append(c.Phrases, words[k])
		}
	}
	return c, true
}

// addWords adds the remaining content words, each a topic of its stem, or
// a Number if it holds a digit; a single letter says nothing on its own.
func (a *analysis) addWords() {
	for i, t := range a.toks {
		if a.used[i] || IsStopWord(t.Lower) || len(t.Lower) < 2 && !t.Num {
			continue
		}
		kind := Topic
		if t.Num {
			kind = Number
		}
		a.add(Concept{Name: t.Stem, Kind: kind, Forms: [][]string{{t.Stem}}, Phrases: []string{t.Lower}})
	}
}

// bigramsOf returns the bigrams of adjacent content words of toks, as
// stems (Query.Bigrams): text writing a pair side by side, as the question
// does, more likely speaks of the same thing (Features.Phrases).
func bigramsOf(toks []Token) [][2]string {
	var bigrams [][2]string
	var prev string
	for _, t := range toks {
		if IsStopWord(t.Lower) {
			prev = ""
			continue
		}
		if prev != "" {
			bigrams = append(bigrams, [2]string{prev, t.Stem})
		}
		prev = t.Stem
	}
	return bigrams
}

// weighConcepts sets each concept's Weight (weigh) and, for a multi-word
// name, the weights of its words (WordWeights): text holding only some of
// a name's words is credited by how rare those words are.
func weighConcepts(concepts []Concept, idf map[string]float64) {
	for i := range concepts {
		c := &concepts[i]
		c.Weight = weigh(c, idf)
		if c.Kind == Entity && len(c.Forms) > 1 {
			c.WordWeights = make([]float64, len(c.Forms)-1)
			for k, f := range c.Forms[1:] {
				c.WordWeights[k] = weigh(&Concept{Name: f[0], Phrases: c.Phrases[k+1 : k+2]}, idf)
			}
		}
	}
}

// scaledAmounts returns the number concepts text writes with a scale word
// ("$34.2 billion"), with the amount each stands for (Query.amounts), so
// that text writing the amount in another unit meets them too.
func scaledAmounts(text string, concepts []Concept) []conceptAmount {
	var out []conceptAmount
	for _, am := range Amounts(text) {
		for ci := range concepts {
			if c := &concepts[ci]; am.Scaled && c.Kind == Number && slices.Equal(c.Forms[0], []string{am.Digits}) {
				out = append(out, conceptAmount{ci, am})
			}
		}
	}
	return out
}

// kinStartsOf returns the distinct first two bytes of the families of kin
// (Query.kinStarts), in the map's order: only ever searched.
func kinStartsOf(kin map[string][]int) []uint16 {
	var starts []uint16
	for f := range kin {
		if st := twoBytes(f); !slices.Contains(starts, st) { // families have three bytes or more
			starts = append(starts, st)
		}
	}
	return starts
}

func twoBytes(s string) uint16 { return uint16(s[0])<<8 | uint16(s[1]) }

// kinOf maps the word family of each one-word topic concept to it. A
// name, number or period is matched as written, and a word of three
// letters or fewer has no family to speak of; nor, for Family, has a
// word outside ASCII.
func kinOf(concepts []Concept) map[string][]int {
	var kin map[string][]int
	for i := range concepts {
		c := &concepts[i]
		if c.Kind != Topic || len(c.Forms) == 0 || len(c.Forms[0]) != 1 || len(c.Forms[0][0]) < 4 || !ascii(c.Forms[0][0]) {
			continue
		}
		if kin == nil {
			kin = map[string][]int{}
		}
		f := stemFamily(c.Forms[0][0])
		kin[f] = append(kin[f], i)
	}
	return kin
}

// markPeriodWords marks as used the words that only say what kind of
// period the year at toks[i] is ("fiscal year ending January 28, 2023",
// "the 2022 fiscal year", "quarter ended"): every report says "fiscal
// year" on every page, so as topics they drew the question to a
// certification page that names the date rather than to the statement
// that holds the figure. A month and day stay: they name the period.
func markPeriodWords(toks []Token, used []bool, i int) {
	for _, step := range []int{-1, 1} {
		for k, n := i+step, 0; k >= 0 && k < len(toks) && n < periodSpan; k, n = k+step, n+1 {
			w := toks[k].Lower
			switch {
			case periodWords[w]:
				used[k] = true
			case periodGlue[w] || months[w] || toks[k].Num && len(w) <= 2:
			default:
				k = -2 // stop
			}
		}
	}
}

// periodSpan is how far from its year a period phrase reaches, in words.
const periodSpan = 6

var (
	periodWords = map[string]bool{"fiscal": true, "fy": true, "year": true, "years": true, "yr": true, "ended": true, "ending": true,
		"end": true, "ends": true, "quarter": true, "quarters": true, "period": true, "month": true, "months": true, "calendar": true}
	periodGlue = map[string]bool{"the": true, "of": true, "as": true, "for": true, "in": true, "at": true, "on": true,
		"three": true, "six": true, "nine": true, "twelve": true}
	months = map[string]bool{"january": true, "february": true, "march": true, "april": true, "may": true, "june": true,
		"july": true, "august": true, "september": true, "october": true, "november": true, "december": true,
		"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true,
		"sept": true, "oct": true, "nov": true, "dec": true}
)

// IsMonth reports whether a lower-case word names a month, in full or
// abbreviated ("december", "dec").
func IsMonth(w string) bool { return months[w] }

var locatorWords = map[string]bool{"table": true, "figure": true, "fig": true, "section": true, "page": true,
	"chapter": true, "appendix": true, "note": true, "item": true, "exhibit": true, "part": true, "step": true}

var corporateSuffix = map[string]bool{"inc": true, "ltd": true, "corp": true, "corporation": true, "limited": true,
	"co": true, "plc": true, "llc": true, "company": true, "incorporated": true, "the": true}

// YearsIn returns the years a text names: four-digit years from 1900 to
// 2100 and fiscal years ("FY22", "FY2022"), in order of appearance.
func YearsIn(s string) []int {
	var out []int
	for _, m := range fiscalRE.FindAllStringSubmatch(s, -1) {
		if y := fullYear(m[1]); y > 0 {
			out = append(out, y)
		}
	}
	for _, t := range Tokens(s) {
		if len(t.Lower) == 4 && allDigits(t.Lower) {
			if y := atoi(t.Lower); y >= 1900 && y <= 2100 {
				out = append(out, y)
			}
		}
		// "2022q2", "2023q1": a year with its quarter.
		if len(t.Lower) == 6 && allDigits(t.Lower[:4]) && t.Lower[4] == 'q' {
			if y := atoi(t.Lower[:4]); y >= 1900 && y <= 2100 {
				out = append(out, y)
			}
		}
	}
	return out
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func anyUsed(u []bool) bool {
	for _, x := range u {
		if x {
			return true
		}
	}
	return false
}

func conceptOf(name string, kind ConceptKind, forms []phrase) Concept {
	c := Concept{Name: name, Kind: kind}
	for _, f := range forms {
		c.Forms = append(c.Forms, f.stems)
		c.Phrases = append(c.Phrases, f.text)
	}
	return c
}

func contentWords(stems []string) []string {
	var out []string
	for _, s := range stems {
		if !IsStopWord(s) {
			out = append(out, s)
		}
	}
	return out
}

func fullYear(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	switch {
	case len(s) == 2:
		return 2000 + n
	case n >= 1900 && n <= 2100:
		return n
	}
	return 0
}

// isEntityToken reports whether t looks like part of a name: capitalised
// (unless it opens a sentence), an acronym, or letters with digits.
func isEntityToken(t Token, opening bool) bool {
	if IsStopWord(t.Lower) && !t.AllCaps {
		return false
	}
	if t.Num {
		return !allDigits(strings.ReplaceAll(t.Lower, ".", "")) || len(t.Lower) <= 3
	}
	if t.AllCaps {
		return true
	}
	return t.Cap && !opening
}

// adjacent reports whether two tokens are separated only by spaces,
// hyphens or a period (one name: "Step-Back", "R.A. Shah").
func adjacent(text string, a, b Token) bool {
	gap := text[a.End:b.Start]
	return strings.Trim(gap, " -.") == "" && len(gap) <= 3
}

// sentenceStarts marks tokens that open a sentence of text.
func sentenceStarts(text string, toks []Token) []bool {
	out := make([]bool, len(toks))
	for i, t := range toks {
		if i == 0 {
			out[i] = true
			continue
		}
		gap := strings.TrimSpace(text[toks[i-1].End:t.Start])
		out[i] = strings.ContainsAny(gap, ".?!:") && !strings.HasSuffix(gap, ",")
	}
	return out
}

// weigh returns a concept's weight: its idf, or a guess from its length,
// raised for constraints (a wrong name or year makes text useless).
func weigh(c *Concept, idf map[string]float64) float64 {
	w := 0.0
	if v, ok := idf[c.Name]; ok {
		w = v
	} else {
		// No statistics: longer words are rarer.
		w = 1.5
		for _, p := range c.Phrases {
			w = math.Max(w, 1+0.35*float64(len(p)))
		}
		w = math.Min(w, 4)
	}
	switch c.Kind {
	case Entity, Quote:
		w *= 1.2
	case Period:
		w = math.Max(w, 1.5)
	}
	return w
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
