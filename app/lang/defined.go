package lang

import (
	"slices"
	"strings"
)

// A document's own abbreviations: what it defines ("National Atmospheric
// Research Laboratory (NARL)") holds in that document only — another may
// use the same letters for another name — so they give a question's
// concepts other names per document, on top of the question's analysis,
// rather than in it.

// nameCredit is the credit of a concept met by a name its document defines
// for it: as a synonym's, since the text writes the concept in other words.
const nameCredit = 0.9

// WithDefinitions returns q with the names defs give its concepts (see
// Concept.Names): a concept the question writes as a defined short form is
// also met by its long form, and each concept of a long form the question
// writes in full by the short form. A name or period keeps its kind, so it
// stays a constraint; a derived measure (EBITDA) is left to its parts. It returns q itself when defs name none of q's
// concepts; q is not changed.
func (q *Query) WithDefinitions(defs []Abbreviation) *Query {
	var out *Query
	var words []string // the question's stems, read at the first long form
	for _, d := range defs {
		short := Tokens(d.Short)
		long := Tokens(d.Long)
		if len(short) != 1 || len(long) < 2 {
			continue
		}
		longStems := make([]string, len(long))
		longWords := make([]string, len(long))
		for i, t := range long {
			longStems[i], longWords[i] = t.Stem, t.Lower
		}
		shortStem := short[0].Stem
		for ci := range q.Concepts {
			c := &q.Concepts[ci]
			if c.Kind == Support || len(c.Forms) == 0 || q.measure(ci) {
				continue
			}
			own := c.Forms[0]
			switch {
			case len(own) == 1 && own[0] == shortStem:
				out = withName(out, q, ci, longStems, strings.Join(longWords, " "))
			case shortStem != "" && !slices.Contains(own, shortStem) && ContainsRun(longStems, own):
				if words == nil {
					for _, t := range Tokens(q.Text) {
						words = append(words, t.Stem)
					}
				}
				// The question writes the long form in full, not only a
				// word of it ("research" alone is no "Research and
				// Development").
				if ContainsRun(words, longStems) {
					out = withName(out, q, ci, []string{shortStem}, short[0].Lower)
				}
			}
		}
	}
	if out == nil {
		return q
	}
	out.firsts = firstStems(out)
	return out
}

// measure reports whether concept ci is a derived measure the glossary
// knows the parts of (EBITDA): it is met by those parts, as the bundled
// list leaves it to them too, and a long form naming it would draw the
// passages that define it over the statements it is computed from.
func (q *Query) measure(ci int) bool {
	for i := range q.Concepts {
		if q.Concepts[i].PartOf == ci+1 {
			return true
		}
	}
	return false
}

// withName returns out, the copy of q being built (made at the first
// name), with a name added to concept ci, unless the concept already goes
// by it.
func withName(out, q *Query, ci int, stems []string, words string) *Query {
	if out == nil {
		c := *q
		c.Concepts = slices.Clone(q.Concepts)
		out = &c
	}
	c := &out.Concepts[ci]
	for _, f := range append(slices.Clip(c.Forms), c.Names...) {
		if slices.Equal(f, stems) {
			return out
		}
	}
	c.Names = append(slices.Clip(c.Names), stems)
	c.NamePhrases = append(slices.Clip(c.NamePhrases), words)
	return out
}

// Defined returns those of defs that name a concept of q (see
// WithDefinitions), in their order. A document defines hundreds; only a
// definition whose short form or first word the question writes is read
// further.
func (q *Query) Defined(defs []Abbreviation) []Abbreviation {
	var out []Abbreviation
	var words map[string]bool
	for _, d := range defs {
		if words == nil {
			words = map[string]bool{}
			for _, t := range Tokens(q.Text) {
				words[t.Lower] = true
			}
		}
		first, _, _ := strings.Cut(strings.TrimSpace(d.Long), " ")
		if !words[strings.ToLower(d.Short)] && !words[strings.ToLower(strings.Trim(first, ",.;:()\"“”"))] {
			continue
		}
		if q.WithDefinitions([]Abbreviation{d}) != q {
			out = append(out, d)
		}
	}
	return out
}

// ContainsRun reports whether seq holds run, word after word.
func ContainsRun(seq, run []string) bool {
	for i := 0; i+len(run) <= len(seq); i++ {
		if slices.Equal(seq[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

// maxNameWords bounds the runs of words NamesIn returns: a long form of
// more words is rare.
const maxNameWords = 8

// NamesIn returns what a text may name an abbreviation by, in lower case:
// each of its words, and each run of two to maxNameWords words as written
// (spaces made single), distinct, in order — what a store looks up short
// and long forms by.
func NamesIn(text string) []string {
	toks := Tokens(text)
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for i, t := range toks {
		add(t.Lower)
		for j := i + 1; j < len(toks) && j < i+maxNameWords; j++ {
			add(strings.ToLower(strings.Join(strings.Fields(text[t.Start:toks[j].End]), " ")))
		}
	}
	return out
}
