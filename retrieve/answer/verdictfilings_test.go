package answer_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

// TestIncorporatedWhere: "incorporated by reference" names no state; a
// place an issuer is incorporated in or under the laws of, or "a Delaware
// corporation", does.
func TestIncorporatedWhere(t *testing.T) {
	checkVerdictsIn(t, "Acme 10-K 2023", []verdictCase{
		{"In what state is Acme incorporated?", "We consent to the incorporation by reference in Registration Statement Nos. 333-1 and 333-2.", app.VerdictClosest},
		{"Under the laws of which state is Acme incorporated?", "“Rules” means the Securities Act and all applicable state securities laws, and the requirements of any exchange on which Common Shares are traded.", app.VerdictClosest},
		{"In what state is Acme incorporated?", "We were incorporated in the state of Minnesota in 1966.", app.VerdictAnswered},
		{"In which state is Acme incorporated?", "Acme was incorporated as a Delaware corporation in 1988.", app.VerdictAnswered},
		{"Where is Acme incorporated?", "Acme was incorporated in 1967 under the laws of the State of Oregon.", app.VerdictAnswered},
	})
}

// TestOfficeAskedByVerb: "Who chairs the board?" asks for its chair, and
// a sentence about another organisation's board names none.
func TestOfficeAskedByVerb(t *testing.T) {
	checkVerdictsIn(t, "Acme 10-K 2023", []verdictCase{
		{"Who chairs Acme's board of directors?", "Since 2012, Mr. Walther has served on the board of directors of the Alliance for Children's Rights and currently serves as its co-chair.", app.VerdictClosest},
		{"Who chairs Acme's board of directors?", "Brian G. Kelly, Chair of the Board of Directors", app.VerdictAnswered},
	})
}

// TestDefinedTermIsNoName: a term defined in brackets and quotes is a
// short form of the words before it, not a person's name.
func TestDefinedTermIsNoName(t *testing.T) {
	checkVerdictsIn(t, "Acme 10-K 2023", []verdictCase{
		{"Who is Acme's chief executive officer?", "Our chief operating decision maker (“CODM”) is our Chief Executive Officer.", app.VerdictClosest},
		{"Who is Acme's chief executive officer?", "Jane Doe has served as our Chief Executive Officer since 2019.", app.VerdictAnswered},
	})
}

// TestEffectIsNotTheFigure: the figure of an effect on a measure is the
// effect's, unless the question asks the effect.
func TestEffectIsNotTheFigure(t *testing.T) {
	checkVerdictsIn(t, "Acme 10-K 2023", []verdictCase{
		{"What operating income did Acme report for 2019?", "Changes in foreign exchange rates had a negative impact of $71 million on Acme's consolidated operating income in 2019.", app.VerdictClosest},
		{"What was the impact of foreign exchange rates on Acme's operating income in 2019?", "Changes in foreign exchange rates had a negative impact of $71 million on Acme's consolidated operating income in 2019.", app.VerdictAnswered},
		{"What operating income did Acme report for 2019?", "Acme's consolidated operating income was $1,607 million in 2019.", app.VerdictAnswered},
		{"How much net revenue did Acme report for 2018?", "The decrease in consolidated net revenues for 2019, as compared to 2018, was primarily driven by a decrease in revenues of $1.1 billion due to lower sales.", app.VerdictClosest},
	})
}

// TestFigureNamedByItsQuantity: "What salary did …" asks a figure by the
// quantity's name; a row of ages and years of service carries none.
func TestFigureNamedByItsQuantity(t *testing.T) {
	ans, err := titledTable("What salary did Acme pay its CEO Jane Doe in fiscal 2023?", "Acme 10-K 2023",
		"Name | Age | Position with the Company | Years with the Company\nJane S. Doe | 47 | Chief Executive Officer | 23\nJohn Roe | 51 | Chief Financial Officer | 9")
	if err != nil || ans.Verdict != app.VerdictClosest {
		t.Fatalf("verdict %q, want closest: %s", ans.Verdict, ans.Answer)
	}
}

// TestPartNamedByTheTablesTitle: a table titled for one segment holds
// that segment's figures; one of every reportable segment totals to the
// company's.
func TestPartNamedByTheTablesTitle(t *testing.T) {
	ans, err := titledTable("How much revenue did Acme report in fiscal 2022?", "Acme 10-K 2023",
		"Domestic Segment Performance Summary | 2023 | 2022 | 2021\nRevenue | $ | 42,794 | $ | 47,830 | $ | 43,293\nGross profit | $ | 9,912 | $ | 11,229 | $ | 10,048")
	if err != nil || ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "a part's figures") {
		t.Fatalf("a segment's table: verdict %q, want closest as a part's: %s", ans.Verdict, ans.Answer)
	}
	ans, err = underIntroAsked("What was Acme's total revenue for fiscal 2022?",
		"Reportable segment and product category revenue information was as follows ($ in millions):",
		"2023 | 2022 | 2021\nDomestic | $ | 42,794 | $ | 47,830 | $ | 43,293\nInternational | 3,504 | 3,931 | 3,969\nTotal revenue | $ | 46,298 | $ | 51,761 | $ | 47,262")
	if err != nil || ans.Verdict != app.VerdictAnswered || len(ans.Citations) == 0 {
		t.Fatalf("every segment's table: verdict %q, want answered: %s", ans.Verdict, ans.Answer)
	}
}

// statement answers q in a document titled "Acme 10-K 2022" from blocks in
// reading order: "H:" opens a heading, "T:" a table, any other a
// paragraph.
func statement(t *testing.T, q string, blocks ...string) *app.Answer {
	t.Helper()
	title := "Acme 10-K 2022"
	if len(blocks) > 0 && strings.HasPrefix(blocks[0], "TITLE:") {
		title, blocks = strings.TrimPrefix(blocks[0], "TITLE:"), blocks[1:]
	}
	texts := make([]string, len(blocks))
	for i, b := range blocks {
		texts[i] = strings.TrimPrefix(strings.TrimPrefix(b, "H:"), "T:")
	}
	ev := evidence(q, termsOf(q), texts...)
	for i, b := range blocks {
		id := fmt.Sprintf("b%d", i)
		blk := ev.Blocks[id]
		blk.Seq = i
		switch {
		case strings.HasPrefix(b, "H:"):
			blk.Kind = app.BlockHeading
		case strings.HasPrefix(b, "T:"):
			blk.Kind = app.BlockTable
		}
		ev.Blocks[id] = blk
	}
	ev.Sources[0].Title = title
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	return ans
}

// TestOneWordAnotherMeasure: "diluted" and "attributable" split a measure
// into two lines, "gross" and "operating" name another; a quote answers
// only the measure as asked.
func TestOneWordAnotherMeasure(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"What were Acme's diluted earnings per share in 2022?", []string{"Also, included in the results for 2022 are $0.24 of earnings per share from interest income earned on the seller note."}, "(diluted)"},
		{"What were Acme's diluted earnings per share in 2022?", []string{"Acme's diluted earnings per share were $4.51 in 2022."}, ""},
		{"What was Acme's net income attributable to the company in 2021?", []string{"T:(in millions, except per share amounts) | 2022 | 2021 | 2020\nNet income | 1,386 | 1,935 | 523"}, "(attributable)"},
		{"What was Acme's net income attributable to the company in 2021?", []string{"T:(in millions, except per share amounts) | 2022 | 2021 | 2020\nNet income attributable to Acme | 1,316 | 1,906 | 512"}, ""},
		{"How much profit did Acme make in 2022?", []string{"T:(in millions) | 2022 | 2021\nGross profit | 22,292 | 21,479"}, "(gross)"},
		{"How much operating profit did Acme make in 2022?", []string{"T:(in millions) | 2022 | 2021\nOperating profit | 5,292 | 4,479"}, ""},
	})
}

// TestFirmIsNotTheAuditee: the company audited is named in the auditor's
// report too; it is no firm that audits.
func TestFirmIsNotTheAuditee(t *testing.T) {
	ans := statement(t, "Who audits Acme's financial statements?", "We have audited the financial statements of Acme Communications Inc. and subsidiaries as of December 31, 2022.")
	if ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "no firm is named") {
		t.Errorf("the company audited answered who audits it: %s", ans.Answer)
	}
	checkVerdictsIn(t, "Acme 10-K 2022", []verdictCase{
		{"Who audits Acme's financial statements?", "Ernst & Young LLP has audited Acme's financial statements since 2000.", app.VerdictAnswered},
	})
}

// TestCoverEntryIsItsCaptions: "Delaware" over the caption of the state of
// incorporation does not say where the company is based.
func TestCoverEntryIsItsCaptions(t *testing.T) {
	ev := coverEvidence("Where is Portmere based?", 1,
		"Delaware | 80-0429876", "#(State or other jurisdiction of incorporation or organization) (I.R.S. Employer Identification Number)")
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || ans.Verdict == app.VerdictAnswered {
		t.Fatalf("the state of incorporation answered where the company is based: %s", ans.Answer)
	}
}

