package answer_test

import (
	"archivist/retrieve/fts"
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

func TestSentences(t *testing.T) {
	text := "Dr. Smith arrived at 9 a.m. on Monday. He left, e.g. by train! Did he?\nYes.\n\nNew block here."
	var got []string
	for _, s := range answer.Sentences(text) {
		got = append(got, text[s[0]:s[1]])
	}
	want := []string{"Dr. Smith arrived at 9 a.m. on Monday.", " He left, e.g. by train!", " Did he?", "\nYes.", "New block here."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Sentences =\n%q\nwant\n%q", got, want)
	}
	// A table row's dot leader ends no sentence before its figures.
	row := "Goodwill ........ | 5,366,881 | 4,721,962\nPurchased intangibles, net. | 510,007 | 469,662"
	if got := answer.Sentences(row); len(got) != 1 {
		t.Errorf("a row split at its dot leader: %d sentences", len(got))
	}
}

func TestDerivedFormsMeetTheirBase(t *testing.T) {
	ev := evidence("how deep is the channel", []string{"deep", "channel"}, "The channel will be deepened to 11 metres.")
	ans, _ := answer.Extractive{}.Answer(context.Background(), ev)
	if !ans.Sufficient {
		t.Fatalf("\"deepened\" did not answer \"deep\": %+v", ans)
	}
}

// evidence builds evidence of one source whose window covers the blocks.
func evidence(question string, terms []string, blocks ...string) *app.Evidence {
	ev := &app.Evidence{Question: app.Question{Text: question}, Terms: terms, Blocks: map[string]app.Block{}, Sections: map[string]string{"s": "Intro"}}
	w := app.Window{}
	var texts []string
	line := 1
	for i, text := range blocks {
		id := fmt.Sprintf("b%d", i)
		ev.Blocks[id] = app.Block{ID: id, SectionID: "s", Kind: app.BlockParagraph, Text: text, LineStart: line}
		line += strings.Count(text, "\n") + 2
		w.Spans = append(w.Spans, app.Span{BlockID: id, Start: 0, End: len(text)})
		texts = append(texts, text)
	}
	w.Text = strings.Join(texts, app.PassageSeparator)
	ev.Sources = []app.Source{{N: 1, DocumentID: "d", Title: "Doc", Windows: []app.Window{w}, Text: w.Text}}
	return ev
}

func TestExtractive(t *testing.T) {
	ctx := context.Background()
	t.Run("CitesLineOfQuote", func(t *testing.T) {
		ev := evidence("when is the deadline", []string{"deadline"},
			"Intro text that is long enough.", "The form is short.\nThe deadline is 1 May.\nLate forms are refused.")
		ans, err := answer.Extractive{}.Answer(ctx, ev)
		if err != nil {
			t.Fatal(err)
		}
		if !ans.Sufficient || len(ans.Citations) != 1 {
			t.Fatalf("answer = %+v", ans)
		}
		c := ans.Citations[0]
		if c.Quote != "The deadline is 1 May." || c.LineStart != 4 || c.LineEnd != 4 || c.Blocks[0] != "b1" || c.Section != "Intro" {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("NoEvidenceNoClaim", func(t *testing.T) {
		ans, err := answer.Extractive{}.Answer(ctx, &app.Evidence{Terms: []string{"x"}})
		if err != nil || ans.Sufficient || ans.Answer != app.InsufficientEvidence || ans.Citations == nil || len(ans.Citations) != 0 {
			t.Fatalf("answer = %+v, %v", ans, err)
		}
	})
	t.Run("FloorWindowAnswersOnlyWhole", func(t *testing.T) {
		// The full-text floor's window (Weak) was not found useful by the
		// walk: quotes that only together meet the question are shown as
		// the closest evidence, never as the answer; the same window,
		// found useful, answers.
		ev := evidence("when is the deadline for appeals", []string{"deadline", "appeals"},
			"Intro text that is long enough.", "The deadline is 1 May.", "Appeals are heard by the board.")
		ev.Sources[0].Windows[0].Weak = true
		ans, err := answer.Extractive{}.Answer(ctx, ev)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Sufficient || !strings.HasPrefix(ans.Answer, app.InsufficientEvidence) || len(ans.Citations) == 0 {
			t.Fatalf("answer = %+v", ans)
		}
		// Found useful, the window still does not answer as asked: the
		// leading quote gives a deadline without saying it is the appeals'.
		ev.Sources[0].Windows[0].Weak = false
		if ans, _ := (answer.Extractive{}).Answer(ctx, ev); ans.Sufficient || ans.Verdict != app.VerdictClosest {
			t.Fatalf("a deadline not said to be the appeals' answered: %+v", ans)
		}
		ev = evidence("when is the deadline for appeals", []string{"deadline", "appeals"},
			"Intro text that is long enough.", "The deadline for appeals is 1 May.", "Appeals are heard by the board.")
		if ans, _ := (answer.Extractive{}).Answer(ctx, ev); !ans.Sufficient || ans.Verdict != app.VerdictAnswered {
			t.Fatalf("the same window, found useful, did not answer: %+v", ans)
		}
		// One quote that holds the whole question answers, whichever
		// ranking found it.
		ev = evidence("when is the deadline for appeals", []string{"deadline", "appeals"},
			"Intro text that is long enough.", "The deadline for appeals is 1 May.")
		ev.Sources[0].Windows[0].Weak = true
		if ans, _ := (answer.Extractive{}).Answer(ctx, ev); !ans.Sufficient || ans.Citations[0].Quote != "The deadline for appeals is 1 May." {
			t.Fatalf("a floor quote holding every term did not answer: %+v", ans)
		}
		// As the question writes them: "Trust Company" is of the family
		// of "trustee", yet it does not say who the trustee is.
		ev = evidence("who is the trustee of the indenture", []string{"trustee", "indenture"},
			"Intro text that is long enough.", "The indenture names Deutsche Bank Trust Company.")
		ev.Sources[0].Windows[0].Weak = true
		if ans, _ := (answer.Extractive{}).Answer(ctx, ev); ans.Sufficient {
			t.Fatalf("a floor quote meeting a term only by its family answered: %+v", ans)
		}
	})
	t.Run("ClosestSaysWhy", func(t *testing.T) {
		// A reply that withholds the answer says what the passages lack,
		// whichever check stopped it.
		weak := evidence("when is the deadline for appeals", []string{"deadline", "appeals"},
			"Intro text that is long enough.", "The deadline is 1 May.", "Appeals are heard by the board.")
		weak.Sources[0].Windows[0].Weak = true
		for _, c := range []struct {
			ev  *app.Evidence
			why string
		}{
			{weak, "no passage was judged to answer it"},
			{evidence("when is the deadline for appeals", []string{"deadline", "appeals"},
				"Intro text that is long enough.", "The deadline is 1 May.", "Appeals are heard by the board."), ""},
			{evidence("what was the revenue of Contoso in 2019", []string{"revenue", "contoso", "2019"},
				"Intro text that is long enough.", "Revenue of Contoso was $5 million.", "Contoso sells paper."), ""},
			{evidence("what is the boiling point of mercury in kelvin", []string{"boiling", "point", "mercury", "kelvin"},
				"The meeting point is the north gate of the park."), ""},
		} {
			ans, err := answer.Extractive{}.Answer(ctx, c.ev)
			if err != nil {
				t.Fatal(err)
			}
			if ans.Sufficient {
				t.Fatalf("%q answered: %+v", c.ev.Question.Text, ans)
			}
			_, why, ok := strings.Cut(ans.Answer, "does not meet the question: ")
			if !ok || strings.HasPrefix(why, ".") || !strings.Contains(why, c.why) {
				t.Errorf("%q: the reply does not say why (want %q): %q", c.ev.Question.Text, c.why, ans.Answer)
			}
		}
	})
	t.Run("WeakMatchIsInsufficient", func(t *testing.T) {
		ev := evidence("what is the boiling point of mercury in kelvin", []string{"boiling", "point", "mercury", "kelvin"},
			"The meeting point is the north gate of the park.")
		ans, _ := answer.Extractive{}.Answer(ctx, ev)
		if ans.Sufficient {
			t.Fatalf("a sentence matching one common term was taken as an answer: %+v", ans)
		}
	})
}

// TestQuotesAreAlwaysSourceText feeds random evidence and checks the one
// promise that matters: every quote is verbatim text of the block it cites.
func TestQuotesAreAlwaysSourceText(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	vocab := strings.Fields("alpha beta gamma delta. epsilon! zeta? eta theta\n iota kappa e.g. Dr. lambda mu")
	for trial := 0; trial < 300; trial++ {
		var blocks []string
		for b := 0; b < 1+r.Intn(4); b++ {
			var sb strings.Builder
			for w := 0; w < 3+r.Intn(40); w++ {
				sb.WriteString(vocab[r.Intn(len(vocab))])
				sb.WriteString([]string{" ", " ", "\n"}[r.Intn(3)])
			}
			blocks = append(blocks, strings.TrimSpace(sb.String()))
		}
		terms := []string{vocab[r.Intn(len(vocab))], vocab[r.Intn(len(vocab))]}
		for i := range terms {
			terms[i] = strings.Trim(terms[i], ".!?\n ")
		}
		ev := evidence(strings.Join(terms, " "), terms, blocks...)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range ans.Citations {
			if len(c.Blocks) != 1 {
				t.Fatalf("trial %d: a quote of %d blocks where no break cuts a sentence: %+v", trial, len(c.Blocks), c)
			}
			b := ev.Blocks[c.Blocks[0]]
			if c.Quote == "" || !strings.Contains(b.Text, c.Quote) {
				t.Fatalf("trial %d: quote %q is not text of block %q", trial, c.Quote, b.Text)
			}
			i := strings.Index(b.Text, c.Quote)
			first, last := b.LinesOf(i, i+len(c.Quote))
			if c.LineStart != first || c.LineEnd != last {
				t.Fatalf("trial %d: lines %d–%d, want %d–%d", trial, c.LineStart, c.LineEnd, first, last)
			}
		}
	}
}

// TestTableRowsAreQuotedOneByOne: in a table the row that answers is the
// quote, not the whole table.
func TestTableRowsAreQuotedOneByOne(t *testing.T) {
	ev := evidence("what were net sales in 2022", []string{"net", "sales", "2022"},
		"Year | 2022 | 2021\nNet sales | 34,229 | 35,355\nOperating income | 6,539 | 7,369")
	for id, b := range ev.Blocks {
		b.Kind = app.BlockTable
		ev.Blocks[id] = b
	}
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || !ans.Sufficient {
		t.Fatalf("answer = %+v, %v", ans, err)
	}
	if q := ans.Citations[0].Quote; q != "Net sales | 34,229 | 35,355" {
		t.Fatalf("quote = %q, want the one row", q)
	}
}

// tableEvidence is evidence whose blocks are all tables.
func tableEvidence(question string, blocks ...string) *app.Evidence {
	ev := evidence(question, termsOf(question), blocks...)
	for id, b := range ev.Blocks {
		b.Kind = app.BlockTable
		ev.Blocks[id] = b
	}
	return ev
}

// titledTable answers question from table blocks in a document titled
// title.
func titledTable(question, title string, blocks ...string) (*app.Answer, error) {
	ev := tableEvidence(question, blocks...)
	ev.Sources[0].Title = title
	return answer.Extractive{}.Answer(context.Background(), ev)
}

// underIntro answers "What were Acme's total assets at the end of 2022?"
// from a table under its introducing sentence, in Acme's 2022 report.
func underIntro(intro, table string) (*app.Answer, error) {
	return underIntroAsked("What were Acme's total assets at the end of 2022?", intro, table)
}

// underIntroAsked answers question from a table under its introducing
// sentence, in Acme's 2022 report.
func underIntroAsked(question, intro, table string) (*app.Answer, error) {
	ev := tableEvidence(question, intro, table)
	b := ev.Blocks["b0"]
	b.Kind = app.BlockParagraph
	ev.Blocks["b0"] = b
	ev.Sources[0].Title = "Acme annual report 2022"
	return answer.Extractive{}.Answer(context.Background(), ev)
}

// termsOf takes a question's terms roughly as retrieval does.
func termsOf(question string) []string {
	stop := map[string]bool{"what": true, "was": true, "is": true, "the": true, "in": true, "of": true, "for": true,
		"how": true, "did": true, "its": true, "were": true, "are": true, "a": true, "to": true, "have": true, "at": true,
		"much": true, "many": true, "does": true, "will": true, "be": true}
	var terms []string
	for _, w := range strings.FieldsFunc(strings.ToLower(question), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		if !stop[w] {
			terms = append(terms, w)
		}
	}
	return terms
}

func firstQuote(t *testing.T, ev *app.Evidence) string {
	t.Helper()
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || !ans.Sufficient {
		t.Fatalf("answer = %+v, %v", ans, err)
	}
	return ans.Citations[0].Quote
}

// TestQuoteShape covers each rule that weighs a quote's shape against the
// question's: the quote is still verbatim text, only the choice changes.
func TestQuoteShape(t *testing.T) {
	t.Run("TotalRowReadWithItsHeader", func(t *testing.T) {
		// The header row says what the numbers are; the "Total" row is the
		// answer, not a prose sentence that shares more words.
		ev := tableEvidence("What was Acme total net sales in 2022?",
			"Americas included United States net sales to customers of $15.0 billion in 2022 for Acme.",
			"Net Sales (Millions) | 2022 | 2021 | 2020\nSafety | $ 11,604 | 12,010 | 11,251\nTotal Company | $ 34,229 | 35,355 | 32,184")
		b := ev.Blocks["b0"]
		b.Kind = app.BlockParagraph
		ev.Blocks["b0"] = b
		ev.Sources[0].Title = "Acme annual report" // the company a filing's rows are about
		if q := firstQuote(t, ev); q != "Total Company | $ 34,229 | 35,355 | 32,184" {
			t.Fatalf("quote = %q, want the total row", q)
		}
	})
	t.Run("NumberForHowMuch", func(t *testing.T) {
		q := "how much did the company spend on research"
		ev := evidence(q, termsOf(q),
			"The company will spend on research as programs need.",
			"The company spend on research was $2.1 billion.")
		if q := firstQuote(t, ev); q != "The company spend on research was $2.1 billion." {
			t.Fatalf("quote = %q, want the sentence with the amount", q)
		}
	})
	t.Run("NoNumberPreferenceForWhy", func(t *testing.T) {
		q := "why did research spending increase"
		ev := evidence(q, termsOf(q),
			"Research spending increased because the company opened two laboratories.",
			"Research spending increased by 12 units.")
		if got := firstQuote(t, ev); got != "Research spending increased because the company opened two laboratories." {
			t.Fatalf("quote = %q, want the reason", got)
		}
	})
	t.Run("CrossReferenceLosesToStatement", func(t *testing.T) {
		q := "What is the policy on deferred revenue?"
		ev := evidence(q, termsOf(q),
			"Refer to Note 7 for the policy on deferred revenue.",
			"The policy on deferred revenue is to recognise it when the service is delivered.")
		if got := firstQuote(t, ev); got != "The policy on deferred revenue is to recognise it when the service is delivered." {
			t.Fatalf("quote = %q, want the statement", got)
		}
	})
	t.Run("CrossReferenceAloneStillQuoted", func(t *testing.T) {
		// A pointer is a weak quote, not a forbidden one: when nothing else
		// matches, it is what the evidence holds.
		q := "where are deferred revenue balances"
		ev := evidence(q, termsOf(q), "Refer to Note 7 for deferred revenue balances.")
		if got := firstQuote(t, ev); got != "Refer to Note 7 for deferred revenue balances." {
			t.Fatalf("quote = %q", got)
		}
	})
	t.Run("AskedYearColumn", func(t *testing.T) {
		// Two tables of the same item: the one whose header has the asked
		// year wins over the one for earlier years.
		q := "What was operating income in FY2022?"
		ev := tableEvidence(q,
			"(Millions) | 2020 | 2019\nOperating income | 5,100 | 4,900",
			"(Millions) | 2022 | 2021\nOperating income | 6,539 | 7,369")
		if got := firstQuote(t, ev); got != "Operating income | 6,539 | 7,369" {
			t.Fatalf("quote = %q, want the row under 2022", got)
		}
	})
	t.Run("AskedYearRow", func(t *testing.T) {
		// A table of periods by row: the asked year's row holds the amount
		// for that year, a sentence naming the year and some number may not.
		q := "How much benefit will be paid in 2024?"
		ev := tableEvidence(q, "In 2024 the benefit paid is expected to rise by 3 percent.",
			"Year | Pension benefit paid | Health benefit paid\n2023 | 1,648 | 883\n2024 | 1,097 | 862")
		b := ev.Blocks["b0"]
		b.Kind = app.BlockParagraph
		ev.Blocks["b0"] = b
		if got := firstQuote(t, ev); got != "2024 | 1,097 | 862" {
			t.Fatalf("quote = %q, want the 2024 row", got)
		}
	})
	t.Run("TaskWordsAreNotTerms", func(t *testing.T) {
		// A long, careful question: its words about how to answer appear in
		// no passage and must not make it look unanswerable.
		q := "According to the details clearly outlined within the balance sheet, how much total current assets did Acme have at the end of FY2019? Answer in USD millions."
		ev := tableEvidence(q, "(In millions) | May 31, 2019 | May 31, 2018\nTotal current assets | 16,525 | 15,134")
		ev.Sources[0].Title = "Acme balance sheet"
		if got := firstQuote(t, ev); got != "Total current assets | 16,525 | 15,134" {
			t.Fatalf("quote = %q", got)
		}
	})
	t.Run("CurrencyCellsDoNotShiftColumns", func(t *testing.T) {
		// "$" set in a cell of its own must not move 6,539 out from under
		// the header's 2022.
		q := "What was net income in 2022?"
		ev := tableEvidence(q,
			"(Millions) | 2022 | 2021\nNet income | — | 4,900",
			"(Millions) | 2022 | 2021\nNet income | $ | 6,539 | $ | 7,369")
		if got := firstQuote(t, ev); got != "Net income | $ | 6,539 | $ | 7,369" {
			t.Fatalf("quote = %q, want the row under 2022", got)
		}
	})
	t.Run("DayOfDateIsNotAnAmount", func(t *testing.T) {
		// "December 31" does not make a pointer to Note 7 a statement.
		q := "What was deferred revenue in 2022?"
		ev := evidence(q, termsOf(q),
			"Refer to Note 7 for deferred revenue balances as of December 31, 2022.",
			"Deferred revenue was $512 million at December 31, 2022.")
		if got := firstQuote(t, ev); got != "Deferred revenue was $512 million at December 31, 2022." {
			t.Fatalf("quote = %q", got)
		}
	})
	t.Run("ContentsLineIsNotAnAnswer", func(t *testing.T) {
		q := "What are the off-balance sheet arrangements?"
		ev := evidence(q, termsOf(q),
			"Note 15 - Arrangements with Off-Balance Sheet Risk 86",
			"Off-balance sheet arrangements are guarantees of 120 million and letters of credit.")
		if got := firstQuote(t, ev); got != "Off-balance sheet arrangements are guarantees of 120 million and letters of credit." {
			t.Fatalf("quote = %q", got)
		}
	})
	t.Run("PartsTableIsNotTheWhole", func(t *testing.T) {
		// A table introduced as one part's — a subsidiary's, a named
		// segment's — holds the part's total, not the company's; a table
		// of every segment sums to the company's. A "Total" row adds up
		// what its table's introduction lists: an introduction opening
		// with a kind of the asked measure ("Long-lived assets") totals
		// that kind; one naming the measure itself, or only saying how the
		// table is laid out, totals the measure asked.
		const assets = "(Dollars in millions) | 2022 | 2021\nTotal assets | $1,954 | $2,182"
		const byPlace = "(Dollars in millions) | 2022 | 2021\nUnited States | $1,200 | $1,100\nOther countries | 754 | 1,082\nTotal | $1,954 | $2,182"
		for _, c := range []struct {
			intro, table string
			want         app.Verdict
		}{
			{"The following table presents selected financial data for BCC as of December 31:", assets, app.VerdictClosest},
			{"Selected financial data for the Domestic segment was as follows ($ in millions):", assets, app.VerdictClosest},
			{"Summarized financial information for our equity method investee is as follows:", assets, app.VerdictClosest},
			{"Total assets by segment and a reconciliation to total assets were as follows:", assets, app.VerdictAnswered},
			{"Long-lived assets, excluding financial instruments and tax assets, classified by location, were as follows:", byPlace, app.VerdictClosest},
			{"Segment assets were as follows:", byPlace, app.VerdictClosest},
			{"Total assets, classified by location, were as follows:", byPlace, app.VerdictAnswered},
			{"The following table presents our total assets by location at year end:", byPlace, app.VerdictAnswered},
		} {
			ans, err := underIntro(c.intro, c.table)
			if err != nil || ans.Verdict != c.want {
				t.Errorf("under %q: verdict %q, want %q: %s", c.intro, ans.Verdict, c.want, ans.Answer)
			}
		}
	})
	t.Run("BiographyNamesItsPersonInFull", func(t *testing.T) {
		// A biography opens on the full name, set as a heading, and goes
		// on by title and surname: the answer names the person as the
		// document introduces them. A heading naming someone else is not
		// read as the sentence's.
		for heading, want := range map[string]bool{
			"Jane Q. Roe (age 51), Chief Financial Officer": true,
			"Other Executive Officers":                      false,
			"Mr. Roe (age 51), Chief Financial Officer":     false,
		} {
			q := "Who is the chief financial officer?"
			ev := evidence(q, termsOf(q), heading, "Ms. Roe has served as Chief Financial Officer since March 2021.")
			b := ev.Blocks["b0"]
			b.Kind = app.BlockHeading
			ev.Blocks["b0"] = b
			ev.Sources[0].Title = "Acme annual report 2022"
			ans, err := answer.Extractive{}.Answer(context.Background(), ev)
			if err != nil || want && !ans.Sufficient {
				t.Fatalf("under %q: %+v, %v", heading, ans, err)
			}
			if got := strings.Contains(ans.Answer, "Jane Q. Roe"); got != want {
				t.Errorf("under %q: the answer names the person in full = %v, want %v: %s", heading, got, want, ans.Answer)
			}
		}
	})
	t.Run("EarningsPerShareByItsOtherName", func(t *testing.T) {
		// Statements write earnings per share as "net income per share"
		// as often: the row answers a question asking the one by the
		// other. Net income itself is still another measure.
		for row, want := range map[string]app.Verdict{
			"Diluted net income per share | $ | 3.38 | $ | 2.32":        app.VerdictAnswered,
			"Diluted net income per common share | $ | 3.38 | $ | 2.32": app.VerdictAnswered,
			"Diluted earnings per share | $ | 3.38 | $ | 2.32":          app.VerdictAnswered,
			"Net income | $ | 1,694 | $ | 1,169":                        app.VerdictClosest,
		} {
			ans, err := titledTable("What were Acme's diluted earnings per share in 2017?", "Acme annual report 2017",
				"(In millions, except per share data) | 2017 | 2016\n"+row)
			if err != nil || ans.Verdict != want {
				t.Errorf("%q: verdict %q, want %q: %s", row, ans.Verdict, want, ans.Answer)
			}
		}
		q := "What were Acme's diluted earnings per share in 2017?"
		ev := evidence(q, termsOf(q), "Diluted net income per common share attributable to Acme was $3.38, $2.32 and $1.24 for 2017, 2016 and 2015, respectively.")
		ev.Sources[0].Title = "Acme annual report 2017"
		if ans, err := (answer.Extractive{}).Answer(context.Background(), ev); err != nil || ans.Verdict != app.VerdictAnswered {
			t.Errorf("a sentence by the other name: verdict %q: %s", ans.Verdict, ans.Answer)
		}
	})
	t.Run("InitialsNameTheTitle", func(t *testing.T) {
		// "J&J" is Johnson & Johnson, whose report the title names in
		// full; initials that spell no run of the title's words name
		// another company.
		for title, want := range map[string]app.Verdict{
			"Johnson & Johnson annual report 2022": app.VerdictAnswered,
			"JOHNSON AND JOHNSON 10-K 2022":        app.VerdictAnswered,
			"Jackson Holdings annual report 2022":  app.VerdictClosest,
		} {
			ans, err := titledTable("What were J&J's sales to customers in 2022?", title,
				"(Dollars in millions) | 2022 | 2021\nSales to customers | $94,943 | $93,775")
			if err != nil || ans.Verdict != want {
				t.Errorf("titled %q: verdict %q, want %q: %s", title, ans.Verdict, want, ans.Answer)
			}
		}
	})
	t.Run("APartIsNotTheWhole", func(t *testing.T) {
		// Two tables write "Total assets" for the same year: the smaller
		// is a part's (a guarantor group's, the parent's alone), whichever
		// is read first, and is not stated as the company's. Read alone,
		// or when the other states less, it answers.
		q := "What were Acme's total assets at the end of 2023?"
		part := "(Dollars in millions) | 2023 | 2022\nCash | $54 | $68\nTotal assets | $13,952 | $15,051"
		for _, c := range []struct {
			blocks []string
			want   app.Verdict
		}{
			{[]string{part, "(Dollars in millions) | 2023 | 2022\nInventories | 1,200 | 1,100\nTotal assets | $17,003 | $17,426"}, app.VerdictClosest},
			{[]string{part}, app.VerdictAnswered},
			{[]string{part, "(Dollars in millions) | 2023 | 2022\nInventories | 1,200 | 1,100\nTotal assets | $9,003 | $9,426"}, app.VerdictAnswered},
			// Prose states the whole's figure too; rounded, the part's own
			// figure is not a larger one.
			{[]string{part, "Total assets were $17.0 billion at the end of 2023."}, app.VerdictClosest},
			{[]string{part, "Total assets were $14.0 billion at the end of 2023."}, app.VerdictAnswered},
			// The table's scale is not stated: its figure cannot be
			// weighed against another's.
			{[]string{"Year | 2023 | 2022\nCash | $54 | $68\nTotal assets | $13,952 | $15,051", "(Dollars in millions) | 2023 | 2022\nTotal assets | $17,003 | $17,426"}, app.VerdictAnswered},
		} {
			ev := tableEvidence(q, c.blocks...)
			ev.Sources[0].Title = "Acme annual report 2023"
			if last := fmt.Sprintf("b%d", len(c.blocks)-1); !strings.Contains(c.blocks[len(c.blocks)-1], "|") {
				b := ev.Blocks[last]
				b.Kind = app.BlockParagraph
				ev.Blocks[last] = b
			}
			ans, err := answer.Extractive{}.Answer(context.Background(), ev)
			if err != nil || ans.Verdict != c.want {
				t.Errorf("%d tables: verdict %q, want %q: %s", len(c.blocks), ans.Verdict, c.want, ans.Answer)
			}
			if c.want == app.VerdictClosest && (!strings.Contains(ans.Answer, "a part's") || !strings.Contains(strings.ReplaceAll(ans.Answer, ".", ","), "17,0")) {
				t.Errorf("the reply does not say why, or does not show the larger figure: %s", ans.Answer)
			}
		}
	})
	t.Run("AnotherMeasureUnderADatedQuestion", func(t *testing.T) {
		// The day of the date asked ("December 31") is no figure the
		// question gives: a row of another measure is still refused.
		ev := tableEvidence("What were Acme's total assets at December 31, 2020?", "(In thousands) | 2020 | 2019\nTotal deferred tax assets | 1,337,089 | 867,658")
		ev.Sources[0].Title = "Acme annual report 2020"
		if ans, _ := (answer.Extractive{}).Answer(context.Background(), ev); ans.Verdict != app.VerdictClosest {
			t.Errorf("verdict %q: %s", ans.Verdict, ans.Answer)
		}
	})
	t.Run("YearsAreReadFromTheHeader", func(t *testing.T) {
		// "In which years …" is answered by the row and the header it is
		// read under; "Which year was it highest?" is not quoted — the
		// header holds every year and the row does not say which — but
		// computed from the row's cells (computecompare.go).
		for q, want := range map[string]app.Verdict{
			"In which years was the total equity calculated?": app.VerdictAnswered,
			"In which year was the total equity the highest?": app.VerdictComputed,
		} {
			ev := tableEvidence(q, "Total equity was calculated as follows:", "Year ended | 2019 | 2018\nTotal equity | 1,954 | 2,182")
			b := ev.Blocks["b0"]
			b.Kind = app.BlockParagraph
			ev.Blocks["b0"] = b
			ev.Sources[0].Title = "Acme annual report"
			if ans, _ := (answer.Extractive{}).Answer(context.Background(), ev); ans.Verdict != want {
				t.Errorf("%q: verdict %q, want %q: %s", q, ans.Verdict, want, ans.Answer)
			}
		}
	})
	t.Run("NarrowerRowLabelLoses", func(t *testing.T) {
		q := "What were total net sales in 2022?"
		ev := tableEvidence(q, "Net Sales (Millions) | 2022 | 2021\nTotal Safety and Industrial Business Group | 11,604 | 12,010\nTotal Company | 34,229 | 35,355")
		if got := firstQuote(t, ev); got != "Total Company | 34,229 | 35,355" {
			t.Fatalf("quote = %q, want the company's total", got)
		}
	})
	t.Run("TotalLineForTotal", func(t *testing.T) {
		q := "What was total net sales in 2022?"
		ev := evidence(q, termsOf(q),
			"Net sales of the segment in total were 3 billion in 2022.",
			"Total net sales were 34 billion in 2022.")
		if got := firstQuote(t, ev); got != "Total net sales were 34 billion in 2022." {
			t.Fatalf("quote = %q", got)
		}
	})
	t.Run("UnansweredStaysInsufficient", func(t *testing.T) {
		q := "What was the boiling point of mercury in kelvin in 2022?"
		ev := tableEvidence(q, "Net Sales (Millions) | 2022 | 2021\nTotal Company | $ 34,229 | 35,355")
		ans, _ := answer.Extractive{}.Answer(context.Background(), ev)
		if ans.Sufficient {
			t.Fatalf("a table of the asked year answered an unrelated question: %+v", ans)
		}
	})
}

// TestTableQuotesAreAlwaysSourceText: the same promise for tables read with
// their headers, years, currency cells and totals — the quote is a row of
// the block, verbatim, whatever the header and the question say.
func TestTableQuotesAreAlwaysSourceText(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	cells := []string{"Total", "Net sales", "2022", "2021", "FY2022", "$", "34,229", "(1,863)", "—", "Note 7", "revenue",
		"December 31, 2022", "12.5 %", "", "Refer to Note 7", "income"}
	questions := []string{"What was total net sales in 2022?", "how much revenue in FY2021", "why did income fall",
		"When was the note dated?", "What is the total?"}
	// A cell is stated only where the header sets it over one column
	// (see askedCell), which random rows seldom allow: many trials.
	const trials = 2000
	quoted, celled := 0, 0
	for trial := 0; trial < trials; trial++ {
		var blocks []string
		for b := 0; b < 1+r.Intn(3); b++ {
			// A table's rows have one number of cells, as tables are set;
			// a cell may still be empty or a lone "$".
			var rows []string
			ncells := 1 + r.Intn(5)
			for row := 0; row < 1+r.Intn(5); row++ {
				var cs []string
				for c := 0; c < ncells; c++ {
					cs = append(cs, cells[r.Intn(len(cells))])
				}
				rows = append(rows, strings.Join(cs, " | "))
			}
			blocks = append(blocks, strings.Join(rows, "\n"))
		}
		q := questions[r.Intn(len(questions))]
		ev := tableEvidence(q, blocks...)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range ans.Citations {
			b := ev.Blocks[c.Blocks[0]]
			if c.Quote == "" || !strings.Contains(b.Text, c.Quote) || strings.Contains(c.Quote, "\n") {
				t.Fatalf("trial %d: quote %q is not one row of block %q", trial, c.Quote, b.Text)
			}
			if c.Cell != "" && (!strings.Contains(c.Quote, c.Cell) || !strings.Contains(b.Text, c.Header)) {
				t.Fatalf("trial %d: cell %q or header %q is not text of row %q, block %q", trial, c.Cell, c.Header, c.Quote, b.Text)
			}
			if c.Cell != "" {
				celled++
			}
			quoted++
		}
	}
	if quoted < 30 || celled < 10 {
		t.Fatalf("only %d quotes, %d cells in %d trials: the property was hardly tried", quoted, celled, trials)
	}
}

// TestCellNeedsAColumnHeader: a header row of one cell labels a group of
// rows ("Current assets"); the answering cell is read under the row of
// column names above it, here the asked year's date.
func TestCellNeedsAColumnHeader(t *testing.T) {
	ev := tableEvidence("What is total current assets in FY2023?",
		"January 28, 2023 | January 29, 2022\nAssets\nCurrent assets\nCash and cash equivalents | $ | 1,874 | $ | 2,936\nTotal current assets | 8,802 | 10,539")
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || !ans.Sufficient {
		t.Fatalf("answer %+v, %v", ans, err)
	}
	c := ans.Citations[0]
	if c.Quote != "Total current assets | 8,802 | 10,539" || c.Cell != "8,802" || c.Header != "January 28, 2023 | January 29, 2022" ||
		!strings.Contains(ans.Answer, "Total current assets, January 28, 2023: 8,802 — “Total current assets") {
		t.Fatalf("citation %+v\n%s", c, ans.Answer)
	}
	if ans.Value != "8,802" {
		t.Errorf("the reply states %q, want the cell's figure 8,802", ans.Value)
	}
}

// TestPercentAskedOfACell: a row that holds a percentage somewhere does
// not answer a percentage question with the amount in the asked column.
func TestPercentAskedOfACell(t *testing.T) {
	for _, c := range []struct {
		row  string
		want app.Verdict
	}{
		{"Total harbour revenues | 6,316 | 6,215 | 101 | 1.6%", app.VerdictClosest},
		{"Total harbour revenues | 41.2% | 40.9% | 0.3 | 0.7%", app.VerdictAnswered},
	} {
		ev := tableEvidence("What percentage of the total harbour revenues came in Q4 2019?",
			"OPERATING REVENUES | Q4 2019 | Q4 2018 | $ CHANGE | % CHANGE\n"+c.row)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("over %q: verdict %q, want %q: %s", c.row, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestRowsThatDoNotAnswer: one row does not say which row is largest,
// and a share of another figure is derived, not read off a row.
func TestRowsThatDoNotAnswer(t *testing.T) {
	table := "| 2019 | 2018\nHarbour | 120 | 100\nFerries | 80 | 90\nTotal revenue | 200 | 190"
	for q, why := range map[string]string{
		"Which segment had the highest revenue in 2019?":                        "which item is largest or smallest",
		"What is the Harbour revenue as a percentage of total revenue in 2019?": "derived from others",
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), tableEvidence(q, table))
		if err != nil || ans.Verdict == app.VerdictAnswered || !strings.Contains(ans.Answer, why) {
			t.Errorf("%q: verdict %q, want the reason %q: %s", q, ans.Verdict, why, ans.Answer)
		}
	}
	q := "How many cranes were purchased in December 2019?"
	ans, err := answer.Extractive{}.Answer(context.Background(), evidence(q, fts.Terms(q), "In April 2019, we purchased 346,453 cranes with certain targets."))
	if err != nil || ans.Verdict == app.VerdictAnswered || !strings.Contains(ans.Answer, "another month") {
		t.Errorf("%q over April: verdict %q: %s", q, ans.Verdict, ans.Answer)
	}
}

// TestPerShareRow: a per-share question is answered by a row that says
// it is per share, not by the net income row beside it.
func TestPerShareRow(t *testing.T) {
	for row, want := range map[string]app.Verdict{
		"Net income | $4,566,156 | $4,274,547":       app.VerdictClosest,
		"Basic net income per share | $0.34 | $0.32": app.VerdictAnswered,
	} {
		ev := tableEvidence("What is the basic net income per share in 2019?", " | 2019 | 2018\n"+row)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != want {
			t.Errorf("over %q: verdict %q, want %q: %s", row, ans.Verdict, want, ans.Answer)
		}
	}
}

// TestQuarterIsNotTheYear: a table under "13 Weeks Ended" holds a
// quarter's figures, and a question about the fiscal year is not answered
// by them; the same table under no such heading is read as the year's.
func TestQuarterIsNotTheYear(t *testing.T) {
	q := "What were the net sales in fiscal 2022?"
	for heading, want := range map[string]app.Verdict{"13 Weeks Ended": app.VerdictClosest, "Results": app.VerdictAnswered} {
		ev := evidence(q, fts.Terms(q), heading, "January 28, | January 29,\n2023 | 2022\nNet sales | $ 3,226,773 | $ 2,729,388")
		ev.Blocks["b0"] = app.Block{ID: "b0", SectionID: "s", Kind: app.BlockHeading, Text: heading, Seq: 0, LineStart: 1}
		b := ev.Blocks["b1"]
		b.Kind, b.Seq = app.BlockTable, 1
		ev.Blocks["b1"] = b
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != want || want == app.VerdictClosest && !strings.Contains(ans.Answer, "quarter's") {
			t.Errorf("under %q: verdict %q, want %q: %s", heading, ans.Verdict, want, ans.Answer)
		}
	}
}

// TestStoredAbbreviationAnswers: the document defined EAIB pages away
// from the evidence, and its definition, learned at import, comes with
// the source: the sentence naming the bureau in full answers.
func TestStoredAbbreviationAnswers(t *testing.T) {
	ev := evidence("What did the EAIB publish?", []string{"eaib", "publish"},
		"The weather was clear that morning.",
		"The Ethiopian Accident Investigation Bureau published its interim report in March 2020.")
	ans, _ := answer.Extractive{}.Answer(context.Background(), ev)
	if ans.Sufficient && strings.Contains(ans.Answer, "Ethiopian Accident") {
		t.Fatalf("answered without knowing the abbreviation: %s", ans.Answer)
	}
	ev.Sources[0].Abbreviations = []app.Abbreviation{{Short: "EAIB", Long: "Ethiopian Accident Investigation Bureau"}}
	if q := firstQuote(t, ev); !strings.HasPrefix(q, "The Ethiopian Accident Investigation Bureau published") {
		t.Fatalf("quote %q", q)
	}
}

// TestAmountForms: an amount asked in billions meets a table's figure in
// millions, and only within the rounding the question wrote.
func TestAmountForms(t *testing.T) {
	ev := tableEvidence("What had sales of 34.2 billion?",
		"Net Sales (Millions) | 2022\nConsumer | 5,298\nTotal Company | 34,229\nOther | 34,300")
	ev.Terms = []string{"sales", "34.2", "billion"} // as retrieval keeps a decimal number whole
	if q := firstQuote(t, ev); q != "Total Company | 34,229" {
		t.Fatalf("quote %q", q)
	}
}

// TestVerdictEveryScript: the same reading serves a question written
// without spaces. "夕暮れに何をしますか" ("what is done at dusk?") asks
// about dusk; its hiragana and its "何" only say how it asks.
func TestVerdictEveryScript(t *testing.T) {
	q := "夕暮れに何をしますか"
	ev := evidence(q, fts.Terms(q), "灯台守は毎日夕暮れに灯りをともします。", "港には小さな船が三隻あります。")
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || ans.Verdict != app.VerdictAnswered || ans.Citations[0].Quote != "灯台守は毎日夕暮れに灯りをともします。" {
		t.Fatalf("answer = %+v, %v", ans, err)
	}
	q = "朝食に何を食べますか" // breakfast: in no sentence
	ev = evidence(q, fts.Terms(q), "灯台守は毎日夕暮れに灯りをともします。", "港には小さな船が三隻あります。")
	if ans, _ := (answer.Extractive{}).Answer(context.Background(), ev); ans.Sufficient {
		t.Fatalf("answered a question no sentence meets: %+v", ans)
	}
}

// verdictCase is a question, the one passage it is asked over, and the
// verdict the reply must carry.
type verdictCase struct {
	q, text string
	want    app.Verdict
}

// checkVerdicts asks each case's question over its passage alone and
// checks the verdict (an answered one is also sufficient).
func checkVerdicts(t *testing.T, cases []verdictCase) {
	t.Helper()
	checkVerdictsIn(t, "", cases)
}

// checkVerdictsIn is checkVerdicts in a document titled title ("" keeps
// evidence's).
func checkVerdictsIn(t *testing.T, title string, cases []verdictCase) {
	t.Helper()
	for _, c := range cases {
		ev := evidence(c.q, fts.Terms(c.q), c.text)
		if title != "" {
			ev.Sources[0].Title = title
		}
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want || ans.Sufficient != (c.want == app.VerdictAnswered) {
			t.Errorf("%q over %q: verdict %q (want %q): %s", c.q, c.text, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestVerdictKinds: each form of question asks a kind of statement, and a
// quote without one is shown as the closest passage, never as the answer.
func TestVerdictKinds(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"When did the harbour open?", "The harbour opened to ships from the north.", app.VerdictClosest},
		{"When did the harbour open?", "The harbour opened in 1874.", app.VerdictAnswered},
		{"Why did the harbour close?", "The harbour closed in winter.", app.VerdictClosest},
		{"Why did the harbour close?", "The harbour closed because the channel silted up.", app.VerdictAnswered},
		{"What is a breakwater?", "The breakwater was repaired last year.", app.VerdictClosest},
		{"What is a breakwater?", "A breakwater is a wall built out into the sea to shelter a harbour.", app.VerdictAnswered},
		{"What was the change in harbour revenue from 2018 to 2019?", "Harbour revenue | 120 | 100", app.VerdictClosest},
		{"How many cranes does the harbour have?", "The harbour has cranes of several kinds.", app.VerdictClosest},
		{"How many cranes does the harbour have?", "The harbour has 14 cranes.", app.VerdictAnswered},
		{"What was the harbour revenue of Portmere in 2019?", "Harbour revenue of Eastwick was 120 in 2019.", app.VerdictClosest},
		{"What were the harbour's operating revenues in 2022?", "In 2022, harbour operating revenues decreased $259 million.", app.VerdictClosest},
		{"What were the harbour's operating revenues in 2022?", "In 2022, harbour operating revenues were $3,792 million.", app.VerdictAnswered},
		{"What were the harbour's operating revenues in 2022?", "In 2022, harbour operating revenues decreased $259 million due to the sale of the ferry, which had operating revenues of $293 million in 2021.", app.VerdictClosest},
		// A figure asked is not answered by a sentence whose only numbers are dates.
		{"What were Portmere's diluted earnings per share in 2021?", "Portmere's diluted earnings per share were immaterial for the years ended December 31, 2021 and December 31, 2020.", app.VerdictClosest},
		{"What were Portmere's diluted earnings per share in 2021?", "Portmere's diluted earnings per share were $3.85 in 2021.", app.VerdictAnswered},
		{"What were Portmere's diluted earnings per share in 2022?", "Portmere had 1.9 million dilutive securities included in the computation of diluted earnings per share in 2022.", app.VerdictClosest},
		// A heading that only names what is asked tells nothing of it.
		{"What are the components of the harbour's continuing operations?", "Harbour continuing operations", app.VerdictClosest},
		// A question asking what is not so is not answered by what is.
		{"What does the harbour board not control?", "The harbour board controls the pilots and the moorings.", app.VerdictClosest},
		{"What does the harbour board not control?", "The harbour board does not control the lighthouse.", app.VerdictAnswered},
		// A number of months counts months, not what is asked.
		{"How many associates does Portmere employ?", "Associates may not work for a competitor within twelve (12) months following the associate's last day of employment.", app.VerdictClosest},
		{"How many paid holiday days does Portmere give?", "Portmere gives its staff 28 paid holiday days a year.", app.VerdictAnswered},
		// A number and a superlative the question gives are the sentence's too.
		{"What did Article 20 of the harbour charter require the board to publish?", "Article 12 of the harbour charter required the board to publish its tariffs.", app.VerdictClosest},
		{"What did Article 12 of the harbour charter require the board to publish?", "Article 12 of the harbour charter required the board to publish its tariffs.", app.VerdictAnswered},
		{"Which pier was rebuilt three times after storms?", "The north pier was rebuilt twice after storms.", app.VerdictClosest},
		{"What is the oldest building of the harbour?", "The most famous building of the harbour is the customs house.", app.VerdictClosest},
		{"What is the oldest building of the harbour?", "The oldest building of the harbour is the customs house.", app.VerdictAnswered},
		// The denial must bear on what the question denies.
		{"Who was not exempt from harbour dues?", "Pilots have various privileges, such as being exempt from harbour dues (but not from port taxes).", app.VerdictClosest},
		{"Who was not exempt from harbour dues?", "Fishing boats were not exempt from harbour dues until 1902.", app.VerdictAnswered},
		{"Who has no power to levy harbour dues?", "The harbour board has the power to levy harbour dues.", app.VerdictClosest},
		// "non-current" names a kind of asset; it denies nothing.
		{"What were Portmere's non-current assets in 2019?", "Portmere's non-current assets were $4.2 million in 2019.", app.VerdictAnswered},
		// A name is its words in order.
		{"What profession does Zbigniew Marek have?", "The harbour office was designed by architects Marek Budzynski and Zbigniew Badowski.", app.VerdictClosest},
		// A period ends on a day written after the word for its end.
		{"When did the harbour's fiscal year 2019 end?", "The harbour's fiscal year 2019 report was signed on June 27, 2019.", app.VerdictClosest},
		{"When did the harbour's fiscal year 2019 end?", "The harbour's fiscal year 2019 ended May 26, 2019.", app.VerdictAnswered},
		{"When does the harbour's fiscal year end?", "Comments issued before the end of the harbour's fiscal year 2023 remain open.", app.VerdictClosest},
		// An office is held as asked: the title as asked, the asker's, now.
		{"Who is the chief executive of Portmere?", "Ann Lee 54 Executive Vice President, Chief Information and Digital Officer", app.VerdictClosest},
		{"Who is the chief executive of Portmere?", "Ann Lee 54 Chairman and Chief Executive Officer of Portmere", app.VerdictAnswered},
		{"Who is the chairman of Portmere?", "Leslie A. Brun Chairman and Chief Executive Officer, Sarr Group LLC", app.VerdictClosest},
		{"Who is Portmere's president and CEO?", "Mark G. Parker is Executive Chairman and served as President and Chief Executive Officer from 2006 - January 2020.", app.VerdictClosest},
		{"Who is Portmere's chief financial officer?", "ANDREW R. KAISER, Chief Financial Officer of Portmere since September 2016; Vice President, Finance of the Company from December 2015 to September 2016.", app.VerdictAnswered},
		{"Who is the chairman of Portmere?", "Leslie A. Brun, vice chairman and senior advisor of Sarr Group, is a director of Portmere.", app.VerdictClosest},
		// A count stands beside what it counts, and shares are not employees.
		{"How many employees does Portmere have?", "Portmere employees purchased 2.5 million, 2.7 million and 2.5 million shares during the year.", app.VerdictClosest},
		{"How many employees does Portmere have?", "On December 31, 2022, Portmere employed approximately 92,000 people.", app.VerdictAnswered},
		{"How many professors does Portmere employ?", "Portmere is one of the largest schools in the region, employing 2,000 professors.", app.VerdictAnswered},
		// "Where" in the world is not answered by a pointer to another document.
		{"In which state is Portmere incorporated?", "The information required by Item 14 is incorporated by reference in this Form 10-K of Portmere.", app.VerdictClosest},
		// A measure of two words is written as one phrase.
		{"What were Portmere's total assets at the end of 2022?", "Portmere expects a total pension benefit of $2.3 billion in 2022 and a 10.5% return on plan assets.", app.VerdictClosest},
		{"What were Portmere's total assets at the end of 2022?", "Portmere's total assets were $52.9 billion at the end of 2022.", app.VerdictAnswered},
		// A month asked is not met by another month of the year.
		{"How many cranes did Portmere purchase in December 2019?", "In April 2019, Portmere purchased 12 cranes.", app.VerdictClosest},
		{"How many cranes did Portmere purchase in December 2019?", "In December 2019, Portmere purchased 12 cranes.", app.VerdictAnswered},
		// A press release writes the name, a comma, the title in lower case.
		{"Who is Portmere's chief executive officer?", "“Our results reflect robust demand,” said Dave Kimbell, chief executive officer of Portmere.", app.VerdictAnswered},
		{"Who is Portmere's chief executive officer?", "“Our results reflect robust demand,” said the chief executive officer of Portmere.", app.VerdictClosest},
		// Officers are listed with their age; an auditor is named as appointed.
		{"Who is the chairman and CEO?", "Ann Lee, age 52, is Chairman of the Board and Chief Executive Officer.", app.VerdictAnswered},
		{"Who audits Portmere?", "The Audit Committee also appointed Harbour & Quay LLP to serve as Portmere's independent registered public accounting firm for fiscal 2020.", app.VerdictAnswered},
		// A seat is written after "in", "at", "based in".
		{"Where is Portmere headquartered?", "Any claim shall only be filed in the state or federal courts of New York, specifically the court located nearest Portmere's headquarters.", app.VerdictClosest},
		{"Where is Portmere headquartered?", "Portmere is headquartered in Purchase, New York.", app.VerdictAnswered},
		// A form's caption names the entry written above it and holds none:
		// with no entry it is no quote (TestFormEntryUnderCaption).
		{"In which state is Portmere incorporated?", "(State or other jurisdiction of (I.R.S. Employer Identification No.)\nincorporation or organization)", app.VerdictNone},
		// The day of a date is no amount.
		{"What were Portmere's revenues for fiscal 2019?", "No customer accounted for 10% or more of Portmere's net revenues during the fiscal years ended May 31, 2019, 2018 and 2017.", app.VerdictClosest},
		{"Which accounting firm audits Portmere?", "Portmere's annual report includes an attestation report of the registered public accounting firm that audited its statements.", app.VerdictClosest},
		{"What is Portmere's stock ticker?", "Portmere's stock trades under the ticker PRTM.", app.VerdictAnswered},
		// "Who audits" is answered by a firm's name, not a sentence about the audit.
		{"Who audits Portmere's financial statements?", "We have audited the consolidated financial statements of Portmere and our report dated February 27, 2019 expressed an unqualified opinion.", app.VerdictClosest},
		{"Who audits Portmere's financial statements?", "The financial statements of Portmere have been audited by Harbour & Quay LLP, an independent registered public accounting firm.", app.VerdictAnswered},
	})
}

// A filing speaks of its issuer as "the Company" or "we": a sentence of
// the filing titled with the name the question gives carries that name,
// one that does not speak of the issuer does not, and a document titled
// otherwise gives it nothing.
func TestTitledNameCarriedBySelfReference(t *testing.T) {
	for _, c := range []struct {
		title, text string
		want        app.Verdict
	}{
		{"PORTMERE HARBOUR WORKS, INC. 10-K 2022", "As of December 31, 2022, the Company had approximately 6,500 employees.", app.VerdictAnswered},
		{"PORTMERE HARBOUR WORKS, INC. 10-K 2022", "As of December 31, 2022, we had approximately 6,500 employees.", app.VerdictAnswered},
		{"PORTMERE HARBOUR WORKS, INC. 10-K 2022", "As of December 31, 2022, the port had approximately 6,500 employees.", app.VerdictClosest},
		{"Annual report 2022", "As of December 31, 2022, the Company had approximately 6,500 employees.", app.VerdictClosest},
	} {
		q := "How many employees does Portmere Harbour Works have?"
		ev := evidence(q, fts.Terms(q), c.text)
		ev.Sources[0].Title = c.title
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("%q titled %q: verdict %q (want %q): %s", c.text, c.title, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// "How large" asks a size, answered by a figure that does not write the
// word; a sentence with no figure does not answer it.
func TestHowLargeAnsweredByFigure(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"How large was Portmere's workforce?", "Portmere's workforce was approximately 153,000.", app.VerdictAnswered},
		{"How large was Portmere's workforce?", "Portmere's workforce was spread over several continents.", app.VerdictClosest},
	})
}

// "At Portmere" names whose place is asked, not a place; "at Fort Le
// Boeuf" is one.
func TestPlaceIsNotTheAskedName(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"Which state is Portmere incorporated in?", "Information on director independence is contained under the captions of Corporate Governance at Portmere in our Proxy Statement and is incorporated herein by reference.", app.VerdictClosest},
		{"Where was the second fort constructed?", "The second fort was constructed at Fort Le Boeuf in 1753.", app.VerdictAnswered},
	})
}

// A change or an average the quote states beside what it derives, as the
// question names it, answers; one stated of something else, a sum over
// periods, or a percentage for an amount does not.
func TestStatedDerivedFigure(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"What was the increase in cash provided by operating activities in 2019?", "Net cash provided by operating activities increased $224 million for fiscal 2019 as compared to fiscal 2018.", app.VerdictAnswered},
		{"What was the increase in the write-down in 2018?", "The write-down of the vessel, recorded after a collision with a small vessel in 2018, came with an increase of $3.2 million in repair costs.", app.VerdictClosest},
		{"What is the average duration of the accounts receivables?", "The average duration of our accounts receivable is approximately 25 days.", app.VerdictAnswered},
		{"What is the average RSUs vested?", "RSUs vested will be recognized over the remaining weighted average contractual term of approximately 2.5 years.", app.VerdictClosest},
		{"What was the percentage change in revenue in 2019?", "Revenue increased $5.2 million in 2019.", app.VerdictClosest},
		{"What was the change in revenue in 2019?", "Revenue increased 4% in 2019.", app.VerdictClosest},
	})
}

