package lang

import (
	"hash/maphash"
	"slices"
)

// A Vocabulary is the set of stems a text's body holds, as sorted hashes:
// a few bytes a stem, kept beside a document's profile so that a question
// can tell, without tokenizing the text again, that it finds nothing
// there. Match finds a form only where the body holds the form's first
// stem (or a paired cluster holding it, see indexFor), so a text whose
// vocabulary holds none of a query's Keys matches no concept but by word
// kin (Query.kin), and kin alone — "employed" where "employees" is asked
// and no other word of the question is — does not make a text worth
// reading: such a text is passed over. Hashes can collide, which only
// lets Match run where it was not needed; a vocabulary never hides a
// match by a question's own words.
type Vocabulary []uint64

var vocabularySeed = maphash.MakeSeed()

func vocabularyKey(stem string) uint64 { return maphash.String(vocabularySeed, stem) }

// NewVocabulary is the vocabulary of the texts' bodies, each tokenized as
// NewText tokenizes its body (a line break ends a token, so the texts
// joined by line breaks hold the same stems).
func NewVocabulary(texts ...string) Vocabulary {
	var stems []string
	for _, t := range texts {
		stems = append(stems, tokenize(t).stems...)
	}
	return Prepared{stems: stems}.Vocabulary()
}

// Keys are the hashes of the stems q's forms and bigrams start with: what
// a vocabulary must hold for Match to find anything.
func (q *Query) Keys() []uint64 {
	firsts := q.firsts
	if firsts == nil {
		firsts = firstStems(q)
	}
	keys := make([]uint64, 0, len(firsts))
	for s := range firsts {
		keys = append(keys, vocabularyKey(s))
	}
	return keys
}

// HoldsAny reports whether v may hold one of keys.
func (v Vocabulary) HoldsAny(keys []uint64) bool {
	for _, k := range keys {
		if _, ok := slices.BinarySearch(v, k); ok {
			return true
		}
	}
	return false
}

// Prepared is a text tokenized once to be matched by many questions: its
// Text is NewText of the same string without tokenizing it again. It is
// read-only, so questions running at once can share it.
type Prepared struct {
	stems   []string
	caps    []bool
	numeric int
}

// Prepare tokenizes s as NewText tokenizes its body (past the token cache:
// the prepared text is kept by its caller).
func Prepare(s string) Prepared {
	tk := tokenizeNow(s)
	return Prepared{stems: tk.stems, caps: tk.caps, numeric: tk.numeric}
}

// Text is a new Text of the prepared body, as NewText(s) makes it.
func (p Prepared) Text() *Text { return &Text{body: p.stems, caps: p.caps, numeric: p.numeric} }

// Vocabulary is the prepared text's vocabulary, as NewVocabulary(s).
func (p Prepared) Vocabulary() Vocabulary {
	var v Vocabulary
	for _, s := range p.stems {
		v = append(v, vocabularyKey(s))
		if a, b, ok := PairClusters(s); ok {
			v = append(v, vocabularyKey(a), vocabularyKey(b))
		}
	}
	slices.Sort(v)
	return slices.Compact(v)
}

// Size approximates the memory the prepared text holds, in bytes (its stems
// are mostly shared with the stemmer's cache).
func (p Prepared) Size() int { return 17*len(p.stems) + 48 }
