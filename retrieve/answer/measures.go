package answer

import (
	"regexp"
	"slices"
	"strings"

	"archivist/app/lang"
)

// Financial statements state one figure under several measures that
// differ by a single word, and a plain question names its measure by
// that word or by its absence.
//
// Some words split a measure into two line items a statement sets side by
// side: earnings per share "basic" and "diluted", net income and the net
// income "attributable" to the company (the rest is the non-controlling
// interests'). A question that writes one asks that line, and a quote that
// writes neither the word nor a header or introduction holding it states
// the other.
//
// Other words name a different measure built on the same noun: "gross
// profit" and "operating income" are steps above the net profit or
// income a question asks by the bare noun, "comprehensive income" a
// measure beside it. A row labelled so answers only a question that
// writes the word.

// splittingWords are the words that split a measure into two lines.
var splittingWords = []string{"diluted", "basic", "attributable"}

// splitMissing returns the splitting word question q writes that the
// quote — its text, the label and header it is read under and its
// introduction, given as read — does not, or "".
func splitMissing(q, read string) string {
	asked := map[string]bool{}
	for _, t := range lang.Tokens(q) {
		asked[t.Lower] = true
	}
	written := map[string]bool{}
	for _, t := range lang.Tokens(read) {
		written[lang.Family(t.Lower)] = true
	}
	for _, w := range splittingWords {
		if asked[w] && !written[lang.Family(w)] {
			return w
		}
	}
	return ""
}

// stepWords are the words that name another measure before a head noun
// of a figure: qualifier → the heads it changes.
var stepWords = map[string][]string{
	"gross":         {"profit", "margin", "income", "earnings"},
	"operating":     {"profit", "income", "loss", "margin", "earnings"},
	"comprehensive": {"income", "loss", "earnings"},
	"pretax":        {"income", "profit", "earnings", "loss"},
	"segment":       {"profit", "income", "loss", "revenue", "revenues", "sales", "margin", "earnings"},
	"adjusted":      {"profit", "income", "loss", "earnings", "ebitda", "revenue", "revenues", "sales", "margin", "eps"},
}

// stepRE finds "pre-tax" written with its hyphen.
var stepRE = regexp.MustCompile(`(?i)\bpre-tax\b`)

// labelSteps returns the qualifier of label that names another measure
// than question q asks — "gross" of "Gross profit" for "How much profit
// did Nike make?" — or "" when q writes it or the label has none.
func labelSteps(q, label string) string {
	asked := map[string]bool{}
	for _, t := range lang.Tokens(stepRE.ReplaceAllString(q, "pretax")) {
		asked[t.Lower] = true
	}
	toks := lang.Tokens(stepRE.ReplaceAllString(label, "pretax"))
	for i := 0; i+1 < len(toks); i++ {
		w := toks[i].Lower
		if asked[w] {
			continue
		}
		// The head may follow other words of the measure: "Segment
		// operating income", "Adjusted diluted EPS".
		for j := i + 1; j < min(len(toks), i+4); j++ {
			for _, head := range stepWords[w] {
				if toks[j].Lower == head && (asked[head] || asked[lang.Inflection(head)]) {
					return w
				}
			}
		}
	}
	return ""
}

// A sentence names the measure of a figure by a noun phrase, and the
// words before its head narrow it: "the carrying value of our
// asset-backed debt was $14.2 billion" is one kind of debt, not the debt a
// question asks ("How much debt was Verizon carrying?"). Some words
// narrow nothing — the whole ("total", "consolidated"), the period
// ("annual", "full-year") — and the top line is net of returns whatever
// it is called ("net sales", "operating revenues"), as the bottom line is
// net ("net income", "net loss").

// wholeWords are the qualifiers that name the whole measure.
var wholeWords = familySet(`total consolidated aggregate overall reported annual full year fiscal gaap`)

// netHeads are the measures a statement states net, or as operating,
// under their plain name.
var netHeads = familySet(`revenue revenues sales income earnings loss losses profit`)

