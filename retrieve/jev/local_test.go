package jev

import (
	"context"
	"reflect"
	"testing"
)

func decideLocal(t *testing.T, req *Request) map[string]Answer {
	t.Helper()
	a, err := Decide(context.Background(), Local{}, req)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func passage(id, title, heading, text string) Question {
	return Question{ID: id, Kind: Score, Instructions: "useful?", Levels: []string{"0", "1", "2", "3"},
		Evidence: text, EvidenceParts: []Part{{RoleTitle, title}, {RoleHeading, heading}, {RoleBody, text}}}
}

func TestLocalChoice(t *testing.T) {
	menu := Question{ID: "m", Kind: Choice, Instructions: "which?", Options: []Option{
		{Label: "a", Parts: []Part{{RoleHeading, "Employee benefits"}, {RoleBody, "Staff accrue paid leave and pension rights."}}},
		{Label: "b", Parts: []Part{{RoleHeading, "Sourdough starter"}, {RoleBody, "Feed the starter flour and water daily."}}},
		{Label: NoneLabel, Description: "none"},
	}}
	t.Run("PrefersTheMatchingOption", func(t *testing.T) {
		a := decideLocal(t, &Request{State: "How often should I feed the sourdough starter?", Questions: []Question{menu}})["m"]
		if a.Choice != "b" || a.Probabilities["b"] < 0.5 {
			t.Fatalf("choice %q, %v", a.Choice, a.Probabilities)
		}
	})
	t.Run("NoneWinsWhenNothingFits", func(t *testing.T) {
		a := decideLocal(t, &Request{State: "What is the orbital period of Neptune?", Questions: []Question{menu}})["m"]
		if a.Choice != NoneLabel {
			t.Fatalf("choice %q, %v", a.Choice, a.Probabilities)
		}
	})
	t.Run("IndexScoreBreaksATie", func(t *testing.T) {
		m := menu
		m.Options = []Option{{Label: "x", Description: "Notes"}, {Label: "y", Description: "Notes", IndexScore: 1}, {Label: NoneLabel}}
		a := decideLocal(t, &Request{State: "revenue by segment", Questions: []Question{m}})["m"]
		if a.Probabilities["y"] <= a.Probabilities["x"] {
			t.Fatalf("index score ignored: %v", a.Probabilities)
		}
	})
}

func TestLocalScore(t *testing.T) {
	q := "What is the refund window for the Premium plan in 2024?"
	req := &Request{State: q, Questions: []Question{
		passage("full", "Pricing 2024", "Refunds", "Premium plan customers may ask for a refund within a 30-day refund window."),
		passage("other", "Pricing 2024", "Shipping", "Orders ship within two business days from our warehouse."),
		passage("wrongname", "Pricing 2024", "Refunds", "Basic plan customers may ask for a refund within a 14-day refund window."),
	}}
	a := decideLocal(t, req)
	full, other, wrong := a["full"].Score, a["other"].Score, a["wrongname"].Score
	if !(full > wrong && wrong > other) {
		t.Fatalf("usefulness full %.2f, wrong name %.2f, unrelated %.2f", full, wrong, other)
	}
	if full < 1.5 {
		t.Fatalf("a passage holding the whole answer scored %.2f, below the keep level", full)
	}
	if other >= 1.5 {
		t.Fatalf("an unrelated passage scored %.2f, at or above the keep level", other)
	}
	t.Run("Deterministic", func(t *testing.T) {
		if b := decideLocal(t, req); !reflect.DeepEqual(a, b) {
			t.Fatal("two runs differ")
		}
	})
	t.Run("AbsentNameBlocks", func(t *testing.T) {
		// "Acme" appears nowhere in scope: no passage can be about it.
		r := &Request{State: "What is the refund window for Acme customers?",
			Hints:     &Hints{IDF: map[string]float64{}, Absent: map[string]bool{"acm": true}},
			Questions: []Question{passage("p", "Pricing", "Refunds", "Customers may ask for a refund within a 30-day refund window.")}}
		with := decideLocal(t, r)["p"].Score
		r.Hints.Absent = nil
		r.State = "What is the refund window for customers?"
		without := decideLocal(t, r)["p"].Score
		if with >= without || with >= 1.5 {
			t.Fatalf("absent name: %.2f, without it %.2f", with, without)
		}
	})
	t.Run("HintsChangedInPlace", func(t *testing.T) {
		// The judge keeps recent analyses of a question: the same
		// question with the same Hints value, its maps since changed,
		// must be judged under the new hints.
		h := &Hints{IDF: map[string]float64{}, Absent: map[string]bool{}}
		r := &Request{State: "What is the refund window for Acme customers?", Hints: h,
			Questions: []Question{passage("p", "Pricing", "Refunds", "Customers may ask for a refund within a 30-day refund window.")}}
		before := decideLocal(t, r)["p"].Score
		// A topic word marked absent loses its weight.
		h.Absent["window"] = true
		after := decideLocal(t, r)["p"].Score
		delete(h.Absent, "window")
		again := decideLocal(t, r)["p"].Score
		if after == before || again != before {
			t.Fatalf("\"window\" known %.3f, then absent %.3f, then known again %.3f", before, after, again)
		}
	})
	t.Run("StatisticsAnswerCountsOnly", func(t *testing.T) {
		stats := Question{ID: "s", Kind: Score, Levels: []string{"0", "1", "2", "3"}, EvidenceParts: []Part{{RoleTitle, "Report"},
			{RoleStatistics, "Pages: 12. Parsed figures: 4. Numbered figure captions: 4 distinct (figure 1, 2, 3, 4)."},
			{RoleEcho, `Question terms: "figures" 9 as a whole word`}}}
		count := decideLocal(t, &Request{State: "How many figures are in the report?", Questions: []Question{stats}})["s"].Score
		other := decideLocal(t, &Request{State: "What do the figures in the report show?", Questions: []Question{stats}})["s"].Score
		if count <= other || other >= 1.5 {
			t.Fatalf("statistics: counting question %.2f, other %.2f", count, other)
		}
	})
}

func TestLocalPeriodFit(t *testing.T) {
	q := "What was the FY2021 net working capital?"
	text := "Total current assets 1,200 and total current liabilities 800 at year end 2021 and 2020."
	r := &Request{State: q, Questions: []Question{
		passage("own", "ACME 2021 10K", "Balance sheet", text),
		passage("next", "ACME 2022 10K", "Balance sheet", text),
		passage("far", "ACME 2015 10K", "Balance sheet", text),
	}}
	a := decideLocal(t, r)
	if !(a["own"].Score > a["next"].Score && a["next"].Score > a["far"].Score) {
		t.Fatalf("period fit: own %.2f, next %.2f, far %.2f", a["own"].Score, a["next"].Score, a["far"].Score)
	}
}

func TestLocalCoverage(t *testing.T) {
	q := "Compare the refund window and the shipping time of the Premium plan."
	parts := func(texts ...string) []Part {
		var ps []Part
		for _, t := range texts {
			ps = append(ps, Part{RoleTitle, "Pricing"}, Part{RoleBody, t})
		}
		return ps
	}
	yes := decideLocal(t, &Request{State: q, Questions: []Question{{ID: "c", Kind: Noul, EvidenceParts: parts(
		"Premium plan refund window: customers may ask for a refund within 30 days.",
		"Premium plan shipping time: orders ship within two days.",
		"The Premium plan compares well: refund window and shipping time both beat the Basic plan.")}}})["c"].Yes
	no := decideLocal(t, &Request{State: q, Questions: []Question{{ID: "c", Kind: Noul, EvidenceParts: parts(
		"Premium plan refund window: customers may ask for a refund within 30 days.",
		"Our office is closed on public holidays.",
		"The company was founded in 1990.")}}})["c"].Yes
	if yes <= no || no >= 0.5 {
		t.Fatalf("coverage: covering set %.2f, partial set %.2f", yes, no)
	}
}

func TestLocalScoreCaption(t *testing.T) {
	with := passage("with", "Guide", "Harbour", "Plate 2: The old harbour at dawn, fishing boats by the north quay")
	without := passage("without", "Guide", "Harbour", "The old harbour at dawn, fishing boats by the north quay")
	a := decideLocal(t, &Request{State: "What does the photo of the old harbour show?", Questions: []Question{with, without}})
	if a["with"].Score <= a["without"].Score+0.05 {
		t.Fatalf("a numbered caption did not help a question about a photo: %v vs %v", a["with"].Score, a["without"].Score)
	}
	// Questions about no figure, photo or table judge the two alike.
	b := decideLocal(t, &Request{State: "Where do the fishing boats of the old harbour moor?", Questions: []Question{with, without}})
	if d := b["with"].Score - b["without"].Score; d > 0.05 || d < -0.05 {
		t.Fatalf("the caption changed a plain question's score: %v vs %v", b["with"].Score, b["without"].Score)
	}
}

func TestLocalScoreShortPassage(t *testing.T) {
	// A short passage the index ranks above the bar gains a step of
	// quality there: the score jumps across it, not just rises with the
	// index score.
	at := func(index float64) float64 {
		p := passage("p", "Annual report", "Balance sheet", "Total assets 2023 2022")
		p.IndexScore = index
		return decideLocal(t, &Request{State: "What were total assets in 2023?", Questions: []Question{p}})["p"].Score
	}
	below, edge, above := at(shortIndex-0.04), at(shortIndex-0.01), at(shortIndex+0.02)
	if jump, slope := above-edge, edge-below; jump < 2*slope+0.05 {
		t.Fatalf("no step at the short-passage bar: %.3f → %.3f → %.3f", below, edge, above)
	}
}

func TestLocalScoreTable(t *testing.T) {
	// The same row label, once among figures and once among words: for an
	// amount, the table is where to read it.
	table := passage("table", "Port report", "Accounts", "Harbour fees 1,204 980 1,310 870 Pilotage 1,100 905 1,250 800 Dues 310 295 280 260")
	prose := passage("prose", "Port report", "Accounts", "Harbour fees were collected by the office on the quay from visiting ships and the ferries each season")
	a := decideLocal(t, &Request{State: "How much did harbour fees bring in?", Questions: []Question{table, prose}})
	if d := a["table"].Score - a["prose"].Score; d < 0.2 {
		t.Fatalf("the table did not win an amount question: %.3f vs %.3f", a["table"].Score, a["prose"].Score)
	}
}

// TestLocalChoiceNamedDocument: a question naming a company is routed to
// that company's document even when another's passages share more of its
// other words (the index ranks them higher): a document whose title lacks
// the name is not made the place by its index score.
func TestLocalChoiceNamedDocument(t *testing.T) {
	menu := Question{ID: "m", Kind: Choice, Instructions: "which document?", Options: []Option{
		{Label: "gm", IndexScore: 0.3, Parts: []Part{{RoleTitle, "GENERAL MILLS, INC. Form 10-K"}, {RoleHeading, "Consolidated Balance Sheets"}}},
		{Label: "nike", IndexScore: 0.9, Parts: []Part{{RoleTitle, "NIKE, Inc. Form 10-K"}, {RoleHeading, "Inventories and accounts receivable"}}},
		{Label: NoneLabel, Description: "none"},
	}}
	idf := map[string]float64{"gener": 0.2, "mill": 3.5, "gener mill": 3.5, "inventori": 1, "receiv": 1}
	a := decideLocal(t, &Request{State: "What were General Mills' inventories and receivables in FY2019?",
		Hints: &Hints{IDF: idf}, Questions: []Question{menu}})["m"]
	if a.Probabilities["gm"] <= a.Probabilities["nike"] {
		t.Errorf("the named company's filing is not preferred: %v", a.Probabilities)
	}
}

// TestHoldsCaption: the visual bonus goes to evidence with a numbered
// caption line as the import defines one, on any line of the body.
func TestHoldsCaption(t *testing.T) {
	for text, want := range map[string]bool{
		"Figure 2.1: Rainfall by month.":            true,
		"Rainfall rose.\nTABLE 3 Stations":          true,
		"Fig. 4 The delta":                          true,
		"The figure 3 in the appendix shows growth": false,
		"Tables 3 and 4 compare the years.":         false,
	} {
		if got := holdsCaption([]Part{{Role: RoleBody, Text: text}}, ""); got != want {
			t.Errorf("holdsCaption(%q) = %v, want %v", text, got, want)
		}
	}
	if !holdsCaption(nil, "Map 3 Streets of the old town") || holdsCaption([]Part{{Role: RoleTitle, Text: "Figure 1"}}, "") {
		t.Error("the fallback text or the parts' roles are not read as they should be")
	}
}
