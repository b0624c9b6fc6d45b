package answer

import (
	"strings"
	"testing"

	"archivist/app"
	"archivist/app/lang"
)

// TestNameBesideTheAskedTitle: a who-question's answer is the name set
// beside the title it asks about; a name that follows the title without a
// comma may name a thing ("CEO Inclusion Council"), and one elsewhere in
// the sentence anyone's — they are names, not the holder of the title.
func TestNameBesideTheAskedTitle(t *testing.T) {
	asked := map[string]bool{"ceo": true, "3m": true, "chief": true, "execut": true, "offic": true}
	for _, f := range []string{"chief", "executive", "officer"} {
		asked[lang.Family(f)] = true
	}
	for _, c := range []struct {
		text         string
		beside, name bool
	}{
		{"Michael F. Roman 63 Chairman of the Board and Chief\nExecutive Officer", true, true},
		{"Michael F. Roman\nChief Executive Officer", true, true},
		{"Chief Executive Officer Ramon Laguarta spoke first.", false, true}, // as "CEO Inclusion Council" is written
		{"Our CEO, Tim Cook, said so.", true, true},
		{"Ramon L. Laguarta has served as PepsiCo’s Chief Executive Officer since 2018.", true, true},
		{"Ramon L. Laguarta thanked the Chief Executive Officer.", false, true},
		{"3M supports these values with an internal CEO\nInclusion Council, a forum led by senior management.", false, true},
		{"(31.1) Certification of the Chief Executive Officer pursuant to Section 302 of the Sarbanes-Oxley Act of 2002.", false, true},
		{"2019 Chief Executive Officer, 2018-2019\nChief Operating Officer and Executive Vice President, 2017-2018", false, true},
	} {
		if got := nameBesideAsked(c.text, asked); got != c.beside {
			t.Errorf("nameBesideAsked(%q) = %v, want %v", c.text, got, c.beside)
		}
		if got := hasNewName(c.text, asked); got != c.name {
			t.Errorf("hasNewName(%q) = %v, want %v", c.text, got, c.name)
		}
	}
}

func TestYearsRunOfAHeaderAbove(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"($ in millions, except per share amounts) 2023 2022 2021", []string{"2023", "2022", "2021"}},
		{"Percentages and Ratios 2019 (a) 2018 2017 2016 2015 (b)", []string{"2019", "2018", "2017", "2016", "2015"}},
		{"2023 2022", []string{"2023", "2022"}},
		{"At December 31, 2022 2021 (Decrease)", nil}, // a third column the years do not name
		{"In 2022 the company grew", nil},
		{"(In thousands)", nil},
	} {
		var got []string
		for _, y := range yearsRun(c.line) {
			if c.line[y.start:y.end] != y.text {
				t.Errorf("%q: cell %q is not at %d–%d", c.line, y.text, y.start, y.end)
			}
			got = append(got, y.text)
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("yearsRun(%q) = %v, want %v", c.line, got, c.want)
		}
	}
	// Its years stand over the figures, the label column left out.
	sh := askedShape("What was net income in 2022?", []string{"net", "income", "2022"})
	tc, ok := sh.askedCell([]string{"Years ended June 30,", "($ in millions, except per share amounts) 2023 2022 2021"},
		"Net income attributable to Amcor plc | $ | 1,048 | $ | 805 | $ | 939")
	if !ok || tc.value != "805" || tc.column != "2022" {
		t.Errorf("askedCell = %+v, %v; want 805 under 2022", tc, ok)
	}
	// A row with a cell dropped ("—") cannot be read under them.
	if tc, ok := sh.askedCell([]string{"2023 2022"}, "MGM China second revolving credit facility | — | 224,313"); ok {
		t.Errorf("askedCell = %+v for a row with fewer figures than years", tc)
	}
}

func TestWritesAsked(t *testing.T) {
	weights := map[string]float64{"geographi": 1, "pepsico": 1, "fy2022": 1, "oper": 1}
	title := map[string]bool{"pepsico": true}
	inventories := &candidate{own: map[string]bool{"inventori": true, "2022": true}}
	if writesAsked(inventories, weights, title, "") {
		t.Error("a row sharing only the year and the document's name writes what is asked")
	}
	if !writesAsked(&candidate{own: map[string]bool{"geographi": true}}, weights, title, "") {
		t.Error("a sentence on geographies does not write what is asked")
	}
	if writesAsked(&candidate{own: map[string]bool{"pepsico": true}}, weights, title, "") {
		t.Error("the document's own name, written in the quote, counted as an asked word")
	}
	if !writesAsked(&candidate{own: map[string]bool{"pepsico": true}}, map[string]float64{"pepsico": 1, "fy2022": 1}, title, "") {
		t.Error("a question asking nothing beyond the document's name and a year found no quote")
	}
	if !writesAsked(&candidate{own: map[string]bool{}, ante: &app.Window{}}, weights, title, "") {
		t.Error("a quote pointing back was not read with the sentence before it")
	}
	// "Which city is PepsiCo based in?" is answered by a city's name,
	// which does not write "city".
	city := map[string]float64{"city": 1, "pepsico": 1}
	if !writesAsked(&candidate{own: map[string]bool{"purchase": true}}, city, title, "city") {
		t.Error("the kind a which-question names required of its answer")
	}
	if writesAsked(&candidate{own: map[string]bool{"purchase": true}}, city, title, "") {
		t.Error("a quote that writes no word asked counted as writing one")
	}
}