// Reports glue a currency's code or a scale to an amount ("RMB77
// million", "445.0p", "£5m") and state a figure as nothing ("was not
// material"); "the Company" is the document's own defined term, no name
// to find; a company named "3M" is no amount.
func TestFiguresAsReportsWriteThem(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"How much exchange gains did the Group report for the year ended 31 December 2019?", "During the year ended 31 December 2019, the Group reported exchange gains of approximately RMB77 million (2018: RMB229 million).", app.VerdictAnswered},
		{"What was the weighted average market value per ordinary share for options exercised in 2019?", "The weighted average market value per ordinary share for options exercised in 2019 was 445.0p.", app.VerdictAnswered},
		{"What was the amount of capitalized stock-based compensation cost in December 31, 2019?", "Capitalized stock-based compensation cost was not material at December 31, 2019, 2018 and 2017.", app.VerdictAnswered},
		{"Which market is the Company's common stock traded in?", "Since August 18, 2004, our common stock has been trading on the NASDAQ Global Select Market under the symbol TZOO.", app.VerdictAnswered},
		{"What were the harbour revenues in 2019?", "The harbour revenues of 3M Harbour Works grew in 2019.", app.VerdictClosest},
		{"How often does the company review its calculation of WACC?", "We review our internal calculation of WACC annually.", app.VerdictAnswered},
	})
}

