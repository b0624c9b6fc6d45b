package answer

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
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
//
// This file holds the verdict itself (meets) and the weighing of the
// question's words; its tests stand beside it: verdictkind.go (a value of
// the kind asked), verdictgiven.go (what the question gives: issuer,
// measure, period, count, percentage), verdictdenials.go (denials,
// names) and verdictwhole.go (a part's figure is not the whole's).

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
	// whatFigureRE finds a question that asks by a figure's name, after
	// a setting it may open with: "By default, what rate of pressure drop
	// …", "Which price …".
	whatFigureRE = regexp.MustCompile(`(?i)^(?:[^?,]{0,40},\s*)?(?:what|which)\s+(amount|number|sum|value|price|rate|percentage|ratio|margin|size|count|cost|fee|salary|score|accuracy|average|balance)\b`)
	defineCueRE  = regexp.MustCompile(`(?i)^[\p{L}\- ]{0,20}?\s*(\([^)]*\)\s*)?,?\s*(is|are|means?|refers? to|represents?|denotes?|consists? of|comprises?|is defined as|describes?)\b`)
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
// statement the question's form asks, and if not, what is missing;
// pointed is the passage text points back to ("The decrease in …"), or
// "".
func statesKindAsked(q string, sh shape, text, label, pointed string) (bool, string) {
	both := text + "\n" + label
	switch {
	case sh.Reason && !reasonCueRE.MatchString(text):
		return false, "the question asks a reason and the passage states none"
	case sh.Time && !timeRE.MatchString(both):
		return false, "the question asks a time and the passage states none"
	case asksFigure(q, sh) && !hasAmount(both, false) && !statesNone(text):
		return false, "the question asks a figure and the passage states none"
	case reportsMeasure(q, sh) && !hasAmount(both+"\n"+pointed, false) && !statesNone(text):
		// "The decrease in sales and marketing expenses … was due to:"
		// states its figure in the row it points back to.
		return false, "the question asks a figure and the passage states none"
	case periodEndAskedRE.MatchString(q) && (!periodEndRE.MatchString(text) || !writesPeriodAsked(q, both)):
		// "When did the fiscal year end?" is answered by a date the year
		// ends on, not by "as of July 27, 2015" in an exhibit's title or
		// the last day of the second fiscal quarter.
		return false, "the question asks the day a period ends or begins and the passage does not say it"
	}
	if term := sh.Defines; term != "" && !definesTerm(text, term) {
		return false, "the question asks what " + term + " is and the passage does not say"
	}
	return true, ""
}

// writesPeriodAsked reports whether text writes the kind of period whose
// end or start question q asks ("year", "quarter", …; "fiscal 2015" asks
// a year): "the last day of our second fiscal quarter" ends no year.
func writesPeriodAsked(q, text string) bool {
	m := periodEndAskedRE.FindStringSubmatch(q)
	if m == nil {
		return true
	}
	asked := lang.Family(strings.ToLower(m[5]))
	if asked == lang.Family("fiscal") {
		asked = lang.Family("year") // "fiscal 2017" is a fiscal year
	}
	for _, t := range lang.Tokens(text) {
		if f := lang.Family(t.Lower); strings.HasPrefix(f, asked) || asked == lang.Family("year") && f == lang.Family("annual") { // "quarterly" of "quarter"
			return true
		}
	}
	return false
}

// asksFigure reports whether the question asks for a figure: "how
// much", "what was the amount …", or the value of a measure of quantity
// ("What were Pfizer's diluted earnings per share in 2021?", "What is the
// revenue …") — not what a measure comprises or represents ("What does
// services revenue comprise?"), and not a count, a share or a time, which
// have checks of their own.
func asksFigure(q string, sh shape) bool {
	return sh.Type == lang.AmountType || figureAskedRE.MatchString(q) || whatFigureRE.MatchString(q) ||
		sh.Figure && !sh.When && sh.Type == lang.AnyType && namesMeasure(q) && !sh.Statement
}

// whatDidReportRE finds a question asking what measure its entity
// reported: "What total equity did Corning report on its balance sheet
// …?", "What net sales did the segment post …?".
var whatDidReportRE = regexp.MustCompile(`(?i)^\s*what\s+([^?]+?)\s+(?:did|does|do)\s+[^?]+?\b(?:report|record|post|book|show|disclose)\b`)