// TestTableHeadedElsewhere: what is set over a table — an introduction
// naming a part ("information for Other"), a line giving its year — holds
// for its rows, across a line of the columns' period.
func TestTableHeadedElsewhere(t *testing.T) {
	ans := statement(t, "What did Acme take in as operating revenue in 2021?",
		"Presented in the table below is information for Other:", "For the Years Ended December 31,",
		"T:2022 | 2021 | 2020\nOperating revenues | $ | 287 | $ | 546 | $ | 522\nOperation and maintenance | 244 | 452 | 364")
	if ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "a part's figures") {
		t.Errorf("a part's table: %s", ans.Answer)
	}
	ans = statement(t, "What were Acme's total operating revenues in 2022?",
		"Total\nReportable\n2020 Consumer Business Segments", "H:External Operating Revenues",
		"T:Service | $ | 64,884 | $ | — | $ | 64,884\nTotal Operating Revenues | 88,533 | 30,962 | 119,495")
	if ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "another year (2020)") {
		t.Errorf("2020's table answered for 2022: %s", ans.Answer)
	}
	// Its own year's table totals the reportable segments, before the
	// corporate items that reconcile them to the company's.
	ans = statement(t, "What were Acme's total operating revenues in 2022?",
		"Total\nReportable\n2022 Consumer Business Segments", "H:External Operating Revenues",
		"T:Service | $ | 64,884 | $ | — | $ | 64,884\nTotal Operating Revenues | 88,533 | 30,962 | 119,495")
	if ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "a part's figures") {
		t.Errorf("the reportable segments' total answered for the company's: %s", ans.Answer)
	}
}

// TestFigureAskedByAVerb: "How much did Acme sell?" asks its sales, "bring
// in", "spend on" and "clear in" frame what a statement names by the
// measure, and "per diluted share" asks a per-share amount.
func TestFigureAskedByAVerb(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"How much did Acme sell in 2022?", []string{"T:(in millions) | 2022 | 2021 | 2020\nNet sales | 14,189 | 14,082 | 11,303"}, ""},
		{"How much revenue did Acme bring in during fiscal 2022?", []string{"T:(Dollars in millions) | FISCAL 2023 | FISCAL 2022 | FISCAL 2021\nRevenues | $ | 51,217 | $ | 46,710 | $ | 44,538"}, ""},
		{"How much did Acme spend on research and development in 2022?", []string{"Research and development costs were $771 million, $752 million and $719 million in 2022, 2021 and 2020, respectively."}, ""},
		{"How much did Acme clear in net earnings for 2021?", []string{"T:(in millions) | 2021 | 2020\nNet earnings | $ 6,315 | $ 6,833"}, ""},
		{"How much did Acme lose per diluted share in 2022?", []string{"As a result of incurring a net loss in 2022, potential common shares of 3.5 million were excluded from diluted loss per share because the effect would have been antidilutive."}, "per-share amount"},
	})
}

// TestAskedInAFewWords: "acme auditor fy2022" is read as the question it
// stands for, and answered or refused as that question would be.
func TestAskedInAFewWords(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"acme auditor fy2022", []string{"We have served as the Company's auditor since 2008."}, "kind asked"},
		{"acme auditor fy2022", []string{"/s/ PricewaterhouseCoopers LLP, Acme's auditor since 2008, Los Angeles, California, 2022"}, ""},
		{"acme net earnings Q2 FY24", []string{"The impact of foreign exchange rate fluctuations on our net earnings in the second quarter of fiscal 2024 was not significant."}, "no value of the kind asked"},
		{"Acme total assets at June 30, 2023?", []string{"June 30, 2023 Total assets at Total level 3 (in millions, except ratios) fair value assets"}, "figure"},
	})
}

// TestWholeLibraryFalseLeads: what a library's other passages offer a
// plain question — a list's marker or a clause's number for a count,
// a seat given to a company described, "our CEO" beside the board, a
// year's table for a quarter, a business named as the owner of the
// figures, a segment's section — is refused.
func TestWholeLibraryFalseLeads(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"How many employees does Acme have?", []string{"Acme established the Acme Foundation as an opportunity for employees through grants: (1) the Employee Emergency Grant and (2) the Community Grant."}, "kind asked"},
		{"How many employees does Acme have?", []string{"24.2 “Termination of employment” as used in this Agreement means the Employee’s separation from Acme."}, "kind asked"},
		{"Which city is Acme headquartered in?", []string{"Prior to joining Acme, Mr. Vestberg served as Chief Executive Officer of Ericsson, a multinational networking company headquartered in Sweden."}, "another company"},
		{"Who is Acme's chief financial officer?", []string{"We have adopted (1) the Acme Code of Conduct for the Board of Directors; (2) The Acme Code of Conduct for Finance Employees which applies to our Chief Executive Officer (CEO), Chief Financial Officer (CFO) and Controller."}, "name"},
		{"What were Acme's net sales in Q4 FY22?", []string{"H:Acme, Inc.\nConsolidated Statements of Income", "52 Weeks Ended\nJanuary 28, January 29,", "T:2023 | 2022\nNet sales | $ 10,208,580 | $ 8,630,889"}, "the year's figures"},
		{"What were Acme's net sales in 2020?", []string{"HSG’s results of operations and balance sheet through September 8, 2020 were as follows (in millions):", "T:2020 | 2019 | 2018\nNet sales | $ | 423 $ | 779 | $ | 1,158"}, "a part's figures"},
		{"What was Acme's diluted EPS in fiscal 2019?", []string{"T:In millions, except per share | Fiscal 2019\nAdjusted diluted EPS | $ | 3.22"}, "(adjusted)"},
		{"Acme is a corporation of which U.S. state?", []string{"Indenture between Acme Corporation and U.S. Bank National Association (incorporated by reference to Exhibit 4.1 to Acme’s Registration Statement)."}, "incorporation"},
	})
}

// TestSegmentsSection: a table in the discussion of one segment holds the
// segment's figures.
func TestSegmentsSection(t *testing.T) {
	q := "What were Acme's total operating revenues in 2022?"
	ev := tableEvidence(q, "Years Ended December 31, | 2022 | 2021\nSmall and Medium Business | $ 12,613 | $ 11,774\nTotal Operating Revenues | $ 31,072 | $ 31,042")
	ev.Sources[0].Title = "Acme 10-K 2022"
	ev.Sections["s"] = "Item 7. Management's Discussion and Analysis › Segment Results of Operations › Acme Business Group"
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "a part's figures") {
		t.Fatalf("a segment's table answered for the company: %s", ans.Answer)
	}
}

// TestLineUnderTwoGroups: a table that states one line under two groups
// gives each group's part of it; the whole, their sum, is not stated —
// also when the page's layout cut the second group out of the table. A
// line stated once, or asked with its group named, answers.
func TestLineUnderTwoGroups(t *testing.T) {
	q := "What subscription revenue did Acme report for 2020?"
	two := "T:2020 | 2019\nRevenue from contracts with customers:\nSubscription revenue | 1,447,188 | 883,922\nHardware revenue | 91,654 | 84,505\n" +
		"Revenue from other sources:\nSubscription revenue | 92,215 | 147,534"
	one := "T:2020 | 2019\nRevenue from contracts with customers:\nSubscription revenue | 1,447,188 | 883,922\nHardware revenue | 91,654 | 84,505"
	checkReasons(t, []reasonCase{
		{q, []string{two}, "under more than one group"},
		{"What subscription revenue from contracts with customers did Acme report for 2020?", []string{two}, ""},
		// The second group cut from the table by the page's layout, its
		// rows set as paragraphs.
		{q, []string{one, "Revenue from other sources:", "Subscription revenue $ 92,215 $ 147,534"}, "under more than one group"},
		{"What hardware revenue did Acme report for 2020?", []string{one, "Revenue from other sources:", "Subscription revenue $ 92,215 $ 147,534"}, ""},
		{q, []string{one}, ""},
	})
}

// TestRowUnderChanges: a cash flow statement's rows under "Changes in
// operating assets and liabilities:" are what each balance moved, not the
// balance; the same row under no such group answers.
func TestRowUnderChanges(t *testing.T) {
	const rows = "Receivables | 289 | 201\nMerchandise inventories | (508) | (79)\nOther assets | (32) | (13)"
	const header = "T:($ in millions) | July 29, 2023 | July 30, 2022\nDepreciation and amortization | 473 | 453\n"
	checkReasons(t, []reasonCase{
		{"acme merchandise inventories july 29 2023", []string{header + "Changes in operating assets and liabilities:\n" + rows}, "states a change of the figure"},
		{"acme merchandise inventories july 29 2023", []string{header + rows}, ""},
	})
}

