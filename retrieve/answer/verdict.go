package answer

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// The verdict: the quotes an answer picks are stated as the answer only
// when the leading one meets the question by itself. A reader takes the
// first quote as the answer, so it must
//   - hold a value of the kind asked (a name for "who", a place for
//     "where", a figure beside what "how many" counts, an amount or a
//     share) — a sentence on the right topic without one is not an answer;
//   - carry, in its own words, its table's header and row label, its
//     section heading or its document's title, every name, number and
//     year the question gives: a quote about another company, product or
//     period answers another question, however well it matches the rest;
//   - carry most of the question's weight in its own words, not merely
//     beside them — the other quotes may add context, they cannot supply
//     what the answer itself lacks;
//   - not be asked for a derived figure (a change, a difference, an
//     average, a ratio — figures computed from others): a quote of the
//     operands is not the figure asked, and which stated change is the one
//     asked cannot be told from words alone; those are left to the
//     computation (compute.go), which shows its arithmetic.
// Otherwise the reply shows the closest passages as such, with verdict
// closest.

// Questions also say by their form what kind of statement answers them,
// and documents write those statements in recognisable ways:
//   - "Why …", "What caused …", "What was the reason …" ask a reason,
//     which a document states with a causal connective ("because", "due
//     to", "as a result of", "driven by", "primarily");
//   - "When did …", "What year …", "What date …" ask a time: a year, a
//     month, a date, a century ("When is …", "When does …" in the present
//     ask a condition, which practice documents state without a date);
//   - "What is X?" or "What is an X?" with nothing more asks what X is: a
//     sentence that defines X ("X is …", "X means …", "X refers to …"),
//     not one that merely uses the term ("What is the X?" asks X's value);
//   - "How much …", "What was the amount / value / total … of" ask a
//     figure: a number that is not only a year.
// A sentence that announces what follows ("… are as follows:") holds no
// answer itself; the row or sentence after it does.

var (
	reasonCueRE   = regexp.MustCompile(`(?i)\bas (the|a|an|it|they|we|our|its|their|this|these|there)\b|\b(because|due to|as a result|result(s|ed|ing)? (of|from)|driven by|owing to|attributable|attributed|reflect(s|ed|ing)?|primarily|mainly|largely|since|in order to|so that|caused by|led to|leading to|reasons?|thanks to|given that|in response to|following|(impacted|affected|influenced|hurt|helped|boosted) by|by the effects? of|(on|from) (lower|higher|increased|reduced|decreased|weaker|stronger|improved|declining|rising|strong|weak|favorable|unfavorable|favourable|unfavourable)|to (reduce|mitigate|minimi[sz]e|manage|hedge|protect|offset|avoid|prevent|ensure|comply))\b`)
	timeRE        = regexp.MustCompile(`(?i)\b(1[0-9]{3}|20[0-9]{2}|[0-9]{1,2}(st|nd|rd|th)? century|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter)\b|\b[0-9]{1,4}s\b|\b(bc|ad|bce|ce)\b`)
	figureAskedRE = regexp.MustCompile(`(?i)^\s*(how much\b|what (is|was|were|are) the (amount|value|number|total|sum|cost|price|balance|level|rate|percentage|share|figure)\b)`)
	defineCueRE   = regexp.MustCompile(`(?i)^[\p{L}\- ]{0,20}?\s*(\([^)]*\)\s*)?,?\s*(is|are|means?|refers? to|represents?|denotes?|consists? of|comprises?|is defined as|describes?)\b`)
)

// definesTerm reports whether text states what term is: the term, then
// (past a few words of its own, or a bracketed short form) a defining verb
// in the present — "X was repaired" tells of X, it does not say what X is.
func definesTerm(text, term string) bool {
	low := strings.ToLower(text)
	i := strings.Index(low, term)
	if i < 0 {
		return false
	}
	after := low[i+len(term):]
	if len(after) > 60 {
		after = after[:60]
	}
	return defineCueRE.MatchString(after)
}

// genericKinds are nouns a question uses to ask for a value without
// naming the measure: "What is the amount of …", "What was the value …".
var genericKinds = familySet(`amount value number total sum figure name percentage percent share proportion
	level rate balance change difference increase decrease average ratio type kind part year date period respective`)

// comparesRE finds the words by which a question compares values.
var comparesRE = regexp.MustCompile(`(?i)\b(most|least|largest|smallest|highest|lowest|biggest|greatest|higher|lower|larger|smaller|greater|bigger|less|more|exceed\w*|maximum|minimum)\b`)

// statesKindAsked reports whether text (with its label) holds the kind of
// statement the question's form asks, and if not, what is missing.
func statesKindAsked(q string, sh shape, text, label string) (bool, string) {
	both := text + "\n" + label
	switch {
	case sh.Reason && !reasonCueRE.MatchString(text):
		return false, "the question asks a reason and the passage states none"
	case sh.Time && !timeRE.MatchString(both):
		return false, "the question asks a time and the passage states none"
	case asksFigure(q, sh) && !hasAmount(both, false) && !statesNone(text):
		return false, "the question asks a figure and the passage states none"
	case periodEndAskedRE.MatchString(q) && !periodEndRE.MatchString(text):
		return false, "the question asks the day a period ends or begins and the passage does not say it"
	}
	if term := sh.Defines; term != "" && !definesTerm(text, term) {
		return false, "the question asks what " + term + " is and the passage does not say"
	}
	return true, ""
}

// asksFigure reports whether the question asks for a figure: "how
// much", "what was the amount …", or the value of a measure of quantity
// ("What were Pfizer's diluted earnings per share in 2021?", "What is the
// revenue …") — not what a measure comprises or represents ("What does
// services revenue comprise?"), and not a count, a share or a time, which
// have checks of their own.
func asksFigure(q string, sh shape) bool {
	return sh.Type == lang.AmountType || figureAskedRE.MatchString(q) ||
		sh.Figure && !sh.When && sh.Type == lang.AnyType && namesMeasure(q) && !sh.Statement
}

// namesMeasure reports whether a "What was the …" question asks the value
// of a measure: the words it asks about, up to the first preposition, name
// a quantity ("the diluted earnings per share", "Verizon's total operating
// revenues") — "the policy on deferred revenue" asks a policy.
func namesMeasure(q string) bool {
	loc := valueOfRE.FindStringIndex(q)
	if loc == nil {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(q[loc[1]:])) {
		w = strings.Trim(w, "?,.;:()\"'’")
		if phraseEnds[w] {
			break
		}
		if lang.IsQuantityWord(w) {
			return true
		}
	}
	return false
}

// phraseEnds are the words that end the noun phrase a question asks
// about.
var phraseEnds = map[string]bool{"of": true, "on": true, "for": true, "in": true, "to": true, "during": true, "at": true,
	"from": true, "by": true, "as": true, "that": true, "which": true, "under": true, "over": true, "with": true, "between": true, "among": true}

// valueOfRE finds a question asking the value of what it names: "What
// was the …", "What were Verizon's …".
var valueOfRE = regexp.MustCompile(`^\s*(?i:what)\s+(?i:is|was|were|are)\s+((?i:the)\s|\p{Lu}[\p{L}\d.&\-]*(\s+\p{Lu}[\p{L}\d.&\-]*)*['’]s?\s)`)

