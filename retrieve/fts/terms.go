package fts

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/retrieve/jev/lex"
)

// MaxTerms bounds the terms taken from one question, so a pasted paragraph
// cannot turn into a query that matches every row.
const MaxTerms = 16

// Terms returns the search terms of a question: its words and numbers as
// lex.Tokens reads them (the tokenizer routing and the extractive answerer
// use too, so "R&D" and "fy2022" stay whole and "3M's" is "3m"), lower-case,
// lex's stop words and one-letter words dropped, duplicates removed, in
// question order.
func Terms(question string) []string {
	var terms []string
	seen := map[string]bool{}
	for _, t := range lex.Tokens(question) {
		w := t.Lower
		if utf8.RuneCountInString(w) < 2 && !t.Num || lex.IsStopWord(w) || seen[w] {
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
	if len([]rune(t)) >= minPrefixRunes && !isNumber(t) {
		q += "*"
	}
	return q
}

// quoteTerm is t as one quoted FTS5 string: the exact word, no prefix.
func quoteTerm(t string) string { return `"` + strings.ReplaceAll(t, `"`, `""`) + `"` }

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}