// reportsMeasure reports whether q asks what measure of quantity its
// entity reported (whatDidReportRE): its figure, which a sentence that
// names the statement and states no amount does not give.
func reportsMeasure(q string, sh shape) bool {
	m := whatDidReportRE.FindStringSubmatch(q)
	return m != nil && sh.Figure && !sh.When && !sh.Statement && sh.Type == lang.AnyType && namesQuantity(m[1], nil)
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
	return namesQuantity(q[loc[1]:], phraseEnds)
}

// namesQuantity reports whether phrase, read up to a word of ends, holds
// a word naming a quantity ("revenues", "equity").
func namesQuantity(phrase string, ends map[string]bool) bool {
	for _, w := range strings.Fields(strings.ToLower(phrase)) {
		w = strings.Trim(w, "?,.;:()\"'’")
		if ends[w] {
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
// was the …", "What were Verizon's …", "What were NIKE, Inc.'s …",
// "What were Johnson & Johnson's …".
var valueOfRE = regexp.MustCompile(`^\s*(?i:what)\s+(?i:is|was|were|are)\s+((?i:the)\s|\p{Lu}[\p{L}\d.&\-]*(,?\s+(?:&\s+)?\p{Lu}[\p{L}\d.&\-]*)*['’]s?\s)`)

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
	if y := yearAfterBalance(ev, c); row && sh.Figure && len(sh.years) > 0 && y != "" && !sh.years[y] {
		// A statement of changes in equity sets "Net income" once for
		// each year, after the balance that opens it: its header names
		// no year, the balance row above the row does.
		return false, "the row stands in the changes of " + y + ", after the balance that opens that year"
	}
	if ok, why := carriesGiven(ev, sh, c, text, carried); !ok {
		return false, why
	}
	if sh.Figure {
		if why := quarterOfTitle(ev.Question.Text, c.src, text+"\n"+c.label+"\n"+strings.Join(tableHeader(ev, c.window, c.start), "\n")); why != "" {
			return false, why
		}
	}
	if row && sh.Figure && unlabelled(text, c.label) {
		// "$ | 28,759 | $ | 21,355": the row's label stood on a line of
		// its own, and what the figures measure cannot be read.
		return false, "the row has lost its label"
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
	if !carriesAsked(ev, sh, c, carried, weights) {
		return false, "the passage names what the question gives, but none of what it asks of it"
	}
	return true, ""
}

// yearAfterBalance returns the year whose changes table row c reports,
// when its header names no year and a balance row above it in its block
// dates the changes that follow: after "Balance at December 31, 2018",
// the rows are 2019's (a fiscal year's balance opens the next fiscal
// year alike). "" otherwise.
func yearAfterBalance(ev *app.Evidence, c *candidate) string {
	span, boff, ok := locate(c.window, c.start)
	if !ok || ev.Blocks[span.BlockID].Kind != app.BlockTable {
		return ""
	}
	for _, h := range tableHeader(ev, c.window, c.start) {
		for _, n := range numbers(h) {
			if n.year {
				return ""
			}
		}
	}
	year := ""
	for _, r := range strings.Split(ev.Blocks[span.BlockID].Text[:boff], "\n") {
		if m := datedBalanceRE.FindStringSubmatch(rowLabel(r)); m != nil {
			year = m[1]
		}
	}
	if year == "" {
		return ""
	}
	y, err := strconv.Atoi(year)
	if err != nil {
		return ""
	}
	return strconv.Itoa(y + 1)
}

// datedBalanceRE finds a row that states a balance at a date, as a
// statement of changes in equity opens each year: "Balance at December
// 31, 2018", "Balances, May 31, 2019".
var datedBalanceRE = regexp.MustCompile(`(?i)^\s*balances?\b[^|]*?\b((?:19|20)\d{2})\s*$`)

// carriesAsked reports whether the quote carries at least one word the
// question asks besides the names it gives. A question gives names to
// say whom or what it asks about and other words to say what it asks of
// them ("Who filed the complaint against Diane Hanson?"): a sentence that
// names them all but says nothing of the complaint is about them, not an
// answer.
//
// The quote carries a word in its own text, its label, its row's header
// or the section it stands in. The words of the document's title name
// what the whole document is about, as the names do, so they are neither
// asked nor carried. Nor are the words that only say how the question
// asks (askingWords), a figure's generic kind ("amount", "value"), or the
// kind a what-question names ("What is the position of …"), which is
// seldom written beside its answer.
func carriesAsked(ev *app.Evidence, sh shape, c *candidate, carried map[string]bool, weights map[string]float64) bool {
	names := map[string]bool{}
	for n := range givenNames(ev.Question.Text) {
		for st := range wordStems(n) {
			names[st] = true
		}
		names[lang.Inflection(n)], names[lang.Family(n)] = true, true
	}
	for y := range sh.years {
		names[y] = true
	}
	if c.src != nil {
		for st := range wordStems(c.src.Title) {
			names[st] = true // "nike fiscal year end date fy2019": the document's own name, typed small
		}
	}
	asking := askingWords(ev, sh, c)
	asked := false
	for t := range weights {
		if names[t] || asking(t) || genericKinds[lang.Family(t)] || !sh.Figure && lang.Family(t) == sh.Kind || strings.ContainsAny(t, "0123456789") {
			continue
		}
		asked = true
		if carried[t] || c.words[t] {
			return true
		}
	}
	return !asked
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

// kindUnsaid reports whether the measure asked is an expense named by
// joined words ("research and development expense", "selling, general
// and administrative costs") whose words before the head families all
// hold: a statement's line names such an expense by those words alone
// ("Research and development"), under a heading of expenses.
func kindUnsaid(sh shape, families map[string]bool) bool {
	m := sh.Measure
	if len(m) < 3 || !expenseHeads[m[len(m)-1]] || !strings.Contains(" "+sh.MeasureText+" ", " and ") {
		return false
	}
	for _, f := range m[:len(m)-1] {
		if !families[f] {
			return false
		}
	}
	return true
}

// expenseHeads are the family keys of the nouns that head an expense's
// name.
var expenseHeads = familySet(`expense expenses cost costs`)

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
	// name, so only a figure's measure is required; "What salary did …"
	// asks a figure by a quantity's name, "What inventories did …" by a
	// statement line's.)
	if k := sh.Kind; sh.Figure && (sh.Type == lang.AnyType || sh.Type == lang.WhichType && (lang.IsQuantityWord(k) || lineMeasures[k])) && k != "" && !genericKinds[k] && !families[k] && !placed[k] && !c.words[k] && !kindUnsaid(sh, families) {
		return false, "the passage does not carry the measure asked (" + k + ")"
	}
	if m := rowMeasureUnsaid(ev, sh, c); m != "" {
		return false, "the row, its header and its heading do not name the measure asked (" + m + ")"
	}
	if n := numberNotGiven(ev.Question.Text, text+"\n"+c.label, carried, placed); n != "" {
		return false, "the passage does not give the number " + n
	}
	if w := superlativeNotWritten(ev.Question.Text, text+"\n"+c.label, families, placed); w != "" {
		return false, "the passage does not say " + w
	}
	if !writesMeasure(ev, sh, c, sh.asAsked(text)) {
		return false, "the passage does not write the measure asked (" + sh.MeasureText + ")"
	}
	if n := negatedMeasure(ev.Question.Text, sh.MeasureText, text+"\n"+c.label+"\n"+c.intro+"\n"+c.window.Section); n != "" {
		return false, "the passage writes the measure asked only behind \"non\" (" + n + ")"
	}
	if sh.Figure && measureOnlyAsCause(sh.MeasureText, text) {
		return false, "the passage names the measure asked only as a cause of another figure's change"
	}
	if item := totalsUnasked(ev.Question.Text, text); sh.Figure && item != "" {
		return false, "the passage's figure totals " + item + " as well, which the question does not ask"
	}
	given := givenNames(ev.Question.Text)
	for n := range typedSmall(ev.Question.Text, ev.Sources) {
		given[n] = true
	}
	for n := range sh.smallNames {
		given[n] = true
	}
	for y := range sh.years {
		given[y] = true
	}
	sourceYears, sourceNames := sourceYearsOf(ev.Question.Text), sourceNamesOf(ev.Question.Text)
	for _, y := range slices.Sorted(maps.Keys(sourceYears)) {
		if datedOtherwise(c.src, y) {
			return false, "the question asks its source of " + y + ", and the passage's document is dated otherwise"
		}
	}
	dated := yearAfterBalance(ev, c)                    // the year a row of changes after a balance is of
	for _, n := range slices.Sorted(maps.Keys(given)) { // the same reason every time
		if periodWords[lang.Family(n)] && len(sh.years) > 0 {
			continue // "December 31, 2022" is met where its year is
		}
		if sourceYears[n] && !statesYear(text+"\n"+c.label) {
			continue // "Pew's December 2015 survey": the survey's findings are of its year
		}
		if sourceNames[n] && namesItself(c.src, n) {
			continue // "Pew Research Center's … survey": the source that names itself so
		}
		st, f := lang.Inflection(n), lang.Family(n)
		if !carried[st] && !placed[st] && !carried[n] && !placed[n] && !c.words[st] && !c.words[f] && n != dated {
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

// askingWords returns whether a term of the question only says how it
// asks, which no answer writes, or where it looks: an interrogative, the
// kind a which- or who-question names, a leading setting clause's words,
// the degree "how large" asks of a quote that measures, the people "how
// many people" counts in a quote that names them, the word a percentage
// is asked by in a quote that states one, the words framing a figure
// ("bring in", "report").
func askingWords(ev *app.Evidence, sh shape, c *candidate) func(t string) bool {
	kind := sh.namedKind()
	setting := settingStems(ev.Question.Text)
	degree := ""
	if measures(c.window.Text[c.start:c.end] + "\n" + c.label) {
		degree = askedDegree(ev.Question.Text) // "How large …" is met by "153,000", not by the word
	}
	people := ""
	if sh.Type == lang.CountType && len(sh.Counted) > 0 && namesPeople(c.window.Text[c.start:c.end]) {
		people = peopleCounted(sh.Counted) // "How many people …" is met by "60,000 European settlers"
	}
	// "What share of adults …" is met by "83% of adults", which does not
	// write "share".
	percent := sh.Type == lang.PercentType && percentTextRE.MatchString(c.window.Text[c.start:c.end]+"\n"+c.label)
	return func(t string) bool {
		return interrogatives[t] || t == kind && kind != "" || setting[t] || t == degree && degree != "" || t == people || sh.frame[t] ||
			percent && percentWords[lang.Family(t)]
	}
}

// percentWords are the words by which a question asks a percentage.
var percentWords = familySet(`percentage percent share proportion fraction`)

// weighsEnough reports whether the quote carries enough of the question's
// term weight, the words that only say how it asks (askingWords) aside.
func weighsEnough(ev *app.Evidence, sh shape, c *candidate, carried map[string]bool, weights map[string]float64, row bool) bool {
	asking := askingWords(ev, sh, c)
	titled := selfNames(ev.Question.Text, c.window.Text[c.start:c.end], c.src, sh.Particular && onFirstPage(ev, c))
	share, total := 0.0, 0.0
	for t, w := range weights {
		if asking(t) {
			continue
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

// negatedMeasure returns how text writes measure when it writes it only
// behind "non" ("Non-operating income" for "operating income",
// "non-current assets" for "current assets"), which names the measure's
// complement, or behind a qualifier "non" makes ("Non-cash additions to
// property" for the additions to property), which names a part of it the
// question does not ask; and the question does not ask it so. "" when
// text writes it plainly too, or the question asks it so.
func negatedMeasure(q, measure, text string) string {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(measure)), " ")
	if len(first) < 3 {
		return ""
	}
	plain, negated := writesNegated(text, first)
	if _, asked := writesNegated(q, first); plain || asked != "" {
		return ""
	}
	return negated
}

// writesNegated reports whether text writes word (lower case) at a
// word's start on its own, and returns how it writes it behind "non"
// ("non-operating", "non operating", "nonoperating") or a qualifier "non"
// makes ("non-cash additions", "noncash additions"), "" when it does not.
func writesNegated(text, word string) (plain bool, negated string) {
	toks := lang.Tokens(text)
	for k, t := range toks {
		switch {
		case strings.HasPrefix(t.Lower, "non"+word):
			negated = t.Lower
		case !strings.HasPrefix(t.Lower, word):
		case k > 0 && toks[k-1].Lower == "non" && joinedInPhrase(text[toks[k-1].End:t.Start]):
			negated = text[toks[k-1].Start:t.End]
		case k > 0 && nonQualifier(text, toks, k-1):
			from := k - 1
			if !strings.HasPrefix(toks[from].Lower, "non") {
				from-- // "non-cash"
			}
			negated = text[toks[from].Start:t.End]
		default:
			plain = true
		}
	}
	return plain, negated
}

// A sentence that explains another figure's change names what caused it
// after the figures it states: "BCA loss from operations was $2,370
// million in 2022 compared with $6,475 million in 2021 reflecting higher
// deliveries, partially offset by higher research and development
// spending". A measure it names only there — after every figure, behind a
// word of cause — is not the one its figures measure.
var (
	causeRE        = regexp.MustCompile(`(?i)\b(reflecting|reflects|reflected|due to|driven by|offset by|because of|attributable to|resulting from|as a result of|caused by)\b`)
	statedAmountRE = regexp.MustCompile(`(?i)\$\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s*(?:%|percent\b|million\b|billion\b|thousand\b)`)
)

// measureOnlyAsCause reports whether text names measure first after its
// last amount, behind a word of cause.
func measureOnlyAsCause(measure, text string) bool {
	var first string
	for _, t := range lang.Tokens(measure) {
		if !lang.IsStopWord(t.Lower) && !t.Num {
			first = lang.Family(t.Lower)
			break
		}
	}
	amounts := statedAmountRE.FindAllStringIndex(text, -1)
	if first == "" || len(amounts) == 0 {
		return false
	}
	at := -1
	for _, t := range lang.Tokens(text) {
		if lang.Family(t.Lower) == first {
			at = t.Start
			break
		}
	}
	last := amounts[len(amounts)-1]
	return at > last[1] && causeRE.MatchString(text[last[1]:at])
}

// A figure stated as a total of things listed — "cash, cash equivalents
// and short-term investments totaling $13.5 billion" — measures them
// together: it answers for none of them alone, so a question that asks
// the cash and equivalents and not the investments is not answered by it.
var (
	totalingRE = regexp.MustCompile(`(?i)\b(totaling|totalling|totaled|totalled|aggregating)\b`)
	// listOpenRE finds the words a list of what is totalled follows: "we
	// had", "balances of", "our".
	listOpenRE = regexp.MustCompile(`(?i)^(had|have|has|held|hold|holds|were|was|are|is|of|with|our|its|their|the|in|on|at|by|for|as|we|they|it|you)$`)
)

// listReach is how many words before "totaling" a list may take.
const listReach = 10

// totalsUnasked returns an item text totals with others that no word of
// question q names ("short-term investments"), "" when text totals no
// list or q names every item.
func totalsUnasked(q, text string) string {
	asked := familiesIn(q)
	for _, loc := range totalingRE.FindAllStringIndex(text, -1) {
		before := text[:loc[0]]
		if i := strings.LastIndexAny(before, ".;:"); i >= 0 {
			before = before[i+1:]
		}
		toks := lang.Tokens(before)
		from := max(0, len(toks)-listReach)
		for k := len(toks) - 1; k >= from; k-- {
			if listOpenRE.MatchString(toks[k].Lower) || toks[k].Num {
				from = k + 1 // "we had …", "As of December 31, 2018, …"
				break
			}
		}
		for _, it := range listItems(before, toks[from:]) {
			named := false
			for _, t := range it {
				named = named || asked[lang.Family(t.Lower)]
			}
			if !named {
				return before[it[0].Start:it[len(it)-1].End]
			}
		}
	}
	return ""
}

// listItems splits toks, read from text, into the items of a list that
// commas and a last "and" or "or" join ("cash, cash equivalents and
// short-term investments"); nil when no "and" or "or" joins its last item
// or it holds one item.
func listItems(text string, toks []lang.Token) [][]lang.Token {
	var items [][]lang.Token
	var item []lang.Token
	joined := false // the last item follows "and" or "or"
	for k, t := range toks {
		conj := t.Lower == "and" || t.Lower == "or"
		if k > 0 && len(item) > 0 && (conj || strings.Contains(text[toks[k-1].End:t.Start], ",")) {
			items, item, joined = append(items, item), nil, conj
		}
		if !conj {
			item = append(item, t)
		}
	}
	if len(item) > 0 {
		items = append(items, item)
	}
	if len(items) < 2 || !joined {
		return nil
	}
	return items
}

// nonQualifier reports whether token k of text is a word "non" makes
// and joins to the word after it: "noncash", or "cash" in "non-cash". A
// qualifier written beside its positive ("current and non-current
// deferred taxes") takes in both, and qualifies nothing.
func nonQualifier(text string, toks []lang.Token, k int) bool {
	if !joinedInPhrase(text[toks[k].End:toks[k+1].Start]) {
		return false
	}
	positive, at := "", k // the word "non" denies, and where the qualifier starts
	if w, ok := strings.CutPrefix(toks[k].Lower, "non"); ok && len(w) >= 3 && !strings.HasPrefix(w, "e") {
		positive = w // "noncash"; not "none", "nonetheless"
	} else if k > 0 && toks[k-1].Lower == "non" && joinedInPhrase(text[toks[k-1].End:toks[k].Start]) {
		positive, at = toks[k].Lower, k-1
	} else {
		return false
	}
	coordinated := at >= 2 && (toks[at-1].Lower == "and" || toks[at-1].Lower == "or") && toks[at-2].Lower == positive
	return !coordinated
}

// unlabelled reports whether a table row, read under label, opens with a
// figure where its label should stand.
func unlabelled(row, label string) bool {
	if strings.IndexFunc(label, unicode.IsLetter) >= 0 {
		return false
	}
	cells := rowCells(row)
	return len(cells) > 0 && strings.IndexFunc(cells[0], unicode.IsLetter) < 0 && hasAmount(cells[0], false)
}

// rowMeasureUnsaid returns the measure a figure question asks that a
// table row c answering it leaves unnamed — in its label, its header, the
// sentence introducing its table, its heading or its title: statements
// name what each row measures ("revenues", "expense"), so "Commercial
// Airplanes | $565" under "Research and development expense by segment"
// is no segment's revenues. "" when the row names it, or when the question
// asks no measure a statement's lines name (lineMeasures: a paper's
// "score" its results table leaves unsaid, a facility's "balance" its
// debt table).
func rowMeasureUnsaid(ev *app.Evidence, sh shape, c *candidate) string {
	if !sh.Figure || kindAt(ev, c.window, c.start) != app.BlockTable {
		return ""
	}
	text := c.window.Text[c.start:c.end]
	places := []string{rowLabel(text), c.label, c.intro, c.window.Section, c.src.Title}
	for _, h := range tableHeader(ev, c.window, c.start) {
		for _, cell := range rowCells(h) {
			if !percentColumnRE.MatchString(cell) { // "% of Sales" holds a share of sales, not sales
				places = append(places, cell)
			}
		}
	}
	// "Diluted net income per share" is read as the earnings per share
	// asked, "Net Sales" as the revenue.
	said := namedFamilies(append(places, sh.asAsked(strings.Join(places, "\n"))))
	for f := range said {
		if k, ok := measureClasses[f]; ok {
			said[k] = true // "expenses" says the costs asked: one class of measure
		}
	}
	unsaidHead := kindUnsaid(sh, said) // "Research and development" names the expense
	joined := strings.Contains(" "+sh.MeasureText+" ", " and ")
	for i, f := range sh.Measure {
		if unsaidHead && i == len(sh.Measure)-1 {
			continue
		}
		// Words joined by "and" name a line together ("Selling, general
		// and administrative"): a row must say each, "Cost of sales"
		// saying two of them is another line.
		if (lineMeasures[f] || joined) && !said[f] && !said[measureClasses[f]] && !c.context[f] {
			for _, t := range lang.Tokens(sh.MeasureText) {
				if lang.Family(t.Lower) == f {
					return t.Lower // as the question writes it: "revenues", not its family key
				}
			}
			return f
		}
	}
	return ""
}

// lineMeasures are the measures a financial statement's lines name.
var lineMeasures = familySet(`revenue revenues sales income earnings profit profits loss losses expense expenses
	cost costs cash debt assets liabilities equity dividend dividends capex expenditure expenditures depreciation
	amortization goodwill inventory inventories receivables payables tax taxes interest backlog`)