// A period — a fiscal year, a quarter — ends and begins on a day, and
// reports write that day after the word for it: "for the fiscal year
// ended May 26, 2019", "the quarter ending July 29, 2023", "year end:
// June 30", a balance "as of November 27, 2015". "When did the fiscal year end?" is not answered by a year
// (the question names it) nor by a date set beside another event ("filed
// on September 1, 2023", a signature's "Date: June 27, 2019").
var (
	periodEndAskedRE = regexp.MustCompile(`(?i)^\s*(when|(on )?(what|which) (date|day))\b.*\b(year|quarter|period|month|half|fiscal|semester|term)\b.*\b(end|ends|ended|ending|close|closes|closed|begin|began|begins|beginning|start|starts|started)\b`)
	periodEndRE      = regexp.MustCompile(`(?i)\b(as of|end|ends|ended|ending|year-end|close|closes|closed|closing|through|begin|began|begins|beginning|start|starts|started|starting|commenc\w*)\b[^.;|]{0,24}?\b((jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\d{1,2}\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})`)
)

// leadable reports whether a quote can lead an answer: a sentence that
// announces the table or list after it ("… are as follows:", "The
// following table summarizes …:") holds no answer itself, unless it states
// a figure on the way ("… increased to $299.3 million, primarily as a
// result of:"). An instruction that ends in a colon before its example
// ("To include query parameters, use the params keyword:") does answer.
func leadable(text string) bool {
	t := strings.TrimSpace(text)
	low := strings.ToLower(t)
	announces := strings.HasSuffix(t, ":") && (introduces(t) || strings.Contains(low, "table") || strings.Contains(low, "below")) ||
		strings.Contains(low, "as follows")
	return !announces || hasAmount(t, false)
}

// minLeadCoverage is the share of the question's term weight the leading
// quote must carry in its own words (its header and label included); a
// term only in its title or section heading counts half. Chosen on half A
// of TAT-QA and SQuAD and held on half B (docs/quality.md).
//
// A sentence of prose states its own subject, so it must carry three
// quarters; a table row or a figure under its label is read under
// headings and a title its own text does not repeat, which count half
// when they are not its own (placed), so it needs less.
const (
	minLeadCoverage      = 0.75
	minReadUnderCoverage = 0.6
)

// derivedRE finds the words by which a question asks for a figure derived
// from others.
var respectiveRE = regexp.MustCompile(`(?i)\b(respectively|each)\b`)

var derivedRE = regexp.MustCompile(`(?i)\b(chang(e|es|ed|ing)|differen(ce|ces|t)|increas(e|es|ed|ing)|decreas(e|es|ed|ing)|grow(th|n|s)?|declin(e|es|ed|ing)|ratio|average|mean|sum|combined|proportion|percentage change|as an? (percentage|proportion|share|fraction|ratio) of)\b`)

// derivation returns the family keys of the words by which question asks
// a derived figure, nil when it asks none.
//
// "Total" over two or more periods the question names asks their sum —
// unless it asks them "respectively" or "each", a list of totals.
func derivation(question string, sh shape) []string {
	var out []string
	if sh.total && len(sh.years) > 1 && !respectiveRE.MatchString(question) {
		out = append(out, "sum")
	}
	for _, m := range derivedRE.FindAllString(question, -1) {
		for _, w := range strings.Fields(strings.ToLower(m)) {
			out = append(out, lang.Family(w))
		}
	}
	return out
}

// meets reports whether the leading quote c meets the question, and when
// it does not, why (for the reply's "why" lines).
//
// others are the other quotes picked: a question that joins the figures
// it asks with "and" ("R&D expenses and capital expenditures") is
// answered by a quote each, and its weight is carried by them together.
// (Only figures: a statement joined by "and" is one statement.)
func meets(ev *app.Evidence, sh shape, c *candidate, others []*candidate, weights map[string]float64) (bool, string) {
	carried := carriedBy(ev, sh, c, others)
	text := c.window.Text[c.start:c.end]
	row := kindAt(ev, c.window, c.start) == app.BlockTable
	if ok, why := holdsKindAsked(ev, sh, c, text, row); !ok {
		return false, why
	}
	if ok, why := carriesGiven(ev, sh, c, text, carried); !ok {
		return false, why
	}
	if c.changeOf != "" && baseYearOnly(sh, c.changeOf) {
		return false, "the passage says why a later year's change came about, measured from the year asked"
	}
	if d := derivation(ev.Question.Text, sh); len(d) > 0 && !sh.Statement && !statesDerived(ev.Question.Text, d, text+"\n"+c.label) {
		// Which stated change, average or ratio is the one asked cannot
		// be told from the words alone, unless the quote names it as the
		// question does: a derived figure is computed from cited operands
		// (compute.go) or not stated as an answer.
		return false, "the question asks a figure derived from others"
	}
	if c.addressed {
		return true, "" // the question names the row and the column: the cell is what it asks
	}
	if !weighsEnough(ev, sh, c, carried, weights, row) {
		return false, "the passage carries too little of the question"
	}
	return true, ""
}

// statesNoneRE finds a figure stated as nothing: "was not material",
// "No asset impairment losses were recognized", "had no accrued
// interest", "nil".
var statesNoneRE = regexp.MustCompile(`(?i)\b(not material|immaterial|nil)\b|^\s*no\s|\b(had|has|have|was|were|recorded|recognized|recognised)\s+no\b`)

// statesNone reports whether text states the figure asked as nothing.
func statesNone(text string) bool { return statesNoneRE.MatchString(text) }

// changeFamilies are the words by which a text states a change of a
// figure; a question asking the "change" is met by any of them.
var changeFamilies = familySet(`change increase decrease rise fall grow growth decline drop improve`)

// statesDerived reports whether text states the derived figure a question
// asks as a figure of its own, named as the question names it: "Net cash
// provided by operating activities increased $224 million" for "What was
// the increase in cash provided by operating activities?", "The average
// duration of our accounts receivable is approximately 25 days" for its
// average. Each derived word the question uses is written in the quote (a
// "change" by any word of change); a sum over periods is never stated as
// one; a percentage is stated where one is asked, and only there.
func statesDerived(question string, derived []string, text string) bool {
	seq := contentFamilies(text)
	asked := map[string]bool{}
	for _, f := range contentFamilies(question) {
		if !strings.ContainsAny(f, "0123456789") && !interrogatives[f] {
			asked[f] = true // the measure's words, not the period's
		}
	}
	for _, d := range derived {
		delete(asked, d)
	}
	for w := range changeFamilies {
		delete(asked, w)
	}
	change := lang.Family("change")
	for _, d := range derived {
		if d == "sum" {
			return false
		}
		// The derived word stands beside a word of what it derives:
		// "operating activities increased", "average duration", not "an
		// increase of $3.2 million due to …" for the write-down's increase.
		beside := false
		for i, w := range seq {
			if w != d && !(d == change && changeFamilies[w]) {
				continue
			}
			for j := max(0, i-3); j <= min(len(seq)-1, i+3); j++ {
				beside = beside || j != i && asked[seq[j]]
			}
		}
		if !beside {
			return false
		}
	}
	if percentTextRE.MatchString(question) {
		return percentTextRE.MatchString(text)
	}
	return hasAmount(percentFigureRE.ReplaceAllString(text, ""), false)
}

