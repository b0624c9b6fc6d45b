package lang

import "testing"

// A vocabulary never hides a match: wherever Match finds any concept of a
// question, the text's vocabulary holds one of the question's keys; where
// it holds none, the coverage is 0. The texts mix word forms, names,
// numbers and an unspaced script whose one-character question word meets
// the pairs that hold it.
func TestVocabularyNeverHidesAMatch(t *testing.T) {
	texts := []string{
		"Annual Report 2022\n3M 2022 10K",
		"Consolidated statements of cash flows; Liquidity and capital resources; Risk factors",
		"Table 3: Revenue by segment; Figure 2: Operating margins",
		"General Mills fiscal 2023 results",
		"窗户的设计说明",
		"Penguins of the southern ocean",
		"",
	}
	questions := []string{
		"What was the revenue by segment in 2022?",
		"How much cash did operating activities provide?",
		"What did General Motors report?",
		"窗 的 设计",
		"Where do penguins live?",
		"What is the capital expenditure of 3M?",
	}
	found, skipped := 0, 0
	for _, qs := range questions {
		q := Analyze(qs, nil)
		keys := q.Keys()
		for _, tx := range texts {
			m := q.Match(NewText(tx), nil)
			holds := NewVocabulary(tx).HoldsAny(keys)
			if !holds && m.Coverage != 0 {
				t.Errorf("%q in %q: coverage %v but the vocabulary holds none of the keys", qs, tx, m.Coverage)
			}
			if m.Coverage > 0 {
				found++
			}
			if !holds {
				skipped++
			}
		}
	}
	if found < 5 || skipped < 10 {
		t.Fatalf("found %d matches, %d texts told apart by vocabulary: the cases do not exercise both sides", found, skipped)
	}
}

// The vocabulary of texts joined by line breaks is that of the texts.
func TestVocabularyOfParts(t *testing.T) {
	a := NewVocabulary("Liquidity and capital\nRisk factors")
	b := NewVocabulary("Liquidity and capital", "Risk factors")
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("joined %d keys, parts %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("joined and parts differ at %d", i)
		}
	}
}