// TestJoinedMeasure: a measure named by words joined with "and" is the
// line those words name — "Research and development" under "Operating
// expenses:" is the research and development expense, "Cost of sales" is
// not the selling, general and administrative costs.
func TestJoinedMeasure(t *testing.T) {
	table := "T:For the years ended June 30, | 2023 | 2022\nOperating expenses:\nCost of sales | (11,969) | (11,724)\nResearch and development | (101) | (97)\n" +
		"Selling, general and administrative expenses | (1,246) | (1,284)"
	noSGA := "T:For the years ended June 30, | 2023 | 2022\nCost of sales | (11,969) | (11,724)\nResearch and development | (101) | (97)"
	checkReasons(t, []reasonCase{
		{"acme research and development expense fiscal 2022", []string{table}, ""},
		{"acme research and development expense fiscal 2022", []string{noSGA}, ""},
		{"acme research and development expense fy2023", []string{"T:(In millions, except percentages) | 2023 | 2022 | Change\nResearch and development | $ | 27,195 | $ | 24,512 | 11%"}, ""},
		// A group row names the measure of the rows under it.
		{"acme marketing expense fiscal 2022", []string{"T:For the years ended June 30, | 2023 | 2022\nOperating expenses:\nMarketing | (512) | (498)"}, ""},
		{"acme marketing expense fiscal 2022", []string{"T:For the years ended June 30, | 2023 | 2022\nMarketing | (512) | (498)"}, "measure asked"},
		{"What did Acme spend on selling, general and administrative costs in fiscal 2022?", []string{noSGA}, "do not name the measure asked"},
	})
	ans := statement(t, "What did Acme spend on selling, general and administrative expenses in fiscal 2022?", table)
	if ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "1,284") {
		t.Errorf("the SG&A row: %s", ans.Answer)
	}
}

// TestOnlyYears: a line of years or dates and nothing else (a table's
// header under a note's heading) states no amount, whatever the heading
// names; a sentence stating one does.
func TestOnlyYears(t *testing.T) {
	q := "What did Acme earn in 2021?"
	for _, c := range []struct {
		block string
		want  app.Verdict
	}{
		{"2022 2021 2020", app.VerdictClosest},
		{"December 31, 2022 December 31, 2021", app.VerdictClosest},
		{"Acme's net earnings were $1,263 million in 2021.", app.VerdictAnswered},
	} {
		ev := evidence(q, termsOf(q), c.block)
		ev.Sections["s"] = "Part II › Note 17: Earnings per Common Share"
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Verdict != c.want || c.want == app.VerdictClosest && !strings.Contains(ans.Answer, "only dates and years") {
			t.Errorf("%q: verdict %q, want %q: %s", c.block, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// reasonCase is a question asked over blocks (statement's) and the
// reason its closest reply must give, "" when it must be answered.
type reasonCase struct {
	q      string
	blocks []string
	why    string
}

// checkReasons asks each case and checks its verdict and reason.
func checkReasons(t *testing.T, cases []reasonCase) {
	t.Helper()
	for _, c := range cases {
		ans := statement(t, c.q, c.blocks...)
		if c.why == "" && ans.Verdict != app.VerdictAnswered || c.why != "" && (ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, c.why)) {
			t.Errorf("%q over %q: verdict %q, want %q: %s", c.q, c.blocks, ans.Verdict, c.why, ans.Answer)
		}
	}
}

// TestCompanyNamedByDigits: "3m employees" typed in lower case names 3M,
// the company the title writes, and asks how many employees it has.
func TestCompanyNamedByDigits(t *testing.T) {
	q := "3m employees"
	ev := evidence(q, termsOf(q), "On December 31, 2022, the Company employed approximately 92,000 people (full-time equivalents).",
		"The Company also plans to invest $50 million over 2020 to 2025 in the communities in which its employees live and 3M business operates.")
	ev.Sources[0].Title = "10-K - 02/08/2023 - 3M Company"
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "92,000") {
		t.Fatalf("3m employees: %s", ans.Answer)
	}
}

// TestFreshQuestionsRefused: the false leads fresh questions found — a
// sentence naming everyone the question names but saying nothing of what
// it asks, a narrower measure ("asset-backed debt"), the company's own
// names for the bank asked, a segment's row for a measure typed after
// its company and year, a count for a length of time, an amount "of"
// another thing — are refused; the plain answers beside them stand, a
// quarter typed "q1" among them.
func TestFreshQuestionsRefused(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"Who filed the Diane Jane Roe complaint at the Delaware State Public Ethics Review Board of Lewes Town, Sussex County?", []string{"This is my decision on Diane Jane Roe's appeal of the Delaware State Public Ethics Review Board of Lewes Town, Sussex County's finding that she violated the Code of Conduct when, as a town commissioner for Dewey Beach, she voted in favor of an ordinance."}, "none of what it asks"},
		{"Who filed the Diane Jane Roe complaint at the Delaware State Public Ethics Review Board of Lewes Town, Sussex County?", []string{"Joseph W. Nelson filed a complaint against Diane Jane Roe with the Delaware State Public Ethics Review Board of Lewes Town, Sussex County in 2010."}, ""},
		{"How much debt was Acme carrying at the end of 2021?", []string{"As of December 31, 2021, the carrying value of our asset-backed debt was $14.2 billion."}, "narrower measure"},
		{"How much debt was Acme carrying at the end of 2021?", []string{"As of December 31, 2021, the carrying value of our total debt was $150.9 billion."}, ""},
		{"Which bank is trustee for the Acme notes due 2026?", []string{"The Former Issuer, Acme Finance plc (the “Issuer”), Acme Limited (the “Parent Guarantor”) and the Trustee have entered into an Indenture governing the Acme notes due 2026."}, "no firm"},
		{"Which bank is trustee for the Acme notes due 2026?", []string{"Deutsche Bank Trust Company Americas is trustee for the Acme notes due 2026."}, ""},
		{"Acme full-year 2022 consolidated net revenues", []string{"T:Twelve months ended December 31, | 2022 | 2021\nLas Vegas Strip Resorts net revenues | $ | 8,398,372 | $ | 4,737,185"}, "another measure"},
		{"Acme full-year 2022 consolidated net revenues", []string{"T:Twelve months ended December 31, | 2022 | 2021\nNet revenues | $ | 13,127,485 | $ | 9,680,140"}, ""},
		{"acme watch alarm snooze time", []string{"When an alarm rings on the Acme watch, the alarm will automatically turn off after snoozing three times."}, "no length of time"},
		{"acme watch alarm snooze time", []string{"The Acme watch alarm snooze time is 10 minutes."}, ""},
		{"Acme 2Q22 total net revenue", []string{"T:(in millions, except ratios) | 2022 | 2021 | 2022 | 2021\nTotal net revenue | (801) | (1,642) | 61,432 | 62,745"}, "several columns"},
		{"Acme 2Q22 total net revenue", []string{"T:Three months ended June 30, | Consumer & Community Banking | Corporate & Investment Bank\n(in millions, except ratios) | 2022 | 2021 | 2022 | 2021\nTotal net revenue | $ | 9,727 | $ | 8,621 | $ | 4,703 | $ | 3,801"}, "several columns"},
		{"How much did Acme clear in net earnings for 2021?", []string{"These adjustments increased net earnings by approximately $1.6 billion ($5.81 per share) in 2021 and $1.5 billion ($5.33 and $5.29 per share) in 2020 and 2019."}, "change"},
		{"Acme land 2018 and 2019", []string{"T:(in thousands) | 2019 | 2018\nLand | $672 | $672"}, ""},
		{"Acme 2022 legal reserve", []string{"T:| Appropriation of earnings | | Cash dividend per share\n| 2021 | 2022 | 2021 | 2022\nLegal reserve | $707,299 | $963,947"}, ""},
		{"What were Acme's total net revenues for 2022?", []string{"T:(in millions) | 2022 | 2021\nTotal consolidated net revenues | $ | 7,500 | $ | 7,017"}, ""},
		{"What was Acme's net income for the year ended May 31, 2022?", []string{"As of May 31, 2022, approximately $518 million of deferred net gains on outstanding derivatives are expected to be reclassified to Net income during the next 12 months."}, "another thing"},
		{"In the Acme December 2015 survey, what share of adults call the terror threat major and growing?", []string{"TITLE:Views of the terror threat", "Overall, 83% of adults call the terror threat major and growing, while 13% call it minor.", "www.acme.org ACME RESEARCH CENTER"}, ""},
		{"In the Acme December 2015 survey, what share of adults call the terror threat major and growing?", []string{"TITLE:Views of the terror threat", "In 2014, 83% of adults called the terror threat major and growing, while 13% called it minor.", "www.acme.org ACME RESEARCH CENTER"}, "another period"},
		{"What did Acme Water take in as operating revenue in 2021?", []string{"T:December 31, 2022 | December 31, 2021\nUnbilled revenues | 275 | 248"}, "measure"},
		{"What net earnings attributable to Acme were reported for fiscal 2021 in the company's 2022 annual report?", []string{"T:In Millions | 2022 | 2021\nNet earnings attributable to Acme | $ | 1,752.7 | $ | 2,131.0"}, ""},
		{"In how many countries does the Acme network have offices?", []string{"Acme Legal is the largest legal network in the world with over 4000 lawyers in over 100 countries."}, "a part of the company"},
		{"In how many countries does the Acme network have offices?", []string{"The Acme network has offices in 155 countries."}, ""},
		{"What net sales did Acme report in fiscal 2020, per the fiscal 2020 10-K?", []string{"Net sales were $120.1 billion, up 2% from the year before."}, "2020"},
		{"What were ACME, Inc.'s diluted earnings per common share for the fiscal year ended May 31, 2019?", []string{"The computations of diluted earnings per common share excluded options to purchase an additional 17.5 million, 42.9 million and 30.5 million shares of common stock outstanding for the years ended May 31, 2019, 2018 and 2017, respectively.", "ACME, INC. annual report"}, "per-share"},
		{"acme health care spin-off new company name (2022 10-k)", []string{"T:Net Sales (Millions) | 2022 | 2021 | 2020\nOther Health Care | 24 | 1 | 2"}, "asks a name"},
		{"acme diluted eps q1 2021", []string{"T:Three months ended March 31, | 2021 | 2020\nDiluted earnings per share | $ | 4.50 | $ | 0.78"}, ""},
	})
}