// narrowedBy returns the word by which text narrows every mention of the
// measure head it names to another measure than question q asks, or ""
// when some mention is the measure itself (or none is made). named holds
// the family keys of the question's words and of its abbreviations' long
// forms.
func narrowedBy(q, head, text string, named map[string]bool) string {
	asked := map[string]bool{}
	for _, t := range lang.Tokens(q) {
		asked[lang.Family(t.Lower)] = true
	}
	toks := lang.Tokens(text)
	narrowed := ""
	for i, t := range toks {
		if t.Num || lang.Family(t.Lower) != head {
			continue
		}
		extra := ""
		for j := i - 1; j >= 0 && extra == ""; j-- {
			w := toks[j]
			if w.Num || lang.IsStopWord(w.Lower) || !joinedInPhrase(text[w.End:toks[j+1].Start]) {
				break
			}
			f := lang.Family(w.Lower)
			if asked[f] || named[f] || wholeWords[f] || netHeads[head] && (w.Lower == "net" || f == lang.Family("operating")) {
				continue
			}
			extra = w.Lower
		}
		if extra == "" {
			extra = purposeAfter(toks, i, asked, named)
		}
		if extra == "" {
			extra = compoundAfter(text, toks, i, asked)
		}
		if extra == "" {
			return "" // the measure as asked
		}
		if narrowed == "" {
			narrowed = extra
		}
	}
	return narrowed
}

// compoundAfter returns the name of another measure the measure's head at
// toks[i] makes with the noun after it — "cash flow" of "cash flow
// hedges", "cash dividends", "income taxes", "sales growth" — or "" when
// the next word is none (a verb, a preposition, a figure) or one the
// question asks.
func compoundAfter(text string, toks []lang.Token, i int, asked map[string]bool) string {
	if i+1 >= len(toks) || strings.TrimSpace(text[toks[i].End:toks[i+1].Start]) != "" {
		return ""
	}
	next := toks[i+1]
	f := lang.Family(next.Lower)
	if next.Num || asked[f] || !(measureNouns[f] || compoundNouns[f]) || f == lang.Family(toks[i].Lower) {
		return ""
	}
	return toks[i].Lower + " " + next.Lower // the other measure's name, read whole: "cash flow"
}

// compoundNouns, after a measure's head, name another measure with it,
// as measureNouns do: "cash flow", "cash flows".
var compoundNouns = familySet(`flow flows`)

// purposeAfter returns the word by which "for" after the measure's head
// at toks[i] narrows it to a purpose or a part — "capital expenditures for
// pollution control", "revenue for each of the segments" — or "" when
// what follows is a period ("for 2021", "for the year"), the company, or
// words the question asks.
func purposeAfter(toks []lang.Token, i int, asked, named map[string]bool) string {
	if i+1 >= len(toks) || toks[i+1].Lower != "for" {
		return ""
	}
	for _, w := range toks[i+2 : min(len(toks), i+6)] {
		if lang.IsStopWord(w.Lower) {
			continue
		}
		f := lang.Family(w.Lower)
		if w.Num || asked[f] || named[f] || periodWords[f] || lang.IsMonth(w.Lower) || wholeWords[f] || wholeEntities[f] {
			return ""
		}
		return w.Lower
	}
	return ""
}

// wholeEntities name the reporting company as a whole in a row's label:
// "Total Company operating income".
var wholeEntities = familySet(`company corporation group enterprise`)

