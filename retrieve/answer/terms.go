package answer

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"archivist/app/lang"
)

// The question's terms as the extractive answerer weighs them, and the
// words of a quote they are looked for in.

// taskWords say how to answer rather than what about: "According to the
// details clearly outlined within the balance sheet … Answer in USD
// millions." No passage holds them, so counted as terms they would make
// every long, careful question look unanswerable. Held by stem.
var taskWords = familySet(`according detail details clearly outlined outline within answer answers question
	questions following please explain calculate calculated calculation define defined definition round rounded
	using utilizing utilize primarily referencing reference provided information shown usd
	million millions billion billions thousand thousands decimal decimals approximately roughly
	resource resources abilities ability only directly explicitly metric useful conventional
	address addressing assume assumes like based data need drove drive drives caused fy cy`)

// periodWords only say that the year a question names is a period of
// account — "for the fiscal year ending January 28, 2023", "in the
// quarter ended" — so when a year is named they, and the month and day
// of its end, ask nothing beyond it: a table's column of that year
// answers. Held by family.
var periodWords = familySet(`fiscal year years ending ended end period quarter quarters month months annual
	january february march april may june july august september october november december
	jan feb mar apr jun jul aug sep sept oct nov dec`)

// dayOfMonth reports whether a term is a day of a month: "31" in
// "December 31, 2022".
func dayOfMonth(t string) bool {
	n, err := strconv.Atoi(t)
	return err == nil && len(t) <= 2 && n >= 1 && n <= 31
}

