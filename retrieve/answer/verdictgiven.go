package answer

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
)

// The verdict's second test (verdict.go): does the lead carry what the
// question gives — the issuer a filing calls "the Company", the measure,
// the degree ("how large"), the period, a count's items, a percentage —
// in its own words, its row, header or title, rather than beside them?

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
	roleTitleRE   = regexp.MustCompile(`(?i)\b(ceo|cfo|coo|cto|chief|president|chair|chairs|chaired|chairman|chairwoman|chairperson|director|auditors?|audits?|audited|founders?|founded|head|heads|headed|leader|manager|secretary|treasurer|judge|governor|minister|mayor|owner|partner|officer|executive|defendants?|plaintiffs?|appellants?|appellees?|respondents?|petitioners?|claimants?)\b`)
	lowerPlaceRE  = regexp.MustCompile(`\b(in|at|near|located|based|headquartered|situated)\s+(the\s+)?(\p{Ll}{3,})`)
	englishFormRE = regexp.MustCompile(`(?i)\b(what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|the|of|an?)\b`)
	numberWordRE  = regexp.MustCompile(`(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|dozens|hundreds|thousands|millions)\b`)
	orgNameRE     = regexp.MustCompile(`\b(\p{Lu}[\p{L}&.\-]*\s+){1,5}(LLP|LLC|Inc\.?|Ltd\.?|PLC|plc|GmbH|AG|S\.A\.|N\.V\.)\b`)
	percentAskRE  = regexp.MustCompile(`(?i)\b(percent|percentage|%|share|portion|proportion|margin|rate|ratio)\b`)
	figureAnyRE   = regexp.MustCompile(`\d[\d,]*(\.\d+)?\s*(%|percent\b|per cent\b)?`)
)

// changeFigureRE finds a figure stated as a change: "decreased $259
// million", "increased by 9%", "an increase of 4.2 million", "a decrease
// in revenues of $1.1 billion", "increased net earnings by $1.6
// billion", "up 3%", "increased by $4.1 billion or 785%" (one change in
// two units), "decreased in 2020 by $0.53 per share, or 50%" — not
// "increased to $299.3 million", which states the figure reached.
var changeFigureRE = regexp.MustCompile(`(?i)\b(increas|decreas|grew|grow|declin|rose|fell|drop|gain|los|up|down|reduc|lower|boost)\w*\s+((in|of)(\s+\p{L}+){1,3}?\s+of\s+|([\p{L}\d]+\s+){0,3}?by\s+|of\s+)?(approximately\s+|about\s+)?[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b|thousand\b)?(\s*per\s+(diluted\s+|basic\s+)?share)?(,?\s+or\s+[$€£¥]?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b)?)?`)

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
	perShareRE       = regexp.MustCompile(`(?i)\bper (diluted |basic )?(common |ordinary )?share\b|\beps\b`) // "How much did Boeing lose per diluted share?"
	perShareFigureRE = regexp.MustCompile(`(?i)(^|[^\d,.])\(?-?\d{1,3}\.\d{2,4}\)?(\s|$|[^\d%])|[$€£¥₹]\s?\d|\b(inr|rs\.?|usd|eur|gbp|cents?)\s?\d|\d\s?(cents?|pence)\b|\d(\.\d+)?p\b`)
)

// boundFigureRE finds a figure bound to a year by the words after it:
// "$293 million in 2021", "4.2 billion for fiscal 2020".
var boundFigureRE = regexp.MustCompile(`(?i)[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(million|billion|thousand)?\s+(in|for|during|as of|at the end of)\s+(fiscal\s+(year\s+)?)?((?:19|20)\d{2})\b`)

// periodOpensRE finds a sentence that opens by setting its period: "For
// fiscal 2021, …", "In 2019, …", "During fiscal year 2020, …".
var periodOpensRE = regexp.MustCompile(`(?i)^\s*(?:for|in|during)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})\s*,`)

