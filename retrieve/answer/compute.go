package answer

import (
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Derived figures. A question may ask for a figure no document states but
// its figures give: the change in revenue from 2018 to 2019, its
// percentage change, the average of two years, their sum. Reports set
// such figures in tables, one row a measure and one column a period, so
// the operands are the cells where the row whose label carries the
// measure meets the columns whose headers carry the asked periods. The
// answer is computed with exact decimal arithmetic, shows the arithmetic
// and cites every operand's cell; when an operand cannot be told for sure
// — no row carries the measure, two carry it as well, no column carries
// a period, a cell is not a plain number — nothing is computed, and what
// was missing is said.

// operation is the arithmetic a question asks for.
type operation int

const (
	opNone operation = iota
	opChange
	opPercentChange
	opAverage
	opSum
	// Two measures' figures of one period:
	opShare         // X as a percentage of Y
	opRatio         // the ratio of X to Y
	opRowDifference // the difference between X and Y
	opRowSum        // the sum of X and Y
)

// opName names an operation as the answer states it.
var opName = map[operation]string{
	opChange:        "Change",
	opPercentChange: "Percentage change",
	opAverage:       "Average",
	opSum:           "Sum",
	opRatio:         "Ratio",
	opRowDifference: "Difference",
	opRowSum:        "Sum",
}

// computation is what a question asks to compute: an operation over one
// measure's figures for the periods it names.
type computation struct {
	op      operation
	periods []string        // years, oldest first
	base    string          // the period a change is measured from
	measure []string        // the measure's content words, lower-case
	soft    []string        // words that may be in the row's label but need not ("total")
	percent bool            // the question speaks of a percentage
	words   map[string]bool // every word of the question (matchWords)
	// sense says how a change is stated: signed (later less earlier), as
	// a magnitude ("the difference between …"), or as a fall ("decrease
	// by": earlier less later, so a fall reads positive).
	sense changeSense
	// parts are the two measures of an operation on two rows, in the
	// order the question names them.
	parts []computation
}

// changeSense is how a change is stated.
type changeSense int

const (
	signed    changeSense = iota // later less earlier
	magnitude                    // "the difference between": no direction
	fall                         // "decrease by": earlier less later
)

var (
	directionRE = regexp.MustCompile(`\b(change|changes|changed|increase|increased|increases|growth|grew|rise|rose)\b`)
	fallByRE    = regexp.MustCompile(`\b(decrease|decreased|decline|declined|fall|fell|drop|dropped|reduce|reduced)\s+by\b`)
)

// senseOf reads how a question asks its change stated: a difference has
// no direction, its size is asked; "How much did it decrease by" asks
// the fall as a positive figure. (l is the question in lower case.)
func senseOf(l string) changeSense {
	switch {
	case fallByRE.MatchString(l):
		return fall
	case strings.Contains(l, "difference") && !directionRE.MatchString(l):
		return magnitude
	}
	return signed
}

// twoRows reports whether comp combines two measures' figures.
func (comp computation) twoRows() bool { return comp.op >= opShare }

var (
	percentChangeRE = regexp.MustCompile(`(?:\bpercent(?:age)?|%)\s*(?:change|increase|decrease|growth|rise|decline|fall|difference)\b|(?:change|increase|decrease|growth)\s+(?:in\s+)?(?:percent(?:age)?|%)(?:\s+terms)?\b|\bgrowth rate\b`)
	changeRE        = regexp.MustCompile(`\b(?:change|changes|increase|decrease|increased|decreased|difference)\b`)
	averageRE       = regexp.MustCompile(`\baverage\b`)
	sumRE           = regexp.MustCompile(`\b(?:sum|total|combined|altogether|aggregate)\b`)
	// ratioRE marks what the reading of one measure does not compute: one
	// measure over another, each of several. "Absolute percentage
	// change" is asked of rates, meaning their difference in points as
	// often as their relative change.
	ratioRE = regexp.MustCompile(`\b(?:absolute|ratio|proportion|percentage of|percent of|as a percentage|share of|times|each|both the|between the)\b`)
	// notComputedRE marks a question that asks for no figure of its own:
	// each of several ("… for 2019 and 2018 respectively") or the reason
	// for a change ("Why did interest expense increase …", "How did …").
	notComputedRE = regexp.MustCompile(`\b(?:respectively|why|reasons?|caused?|explain|how did|how does|how do)\b`)
	// rangeRE joins two years into the span they bound: "2017 to 2019",
	// "2017-2019".
	rangeRE = regexp.MustCompile(`\b((?:19|20)\d\d)\s*(?:to|-|–|through)\s*((?:19|20)\d\d)\b`)
)

// opWords are the words that say what to compute, not what is measured.
var opWords = familySet(`change changes increase decrease increased decreased difference percent percentage
	average sum combined altogether aggregate growth rise decline fall`)

// fillerWords are the words a computing question asks with besides its
// measure and periods: "What was the value of …", "in the company's …".
var fillerWords = familySet(`what how value values amount amounts figure figures year years fiscal fy period periods
	company group respective respectively nominal ended ending annual across compared
	january february march april may june july august september october november december
	jan feb mar apr jun jul aug sep sept oct nov dec`)

// rowWords are stop words that name rows of tables: the catch-all row
// every breakdown ends with ("Other"), "Expected term", "Right-of-use
// assets", "Units shipped".
var rowWords = map[string]bool{"other": true, "term": true, "terms": true, "use": true, "unit": true, "units": true}

// softWords may name a row — "Total revenue", "Net income" — but a
// question may say them of a row whose label does not: "the total
// deposits", "the net change".
var softWords = map[string]bool{"total": true, "net": true}

// readComputation reads what q asks to compute; ok is false when it asks
// none of the operations this reading computes, or names no periods it
// can compute them over.
func readComputation(q string) (computation, bool) {
	l := strings.ToLower(withoutSourceYears(q))
	if notComputedRE.MatchString(l) {
		return computation{}, false
	}
	if two, ok := readTwoRows(l); ok {
		return two, true
	}
	var c computation
	switch {
	case ratioRE.MatchString(l):
		return c, false
	case percentChangeRE.MatchString(l):
		c.op = opPercentChange
	case averageRE.MatchString(l) && changeRE.MatchString(l):
		return c, false // the change of an average, or the average of a change
	case changeRE.MatchString(l):
		c.op = opChange
		c.sense = senseOf(l)
	case averageRE.MatchString(l):
		c.op = opAverage
	case sumRE.MatchString(l):
		c.op = opSum
	default:
		return c, false
	}
	c.percent = asksShare(l)
	c.periods, c.base = askedPeriods(l, c.op)
	if len(c.periods) < 2 || (c.op == opChange || c.op == opPercentChange) && len(c.periods) != 2 {
		return c, false
	}
	if c.base != c.periods[0] {
		// "from 2019 to 2018" runs back in time: askers mean by it the
		// later year's figure against the earlier one's as often as the
		// reverse, so its sign cannot be told.
		return c, false
	}
	c.measureWords(q)
	c.words = matchWords(q)
	return c, len(c.measure) > 0
}

// readMeasure sets the measure a phrase names (measureWords) and the
// words it writes, as a row is matched to it (matchRow).
func (c *computation) readMeasure(phrase string) {
	c.measureWords(phrase)
	c.words = matchWords(phrase)
}

// measureWords sets the words of q that name the measure: neither
// periods, nor what to compute, nor the words any question asks with.
func (c *computation) measureWords(q string) {
	for _, t := range lang.Tokens(q) {
		f := lang.Family(t.Lower)
		if _, year := yearOf(t.Lower); year || t.Num || lang.IsStopWord(t.Lower) && !rowWords[t.Lower] || opWords[f] || fillerWords[f] {
			continue
		}
		if softWords[f] {
			// A sum's "total" says what to compute; another's may name a
			// total row ("the change in total revenue").
			if c.op != opSum || f != "total" {
				c.soft = append(c.soft, t.Lower)
			}
			continue
		}
		c.measure = append(c.measure, t.Lower)
	}
	if len(c.measure) == 0 && len(c.soft) > 0 {
		c.measure, c.soft = c.soft, nil // "the change in the total": the total row
	}
}

// twoRowsRE finds a question combining two measures' figures of one
// period: "X as a percentage of Y", "the ratio of X to Y", "the
// difference between X and Y", "the sum of X and Y".
var twoRowsRE = regexp.MustCompile(`^(.*?)\bas an? (?:percentage|percent|proportion|share) of\b(.*)$|\bratio of\b(.*?)\bto\b(.*)$|\bdifference between\b(.*?)\band\b(.*)$|\bsum of\b(.*?)\band\b(.*)$`)

// readTwoRows reads an operation on two measures' figures of the one
// period the question names; each measure is read as a whole question's.
func readTwoRows(l string) (computation, bool) {
	m := twoRowsRE.FindStringSubmatch(l)
	if m == nil {
		return computation{}, false
	}
	c := computation{percent: asksShare(l), parts: make([]computation, 2)}
	for i, op := range []operation{opShare, opRatio, opRowDifference, opRowSum} {
		if m[1+2*i] != "" || m[2+2*i] != "" {
			c.op = op
			c.parts[0].measureWords(m[1+2*i])
			c.parts[1].measureWords(m[2+2*i])
			break
		}
	}
	c.periods, _ = askedPeriods(l, c.op)
	if len(c.periods) != 1 || averageRE.MatchString(l) || changeRE.MatchString(m[0]) && c.op != opRowDifference {
		return c, false // over several periods, or an average or change of the two
	}
	for i := range c.parts {
		c.parts[i].op, c.parts[i].periods, c.parts[i].percent, c.parts[i].words = c.op, c.periods, c.percent, matchWords(l)
		if len(c.parts[i].measure) == 0 {
			return c, false
		}
	}
	return c, true
}

// askedPeriods returns the years q names, oldest first, and the one a
// change is measured from: the year after "from" ("from 2018 to 2019",
// "in 2019 from 2018"), else the oldest, as reports compare a year with
// the one before. For a sum or an average, "2017 to 2019" spans the years
// between as well.
func askedPeriods(l string, op operation) (years []string, base string) {
	seen := map[string]bool{}
	for _, t := range lang.Tokens(l) {
		if y, ok := yearOf(t.Lower); ok && !seen[y] {
			seen[y] = true
			years = append(years, y)
		}
	}
	if op == opSum || op == opAverage {
		for _, m := range rangeRE.FindAllStringSubmatch(l, -1) {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			for y := a + 1; y < b && b-a <= 10; y++ {
				if s := strconv.Itoa(y); !seen[s] {
					seen[s] = true
					years = append(years, s)
				}
			}
		}
	}
	slices.Sort(years)
	if len(years) == 0 {
		return nil, ""
	}
	base = years[0]
	if i := strings.Index(l, "from"); i >= 0 {
		for _, t := range lang.Tokens(l[i+len("from"):]) {
			if y, ok := yearOf(t.Lower); ok {
				base = y
			}
			break
		}
	}
	return years, base
}

// operand is one figure of a computation: a table cell, with the row it
// is read from.
type operand struct {
	period string
	value  *big.Rat
	cell   tableCell
	c      candidate // the row, as a quote
}

// rowMatch is a table row read as the asked measure's.
type rowMatch struct {
	c        candidate
	label    string
	cells    []tableCell // one per asked period
	inLabel  int         // measure words (and soft words) the label carries
	inGroup  int         // measure words only its group's label carries
	extra    int         // label words the question does not ask
	unit     string      // the table's unit word, "" when it states none
	percents bool        // the cells are percentages
	// periodRows are the rows each cell is read from when the table
	// sets its periods in rows and its measures in columns; nil when
	// every cell is c's.
	periodRows []candidate
}

// Compute answers a question that asks for a derived figure — a change,
// a percentage change, an average or a sum of one measure over the
// periods it names — from the table rows of the evidence. ans is nil when
// it computes nothing; missing then says which operand could not be found
// when the question did ask for a computation, for the reply to say.
func Compute(ev *app.Evidence) (ans *app.Answer, missing string) {
	if _, _, ok := readComparison(ev.Question.Text); ok {
		return compare(ev) // "In which year was X larger?" (computecompare.go)
	}
	comp, ok := readComputation(ev.Question.Text)
	if !ok {
		return nil, ""
	}
	rows := tableRows(ev)
	if comp.twoRows() {
		return comp.computeRows(ev, rows)
	}
	best, missing := comp.pickRow(ev, rows)
	if best == nil {
		if best = comp.pickColumn(ev, rows); best == nil {
			return nil, missing
		}
	}
	ops := make([]operand, len(comp.periods))
	for i, p := range comp.periods {
		v, ok := cellValue(best.cells[i].value)
		if !ok {
			return nil, "the " + p + " figure of “" + best.label + "” is not a plain number"
		}
		ops[i] = operand{period: p, value: v, cell: best.cells[i], c: best.c}
		if best.periodRows != nil {
			ops[i].c = best.periodRows[i]
		}
	}
	return comp.answer(ev, []*rowMatch{best}, ops)
}

// computeRows computes an operation on two measures' figures of one
// period: each measure's row is picked as a single measure's is, and the
// two must differ.
func (comp computation) computeRows(ev *app.Evidence, rows []candidate) (*app.Answer, string) {
	var picked []*rowMatch
	var ops []operand
	for _, part := range comp.parts {
		m, missing := part.pickRow(ev, rows)
		if m == nil {
			return nil, missing
		}
		v, ok := cellValue(m.cells[0].value)
		if !ok {
			return nil, "the " + comp.periods[0] + " figure of “" + m.label + "” is not a plain number"
		}
		picked = append(picked, m)
		ops = append(ops, operand{period: comp.periods[0], value: v, cell: m.cells[0], c: m.c})
	}
	if picked[0].c.window == picked[1].c.window && picked[0].c.start == picked[1].c.start {
		return nil, "both measures read as the row “" + picked[0].label + "”"
	}
	return comp.answer(ev, picked, ops)
}
