// Package retrieve finds evidence for a question: the FTS5 candidate pass,
// evidence windows within each document's budget, and the Research service
// that turns evidence into a stored, cited answer.
package retrieve

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app/script"
)

// MaxTerms bounds the terms taken from one question, so a pasted paragraph
// cannot turn into a query that matches every row.
const MaxTerms = 16

// Terms returns the search terms of a question: words and numbers in their
// search form (script.Fold: lower case, no accents, ordinary widths), stop
// words and one-letter words dropped, duplicates removed, in question
// order. Text of scripts written without spaces gives its units
// (script.Units), one character long or two.
func Terms(question string) []string {
	var terms []string
	seen := map[string]bool{}
	for _, w := range script.Words(question) {
		unit := script.Unspaced(firstRune(w))
		if !unit && len([]rune(w)) < 2 && !unicode.IsNumber([]rune(w)[0]) || stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		terms = append(terms, w)
		if len(terms) == MaxTerms {
			break
		}
	}
	return terms
}

// minPrefixRunes is the shortest term matched as a prefix. The porter
// stemmer already joins inflections ("lamps" and "lamp"); a prefix adds
// compounds ("cashflow" for "cash…") but costs FTS5 a merge of every token
// that shares it, which for short terms is most of the index.
const minPrefixRunes = 6

// MatchAny returns an FTS5 expression matching any of terms: each term is
// quoted (so nothing in a question is FTS syntax), and longer words match as
// prefixes ("revenue" finds "revenues" and "revenuerecognition").
func MatchAny(terms []string) string {
	parts := make([]string, 0, len(terms))
	for _, t := range terms {
		parts = append(parts, matchTerm(t))
	}
	return strings.Join(parts, " OR ")
}

func matchTerm(t string) string {
	q := quoteTerm(t)
	if len([]rune(t)) >= minPrefixRunes && !isNumber(t) && !script.Unspaced(firstRune(t)) {
		q += "*"
	}
	return q
}

// quoteTerm is t as one quoted FTS5 string: the exact word, no prefix. It
// is written as the index reads text (script.IndexText), so a unit of
// unspaced text is a phrase of its characters.
func quoteTerm(t string) string {
	return `"` + strings.ReplaceAll(script.IndexText(t), `"`, `""`) + `"`
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// stopWords are English function words and question words that say nothing
// about where an answer is.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because
	been before being below between both but by can could did do does doing down during each few for from
	further had has have having he her here hers herself him himself his how i if in into is it its itself
	just me more most my myself no nor not now of off on once only or other our ours ourselves out over own
	same she should so some such than that the their theirs them themselves then there these they this those
	through to too under until up very was we were what when where which while who whom why will with would
	you your yours yourself yourselves tell show give find please say said says also may might must shall
	whats there's isn't aren't doesn't don't ll re ve s t d m many much long often use`) {
		m[w] = true
	}
	return m
}()
