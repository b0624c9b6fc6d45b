// Package lang is the language layer every part of Archivist reads text
// through: the import (abbreviations, languages), the store (the FTS5
// index's text and lookups) and the question path (FTS terms, the router,
// the local judge and the extractive answerer), so a word is split,
// folded and stemmed the same way wherever it is compared.
//
// It holds a tokenizer that keeps numbers and "R&D"-style terms whole; the
// Porter stemmer SQLite's FTS5 uses; script handling, so scripts written
// without spaces (Han, Kana, Hangul, Thai, …) are searched by the same
// units everywhere (see script.go); a small glossary of standard business
// and document vocabulary; question analysis (concepts, periods, entities,
// intent) and weighted matching of text against a question; amounts in
// their units; and the languages a document can be detected in (see
// languages.go). Nothing in it knows any particular document.
package lang