// A form writes its entry above its caption, often large enough to read
// as a heading: the entry is the answer, read under the caption; the
// caption alone answers nothing.
func TestFormEntryUnderCaption(t *testing.T) {
	for _, c := range []struct {
		q      string
		blocks []string
		want   app.Verdict
		quote  string
	}{
		{"In which state is Portmere incorporated?", []string{"PORTMERE HARBOUR WORKS, INC.", "(Exact name of registrant as specified in its charter)", "Maryland 52-1893632",
			"(State or other jurisdiction of (I.R.S. Employer Identification No.)\nincorporation or organization)"}, app.VerdictAnswered, "Maryland 52-1893632"},
		{"Where are Portmere's principal executive offices?", []string{"330 West 34th Street, New York, New York 10001", "(Address of principal executive offices) (Zip Code)"},
			app.VerdictAnswered, "330 West 34th Street, New York, New York 10001"},
		// A question opening with a preposition names the kind too: the
		// caption does not write "city".
		{"In which city are Portmere's principal executive offices?", []string{"330 West 34th Street, New York, New York 10001", "(Address of principal executive offices) (Zip Code)",
			"The principal executive offices are leased until 2030.", "Our principal executive offices house the executive team and 400 staff."},
			app.VerdictAnswered, "330 West 34th Street, New York, New York 10001"},
		{"In which state is Portmere incorporated?", []string{"(State or other jurisdiction of incorporation or organization)"}, app.VerdictNone, ""},
		{"What is Portmere's telephone number?", []string{"330 West 34th Street, New York, New York 10001", "(Address of principal executive offices) (Zip Code)",
			"(212) 720-3700", "(Registrant's telephone number, including area code)"}, app.VerdictAnswered, "(212) 720-3700"},
		// A cover set as a table: the entries in its first row, their
		// captions broken over the two rows under it.
		{"In what state is Portmere incorporated?", []string{"PORTMERE HARBOUR WORKS, INC.", "(Exact name of registrant as specified in its charter)",
			"Delaware | 77-0019522\n(State or other jurisdiction of | (I.R.S. Employer\nincorporation or organization) | Identification No.)"},
			app.VerdictAnswered, "Delaware | 77-0019522"},
	} {
		ev := evidence(c.q, fts.Terms(c.q), c.blocks...)
		for id, b := range ev.Blocks {
			if strings.Contains(b.Text, " | ") {
				b.Kind = app.BlockTable
				ev.Blocks[id] = b
			}
		}
		ev.Sources[0].Title = "PORTMERE HARBOUR WORKS, INC. 10-K 2022"
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("%q over %q: verdict %q (want %q): %s", c.q, c.blocks, ans.Verdict, c.want, ans.Answer)
			continue
		}
		if c.quote != "" && (len(ans.Citations) == 0 || ans.Citations[0].Quote != c.quote) {
			t.Errorf("%q: citations %+v, want the entry %q quoted whole", c.q, ans.Citations, c.quote)
		}
	}
}

