package answer

import (
	"regexp"
	"strings"

	"archivist/app/lang"
)

// Denials and names (verdict.go): a lead that denies what the question
// does not, or splits a name the question gives, does not meet it.

// A question that asks what something does not do, or who did not, is
// not answered by a sentence that says what it does: the sentence must
// deny as the question does. (The other way round is not so: "What
// should fall under article 56?" may be answered by what should not,
// among what should.)
//
// The denial must bear on what the question denies: "Who was not exempt
// from member state taxes?" is not answered by "… being exempt from
// member state taxes (but not EU taxes)". The first content word after
// the question's denial ("exempt") must follow a denial in the sentence
// within a few words ("not exempt", "never fully exempt"), or be denied
// by its own prefix ("non-exempt").
var negationRE = regexp.MustCompile(`(?i)\b(not|never|none|neither|nor|cannot|nothing|nobody|no longer|no)\b|n['’]t\b|\bnon-?\p{L}`)

// denialReach is how many words before the denied word a denial bears on
// it.
const denialReach = 4

// deniesAsAsked reports whether text denies when the question does, and
// what it denies.
func deniesAsAsked(q, text string) bool {
	var loc []int
	for _, l := range negationRE.FindAllStringIndex(q, -1) {
		if !strings.HasPrefix(strings.ToLower(q[l[0]:l[1]]), "non") {
			loc = l // "non-vested" names a kind of thing; "not vested" denies
			break
		}
	}
	if loc == nil {
		return !negationRE.MatchString(q) || negationRE.MatchString(text)
	}
	denied := ""
	for _, t := range lang.Tokens(q[loc[1]:]) {
		if !lang.IsStopWord(t.Lower) && !negationRE.MatchString(t.Lower) {
			denied = lang.Family(t.Lower)
			break
		}
	}
	if !negationRE.MatchString(text) {
		return false
	}
	if denied == "" {
		return true
	}
	toks := lang.Tokens(text)
	for i, t := range toks {
		if lang.Family(t.Lower) != denied && lang.Family(strings.TrimPrefix(strings.TrimPrefix(t.Lower, "non"), "-")) != denied {
			continue
		}
		if strings.HasPrefix(t.Lower, "non") && lang.Family(t.Lower) != denied {
			return true // "non-exempt"
		}
		for j := max(0, i-denialReach); j < i; j++ {
			if negationRE.MatchString(toks[j].Lower) || strings.HasSuffix(toks[j].Lower, "n't") || strings.HasSuffix(toks[j].Lower, "n’t") {
				return true
			}
		}
	}
	return false
}

// A name is its words in order: "Zbigniew Marek" is not named by a
// sentence about "Marek Budzyński and Zbigniew Badowski", nor "the
// Centre for Ujazdow Art" by "Ujazdów Castle … Centre for Contemporary
// Art". nameRuns returns the runs of two or more capitalised words a
// question gives (its first word aside), as family keys; none for a
// question written in title case or capitals, whose capitals say
// nothing.
func nameRuns(q string) [][]string {
	toks := lang.Tokens(q)
	caps := 0
	for _, t := range toks {
		if t.Cap || t.AllCaps {
			caps++
		}
	}
	if len(toks) == 0 || caps*2 > len(toks) {
		return nil
	}
	var runs [][]string
	var run []string
	flush := func() {
		if len(run) >= 2 {
			runs = append(runs, run)
		}
		run = nil
	}
	for i, t := range toks {
		if i > 0 && (t.Cap || t.AllCaps) && !t.Num && !lang.IsStopWord(t.Lower) && (len(run) == 0 || adjacentTokens(q, toks[i-1], t)) {
			run = append(run, lang.Family(t.Lower))
			continue
		}
		flush()
		if i > 0 && (t.Cap || t.AllCaps) && !t.Num && !lang.IsStopWord(t.Lower) {
			run = append(run, lang.Family(t.Lower))
		}
	}
	flush()
	return runs
}

// splitsName reports whether text holds every word of a name the
// question gives but neither word after word nor in the question's order
// within one name of its own — a longer form keeps them ("Amcor UK Finance plc" names "Amcor
// Finance", "Maria Skłodowska-Curie" names "Maria Curie").
func splitsName(text string, runs [][]string) bool {
	if len(runs) == 0 {
		return false
	}
	toks := lang.Tokens(text)
	have := map[string]bool{}
	var seq []string
	var names [][]string // the text's runs of capitalised words
	var cur []string
	for i, t := range toks {
		f := lang.Family(t.Lower)
		have[f] = true
		seq = append(seq, f)
		if (t.Cap || t.AllCaps) && !t.Num && (len(cur) == 0 || adjacentTokens(text, toks[i-1], t)) {
			cur = append(cur, f)
			continue
		}
		names = append(names, cur)
		cur = nil
		if (t.Cap || t.AllCaps) && !t.Num {
			cur = []string{f}
		}
	}
	names = append(names, cur)
	for _, run := range runs {
		all := true
		for _, w := range run {
			all = all && have[w]
		}
		if !all {
			continue
		}
		kept := lang.ContainsRun(seq, run) // as the question writes it, in any case
		for _, n := range names {
			kept = kept || inOrder(n, run)
		}
		if !kept {
			return true
		}
	}
	return false
}

// inOrder reports whether seq holds the words of run in run's order.
func inOrder(seq, run []string) bool {
	i := 0
	for _, w := range seq {
		if i < len(run) && w == run[i] {
			i++
		}
	}
	return i == len(run)
}