// questionStems returns the stems of the question's terms, without the
// words that only say how to answer (taskWords). A fiscal or calendar
// year written as one word ("fy2022", "fy22") stands for its year, which
// is how tables and prose write it.
func questionStems(terms []string) []string {
	var out []string
	seen := map[string]bool{}
	dated := false
	for _, t := range terms {
		if _, ok := yearOf(t); ok {
			dated = true
		}
	}
	for _, t := range terms {
		if taskWords[lang.Family(t)] || dated && (periodWords[lang.Family(t)] || dayOfMonth(t)) || asksOnly(t) {
			continue
		}
		s := lang.Family(t)
		if y, ok := yearOf(t); ok {
			s = y
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// asksOnly reports whether a unit of unspaced text only says how the
// question asks, not what it asks about. Japanese writes its content words
// in kanji and katakana and its grammar — particles, endings, the polite
// "…ますか" — in hiragana, so a unit of hiragana alone carries no topic;
// and the interrogatives of Japanese and Chinese (何 "what", 誰/谁 "who",
// 什么, 哪, 几, 多少) name the answer's place, which the answer fills with
// something else.
func asksOnly(t string) bool {
	rs := []rune(t)
	if len(rs) == 0 || !lang.Unspaced(rs[0]) {
		return false
	}
	kana := true
	for _, r := range rs {
		if strings.ContainsRune("何誰谁什么哪几多少吗呢怎为", r) {
			return true
		}
		kana = kana && unicode.Is(unicode.Hiragana, r)
	}
	return kana
}

// mistyped reports whether a question term is a function word with two
// neighbouring letters swapped — "dose" for "does", "fro" for "for", "hte"
// for "the" — the commonest slip of typing.
func mistyped(term string) bool {
	b := []byte(term)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == b[i+1] {
			continue
		}
		b[i], b[i+1] = b[i+1], b[i]
		stop := lang.IsStopWord(string(b))
		b[i], b[i+1] = b[i+1], b[i]
		if stop {
			return true
		}
	}
	return false
}

// withoutSlips drops from stems the question's mistyped function words
// (mistyped) that no candidate holds: "How many employees dose PwC
// Assurance have?" asks nothing about doses. A term some quote does
// hold is kept, whatever it looks like.
func withoutSlips(stems, terms []string, cands []candidate) []string {
	slip := map[string]bool{}
	for _, t := range terms {
		if mistyped(t) {
			slip[lang.Family(t)] = true
		}
	}
	if len(slip) == 0 {
		return stems
	}
	for _, c := range cands {
		for st := range slip {
			if c.words[st] {
				delete(slip, st)
			}
		}
	}
	var out []string
	for _, s := range stems {
		if !slip[s] {
			out = append(out, s)
		}
	}
	return out
}

// kindOfRE finds the words that only say a question asks for a kind of
// something: "what kind of environment", "which type of loan".
var kindOfRE = regexp.MustCompile(`(?i)\b(kind|kinds|type|types|sort|sorts)\s+of\b`)

// withoutKindOf drops those words (kindOfRE) from a question's stems: the
// answer names the kind, not the word "kind".
func withoutKindOf(stems []string, question string) []string {
	drop := map[string]bool{}
	for _, m := range kindOfRE.FindAllStringSubmatch(question, -1) {
		drop[lang.Family(strings.ToLower(m[1]))] = true
	}
	if len(drop) == 0 {
		return stems
	}
	var out []string
	for _, s := range stems {
		if !drop[s] {
			out = append(out, s)
		}
	}
	return out
}

// anaphoricLeads open a sentence that speaks of the one before it: "In
// this case, ensure that you measure …" is about the case the sentence
// before describes.
var anaphoricLeads = []string{"in this case", "in that case", "in such cases", "in such a case", "if so", "if not", "otherwise", "in this situation"}

// changeBackRE finds a sentence that opens on a change the sentence
// before it states, to say why: "Net cash … increased by $60.1 million,
// from … to …" and then "The increase was attributable to …".
var changeBackRE = regexp.MustCompile(`(?i)^(?:the|this|these|such)\s+(?:increases?|decreases?|changes?|declines?|rises?|growth|improvements?|reductions?|falls?)\s+(?:was|were|is|are|of|in)\b`)

// pointsBack reports whether a sentence opens by pointing back to the
// one before it (anaphoricLeads, changeBackRE).
func pointsBack(text string) bool {
	if changeBackRE.MatchString(strings.TrimSpace(text)) {
		return true
	}
	t := strings.ToLower(text)
	for _, l := range anaphoricLeads {
		if strings.HasPrefix(t, l) && len(t) > len(l) && !unicode.IsLetter(rune(t[len(l)])) {
			return true
		}
	}
	return false
}

// titledSurnameRE finds a sentence opening on a person named by title
// and surname: "Mr. Malave has served as …".
var titledSurnameRE = regexp.MustCompile(`^(?:Mr|Ms|Mrs|Miss|Dr|Prof)\.?\s+(\p{Lu}[\p{L}'’\-]+)`)

// personTitles are the words that stand before a surname in place of a
// given name.
var personTitles = map[string]bool{"mr": true, "ms": true, "mrs": true, "miss": true, "dr": true, "prof": true}

// namesBackByTitle reports whether text names its person by title and
// surname and before introduces that person in full. A biography — of an
// officer in a filing, of an author, a speaker — opens on the full name
// ("Jesus Malave (age 54), Chief Financial Officer") and goes on by title
// and surname ("Mr. Malave has served as Chief Financial Officer since
// …"): the sentence is read with the line that says who it is, as a
// sentence that points back is.
func namesBackByTitle(text, before string) bool {
	m := titledSurnameRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil || before == "" {
		return false
	}
	toks := lang.Tokens(before)
	for i := 1; i < len(toks); i++ {
		if before[toks[i].Start:toks[i].End] != m[1] {
			continue
		}
		given := toks[i-1]
		if i > 1 && len(given.Lower) == 1 && toks[i-2].Cap {
			given = toks[i-2] // "Amy E. Hood"
		}
		if given.Cap && !personTitles[given.Lower] {
			return true
		}
	}
	return false
}

// withAntecedent adds to a sentence's context (the words that place it,
// weighed half) those of before, the sentence it points back to ("" for
// none).
func withAntecedent(context map[string]bool, before string) map[string]bool {
	for st := range wordStems(before) {
		context[st] = true
	}
	return context
}

// termWeights gives each question stem an inverse-frequency weight over the
// candidate sentences, so rare terms count for more than common ones; kind
// is the family key of the word for the answer's kind (kindNoun), or "".
func termWeights(stems []string, kind string, cands []candidate) map[string]float64 {
	df := map[string]int{}
	for _, c := range cands {
		for _, s := range stems {
			if c.words[s] {
				df[s]++
			}
		}
	}
	n := float64(len(cands))
	w := make(map[string]float64, len(stems))
	for _, s := range stems {
		w[s] = math.Log(1 + (n+1)/(float64(df[s])+0.5))
	}
	// The word for the answer's kind (kindNoun) counts half the lightest
	// of the others: a quote holding it is a little better placed, one
	// without it no less an answer.
	if _, ok := w[kind]; ok && len(w) > 1 {
		lightest := math.Inf(1)
		for s, v := range w {
			if s != kind {
				lightest = math.Min(lightest, v)
			}
		}
		w[kind] = lightest / 2
	}
	return w
}

// wordStems returns the set of stems of the words in s, each also under
// its base when it carries a derivational suffix ("deepened" → "deepen" →
// also "deep"), so a question's plain word meets its derived forms.
func wordStems(s string) map[string]bool {
	m := map[string]bool{}
	toks := lang.Tokens(s)
	for i, t := range toks {
		if i > 0 && joinable(toks[i-1], t, s) {
			// A name of two capitalised words is also written as one:
			// "Best Buy" is the question's "Bestbuy", "Power Point" its
			// "PowerPoint".
			j := toks[i-1].Lower + t.Lower
			m[j], m[lang.Family(j)] = true, true
		}
		if a, b, ok := lang.PairClusters(t.Lower); ok {
			m[a], m[b] = true, true // a question's one-character unit meets its pairs
		}
		if y := fiscalYear(t.Lower); y != "" {
			m[y] = true // a header's "FY19" is the question's 2019
		}
		st := lang.Inflection(t.Lower)
		m[st] = true
		m[lang.Family(t.Lower)] = true // "employed" meets "employees"
		for _, suf := range derivational {
			if strings.HasSuffix(st, suf) && len(st)-len(suf) >= 3 {
				m[st[:len(st)-len(suf)]] = true
				break
			}
		}
	}
	return m
}

// fiscalYear returns the year a fiscal year's short form names, as
// reports head their columns — "fy19", "fy2019", "f19" — or "".
func fiscalYear(w string) string {
	if w == "" || w[0] != 'f' || w[len(w)-1] < '0' || w[len(w)-1] > '9' {
		return "" // most words: no regular expression on every word of every candidate
	}
	if ys := lang.YearsIn(w); len(ys) == 1 {
		return strconv.Itoa(ys[0])
	}
	return ""
}

// exactWords returns the words of s as they are written, lower-case, each
// also as its stem ("models" → "model") and two capitalised words also
// joined, but never reduced to a family: a name is met by itself, not by
// a word it resembles ("Technic" is not "technical").
func exactWords(s string) map[string]bool {
	m := map[string]bool{}
	toks := lang.Tokens(s)
	for i, t := range toks {
		m[t.Lower], m[lang.Inflection(t.Lower)] = true, true
		if i > 0 && joinable(toks[i-1], t, s) {
			j := toks[i-1].Lower + t.Lower
			m[j], m[lang.Inflection(j)] = true, true
		}
	}
	return m
}

// joinable reports whether two neighbouring tokens of s are words of one
// name: both capitalised, all letters, with only a space or a hyphen
// between them ("Best Buy", "Wal-Mart", "Coca-Cola").
func joinable(a, b lang.Token, s string) bool {
	if !(a.Cap || a.AllCaps) || !(b.Cap || b.AllCaps) || a.Num || b.Num {
		return false
	}
	gap := s[a.End:b.Start]
	return gap == " " || gap == "-"
}

var derivational = []string{"ness", "ment", "ity", "ion", "ive", "est", "en", "er", "al"}