// labelNarrowed returns the word by which a row's label narrows the
// measure the question asks ("Restricted cash & cash equivalents" for
// cash and cash equivalents, "Adjusted operating income" for operating
// income, "Other long-term debt" for long-term debt): the label writes
// the measure's words in a run, or its head alone, after a word the
// question does not give — not a total's or a net figure's, which name
// the measure itself. "" when it does not.
func labelNarrowed(q string, sh shape, label string) string {
	if len(sh.Measure) == 0 || len(sh.Measure) < 2 && !measureNouns[sh.Measure[0]] {
		return ""
	}
	var toks []lang.Token
	var fams []string
	for _, t := range lang.Tokens(label) {
		f := lang.Family(t.Lower)
		// "Other long-term debt": "other" names the rest of it, a part;
		// "term" is a small word, and the measure's own.
		if !t.Num && (!lang.IsStopWord(t.Lower) || t.Lower == "other" || slices.Contains(sh.Measure, f)) {
			toks, fams = append(toks, t), append(fams, f)
		}
	}
	at := -1
	for i := 0; i+len(sh.Measure) <= len(fams) && at < 0; i++ {
		if slices.Equal(fams[i:i+len(sh.Measure)], sh.Measure) {
			at = i
		}
	}
	if at < 0 {
		// The label does not write the measure as one phrase: its head,
		// with none of the measure's other words before it, after another
		// word names another measure — "Interest and other income
		// (expense), net" is not net income. (A word within the phrase,
		// "Diluted net income per common share", narrows nothing.)
		head := sh.Measure[len(sh.Measure)-1]
		at = slices.Index(fams, head)
		for i := 0; i < at; i++ {
			if slices.Contains(sh.Measure, fams[i]) {
				at = -1
				break
			}
		}
	}
	if at <= 0 {
		return ""
	}
	asked := map[string]bool{}
	for _, t := range lang.Tokens(q) {
		asked[lang.Family(t.Lower)] = true
	}
	f, head := fams[at-1], sh.Measure[len(sh.Measure)-1]
	if asked[f] || sh.named[f] || wholeWords[f] || wholeEntities[f] || legalWord(toks[at-1].Lower) || netHeads[head] && (f == lang.Family("net") || f == lang.Family("operating")) {
		return ""
	}
	return toks[at-1].Lower
}

// joinedInPhrase reports whether gap, the text between two words, keeps
// them in one noun phrase: a space or a hyphen, not punctuation.
func joinedInPhrase(gap string) bool {
	for _, r := range gap {
		if r != ' ' && r != '-' && r != '\u00a0' {
			return false
		}
	}
	return true
}

// statedAs are the words a statement's line sets after its measure:
// "Accounts receivable, net", "Property and equipment, gross".
var statedAs = familySet(`net gross`)

// measureHead returns the family key of the head noun of the measure sh
// asks — the last word of its phrase ("debt" of "How much debt …") —
// when it asks an amount of one: not a count, a share, a date or a
// statement; "" otherwise.
func measureHead(sh shape) string {
	if !sh.Figure || sh.When || sh.Statement || sh.Type != lang.AnyType && sh.Type != lang.AmountType {
		return ""
	}
	head := sh.Kind
	if m := sh.Measure; len(m) > 0 {
		head = m[len(m)-1]
		if len(m) > 1 && statedAs[head] {
			head = m[len(m)-2] // "accounts receivable net", as a statement's line writes it
		}
	}
	if !measureNouns[head] {
		return ""
	}
	return head
}

// A figure followed by "of" and a noun phrase is that phrase's amount:
// "approximately $518 million of deferred net gains … are expected to be
// reclassified to Net income" states the gains, not the net income the
// sentence also names.

// amountOfRE finds an amount bound by "of" to the phrase after it.
var amountOfRE = regexp.MustCompile(`[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s*(?:million|billion|thousand))?\s+of\s+([^,.;:()]{1,80})`)

// currencyAmountRE finds an amount of money.
var currencyAmountRE = regexp.MustCompile(`[$€£¥]\s?\d`)

// boundToOther reports whether every amount of money text states is bound
// by "of" to a phrase that does not name the measure head asked.
func boundToOther(text, head string) bool {
	bound := amountOfRE.FindAllStringSubmatch(text, -1)
	if len(bound) == 0 || len(bound) < len(currencyAmountRE.FindAllString(text, -1)) {
		return false
	}
	for _, m := range bound {
		for _, t := range lang.Tokens(m[1]) {
			if lang.Family(t.Lower) == head {
				return false
			}
		}
	}
	return true
}