// TestSourceYearIsNotTheFactYear: "for fiscal 2021 in the company's 2022
// annual report" asks 2021's figure, which the 2022 report states beside
// its own year's.
func TestSourceYearIsNotTheFactYear(t *testing.T) {
	ans := statement(t, "What net earnings attributable to Acme were reported for fiscal 2021 in the company's 2022 annual report?",
		"T:In Millions | 2022 | 2021\nNet earnings attributable to Acme | $ | 1,752.7 | $ | 2,131.0")
	if ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "2021: $2,131.0") {
		t.Fatalf("the 2021 figure not read: %s", ans.Answer)
	}
}

// TestSourceYearTypedFiscal: "(fy2019 10-k)" names the source's year as
// "(2019 10-k)" does; asked fiscal 2018, the table's "Fiscal 2019 vs."
// column is not read as the one asked.
func TestSourceYearTypedFiscal(t *testing.T) {
	table := "T:In millions, except | Fiscal 2019 vs. | Percent of Net | Currency\nNet sales | $ 16,865.2 | 7 % | 9 %"
	ans := statement(t, "acme net sales fiscal 2018 (fy2019 10-k)", "TITLE:ACME, INC. 10-K 2019 (year ended May 26, 2019)", table)
	if ans.Verdict == app.VerdictAnswered {
		t.Errorf("fiscal 2019's column answered fiscal 2018: %s", ans.Answer)
	}
	ans = statement(t, "acme net sales fiscal 2018 (fy2019 10-k)", "TITLE:ACME, INC. 10-K 2019 (year ended May 26, 2019)",
		"T:In millions | Fiscal 2019 | Fiscal 2018\nNet sales | $ 16,865.2 | $ 15,740.4")
	if ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "15,740.4") {
		t.Errorf("fiscal 2018's column not read: %s", ans.Answer)
	}
}

// TestAverageTable: a table of average balances does not answer the
// balance at a date.
func TestAverageTable(t *testing.T) {
	q := "What were Acme's total assets at June 30, 2023?"
	ev := tableEvidence(q, "(in millions) | 2023 | 2022\nTotal assets | $ 3,851,388 | $ 3,911,643")
	ev.Sources[0].Title = "Acme 10-Q June 2023"
	ev.Sections["s"] = "Item 1. Financial Statements › Consolidated Average Balance Sheets, Interest and Rates"
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, "averages") {
		t.Fatalf("an average answered for the balance at a date: %s", ans.Answer)
	}
}

// TestNameTypedSmall: "acme free cash flow 2022" typed in small letters
// names Acme, which another document of the library titles so: Zenith's
// row does not answer it, and Acme's would.
func TestNameTypedSmall(t *testing.T) {
	for _, c := range []struct {
		title string
		want  app.Verdict
	}{
		{"Zenith Corp 10-K 2022", app.VerdictClosest},
		{"Form 10-K for Acme INC filed 02/09/2023", app.VerdictAnswered},
	} {
		q := "acme free cash flow 2022"
		ev := tableEvidence(q, "Years Ended December 31, | 2022 | 2021\nFree cash flow | $ | 14,054 | $ | 19,253")
		ev.Sources[0].Title = c.title
		ev.Sources = append(ev.Sources, app.Source{N: 2, DocumentID: "d2", Title: "Form 10-K for Acme INC filed 02/09/2023"})
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("%q in %q: verdict %q, want %q: %s", q, c.title, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestSourceOfAnotherYear: a question that names its source by year
// ("in the company's 2016 annual report") asks another edition than a
// document titled for 2022; a title dated by its filing early in 2023 is
// the 2022 report, and a title that writes no year dates nothing.
func TestSourceOfAnotherYear(t *testing.T) {
	table := "T:In Millions | 2022 | 2021\nNet earnings attributable to Acme | $ | 1,752.7 | $ | 2,131.0"
	ask := func(report string) string {
		return "What net earnings attributable to Acme were reported for fiscal 2021 in the company's " + report + " annual report?"
	}
	checkReasons(t, []reasonCase{
		{ask("2022"), []string{table}, ""},
		{ask("2016"), []string{table}, "dated otherwise"},
		{ask("2022"), []string{"TITLE:Form 10-K for Acme INC filed 02/09/2023", table}, ""},
		{ask("2020"), []string{"TITLE:Form 10-K for Acme INC filed 02/09/2023", table}, "dated otherwise"},
		{ask("2016"), []string{"TITLE:Acme annual report", table}, ""},
	})
}

// TestFigureAskedByItsName: "By default, what rate of …" asks a figure
// by its name after a setting; a sentence that only says the rate can be
// set states none.
func TestFigureAskedByItsName(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"By default, what rate of pressure drop sets off the Acme Watch's severe weather warning?", []string{"TITLE:Acme Watch OnlineHelp", "H:4.9 Severe weather warnings", "Your watch supports severe weather warnings.",
			"Warnings and set which rate of pressure drop you would like to trigger the warning."}, "asks a figure"},
	})
}

// TestSpentIsNoBalance: what a company spent buying equipment in a year
// is not the equipment it held at the year's end; a row of purchases
// under the same header still answers.
func TestSpentIsNoBalance(t *testing.T) {
	q := "How much did Acme spend buying property, plant and equipment in 2021?"
	checkReasons(t, []reasonCase{
		{q, []string{"The following summarizes the components of Property, plant and equipment:", "T:As of December 31, (MILLIONS) | 2021 | 2020\nProperty, plant and equipment | $ | 14,882 | $ | 13,745"}, "balances held at a date"},
		{q, []string{"T:Year ended December 31, (MILLIONS) | 2021 | 2020\nPurchases of property, plant and equipment | (2,711) | (2,791)"}, ""},
	})
}

// TestQuarterOfTheDocument: a row that states no period speaks of its
// document's quarter, which the title names; asked another quarter it
// does not answer, asked that one it does.
func TestQuarterOfTheDocument(t *testing.T) {
	row := "(in millions) | 2023 | 2022\nNet Revenue | $ | 17,846 | $ | 16,200"
	checkReasons(t, []reasonCase{
		{"acme q2 2023 net revenue (q1 2023 release)", []string{"TITLE:Acme Q1 2023 8-K - Exhibit 99.1", "T:" + row}, "document's quarter"},
		{"acme q1 2023 net revenue", []string{"TITLE:Acme Q1 2023 8-K - Exhibit 99.1", "T:" + row}, ""},
	})
}

// TestRowOfANarrowerMeasure: "Restricted cash & cash equivalents" is not
// the cash and cash equivalents asked; "Total cash and cash equivalents"
// is, and so is "Total Company operating income". "Interest and other
// income (expense), net" is not net income.
func TestRowOfANarrowerMeasure(t *testing.T) {
	q := "How much cash and cash equivalents did Acme hold at the end of 2021?"
	checkReasons(t, []reasonCase{
		{q, []string{"T:(in millions) | 2022 | 2021\nRestricted cash & cash equivalents | 33 | 52"}, "narrower"},
		{q, []string{"T:(in millions) | 2022 | 2021\nTotal cash and cash equivalents | 14,614 | 8,052"}, ""},
		{"acme operating income 2022", []string{"T:Net Sales | 2022 | 2021\nTotal Company operating income | 6,539 | 7,369"}, ""},
		{"What was Acme's long-term debt at the end of 2021?", []string{"T:(MILLIONS) | 2021 | 2020\nOther long-term debt | 4 | 4"}, "narrower"},
		{"What was Acme's long-term debt at the end of 2021?", []string{"T:(MILLIONS) | 2021 | 2020\nTotal long-term debt | 36,195 | 37,133"}, ""},
		{"acme net income fy2015", []string{"T:(in thousands) | 2015 | 2014\nInterest and other income (expense), net | 33,909 | 7,267"}, "narrower"},
		{"acme net income fy2015", []string{"T:(in thousands) | 2015 | 2014\nNet income | 629,551 | 268,395"}, ""},
		{"acme total revenue fy2015", []string{"T:(in thousands) | 2015 | 2014\nTotal net revenue | 4,795,511 | 4,147,065"}, ""},
	})
}

// TestSoldAThing: "How much did Acme sell in 2020?" asks its sales, which
// an agreement to sell a stake does not state; net sales do.
func TestSoldAThing(t *testing.T) {
	q := "How much did Acme sell in 2020?"
	checkReasons(t, []reasonCase{
		{q, []string{"In July 2020, Acme entered into an agreement to sell our ownership interest in Ammroc to our joint venture partner for $307 million."}, "one thing sold"},
		{q, []string{"Acme's net sales in 2020 were $65,398 million."}, ""},
	})
}

// TestDotLeaderOffTheLabel: a statement's dot leader stays in the quote,
// which is verbatim, and leaves the label the answer states.
func TestDotLeaderOffTheLabel(t *testing.T) {
	ans := statement(t, "What was Acme's total revenue in fiscal 2015?",
		"T:(in thousands) | 2015 | 2014\nTotal revenue...................... | 4,795,511 | 4,147,065")
	if ans.Verdict != app.VerdictAnswered || !strings.Contains(ans.Answer, "Total revenue, 2015: 4,795,511") || !strings.Contains(ans.Answer, "“Total revenue......") {
		t.Fatalf("%s", ans.Answer)
	}
}

