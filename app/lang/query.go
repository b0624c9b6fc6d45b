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
func Analyze(question string, idf map[string]float64) *Query {
	q := &Query{Text: question}
	text := question
	for _, re := range boilerplate {
		text = re.ReplaceAllString(text, " ")
	}
	q.Asked = ReadAsked(text)
	seen := map[string]bool{}
	add := func(c Concept) {
		key := c.Name
		if seen[key] || len(c.Forms) == 0 {
			return
		}
		seen[key] = true
		q.Concepts = append(q.Concepts, c)
	}

	// Quoted phrases.
	var quoted [][]int
	for _, m := range quoteRE.FindAllStringSubmatchIndex(text, -1) {
		var stems, words []string
		for _, t := range Tokens(text[m[2]:m[3]]) {
			stems = append(stems, t.Stem)
			words = append(words, t.Lower)
		}
		if len(contentWords(words)) >= 2 {
			quoted = append(quoted, []int{m[2], m[3]})
			add(Concept{Name: "\"" + strings.Join(stems, " ") + "\"", Kind: Quote, Forms: [][]string{stems},
				Phrases: []string{strings.Join(words, " ")}})
		}
	}

	// Periods: fiscal years, quarters, plain years.
	years := map[int]bool{}
	for _, m := range fiscalRE.FindAllStringSubmatch(text, -1) {
		if y := fullYear(m[1]); y > 0 {
			years[y] = true
		}
	}
	quarters := map[string]bool{}
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
	toks := Tokens(text)
	for _, t := range toks {
		if n, err := strconv.Atoi(t.Lower); err == nil && n >= 1900 && n <= 2100 && len(t.Lower) == 4 {
			years[n] = true
		}
	}
	for y := range years {
		q.Years = append(q.Years, y)
	}
	sort.Ints(q.Years)
	for _, y := range q.Years {
		ys := strconv.Itoa(y)
		add(Concept{Name: ys, Kind: Period, Forms: [][]string{{ys}, {"fy" + ys}, {"fy" + ys[2:]}},
			Phrases: []string{ys, "fy" + ys, "fy" + ys[2:]}})
	}
	for qn := range quarters {
		ord := []string{"", "first", "second", "third", "fourth"}[qn[0]-'0']
		add(Concept{Name: "q" + qn, Kind: Period, Forms: [][]string{{"q" + qn}, {Stem(ord), "quarter"}, {"three", "month", "end"}},
			Phrases: []string{"q" + qn, ord + " quarter", "three months ended"}})
	}

	used := make([]bool, len(toks))
	// Locators: "Table 2", "Section 3.4", "page 5", "Note 7" point into
	// a document's structure; they place the answer without constraining
	// what it says.
	for i := 0; i+1 < len(toks); i++ {
		if !locatorWords[toks[i].Lower] || !toks[i+1].Num || used[i] {
			continue
		}
		used[i], used[i+1] = true, true
		word := toks[i].Lower
		if word == "fig" {
			word = "figure"
		}
		add(Concept{Name: Stem(word) + " " + toks[i+1].Lower, Kind: Topic,
			Forms:   [][]string{{Stem(word), toks[i+1].Lower}, {toks[i+1].Lower}},
			Phrases: []string{word + " " + toks[i+1].Lower, toks[i+1].Lower}})
	}

	// Glossary phrases, longest first, then the remaining content words.
	for i, t := range toks {
		if fiscalRE.MatchString(t.Lower) || quarterRE.MatchString(t.Lower) || years[atoi(t.Lower)] {
			used[i] = true
			markPeriodWords(toks, used, i)
		}
		for _, r := range quoted {
			if t.Start >= r[0] && t.End <= r[1] {
				used[i] = true
			}
		}
	}
	for n := gloss.maxLen; n >= 1; n-- {
		for i := 0; i+n <= len(toks); i++ {
			if anyUsed(used[i : i+n]) {
				continue
			}
			stems := make([]string, n)
			for k := range stems {
				stems[k] = toks[i+k].Stem
			}
			key := strings.Join(stems, " ")
			syn, isSyn := gloss.syn[key]
			rel, isRel := gloss.related[key]
			if !isSyn && !isRel {
				continue
			}
			if n == 1 && IsStopWord(toks[i].Lower) {
				continue
			}
			for k := i; k < i+n; k++ {
				used[k] = true
			}
			words := make([]string, n)
			for k := range words {
				words[k] = toks[i+k].Lower
			}
			forms := []phrase{{stems, strings.Join(words, " ")}}
			if isSyn {
				forms = appendPhrases(forms, syn...)
			}
			add(conceptOf(key, Topic, forms))
			parent := 0
			for ci := range q.Concepts {
				if q.Concepts[ci].Name == key {
					parent = ci + 1
				}
			}
			for _, forms := range rel {
				c := conceptOf("~"+strings.Join(forms[0].stems, " "), Support, forms)
				c.PartOf = parent
				add(c)
			}
		}
	}

	// Entities: runs of capitalised words (not opening the question),
	// acronyms and tokens with digits.
	sentenceStart := sentenceStarts(text, toks)
	for i := 0; i < len(toks); {
		t := toks[i]
		if !isEntityToken(t, sentenceStart[i]) || used[i] {
			i++
			continue
		}
		j := i
		for j < len(toks) && !used[j] && isEntityToken(toks[j], false) && (j == i || adjacent(text, toks[j-1], toks[j])) {
			j++
		}
		var stems, words []string
		for k := i; k < j; k++ {
			if corporateSuffix[toks[k].Lower] {
				continue
			}
			stems = append(stems, toks[k].Stem)
			words = append(words, toks[k].Lower)
		}
		for k := i; k < j; k++ {
			used[k] = true
		}
		i = j
		if len(stems) == 0 {
			continue
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
		add(c)
	}
	for i, t := range toks {
		if used[i] || IsStopWord(t.Lower) || len(t.Lower) < 2 && !t.Num {
			continue
		}
		kind := Topic
		if t.Num {
			kind = Number
		}
		add(Concept{Name: t.Stem, Kind: kind, Forms: [][]string{{t.Stem}}, Phrases: []string{t.Lower}})
	}

	// Bigrams of adjacent content words.
	var prev string
	for _, t := range toks {
		if IsStopWord(t.Lower) {
			prev = ""
			continue
		}
		if prev != "" {
			q.Bigrams = append(q.Bigrams, [2]string{prev, t.Stem})
		}
		prev = t.Stem
	}

	for i := range q.Concepts {
		c := &q.Concepts[i]
		c.Weight = weigh(c, idf)
		if c.Kind == Entity && len(c.Forms) > 1 {
			c.WordWeights = make([]float64, len(c.Forms)-1)
			for k, f := range c.Forms[1:] {
				c.WordWeights[k] = weigh(&Concept{Name: f[0], Phrases: c.Phrases[k+1 : k+2]}, idf)
			}
		}
	}
	for _, a := range Amounts(text) {
		for ci := range q.Concepts {
			if c := &q.Concepts[ci]; a.Scaled && c.Kind == Number && slices.Equal(c.Forms[0], []string{a.Digits}) {
				q.amounts = append(q.amounts, conceptAmount{ci, a})
			}
		}
	}
	q.firsts = firstStems(q)
	q.kin = kinOf(q.Concepts)
	for f := range q.kin {
		if st := twoBytes(f); !slices.Contains(q.kinStarts, st) { // families have three bytes or more
			q.kinStarts = append(q.kinStarts, st)
		}
	}
	return q
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