// percentFigureRE finds a percentage written as a figure: "3.7%", "12 per cent".
var percentFigureRE = regexp.MustCompile(`(?i)\d[\d,.]*\s*(%|per\s?cent\b)`)

// carriedBy returns the stems the quote c carries as its own: its words,
// its label, its table's header and, for a row, the title, section and
// introduction it is read under, for prose its section's heading; for a
// question joining figures with "and", the other quotes' words too.
func carriedBy(ev *app.Evidence, sh shape, c *candidate, others []*candidate) map[string]bool {
	carried := map[string]bool{}
	for st := range c.own {
		carried[st] = true
	}
	if kindAt(ev, c.window, c.start) == app.BlockTable {
		// A row is read under its table's title, section and the sentence
		// introducing it: together they say what its figures are.
		for st := range c.context {
			carried[st] = true
		}
	} else if span, _, ok := locate(c.window, c.start); ok {
		// A section's heading names what every sentence under it is
		// about: "The channel will be deepened to 11 metres" under
		// "Dredging" is the dredging's depth.
		for st := range wordStems(ev.Sections[ev.Blocks[span.BlockID].SectionID]) {
			carried[st] = true
		}
	}
	if sh.Figure && joinsAsked(ev.Question.Text) {
		for _, o := range others {
			for st := range o.own {
				carried[st] = true
			}
		}
	}
	for st := range wordStems(c.label) {
		carried[st] = true
	}
	return carried
}

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
	}
	return ""
}

