package fts

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app/lang"
)

// MaxTerms bounds the terms taken from one question, so a pasted paragraph
// cannot turn into a query that matches every row.
const MaxTerms = 16

// Terms returns the search terms of a question: its words and numbers as
// lang.Tokens reads them (the tokenizer routing and the extractive answerer
// use too, so "R&D" and "fy2022" stay whole and "3M's" is "3m"), lower-case,
// lex's stop words and one-letter words dropped, duplicates removed, in
// question order. Text of scripts written without spaces gives its units
// (lang.Unit: a pair of characters, or one at a sentence's end), which
// are kept however short.
func Terms(question string) []string {
	var terms []string
	seen := map[string]bool{}
	for _, t := range lang.Tokens(question) {
		w := t.Lower
		unit := lang.Unspaced(firstRune(w))
		if !unit && utf8.RuneCountInString(w) < 2 && !t.Num || lang.IsStopWord(w) || seen[w] {
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
	q := QuoteTerm(t)
	if len([]rune(t)) >= minPrefixRunes && !isNumber(t) && !lang.Unspaced(firstRune(t)) {
		q += "*"
	}
	return q
}

// QuoteTerm is t as one quoted FTS5 string: the exact word or phrase, no
// prefix. It is written as the index reads text (lang.IndexText), so a
// unit of unspaced text is a phrase of its characters.
func QuoteTerm(t string) string {
	return `"` + strings.ReplaceAll(lang.IndexText(t), `"`, `""`) + `"`
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
