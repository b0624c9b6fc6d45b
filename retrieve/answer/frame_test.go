package answer

import (
	"testing"

	"archivist/app/lang"
)

// TestFrameStems: the words that frame what kind of answer is wanted are
// found; the same words asking of their own are not.
func TestFrameStems(t *testing.T) {
	for q, want := range map[string]string{
		"What type of space are the Botanic Garden and University Library garden?": "type",
		"What is the name of the law which imposed the speed limit?":               "name",
		"What were the civil wars caused by the Huguenots called?":                 "called",
		"Where is the Congress Hall located?":                                      "located",
		"How many Huguenots emigrated to North America?":                           "many",
	} {
		if !frameStems(q)[lang.Stem(want)] {
			t.Errorf("frameStems(%q) lacks %q: %v", q, want, frameStems(q))
		}
	}
	for q, word := range map[string]string{
		"Which type was sold most?":                    "type",
		"Who called the meeting to order?":             "called",
		"In what year was the Edict of Nantes issued?": "year",
	} {
		if frameStems(q)[lang.Stem(word)] {
			t.Errorf("frameStems(%q) holds %q, which asks on its own there", q, word)
		}
	}
}
