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

func frameStems(q string) map[string]bool {
	out := map[string]bool{}
	for _, re := range frameREs {
		for _, m := range re.FindAllStringSubmatch(q, -1) {
			for _, w := range m[1:] {
				if w == "" {
					continue
				}
				for st := range wordStems(w) {
					out[st] = true
				}
				out[lang.Stem(strings.ToLower(w))] = true
			}
		}
	}
	return out
}