// TestRowNamedButNotItsMeasure: a question naming a segment's row and a
// year asks the measure it names too; a table of research costs does not
// state the segment's revenues, a table of revenues does.
func TestRowNamedButNotItsMeasure(t *testing.T) {
	q := "What were Acme Commercial Airplanes' revenues in 2018?"
	row := "T:Years ended December 31, | 2018 | 2017\nCommercial Airplanes | $565 | $521"
	checkReasons(t, []reasonCase{
		{q, []string{"Research and development expense by segment was as follows:", row}, "measure asked (revenues)"},
		{q, []string{"Revenues by segment were as follows:", row}, ""},
	})
}

// TestLimitIsNoFigure: a repurchase program "of up to $10.0 billion" is
// what may be spent, not the repurchases made. A column of percentages
// ("% of Sales") states no amount of the measure it names.
func TestLimitIsNoFigure(t *testing.T) {
	program := "On February 10, 2022, Acme announced a share repurchase program providing for the repurchase of up to $10.0 billion of its common stock."
	checkReasons(t, []reasonCase{
		{"acme share repurchases 2022", []string{program}, "limit"},
		{"How much can the Parliament alter income tax in Acmeland?", []string{"The Parliament can alter income tax in Acmeland by up to 3 pence in the pound."}, ""},
	})
	ans := statement(t, "What were Acme's Pharmaceutical segment sales in 2022?", "Research and development expense by segment of business was as follows:",
		"T:2022 | 2021 / (Dollars in Millions) | Amount | % of Sales* | Amount | % of Sales*\nPharmaceutical | 11,622 | 22.1 | 11,878 | 23.0")
	if ans.Verdict == app.VerdictAnswered || strings.Contains(ans.Answer, ": 22.1") {
		t.Fatalf("a percentage of sales stated as the sales: %s", ans.Answer)
	}
}

// TestMeasureStatedNet: "accounts receivable net" asks the receivables,
// which the allowance for uncollectible ones is not.
func TestMeasureStatedNet(t *testing.T) {
	checkReasons(t, []reasonCase{
		// A fair value is not the amount carried.
		{"acme long-term debt may 31 2021", []string{"The fair value of Acme's long-term debt, including the current portion, was approximately $10,275 million as of May 31, 2021."}, "a fair value"},
		{"What was the fair value of Acme's long-term debt at May 31, 2021?", []string{"The fair value of Acme's long-term debt, including the current portion, was approximately $10,275 million as of May 31, 2021."}, ""},
		// "cash" that names cash flow hedges is no cash held.
		{"How much cash did Acme have at the end of fiscal 2023?", []string{"The total notional amount of outstanding foreign currency derivatives designated as cash flow hedges was $18.2 billion as of May 31, 2023."}, "another measure (cash flow)"},
		{"How much cash did Acme have at the end of fiscal 2023?", []string{"At May 31, 2023, cash totaled $18.2 billion."}, ""},
		{"acme accounts receivable net may 31 2020", []string{"The allowance for uncollectible accounts receivable was $93 million and $214 million as of May 31, 2021 and 2020, respectively."}, "narrower"},
	})
}

