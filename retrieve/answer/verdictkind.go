package answer

import (
	"maps"
	"regexp"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// The verdict's first test (verdict.go): does the lead hold a value of the
// kind asked, read as documents write such values — a table row under its
// label and header, a place as an address or a seat, a part of a company
// (a segment, a subsidiary) that the question does not name?

// rowMisread returns why a table row is not what the question asks, read
// as reports set their tables, or "". A roll-forward table sets balances
// ("Nonvested at January 1, 2017") between the rows of what moved them
// ("Granted", "Vested"): a balance is not the movement asked. "What types
// of accounts receivable are there?" is answered by the rows a total adds
// up, not by the total.
func rowMisread(q, text string) string {
	label := rowLabel(text)
	switch {
	case movementAskedRE.MatchString(q) && balanceRowRE.MatchString(label) && !movementAskedRE.MatchString(unvestedRE.ReplaceAllString(label, "")):
		return "the question asks what moved a balance and the row is the balance"
	case kindsAskedRE.MatchString(q) && totalRowRE.MatchString(text):
		return "the question asks for kinds and the row is their total"
	case openingRowRE.MatchString(label) && !openingAskedRE.MatchString(q):
		// A cash flow statement and a roll-forward state a balance twice
		// a column: at the period's beginning (the period before's end)
		// and at its end. A period's balance is the one at its end.
		return "the row states the balance at the period's beginning, not at its end"
	case beginningAskedRE.MatchString(q) && !openingRowRE.MatchString(label) && !datedLabelRE.MatchString(label):
		// A balance sheet's column states a balance at its period's end:
		// "Cash and cash equivalents | 876.6" under 2015 is what was held
		// when fiscal 2015 ended, not when it began (fiscal 2014's end).
		return "the question asks the balance at the period's beginning, and the row states it at the period's end"
	}
	return ""
}

// monthWord is a month's name as expressions read it, whole or cut
// short: "December", "Dec.", "Sept".
const monthWord = `(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`

// beginningAskedRE finds a question asking a balance at a period's
// beginning ("at the beginning of fiscal 2015", "when 2021 began");
// datedLabelRE a row label that dates its balance itself ("Balance at
// January 1, 2019", "Balance, December 31, 2018").
var (
	beginningAskedRE = regexp.MustCompile(`(?i)\b(beginning|start|outset)\s+of\s+(the\s+|its\s+)?(fiscal\s+)?(year|period|quarter|half|fiscal|\d{4})\b|\bopening\s+balances?\b|\b(began|started)\s*\??\s*$`)
	datedLabelRE     = regexp.MustCompile(`(?i)\b` + monthWord + `\s+\d{1,2}\b|\b(19|20)\d{2}\b`)
)

// movementAskedRE finds the words by which a question asks what moved a
// balance; balanceRowRE a row label that states a balance at a point in
// time.
var (
	movementAskedRE = regexp.MustCompile(`(?i)\b(granted|vested|forfeited|exercised|cancell?ed|issued|repurchased|expired|released|settled|purchased|converted|additions|disposals)\b`)
	unvestedRE      = regexp.MustCompile(`(?i)\b(non-?|un)vested\b`) // a balance's name, not a movement
	balanceRowRE    = regexp.MustCompile(`(?i)^\s*(balances?|outstanding|non-?vested|unvested|beginning|ending|opening|closing)\b|\b(at|as of)\s+(the\s+)?(beginning|end|start|close|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.?\s+\d{1,2}|\d{1,2}\s+\w+\s+\d{4}|\d{4})`)
)

// openingRowRE finds a row label that states a balance at a period's
// beginning ("Cash and cash equivalents at beginning of year", "Balance,
// beginning of period", "Opening balance"); openingAskedRE a question
// that asks for it.
var (
	openingRowRE   = regexp.MustCompile(`(?i)\b(beginning|start)\s+of\s+(the\s+)?(fiscal\s+)?(year|period|quarter)\b|\b(beginning|opening)\s+balances?\b`)
	openingAskedRE = regexp.MustCompile(`(?i)\b(begin\w*|start\w*|open\w*)\b`)
)

// rowLabel returns the label of a table row's text: its first cell.
func rowLabel(text string) string {
	label, _, _ := strings.Cut(text, "|")
	return label
}

// kindsAskedRE finds a question asking for the kinds or parts of a thing;
// totalRowRE a table row whose label is a total.
var (
	kindsAskedRE = regexp.MustCompile(`(?i)\b(types|kinds|components|categories|classes|elements|constituents)\s+of\b|\b(component|item|segment|category|element)\s+(that|which)\b`)
	totalRowRE   = regexp.MustCompile(`(?i)^\s*total\b`)
)

// placeKindAskedRE finds a question that names the kind of place it asks
// for ("Which country …"): its answer is that place's name, wherever the
// sentence puts it, where a bare "Where …" is answered by a place the
// sentence sets with "in", "at" or "near". (Not "which state" or "which
// city": a filing asked where it is incorporated or based names many
// capitalised things that are no place — "Corporate Governance at
// Portmere" — so those keep the place cues.)
var placeKindAskedRE = regexp.MustCompile(`(?i)\b(which|what)\s+(country|countries|region|regions|nation|nations|continent|island)\b`)

// baseYearRE finds a year set as the base a change is measured from:
// "… for fiscal 2019 as compared to fiscal 2018", "versus 2018".
var baseYearRE = regexp.MustCompile(`(?i)\b(?:compared\s+(?:to|with)|versus|vs\.?)\s+(?:the\s+)?(?:fiscal\s+)?(?:year\s+)?((?:19|20)\d\d)\b`)

// baseYearOnly reports whether change, the sentence stating a change,
// names the one year the question asks only as the base the change is
// measured from, beside a later year: "increased $224 million for fiscal
// 2019 as compared to fiscal 2018" is 2019's increase, not 2018's.
func baseYearOnly(sh shape, change string) bool {
	if len(sh.years) != 1 {
		return false
	}
	y := ""
	for k := range sh.years {
		y = k
	}
	years, asked, base := 0, 0, 0
	for _, n := range numbers(change) {
		if n.year && len(n.text) == 4 {
			years++
			if n.text == y {
				asked++
			}
		}
	}
	for _, m := range baseYearRE.FindAllStringSubmatch(change, -1) {
		if m[1] == y {
			base++
		}
	}
	return asked > 0 && asked == base && years > asked
}

// holdsKindAsked reports whether the quote holds a value of the kind the
// question asks, and if not, why.
func holdsKindAsked(ev *app.Evidence, sh shape, c *candidate, text string, row bool) (bool, string) {
	q := ev.Question.Text
	who := sh.Type == lang.WhoType && roleTitleRE.MatchString(q) // "Who is the CEO …" asks for a name; "Who keeps …" may be answered by a role
	if !holdsValueOfType(q, sh, c, text, who) {
		if other := countOfOther(text, sh); other != "" {
			return false, "the passage counts other things (" + other + "), not the ones asked"
		}
		return false, "the passage holds no value of the kind asked"
	}
	under := c.label
	if row && !comparesRE.MatchString(q) {
		// "Which years does the table show?" is answered by its header;
		// "Which year was it highest?" is not: the header holds every
		// year, the row does not say which is highest.
		under += "\n" + strings.Join(tableHeader(ev, c.window, c.start), "\n")
	}
	if ok, why := statesKindAsked(q, sh, text, under, c.changeOf); !ok {
		return false, why
	}
	other := measureMisread(q, sh, c, text, under, row)
	if other == "" {
		other = partMisread(ev, q, sh, c, text, row)
	}
	switch kind := figureOfOtherKind(q, sh, text, row); {
	case kind != "":
		return false, kind
	case (sh.Type == lang.WhoType || sh.Type == lang.WhichType) && firmAskedRE.MatchString(q) && !namesFirm(text, firmNamed(q, sh)):
		// "Who audits …" is answered by the firm's name; a sentence about
		// the audit names none. (So is "Which bank is trustee …": the
		// company's own names are not the firm asked.)
		return false, "no firm is named"
	case symbolAskedRE.MatchString(q) && !givesSymbol(text+"\n"+c.label, sh.named):
		return false, "no trading symbol is given"
	case exchangeAskedRE.MatchString(q) && !namesExchange(text+"\n"+c.label):
		return false, "no exchange is named"
	case jurisdictionAskedRE.MatchString(q) && !namesJurisdiction(text, under, sh.named):
		return false, "no state or country of incorporation is named"
	case sh.Particular && sh.Type == lang.WhereType && !jurisdictionAskedRE.MatchString(q) && jurisdictionOnlyCaption(c.label):
		// A cover's entry is the particular its caption names: "Delaware"
		// over "State or other jurisdiction of incorporation" is not where
		// the company is based.
		return false, "the entry is the state of incorporation, not the place asked"
	case other != "":
		return false, other
	case who && !firmAskedRE.MatchString(q) && !nameBesideAsked(text, sh.named) && !orgNameRE.MatchString(text) && !nameThenTitle(text, q):
		// "Who is the CEO …" is answered where a name stands beside the
		// role asked, or by a firm's name: any other name in the sentence
		// is someone else's.
		return false, "no name stands beside the role asked"
	case who && !firmAskedRE.MatchString(q) && !holdsTitleAsked(q, text, sh.named):
		return false, "the passage does not give the title asked as held by the one asked about"
	case sh.Type == lang.CountType && !wholeNumberRE.MatchString(text+" "+c.label) && !numberWordRE.MatchString(text):
		return false, "the question asks a count and the passage states no whole number"
	case row && rowNamesOther(q, sh, c, text):
		return false, "the row's label names another measure"
	case ageAskedRE.MatchString(q) && !ageStatedRE.MatchString(text+"\n"+under):
		// "How old is Jane Roe?", "jane roe age": a person's age is
		// stated as one ("age 59", "Age" over a column, "59 years old");
		// her row of votes states none.
		return false, "the question asks an age and the passage states none"
	case durationMissing(q, text+"\n"+c.label):
		return false, "the question asks how long and the passage states no length of time"
	case !deniesAsAsked(q, text+"\n"+c.label+"\n"+strings.Join(tableHeader(ev, c.window, c.start), "\n")):
		return false, "the question asks what is not so and the passage does not deny it"
	}
	if why := figureStatedAs(q, sh, text, row); why != "" {
		return false, why
	}
	if sh.Figure && !row && !sh.When && !sh.Time && (sh.Type == lang.AmountType || asksMoneyMeasure(q, sh)) &&
		len(derivation(q, sh)) == 0 && c.src != nil && askedOnlyChanged(q, c.src.Title, text) {
		return false, "the passage states how the figure asked changed, not the figure"
	}
	if why := rowMisread(q, text); row && why != "" {
		return false, why
	}
	if why := tableOfOther(ev, sh, c, q, text); row && why != "" {
		return false, why
	}
	if why := saysOtherwise(q, sh, text, c.label); why != "" {
		return false, why
	}
	if why := formMisread(ev, q, sh, c, text, row); why != "" {
		return false, why
	}
	seat := "" // why a sentence does not seat the company asked about
	if (sh.Type == lang.WhereType || sh.Type == lang.WhichType) && !row && headquartersRE.MatchString(q) {
		seat = seatMissed(c, text)
	}
	switch {
	case splitsName(text, nameRuns(q)):
		return false, "the passage holds the words of a name the question gives, but not as that name"
	case !row && !hasAmount(text, true) && repeatsOnly(text, sh):
		// "Continuing Operations" under "What are the components of
		// Continuing Operations?" — a heading that names what is asked
		// tells nothing of it.
		return false, "the passage only repeats the question's words"
	case sh.Figure && !row && len(sh.years) > 0 && onlyOtherPeriods(text, sh.years):
		// "… decreased $259 million due to the sale of HOS, which had
		// operating revenues of $293 million in 2021" gives 2021's
		// figure (and a part's) to a question about 2022.
		return false, "the passage states the figure for another period"
	case !row && otherMonthOnly(q, text):
		// "In April 2019, we granted 346,453 PSUs" does not say how many
		// were granted in December 2019.
		return false, "the passage states another month than the one asked"
	case seat != "":
		return false, seat

	case row && asksWhichExtreme(q, sh):
		// "Which component contributed the most?" compares the rows; one
		// row's figures do not say which is largest.
		return false, "the question asks which item is largest or smallest, and one row does not say"
	case row && sh.Type == lang.PercentType && !cellIsPercent(ev, sh, c, text):
		// "Total revenues | 6,316 | 6,215 | 101 | 1.6%": the row holds a
		// percentage, the cell the question's column names does not.
		return false, "the question asks a percentage and the cell asked is not one"
	case row && sh.Statement:
		return false, "the question asks a statement and the passage is a table row"
	case row && sh.total && !labelSays(text, "total") && !totalOfTable(ev, sh, c, text):
		// "What is the total X" is the total row's, not one of the rows
		// it adds up.
		return false, "the question asks a total and the row is not one"
	}
	return true, ""
}

// holdsValueOfType reports whether text (with its label) holds a value of
// the type question q asks — a name for "who" when a role is asked, a
// place for "where", a whole number for "how many" — or asks none that a
// quote must hold in its own words.
func holdsValueOfType(q string, sh shape, c *candidate, text string, who bool) bool {
	if sh.Type == lang.AnyType && asksLineFigure(sh) && !strings.HasSuffix(strings.TrimSpace(text), ":") {
		// "What did Acme spend on dividends?" asks a statement line's
		// figure: a sentence about the dividends that states none, as
		// a number or as nothing ("was not material"), does not answer
		// it. (A sentence that announces what follows it is read with
		// what it announces.)
		return hasAmount(text+"\n"+c.label, false) || numberWordRE.MatchString(text) || statesNone(text)
	}
	if sh.Type == lang.AnyType || sh.Type == lang.WhichType || sh.Type == lang.WhoType && !who || typeFitOf(sh.Type, sh.Counted, text, c.label, sh.named) > 0 {
		return true
	}
	return sh.Type == lang.WhereType && lowerPlace(text) || // a place a ligature or a typist left in lower case
		sh.Type == lang.WhereType && placeKindAskedRE.MatchString(q) && capitalisedNew(text, sh.named) || // "Which country …" is answered by its name: "Sweden rationed gasoline"
		sh.Type == lang.CountType && setApart(text) && countsNamed(text+" "+c.label, sh.Counted) ||
		sh.Type == lang.AmountType && hasAmount(text, false) || // a table's figures carry their unit in its heading
		sh.Type == lang.WhereType && !asksWhereInWorld(q) && mayPoint(text) || // "where are the balances" is answered by a pointer within the document
		jurisdictionAskedRE.MatchString(q) && namesJurisdiction(text, c.label, sh.named) // "a Delaware corporation"
}

// measureMisread returns why the quote of a figure question gives the
// figure of another measure than the one asked (measures.go): a word
// that splits the measure the quote lacks, a row label's step to another
// measure, a sentence's part of the company (partnames.go), narrower
// measure or amount of another thing; "" when none.
func measureMisread(q string, sh shape, c *candidate, text, under string, row bool) string {
	if !sh.Figure {
		return ""
	}
	if split := splitMissing(q, text+"\n"+under+"\n"+c.intro); split != "" {
		return "the passage does not give the figure as asked (" + split + ")"
	}
	if row {
		if steps := labelSteps(q, rowLabel(text)); steps != "" {
			return "the row's label names another measure (" + steps + ")"
		}
		if narrowed := labelNarrowed(q, sh, rowLabel(text)); narrowed != "" {
			return "the row's label names a narrower measure (" + narrowed + ")"
		}
		return ""
	}
	if !sh.When && !sh.YesNo && !sh.Statement && fairValueRE.MatchString(text) && !strings.Contains(strings.ToLower(q), "fair value") && hasAmount(text, false) {
		// "The fair value of the Company's Long-term debt … was
		// approximately $10,275 million" states what the debt would
		// fetch, another measure than the debt the balance sheet carries.
		return "the passage states a fair value, not the amount carried"
	}
	if sellAskedRE.MatchString(q) && !salesRE.MatchString(text) && soldThingRE.MatchString(text) {
		// "How much did Acme sell in 2020?" asks its sales; "an agreement
		// to sell our ownership interest in AMMROC … for $307 million"
		// tells of one thing sold.
		return "the passage tells of one thing sold, not the sales asked"
	}
	if part := partNamed(q, text, c.src); part != "" && !sh.When {
		// "PwC Legal is the largest legal network in the world with over
		// 4000 lawyers in over 100 countries" counts a part's countries.
		return "the passage states the figure of " + part + ", a part of the company asked about"
	}
	head := measureHead(sh)
	if head == "" {
		return ""
	}
	if narrowed := narrowedBy(q, head, text, sh.named); strings.Contains(narrowed, " ") {
		return "the passage states the figure of another measure (" + narrowed + ")"
	} else if narrowed != "" {
		return "the passage states the figure of a narrower measure (" + narrowed + ")"
	}
	if boundToOther(text, head) {
		return "the passage states the figure of a narrower measure (its figures are of another thing)"
	}
	return ""
}

// lowerPlace reports whether text names a place in lower case after a
// word that places ("located in mumbai"): a word, not a determiner or a
// pronoun ("in this Form", "in the 2022 Proxy Statement" place nothing).
func lowerPlace(text string) bool {
	for _, m := range lowerPlaceRE.FindAllStringSubmatch(text, -1) {
		if !lang.IsStopWord(m[3]) {
			return true
		}
	}
	return false
}

// fairValueRE finds a sentence stating a fair value: "The fair value of
// the Company's long-term debt …", "its estimated fair value was".
var fairValueRE = regexp.MustCompile(`(?i)\bfair values?\s+of\b|\bestimated fair values?\b`)

// sellAskedRE finds a question asking a company's sales by the verb
// ("How much did Acme sell …"); salesRE a passage that writes them;
// soldThingRE one that sells a thing it names ("to sell our ownership
// interest", "sold its stake").
var (
	sellAskedRE = regexp.MustCompile(`(?i)\bsell\b`)
	salesRE     = regexp.MustCompile(`(?i)\bsales\b`)
	soldThingRE = regexp.MustCompile(`(?i)\b(sell|sold|selling)\s+(our|its|their|the|a|an|all|certain|substantially|part|portions?)\b`)
)

// figureStatedAs returns why the figures a passage states are not the
// figure asked but a change of it or a limit on it; "" when they may be.
func figureStatedAs(q string, sh shape, text string, row bool) string {
	switch {
	case sh.Figure && !row && len(derivation(q, sh)) == 0 && onlyChanges(q, text):
		// "Operating revenues decreased $259 million" states how the
		// figure moved, not the figure asked; "an impact of $71 million on
		// operating income" what moved it.
		return "the passage states a change of the figure, not the figure"
	case sh.Figure && !limitAskedRE.MatchString(q) && onlyLimits(text):
		// "a share repurchase program providing for the repurchase of up
		// to $10.0 billion" states what may be spent, not what was.
		return "the passage states only a limit (up to …), not the figure asked"
	}
	return ""
}

// limitRE finds a figure stated as a limit: "up to $10.0 billion", "not
// to exceed $500 million", "a maximum of 20%"; limitAskedRE a question
// that asks one, or asks what can be done ("How much can the Parliament
// alter income tax?" is answered by "up to 3 pence in the pound").
var (
	limitRE      = regexp.MustCompile(`(?i)\b(up to|not to exceed|a maximum of|at most|as much as)\s+(approximately\s+|about\s+)?[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b|thousand\b)?`)
	limitAskedRE = regexp.MustCompile(`(?i)\b(limit|maximum|max|up to|cap|ceiling|authori[sz]\w*|capacity|allow\w*|permit\w*|at most|can|could|may|able)\b`)
)

// onlyLimits reports whether every figure text states (years aside) is
// stated as a limit.
func onlyLimits(text string) bool {
	return limitRE.MatchString(text) && !hasAmount(limitRE.ReplaceAllString(text, " "), false)
}

// spendAskedRE finds a question asking what was spent, paid or purchased
// — a flow over a period ("pour into", "invest in" too) — by a verb in
// small letters ("buy" is left out: it names a company as often as it
// asks, and a capital starts a name); balanceAtRE a
// table header of balances held at a date ("As of December 31", or
// columns named by days alone, "June 30, 2023 | June 30, 2022"; a period
// "ended" or "fiscal" names a flow's columns); flowLabelRE a row label
// that names such a flow all the same.
var (
	spendAskedRE = regexp.MustCompile(`\b(spen[dt]|spending|pa(y|id)|purchas(e|ed|ing)|pour(s|ed|ing)?\s+into|invest(s|ed|ing)?\s+in(to)?)\b`)
	balanceAtRE  = regexp.MustCompile(`(?i)\bas (of|at)\b`)
	// datedColumnRE finds a column named by a day; periodColumnRE one
	// named by a period.
	datedColumnRE  = regexp.MustCompile(`(?i)\b` + monthWord + `\s+\d{1,2},?\s+(19|20)\d{2}\b`)
	periodColumnRE = regexp.MustCompile(`(?i)\b(ended|ending|year|years|months|weeks|quarter|quarters|fiscal|period|through)\b`)
	flowLabelRE    = regexp.MustCompile(`(?i)\b(purchas|addition|expenditure|payment|paid|spen[dt]|acqui|capex|repurchas|outflow|used|cost|expense)`)
)

// cashFlowsNamedRE finds a question that names the cash flow statement
// as where its figure stands; cashFlowsRE the statement's name over a
// table or in its heading.
var (
	cashFlowsNamedRE = regexp.MustCompile(`(?i)\b(according\s+to|going\s+by|per|from|in|on)\s+(its|the\s+company's|the)\s+(consolidated\s+)?(cash[\s-]+flows?\s+statements?|statements?\s+of\s+cash\s+flows)\b`)
	cashFlowsRE      = regexp.MustCompile(`(?i)\bcash[\s-]+flows?\b`)
)

// aboveText joins the blocks set right above a table row's table.
func aboveText(h heads) string {
	var parts []string
	for _, b := range h.above {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, "\n")
}

// balancesAt reports whether a table's header sets balances held at a
// date: "As of December 31", or columns named by days and no period.
func balancesAt(over string) bool {
	return balanceAtRE.MatchString(over) || datedColumnRE.MatchString(over) && !periodColumnRE.MatchString(over)
}

// tableOfOther returns why the table row c (text) holds another figure
// than the one asked — another year's, a part's, a narrower total's, a
// period's shorter or longer than the one asked — or "".
func tableOfOther(ev *app.Evidence, sh shape, c *candidate, q, text string) string {
	h := headsOf(ev, c)
	other := ""
	if sh.Figure && len(sh.years) > 0 {
		other = tableOfOtherYear(h, sh.years)
	}
	switch {
	case other != "":
		// "2020 Consumer Business Segments" set over a table in the 2022
		// report: its rows are 2020's, whatever the title says.
		return "the table states another year (" + other + ")"
	case sh.Figure && !averagesRE.MatchString(q) && averageBalancesRE.MatchString(h.over+"\n"+c.intro+"\n"+sectionOf(ev, c)):
		// "Total assets | $ 3,851,388" under "Consolidated Average Balance
		// Sheets" is the quarter's average, not the balance at June 30.
		return "the table gives averages over a period, not the figure asked"
	case sh.Figure && !c.addressed && yearSplit(h, sh.years, q, text):
		// "(in millions) | 2022 | 2021 | 2022 | 2021 | 2022 | 2021": the
		// year asked heads several columns, split by segment ("Consumer &
		// Community Banking | Corporate & Investment Bank"), or by lines
		// the table's text does not keep. Which is the whole's cannot be
		// told.
		return "the table gives the year asked in several columns, and does not say which is the one asked"
	case sh.Figure && cashFlowsNamedRE.MatchString(q) && !cashFlowsRE.MatchString(h.over+"\n"+aboveText(h)+"\n"+c.intro+"\n"+sectionOf(ev, c)+"\n"+c.window.Section):
		// "… according to its cash flow statement" names where the figure
		// stands: a row of another table — an equity statement's "Cash
		// flow hedges", a tax note's "Share-based compensation" — is not
		// the statement's line.
		return "the question asks the figure its cash flow statement states, and the row stands elsewhere"
	case sh.Figure && spendAskedRE.MatchString(q) && balancesAt(h.over) && !flowLabelRE.MatchString(rowLabel(text)):
		// "Property, plant and equipment | $ 14,882" under "As of
		// December 31" is what the company held on a day; what it spent
		// buying it in the year is a flow the cash flow statement states.
		return "the table states balances held at a date, not what was spent or paid in the period asked"
	case sh.Figure && readsPart(ev, c, sh, h):
		return "the table holds a part's figures (a segment's, a subsidiary's), not the whole's asked"
	case sh.Figure && totalsNarrower(c, text, sh):
		return "the row totals a narrower measure than the one asked"
	case len(sh.years) > 0 && !partPeriodRE.MatchString(q) && readsPartPeriod(ev, c):
		// "Net sales | $ 3,226,773" under "13 Weeks Ended" is a quarter's
		// net sales, not the fiscal year's the question asks.
		return "the table holds a quarter's or some months' figures, not the year's asked"
	case partPeriodRE.MatchString(q) && readsWholeYear(ev, c, h):
		// And "Net sales | $ 10,208,580" under "52 Weeks Ended" is the
		// year's, not the fourth quarter's asked.
		return "the table holds the year's figures, not the quarter's or months' asked"
	}
	return ""
}

// rowNamesOther reports whether the table row c (text) of a figure
// question q names another measure than the one asked by its label.
// "Trade receivables" is not the "other receivables" asked: the label
// qualifies the measure its own way and drops the question's qualifier,
// which nothing over the row supplies (labelNamesSibling). "Net sales of
// reportable segments and All Other" is another, narrower measure than
// the net sales asked (labelNamesOther). ("Which segment had …", or a
// question giving the figure, asks for the label.)
func rowNamesOther(q string, sh shape, c *candidate, text string) bool {
	if !sh.Figure || sh.Type == lang.WhichType || hasAmount(q, false) {
		return false
	}
	row := sh.asAsked(text)
	if bareTotalRE.MatchString(rowLabel(row)) && rankAskedRE.MatchString(q) {
		return true // "… during the second month?": one row of those the total adds up
	}
	return labelNamesSibling(c, row, sh) || labelNamesOther(row, sh)
}

// rankAskedRE finds a part a question asks by its rank: "the second
// month", "the first quarter", "its third largest segment".
var rankAskedRE = regexp.MustCompile(`(?i)\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|final)\b`)

// labelNamesOther reports whether a row's label holds more words the
// question does not ask than words it does.
//
// A "total" the question asks names no measure: it does not count as
// asked ("Total deferred tax assets" is another measure than the total
// assets asked).
func labelNamesOther(row string, sh shape) bool {
	label, _, _ := strings.Cut(row, "|")
	if bareTotalRE.MatchString(label) {
		return false // the total of its table's measure, which its header or introduction names
	}
	asked, unasked := askedWords(label, sh.named), unaskedWords(glossless(label), sh.named)
	if sh.total && labelSays(label, "total") {
		asked--
	}
	for _, w := range strings.Fields(strings.ToLower(label)) {
		if ownWords[w] && !sh.named[lang.Family(w)] {
			unasked-- // "Total Company", "Consolidated": the whole, which a plain question asks
		}
	}
	return unasked > asked
}

// labelNamesSibling reports whether row c's label adds a word the question
// does not ask and lacks a word of the asked measure that neither its
// header nor its context (section, introduction) carries.
func labelNamesSibling(c *candidate, row string, sh shape) bool {
	label, _, _ := strings.Cut(row, "|")
	own := false // a qualifier of the label's own: a content word the question does not ask
	for _, t := range lang.Tokens(glossless(label)) {
		if !t.Num && len(t.Lower) >= 4 && !lang.IsStopWord(t.Lower) && !labelFiller[t.Lower] && !sh.named[lang.Family(t.Lower)] {
			own = true
		}
	}
	if !own {
		return false
	}
	written := wordStems(label)
	for _, m := range sh.Measure {
		if !c.own[m] && !c.context[m] && !written[m] {
			return true
		}
	}
	return false
}

// glossless is a row label without its parenthetical glosses — where the
// figure is classed ("Carrying amount (non-current (liabilities)/assets)"),
// a footnote's mark — which say where a measure stands, not which measure
// it is; a gloss that leaves something out or adjusts ("(excluding
// fuel)", "(net of tax)") names another measure and stays.
func glossless(label string) string {
	var b strings.Builder
	depth, start := 0, 0
	for i, r := range label {
		switch r {
		case '(':
			if depth == 0 {
				b.WriteString(label[start:i])
				start = i
			}
			depth++
		case ')':
			if depth > 0 {
				depth--
				if depth == 0 {
					if narrowsRE.MatchString(label[start : i+1]) {
						b.WriteString(label[start : i+1])
					}
					start = i + 1
				}
			}
		}
	}
	b.WriteString(label[start:]) // an unclosed gloss is kept: nothing says where it ends
	return b.String()
}

var narrowsRE = regexp.MustCompile(`(?i)\b(exclud\w*|except\w*|includ\w*|net of|less|before|after|adjust\w*|only|other than|without|per)\b`)

// asksWhereInWorld reports whether a where-question asks where a thing is
// in the world — a seat, an office, a birthplace, a state of
// incorporation — which a pointer to another part of a document ("see
// Note 7", "incorporated by reference in this Form 10-K") does not
// answer, as it answers "Where are the deferred revenue balances?".
func asksWhereInWorld(q string) bool { return whereInWorldRE.MatchString(q) }

// placeCaptionRE finds a form's caption that names a place entered above
// it or after it: "(State or other jurisdiction of incorporation or
// organization)", "(Address of principal executive offices)", "Principal
// executive offices: 3M Center, …".
var placeCaptionRE = regexp.MustCompile(`(?i)\b(jurisdiction|address|state of incorporation|country|city|principal executive offices?|head office|headquarters)\b`)

// tableOfOtherYear returns the year a table row is read under — in the
// heading over its columns (h) — when that heading writes years and none
// of them is asked; "" otherwise.
func tableOfOtherYear(h heads, asked map[string]bool) string {
	other := ""
	for _, t := range lang.Tokens(h.over) {
		if y, ok := yearOf(t.Lower); ok && t.Num && len(t.Lower) == 4 {
			if asked[y] {
				return ""
			}
			other = y
		}
	}
	return other
}

// averagesRE finds the word by which a question asks an average.
var averagesRE = regexp.MustCompile(`(?i)\baverages?\b`)

// averageBalancesRE finds the title a bank gives its balances averaged
// over a period: "Consolidated Average Balance Sheets", "average
// balances". ("Weighted average exercise price" over one column says
// nothing of the others.)
var averageBalancesRE = regexp.MustCompile(`(?i)\baverage\s+(?:consolidated\s+|daily\s+)?balances?(?:\s+sheets?)?\b`)

// formMisread returns why the quote does not write a value in the form
// the question asks it — a per-share amount, an amount rather than only
// percentages, a name rather than a row of figures, the names of the
// items asked — or "".
func formMisread(ev *app.Evidence, q string, sh shape, c *candidate, text string, row bool) string {
	switch {
	case row && asksPerShare(q, sh) && !perShareRE.MatchString(rowHeading(ev, c, text)):
		// "Net income | $4,566,156" is not net income per share: a
		// per-share row says so in its label or its headings.
		return "the question asks a per-share amount and the row is not one"
	case asksPerShare(q, sh) && !perShareFigureRE.MatchString(text+" "+c.label):
		// A per-share amount is written in currency units and cents
		// ("$6.42", "3.85"); "1.9 million dilutive securities" is another
		// figure.
		return "the question asks a per-share amount and the passage states none"
	case sh.Figure && sh.Type != lang.PercentType && !percentAsked(q) && onlyPercents(text, asksMoneyMeasure(q, sh)):
		return "the question asks an amount and the passage gives only percentages"
	case !row && asksLineFigure(sh) && !asksPerShare(q, sh) && onlyPerShare(text):
		// "How much did Acme pay out in dividends?" asks the total paid;
		// "a quarterly cash dividend payment of $0.6550 per share" is a
		// rate a share, declared for one quarter.
		return "the question asks a total and the passage states only an amount per share"
	case row && !sh.Figure && nameAskedRE.MatchString(q) && hasAmount(text, false):
		// "3m health care spin-off new company name" is not answered by
		// "Other Health Care | 24 | 1 | 2": a row of figures names no one.
		return "the question asks a name and the row gives figures"
	case !row && !namesItemsAsked(q, sh, text):
		// "activision blizzard reportable segments fy2019" asks what
		// the segments are called; "… for each of our reportable segments
		// above" names none of them.
		return "the question asks what the items are called and the passage names none"
	}
	return ""
}

// asksNamedItems returns the plural noun whose things q asks the names
// of — "What are the …" and a noun phrase alone that ends on it ("What
// are the reportable segments?", "activision blizzard reportable segments
// fy2019" as a search is read), no figure, statement or yes/no — or "".
func asksNamedItems(q string, sh shape) string {
	m := namedItemsRE.FindStringSubmatch(q)
	if m == nil || sh.Figure || sh.Statement || sh.YesNo || sh.Reason || sh.Type != lang.AnyType {
		return ""
	}
	var last string
	for _, w := range strings.Fields(strings.ToLower(m[1])) {
		w = strings.Trim(w, "?,.;:\"“”")
		if w == "" || strings.HasPrefix(w, "(") || strings.IndexFunc(w, unicode.IsDigit) >= 0 {
			break // the period or the source typed after what is asked
		}
		if lang.IsStopWord(w) && w != "and" {
			return "" // a verb or a preposition: more is asked than the things' names
		}
		last = w
	}
	if !pluralNoun(last) {
		return ""
	}
	return last
}

// namedItemsRE finds a question that is only "What is/are the" and a noun
// phrase, as a search typed without its interrogative is read.
var namedItemsRE = regexp.MustCompile(`(?i)^\s*what\s+(?:is|are|were|was)\s+(?:the\s+)?(.+?)\s*\??\s*$`)

// namesItemsAsked reports whether text may answer q as to the names of the
// things it asks (asksNamedItems): any text does when q asks no names.
func namesItemsAsked(q string, sh shape, text string) bool {
	kind := asksNamedItems(q, sh)
	return kind == "" || namesAnItem(text, kind)
}

// namesAnItem reports whether text names things of the kind asked: it
// writes the kind ("three reportable segments—…") and a capitalised word
// past its first that is no month.
func namesAnItem(text, kind string) bool {
	toks := lang.Tokens(text)
	written := false
	for _, t := range toks {
		written = written || lang.Family(t.Lower) == lang.Family(kind)
	}
	if !written {
		return false
	}
	for i, t := range toks {
		if i > 0 && (t.Cap || t.AllCaps) && !t.Num && !lang.IsMonth(t.Lower) {
			return true
		}
	}
	return false
}

// countOfOther returns, for a count question, the first number of text
// with the other plural noun it counts ("38 states" for branches), or "".
func countOfOther(text string, sh shape) string {
	if sh.Type != lang.CountType {
		return ""
	}
	counted := countedPeople(sh.Counted)
	toks := lang.Tokens(text)
	for i, t := range toks {
		if !t.Num || isYearToken(t.Lower) || i+1 >= len(toks) {
			continue
		}
		if next := toks[i+1]; pluralNoun(next.Lower) && countsOther(toks, i, counted) {
			return text[t.Start:next.End]
		}
	}
	return ""
}

// asksPerShare reports whether q asks a per-share amount: "What were its
// diluted earnings per share", or by the verb, "What did Acme earn per
// diluted share?".
func asksPerShare(q string, sh shape) bool {
	return perShareRE.MatchString(q) && (asksFigure(q, sh) || sh.Figure && sh.Type == lang.AnyType && !sh.When && !sh.Statement)
}

// sectionOf returns the heading path of the section quote c stands in,
// "" when it is not known.
//
// A report heads a run of blocks with a minor heading the section tree
// does not keep ("Walmart International Segment" over its table, inside
// the discussion's section): the last such heading before the candidate in
// its window is read as one more level of the path.
func sectionOf(ev *app.Evidence, c *candidate) string {
	span, _, ok := locate(c.window, c.start)
	if !ok {
		return ""
	}
	b := ev.Blocks[span.BlockID]
	path, minor := ev.Sections[b.SectionID], ""
	for _, sp := range c.window.Spans {
		if sp.BlockID == span.BlockID {
			break
		}
		if h := ev.Blocks[sp.BlockID]; h.Kind == app.BlockHeading && h.SectionID == b.SectionID && h.Seq < b.Seq {
			minor = strings.TrimSpace(h.Text)
		}
	}
	if minor == "" || strings.HasSuffix(path, minor) {
		return path
	}
	return path + " › " + minor
}

// nameAskedRE finds a question asking a name: "… new company name",
// "What is the name of …", "What is it called?".
var nameAskedRE = regexp.MustCompile(`(?i)\bnames?\s*(\([^)]*\))?\s*\??\s*$|\bname of\b|\bcalled\b`)

// yearSplit reports whether the header h of a table gives an asked year
// to more than one column group and row text fills them all, with
// nothing to tell which group the question asks: the groups are not
// periods ("Three months ended … Six months ended …", which
// readsPartPeriod and readsWholeYear read), and the question names none
// of the words over them ("Cash dividend per share | 2018 | 2019").
func yearSplit(h heads, asked map[string]bool, q, text string) bool {
	if len(h.header) == 0 || len(partPeriodRE.FindAllString(h.over, -1))+len(wholeYearRE.FindAllString(h.over, -1)) > 1 {
		return false
	}
	heads := map[string]int{} // how many columns each year heads
	repeated := false
	for _, cell := range strings.Split(h.header[len(h.header)-1], "|") {
		if y, ok := yearOf(strings.ToLower(strings.TrimSpace(cell))); ok {
			heads[y]++
			repeated = repeated || asked[y] && heads[y] > 1
		}
	}
	figures := 0
	for _, cell := range strings.Split(text, "|")[1:] {
		if strings.ContainsAny(cell, "0123456789") {
			figures++
		}
	}
	if !repeated || figures <= len(heads) {
		return false // the row fills one group's columns at most
	}
	askedWords := map[string]bool{}
	for _, t := range lang.Tokens(q) {
		askedWords[lang.Family(t.Lower)] = true
	}
	for _, t := range lang.Tokens(h.over) {
		if !t.Num && !lang.IsStopWord(t.Lower) && !unitWords[t.Lower] && askedWords[lang.Family(t.Lower)] {
			return false
		}
	}
	return true
}

// unitWords say how a table's figures are given, not what its columns
// hold: "(in millions, except ratios)", "(Dollars in thousands, except per
// share data)".
var unitWords = map[string]bool{"millions": true, "million": true, "thousands": true, "thousand": true, "billions": true,
	"billion": true, "except": true, "ratios": true, "ratio": true, "per": true, "share": true, "data": true,
	"dollars": true, "amounts": true, "usd": true, "unaudited": true, "percentages": true}

// readsWholeYear reports whether the table row c stands under a heading
// (h, or its introduction) that gives its columns a whole year ("52 Weeks
// Ended", "Years Ended December 31") and none that gives a shorter period.
func readsWholeYear(ev *app.Evidence, c *candidate, h heads) bool {
	heading := h.over + "\n" + tableIntro(ev, *c)
	return wholeYearRE.MatchString(heading) && !partPeriodRE.MatchString(heading)
}

// heads is what is set over a table row's table: its header rows, the
// blocks right above it in its section (nearest first, up to three), and
// over, the two read as the heading of its columns.
type heads struct {
	header []string
	above  []app.Block
	over   string
}

// headsOf returns what is set over table row c. The lines over a table
// up to the sentence or table before it head its columns: "Total
// Reportable 2020 Consumer Business Segments" over "External Operating
// Revenues" over the rows.
func headsOf(ev *app.Evidence, c *candidate) heads {
	h := heads{header: tableHeader(ev, c.window, c.start)}
	h.over = strings.Join(h.header, "\n")
	span, _, ok := locate(c.window, c.start)
	if !ok {
		return h
	}
	tb := ev.Blocks[span.BlockID]
	near := map[int]app.Block{}
	for _, b := range ev.Blocks {
		if b.Seq < tb.Seq && b.Seq >= tb.Seq-3 && b.SectionID == tb.SectionID { // ev.Blocks may hold several documents'
			near[b.Seq] = b
		}
	}
	for seq := tb.Seq - 1; seq >= tb.Seq-3; seq-- {
		b, ok := near[seq]
		if !ok {
			break
		}
		h.above = append(h.above, b)
	}
	for _, b := range h.above {
		if b.Kind == app.BlockTable || len(strings.Fields(b.Text)) > 12 || strings.ContainsAny(b.Text, ".;:") {
			break
		}
		h.over += "\n" + b.Text
	}
	return h
}

// jurisdictionOnlyCaption reports whether a cover entry's caption names
// the jurisdiction of incorporation and no address.
func jurisdictionOnlyCaption(label string) bool {
	return jurisdictionCaptionRE.MatchString(label) && !addressCaptionRE.MatchString(label)
}

var addressCaptionRE = regexp.MustCompile(`(?i)\b(address|principal executive offices?|head office|headquarters|city)\b`)

// trailingCaption returns the caption a form's entry closes with when the
// entry and its caption were read as one line — "One Johnson & Johnson
// Plaza New Brunswick, New Jersey 08933 (Address of principal executive
// offices)" — or "".
func trailingCaption(text string) string {
	t := strings.TrimSpace(text)
	i := strings.LastIndex(t, "(")
	if i <= 0 || !strings.HasSuffix(t, ")") || !captionsOnly(t[i:]) {
		return ""
	}
	return t[i:]
}

// A company's seat is stated, not named in passing: a word that seats
// ("headquartered", "based in", "principal executive offices", "head
// office") and a place written where it is — after "in", "at", "located",
// "based", or a street address after "at" (seatCueRE) — not "from" or
// "near", which place something else ("acquired … from the Company"), and
// not a month ("in January 2019" dates, it does not place). "A contract with the City of Camden" names a
// place without seating anything; "the courts of New York, located nearest
// the Corporation's headquarters" seats the courts.
var (
	seatRE    = regexp.MustCompile(`(?i)\b(headquarter\w*|head office|(principal|executive|corporate|registered) offices?|(based|located|situated|domiciled) (in|at)|offices? (is|are) (located )?(in|at))\b`)
	seatCueRE = regexp.MustCompile(`\b(in|at|located|based|headquartered|situated)\s+(the\s+)?(\p{Lu}\p{L}*)|\bat\s+\d{1,6}\s+(\p{Lu}\p{L}*)`)
)

// seatMissed returns why the prose quote c (text) does not say where the
// company asked about is seated, or "".
func seatMissed(c *candidate, text string) string {
	switch {
	case otherSeatRE.MatchString(text):
		// "… Ericsson, a multinational … company headquartered in Sweden"
		// seats the company the sentence describes, which a report never
		// calls its own so.
		return "the passage seats another company"
	case !statesSeat(text) && !placeCaptionRE.MatchString(c.label) && !placeCaptionRE.MatchString(trailingCaption(text)):
		// "… the courts of New York, located nearest the Corporation's
		// headquarters" names a place, not where the headquarters are:
		// a seat is written after "in", "at", "located in", "based in".
		return "the passage names no place as where it is"
	}
	return ""
}

// otherSeatRE finds a seat given to a company described with an
// indefinite article: "a … company headquartered in Sweden".
var otherSeatRE = regexp.MustCompile(`(?i)\b(a|an)\s+([\w\-]+\s+){0,10}?(company|corporation|firm|group|provider|manufacturer|bank|business|maker|retailer)\s*,?\s+(headquartered|based|located)\s+(in|at)\b`)

// statesSeat reports whether text states where something is seated.
func statesSeat(text string) bool {
	if !seatRE.MatchString(text) {
		return false
	}
	for _, m := range seatCueRE.FindAllStringSubmatch(text, -1) {
		if !calendarWords[lang.Family(strings.ToLower(m[3]+m[4]))] {
			return true
		}
	}
	return false
}

var calendarWords = familySet(`january february march april may june july august september october november december
	monday tuesday wednesday thursday friday saturday sunday`)

var headquartersRE = regexp.MustCompile(`(?i)\b(headquartered|headquarters|head office|principal executive offices?)\b|(^|\s)based in\b`)

var whereInWorldRE = regexp.MustCompile(`(?i)\b(located|headquartered|headquarters|based|incorporated|born|died|buried|live[sd]?|lived|situated|held|built|founded|office|offices|city|country|countries|state|province|region|address|town|village|continent)\b`)

// partWords are the words by which a report introduces a table of one
// part of the whole — a subsidiary, an investee, a guarantor, a joint
// venture — whose figures are the part's, not the company's a plain
// question asks about. A table "for each of our segments" or "by segment"
// sums its parts to the whole; one "for the Domestic segment" is that
// segment's (namedPartRE).
var (
	partWords   = map[string]bool{"subsidiary": true, "investee": true, "guarantor": true, "venture": true}
	namedPartRE = regexp.MustCompile(`(\p{Lu}[\p{L}&\-]*)\s+(?i:(segment|division|subsidiary))\b`)
)

// segmentSection reports whether table row c stands in a section that a
// report's discussion of its segments gives one segment: "Segment Results
// of Operations › Verizon Business Group" holds the Business Group's
// figures. The segment's heading names what the question does not.
func segmentSection(ev *app.Evidence, c *candidate, sh shape) bool {
	span, _, ok := locate(c.window, c.start)
	if !ok || sh.named[lang.Family("segment")] {
		return false
	}
	path := strings.Split(ev.Sections[ev.Blocks[span.BlockID].SectionID], " › ")
	if len(path) < 2 || !segmentHeadingRE.MatchString(path[len(path)-2]) {
		return false
	}
	for _, t := range lang.Tokens(path[len(path)-1]) {
		if !sh.named[lang.Family(t.Lower)] && !sh.named[t.Lower] && !lang.IsStopWord(t.Lower) && !wholeHeadings[t.Lower] && !t.Num {
			return true
		}
	}
	return false
}

// wholeHeadings are the words of a heading among the segments' that is
// about them all: "Overview", "Consolidated Results", "Summary".
var wholeHeadings = map[string]bool{"overview": true, "summary": true, "consolidated": true, "company": true, "total": true,
	"results": true, "operations": true, "segment": true, "segments": true, "reportable": true, "all": true, "other": true,
	"information": true, "financial": true, "introduction": true}

// segmentHeadingRE finds a heading over the discussion of each segment.
var segmentHeadingRE = regexp.MustCompile(`(?i)\bsegments?\b`)

// possessorRE finds a name an introduction opens with as the owner of
// what the table holds: "HSG’s results of operations and balance sheet
// through September 8, 2020 were as follows".
var possessorRE = regexp.MustCompile(`^\s*(?:The\s+)?(\p{Lu}[\p{L}&.\-]*(?:\s+\p{Lu}[\p{L}&.\-]*)*)[’']s\s`)

// segmentColumnsRE finds columns headed by a company's segments and their
// total, "Total Reportable Segments": the segments' figures before the
// corporate items and eliminations that reconcile them to the company's.
var segmentColumnsRE = regexp.MustCompile(`(?is)\breportable\b.{0,60}?\bsegments\b`) // column heads interleave: "Total\nReportable\n2021 Consumer Business Segments"

// classWords qualify "segment" as the class of all of a company's
// segments, not one of them: "Reportable segment and product category
// revenue information", "Operating Segment Results".
var classWords = map[string]bool{"reportable": true, "operating": true, "business": true, "geographic": true,
	"geographical": true, "each": true, "all": true, "other": true, "total": true}

// readsPart reports whether a table row is read under an introduction
// that names a part the question does not name: by a word for a part
// ("for the Domestic segment", "for our equity method investee") or as a
// name after "for" that the question does not give ("selected financial
// data for BCC"). A table's own title names its part too: the heading
// set right above it, or the first cell of a header row whose other
// cells are periods ("Domestic Segment Performance Summary | 2023 | 2022
// | 2021"). (A section or a title naming segments does not: the segment
// note's total row is the company's.)
func readsPart(ev *app.Evidence, c *candidate, sh shape, h heads) bool {
	for _, t := range lang.Tokens(c.intro) {
		if partWords[t.Lower] && !sh.named[lang.Family(t.Lower)] {
			return true
		}
	}
	if segmentSection(ev, c, sh) {
		return true
	}
	if m := possessorRE.FindStringSubmatch(c.intro); m != nil && !onlyAsked(m[1], sh.named) && !ownWords[strings.ToLower(m[1])] {
		return true // "HSG’s results of operations … were as follows": a business the question does not name
	}
	if segmentColumnsRE.MatchString(h.over) && !sh.named[lang.Family("segment")] {
		return true // a "Total Reportable Segments" column is the segments' before corporate items, not the company's
	}
	for _, m := range namedPartRE.FindAllStringSubmatch(c.intro+"\n"+tableTitle(h), -1) {
		if w := strings.ToLower(m[1]); !sh.named[lang.Family(w)] && !sh.named[w] && !lang.IsStopWord(w) && !classWords[w] {
			return true
		}
	}
	for _, m := range forNameRE.FindAllStringSubmatch(c.intro, -1) {
		other := false
		for _, t := range lang.Tokens(m[2]) {
			switch {
			case sh.named[lang.Family(t.Lower)], sh.named[t.Lower], ownWords[t.Lower]:
				other = false
			case !periodWords[lang.Family(t.Lower)] && !monthNameRE.MatchString(t.Lower) && (!lang.IsStopWord(t.Lower) || t.Cap) && !t.Num: // "information for Other:" names the segment called Other
				other = true
				continue
			}
			break
		}
		if other {
			return true
		}
	}
	return false
}

// tableTitle returns what titles a table, given what is set over it (h):
// the heading block right above it, and the first cell of each header row
// whose other cells are periods or empty.
func tableTitle(h heads) string {
	var out []string
	for _, r := range h.header {
		cells := strings.Split(r, "|")
		periods := len(cells) > 1
		for _, cell := range cells[1:] {
			for _, t := range lang.Tokens(cell) {
				periods = periods && (t.Num || periodWords[lang.Family(t.Lower)] || monthNameRE.MatchString(t.Lower) || lang.IsStopWord(t.Lower))
			}
		}
		if periods {
			out = append(out, cells[0])
		}
	}
	if len(h.above) > 0 && h.above[0].Kind == app.BlockHeading {
		out = append(out, h.above[0].Text)
	}
	return strings.Join(out, "\n")
}

var monthNameRE = regexp.MustCompile(`^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^q[1-4]$`)

// forNameRE finds a name after "for" in an introduction.
var forNameRE = regexp.MustCompile(`\bfor\s+(the\s+)?(\p{Lu}[\p{L}&.\-]*(?:\s+\p{Lu}[\p{L}&.\-]*)*)`)

// bareTotalRE finds a row label that totals nothing it names itself.
var bareTotalRE = regexp.MustCompile(`(?i)^\s*totals?\s*:?\s*$`)

// totalsNarrower reports whether a bare "Total" row totals a narrower
// measure than the one asked. A table's total row adds up what its
// introduction lists, and an introduction that opens with the asked
// measure under a word the question does not give lists a kind of it:
// "Long-lived assets, excluding financial instruments …, were as
// follows:" totals long-lived assets, not the total assets a question
// asks. Only the opening noun phrase counts — up to four words, ending on
// a word the question gives, before a comma or a joining word — so "The
// following table presents total assets by segment" names no narrower
// measure.
func totalsNarrower(c *candidate, text string, sh shape) bool {
	label, _, _ := strings.Cut(text, "|")
	if !bareTotalRE.MatchString(label) || c.intro == "" {
		return false
	}
	var phrase []lang.Token
	for _, t := range lang.Tokens(c.intro) {
		if lang.IsStopWord(t.Lower) || t.Num {
			if len(phrase) == 0 {
				continue // "The", "Our" before the phrase
			}
			break
		}
		if len(phrase) > 0 && strings.TrimSpace(c.intro[phrase[len(phrase)-1].End:t.Start]) != "" && !strings.HasPrefix(c.intro[phrase[len(phrase)-1].End:t.Start], "-") {
			break // a comma, a colon, a bracket ends it
		}
		phrase = append(phrase, t)
	}
	if len(phrase) < 2 || len(phrase) > 4 || !sh.named[lang.Family(phrase[len(phrase)-1].Lower)] {
		return false
	}
	for _, t := range phrase[:len(phrase)-1] {
		if !sh.named[lang.Family(t.Lower)] && !sh.named[t.Lower] && !smallWord(t.Lower) {
			return true
		}
	}
	return false
}

// firmNamed returns the question's words a firm answering it must go
// beyond: not "bank" of "Which bank is trustee …", the kind asked, nor
// "trustee", the role — a bank's name may write either ("Deutsche Bank
// Trust Company Americas").
func firmNamed(q string, sh shape) map[string]bool {
	out := maps.Clone(sh.named)
	delete(out, sh.namedKind())
	for _, m := range firmAskedRE.FindAllString(q, -1) {
		for st := range wordStems(m) {
			delete(out, st)
			delete(out, lang.Family(st))
		}
	}
	return out
}

// asksLineFigure reports whether a figure question asks the figure of a
// line a financial statement names: the head of its measure is one
// (lineMeasures: "dividends", "cash and cash equivalents", not "sale
// prices" or "effective tax rate"), and it asks not when, whether or why.
func asksLineFigure(sh shape) bool {
	if !sh.Figure || sh.When || sh.Time || sh.YesNo || sh.Statement || len(sh.Measure) == 0 {
		return false
	}
	head := sh.Measure[len(sh.Measure)-1]
	if head == lang.Family("equivalents") && len(sh.Measure) > 1 {
		head = sh.Measure[len(sh.Measure)-2] // "cash and cash equivalents" is cash
	}
	return lineMeasures[head]
}

// perShareAmountRE finds an amount written as one a share: "$0.6550 per
// share", "$1.25 a share", "3.49 per diluted share".
var perShareAmountRE = regexp.MustCompile(`(?i)[$€£¥₹]?\s?\d[\d,]*(?:\.\d+)?\s+(?:per|a)\s+(?:diluted\s+|basic\s+|common\s+|ordinary\s+)?share\b`)

// onlyPerShare reports whether every amount a sentence writes is one a
// share (perShareAmountRE).
func onlyPerShare(text string) bool {
	return perShareAmountRE.MatchString(text) && !hasAmount(perShareAmountRE.ReplaceAllString(text, ""), false)
}

// ageAskedRE finds a question asking a person's age — "How old is …",
// "What is the age of …", "… 's age", "jane roe age" typed as a search —
// not "At what age …", which a sentence answers with the number alone;
// ageStatedRE the words that state one. ("the age of Imperialism" is
// read as asked too; a sentence about the era writes "age".)
var (
	ageAskedRE  = regexp.MustCompile(`(?i)\bhow old\b|\bage of\s+(?:[A-Z]\w*\.?\s+){1,3}|['’]s\s+age\b|^[^?]*\s+age\s*(?:\(|$)`)
	ageStatedRE = regexp.MustCompile(`(?i)\b(age|ages|aged)\b|\b(years?|months?|weeks?|days?)[ -]old\b`)
)