// "Which city is it based in?" asks its seat, written after "in", "at",
// "based in": a city named for another reason does not answer.
func TestBasedInAsksSeat(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"Which city is Portmere based in?", "B.23 City of Coatesville Authority.", app.VerdictClosest},
		{"Which city is Portmere based in?", "Portmere is based in Camden, New Jersey.", app.VerdictAnswered},
	})
}

// TestBodyIsNoOfficer: a run of capitalised words ending in a word for a
// body names the body an officer ran, not who holds the title asked.
func TestBodyIsNoOfficer(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"Who is the chief executive of Portmere?", "Chief Executive Officer of Portmere, 2019; Executive Vice President, Industrial Business Group, 2014-2017", app.VerdictClosest},
		{"Who is the chief executive of Portmere?", "Ann Lee 63 Chairman of the Board and Chief Executive Officer of Portmere", app.VerdictAnswered},
	})
}

// TestNextLeadHoldsTheKindAsked: when the best-matching sentence holds no
// value of the kind asked, the next best that does leads.
func TestNextLeadHoldsTheKindAsked(t *testing.T) {
	q := "Which accounting firm audits Portmere's financial statements?"
	ev := evidence(q, []string{"accounting", "firm", "audits", "portmere", "financial", "statements"},
		"The audit committee of Portmere reviews the financial statements and the accounting firm's audit of the financial statements each year.",
		"The financial statements of Portmere have been audited by Harbour & Quay LLP, an independent registered public accounting firm.")
	if got := firstQuote(t, ev); !strings.Contains(got, "Harbour & Quay LLP") {
		t.Errorf("lead = %q, want the sentence naming the firm", got)
	}

	q = "When did Portmere's fiscal year 2015 end?"
	ev = evidence(q, []string{"portmere", "fiscal", "year", "2015", "end"},
		"Portmere fiscal year 2015 | 100.00 | 93.03 | 118.77",
		"Annual report of Portmere for the fiscal year ended November 27, 2015.")
	if got := firstQuote(t, ev); !strings.Contains(got, "November 27, 2015") {
		t.Errorf("lead = %q, want the sentence with the day the year ended", got)
	}
}