func TestRepeatedColumnStatesNoCell(t *testing.T) {
	sh := askedShape("Which of JPM's business segments had the lowest net revenue in 2021 Q1?", []string{"jpm", "segment", "net", "revenu", "2021", "q1"})
	header := []string{"(in millions, except ratios) | 2021 | 2020 | Change | 2021 | 2020 | Change"}
	if tc, ok := sh.askedCell(header, "Total net revenue | $ 12,517 | $ 13,287 | (6) % | $ 14,605 | $ 10,003 | 46 %"); ok {
		t.Errorf("askedCell = %+v under a header that repeats the asked year", tc)
	}
	header = []string{"(in millions, except ratios) | 2021 | 2020 | Change"}
	if tc, ok := sh.askedCell(header, "Total net revenue | $ 12,517 | $ 13,287 | (6) %"); !ok || tc.column != "2021" || !strings.Contains(tc.value, "12,517") {
		t.Errorf("askedCell = %+v, %v under a header naming 2021 once", tc, ok)
	}
}

func TestGroupedColumns(t *testing.T) {
	header := []string{"Assets | Depreciation & Amortization | Capital Expenditures",
		"(Millions) | 2022 | 2021 | 2022 | 2021 | 2020 | 2022 | 2021 | 2020"}
	row := "Consumer | 2,753 | 2,783 | 148 | 147 | 140 | 146 | 109 | 120"
	for _, c := range []struct {
		question, value, column string
	}{
		{"What were the capital expenditures of the Consumer segment in 2022?", "146", "Capital Expenditures 2022"},
		{"How much depreciation and amortization did Consumer have in 2020?", "140", "Depreciation & Amortization 2020"},
		{"What were Consumer's assets in 2021?", "2,783", "Assets 2021"},
	} {
		var terms []string
		for _, t := range lang.Tokens(c.question) {
			terms = append(terms, t.Lower)
		}
		sh := askedShape(c.question, terms)
		tc, ok := sh.askedCell(header, row)
		if !ok || tc.value != c.value || tc.column != c.column || row[tc.start:tc.end] != c.value {
			t.Errorf("%q: askedCell = %+v, %v; want %s under %s", c.question, tc, ok, c.value, c.column)
		}
	}
	// No group asked: which 2022 is meant cannot be told.
	sh := askedShape("What did Consumer report in 2022?", []string{"consum", "report", "2022"})
	if tc, ok := sh.askedCell(header, row); ok {
		t.Errorf("askedCell = %+v with no group asked", tc)
	}
}

func TestTableIntroductions(t *testing.T) {
	w := &app.Window{}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"The benefit payments to retirees are expected to be paid as follows:", true},
		{"Long-term debt consisted of the following ($ in millions):", true},
		{"The following summarizes the components of Property, plant and equipment:", true},
		{"Cash and cash equivalents:", false},                                // names a group of rows
		{"Cash provided (used) by investing activities:", false},             // so does this
		{"The benefit payments to retirees are expected as follows.", false}, // no colon: a sentence of its own
	} {
		if got := introOf(c.text, w, 0, introduction{}).win != nil; got != c.want {
			t.Errorf("introOf(%q) introduces: %v, want %v", c.text, got, c.want)
		}
	}
	// A line stating the table's unit keeps the introduction before it.
	intro := introOf("The benefit payments to retirees are expected to be paid as follows:", w, 0, introduction{})
	if got := introOf("(dollars in millions)", w, 80, intro); got != intro {
		t.Errorf("the unit line dropped the introduction: %+v", got)
	}
	if got := introOf("Pension costs rose.", w, 120, intro); got.win != nil {
		t.Errorf("a sentence in between kept the introduction: %+v", got)
	}
}

// TestCountedPeople: "How many people …" is counted by any word for
// people a sentence uses; another count is no count of people.
func TestCountedPeople(t *testing.T) {
	people := []string{lang.Family("people")}
	for text, want := range map[string]bool{
		"The colonies had a population of roughly 60,000 European settlers.": true,
		"Approximately 1,000 British soldiers were killed or injured.":       true,
		"The company sold 60,000 vehicles in the year.":                      false,
	} {
		if got := hasCount(text, "", people); got != want {
			t.Errorf("hasCount(%q, people) = %v, want %v", text, got, want)
		}
	}
	if !namesPeople("Four thousand emigrants settled in New York.") || namesPeople("Four thousand acres were settled.") {
		t.Error("namesPeople reads words for people only")
	}
}
