package answer

import (
	"regexp"
	"strings"

	"archivist/app/lang"
)

// A question is framed in words that say what kind of answer it wants,
// which the sentence that answers seldom writes: "What type of space are
// the gardens?" is answered by "Other green spaces include the gardens",
// "What is the name of the law …?" by "… was imposed through the Emergency
// Highway Energy Conservation Act", "Where is it located?" by "in Pons",
// "How many …?" by a number, "What was the reason for …?" by a cause.
// ("In what year …?" is not among them: its "year" keeps a sentence that
// dates another event from answering.) frameStems
// returns those words of q, in every form the weights may key them by,
// so that the lead's share of the question is taken over the rest.
var frameREs = []*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(?:what|which)\s+(types?|kinds?|sorts?|forms?)\s+of\b`),
	regexp.MustCompile(`(?i)\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+(names?)\s+of\b|\b(?:what|which)\s+(names?)\b`),
	regexp.MustCompile(`(?i)^\s*(?:what|which|who)\b.*\b(?:is|was|are|were)\b.*\b(called)\s*\??\s*$`),
	regexp.MustCompile(`(?i)\bhow\s+(many|much)\b`),
	regexp.MustCompile(`(?i)^\s*where\b.*\b(located)\b`),
	// "What was the primary reason for the increase?" is answered by
	// "… increased primarily due to …": the reason is the answer's kind.
	regexp.MustCompile(`(?i)\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+(?:(main|primary|key|principal)\s+)?(reasons?|causes?|drivers?)\s+(?:for|of|behind)\b`),
	// "What is the increase in inventory due to?" by "… is attributable
	// to …".
	regexp.MustCompile(`(?i)\b(due|attributable|attributed|owing)\s+to\s*\??\s*$`),
}

// figureFrameRE finds the verb by which a question asks a figure of its
// entity — "How much did 3M bring in from sales …?", "What did Acme take
// in as operating revenue?", "How much net income did the company report
// …?", "What did its total assets add up to?", "How much did it spend on
// R&D?", "… clear in net earnings?", "… put into research and
// development?" — which a statement's row or sentence does not write: it
// states the figure under the measure's name.
var figureFrameRE = regexp.MustCompile(`(?i)\b(?:did|does|do|will)\b.*?\b(report|post|record|book|generate|bring\s+in|take\s+in|make|clear|spend|pay|put|pour|invest|add\s+up\s+to|come\s+to|amount\s+to|total)(?:\s+(into|in|to|up|on|out))?\b`)

// figureFrameStems returns the stems of the words figureFrameRE finds in
// a question that asks a figure, with "the company" it may point back to
// its entity by.
func figureFrameStems(q string) map[string]bool {
	out := map[string]bool{}
	words := figureFrameWords(q)
	if words == nil {
		return out
	}
	for _, w := range words {
		addFrameWord(out, w)
	}
	if strings.Contains(strings.ToLower(q), "the company") {
		addFrameWord(out, "company")
	}
	return out
}

// addFrameWord adds w to frame in every form the weights may key it by.
func addFrameWord(frame map[string]bool, w string) {
	for st := range wordStems(w) {
		frame[st] = true
	}
	frame[lang.Stem(strings.ToLower(w))] = true
}

func frameStems(q string) map[string]bool {
	out := map[string]bool{}
	for _, re := range frameREs {
		for _, m := range re.FindAllStringSubmatch(q, -1) {
			for _, w := range m[1:] {
				if w != "" {
					addFrameWord(out, w)
				}
			}
		}
	}
	return out
}

// figureFrameWords returns the words figureFrameRE finds in q: the verb
// that frames its figure ("bring in", "put") and its preposition.
func figureFrameWords(q string) []string {
	m := figureFrameRE.FindStringSubmatch(q)
	if m == nil {
		return nil
	}
	return strings.Fields(m[1] + " " + m[2])
}

// figureFrameFamilies returns the family keys of figureFrameWords.
func figureFrameFamilies(q string) map[string]bool {
	out := map[string]bool{}
	for _, w := range figureFrameWords(q) {
		out[lang.Family(strings.ToLower(w))] = true
	}
	return out
}