func TestSeatIsStatedNotNamedInPassing(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"Which city is Portmere based in?", "Portmere acquired the real property of Empire City from the Company.", app.VerdictClosest},
		{"Which city is Portmere based in?", "Portmere completed its acquisition of Empire City in January 2019.", app.VerdictClosest},
		{"Which city is Portmere based in?", "Portmere's costs rose in CSG under a contract with the City of Camden, New Jersey.", app.VerdictClosest},
		{"Where is Portmere headquartered?", "Claims against Portmere are brought in the courts of New York, located nearest the Corporation's headquarters.", app.VerdictClosest},
		{"Where is Portmere headquartered?", "Portmere is headquartered in Purchase, New York.", app.VerdictAnswered},
		{"Which city is Portmere based in?", "Portmere is headquartered in Camden, New Jersey.", app.VerdictAnswered},
		// A street address after "at", and a cover's entry read with its caption as one line.
		{"Where is Portmere headquartered?", "Portmere's principal executive offices are located at 929 Long Bridge Drive, Arlington, Virginia 22202.", app.VerdictAnswered},
		{"Where is Portmere headquartered?", "One Portmere Plaza New Brunswick, New Jersey 08933 (Address of principal executive offices)", app.VerdictAnswered},
		{"Where is Portmere headquartered?", "Portmere's headquarters items are described in the 2022 Proxy Statement.", app.VerdictClosest},
	})
}