// onlyOtherPeriods reports whether every figure text states, changes
// aside, is bound to a year other than the years the question asks.
func onlyOtherPeriods(text string, years map[string]bool) bool {
	if m := periodOpensRE.FindStringSubmatch(text); m != nil && !years[m[1]] && !years["fy"+m[1]] {
		// "For fiscal 2021, the annual dividend will be paid in four
		// installments of $0.54 per share" sets every figure it states in
		// 2021, unless it names an asked year too.
		asked := false
		for _, n := range numbers(text) {
			asked = asked || n.year && (years[n.text] || years["fy"+n.text])
		}
		if !asked {
			return true
		}
	}
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

// effectFigureRE finds a figure stated as the effect of one thing on
// another: "a negative impact of $71 million … on consolidated operating
// income" is the exchange rates' effect, not the operating income.
var effectFigureRE = regexp.MustCompile(`(?i)\b(impact|effect|benefit|headwind|tailwind)s?\s+of\s+(approximately\s+|about\s+)?[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b|thousand\b)?`)

// effectAskedRE finds a question asking such an effect.
var effectAskedRE = regexp.MustCompile(`(?i)\b(impact|effect|benefit|headwind|tailwind)s?\b`)

// onlyChanges reports whether every figure text states (years aside) is
// stated as a change, or — unless question q asks one — as an effect.
func onlyChanges(q, text string) bool {
	stated := changeFigureRE.MatchString(text)
	if !effectAskedRE.MatchString(q) && effectFigureRE.MatchString(text) {
		text, stated = effectFigureRE.ReplaceAllString(text, " "), true
	}
	if !stated {
		return false
	}
	rest := changeFigureRE.ReplaceAllString(text, changeMark)
	for {
		next := changeAlsoRE.ReplaceAllString(rest, changeMark)
		if next == rest {
			break
		}
		rest = next
	}
	return !hasAmount(strings.ReplaceAll(rest, changeMark, " "), false)
}

// changeOfRE finds a change written figure first, as a noun, with what
// changed after it: "a $8.2 billion increase in additions to property
// and equipment", "a 5% decline in net sales" (the words after "in" up to
// six).
var changeOfRE = regexp.MustCompile(`(?i)[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b|thousand\b)?\s+(increase|decrease|decline|rise|drop|reduction|gain|growth)\s+in\s+((the|our|its)\s+)?(\p{L}[\p{L}\-]*\s*){1,6}`)

// askedOnlyChanged reports whether a sentence writes what question q
// asks of — its words beyond the company's name (the title's), the
// period and the words that ask — only inside the changes it states: "an
// increase in cash dividends paid of $397 million" beside figures of
// borrowings states how the dividends moved, not what was paid, and so
// does "a $8.2 billion increase in additions to property and equipment".
func askedOnlyChanged(q, title, text string) bool {
	var spans [][]int
	spans = append(spans, changeFigureRE.FindAllStringIndex(text, -1)...)
	spans = append(spans, changeOfRE.FindAllStringIndex(text, -1)...)
	if len(spans) == 0 {
		return false
	}
	asked := askedBeyond(q, title)
	inside := 0
	for _, t := range lang.Tokens(text) {
		if !asked[lang.Family(t.Lower)] {
			continue
		}
		within := false
		for _, sp := range spans {
			if t.Start >= sp[0] && t.End <= sp[1] {
				within = true
				break
			}
		}
		if !within {
			return false
		}
		inside++
	}
	return inside > 0
}

// changeMark stands in a text for a change it states.
const changeMark = " \x00change\x00 "

// changeAlsoRE finds a figure joined to a change before it, and so a
// change too: "… increased net earnings by $1.6 billion ($5.81 per
// share) in 2021 and $1.5 billion in 2020".
var changeAlsoRE = regexp.MustCompile(`(?i)\x00change\x00 (\s*\([^)]*\))?(\s+(in|for)\s+(fiscal\s+)?\d{4})?\s*(,|,?\s*and)\s+(approximately\s+|about\s+)?[$€£¥]?\s?\d[\d,]*(\.\d+)?\s*(%|percent\b|million\b|billion\b|thousand\b)?`)

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
	named := map[string]bool{} // "3m" typed for 3M, which the title writes: a name, not 3 million
	for _, t := range lang.Tokens(q) {
		if strings.IndexFunc(t.Lower, unicode.IsLetter) >= 0 && (written[t.Lower] || carried[t.Lower] || placed[t.Lower]) {
			named[strings.TrimRightFunc(t.Lower, unicode.IsLetter)] = true
		}
	}
	for _, n := range numbers(q) {
		if n.year || strings.Contains(n.text, ".") || named[n.text] {
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
	partPeriodRE = regexp.MustCompile(`(?i)\b(quarters?|q[1-4]|[1-4]q(\d{2}|\d{4})?|(three|six|nine|3|6|9) months|1[0-9] weeks|2[0-9] weeks|3[0-9] weeks|months? ended|half[- ]year|semi-?annual|interim)\b`)
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
// of dates aside) is a percentage. Asked money, a number written into a
// word ("Item 9A") is no figure either; a model's name ("PaLM-2L") may
// be what a score is asked of.
func onlyPercents(text string, money bool) bool {
	n := 0
	for _, k := range figureKindsOf(text) {
		switch {
		case k == figureDate, money && k == figureDesignation:
		case k == figurePercent:
			n++
		default:
			return false
		}
	}
	return n > 0
}

// figureKind is what a figure of a passage is, read from how it is
// written (figureKindsOf).
type figureKind int

const (
	figureAmount      figureKind = iota // any other figure
	figureDate                          // a year, or a date's day ("May 31, 2019")
	figurePercent                       // "12%", "3 percent"
	figureDesignation                   // written into a word: "F-56", "Item 9A", "Q1"
	figureItem                          // the number a passage opens its item with ("2 Financial Statement Schedule")
)

// figureKindsOf returns the kind of each figure text writes, in order.
func figureKindsOf(text string) []figureKind {
	var kinds []figureKind
	for _, loc := range figureAnyRE.FindAllStringSubmatchIndex(text, -1) {
		f := strings.TrimRight(strings.TrimSpace(text[loc[0]:loc[1]]), ",")
		end := loc[0] + len(f)
		_, year := yearOf(f)
		switch {
		case loc[4] >= 0:
			kinds = append(kinds, figurePercent)
		case year, monthRE.MatchString(text[:loc[0]]):
			kinds = append(kinds, figureDate)
		case gluedToLetters(text, loc[0], end):
			kinds = append(kinds, figureDesignation)
		case strings.TrimSpace(text[:loc[0]]) == "" && itemOpensRE.MatchString(text[end:]):
			kinds = append(kinds, figureItem)
		default:
			kinds = append(kinds, figureAmount)
		}
	}
	return kinds
}

// itemOpensRE finds, after a passage's opening number, the capitalised
// title of the item it numbers.
var itemOpensRE = regexp.MustCompile(`^\s+\p{Lu}\p{Ll}+\s+\p{Lu}`)

// gluedToLetters reports whether the figure at text[start:end] is written
// into a word: a letter, or a hyphen and a letter, stands right before or
// after it.
func gluedToLetters(text string, start, end int) bool {
	letter := func(s string) bool {
		r, _ := utf8.DecodeRuneInString(s)
		return unicode.IsLetter(r)
	}
	after := text[end:]
	if strings.HasPrefix(after, "-") {
		after = after[1:]
	}
	before := text[:start]
	if strings.HasSuffix(before, "-") {
		before = before[:len(before)-1]
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return letter(after) || before != "" && unicode.IsLetter(r)
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
