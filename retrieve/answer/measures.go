package answer

import (
	"regexp"

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
