package desktop

import (
	"strings"
	"unicode"
)

// pointsBack says whether a question plainly points back at the one before
// it, so that it can only be read as a follow-up. Two ways of asking do
// that in general:
//
//   - it opens with a word that continues what was said ("And in 2022?",
//     "What about the subsidiaries?", "But how many?");
//   - it names nothing of its own but refers back with a personal pronoun
//     ("When was it signed?", "Who signed them?"): at most two words of
//     content beside the pronoun.
//
// Every other question is new, however short. "This" and "that" do not
// count: they are as often determiners of a question's own noun ("this
// report"). The rule looks at English function words only; a question in
// another language is new unless the person chooses "Follow up".
func pointsBack(text string) bool {
	ws := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	if len(ws) == 0 {
		return false
	}
	if continuers[ws[0]] || len(ws) > 1 && continuers[ws[0]+" "+ws[1]] {
		return true
	}
	pronoun, content := false, 0
	for _, w := range ws {
		switch {
		case backPronouns[w]:
			pronoun = true
		case !functionWords[w]:
			content++
		}
	}
	return pronoun && content <= 2
}

// continuers open a question that continues the previous one.
var continuers = set("and", "but", "also", "or", "then", "what about", "how about", "same for", "and what", "and how")

// backPronouns refer to something named before.
var backPronouns = set("it", "its", "it's", "they", "them", "their", "theirs", "he", "she", "him", "her", "his", "hers")

// functionWords carry no topic of their own: question words, auxiliaries,
// articles, prepositions and the speaker's own pronouns.
var functionWords = set(
	"what", "when", "where", "who", "whom", "whose", "which", "why", "how", "much", "many",
	"is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "has", "have", "had",
	"can", "could", "will", "would", "shall", "should", "may", "might", "must",
	"a", "an", "the", "this", "that", "these", "those", "there",
	"of", "in", "on", "at", "to", "for", "from", "by", "with", "about", "as", "into", "than",
	"i", "me", "my", "we", "us", "our", "you", "your", "not", "no", "so", "again", "exactly", "there's",
)

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
