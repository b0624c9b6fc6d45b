package answer

import (
	"testing"

	"archivist/retrieve/jev/lex"
)

func TestMistyped(t *testing.T) {
	for term, want := range map[string]bool{"dose": true, "hte": true, "fro": true, "does": false, "offices": false, "revenue": false} {
		if got := mistyped(term); got != want {
			t.Errorf("mistyped(%q) = %v, want %v", term, got, want)
		}
	}
	// A slip some quote holds is a word of the documents: kept.
	cands := []candidate{{words: wordStems("The form was filed.")}}
	if got := withoutSlips([]string{"form", "fil"}, []string{"form", "filed"}, cands); len(got) != 2 {
		t.Errorf("held term dropped: %v", got)
	}
	if got := withoutSlips([]string{"employ", lex.Family("dose")}, []string{"employees", "dose"}, cands); len(got) != 1 || got[0] != "employ" {
		t.Errorf("slip kept: %v", got)
	}
}

func TestKindNoun(t *testing.T) {
	for q, want := range map[string]string{
		"What is the position of Ibrahim?":                            lex.Family("position"),
		"What score did PaLM-2L + Step-Back achieve in MMLU Physics?": lex.Family("score"),
		"Which paper uses the Fast NMS processing?":                   lex.Family("paper"),
		"What does AD stand for?":                                     "",
		"How many employees does 3M have?":                            "",
	} {
		if got := kindNoun(q); got != want {
			t.Errorf("kindNoun(%q) = %q, want %q", q, got, want)
		}
	}
	// The kind's word weighs half the lightest other term.
	cands := []candidate{{words: wordStems("Ibrahim Core Assurance")}, {words: wordStems("Ghada Consulting")}}
	w := termWeights([]string{"ibrahim", "posit"}, "posit", cands)
	if w["posit"] != w["ibrahim"]/2 {
		t.Errorf("weights %v", w)
	}
}

func TestGivenNamesAndExactWords(t *testing.T) {
	got := givenNames("What score did LLaVa + Step-Back achieve in MMLU Physics for FY2023?")
	for _, n := range []string{"llava", "step", "back", "mmlu", "physics"} {
		if !got[n] {
			t.Errorf("%q not read as a name: %v", n, got)
		}
	}
	if got["what"] || got["fy2023"] || got["score"] {
		t.Errorf("names %v", got)
	}
	w := exactWords("Technical skills at BEST BUY Co.")
	if w["technic"] || !w["technical"] || !w["bestbuy"] || w["skillsat"] {
		t.Errorf("exact words %v", w)
	}
}

func TestAddresses(t *testing.T) {
	header := []string{"Method | MMLU Physics | MMLU Chemistry"}
	q := "What score did PaLM-2L + Step-Back achieve in MMLU Physics?"
	sh := askedShape(q, []string{"score", "palm", "2l", "step", "back", "achieve", "mmlu", "physics"})
	for row, want := range map[string]bool{
		"PaLM-2L + Step-Back (ours) | 73.2% (1.9%) | 81.8% (1.4%)": true,
		"PaLM-2L + CoT | 65% (2%) | 75.3% (1.5%)":                  false, // a label word not asked
		"PaLM-2L | 66.4% (0.8%) | 70.9% (0.9%)":                    true,
		"Step-Back | n/a | n/a":                                    false, // no figure in the column
	} {
		if got := sh.addresses(header, row); got != want {
			t.Errorf("addresses(%q) = %v, want %v", row, got, want)
		}
	}
	if sh.addresses([]string{"Method | Accuracy | Latency"}, "PaLM-2L + Step-Back | 73.2% | 4 s") {
		t.Error("no column the question names, yet addressed")
	}
}

func TestNarrowedTitle(t *testing.T) {
	f := forms{long: map[string][]string{"ceo": {lex.Family("chief"), lex.Family("executive"), lex.Family("officer")}}}
	asked := map[string]bool{"ceo": true, lex.Family("pepsico"): true}
	for text, want := range map[string]bool{
		"Ram Krishnan has served as Chief Executive Officer, International Beverages and Chief Commercial Officer of PepsiCo.": true,
		"Ramon L. Laguarta has served as PepsiCo’s Chief Executive Officer and a director on the Board since 2018.":            false,
		"Chairman of the Board of Directors and Chief Executive Officer, PepsiCo":                                              false, // the asked company
		"the Chief Executive Officer, who chairs it":                                                                           false,
	} {
		if got := f.narrowed(text, asked); got != want {
			t.Errorf("narrowed(%q) = %v, want %v", text, got, want)
		}
	}
}