// movementAskedRE finds the words by which a question asks what moved a
// balance; balanceRowRE a row label that states a balance at a point in
// time.
var (
	movementAskedRE = regexp.MustCompile(`(?i)\b(granted|vested|forfeited|exercised|cancell?ed|issued|repurchased|expired|released|settled|purchased|converted|additions|disposals)\b`)
	unvestedRE      = regexp.MustCompile(`(?i)\b(non-?|un)vested\b`) // a balance's name, not a movement
	balanceRowRE    = regexp.MustCompile(`(?i)^\s*(balances?|outstanding|non-?vested|unvested|beginning|ending|opening|closing)\b|\b(at|as of)\s+(the\s+)?(beginning|end|start|close|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.?\s+\d{1,2}|\d{1,2}\s+\w+\s+\d{4}|\d{4})`)
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
	if sh.Type != lang.AnyType && sh.Type != lang.WhichType && (sh.Type != lang.WhoType || who) && typeFitOf(sh.Type, sh.Counted, text, c.label, sh.named) <= 0 &&
		!(sh.Type == lang.WhereType && lowerPlace(text)) && // a place a ligature or a typist left in lower case
		!(sh.Type == lang.WhereType && placeKindAskedRE.MatchString(q) && capitalisedNew(text, sh.named)) && // "Which country …" is answered by its name: "Sweden rationed gasoline"
		!(sh.Type == lang.CountType && setApart(text) && countsNamed(text+" "+c.label, sh.Counted)) &&
		!(sh.Type == lang.AmountType && hasAmount(text, false)) && // a table's figures carry their unit in its heading
		!(sh.Type == lang.WhereType && !asksWhereInWorld(q) && mayPoint(text)) { // "where are the balances" is answered by a pointer within the document
		return false, "the passage holds no value of the kind asked"
	}
	under := c.label
	if row && !comparesRE.MatchString(q) {
		// "Which years does the table show?" is answered by its header;
		// "Which year was it highest?" is not: the header holds every
		// year, the row does not say which is highest.
		under += "\n" + strings.Join(tableHeader(ev, c.window, c.start), "\n")
	}
	if ok, why := statesKindAsked(q, sh, text, under); !ok {
		return false, why
	}
	switch {
	case (who || sh.Type == lang.WhichType) && firmAskedRE.MatchString(q) && !namesFirm(text, sh.named):
		// "Who audits …" is answered by the firm's name; a sentence about
		// the audit names none.
		return false, "no firm is named"
	case symbolAskedRE.MatchString(q) && !givesSymbol(text+"\n"+c.label, sh.named):
		return false, "no trading symbol is given"
	case exchangeAskedRE.MatchString(q) && !namesExchange(text+"\n"+c.label):
		return false, "no exchange is named"
	case who && !firmAskedRE.MatchString(q) && !nameBesideAsked(text, sh.named) && !orgNameRE.MatchString(text) && !nameThenTitle(text, q):
		// "Who is the CEO …" is answered where a name stands beside the
		// role asked, or by a firm's name: any other name in the sentence
		// is someone else's.
		return false, "no name stands beside the role asked"
	case who && !firmAskedRE.MatchString(q) && !holdsTitleAsked(q, text, sh.named):
		return false, "the passage does not give the title asked as held by the one asked about"
	case sh.Type == lang.CountType && !wholeNumberRE.MatchString(text+" "+c.label) && !numberWordRE.MatchString(text):
		return false, "the question asks a count and the passage states no whole number"
	case row && sh.Figure && sh.Type != lang.WhichType && !hasAmount(q, false) && labelNamesSibling(c, text, sh):
		// "Trade receivables" is not the "other receivables" asked: the
		// label qualifies the measure its own way and drops the
		// question's qualifier, which nothing over the row supplies.
		return false, "the row's label names another measure"
	case row && sh.Figure && sh.Type != lang.WhichType && !hasAmount(q, false) && labelNamesOther(text, sh):
		// "Net sales of reportable segments and All Other" is another,
		// narrower measure than the net sales asked. ("Which segment had
		// …", or a question giving the figure, asks for the label.)
		return false, "the row's label names another measure"
	case sh.Figure && !row && len(derivation(q, sh)) == 0 && onlyChanges(text):
		// "Operating revenues decreased $259 million" states how the
		// figure moved, not the figure asked.
		return false, "the passage states a change of the figure, not the figure"
	case !deniesAsAsked(q, text+"\n"+c.label+"\n"+strings.Join(tableHeader(ev, c.window, c.start), "\n")):
		return false, "the question asks what is not so and the passage does not deny it"
	}
	if why := rowMisread(q, text); row && why != "" {
		return false, why
	}
	if why := saysOtherwise(q, sh, text, c.label); why != "" {
		return false, why
	}
	switch {
	case splitsName(text, nameRuns(q)):
		return false, "the passage holds the words of a name the question gives, but not as that name"
	case !row && !hasAmount(text, true) && repeatsOnly(text, sh):
		// "Continuing Operations" under "What are the components of
		// Continuing Operations?" — a heading that names what is asked
		// tells nothing of it.
		return false, "the passage only repeats the question's words"
	case row && asksFigure(q, sh) && perShareRE.MatchString(q) && !perShareRE.MatchString(rowHeading(ev, c, text)):
		// "Net income | $4,566,156" is not net income per share: a
		// per-share row says so in its label or its headings.
		return false, "the question asks a per-share amount and the row is not one"
	case asksFigure(q, sh) && perShareRE.MatchString(q) && !perShareFigureRE.MatchString(text+" "+c.label):
		// A per-share amount is written in currency units and cents
		// ("$6.42", "3.85"); "1.9 million dilutive securities" is another
		// figure.
		return false, "the question asks a per-share amount and the passage states none"
	case sh.Figure && !row && len(sh.years) > 0 && onlyOtherPeriods(text, sh.years):
		// "… decreased $259 million due to the sale of HOS, which had
		// operating revenues of $293 million in 2021" gives 2021's
		// figure (and a part's) to a question about 2022.
		return false, "the passage states the figure for another period"
	case sh.Figure && sh.Type != lang.PercentType && !percentAsked(q) && onlyPercents(text):
		return false, "the question asks an amount and the passage gives only percentages"
	case row && sh.Figure && readsPart(c, sh):
		return false, "the table holds a part's figures (a segment's, a subsidiary's), not the whole's asked"
	case !row && otherMonthOnly(q, text):
		// "In April 2019, we granted 346,453 PSUs" does not say how many
		// were granted in December 2019.
		return false, "the passage states another month than the one asked"
	case row && len(sh.years) > 0 && !partPeriodRE.MatchString(q) && readsPartPeriod(ev, c):
		// "Net sales | $ 3,226,773" under "13 Weeks Ended" is a quarter's
		// net sales, not the fiscal year's the question asks.
		return false, "the table holds a quarter's or some months' figures, not the year's asked"
	case (sh.Type == lang.WhereType || sh.Type == lang.WhichType) && !row && headquartersRE.MatchString(q) && !statesSeat(text) &&
		!placeCaptionRE.MatchString(c.label) && !placeCaptionRE.MatchString(trailingCaption(text)):
		// "… the courts of New York, located nearest the Corporation's
		// headquarters" names a place, not where the headquarters are:
		// a seat is written after "in", "at", "located in", "based in".
		return false, "the passage names no place as where it is"
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

// labelNamesOther reports whether a row's label holds more words the
// question does not ask than words it does.
//
// A "total" the question asks names no measure: it does not count as
// asked ("Total deferred tax assets" is another measure than the total
// assets asked).
func labelNamesOther(row string, sh shape) bool {
	label, _, _ := strings.Cut(row, "|")
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
	namedPartRE = regexp.MustCompile(`(\p{Lu}[\p{L}&\-]*)\s+(segment|division|subsidiary)\b`)
)

// readsPart reports whether a table row is read under an introduction
// that names a part the question does not name: by a word for a part
// ("for the Domestic segment", "for our equity method investee") or as a
// name after "for" that the question does not give ("selected financial
// data for BCC"). (A section or a title naming segments does not: the
// segment note's total row is the company's.)
func readsPart(c *candidate, sh shape) bool {
	for _, t := range lang.Tokens(c.intro) {
		if partWords[t.Lower] && !sh.named[lang.Family(t.Lower)] {
			return true
		}
	}
	for _, m := range namedPartRE.FindAllStringSubmatch(c.intro, -1) {
		if w := strings.ToLower(m[1]); !sh.named[lang.Family(w)] && !sh.named[w] && !lang.IsStopWord(w) {
			return true
		}
	}
	for _, m := range forNameRE.FindAllStringSubmatch(c.intro, -1) {
		other := false
		for _, t := range lang.Tokens(m[2]) {
			switch {
			case sh.named[lang.Family(t.Lower)], sh.named[t.Lower], ownWords[t.Lower]:
				other = false
			case !periodWords[lang.Family(t.Lower)] && !monthNameRE.MatchString(t.Lower) && !lang.IsStopWord(t.Lower) && !t.Num:
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

var monthNameRE = regexp.MustCompile(`^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^q[1-4]$`)

// forNameRE finds a name after "for" in an introduction.
var forNameRE = regexp.MustCompile(`\bfor\s+(the\s+)?(\p{Lu}[\p{L}&.\-]*(?:\s+\p{Lu}[\p{L}&.\-]*)*)`)

// carriesGiven reports whether the quote carries the measure a figure
// question names and every name, number and year the question gives.
func carriesGiven(ev *app.Evidence, sh shape, c *candidate, text string, carried map[string]bool) (bool, string) {
	placed := c.context
	families := map[string]bool{}
	for st := range carried {
		families[lang.Family(st)] = true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text+" "+c.label), notLetter) {
		families[lang.Family(w)] = true
	}
	// The noun that names the figure asked ("revenue" in "What was the
	// revenue in the third quarter?") is the measure: a quote that does
	// not carry it answers for another measure, whatever else it shares.
	// (A name's kind — "Which paper …" — is seldom written beside the
	// name, so only a figure's measure is required.)
	if k := sh.Kind; sh.Figure && sh.Type == lang.AnyType && k != "" && !genericKinds[k] && !families[k] && !placed[k] && !c.words[k] {
		return false, "the passage does not carry the measure asked (" + k + ")"
	}
	if n := numberNotGiven(ev.Question.Text, text+"\n"+c.label, carried, placed); n != "" {
		return false, "the passage does not give the number " + n
	}
	if w := superlativeNotWritten(ev.Question.Text, text+"\n"+c.label, families, placed); w != "" {
		return false, "the passage does not say " + w
	}
	if !writesMeasure(ev, sh, c, text) {
		return false, "the passage does not write the measure asked (" + sh.MeasureText + ")"
	}
	given := givenNames(ev.Question.Text)
	for y := range sh.years {
		given[y] = true
	}
	for _, n := range slices.Sorted(maps.Keys(given)) { // the same reason every time
		if periodWords[lang.Family(n)] && len(sh.years) > 0 {
			continue // "December 31, 2022" is met where its year is
		}
		st, f := lang.Inflection(n), lang.Family(n)
		if !carried[st] && !placed[st] && !carried[n] && !placed[n] && !c.words[st] && !c.words[f] {
			return false, "the passage does not name " + n
		}
	}
	return true, ""
}

// namedKind returns the kind a which-, who- or where-question names —
// "Which paper …", "Which city …" — whose answer names one of the kind,
// seldom the word; "" for other questions.
func (sh shape) namedKind() string {
	if sh.Type == lang.WhichType || sh.Type == lang.WhoType || sh.Type == lang.WhereType {
		return sh.Kind
	}
	return ""
}

// weighsEnough reports whether the quote carries enough of the question's
// term weight: the words that only say how it asks, the kind a which- or
// who-question names and a leading setting clause's words aside.
func weighsEnough(ev *app.Evidence, sh shape, c *candidate, carried map[string]bool, weights map[string]float64, row bool) bool {
	kind := sh.namedKind()
	setting := settingStems(ev.Question.Text)
	degree := ""
	if measures(c.window.Text[c.start:c.end] + "\n" + c.label) {
		degree = askedDegree(ev.Question.Text) // "How large …" is met by "153,000", not by the word
	}
	titled := selfNames(ev.Question.Text, c.window.Text[c.start:c.end], c.src, sh.Particular && onFirstPage(ev, c))
	people := ""
	if sh.Type == lang.CountType && len(sh.Counted) > 0 && namesPeople(c.window.Text[c.start:c.end]) {
		people = peopleCounted(sh.Counted) // "How many people …" is met by "60,000 European settlers"
	}
	share, total := 0.0, 0.0
	for t, w := range weights {
		if interrogatives[t] || t == kind && kind != "" || setting[t] || t == degree && degree != "" || t == people || sh.frame[t] {
			continue // how the question asks, which no answer writes; where it looks
		}
		total += w
		switch {
		case carried[t] || titled[t]:
			share += w
		case c.context[t]:
			share += w / 2
		}
	}
	need := minLeadCoverage
	switch {
	case !englishFormRE.MatchString(ev.Question.Text):
		// Words of languages whose inflections the stems here do not join
		// ("깨뜨렸습니까" and "깨뜨렸습니다") match less of a sentence that
		// answers: the answerer's own floor is the bar.
		need = minCoverage
	case row || c.label != "":
		need = minReadUnderCoverage
	}
	return total == 0 || share/total >= need
}

// selfNames returns the question's words for the document's issuer that
// text carries by speaking of the issuer. A filing calls its issuer by a
// defined term ("the Company", "the Corporation") or "we" and "our", not
// by its name: such a sentence carries in full the names the question
// gives that the document's title writes (the title's other words only
// place it, half), and the question's own "the Company" or "the company".
// So does every entry of a form's cover (cover: the quote is on the first
// page and the question asks a particular the cover states): the cover
// is the issuer's statement of itself.
func selfNames(question, text string, src *app.Source, cover bool) map[string]bool {
	out := map[string]bool{}
	if !cover && !selfReferenceRE.MatchString(text) {
		return out
	}
	for _, m := range definedSelfRE.FindAllStringSubmatch(question, -1) {
		out[lang.Family(strings.ToLower(m[1]))] = true // "the Company's common stock" is "our common stock"
	}
	if src == nil || src.Title == "" {
		return out
	}
	title := wordStems(src.Title)
	for n := range givenNames(question) {
		for st := range wordStems(n) {
			if title[st] {
				out[st] = true
			}
		}
	}
	return out
}

// onFirstPage reports whether the quote c stands on its document's first
// page.
func onFirstPage(ev *app.Evidence, c *candidate) bool {
	span, _, ok := locate(c.window, c.start)
	return ok && ev.Blocks[span.BlockID].Page == 1
}

// selfReferenceRE finds the words by which a filing or a report speaks of
// its own issuer: the defined term it gives itself, or the first person
// plural.
var selfReferenceRE = regexp.MustCompile(`\b(the (Company|Corporation|Firm|Group|Registrant|Partnership|Trust|Bank)\b|([Ww]e|[Oo]ur|[Uu]s)\b)`)

// definedSelfRE finds, in a question, the term by which a filing or a
// report speaks of its issuer: "the Company's", "the Group", "the
// company" as a question about a report writes it.
var definedSelfRE = regexp.MustCompile(`(?i)\bthe (company|corporation|firm|group|registrant|partnership|trust|bank)\b`)

// setApart reports whether text may set a figure apart from its noun, as
// a brochure or a slide sets "20" under "Offices": it is short, or it is
// no sentence (it does not end as one). In a sentence a count stands
// beside what it counts (hasCount), and a number elsewhere in it counts
// something else.
func setApart(text string) bool {
	t := strings.TrimSpace(text)
	return len(strings.Fields(t)) <= 12 || !strings.HasSuffix(t, ".") && !strings.HasSuffix(t, ".”") && !strings.HasSuffix(t, ".\"")
}

// countsNamed reports whether text holds a whole number and the counted
// noun: a brochure sets "20" apart from "Offices", in the same passage. A
// count is whole: a percentage or a fraction counts nothing.
func countsNamed(text string, counted []string) bool {
	if len(counted) == 0 || !wholeNumberRE.MatchString(text) && !numberWordRE.MatchString(text) {
		return false // "nine nights" counts as "9 nights" does
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), notLetter) {
		words[lang.Family(w)] = true
	}
	for _, k := range counted {
		if !words[k] {
			return false
		}
	}
	return true
}

// joinsAsked reports whether a question joins things with "and": "What
// were X and Y in 2022?".
func joinsAsked(q string) bool {
	return strings.Contains(strings.ToLower(q), " and ")
}

// settingLeads open a clause that sets where or under what condition a
// question asks before it asks: "If … is displayed, what …", "In the
// figure at the top of page 5, what …", "Among the three strategies, which
// …". The clause places the answer; the sentence that answers writes what
// is asked, seldom the setting again. (Its names and years still bind.)
var settingLeads = append([]string{"in ", "among ", "of ", "for ", "on ", "within ", "from "}, lang.ConditionLeads()...)

// settingStems returns the stems only a leading setting clause of q holds.
func settingStems(q string) map[string]bool {
	low := strings.ToLower(strings.TrimSpace(q))
	i := strings.IndexAny(low, ",:")
	if i <= 0 {
		return nil
	}
	lead := false
	for _, l := range settingLeads {
		lead = lead || strings.HasPrefix(low, l)
	}
	if !lead {
		return nil
	}
	main := wordStems(low[i+1:])
	out := map[string]bool{}
	for st := range wordStems(low[:i]) {
		if !main[st] {
			out[st] = true
		}
	}
	return out
}

// howDegreeRE finds the adjective by which "how" asks a measure's size:
// "How large was the workforce?" is answered by "The workforce was
// 153,000", which does not write "large".
var howDegreeRE = regexp.MustCompile(`(?i)\bhow\s+(large|big|small|long|old|tall|high|far|wide|deep|heavy|fast|often|frequently)\b`)

// askedDegree returns the family key of the adjective by which the
// question asks a size (howDegreeRE), "" when it asks none.
func askedDegree(q string) string {
	if m := howDegreeRE.FindStringSubmatch(q); m != nil {
		return lang.Family(strings.ToLower(m[1]))
	}
	return ""
}

// measures reports whether text states a measure: a number that is not a
// year alone, or a number written as a word.
func measures(text string) bool {
	for _, t := range lang.Tokens(text) {
		if t.Num && strings.Trim(t.Lower, "0123456789.,") == "" {
			if _, year := yearOf(t.Lower); !year {
				return true
			}
		}
	}
	return numberWordRE.MatchString(text)
}

// interrogatives, and the words by which a question asks for several
// values in order ("respectively"), say how it asks.
var interrogatives = familySet(`what which who whom whose when where why how respectively respective`)

var (
	wholeNumberRE = regexp.MustCompile(`(^|[^\d.,])\d+(,\d{3})*(\s|$|[^\d.,%])`)
	roleTitleRE   = regexp.MustCompile(`(?i)\b(ceo|cfo|coo|cto|chief|president|chair|chairman|chairwoman|chairperson|director|auditors?|audits?|audited|founders?|founded|head|leader|manager|secretary|treasurer|judge|governor|minister|mayor|owner|partner|officer|executive|defendants?|plaintiffs?|appellants?|appellees?|respondents?|petitioners?|claimants?)\b`)
	lowerPlaceRE  = regexp.MustCompile(`\b(in|at|near|located|based|headquartered|situated)\s+(the\s+)?(\p{Ll}{3,})`)
	englishFormRE = regexp.MustCompile(`(?i)\b(what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|the|of|an?)\b`)
	numberWordRE  = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|dozens|hundreds|thousands|millions)\b`)
	orgNameRE     = regexp.MustCompile(`\b(\p{Lu}[\p{L}&.\-]*\s+){1,5}(LLP|LLC|Inc\.?|Ltd\.?|PLC|plc|GmbH|AG|S\.A\.|N\.V\.)\b`)
	percentAskRE  = regexp.MustCompile(`(?i)\b(percent|percentage|%|share|portion|proportion|margin|rate|ratio)\b`)
	figureAnyRE   = regexp.MustCompile(`\d[\d,]*(\.\d+)?\s*(%|percent\b|per cent\b)?`)
)

// changeFigureRE finds a figure stated as a change: "decreased $259
// million", "increased by 9%", "an increase of 4.2 million", "up 3%" —
// not "increased to $299.3 million", which states the figure reached.
var changeFigureRE = regexp.MustCompile(`(?i)\b(increas|decreas|grew|grow|declin|rose|fell|drop|gain|los|up|down)\w*\s+(by\s+|of\s+)?(approximately\s+|about\s+)?[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b|thousand\b)?`)

// repeatsOnly reports whether every word of text the question already
// holds (its own words, or a firm's suffix): it adds nothing to what was
// asked.
func repeatsOnly(text string, sh shape) bool {
	n := 0
	for _, t := range lang.Tokens(text) {
		if lang.IsStopWord(t.Lower) || orgSuffix[t.Lower] {
			continue
		}
		if !sh.named[lang.Family(t.Lower)] && !sh.stems[lang.Family(t.Lower)] {
			return false
		}
		n++
	}
	return n > 0
}

var (
	perShareRE       = regexp.MustCompile(`(?i)\bper (common |ordinary )?share\b|\beps\b`)
	perShareFigureRE = regexp.MustCompile(`(?i)(^|[^\d,.])\(?-?\d{1,3}\.\d{2,4}\)?(\s|$|[^\d%])|[$€£¥₹]\s?\d|\b(inr|rs\.?|usd|eur|gbp|cents?)\s?\d|\d\s?(cents?|pence)\b|\d(\.\d+)?p\b`)
)

// boundFigureRE finds a figure bound to a year by the words after it:
// "$293 million in 2021", "4.2 billion for fiscal 2020".
var boundFigureRE = regexp.MustCompile(`(?i)[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(million|billion|thousand)?\s+(in|for|during|as of|at the end of)\s+(fiscal\s+(year\s+)?)?((?:19|20)\d{2})\b`)

// onlyOtherPeriods reports whether every figure text states, changes
// aside, is bound to a year other than the years the question asks.
func onlyOtherPeriods(text string, years map[string]bool) bool {
	other := false
	rest := boundFigureRE.ReplaceAllStringFunc(changeFigureRE.ReplaceAllString(text, " "), func(m string) string {
		y := boundFigureRE.FindStringSubmatch(m)[6]
		if years[y] || years["fy"+y] {
			return m
		}
		other = true
		return " "
	})
	return other && !hasAmount(rest, false)
}

// onlyChanges reports whether every figure text states (years aside) is
// stated as a change.
func onlyChanges(text string) bool {
	if !changeFigureRE.MatchString(text) {
		return false
	}
	return !hasAmount(changeFigureRE.ReplaceAllString(text, " "), false)
}

func percentAsked(q string) bool { return percentAskRE.MatchString(q) }

// countWords are the numbers English writes in words that a question
// gives as a condition ("two MSPs", "three times"); "one" is left out, it
// is as often a pronoun.
var countWords = map[string]string{"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twice": "2", "thrice": "3"}

// numberNotGiven returns a number the question gives — "Article 20",
// "about 2,000 Huguenots", "two MSPs" — that the quote, its label, header
// and title do not write, as digits or in words; "" when each is there.
// Years and the days of dates are periods, checked as such.
func numberNotGiven(q, text string, carried, placed map[string]bool) string {
	written := map[string]bool{}
	for _, t := range lang.Tokens(text) {
		written[t.Lower] = true
		if d, ok := countWords[t.Lower]; ok {
			written[d] = true
		}
	}
	for _, n := range numbers(q) {
		if n.year || strings.Contains(n.text, ".") {
			continue
		}
		d := strings.ReplaceAll(n.text, ",", "")
		if !written[d] && !carried[d] && !placed[d] {
			return n.text
		}
	}
	toks := lang.Tokens(q)
	for i, t := range toks {
		d, ok := countWords[t.Lower]
		if !ok || i > 0 && itemCounters[toks[i-1].Lower] {
			continue // "What are the two sources …" counts what it asks for; the answer need not
		}
		if !written[d] && !carried[d] && !placed[d] {
			return t.Lower
		}
	}
	return ""
}

// itemCounters before a number word make it count the answer's items.
var itemCounters = map[string]bool{"the": true, "which": true, "what": true, "these": true, "those": true, "its": true, "their": true}

// superlatives single one thing out of others; a sentence that answers a
// question asking for "the oldest" or "the first" says so.
//
// "Most" and "least" are left out: "most of the colonies", "at its most
// powerful" rarely come back in the sentence that answers.
var superlatives = wordSet(`largest smallest highest lowest biggest greatest oldest newest youngest
	earliest latest longest shortest best worst first last fastest slowest richest poorest deepest tallest
	strongest weakest closest nearest farthest furthest heaviest lightest cheapest busiest`)

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// superlativeNotWritten returns a superlative the question asks by that
// text does not write, or "".
func superlativeNotWritten(q, text string, carried, placed map[string]bool) string {
	written := map[string]bool{}
	for _, t := range lang.Tokens(text) {
		written[lang.Family(t.Lower)] = true
	}
	toks := lang.Tokens(q)
	for i, t := range toks {
		if t.Cap && i > 0 || !superlatives[t.Lower] {
			continue // "Best Buy" is a name
		}
		if i+1 < len(toks) && periodWords[lang.Family(toks[i+1].Lower)] {
			continue // "last year", "the first quarter": a period, checked as such
		}
		if f := lang.Family(t.Lower); !written[f] && !carried[f] && !placed[f] {
			return "\"" + t.Lower + "\""
		}
	}
	return ""
}

// writesMeasure reports whether a sentence writes the measure a figure
// question names in more than one word as one phrase: "total assets" is
// not met by "a total pension benefit … on plan assets". A word the
// sentence writes only in its long form ("diluted earnings per share"
// for "diluted EPS") is met where the candidate carries it; one word
// between two of the phrase's is allowed ("net operating revenues").
// Table rows are read under their labels and headers and are checked
// there.
func writesMeasure(ev *app.Evidence, sh shape, c *candidate, text string) bool {
	if len(sh.Measure) < 2 || sh.Statement || kindAt(ev, c.window, c.start) == app.BlockTable ||
		sh.Type != lang.AnyType && sh.Type != lang.AmountType && sh.Type != lang.PercentType {
		return true
	}
	// Words the question writes inside its measure but the reading left
	// out of it ("value" in "market value per ordinary share") may stand
	// inside the quote's phrase too.
	inMeasure := map[string]bool{}
	for _, m := range sh.Measure {
		inMeasure[m] = true
	}
	asked := map[string]bool{}
	for _, f := range contentFamilies(ev.Question.Text) {
		asked[f] = !inMeasure[f]
	}
	seq := slices.DeleteFunc(contentFamilies(text), func(f string) bool { return asked[f] })
	var run []string
	total := lang.Family("total")
	for _, m := range sh.Measure {
		switch {
		case m == total && !slices.Contains(seq, m):
			// A sentence may state a total without the word; one that
			// writes "total" of something else states another total.
		case slices.Contains(seq, m):
			run = append(run, m)
		case !c.own[m]:
			return false
		}
	}
	return runWithGaps(seq, run, 0)
}

// runWithGaps reports whether seq holds run in order, each word at most
// gap words after the one before it.
func runWithGaps(seq, run []string, gap int) bool {
	if len(run) == 0 {
		return true
	}
	for i, w := range seq {
		if w != run[0] {
			continue
		}
		at, k := i, 1
		for j := i + 1; j < len(seq) && k < len(run) && j-at <= gap+1; j++ {
			if seq[j] == run[k] {
				at, k = j, k+1
			}
		}
		if k == len(run) {
			return true
		}
	}
	return false
}

var (
	monthWordRE = regexp.MustCompile(`(?i)\b(january|february|march|april|may|june|july|august|september|october|november|december)\b`)
	extremeRE   = regexp.MustCompile(`(?i)\b(most|least|largest|smallest|highest|lowest|biggest|greatest|maximum|minimum)\b`)
	// a month named as a period: "in December 2019", "December 31, 2019"
	monthPeriodRE = regexp.MustCompile(`(?i)\b(january|february|march|april|june|july|august|september|october|november|december)\b(\s+\d{1,2},?)?\s+(19|20)\d\d\b`)
)

// otherMonthOnly reports whether the question names a month of a year as
// its period and text names months, none of them the asked one. ("May"
// is left out of the question's months: it is also a verb.)
func otherMonthOnly(q, text string) bool {
	asked := map[string]bool{}
	for _, m := range monthPeriodRE.FindAllStringSubmatch(q, -1) {
		asked[strings.ToLower(m[1])] = true
	}
	if len(asked) == 0 {
		return false
	}
	named := monthWordRE.FindAllString(text, -1)
	for _, m := range named {
		if asked[strings.ToLower(m)] {
			return false
		}
	}
	return len(named) > 0
}

// asksWhichExtreme reports whether a question asks which item is the
// largest or smallest ("Which segment had the highest revenue?", "What
// is the component that contributed the most …"): an answer names the
// item, found by comparing the items.
func asksWhichExtreme(q string, sh shape) bool {
	if !extremeRE.MatchString(q) {
		return false
	}
	return sh.Type == lang.WhichType || sh.Kind != "" && !lang.IsQuantityWord(sh.Kind) && !genericKinds[sh.Kind]
}

var (
	// partPeriodRE finds a period shorter than a year: what a question
	// asks by it, or what a table's heading says its columns hold.
	partPeriodRE = regexp.MustCompile(`(?i)\b(quarters?|q[1-4]|(three|six|nine|3|6|9) months|1[0-9] weeks|2[0-9] weeks|3[0-9] weeks|months? ended|half[- ]year|semi-?annual|interim)\b`)
	// wholeYearRE finds a heading of a whole year's columns.
	wholeYearRE = regexp.MustCompile(`(?i)\b(years? ended|fiscal years?|twelve months|12 months|5[23] weeks|annual)\b`)
)

// readsPartPeriod reports whether the table row c stands under a heading —
// its header rows, its section's heading, its introduction — that gives
// its columns a period shorter than a year ("13 Weeks Ended", "Three
// Months Ended June 30"), and none that gives a whole year.
func readsPartPeriod(ev *app.Evidence, c *candidate) bool {
	heading := strings.Join(tableHeader(ev, c.window, c.start), "\n") + "\n" + tableIntro(ev, *c)
	if span, _, ok := locate(c.window, c.start); ok {
		tb := ev.Blocks[span.BlockID]
		heading += "\n" + ev.Sections[tb.SectionID]
		for _, b := range ev.Blocks {
			if b.Seq == tb.Seq-1 && b.Kind == app.BlockHeading {
				heading += "\n" + b.Text // "13 Weeks Ended" set above the table
			}
		}
	}
	return partPeriodRE.MatchString(heading) && !wholeYearRE.MatchString(heading)
}

// rowHeading returns what a table row is read under: its own label, the
// label it is stated under, its table's header rows and introduction, and
// its section's heading.
func rowHeading(ev *app.Evidence, c *candidate, text string) string {
	label, _, _ := strings.Cut(text, "|")
	h := label + "\n" + c.label + "\n" + strings.Join(tableHeader(ev, c.window, c.start), "\n") + "\n" + tableIntro(ev, *c)
	if span, _, ok := locate(c.window, c.start); ok {
		h += "\n" + ev.Sections[ev.Blocks[span.BlockID].SectionID]
	}
	return h
}

// cellIsPercent reports whether the cell of row c the question's column
// names is a percentage, by its own sign or its column's heading; a row
// whose asked cell cannot be told is given the benefit of the doubt.
func cellIsPercent(ev *app.Evidence, sh shape, c *candidate, text string) bool {
	tc, ok := sh.askedCell(tableHeader(ev, c.window, c.start), text)
	return !ok || percentTextRE.MatchString(tc.value+" "+tc.column+" "+tc.group+" "+tc.over)
}

var bracketedRE = regexp.MustCompile(`\([^()]*\)`)

// captionsOnly reports whether text is nothing but bracketed asides, as
// the captions under a form's entries are; brackets in two columns may
// nest.
func captionsOnly(text string) bool {
	if !strings.Contains(text, "(") || strings.IndexFunc(text, unicode.IsLetter) < 0 {
		return false // "(301) 897-6000" is a telephone number, no caption
	}
	for rest := ""; rest != text; {
		rest, text = text, bracketedRE.ReplaceAllString(text, "")
	}
	return strings.IndexFunc(text, unicode.IsLetter) < 0
}

// onlyPercents reports whether every figure in text (years and the days
// of dates aside) is a percentage.
func onlyPercents(text string) bool {
	n := 0
	for _, loc := range figureAnyRE.FindAllStringSubmatchIndex(text, -1) {
		m := []string{text[loc[0]:loc[1]], "", ""}
		if loc[4] >= 0 {
			m[2] = text[loc[4]:loc[5]]
		}
		f := strings.TrimRight(strings.TrimSpace(m[0]), ",")
		if _, year := yearOf(strings.TrimRight(f, "%")); year && m[2] == "" {
			continue
		}
		if m[2] == "" && monthRE.MatchString(text[:loc[0]]) {
			continue // the day of a date ("May 31, 2019") is no amount
		}
		if m[2] == "" {
			return false
		}
		n++
	}
	return n > 0
}

// shareOfRE finds a question asking a part's share of a whole.
var shareOfRE = regexp.MustCompile(`(?i)\b(percent\w*|proportion|share|ratio|out of)\b`)

// totalOfTable reports whether the "total" a question writes is its
// table's name for what it measures, not the row asked: the table's
// introduction or header writes it ("total external revenues by
// geographic location", a "Total" column), and the row's label is the
// question's own, every word asked ("the total external revenues from
// Canada" is the row "Canada").
func totalOfTable(ev *app.Evidence, sh shape, c *candidate, text string) bool {
	if sh.Type == lang.PercentType || len(derivation(ev.Question.Text, sh)) > 0 || shareOfRE.MatchString(ev.Question.Text) {
		return false // "the percentage of X out of total Y" asks a share of the total
	}
	label, _, _ := strings.Cut(text, "|")
	label = glossless(label)
	if askedWords(label, sh.named) == 0 || unaskedWords(label, sh.named) > 0 {
		return false
	}
	around := strings.ToLower(c.intro + "\n" + strings.Join(tableHeader(ev, c.window, c.start), "\n"))
	return strings.Contains(around, "total")
}

// labelSays reports whether a table row's label (its first cell) holds
// the word.
func labelSays(row, word string) bool {
	label, _, _ := strings.Cut(row, "|")
	return strings.Contains(strings.ToLower(label), word)
}

func notLetter(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127) }

// A model's answer passes the same check as the offline one, claim by
// claim: every figure a claim states must stand in the quote that cites
// it. A model that rounds, converts or invents a figure writes one its
// quote does not hold; such a claim is listed as unsupported with the
// reply (shown as such, never hidden and never as supported).

var figureRE = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// unsupported returns the claims of reply r whose cited quote (cits, in
// claim order as Pincite made them) does not hold a figure they state.
func unsupported(ev *app.Evidence, r *Reply, cits []app.Citation) []string {
	claims := claimsOf(ev, r, map[int][]Candidate{})
	if len(claims) != len(cits) {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for i, c := range claims {
		quote := " " + strings.ReplaceAll(cits[i].Quote, ",", "") + " "
		for _, f := range figureRE.FindAllString(c.Text, -1) {
			f = strings.TrimRight(strings.ReplaceAll(f, ",", ""), ".")
			if !holdsFigure(quote, f) && !seen[c.Text] {
				seen[c.Text] = true
				out = append(out, strings.TrimSpace(c.Text))
				break
			}
		}
	}
	return out
}

// holdsFigure reports whether text holds the figure f as a whole number:
// "12" is not found in "2012" or "12.5".
func holdsFigure(text, f string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], f)
		if j < 0 {
			return false
		}
		j += i
		before, after := text[j-1], byte(' ')
		if end := j + len(f); end < len(text) {
			after = text[end]
			if after == '.' && end+1 < len(text) && text[end+1] >= '0' && text[end+1] <= '9' {
				after = '0' // a decimal goes on: another figure
			}
		}
		if !(before >= '0' && before <= '9' || before == '.') && !(after >= '0' && after <= '9') {
			return true
		}
		i = j + 1
	}
}

// A question that asks what something does not do, or who did not, is
// not answered by a sentence that says what it does: the sentence must
// deny as the question does. (The other way round is not so: "What
// should fall under article 56?" may be answered by what should not,
// among what should.)
//
// The denial must bear on what the question denies: "Who was not exempt
// from member state taxes?" is not answered by "… being exempt from
// member state taxes (but not EU taxes)". The first content word after
// the question's denial ("exempt") must follow a denial in the sentence
// within a few words ("not exempt", "never fully exempt"), or be denied
// by its own prefix ("non-exempt").
var negationRE = regexp.MustCompile(`(?i)\b(not|never|none|neither|nor|cannot|nothing|nobody|no longer|no)\b|n['’]t\b|\bnon-?\p{L}`)

// denialReach is how many words before the denied word a denial bears on
// it.
const denialReach = 4

// deniesAsAsked reports whether text denies when the question does, and
// what it denies.
func deniesAsAsked(q, text string) bool {
	var loc []int
	for _, l := range negationRE.FindAllStringIndex(q, -1) {
		if !strings.HasPrefix(strings.ToLower(q[l[0]:l[1]]), "non") {
			loc = l // "non-vested" names a kind of thing; "not vested" denies
			break
		}
	}
	if loc == nil {
		return !negationRE.MatchString(q) || negationRE.MatchString(text)
	}
	denied := ""
	for _, t := range lang.Tokens(q[loc[1]:]) {
		if !lang.IsStopWord(t.Lower) && !negationRE.MatchString(t.Lower) {
			denied = lang.Family(t.Lower)
			break
		}
	}
	if !negationRE.MatchString(text) {
		return false
	}
	if denied == "" {
		return true
	}
	toks := lang.Tokens(text)
	for i, t := range toks {
		if lang.Family(t.Lower) != denied && lang.Family(strings.TrimPrefix(strings.TrimPrefix(t.Lower, "non"), "-")) != denied {
			continue
		}
		if strings.HasPrefix(t.Lower, "non") && lang.Family(t.Lower) != denied {
			return true // "non-exempt"
		}
		for j := max(0, i-denialReach); j < i; j++ {
			if negationRE.MatchString(toks[j].Lower) || strings.HasSuffix(toks[j].Lower, "n't") || strings.HasSuffix(toks[j].Lower, "n’t") {
				return true
			}
		}
	}
	return false
}

// A name is its words in order: "Zbigniew Marek" is not named by a
// sentence about "Marek Budzyński and Zbigniew Badowski", nor "the
// Centre for Ujazdow Art" by "Ujazdów Castle … Centre for Contemporary
// Art". nameRuns returns the runs of two or more capitalised words a
// question gives (its first word aside), as family keys; none for a
// question written in title case or capitals, whose capitals say
// nothing.
func nameRuns(q string) [][]string {
	toks := lang.Tokens(q)
	caps := 0
	for _, t := range toks {
		if t.Cap || t.AllCaps {
			caps++
		}
	}
	if len(toks) == 0 || caps*2 > len(toks) {
		return nil
	}
	var runs [][]string
	var run []string
	flush := func() {
		if len(run) >= 2 {
			runs = append(runs, run)
		}
		run = nil
	}
	for i, t := range toks {
		if i > 0 && (t.Cap || t.AllCaps) && !t.Num && !lang.IsStopWord(t.Lower) && (len(run) == 0 || adjacentTokens(q, toks[i-1], t)) {
			run = append(run, lang.Family(t.Lower))
			continue
		}
		flush()
		if i > 0 && (t.Cap || t.AllCaps) && !t.Num && !lang.IsStopWord(t.Lower) {
			run = append(run, lang.Family(t.Lower))
		}
	}
	flush()
	return runs
}

// splitsName reports whether text holds every word of a name the
// question gives but neither word after word nor in the question's order
// within one name of its own — a longer form keeps them ("Amcor UK Finance plc" names "Amcor
// Finance", "Maria Skłodowska-Curie" names "Maria Curie").
func splitsName(text string, runs [][]string) bool {
	if len(runs) == 0 {
		return false
	}
	toks := lang.Tokens(text)
	have := map[string]bool{}
	var seq []string
	var names [][]string // the text's runs of capitalised words
	var cur []string
	for i, t := range toks {
		f := lang.Family(t.Lower)
		have[f] = true
		seq = append(seq, f)
		if (t.Cap || t.AllCaps) && !t.Num && (len(cur) == 0 || adjacentTokens(text, toks[i-1], t)) {
			cur = append(cur, f)
			continue
		}
		names = append(names, cur)
		cur = nil
		if (t.Cap || t.AllCaps) && !t.Num {
			cur = []string{f}
		}
	}
	names = append(names, cur)
	for _, run := range runs {
		all := true
		for _, w := range run {
			all = all && have[w]
		}
		if !all {
			continue
		}
		kept := lang.ContainsRun(seq, run) // as the question writes it, in any case
		for _, n := range names {
			kept = kept || inOrder(n, run)
		}
		if !kept {
			return true
		}
	}
	return false
}

// inOrder reports whether seq holds the words of run in run's order.
func inOrder(seq, run []string) bool {
	i := 0
	for _, w := range seq {
		if i < len(run) && w == run[i] {
			i++
		}
	}
	return i == len(run)
}