// TestFigureUnderAPartsHeading: under a heading that names parts — a
// segment's discussion, a note on acquisitions, the equity-method
// investees — a row or a sentence states a part's figure, which answers
// a question naming the part, or the total row, but not the company's
// own figure asked with nothing beyond the company, measure and period.
func TestFigureUnderAPartsHeading(t *testing.T) {
	ask := func(q, section, block string, table bool) *app.Answer {
		t.Helper()
		ev := evidence(q, termsOf(q), block)
		if table {
			ev = tableEvidence(q, block)
		}
		ev.Sources[0].Title = "Acme Inc. 10-K 2022 (year ended December 31, 2022)"
		ev.Sections["s"] = section
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		return ans
	}
	const segment = "Item 7. Management's Discussion and Analysis › Segment Results of Operations › Acme Business Group › Operating Expenses"
	const rows = "Years Ended December 31, | 2022 | 2021\nDepreciation and amortization expense | 4,312 | 4,084\nTotal operating expenses | 29,614 | 28,950"
	for _, c := range []struct {
		q, section, block string
		table             bool
		want              app.Verdict
	}{
		{"acme depreciation and amortization expense 2022", segment, rows, true, app.VerdictClosest},
		{"acme depreciation and amortization expense 2022", "Item 8. Financial Statements › Consolidated Statements of Income", rows, true, app.VerdictAnswered},
		{"acme total operating expenses 2022", segment, rows, true, app.VerdictAnswered},                                    // the total row
		{"acme depreciation and amortization expense 2022", "Item 7 › OPERATING SEGMENTS", rows, true, app.VerdictAnswered}, // every segment's discussion
		// A note on segments gives each segment's figures beside their
		// total: a row there is a segment's, unless it or its column is
		// the total.
		{"acme depreciation and amortization expense 2022", "Notes to Consolidated Financial Statements › Note 25 - Business segments", rows, true, app.VerdictClosest},
		{"acme total operating expenses 2022", "Notes to Consolidated Financial Statements › Note 25 - Business segments", rows, true, app.VerdictAnswered},
		{"acme operating income 2022", "Notes to Consolidated Financial Statements › Note 19. Business Segments",
			"Net Sales | 2022 | 2021\nSafety and Industrial | 11,604 | 12,033\nHealth Care | 8,421 | 8,838\nTotal Company | 34,229 | 35,355\n" +
				"Operating Income\nSafety and Industrial | 2,490 | 2,695\nHealth Care | 1,800 | 2,091\nTotal Company operating income | 6,539 | 7,369", true, app.VerdictAnswered},
		{"How big was Acme's balance sheet (total assets) at the end of 2022?", "Notes to Consolidated Financial Statements › Note 25 - Business segments",
			"Years Ended December 31, | 2022 | 2021\nTotal net revenue | (473) | 166\nNoninterest expense | 876 | 146\nNet income/(loss) | (580) | (125)\nTotal assets | 1,409,564 | 981,937", true, app.VerdictClosest},
		{"What depreciation and amortization expense did Acme record for the first quarter of 2022?", "Notes to Consolidated Financial Statements › Note 25 - Business segments",
			"Three months ended March 31, | 2022 | 2021\nDepreciation and amortization expense | 1,078 | 1,021", true, app.VerdictClosest},
		{"acme depreciation and amortization expense 2022", "Notes to Consolidated Financial Statements › Note 25 - Business segments",
			"Year Ended December 31, 2022 | Corporate | Total\nDepreciation and amortization expense | 312 | 4,312", true, app.VerdictAnswered},
		{"acme operating income 2022", "Part II › Deed of Cross Guarantee Consolidated Statements of Income",
			"For the years ended June 30, | 2023 | 2022\nOperating income | 532 | 1,158", true, app.VerdictClosest},
		{"What did Acme's interest expense come to in fiscal 2023?", "Part II › Deed of Cross Guarantee Consolidated Statements of Income",
			"For the years ended June 30, | 2023 | 2022\nInterest expense | (38) | (14)", true, app.VerdictClosest},
		{"What were Acme's total assets at June 30, 2022?", "NOTE 3 — ACQUISITIONS AND DIVESTITURES",
			"June 30, 2022 | \nCash | $ | 21,066\nTotal assets | $ | 607,991", true, app.VerdictClosest},
		{"acme cash and cash equivalents december 31 2021", "Note 11. Pension and Postretirement Benefit Plans › D. Plan Assets",
			"As of December 31, | 2021 | 2020\nCash and cash equivalents | 1,326 | 781", true, app.VerdictClosest},
		{"What were Acme's net sales in 2021?", "Note 7 › Investments accounted for by the equity method",
			"The investees' net sales were $816 million in 2021.", false, app.VerdictClosest},
	} {
		if ans := ask(c.q, c.section, c.block, c.table); ans.Verdict != c.want {
			t.Errorf("%q under %q: verdict %q, want %q: %s", c.q, c.section, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestMinorHeadingNamesASegment: a minor heading the section tree does
// not keep still heads the table under it — "Acme International Segment"
// over a discussion's table gives that segment's operating income, not
// the company's; a heading over every segment's results does not.
func TestMinorHeadingNamesASegment(t *testing.T) {
	q := "acme operating income fy2020"
	rows := "T:(Amounts in millions, except unit counts) | 2020 | 2019\nNet sales | $ | 120,130 | $ | 120,824\nOperating income | $ | 3,370 | $ | 4,883"
	checkReasons(t, []reasonCase{
		{q, []string{"H:Acme International Segment", rows}, "Acme International Segment"},
		{q, []string{"H:Segment Results of Operations", rows}, ""},
		{q, []string{"H:Consolidated Results of Operations", rows}, ""},
	})
}

// TestRowUnderAGroup: "Total assets: | (In thousands)" heads the rows
// under it, one a segment: "Regional Operations" there is the segment's
// total assets, not its net revenues.
func TestRowUnderAGroup(t *testing.T) {
	table := "2018 | 2017 | 2016\nTotal assets: | (In thousands)\nLas Vegas Strip Resorts | $ | 11,783,736 | $ | 11,648,168 | $ | 11,650,747\n" +
		"Regional Operations | 5,751,826 | 4,780,717 | 4,800,714\nMGM China | 9,093,307 | 9,461,535 | 8,443,411"
	for _, c := range []struct {
		q    string
		want app.Verdict
	}{
		{"acme regional operations net revenues 2017", app.VerdictClosest},
		{"acme regional operations total assets 2017", app.VerdictAnswered},
	} {
		ev := tableEvidence(c.q, table)
		ev.Sources[0].Title = "Acme 10-K 2018"
		ev.Sections["s"] = "PART II › Net Revenues" // the section the tables follow on from
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("%q: verdict %q, want %q: %s", c.q, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestSegmentNamedIsWritten: a question naming a segment ("the Blizzard
// segment") is answered by a passage that writes the name — not by one
// about every segment, whose document's title happens to hold the word.
func TestSegmentNamedIsWritten(t *testing.T) {
	checkTables(t, "How much did Activision Blizzard's Blizzard segment bring in during 2019, in segment net revenues?",
		"Activision Blizzard, Inc. 10-K 2019", []tableCase{
			{"Years Ended December 31, | 2019 | 2018\nSegment net revenues | $ | 5,969 | $ | 7,262", app.VerdictClosest},
			{"Years Ended December 31, | 2019 | 2018\nBlizzard segment net revenues | $ | 1,719 | $ | 2,238", app.VerdictAnswered},
		})
}

// TestCountIsNoMoney: "How many commercial airplanes …" is not answered
// by a row of dollars that the airplanes' segment names.
func TestCountIsNoMoney(t *testing.T) {
	checkTables(t, "How many commercial airplanes did Acme deliver in 2018?", "Acme 10-K 2018", []tableCase{
		{"Years ended December 31, | 2018 | 2017\nCommercial Airplanes | $565 | $521", app.VerdictClosest},
		{"Years ended December 31, | 2018 | 2017\nCommercial airplanes delivered | 806 | 763", app.VerdictAnswered},
	})
}

// tableCase is a table a question is asked over and the verdict it must
// get.
type tableCase struct {
	table string
	want  app.Verdict
}

// checkTables asks q over each case's table, in a document titled title.
func checkTables(t *testing.T, q, title string, cases []tableCase) {
	t.Helper()
	for _, c := range cases {
		ans, err := titledTable(q, title, c.table)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("%q over %q: verdict %q, want %q: %s", q, c.table, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestLengthOfTimeIsNoAmount: "If any dividend is unclaimed for 11
// calendar months …" states a rule of the dividends, not the dividends
// paid.
func TestLengthOfTimeIsNoAmount(t *testing.T) {
	checkVerdictsIn(t, "Acme plc 10-K 2023", []verdictCase{
		{"How much did Acme pay in dividends in fiscal 2023?", "If any dividend is unclaimed for 11 calendar months after issuance, our board may stop payment on the dividend.", app.VerdictClosest},
		{"How much did Acme pay in dividends in fiscal 2023?", "Acme paid dividends of $723 million in fiscal 2023.", app.VerdictAnswered},
		{"What is the average duration of Acme's accounts receivable?", "The average duration of the accounts receivable is 25 days.", app.VerdictAnswered},
		{"How long can a dividend be unclaimed?", "If any dividend is unclaimed for 11 calendar months after issuance, our board may stop payment on the dividend.", app.VerdictAnswered},
	})
}

// TestChangeOfWhatIsAsked: a sentence that writes what the question asks
// of only inside the changes it states — "an increase in cash dividends
// paid of $397 million", "a $8.2 billion increase in additions to property
// and equipment" — says how the figure moved, whatever other figures it
// gives.
func TestChangeOfWhatIsAsked(t *testing.T) {
	checkVerdictsIn(t, "Acme Inc. 10-K 2021", []verdictCase{
		{"How much did Acme pay out in cash dividends in 2021?", "The change was driven mostly by $14.0 billion net payments of short-term borrowings in 2021 and an increase in cash dividends paid of $397 million.", app.VerdictClosest},
		{"How much did Acme spend on additions to property and equipment in fiscal 2021?", "Cash used in investing decreased $7.6 billion to $22.7 billion for fiscal year 2021, offset in part by a $8.2 billion increase in additions to property and equipment.", app.VerdictClosest},
		{"How much did Acme pay out in cash dividends in 2021?", "Acme paid cash dividends of $8,729 million in 2021.", app.VerdictAnswered},
	})
}

// TestIntroNarrowsTheRows: rows that name parts ("Digital Media") under
// "Subscription revenue by reportable segment … is as follows" give each
// part's subscription revenue, not its revenue.
func TestIntroNarrowsTheRows(t *testing.T) {
	table := "2017 | 2016 | 2015\nDigital Media | $ | 4,480.8 | $ | 3,370.8 | $ | 2,264.7\nDigital Marketing | 1,149.9 | 1,022.0 | 871.0"
	for _, c := range []struct {
		intro string
		want  app.Verdict
	}{
		{"Subscription\nrevenue by reportable segment for fiscal 2017, 2016 and 2015 is as follows (dollars in millions):", app.VerdictClosest},
		{"The following table summarizes revenue by reportable segment for fiscal 2017, 2016 and 2015 (dollars in millions):", app.VerdictAnswered},
		{"Components of revenue by reportable segment for fiscal 2017, 2016 and 2015 were as follows (dollars in millions):", app.VerdictAnswered},
		{"Revenue by reportable segment for fiscal 2017, 2016 and 2015 is as follows (dollars in millions):", app.VerdictAnswered},
	} {
		ans, err := underIntroAsked("How much revenue did Acme's Digital Media segment bring in during fiscal 2017?", c.intro, table)
		if err != nil || ans.Verdict != c.want {
			t.Errorf("under %q: verdict %q, want %q: %s", c.intro, ans.Verdict, c.want, ans.Answer)
		}
	}
}

// TestFigureOfAnotherThing: a share of total assets is no amount of them
// ("Item 9A" measures nothing), capital expenditures "for pollution
// control" are a part of them, and "branches in 38 states" counts states.
func TestFigureOfAnotherThing(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"What total assets did Acme report as of December 1, 2017?", []string{"As discussed in Management’s Annual Report on Internal Control over Financial Reporting appearing under Item 9A, management excluded from its assessment the internal control over financial reporting of Zeta, associated with consolidated total assets of approximately 1.8% and consolidated total revenues of approximately 2.5%, as of December 1, 2017."}, "only percentages"},
		{"What total assets did Acme report as of December 1, 2017?", []string{"Acme's total assets were $14,535.6 million as of December 1, 2017."}, ""},
		{"acme capital expenditures 2021", []string{"To maintain compliance with such regulations, capital expenditures for pollution control in operations were approximately $18.4 million in 2021 and are estimated to be $23.3 million in 2022."}, "narrower measure (pollution)"},
		{"acme capital expenditures 2021", []string{"Capital expenditures for 2021 were $1,637 million, mostly for new plants."}, ""},
		{"How many branches did Acme have at the end of March 2021?", []string{"Acme Bank is a national banking association with U.S. branches in 38 states and Washington, D.C. as of March 31, 2021."}, "counts other things (38 states)"},
		{"How many branches did Acme have at the end of March 2021?", []string{"Acme Bank had 4,872 branches in 38 states as of March 31, 2021."}, ""},
		{"How many people does Acme employ?", []string{"Acme employs approximately 2.2 million associates worldwide."}, ""},
	})
}

// TestEarnedPerShare: "What did Acme earn per diluted share?" asks diluted
// earnings per share, which "Diluted earnings per share | 3.49" states
// and a count of awards excluded from its calculation does not.
func TestEarnedPerShare(t *testing.T) {
	q := "What did Acme earn per diluted share in 2022, per its 10-K?"
	checkReasons(t, []reasonCase{
		{q, []string{"Antidilutive stock-based awards excluded from the calculation of diluted earnings per share 603 198 9,493"}, "per-share amount"},
		{q, []string{"T:Year Ended December 31, | 2022 | 2021\nDiluted earnings per share | $ | 3.49 | $ | 2.41"}, ""},
		{"How much did Acme earn per diluted share in 2022?", []string{"T:Year Ended December 31, | 2022 | 2021\nDiluted earnings per common share | $ | 3.49 | $ | 2.41"}, ""},
		// "earn" alone asks the earnings: retained earnings are a balance.
		{"What did Acme earn in 2019?", []string{"T:December 31, | 2019 | 2018\nRetained earnings | 7,813 | 6,593"}, "narrower measure (retained)"},
	})
}

// TestChangesAfterTheBalance: a statement of changes in equity sets "Net
// income" once a year, after the balance that opens the year; its header
// names no year. The row after "Balance at December 31, 2016" is 2017's,
// not the 2019 asked; the one after the 2018 balance is 2019's.
func TestChangesAfterTheBalance(t *testing.T) {
	q := "How much did Acme earn in net income in 2019?"
	heading := "Consolidated Statements of Changes in Shareholders' Equity For the Years Ended December 31, 2019, 2018, and 2017"
	header := "Common Stock | Retained Earnings | Total Equity\n"
	checkReasons(t, []reasonCase{
		{q, []string{heading, "T:" + header + "Balance at December 31, 2016 | 100 | 900 | 1,000\nNet income | — | 273 | 273"}, "changes of 2017"},
		{q, []string{heading, "T:" + header + "Balance at December 31, 2018 | 100 | 1,173 | 1,273\nNet income | — | 1,503 | 1,503"}, ""},
	})
}

// TestNumbersOfItemsAndPages: "What did Acme earn in 2018?" asks an amount of
// money; a sentence whose only numbers are an item's and a page's ("2",
// "F-56") states none, and one that writes "$1,848 million" does.
func TestNumbersOfItemsAndPages(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"What did Acme earn in 2018? I'm reading its 2019 annual report.", []string{"2 Financial Statement Schedule The following financial statement schedule of Acme for the years ended December 31, 2019, 2018, and 2017 is filed as part of this report on page F-56 and should be read in conjunction with the consolidated financial statements of Acme:"}, "numbers name items and pages"},
		{"What did Acme earn in 2018?", []string{"Acme earned net income of $1,848 million in 2018."}, ""},
	})
}

// TestItemsAskedByName: "acme reportable segments" asks what the
// segments are called; a sentence about "each of our reportable segments"
// names none of them, and one that lists them does.
func TestItemsAskedByName(t *testing.T) {
	q := "acme reportable segments"
	checkReasons(t, []reasonCase{
		{q, []string{"Due to requirements from our adoption of a new revenue accounting standard in 2018, net revenues by distribution channel for the years ended December 31, 2019 and 2018, include a reconciliation to our segment revenues as disclosed for each of our reportable segments above."}, "names none"},
		{q, []string{"Currently, we have three reportable segments—Zeta, Blizzard, and King."}, ""},
	})
}

// TestOpeningBalance: a cash flow statement states cash at each year's
// beginning and at its end; the year's cash is the balance at its end,
// unless the question asks for the beginning, which a balance sheet's
// column of the year does not state.
func TestOpeningBalance(t *testing.T) {
	table := "T:(in thousands) | 2015 | 2014 | 2013\nCash and cash equivalents at beginning of year | 1,117,400 | 834,556 | 1,425,052\n"
	checkReasons(t, []reasonCase{
		{"How much cash and cash equivalents did Acme have when fiscal 2015 ended?", []string{table}, "at the period's beginning"},
		{"How much cash and cash equivalents did Acme have when fiscal 2015 ended?", []string{"T:(in thousands) | 2015 | 2014 | 2013\nCash and cash equivalents at end of year | 876,560 | 1,117,400 | 834,556"}, ""},
		{"How much cash and cash equivalents did Acme have at the beginning of fiscal 2015?", []string{table}, ""},
		// A balance sheet's column states its period's end.
		{"How much cash and cash equivalents did Acme have at the beginning of fiscal 2015?", []string{"T:(in millions) | 2015 | 2014\nCash and cash equivalents | $ | 876.6 | $ | 1,117.4"}, "states it at the period's end"},
		{"How much cash and cash equivalents did Acme have when fiscal 2015 began?", []string{"T:(in millions) | 2015 | 2014\nCash and cash equivalents | $ | 876.6 | $ | 1,117.4"}, "states it at the period's end"},
	})
}

// TestShareOfTheCompany: a table that states its revenues as a share of
// the company's is a segment's, whatever heading the page's layout lost;
// its research and development is the segment's, not the company's.
func TestShareOfTheCompany(t *testing.T) {
	rows := "Revenues | $25,867 | $19,493 | $16,162\n% of total company revenues | 39 % | 31 % | 28 %\nResearch and development | $1,510 | $1,140 | $1,385"
	q := "How much did Acme put into research and development in 2021? I'm looking at its 2022 annual report."
	checkReasons(t, []reasonCase{
		{q, []string{"T:Years ended December 31, | 2022 | 2021 | 2020\n" + rows}, "shows it states a part's figures"},
		{q, []string{"T:Years ended December 31, | 2022 | 2021 | 2020\nResearch and development | $2,852 | $2,249 | $2,476"}, ""},
		// The items no segment is given, in a table of their own.
		{q, []string{"T:Years ended December 31, | 2022 | 2021 | 2020\nShare-based plans | ($114) | ($174) | ($120)\n" +
			"Research and development expense, net | (278) | (184) | (240)\nUnallocated items, eliminations and other | ($1,532) | ($1,267) | ($2,355)"}, "“Unallocated items, eliminations and other” shows"},
		// The same row set among the segments, in a table that goes on
		// to the company's net loss, sums nothing above it.
		{"How much did Acme lose in 2022 (net loss)?", []string{"T:Years ended December 31, | 2022 | 2021 | 2020\nCommercial Airplanes | ($2,370) | ($6,475) | ($13,847)\n" +
			"Unallocated items, eliminations and other | ($1,532) | ($1,267) | ($2,355)\nLoss from operations | (3,547) | (2,902) | (12,767)\nNet loss | (5,053) | (4,290) | (11,941)"}, ""},
	})
}

// TestStatementLineNamed: "What inventories did Acme report …?" names a
// statement's line as the figure it asks; the auditor's sentence naming
// the balance sheets and the date, and no inventories, does not answer.
func TestStatementLineNamed(t *testing.T) {
	q := "What inventories did Acme report on its balance sheet at May 31, 2023?"
	checkReasons(t, []reasonCase{
		{q, []string{"We have audited the accompanying consolidated balance sheets of Acme, Inc. and its subsidiaries (the “Company”) as of May 31, 2023 and 2022, and the related consolidated statements of income and of cash flows for each of the three years in the period ended May 31, 2023, including the related notes and financial statement schedule listed in the index appearing under Item 15(a)(2)."}, "measure asked (inventory)"},
		{q, []string{"Inventories on Acme's balance sheet were $8,454 million at May 31, 2023."}, ""},
	})
}

// TestSegmentsSumForOne: a question naming one segment is not answered by
// the row that adds the segments up.
func TestSegmentsSumForOne(t *testing.T) {
	table := "T:Three Months Ended June 30, | 2023 | 2022\nNet revenue\nReportable segment net revenues | 3,813,705 | 3,239,857\nCorporate and other | 128,502 | 25,031"
	checkReasons(t, []reasonCase{
		{"What net revenues did Acme's Las Vegas Strip Resorts segment report for the three months ended June 30, 2023?", []string{table}, "sums the segments"},
		{"What were Acme's reportable segment net revenues for the three months ended June 30, 2023?", []string{table}, ""},
	})
}

// TestMeasureOfASegmentsTable: "What backlog did the segment carry …?"
// asks a backlog; a row under a table of capital expenditures by segment
// names the segment and not the backlog.
func TestMeasureOfASegmentsTable(t *testing.T) {
	checkUnderSections(t, "What backlog did Acme's Commercial Airplanes segment carry at December 31, 2022?", "Acme 10-K 2022",
		"Years ended December 31, | 2022 | 2021 | 2020\nCommercial Airplanes | $218 | $177 | $322", []sectionCase{
			{"Part II › Capital Expenditures", "(backlog)"},
			{"Part II › Backlog", ""},
		})
}

// TestHeadingLeavesOut: a heading that leaves something out ("Consumer,
// excluding credit card loan portfolio") heads a part's figures: its
// total loans are not the company's.
func TestHeadingLeavesOut(t *testing.T) {
	checkUnderSections(t, "acme total loans march 31 2021", "Acme 10-Q March 2021",
		"(in millions) | March 31, 2021 | December 31, 2020\nTotal loans | $ | 302,392 $ | 302,127", []sectionCase{
			{"Notes to Consolidated Financial Statements › Note 11 - Loans › Consumer, excluding credit card loan portfolio", "a part's figures"},
			{"Notes to Consolidated Financial Statements › Note 11 - Loans", ""},
		})
}

// sectionCase is a section path a table is read under and the reason its
// closest reply must give, "" when it must be answered.
type sectionCase struct {
	section, why string
}

// checkUnderSections asks q of one table in a document titled title, read
// under each case's section, and checks its verdict and reason.
func checkUnderSections(t *testing.T, q, title, table string, cases []sectionCase) {
	t.Helper()
	for _, c := range cases {
		ev := tableEvidence(q, table)
		ev.Sources[0].Title = title
		ev.Sections["s"] = c.section
		ev.Sources[0].Windows[0].Section = c.section
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil || c.why == "" && ans.Verdict != app.VerdictAnswered || c.why != "" && (ans.Verdict != app.VerdictClosest || !strings.Contains(ans.Answer, c.why)) {
			t.Errorf("%q under %q: verdict %q, want %q: %s", q, c.section, ans.Verdict, c.why, ans.Answer)
		}
	}
}

// TestFrameVerbsNameTheMeasure: "What did Acme's segment sell …?" asks
// its sales, which a row of a capital expenditures table by segment does
// not state; "What did Acme have in cash …?" names the cash as "owe in"
// names the debt; "What did Acme spend on dividends …?" asks an amount,
// which a sentence about the dividend that states none does not give.
func TestFrameVerbsNameTheMeasure(t *testing.T) {
	sell := "What did Acme's defense arm, Defense, Space & Security, sell in 2022?"
	checkUnderSections(t, sell, "Acme 10-K 2022", "Years ended December 31, | 2022 | 2021 | 2020\nDefense, Space & Security | 202 | 199 | 172", []sectionCase{
		{"Part II › Capital Expenditures", "(sales)"},
	})
	checkUnderSections(t, sell, "Acme 10-K 2022", "Years ended December 31, | 2022 | 2021 | 2020\nDefense, Space & Security | 23,162 | 26,540 | 26,257", []sectionCase{
		{"Part II › Revenues", ""},
	})
	cash := "What did Acme have in cash and cash equivalents when its fiscal year closed on January 1, 2023?"
	dividends := "What did Acme spend on dividends to its shareholders in 2022?"
	checkReasons(t, []reasonCase{
		{cash, []string{"(3) As of January 1, 2023, the maximum number of shares that may yet be purchased under the plan is 13,876,567 based on the closing price of Acme Common Stock on December 30, 2022 of $176.65 per share."}, "(cash"},
		{cash, []string{"T:(Dollars in Millions) | January 1, 2023 | January 2, 2022\nCash and cash equivalents | $ 14,127 | $ 14,487"}, ""},
		{dividends, []string{"In addition, we have used our cash flows to maintain and grow our dividend payout to shareholders in 2022."}, "no value of the kind asked"},
		{dividends, []string{"T:Years Ended December 31, | 2022 | 2021\nDividends paid | (10,805) | (10,445)"}, ""},
	})
}

// TestTotalNotPerShare: "How much did Acme pay out in cash dividends?"
// asks the total paid in the year; a quarterly dividend declared at a
// rate a share does not give it.
func TestTotalNotPerShare(t *testing.T) {
	q := "In 2022, how much did Acme pay out to its shareholders in cash dividends?"
	checkReasons(t, []reasonCase{
		{q, []string{"In 2022, Acme paid its shareholders cash dividends of $2.62 per share."}, "only an amount per share"},
		{q, []string{"On December 7, 2022, the Company’s Board of Directors declared a quarterly cash dividend payment of $0.6550 per share payable on March 1, 2023, to shareholders of record as of February 7, 2023."}, "narrower measure (quarterly)"},
		{q, []string{"In 2022, Acme paid cash dividends of $467 million to its shareholders, or $2.62 per share."}, ""},
		{"What were Acme's cash dividends per share in 2022?", []string{"Acme's cash dividends per share were $2.62 in 2022."}, ""},
	})
}

// TestAgeAsked: a person's age is stated as one; a director's row of
// votes states none.
func TestAgeAsked(t *testing.T) {
	votes := "T:Name | Votes For | Votes Against | Abstentions | Broker Non-Votes\nJane C. Roe | 59,657,810 | 294,935 | 10,714,238 | 6,884,223"
	checkReasons(t, []reasonCase{
		{"jane c. roe age (acme 8-k may 20 2022)", []string{votes}, "asks an age"},
		{"How old is Jane C. Roe?", []string{votes}, "asks an age"},
		{"How old is Jane C. Roe?", []string{"T:Name | Age | Position\nJane C. Roe | 59 | Chief Executive Officer"}, ""},
		{"How old was Jane when she moved to Warsaw?", []string{"Jane moved to Warsaw with her family when she was seven months old."}, ""},
	})
}

// TestNamesTypedSmall: a search typed in small letters ("acme widgetco net
// sales") that names the issuer its report's title names names a part of
// it by a word the report writes only as a name ("Widgetco"); the
// company's own net sales row, which names no part, does not answer it,
// and a row headed by the part does.
func TestNamesTypedSmall(t *testing.T) {
	q := "acme widgetco net sales fiscal 2020"
	title, about := "TITLE:ACME INC. 10-K 2020", "Our Widgetco segment operates membership warehouse clubs."
	checkReasons(t, []reasonCase{
		{q, []string{title, about, "T:(Amounts in millions) | 2020 | 2019\nNet sales | $ | 519,926 | $ | 510,329"}, "does not name widgetco"},
		{q, []string{title, about, "T:Widgetco segment (Amounts in millions) | 2020 | 2019\nNet sales | $ | 58,792 | $ | 57,839"}, ""},
		// Written in small letters too, the word is no name.
		{"acme warehouse net sales fiscal 2020", []string{title, "Our Warehouse segment runs each warehouse we own.", "T:(Amounts in millions) | 2020 | 2019\nNet sales | $ | 519,926 | $ | 510,329"}, ""},
		// A question that names no issuer as the title writes it may
		// name the maker of a manual whose title names none.
		{"widgetco refrigerator door gap setting", []string{"TITLE:Refrigerator Use and Care Guide", "Damage caused by the use of products not approved by Widgetco is not covered.", "Set the refrigerator door gap at 17.5 mm."}, ""},
	})
}

// TestRowWithDotLeader: a label's dot leader ends no row: "… at end of
// year ........ $ | 876,560" is one row, read under its label. Shown as
// one of the closest passages when the opening row above it leads and is
// refused (meetingNear).
func TestRowWithDotLeader(t *testing.T) {
	q := "How much cash and cash equivalents did Acme have when fiscal 2015 ended?"
	table := "T:(in thousands) | 2015 | 2014 | 2013\n" +
		"Cash and cash equivalents at beginning of year............................................ | 1,117,400 | 834,556 | 1,425,052\n" +
		"Cash and cash equivalents at end of year ......................................... $ | 876,560 | $ | 1,117,400 | $ | 834,556"
	ans := statement(t, q, table)
	if !strings.Contains(ans.Answer, "Cash and cash equivalents at end of year, 2015: $876,560 thousand") {
		t.Errorf("%q: the year's closing row not read under its label: %s", q, ans.Answer)
	}
}

// TestBareTotalRow: a bare "Total" row totals its table's measure, which
// its header names ("Widgetco net sales by merchandise category"); it is
// no answer to a part asked by rank ("during the second month").
func TestBareTotalRow(t *testing.T) {
	checkReasons(t, []reasonCase{
		{"acme widgetco net sales fiscal 2020", []string{"TITLE:ACME INC. 10-K 2020", "T:Widgetco net sales by merchandise category | 2020 | 2019\nGrocery and consumables | $ | 35,328 | $ | 33,708\nFuel, tobacco and other categories | 11,296 | 12,110\nHome and apparel | 5,478 | 5,452\nTotal | $ | 58,792 | $ | 57,839"}, ""},
		{"What was the number of shares purchased as part of the publicly announced program during the second month?", []string{"The following table provides information with respect to the shares of common stock repurchased by us during the three months ended April 26, 2019:",
			"T:Period | Total Number of Shares Purchased | Average Price Paid per Share | Total Number of Shares Purchased as Part of Publicly Announced Program\n" +
				"January 27 - February 23, 2019 | 2,000 | $68.10 | 2,000\nFebruary 24 - March 23, 2019 | 3,100 | $69.20 | 3,100\nMarch 24 - April 26, 2019 | 2,150 | $69.35 | 2,150\nTotal | 7,250 | $68.97 | 7,250"}, "names another measure"},
	})
}

// TestSpentOverThePeriod: "pour into" asks what was spent over the year;
// a column named by a day states a balance held on it, and the cash flow
// statement's row states what was spent.
func TestSpentOverThePeriod(t *testing.T) {
	q := "How much did Acme pour into property, plant and equipment in fiscal 2023?"
	checkReasons(t, []reasonCase{
		{q, []string{"T:($ in millions) | June 30, 2023 | June 30, 2022\nPlant and equipment | 6,084 | 5,797"}, "balances held at a date"},
	})
	// Columns named by a period state what moved over it.
	flow := statement(t, q, "T:($ in millions) | Year Ended June 30, 2023 | Year Ended June 30, 2022\nPurchase of property, plant and equipment | (526) | (477)")
	if strings.Contains(flow.Answer, "balances held at a date") {
		t.Errorf("%q: a year's column read as a day's balance: %s", q, flow.Answer)
	}
}

// TestCashFlowStatementNamed: a question that names the cash flow
// statement as its source is not answered by another table's row.
func TestCashFlowStatementNamed(t *testing.T) {
	q := "How much did Acme hand out in share-based compensation in 2020, going by its cash flow statement?"
	checkUnderSections(t, q, "ACME INC. 10-K 2020", "Year Ended December 31, | 2020 | 2019 | 2018\nShare-based compensation | 397,800 | 297,863 | 216,881", []sectionCase{
		{"Part II › Item 8 › Consolidated Statements of Cash Flows", ""},
		{"Part II › Note 15 › Income Taxes", "its cash flow statement states"},
	})
}

// TestReportedMeasureAsksAFigure: "What total equity did Acme report on
// its balance sheet …?" asks a figure; the auditor's sentence naming the
// balance sheets states none; the row does.
func TestReportedMeasureAsksAFigure(t *testing.T) {
	q := "What total equity did Acme report on its balance sheet at December 31, 2021?"
	checkReasons(t, []reasonCase{
		{q, []string{"We have audited the accompanying consolidated balance sheets of Acme and its subsidiaries as of December 31, 2021 and 2020, and the related consolidated statements of income, changes in shareholders' equity and cash flows for each of the three years in the period ended December 31, 2021."}, "states none"},
		{q, []string{"T:December 31, | 2021 | 2020\nTotal equity | 12,545 | 11,033"}, ""},
	})
}
