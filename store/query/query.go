// Package query reads Archivist's search language, the one Search, saved
// Views and `archivist search` share:
//
//	storm lighthouse          both words, anywhere in the document
//	"north tower"             the words next to each other
//	keep*                     words starting with "keep"
//	-draft                    documents without the word
//	invoice OR receipt        either (OR binds closer than the implied AND)
//	tag:tax type:"tax return" correspondent:acme folder:Bills
//	sensitivity:confidential format:pdf lang:de
//	created:2022  created:2022-01..2022-06  imported:>2026-11-01  pages:>100
//
// A filter may be excluded (-tag:draft) and filters may be joined by OR
// (tag:a OR tag:b); a word and a filter may not (storm OR tag:a has no one
// meaning for a ranked list). Anything the language cannot say — a
// parenthesis, AND, NOT, an unknown filter, a date that does not exist — is
// an *Error that points at it, never a different query quietly run.
//
// Parse gives the syntax tree; FTS renders its text part as an SQLite FTS5
// MATCH expression, and the store turns its filters into SQL.
package query

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is a malformed query: what is wrong and where.
type Error struct {
	Query string
	Pos   int // byte offset into Query of the problem
	Msg   string
}

// Error says where, in characters counted from 1, and what.
func (e *Error) Error() string {
	return fmt.Sprintf("query has a problem at character %d: %s", e.Column(), e.Msg)
}

// Column is the 1-based character (not byte) position of the problem.
func (e *Error) Column() int { return utf8.RuneCountInString(e.Query[:min(e.Pos, len(e.Query))]) + 1 }

// Pointer returns the query and, below it, a caret under the problem.
func (e *Error) Pointer() string {
	return e.Query + "\n" + strings.Repeat(" ", e.Column()-1) + "^"
}

// Kind is what a term is.
type Kind int

// The kinds of term.
const (
	Word   Kind = iota // one word, Text; Prefix when written with a trailing *
	Phrase             // the words of Text in order
	Filter             // Field and its value
)

// Fields are the filters the language knows, as written before the colon.
var Fields = []string{"tag", "type", "correspondent", "folder", "sensitivity", "format", "lang", "created", "imported", "pages"}

// Term is one word, phrase or filter.
type Term struct {
	Kind   Kind
	Pos    int // byte offset of the term in the query
	Text   string
	Prefix bool
	Field  string
	Value  string // a filter's value as written (unquoted)
	// Range is the value of created:, imported: and pages:, half-open:
	// dates are YYYY-MM-DD, From inclusive and To exclusive, "" when
	// unbounded; pages are Lo ≤ pages < Hi with Hi 0 when unbounded.
	From, To string
	Lo, Hi   int
}

// Group is one or more terms joined by OR; Neg excludes what it matches.
type Group struct {
	Neg   bool
	Terms []Term
}

// Query is a parsed query: every group must hold.
type Query struct {
	Source string
	Groups []Group
}

// Empty reports whether the query has no terms at all (every document).
func (q *Query) Empty() bool { return len(q.Groups) == 0 }

// HasText reports whether some group that is not excluded searches text,
// so the results have a relevance order.
func (q *Query) HasText() bool {
	for _, g := range q.Groups {
		if !g.Neg && g.Terms[0].Kind != Filter {
			return true
		}
	}
	return false
}

// Parse reads a query. An empty or blank query is valid and means every
// document.
func Parse(s string) (*Query, error) {
	p := &parser{src: s}
	q := &Query{Source: s}
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return nil, p.fail(i, "the query is not valid UTF-8 text")
		}
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return nil, p.fail(i, "a control character (%U) cannot be searched for", r)
		}
	}
	for {
		p.space()
		if p.pos >= len(s) {
			break
		}
		g, err := p.group()
		if err != nil {
			return nil, err
		}
		q.Groups = append(q.Groups, g)
	}
	return q, nil
}

type parser struct {
	src string
	pos int
}

func (p *parser) fail(at int, format string, args ...any) error {
	return &Error{Query: p.src, Pos: at, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += n
	}
}

// peekWord returns the run of non-space characters at the cursor.
func (p *parser) peekWord() string {
	end := p.pos
	for end < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[end:])
		if unicode.IsSpace(r) {
			break
		}
		end += n
	}
	return p.src[p.pos:end]
}

