package lang

import "testing"

func TestWithDefinitions(t *testing.T) {
	narl := []Abbreviation{{Short: "NARL", Long: "National Atmospheric Research Laboratory"}}

	// The question writes the short form, the text the long one.
	q := Analyze("How many scientists does NARL employ?", nil)
	long := NewText("The National Atmospheric Research Laboratory has a staff of 200 scientists.")
	without := q.Match(long, nil)
	if without.Constraints == 1 {
		t.Fatalf("without its definition the text meets NARL: %+v", without)
	}
	d := q.WithDefinitions(narl)
	f := d.Match(long, nil)
	if m := f.Concepts[conceptIndex(t, d, "narl")]; m.Body != nameCredit || f.Constraints < 0.9 || f.Constraints <= without.Constraints {
		t.Errorf("with its definition the long form meets NARL by %v (constraints %v, %v without), want %v",
			m.Body, f.Constraints, without.Constraints, nameCredit)
	}
	// The name stays a constraint: text writing neither form lacks it.
	if f := d.Match(NewText("The laboratory has a staff of 200 scientists."), nil); f.Constraints == 1 {
		t.Error("text naming neither form meets NARL")
	}
	// The question's own analysis is not changed: another document's
	// passages are judged without this document's names.
	if c := q.Concepts[conceptIndex(t, q, "narl")]; len(c.Names) != 0 {
		t.Errorf("WithDefinitions changed the query it was given: %v", c.Names)
	}
	if q.WithDefinitions(nil) != q || q.WithDefinitions([]Abbreviation{{Short: "ITC", Long: "Integrated Test Complex"}}) != q {
		t.Error("definitions naming no concept made a new query")
	}

	// The question writes the long form, the text the short one: the name
	// is met whole, not word by word.
	q = Analyze("Where is the National Atmospheric Research Laboratory?", nil)
	short := NewText("NARL is located at Gadanki, near Tirupati.")
	ci := conceptIndex(t, q, "nation atmospher research laboratori")
	if m := q.Match(short, nil).Concepts[ci]; m.Body != 0 {
		t.Fatalf("without its definition NARL meets the long form by %v", m.Body)
	}
	d = q.WithDefinitions(narl)
	if m := d.Match(short, nil).Concepts[ci]; m.Body != nameCredit || m.Count != 1 {
		t.Errorf("with its definition NARL meets the long form by %v (%d times), want %v once", m.Body, m.Count, nameCredit)
	}

	// A word of a long form is not the long form: "research" alone names
	// no laboratory.
	q = Analyze("What research does the laboratory publish?", nil)
	if got := q.Defined(narl); len(got) != 0 {
		t.Errorf("Defined = %v for a question writing only words of the long form", got)
	}

	// A topic the glossary knows (CEO) takes the document's own long form
	// beside the bundled one; a long form of topic words gives each of
	// them the short form.
	q = Analyze("What were the research and development costs?", nil)
	d = q.WithDefinitions([]Abbreviation{{Short: "R&D", Long: "Research and Development"}})
	if d == q {
		t.Fatal("R&D names no concept of a question writing research and development")
	}
	if f := d.Match(NewText("R&D costs rose 4% to $1.2 billion."), nil); f.Coverage < 0.8 {
		t.Errorf("R&D meets the question's research and development by coverage %v", f.Coverage)
	}
	if got := Analyze("Who is the CEO?", nil).Defined([]Abbreviation{{Short: "CEO", Long: "Chief Executive"}}); len(got) != 1 {
		t.Errorf("Defined = %v: a document's own long form of CEO", got)
	}
}

// TestDefinitionsLeaveMeasures: a measure the glossary computes from its
// parts is not met by a long form a document writes for it.
func TestDefinitionsLeaveMeasures(t *testing.T) {
	q := Analyze("What is the FY2022 EBITDA margin?", nil)
	ebitda := []Abbreviation{{Short: "EBITDA", Long: "earnings before interest, taxes, depreciation and amortization"}}
	if got := q.Defined(ebitda); len(got) != 0 {
		t.Errorf("Defined = %v for a measure met by its parts", got)
	}
	// "FY" beside a year says what kind of period the year is, as
	// "fiscal year" does: no concept, so no definition names it.
	q = Analyze("Was there any drop in cash between FY 2023 and FY 2024?", nil)
	for _, c := range q.Concepts {
		if c.Name == "fy" {
			t.Errorf("FY beside a year is a concept: %+v", c)
		}
	}
}