// TestCoverParticulars: a form writes an issuer's particulars in its own
// words ("trading symbol", "principal executive offices", "quoted on"),
// and a quote answers only where it gives the value itself: a symbol, an
// exchange's name, a seat.
func TestCoverParticulars(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"What is Portmere's stock ticker?", "Portmere's common stock trades under the symbol “PTM”.", app.VerdictAnswered},
		{"What is MGM Resorts' ticker symbol?", "MGM Resorts common stock is traded on the New York Stock Exchange (“NYSE”) under the symbol “MGM.”", app.VerdictAnswered},
		{"What is Portmere's ticker?", "Portmere Inc. Title of each class Trading Symbol Name of each exchange on which registered", app.VerdictClosest},
		{"What ticker does Portmere's stock trade under on the NYSE?", "Portmere's stock trades on the NYSE, as 15 U.S.C. 78l requires.", app.VerdictClosest},
		{"What ticker does Portmere's stock trade under on the NYSE?", "Portmere's stock trades on the NYSE under the symbol PTM.", app.VerdictAnswered},
		{"Which exchange is Portmere's common stock listed on?", "Portmere common stock is traded on the New York Stock Exchange.", app.VerdictAnswered},
		{"Which stock exchange lists Portmere's common stock?", "Portmere's common stock is listed under Section 12(b) of the Securities Exchange Act of 1934.", app.VerdictClosest},
		{"Which stock exchange lists Portmere's common stock?", "Portmere's common stock is listed on the London Stock Exchange.", app.VerdictAnswered},
		// A state is named as states are styled; a number of things is stated as "the number of".
		{"Under which state's laws was Portmere incorporated?", "Portmere, Inc. was incorporated in 1967 under the laws of the State of Oregon.", app.VerdictAnswered},
		{"How many Portmere shares were outstanding in January 2023?", "The number of shares of Portmere's common stock outstanding as of January 20, 2023 was 598,239,585.", app.VerdictAnswered},
		{"How many Portmere shares were outstanding in January 2023?", "The number of shares of Portmere's common stock outstanding is given in January 2023.", app.VerdictClosest},
	})
}

