package answer

import (
	"archivist/retrieve/fts"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"archivist/app"
	"archivist/app/lang"
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
	if got := withoutSlips([]string{"employ", lang.Family("dose")}, []string{"employees", "dose"}, cands); len(got) != 1 || got[0] != "employ" {
		t.Errorf("slip kept: %v", got)
	}
}

func TestKindNoun(t *testing.T) {
	for q, want := range map[string]string{
		"What is the position of Ibrahim?":                            lang.Family("position"),
		"What score did PaLM-2L + Step-Back achieve in MMLU Physics?": lang.Family("score"),
		"Which paper uses the Fast NMS processing?":                   lang.Family("paper"),
		"What does AD stand for?":                                     "",
		"How many employees does 3M have?":                            "",
		"What are the company's respective gross profit in 2019?":     "", // whose, not what
	} {
		if got := lang.ReadAsked(q).Kind; got != want {
			t.Errorf("ReadAsked(%q).Kind = %q, want %q", q, got, want)
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
	// Capitals say nothing in a question typed in capitals or title case.
	if got := givenNames("WHAT IS THE LAST YEAR PRESENT IN THE TABULUAR COLUMN?"); len(got) != 0 {
		t.Errorf("an all-capitals question gave names %v", got)
	}
	if got := givenNames("What Was The Total Operating Income Of 3M In FY2022?"); len(got) != 1 || !got["3m"] {
		t.Errorf("a title-case question gave names %v, want only 3m", got)
	}
	if got := givenNames("How many offices does PwC Technic have?"); !got["pwc"] || !got["technic"] {
		t.Errorf("names %v", got)
	}
	w := exactWords("Technical skills at BEST BUY Co. and Wal-Mart")
	if w["technic"] || !w["technical"] || !w["bestbuy"] || w["skillsat"] || !w["walmart"] {
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
	f := forms{long: map[string][]string{"ceo": {lang.Family("chief"), lang.Family("executive"), lang.Family("officer")}}}
	asked := map[string]bool{"ceo": true, lang.Family("pepsico"): true}
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

// TestSentenceAcrossAPageBreak: a sentence the page break cuts, with the
// page's foot and the next page's head between its parts, is one quote of
// its two parts, each verbatim text of its block, citing both pages.
func TestSentenceAcrossAPageBreak(t *testing.T) {
	type blk struct {
		text string
		page int
		y0   float64
		kind app.BlockKind
	}
	build := func(q string, terms []string, blocks ...blk) *app.Evidence {
		ev := &app.Evidence{Question: app.Question{Text: q}, Terms: terms, Blocks: map[string]app.Block{}, Sections: map[string]string{"s": "Heart rate"}}
		w := app.Window{PageStart: 1, PageEnd: 2}
		var texts []string
		for i, b := range blocks {
			id := fmt.Sprintf("b%d", i)
			ev.Blocks[id] = app.Block{ID: id, Seq: i, SectionID: "s", Kind: b.kind, Text: b.text, Page: b.page,
				Box: app.Rect{Page: b.page, X0: 0.1, Y0: b.y0, X1: 0.9, Y1: b.y0 + 0.03}}
			w.Spans = append(w.Spans, app.Span{BlockID: id, Start: 0, End: len(b.text)})
			texts = append(texts, b.text)
		}
		w.Text = strings.Join(texts, app.PassageSeparator)
		ev.Sources = []app.Source{{N: 1, DocumentID: "d", Title: "Watch manual", Windows: []app.Window{w}, Text: w.Text}}
		return ev
	}
	p := app.BlockParagraph
	q := "In which environment should you measure your resting heart rate?"
	terms := []string{"environment", "measure", "resting", "heart", "rate"}
	ev := build(q, terms,
		blk{"If the reading is blank, the watch could not read it. In this case, ensure that you", 1, 0.80, p},
		blk{"Issue 01 (2020-09-07)", 1, 0.93, p},
		blk{"20", 1, 0.96, p},
		blk{"Watch OnlineHelp", 2, 0.02, p},
		blk{"measure your resting heart rate in a quiet and relaxed environment when you are awake.", 2, 0.10, p})
	ans, err := Extractive{}.Answer(context.Background(), ev)
	if err != nil || !ans.Sufficient {
		t.Fatalf("answer %+v, %v", ans, err)
	}
	// The sentence that says which case "In this case" is comes first.
	if len(ans.Citations) != 2 || ans.Citations[0].Quote != "If the reading is blank, the watch could not read it." {
		t.Fatalf("citations %+v", ans.Citations)
	}
	c := ans.Citations[1]
	want := "In this case, ensure that you measure your resting heart rate in a quiet and relaxed environment when you are awake."
	if c.Quote != want || len(c.Blocks) != 2 || c.Blocks[0] != "b0" || c.Blocks[1] != "b4" || c.PageStart != 1 || c.PageEnd != 2 {
		t.Fatalf("citation %+v", c)
	}
	for i, part := range []string{"In this case, ensure that you", "measure your resting heart rate in a quiet and relaxed environment when you are awake."} {
		if !strings.Contains(ev.Blocks[c.Blocks[i]].Text, part) {
			t.Fatalf("part %q is not text of its block", part)
		}
	}
	// Not a break: a block ending on a bracket, a block below on the
	// same page, a continuation starting in capitals.
	for _, pair := range [][2]blk{
		{{"Return type list[Tensor]", 1, 0.80, p}, {"class heads.SOLOHead measures rate of resting heart environment", 2, 0.10, p}},
		{{"In this case, ensure that you", 1, 0.40, p}, {"measure your resting heart rate in a quiet environment.", 1, 0.50, p}},
		{{"In this case, ensure that you", 1, 0.80, p}, {"Measure your resting heart rate in a quiet environment.", 2, 0.10, p}},
	} {
		ev := build(q, terms, pair[0], pair[1])
		ans, _ := Extractive{}.Answer(context.Background(), ev)
		for _, c := range ans.Citations {
			if len(c.Blocks) != 1 {
				t.Fatalf("joined %q and %q: %+v", pair[0].text, pair[1].text, c)
			}
		}
	}
}

func TestQuestionClauses(t *testing.T) {
	q := `If "--" is displayed as the resting heart rate reading, what kind of environment should the user stay in?`
	if sh := askedShape(q, []string{"displayed", "resting", "heart", "rate", "reading", "kind", "environment", "user", "stay"}); sh.Figure {
		t.Error("the condition's rate read as an asked amount")
	}
	if sh := askedShape("What was the interest rate in 2022?", []string{"interest", "rate", "2022"}); !sh.Figure {
		t.Error("an asked rate not read as an amount")
	}
	got := withoutKindOf([]string{lang.Family("kind"), lang.Family("environment")}, q)
	if len(got) != 1 || got[0] != lang.Family("environment") {
		t.Errorf("withoutKindOf = %v", got)
	}
	for text, want := range map[string]bool{
		"In this case, ensure that you measure it.": true,
		"If so, restart the watch.":                 true,
		"In this cases study we show":               false,
		"Otherwise the alarm sounds.":               true,
		"Otherwiseland is a place.":                 false,
	} {
		if pointsBack(text) != want {
			t.Errorf("pointsBack(%q) = %v", text, !want)
		}
	}
}

// A figure under a heading naming what is counted is a count, though it
// reads like a year.
func TestCountUnderItsHeading(t *testing.T) {
	sh := askedShape("How many employees does PwC Assurance have?", []string{"employees", "pwc", "assurance"})
	w := &app.Window{Text: "1914"}
	with := candidate{window: w, start: 0, end: 4, label: "Employees"}
	without := candidate{window: w, start: 0, end: 4}
	ev := &app.Evidence{Blocks: map[string]app.Block{}}
	if got, want := sh.fit(ev, &with), amountFit+typeFit; math.Abs(got-want) > 1e-9 {
		t.Errorf("1914 under Employees fits %.2f, want an amount's and a count's %.2f", got, want)
	}
	if got, want := sh.fit(ev, &without), noAmountFit+noTypeFit; math.Abs(got-want) > 1e-9 {
		t.Errorf("a bare 1914 fits %.2f, want %.2f: a year is no count by itself", got, want)
	}
}

func TestLabelNamesOther(t *testing.T) {
	q := "What were Portmere's total assets at December 31, 2020?"
	sh := askedShape(q, []string{"portmere", "total", "assets", "december", "31", "2020"})
	for row, want := range map[string]bool{
		"Total assets | 9,869,550 | 4,551,258":            false,
		"Total deferred tax assets | 1,337,089 | 867,658": true, // another measure
	} {
		if got := labelNamesOther(row, sh); got != want {
			t.Errorf("labelNamesOther(%q) = %v, want %v", row, got, want)
		}
	}
}

func TestPlaces(t *testing.T) {
	for text, want := range map[string]bool{
		"The company is headquartered in Purchase, New York.":                        true,
		"He served as Head of Operations at The Blackstone Group from 2014 to 2020.": false,
		"The plant is located in mumbai.":                                            true,
		"He was a partner of the firm from January 2014 to January 2020.":            false,
	} {
		if got := hasPlace(text, nil) || lowerPlace(text); got != want {
			t.Errorf("place in %q = %v, want %v", text, got, want)
		}
	}
	if lowerPlace("The information is incorporated by reference in this Form 10-K.") {
		t.Error("a determiner read as a place")
	}
}

func TestSplitsName(t *testing.T) {
	runs := nameRuns("What profession does Zbigniew Marek have?")
	for text, want := range map[string]bool{
		"The office was designed by architects Marek Budzynski and Zbigniew Badowski.": true,
		"Zbigniew Marek is an architect.":                                              false,
	} {
		if got := splitsName(text, runs); got != want {
			t.Errorf("splitsName(%q) = %v, want %v", text, got, want)
		}
	}
	// A longer form of the name keeps its words in order.
	if splitsName("Amcor UK Finance plc and the Trustee entered into an Indenture.", nameRuns("Who is the trustee of the Indenture of Amcor Finance?")) {
		t.Error("a longer form of the name read as another name")
	}
	if splitsName("Finished goods | 9,447 | 8,123", nameRuns("What was the amount of Finished Goods in 2019?")) {
		t.Error("a name written in lower case read as split")
	}
}

// TestDayIsNoAmount: the day of a date, before or after its month, is no
// amount, nor the number that counts off a list's item; an amount beside
// a date, or a negative one in parentheses, still is.
func TestDayIsNoAmount(t *testing.T) {
	for s, want := range map[string]bool{
		"The number of options outstanding as at 31 March was as follows:":                                                   false,
		"The fiscal year ended May 31, 2019.":                                                                                false,
		"On 1st April, 2019 the Group held 31 vessels.":                                                                      true,
		"Acme will reinvest the earnings of: (1) any subsidiary that lacks earnings, (2) any subsidiary where it intends to": false,
		"Other | (5) | (3)": true,
	} {
		if got := hasAmount(s, false); got != want {
			t.Errorf("hasAmount(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestSuperlativeAsked: "the oldest" is asked and must be written;
// "bigger" compares, "last year" and "the first quarter" are periods,
// "Best Buy" is a name.
func TestSuperlativeAsked(t *testing.T) {
	none := map[string]bool{}
	for q, want := range map[string]string{
		"What is the oldest work of Norman art?":            `"oldest"`,
		"Which threats are considered bigger than Iran's?":  "",
		"Describe the changes of the plan since last year.": "",
		"What was the gross margin in the first quarter?":   "",
		"What is the revenue of Best Buy?":                  "",
	} {
		if got := superlativeNotWritten(q, "The famous work of art is the tapestry.", none, none); got != want {
			t.Errorf("superlativeNotWritten(%q) = %q, want %q", q, got, want)
		}
	}
}

// A title written short ("CFO" for "chief financial officer") at the
// start of a text, or after letters whose lower case is longer
// ("İ"), is read at its own place: no offset reaches before the text or
// past it.
func TestHoldsTitleWrittenShort(t *testing.T) {
	q := "Who is Portmere's chief financial officer?"
	asked := map[string]bool{"portmere": true}
	for _, text := range []string{
		"CFO Ann Lee",
		"İİİİ CFO Ann Lee",
		"İstanbul office: Ann Lee, Chief Financial Officer",
	} {
		if !holdsTitleAsked(q, text, asked) {
			t.Errorf("%q does not hold the title asked", text)
		}
	}
}

// An office word that opens a name ("General Mills") asks no office.
func TestAskedTitlesSkipNames(t *testing.T) {
	for q, want := range map[string][]string{
		"Who is General Mills' chairman and CEO?": {"chairman", "chief executive officer"},
		"Who is the General Counsel of Portmere?": {"general counsel"},
	} {
		if got := askedTitles(q); !slices.Equal(got, want) {
			t.Errorf("askedTitles(%q) = %q, want %q", q, got, want)
		}
	}
}

// A name, a comma (a PDF may set a space before it) and the title asked
// name who holds it.
func TestNameThenTitle(t *testing.T) {
	for _, c := range []struct {
		q, text string
		want    bool
	}{
		{"Who is the chief executive officer?", "said Dave Kimbell, chief executive officer", true},
		{"Who was the chairman in 2018?", "I, Dennis A. Muilenburg , Chairman, President and Chief Executive Officer", true},
		{"Who is the chief executive officer?", "said the company's chief executive officer", false},
		{"Who is the chief executive officer?", "as reported, chief executive officer", false},
	} {
		if got := nameThenTitle(c.text, c.q); got != c.want {
			t.Errorf("nameThenTitle(%q, %q) = %v, want %v", c.text, c.q, got, c.want)
		}
	}
}

// TestCoverTableUnderItsColumnsLine: a form's cover sets the names of its
// securities table's columns as a line of their own above the table; the
// table's first row is then a row, read under that line, and answers the
// ticker asked — a row of years at the head of a table does not become
// one.
func TestCoverTableUnderItsColumnsLine(t *testing.T) {
	build := func(q string, blocks ...app.Block) *app.Evidence {
		ev := &app.Evidence{Question: app.Question{Text: q}, Terms: fts.Terms(q), Blocks: map[string]app.Block{}, Sections: map[string]string{"s": "Cover"}}
		w := app.Window{PageStart: 1, PageEnd: 1}
		var texts []string
		for i, b := range blocks {
			b.ID, b.Seq, b.SectionID, b.Page = fmt.Sprintf("b%d", i), i, "s", 1
			ev.Blocks[b.ID] = b
			w.Spans = append(w.Spans, app.Span{BlockID: b.ID, Start: 0, End: len(b.Text)})
			texts = append(texts, b.Text)
		}
		w.Text = strings.Join(texts, app.PassageSeparator)
		ev.Sources = []app.Source{{N: 1, DocumentID: "d", Title: "Portmere Inc. Form 10-K", Windows: []app.Window{w}, Text: w.Text}}
		return ev
	}
	ev := build("What is Portmere's ticker?",
		app.Block{Kind: app.BlockParagraph, Text: "Title of each class Trading Symbol Name of each exchange on which registered"},
		app.Block{Kind: app.BlockTable, Text: "Common Stock, Par Value $1.00 | PTM | New York Stock Exchange\n0.650% Notes Due May 2024 | PTM24C | New York Stock Exchange"})
	ans, err := Extractive{}.Answer(context.Background(), ev)
	if err != nil || ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "| PTM |") {
		t.Fatalf("answer %q (%s), %v: want the first row, with its symbol", ans.Answer, ans.Verdict, err)
	}
	if strings.Contains(ans.Answer, "on which registered” [") {
		t.Errorf("the columns line is quoted apart from the row read under it: %q", ans.Answer)
	}
	ev = build("What date did Portmere's 2022 fiscal year end?",
		app.Block{Kind: app.BlockParagraph, Text: "Cumulative total return of Portmere common stock plan to date"},
		app.Block{Kind: app.BlockTable, Text: "2022 | 2021 | 2020 | through 12/31/2022\n$ 100 | $ 104 | $ 98 | $ 131"})
	if ans, _ := (Extractive{}).Answer(context.Background(), ev); strings.Contains(ans.Answer, "“2022 | 2021") && ans.Verdict == app.VerdictAnswered {
		t.Errorf("a row of years at the head of a table answered: %q", ans.Answer)
	}
}

// TestFiscalYearHeader: a report heads its columns "FY19", and that is
// the 2019 a question names (whether it writes "FY19" or "2019").
func TestFiscalYearHeader(t *testing.T) {
	for _, q := range []string{"What were the harbour fees in FY19?", "What were the harbour fees in 2019?"} {
		ev := &app.Evidence{Question: app.Question{Text: q}, Terms: fts.Terms(q), Blocks: map[string]app.Block{}, Sections: map[string]string{"s": "Harbour"}}
		text := "Fees by year are set out below / | FY19* | FY18*\nHarbour fees | 120 | 100"
		text = strings.ReplaceAll(text, " / ", "\n")
		ev.Blocks["b0"] = app.Block{ID: "b0", SectionID: "s", Kind: app.BlockTable, Text: text}
		w := app.Window{Text: text, Spans: []app.Span{{BlockID: "b0", Start: 0, End: len(text)}}}
		ev.Sources = []app.Source{{N: 1, DocumentID: "d", Title: "Harbour report", Windows: []app.Window{w}, Text: text}}
		ans, err := Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "Harbour fees | 120") {
			t.Errorf("%q: %s (%s), %v", q, ans.Answer, ans.Verdict, err)
		}
	}
}

// TestGlossless: a label's glosses that class a figure go; one that
// leaves something out or adjusts it names another measure and stays.
func TestGlossless(t *testing.T) {
	for label, want := range map[string]string{
		"Carrying amount (non-current (liabilities)/assets)": "Carrying amount ",
		"Net sales (1)":                   "Net sales ",
		"Net sales (excluding fuel)":      "Net sales (excluding fuel)",
		"Income tax (net of tax credits)": "Income tax (net of tax credits)",
		"Revenue (in thousands":           "Revenue (in thousands",
		"Operating income":                "Operating income",
	} {
		if got := glossless(label); got != want {
			t.Errorf("glossless(%q) = %q, want %q", label, got, want)
		}
	}
	sh := askedShape("What is the 2019 carrying amount of interest rate swaps?", []string{"2019", "carrying", "amount", "interest", "rate", "swaps"})
	if labelNamesOther("Carrying amount (non-current (liabilities)/assets) | (494) | 1,663", sh) {
		t.Error("a classing gloss read as another measure")
	}
	if !labelNamesOther("Carrying amount of other hedging derivative assets | (494) | 1,663", sh) {
		t.Error("a label naming another measure passed")
	}
}

// TestLabelNamesSibling: a row qualifying the measure its own way, without
// the question's qualifier, is a sibling measure; one whose missing word
// stands over it, or which adds no word of its own, is not.
func TestLabelNamesSibling(t *testing.T) {
	q := "How much is the other receivables as at December 31, 2019?"
	sh := askedShape(q, []string{"other", "receivables", "december", "31", "2019"})
	plain := &candidate{own: map[string]bool{}, context: map[string]bool{}}
	if !labelNamesSibling(plain, "Trade receivables | 9,660 | 11,191", sh) {
		t.Error("Trade receivables read as the other receivables asked")
	}
	if labelNamesSibling(plain, "Other receivables | 6,665 | 5,120", sh) {
		t.Error("the row asked read as a sibling")
	}
	if labelNamesSibling(plain, "Receivables | 6,665 | 5,120", sh) {
		t.Error("a label adding nothing of its own read as a sibling")
	}
	headed := &candidate{own: map[string]bool{}, context: map[string]bool{}}
	for _, m := range sh.Measure {
		headed.context[m] = true // "Other receivables:" heads the rows
	}
	if labelNamesSibling(headed, "Trade receivables | 9,660 | 11,191", sh) {
		t.Error("a row under a heading carrying the qualifier read as a sibling")
	}
	eps := askedShape("What is basic earnings per ordinary share in FY2023?", []string{"basic", "earnings", "ordinary", "share", "fy2023"})
	if labelNamesSibling(plain, "Basic earnings per share | $ | 6.31", eps) {
		t.Error("a label dropping a qualifier and adding none read as a sibling")
	}
}

// TestMeasureNegated: a passage that writes the operating income asked
// only as "Non-operating income" (in its heading, say) states its
// complement; one that writes it plainly too, or a question asking the
// complement, is not refused for it. A row that opens with a figure has
// lost its label.
func TestMeasureNegated(t *testing.T) {
	for _, c := range []struct {
		q, text string
		want    bool
	}{
		{"What operating income did Acme report for fiscal 2014?", "Interest income | 21,355\nNOTE 17. NON-OPERATING INCOME (EXPENSE)", true},
		{"What operating income did Acme report for fiscal 2014?", "Operating income | 412,685\nNOTE 17. NON-OPERATING INCOME (EXPENSE)", false},
		{"What non-operating income did Acme report for fiscal 2014?", "Non-operating income | 21,355", false},
		{"What current assets did Acme hold?", "Total non-current assets | 9,120", true},
	} {
		if got := negatedMeasure(c.q, "operating income", c.text) != ""; strings.Contains(c.q, "operating") && got != c.want {
			t.Errorf("negatedMeasure(%q, %q) = %v, want %v", c.q, c.text, got, c.want)
		}
		if got := negatedMeasure(c.q, "current assets", c.text) != ""; strings.Contains(c.q, "current") && got != c.want {
			t.Errorf("negatedMeasure(%q, %q) = %v, want %v", c.q, c.text, got, c.want)
		}
	}
	// A qualifier "non" makes names a part of the measure: the non-cash
	// additions are not what was spent on additions.
	const additions = "additions to property, plant and equipment"
	for _, c := range []struct {
		q, text string
		want    bool
	}{
		{"What did Acme spend on additions to property, plant and equipment in fiscal 2019?", "Non-cash additions to property, plant and equipment | 160 | 294", true},
		{"What did Acme spend on additions to property, plant and equipment in fiscal 2019?", "Noncash additions to property, plant and equipment | 160 | 294", true},
		{"What did Acme spend on additions to property, plant and equipment in fiscal 2019?", "Additions to property, plant and equipment | (1,119) | (1,028)\nNon-cash additions to property, plant and equipment | 160", false},
		{"What non-cash additions to property, plant and equipment did Acme make in fiscal 2019?", "Non-cash additions to property, plant and equipment | 160 | 294", false},
		{"What did Acme spend on additions to property, plant and equipment in fiscal 2019?", "None of the additions to property, plant and equipment | 160", false},
	} {
		if got := negatedMeasure(c.q, additions, c.text) != ""; got != c.want {
			t.Errorf("negatedMeasure(%q, %q) = %v, want %v", c.q, c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		q, text string
		want    bool
	}{
		{"What were the deferred tax assets for inventory in 2019?", "The principal components of our current and non-current deferred taxes were as follows:", false},
		{"What were the deferred tax assets for inventory in 2019?", "The principal components of our current and noncurrent deferred taxes were as follows:", false},
		{"What were the deferred tax assets for inventory in 2019?", "The principal components of our non-current deferred taxes were as follows:", true},
	} {
		if got := negatedMeasure(c.q, "deferred tax assets", c.text) != ""; got != c.want {
			t.Errorf("negatedMeasure(%q, %q) = %v, want %v", c.q, c.text, got, c.want)
		}
	}
	for row, want := range map[string]bool{
		"$ | 28,759 | $ | 21,355 | $ | 21,887": true,
		"Interest income | 28,759 | 21,355":    false,
		"2019 | 28,759 | 21,355":               false,
	} {
		if got := unlabelled(row, ""); got != want {
			t.Errorf("unlabelled(%q) = %v, want %v", row, got, want)
		}
	}
}

// TestChangeStatedTwice: a change stated in two units, or with its year
// and per share between verb and figure, states no level of the measure.
func TestChangeStatedTwice(t *testing.T) {
	for s, want := range map[string]bool{
		"Bitcoin revenue for the year ended December 31, 2020 increased by $4.1 billion or 785% compared to the year ended December 31, 2019.": true,
		"Diluted earnings per share decreased in 2020 by $0.53 per share, or 50%, when compared to 2019.":                                      true,
		"Bitcoin revenue increased to $4.6 billion in 2020.":                                                                                   false,
	} {
		if got := onlyChanges("How much bitcoin revenue was there?", s); got != want {
			t.Errorf("onlyChanges(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestRowCountsWhatItsLabelHeads: a row counts the employees its label
// heads, not those a longer label mentions on the way to its own head.
func TestRowCountsWhatItsLabelHeads(t *testing.T) {
	for row, want := range map[string]bool{
		"Employees | 13,893 | 12,499":                                        true,
		"Full-time employees | 13,893 | 12,499":                              true,
		"Tax expense attributable to employee stock plans | 68,136 | 53,223": false,
	} {
		if got := hasCount(row, "", []string{lang.Family("employees")}); got != want {
			t.Errorf("hasCount(%q) = %v, want %v", row, got, want)
		}
	}
}

// TestTotalsUnasked: a figure totalling a list measures the list, not
// one item of it.
func TestTotalsUnasked(t *testing.T) {
	q := "How much cash and equivalents did Acme hold when the year ended on May 31, 2021?"
	for text, want := range map[string]string{
		"As of May 31, 2021, we had cash, cash equivalents and short-term investments totaling $13.5 billion, primarily consisting of commercial paper.": "short-term investments",
		"As of May 31, 2021, we had cash and cash equivalents totaling $9.9 billion.":                                                                    "",
		"Revenues totaling $5.1 billion were recorded in the year.":                                                                                      "",
		"As of December 31, 2018, we identified six restricted investments totaling $87.4 million.":                                                      "",
		"Cash, cash equivalents and short-term investments were $13.5 billion.":                                                                          "",
	} {
		if got := totalsUnasked(q, text); got != want {
			t.Errorf("totalsUnasked(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestMeasureOnlyAsCause: a measure named after every figure of a
// sentence, as the cause of another figure's change, is not what the
// figures measure.
func TestMeasureOnlyAsCause(t *testing.T) {
	const rd = "research and development"
	for text, want := range map[string]bool{
		"BCA loss from operations was $2,370 million in 2022 compared with $6,475 million in 2021 reflecting higher 737 deliveries, partially offset by higher research and development spending.": true,
		"Research and development expense was $2,852 million in 2022, reflecting higher spending on the 777X.":                                                                                     false,
		"We spent $2,852 million on research and development in 2022.":                                                                                                                             false,
		"Operating margin fell to 4.5% in 2022 as research and development spending rose.":                                                                                                         false,
	} {
		if got := measureOnlyAsCause(rd, text); got != want {
			t.Errorf("measureOnlyAsCause(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestBeginningAsked: a row that dates its balance itself ("… at January
// 1,") may state a period's beginning; one that does not states the end
// of the period its column names.
func TestBeginningAsked(t *testing.T) {
	q := "What was Acme's allowance for doubtful accounts at the beginning of 2015?"
	for row, want := range map[string]bool{
		"Allowance for doubtful accounts at January 1, | $ | 12.4 | $ | 10.1":        false,
		"Allowance for doubtful accounts at beginning of year | $ | 12.4 | $ | 10.1": false,
		"Allowance for doubtful accounts | $ | 14.0 | $ | 12.4":                      true,
	} {
		if got := rowMisread(q, row) != ""; got != want {
			t.Errorf("rowMisread(%q, %q) refuses: %v, want %v", q, row, got, want)
		}
	}
}

// TestCrossReference: a pointer elsewhere is told from a statement, and
// the cheap test that skips the expressions never skips one they match —
// past ASCII "ſ" is an "s" to them.
func TestCrossReference(t *testing.T) {
	for s, want := range map[string]bool{
		"Refer to Note 7 for deferred revenue balances.":            true,
		"Note 15 - Arrangements with Off-Balance Sheet Risk | 86":   true,
		"For the details refer to ſection II.":                      true,
		"Revenue grew 7% in fiscal 2022.":                           false,
		"Refer to Note 7: revenue was $4,250 million in 2022.":      false,
		"Net sales of the segment rose on higher volume and price.": false,
	} {
		if got := crossReference(s); got != want {
			t.Errorf("crossReference(%q) = %v, want %v", s, got, want)
		}
	}
}