// group reads item (OR item)*.
func (p *parser) group() (Group, error) {
	first := p.pos
	if p.peekWord() == "OR" {
		return Group{}, p.fail(first, "OR needs a word, phrase or filter before it")
	}
	neg, t, err := p.item()
	if err != nil {
		return Group{}, err
	}
	g := Group{Neg: neg, Terms: []Term{t}}
	for {
		save := p.pos
		p.space()
		if p.peekWord() != "OR" {
			p.pos = save
			return g, nil
		}
		orAt := p.pos
		p.pos += 2
		p.space()
		if p.pos >= len(p.src) || p.peekWord() == "OR" {
			return Group{}, p.fail(orAt, "OR needs a word, phrase or filter after it")
		}
		at := p.pos
		neg2, t2, err := p.item()
		if err != nil {
			return Group{}, err
		}
		if neg || neg2 {
			return Group{}, p.fail(orAt, "an excluded term (-…) cannot be joined by OR; exclude each one on its own")
		}
		if (t.Kind == Filter) != (t2.Kind == Filter) {
			return Group{}, p.fail(at, "OR joins words and phrases, or filters, not one with the other")
		}
		g.Terms = append(g.Terms, t2)
	}
}

// item reads an optionally excluded word, phrase or filter.
func (p *parser) item() (neg bool, t Term, err error) {
	start := p.pos
	if p.src[p.pos] == '-' {
		neg = true
		p.pos++
		if p.pos >= len(p.src) || unicode.IsSpace(rune(p.src[p.pos])) {
			return false, t, p.fail(start, "a minus sign must be written against the word it excludes, as in -draft")
		}
		if p.src[p.pos] == '-' {
			return false, t, p.fail(p.pos, "one minus sign excludes; two mean nothing more")
		}
	}
	at := p.pos
	if p.src[p.pos] == '"' {
		text, err := p.quoted()
		if err != nil {
			return false, t, err
		}
		if strings.TrimSpace(text) == "" || !hasWordChar(text) {
			return false, t, p.fail(at, "the phrase has no letters or digits to search for")
		}
		return neg, Term{Kind: Phrase, Pos: at, Text: text}, nil
	}
	w := p.peekWord()
	switch w {
	case "AND":
		return false, t, p.fail(at, "AND is implied between terms: leave it out")
	case "NOT":
		return false, t, p.fail(at, "to exclude a word write it with a minus sign, as in -draft")
	case "OR":
		return false, t, p.fail(at, "OR needs a word, phrase or filter before it")
	}
	if i := strings.IndexByte(w, ':'); i > 0 && isFieldName(w[:i]) {
		return p.filter(neg, at, strings.ToLower(w[:i]))
	}
	if i := strings.IndexAny(w, `()"`); i >= 0 {
		switch w[i] {
		case '"':
			return false, t, p.fail(at+i, "a quote inside a word: put the phrase in quotes on its own, with spaces around it")
		default:
			return false, t, p.fail(at+i, "parentheses are not part of the language: OR joins the terms either side of it")
		}
	}
	p.pos += len(w)
	term := Term{Kind: Word, Pos: at, Text: w}
	if strings.HasSuffix(w, "*") {
		term.Prefix, term.Text = true, strings.TrimSuffix(w, "*")
	}
	if !hasWordChar(term.Text) {
		return false, t, p.fail(at, "%q has no letters or digits to search for", w)
	}
	if i := strings.IndexByte(term.Text, '*'); i >= 0 {
		return false, t, p.fail(at+i, "* may only end a word (keep* finds keeper, keeping…)")
	}
	if term.Prefix && strings.IndexFunc(term.Text, notWordChar) >= 0 {
		return false, t, p.fail(at, "a word ending in * must be letters and digits only")
	}
	return neg, term, nil
}

// quoted reads a "…" string at the cursor; "" inside stands for one quote.
func (p *parser) quoted() (string, error) {
	open := p.pos
	p.pos++
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '"' {
			if p.pos+1 < len(p.src) && p.src[p.pos+1] == '"' {
				b.WriteByte('"')
				p.pos += 2
				continue
			}
			p.pos++
			if p.pos < len(p.src) && !unicode.IsSpace(rune(p.src[p.pos])) {
				return "", p.fail(p.pos, "put a space after the closing quote")
			}
			return b.String(), nil
		}
		b.WriteByte(c)
		p.pos++
	}
	return "", p.fail(open, "this quote is never closed")
}

func isFieldName(s string) bool {
	for _, f := range Fields {
		if strings.EqualFold(s, f) {
			return true
		}
	}
	// A word that looks like name:value but names no filter is most
	// likely a typo of one: refuse it rather than search for the word.
	for _, r := range s {
		if !unicode.IsLetter(r) && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

func hasWordChar(s string) bool { return strings.IndexFunc(s, isWordChar) >= 0 }

func isWordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func notWordChar(r rune) bool { return !isWordChar(r) }