// coverEvidence is evidence of a form's first page: blocks of text, those
// marked with a leading "#" set as headings (covers set entries and
// captions large), every block on page 1 unless onPage says otherwise.
func coverEvidence(q string, onPage int, blocks ...string) *app.Evidence {
	texts := make([]string, len(blocks))
	for i, b := range blocks {
		texts[i] = strings.TrimPrefix(b, "#")
	}
	ev := evidence(q, fts.Terms(q), texts...)
	for i, b := range blocks {
		id := fmt.Sprintf("b%d", i)
		blk := ev.Blocks[id]
		blk.Page = onPage
		if strings.HasPrefix(b, "#") {
			blk.Kind = app.BlockHeading
		}
		ev.Blocks[id] = blk
	}
	ev.Sources[0].Title = "PORTMERE HARBOUR WORKS, INC. 10-K 2022"
	return ev
}

// TestCoverSetLarge: a cover's entries and captions set as headings are
// read as the cover's lines — an entry over its caption, a caption with
// its entry after a colon — and the caption's words stand for what a
// person asks ("headquartered", "based in"); elsewhere a heading is no
// quote.
func TestCoverSetLarge(t *testing.T) {
	subsidiary := "The Company also holds Eastwick AB, a consolidated subsidiary headquartered in Sweden and Malta."
	for _, c := range []struct {
		q      string
		page   int
		blocks []string
		quote  string // "" when nothing may be answered
	}{
		{"Where is Portmere headquartered?", 1, []string{"#330 West 34th Street, New York, New York 10001", "#(Address of principal executive offices) (Zip Code)"},
			"330 West 34th Street, New York, New York 10001"},
		{"Which city is Portmere based in?", 1, []string{"#330 West 34th Street, New York, New York 10001", "(Address of principal executive offices) (Zip Code)"},
			"330 West 34th Street, New York, New York 10001"},
		{"Where is Portmere headquartered?", 1, []string{"#Principal executive offices: Portmere Center, St. Paul, Minnesota 55144"},
			"Principal executive offices: Portmere Center, St. Paul, Minnesota 55144"},
		// The cover states the issuer's own seat; a sentence writing the
		// same words of a subsidiary does not outrank it.
		{"Where is Portmere headquartered?", 1, []string{subsidiary, "#330 West 34th Street, New York, New York 10001", "#(Address of principal executive offices) (Zip Code)"},
			"330 West 34th Street, New York, New York 10001"},
		// Not on the cover: a heading names a part of the document.
		{"Where is Portmere headquartered?", 7, []string{"#Principal executive offices: Portmere Center, St. Paul, Minnesota 55144"}, ""},
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), coverEvidence(c.q, c.page, c.blocks...))
		if err != nil {
			t.Fatal(err)
		}
		if c.quote == "" {
			if ans.Verdict == app.VerdictAnswered {
				t.Errorf("%q over %q: answered %s", c.q, c.blocks, ans.Answer)
			}
			continue
		}
		if ans.Verdict != app.VerdictAnswered || len(ans.Citations) == 0 || ans.Citations[0].Quote != c.quote {
			t.Errorf("%q over %q: %q, want %q quoted\n%s", c.q, c.blocks, ans.Verdict, c.quote, ans.Answer)
		}
	}
}

// TestNoteReadUnderItsRow: a note under a table is read under the label
// of the row that refers to it by its mark, so "What is included in
// service delivery costs?" is answered by the note; a mark two rows carry
// refers to neither, and a note of a row the question does not name
// ("Audit-Related Fees") does not outrank the note of the row it does.
func TestNoteReadUnderItsRow(t *testing.T) {
	table := " | 2019 | 2018\nService delivery costs(1) | 661,214 | 615,267\nCustomer related costs(2) | 83,401 | 68,744"
	notes := "(1) Include cost of equipment sold, content and programming costs and network costs.\n\n(2) Include advertising and marketing expenses, selling costs and bad debts."
	for _, c := range []struct{ q, table, want string }{
		{"What is included in service delivery costs?", table, "(1) Include cost of equipment sold, content and programming costs and network costs."},
		{"What is included in customer related costs?", table, "(2) Include advertising and marketing expenses, selling costs and bad debts."},
		{"What is included in service delivery costs?", " | 2019 | 2018\nService delivery costs(1) | 661,214 | 615,267\nCustomer related costs(1) | 83,401 | 68,744", ""},
	} {
		ev := computeEvidence(c.q, "Operating costs were as follows:", c.table, notes)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.want == "" && ans.Verdict == app.VerdictAnswered && strings.HasPrefix(ans.Citations[0].Quote, "("):
			t.Errorf("%q: a note whose mark two rows carry answered:\n%s", c.q, ans.Answer)
		case c.want != "" && (ans.Verdict != app.VerdictAnswered || ans.Citations[0].Quote != c.want):
			t.Errorf("%q: %q, want %q\n%s", c.q, ans.Verdict, c.want, ans.Answer)
		}
	}
	q := "What services have their costs included within the audit fees?"
	ev := computeEvidence(q, "The fees billed to us were:", " | 2019 | 2018\nAudit Fees(1) | 1,200 | 1,100\nAudit-Related Fees(2) | 106 | 153",
		"(1) Includes the cost of services rendered in connection with (i) auditing our annual consolidated financial statements, (ii) auditing our internal control over financial reporting, "+
			"(iii) reviewing our quarterly financial statements, (iv) auditing the financial statements of several of our subsidiaries, (v) reviewing our registration statements and issuing related comfort letters, "+
			"(vi) statutory audits for certain of our foreign subsidiaries and (vii) consultations regarding accounting standards.\n\n(2) Includes the cost of services of preparing agreed upon procedures reports.")
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	if ans.Verdict != app.VerdictAnswered || !strings.HasPrefix(ans.Citations[0].Quote, "(1)") {
		t.Errorf("the note of another row outranked the row asked:\n%s", ans.Answer)
	}
}

// TestReasonAskedOfAFigure: "What was the reason for the decrease in the
// tax rate?" asks a reason; the sentence giving it answers, though no
// word "reason" stands in it.
func TestReasonAskedOfAFigure(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{"What was the reason for the decrease in the effective income tax rate?",
			"The decrease in the effective income tax rate was primarily due to the recognition of a non-recurring tax benefit.", app.VerdictAnswered},
		{"What were the reasons for the increase in sales from the modules segment in 2019?",
			"Net sales from our modules segment increased by $958.1 million in 2019 primarily due to a 180% increase in the volume of watts sold.", app.VerdictAnswered},
		{"What was the reason for the decrease in the effective income tax rate?",
			"The effective income tax rate decreased to 12% in 2019.", app.VerdictClosest},
		// "The increase was attributable to …" says why the change the
		// sentence before states came about, and is read with it.
		{"What was the reason for the increase in net cash provided by operating activities?",
			"Net cash provided by operating activities increased by $60.1 million, from $223.6 million in 2017 to $283.7 million in 2018. The increase was attributable to an increase in total revenues of $103.7 million.", app.VerdictAnswered},
		// … but not of 2018's change when that sentence measures 2019's
		// from 2018.
		{"What caused the increase in net cash provided by operating activities in 2018?",
			"Net cash provided by operating activities increased $224 million for fiscal 2019 as compared to fiscal 2018. The increase was primarily due to more favorable timing of working capital changes.", app.VerdictClosest},
		{"What is the increase in prepared chicken inventory due to?",
			"The increase in prepared chicken inventory is attributable to the mix of the different finished products in inventory.", app.VerdictAnswered},
		// "primary reason for" frames the question: the answer writes a
		// cause ("primarily due to"), not the words.
		{"What is the primary reason for operating income increase?",
			"Operating income increased $272 million primarily due to sales of our identity and information protection products, partially offset by higher related cost of sales and operating expenses.", app.VerdictAnswered},
	})
}

// TestTotalNamedByTable: "the total external revenues from Canada" is the
// row "Canada" of a table of total external revenues; "the total revenue"
// of a table by segment is not a segment's row, and a share of the total
// is no row at all.
func TestTotalNamedByTable(t *testing.T) {
	intro := "The following table presents total external revenues by geographic location:"
	table := " | 2019 | 2018\nCanada | 96,168 | 70,774\nUnited States | 1,079,520 | 755,454\n | 1,175,688 | 826,228"
	for _, c := range []struct {
		q, intro, table, quote string
	}{
		{"What is the total external revenues from Canada in 2019?", intro, table, "Canada, 2019: 96,168"},
		{"What is the total revenue in 2019?", "Total revenue by segment was as follows:", " | 2019 | 2018\nCloud | 50 | 40\nDevices | 70 | 30", ""},
		{"How much was the percentage of current net receivables out of total net receivables?", "Net receivables by due date were as follows:",
			" | Current | 1-90 days | Total\nNet receivables | 23,524 | 1,965 | 27,579", ""},
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), computeEvidence(c.q, c.intro, c.table))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case c.quote == "" && ans.Verdict == app.VerdictAnswered:
			t.Errorf("%q: answered with a row\n%s", c.q, ans.Answer)
		case c.quote != "" && (ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, c.quote)):
			t.Errorf("%q: %q, want the row %q\n%s", c.q, ans.Verdict, c.quote, ans.Answer)
		}
	}
}

// TestQuarterColumns: a quarterly table heads its columns "First | Second
// | Third | Fourth" under the year, so "the third quarter" is the column
// "Third".
func TestQuarterColumns(t *testing.T) {
	q := "What was the net sales in the third quarter?"
	table := " | First | Second | Third | Fourth\nNet sales | $117,625 | $120,684 | $115,651 | $115,040\nOperating earnings | $14,218 | $17,083 | $10,124 | $12,391"
	ans, err := answer.Extractive{}.Answer(context.Background(), computeEvidence(q, "Quarterly results for 2019 (in thousands):", table))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "$115,651") {
		t.Errorf("%q: %q\n%s", q, ans.Verdict, ans.Answer)
	}
	for _, c := range []struct {
		header []string
		want   bool
	}{
		{[]string{" | First | Second | Third | Fourth"}, true},
		{[]string{"2019 | First Quarter | Second Quarter | Third Quarter | Fourth Quarter | Total"}, true},
		{[]string{" | First | Second | Third"}, false},
		{[]string{" | First | Second | Third | Fourth | Other"}, false},
	} {
		if got := answer.QuarterColumns(c.header); got != c.want {
			t.Errorf("quarterColumns(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}

// TestSignatureStatesTitle: a signature — "/s/ NAME", the name typed
// under it, the title under that — states who holds the title; a date on
// the signature line says nothing of when a period ended, and a
// signature without a title under it names no officer.
func TestSignatureStatesTitle(t *testing.T) {
	for _, c := range []struct {
		q      string
		blocks []string
		want   string // "" when nothing may be answered
	}{
		{"Who is Portmere's chief financial officer?", []string{"Date: September 1, 2023 /s/ MATTHEW BILUNAS\nMatthew Bilunas", "#Chief Financial Officer"},
			"Date: September 1, 2023 /s/ MATTHEW BILUNAS Matthew Bilunas Chief Financial Officer"},
		{"Who is Portmere's chief financial officer?", []string{"Date: September 1, 2023 /s/ MATTHEW BILUNAS\nMatthew Bilunas", "The report was signed in Minneapolis."}, ""},
		{"When did Portmere's fiscal quarter end?", []string{"Date: September 1, 2023 /s/ MATTHEW BILUNAS\nMatthew Bilunas", "#Chief Financial Officer"}, ""},
	} {
		ans, err := answer.Extractive{}.Answer(context.Background(), coverEvidence(c.q, 28, c.blocks...))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if ans.Verdict == app.VerdictAnswered {
			got = strings.Join(strings.Fields(ans.Citations[0].Quote), " ")
		}
		if got != c.want {
			t.Errorf("%q over %q: quoted %q, want %q\n%s", c.q, c.blocks, got, c.want, ans.Answer)
		}
	}
}

// TestAuditorByItsReport: a filing names its auditor "our independent
// registered public accounting firm", and the firm signs the report of
// that name: both answer "Who is the auditor?"; a firm's signature under
// another heading does not.
func TestAuditorByItsReport(t *testing.T) {
	sig := "/s/ Deloitte & Touche LLP\nChicago, Illinois\nFebruary 8, 2023"
	for _, c := range []struct {
		q, section, text string
		want             app.Verdict
	}{
		{"Who is Portmere's auditor?", "Report of Independent Registered Public Accounting Firm", sig, app.VerdictAnswered},
		{"Who is Portmere's auditor?", "Exhibits", sig, app.VerdictClosest},
		{"Who is Portmere's auditor?", "Item 14", "Our independent registered public accounting firm is Deloitte & Touche LLP (PCAOB ID No. 34).", app.VerdictAnswered},
	} {
		ev := evidence(c.q, fts.Terms(c.q), c.text)
		ev.Sections["s"] = c.section
		ev.Sources[0].Title = "PORTMERE HARBOUR WORKS, INC. 10-K 2022"
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("%q over %q under %q: %q, want %q\n%s", c.q, c.text, c.section, ans.Verdict, c.want, ans.Answer)
		}
	}
}
