package answer

import (
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

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
	// parts are the two measures of an operation on two rows, in the
	// order the question names them.
	parts []computation
}

// twoRows reports whether comp combines two measures' figures.
func (comp computation) twoRows() bool { return comp.op >= opShare }

var (
	percentChangeRE = regexp.MustCompile(`(?:\bpercent(?:age)?|%)\s*(?:change|increase|decrease|growth|rise|decline|fall|difference)\b|(?:change|increase|decrease|growth)\s+(?:in\s+)?(?:percent(?:age)?|%)(?:\s+terms)?\b|\bgrowth rate\b`)
	changeRE        = regexp.MustCompile(`\b(?:change|changes|increase|decrease|increased|decreased|difference)\b`)
	averageRE       = regexp.MustCompile(`\baverage\b`)
	sumRE           = regexp.MustCompile(`\b(?:sum|total|combined|altogether|aggregate)\b`)
	// ratioRE marks what this reading does not compute: one measure over
	// another, or a change of a change.
	// "Absolute percentage change" is asked of rates, meaning their
	// difference in points as often as their relative change.
	ratioRE = regexp.MustCompile(`\b(?:absolute|ratio|proportion|percentage of|percent of|as a percentage|share of|times|per|each|both the|between the)\b`)
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
	average sum combined altogether aggregate growth rate rise decline fall`)

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
	l := strings.ToLower(q)
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

// tableRows returns the evidence's table rows below their headers, each
// once, as quotes.
func tableRows(ev *app.Evidence) []candidate {
	var out []candidate
	seen := map[string]bool{}
	for i := range ev.Sources {
		src := &ev.Sources[i]
		for j := range src.Windows {
			w := &src.Windows[j]
			for _, u := range quoteUnits(ev, w) {
				if kindAt(ev, u.w, u.s[0]) != app.BlockTable || tableHeader(ev, u.w, u.s[0]) == nil {
					continue
				}
				span, off, ok := locate(u.w, u.s[0])
				if !ok {
					continue
				}
				key := span.BlockID + ":" + strconv.Itoa(off)
				if seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, candidate{src: src, window: u.w, start: u.s[0], end: u.s[1]})
			}
		}
	}
	return out
}

// pickRow returns the one row whose label carries the measure best, with
// a cell under each asked period; nil and what was missing when no row
// does, or two do equally well.
func (comp computation) pickRow(ev *app.Evidence, rows []candidate) (*rowMatch, string) {
	var best *rowMatch
	tie := false
	missing := "no table row of the evidence names “" + strings.Join(comp.measure, " ") + "”"
	for _, c := range rows {
		m, why := comp.matchRow(ev, c)
		if m == nil {
			if why != "" {
				missing = why
			}
			continue
		}
		switch {
		case best == nil || m.better(best):
			best, tie = m, false
		case !best.better(m):
			tie = true
		}
	}
	if tie {
		return nil, "two table rows name “" + strings.Join(comp.measure, " ") + "” equally"
	}
	return best, missing
}

// matchRow reads row c as the measure's: every measure word is in its
// label, the label of the group of rows it is in, its table's header, the
// sentence introducing the table, its section or its document's title;
// at least one in its label; and none of those its label lacks is in the
// label of another row of its table, which the question then names
// instead. Its table must have a column for each asked period. why says
// what was missing of a row that names the measure; it is "" for a row
// that does not.
func (comp computation) matchRow(ev *app.Evidence, c candidate) (*rowMatch, string) {
	text := c.window.Text[c.start:c.end]
	if gridCells(text)[0].text == "" && hasAmount(text, false) {
		return comp.matchTotalRow(ev, c), ""
	}
	cells := cellSpans(text)
	if len(cells) < 2 || hasAmount(noteMarks.ReplaceAllString(cells[0].text, ""), true) || !comp.percent && asksShare(cells[0].text) {
		return nil, "" // "Gross profit % to net sales" is a share, not the amount asked
	}
	header := tableHeader(ev, c.window, c.start)
	label := cells[0].text
	own, group := matchWords(label), matchWords(rowGroup(ev, c))
	around := matchWords(strings.Join(header, "\n") + "\n" + tableIntro(ev, c) + "\n" + sectionAndTitle(ev, c))
	others := otherLabels(ev, c)
	m := &rowMatch{c: c, label: label}
	for _, w := range comp.measure {
		switch {
		case wordIn(own, w):
			m.inLabel++
		case wordIn(group, w):
			m.inGroup++
		case wordIn(others, w):
			return nil, ""
		case !wordIn(around, w):
			return nil, ""
		}
	}
	for _, w := range comp.soft {
		switch {
		case wordIn(own, w):
			m.inLabel++
		case wordIn(others, w):
			return nil, "" // "total revenue" asked, and a total row stands apart
		}
	}
	if m.inLabel == 0 {
		return nil, ""
	}
	for _, t := range lang.Tokens(label) {
		if !t.Num && !lang.IsStopWord(t.Lower) && !comp.asks(t.Lower) {
			m.extra++
		}
	}
	if h := labelHead(label); h != "" && !wordIn(comp.words, h) {
		return nil, "" // "International income taxes - net" measures taxes, not the net income asked
	}
	for _, p := range comp.periods {
		tc, ok := periodCell(header, text, cells, p)
		switch {
		case !ok && len(cells) < len(strings.Split(text, cellSeparator)) && blankCell(text):
			return nil, "“" + label + "” has no figure in some column (a blank or a dash)"
		case !ok:
			return nil, "the table of “" + label + "” has no single column for " + p
		}
		m.cells = append(m.cells, tc)
		m.percents = m.percents || strings.HasSuffix(tc.value, "%")
	}
	if m.percents && comp.op == opSum {
		return nil, "the figures of “" + label + "” are percentages, which do not add up across periods"
	}
	m.unit = lang.UnitWord(strings.Join(header, "\n") + "\n" + tableIntro(ev, c))
	return m, ""
}

// matchTotalRow reads a row of figures under no label — the total a
// table sets under a rule — as the measure's when the question asks a
// total, its table (header, introduction, section, title) carries every
// other measure word and no other row's label does; its columns are read
// by position (gridCell), the label cell being empty.
func (comp computation) matchTotalRow(ev *app.Evidence, c candidate) *rowMatch {
	total := false
	for _, w := range append(slices.Clone(comp.soft), comp.measure...) {
		total = total || lang.Family(w) == "total"
	}
	if !total {
		return nil
	}
	text := c.window.Text[c.start:c.end]
	header := tableHeader(ev, c.window, c.start)
	around := matchWords(strings.Join(header, "\n") + "\n" + tableIntro(ev, c) + "\n" + sectionAndTitle(ev, c))
	others := otherLabels(ev, c)
	for _, w := range comp.measure {
		if lang.Family(w) != "total" && (!wordIn(around, w) || wordIn(others, w)) {
			return nil
		}
	}
	m := &rowMatch{c: c, label: "Total"} // any labelled row that answers reads better
	for _, p := range comp.periods {
		tc, ok := gridCell(header, text, p)
		if !ok {
			return nil
		}
		tc.label = m.label
		m.cells = append(m.cells, tc)
		m.percents = m.percents || strings.HasSuffix(tc.value, "%")
	}
	if m.percents && comp.op == opSum {
		return nil
	}
	m.unit = lang.UnitWord(strings.Join(header, "\n") + "\n" + tableIntro(ev, c))
	return m
}

// labelHead returns the word a row label names its measure by: its last
// word outside parentheses, past qualifiers set after it ("International
// income taxes - net" measures taxes; "Net income (loss)" income); ""
// for a label of qualifiers only ("Total").
func labelHead(label string) string {
	toks := lang.Tokens(parenthesised.ReplaceAllString(label, " "))
	for i := len(toks) - 1; i >= 0; i-- {
		t := toks[i]
		if !t.Num && !lang.IsStopWord(t.Lower) && !softWords[lang.Family(t.Lower)] {
			return t.Lower
		}
	}
	return ""
}

// parenthesised matches a parenthesis and what it holds.
var parenthesised = regexp.MustCompile(`\([^()]*\)`)

// noteMarks are the marks a row label refers to its notes by: "(1)",
// "(a)", "*".
var noteMarks = regexp.MustCompile(`\(\w{1,2}\)|\*`)

// asksShare reports whether a text speaks of a percentage.
func asksShare(s string) bool {
	l := strings.ToLower(s)
	return strings.Contains(l, "%") || strings.Contains(l, "percent")
}

// blankCell reports whether a row has a cell past its label that is
// blank or a dash: no figure.
func blankCell(row string) bool {
	for i, c := range strings.Split(row, cellSeparator) {
		if i > 0 && strings.IndexFunc(c, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '$' }) < 0 {
			return true
		}
	}
	return false
}

// better reports whether m reads the measure better than o: more of its
// words in the row's label and its group's, then in its own, then fewer words
// the question does not ask.
func (m *rowMatch) better(o *rowMatch) bool {
	switch {
	case m.inLabel+m.inGroup != o.inLabel+o.inGroup:
		return m.inLabel+m.inGroup > o.inLabel+o.inGroup
	case m.inLabel != o.inLabel:
		return m.inLabel > o.inLabel
	}
	return m.extra < o.extra
}

// otherLabels returns the word keys of the labels of the other rows of
// c's table, read from the whole table block.
func otherLabels(ev *app.Evidence, c candidate) map[string]bool {
	span, off, ok := locate(c.window, c.start)
	if !ok {
		return nil
	}
	var labels []string
	text := ev.Blocks[span.BlockID].Text
	pos := 0
	for _, r := range strings.Split(text, "\n") {
		first, _, _ := strings.Cut(r, cellSeparator)
		switch {
		case pos == off:
		case strings.TrimSpace(first) == "" && hasAmount(r, false):
			labels = append(labels, "total") // figures under no label: the table's total, set under a rule
		default:
			if cells := cellSpans(r); len(cells) > 0 {
				labels = append(labels, cells[0].text)
			}
		}
		pos += len(r) + 1
	}
	return matchWords(strings.Join(labels, "\n"))
}

// asks reports whether the question writes word w (or a form of it).
func (comp computation) asks(w string) bool {
	for _, q := range append(slices.Clone(comp.measure), comp.soft...) {
		if sameWord(q, w) {
			return true
		}
	}
	return false
}

// matchWords returns the word keys of s: each word's family and stem.
func matchWords(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range lang.Tokens(s) {
		out[lang.Family(t.Lower)], out[lang.Stem(t.Lower)] = true, true
	}
	return out
}

func wordIn(words map[string]bool, w string) bool {
	return words[lang.Family(w)] || words[lang.Stem(w)]
}

func sameWord(a, b string) bool {
	return lang.Family(a) == lang.Family(b) || lang.Stem(a) == lang.Stem(b)
}

// rowGroup returns the label of the group of rows c is in: the nearest
// row above it in its table that holds a label and no figure ("Current:"
// over "Federal | 120 | 98"), "" when there is none.
func rowGroup(ev *app.Evidence, c candidate) string {
	span, off, ok := locate(c.window, c.start)
	if !ok {
		return ""
	}
	rows := strings.Split(ev.Blocks[span.BlockID].Text[:off], "\n")
	for i := len(rows) - 1; i >= 1; i-- {
		cells := cellSpans(rows[i])
		if len(cells) == 1 && !hasAmount(cells[0].text, true) {
			return cells[0].text
		}
	}
	return ""
}

// tableIntro returns the sentence that introduces c's table — the
// paragraph right before it, when it ends with a colon ("The maximum
// exposure to credit risk for trade receivables by region was:") — or "".
func tableIntro(ev *app.Evidence, c candidate) string {
	span, _, ok := locate(c.window, c.start)
	if !ok {
		return ""
	}
	tb := ev.Blocks[span.BlockID]
	for _, b := range ev.Blocks {
		if b.Seq == tb.Seq-1 && b.SectionID == tb.SectionID && prose(b.Kind) &&
			strings.HasSuffix(strings.TrimSpace(b.Text), ":") {
			return b.Text
		}
	}
	return ""
}

// sectionAndTitle returns the heading path of c's block and its
// document's title.
func sectionAndTitle(ev *app.Evidence, c candidate) string {
	span, _, ok := locate(c.window, c.start)
	if !ok {
		return c.src.Title
	}
	return ev.Sections[ev.Blocks[span.BlockID].SectionID] + "\n" + c.src.Title
}

// periodCell finds the cell of row under the header column of year p.
// The header row must have a cell for each of the row's cells, or one
// fewer with the label column left out (askedCell's rule), and p must
// head exactly one of its columns.
func periodCell(header []string, row string, cells []cellSpan, p string) (tableCell, bool) {
	if tc, ok := gridCell(header, row, p); ok {
		return tc, true
	}
	for h := len(header) - 1; h >= 0; h-- {
		hc, years := headerCells(header[h])
		var first int
		switch {
		case len(hc) < 2:
			continue
		case len(hc) == len(cells) && !years && cellYear(hc[0].text) == "":
			first = 0
		case len(hc) == len(cells)-1 && cellYear(hc[0].text) != "":
			first = 1
		default:
			continue
		}
		col := -1
		for i, c := range hc {
			if cellYear(c.text) == p {
				if col >= 0 {
					return tableCell{}, false // the year heads two columns
				}
				col = i
			}
		}
		if col < 0 || col == 0 && first == 0 {
			continue
		}
		j := first + col
		return tableCell{label: cells[0].text, column: hc[col].text, value: cells[j].text,
			header: strings.TrimSpace(header[h]), start: cells[j].start, end: cells[j].end}, true
	}
	return tableCell{}, false
}

// gridCell finds the cell of row under the header column of year p in a
// table written one cell per column, empty cells kept, as HTML and word
// processors write tables (a cell spanning columns repeated in each): a
// header row with as many cells as the row, p in exactly one of them past
// the label column, and a figure under it.
func gridCell(header []string, row string, p string) (tableCell, bool) {
	rc := gridCells(row)
	for h := len(header) - 1; h >= 0; h-- {
		hc := gridCells(header[h])
		if len(hc) != len(rc) || len(rc) < 2 {
			continue
		}
		col := -1
		for i, c := range hc {
			if cellYear(c.text) == p {
				if col >= 0 {
					return tableCell{}, false // the year heads two columns
				}
				col = i
			}
		}
		if col < 1 || !hasAmount(rc[col].text, false) {
			continue
		}
		return tableCell{label: rc[0].text, column: hc[col].text, value: rc[col].text,
			header: strings.TrimSpace(header[h]), start: rc[col].start, end: rc[col].end}, true
	}
	return tableCell{}, false
}

// gridCells splits a row into all its cells, empty ones too, each
// trimmed, with its byte offsets in the row.
func gridCells(row string) []cellSpan {
	var out []cellSpan
	pos := 0
	for _, c := range strings.Split(row, cellSeparator) {
		lead := len(c) - len(strings.TrimLeft(c, " \t"))
		t := strings.TrimSpace(c)
		out = append(out, cellSpan{text: t, start: pos + lead, end: pos + lead + len(t)})
		pos += len(c) + len(cellSeparator)
	}
	return out
}

// cellYear returns the one year a header cell names ("2019", "December
// 31, 2019", "Fiscal 2019"), or "" when it names none or several.
func cellYear(cell string) string {
	y := ""
	for _, n := range numbers(cell) {
		if n.year && len(n.text) == 4 {
			if y != "" {
				return ""
			}
			y = n.text
		}
	}
	if y == "" {
		for _, t := range lang.Tokens(cell) {
			if v, ok := yearOf(t.Lower); ok && t.Lower != v {
				if y != "" {
					return ""
				}
				y = v // "FY19"
			}
		}
	}
	return y
}

// plainNumberRE is a figure as tables write it: digits with grouping
// commas and decimals, negative in parentheses or with a minus, a
// currency sign or a percent sign beside it.
var plainNumberRE = regexp.MustCompile(`^\(?\s*[-−–]?\s*[$€£¥]?\s*\(?\s*[-−–]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*\)?\s*%?\s*\)?$`)

// cellValue reads a cell that is one plain number; ok is false for
// anything else (a dash, a footnote mark, words).
func cellValue(cell string) (*big.Rat, bool) {
	s := strings.TrimSpace(cell)
	m := plainNumberRE.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	open, close := strings.Count(s, "("), strings.Count(s, ")")
	if open != close || open > 1 {
		return nil, false
	}
	v, ok := new(big.Rat).SetString(strings.ReplaceAll(m[1], ",", "") + m[2])
	if !ok {
		return nil, false
	}
	if open == 1 || strings.ContainsAny(s, "-−–") {
		v.Neg(v)
	}
	return v, true
}

// ComputedLead introduces a computed answer, saying plainly how it was made.
const ComputedLead = "Computed from the cited cells with exact decimal arithmetic:"

// answer computes comp over ops, read from row m, and writes the answer:
// the arithmetic on its first line, then each operand's cell, cited.
func (comp computation) answer(ev *app.Evidence, rows []*rowMatch, ops []operand) (*app.Answer, string) {
	expr, result, ok := comp.arithmetic(ops)
	if !ok {
		return nil, "the figure divided by, of “" + rows[len(rows)-1].label + "”, is zero"
	}
	ans := &app.Answer{Sources: SourceRefs(ev), Verdict: app.VerdictComputed, Sufficient: true}
	var labels, unders []string
	for _, op := range ops {
		cit, bstart, ok := citeAt(ev, op.c)
		if !ok {
			return nil, "the " + op.period + " figure of “" + op.cell.label + "” cannot be cited"
		}
		cellCitation(ev, &cit, bstart, op.cell)
		ans.Citations = append(ans.Citations, cit)
		context := strings.Join(tableHeader(ev, op.c.window, op.c.start), "\n") + "\n" + tableIntro(ev, op.c)
		labels = append(labels, op.cell.statement(cit.Quote, context))
		unders = append(unders, op.cell.header)
	}
	numberQuotes(ans.Citations)
	ans.Answer = comp.title(rows) + " = " + expr + " = " + result + comp.unit(rows) + "\n\n" + ComputedLead +
		render(ans.Citations, labels, unders)
	return ans, ""
}

// title names what was computed: "Change in Revenue from 2018 to 2019".
func (comp computation) title(rows []*rowMatch) string {
	m := rows[0]
	switch comp.op {
	case opShare:
		return m.label + " as a percentage of " + rows[1].label + ", " + comp.periods[0]
	case opRatio:
		return "Ratio of " + m.label + " to " + rows[1].label + ", " + comp.periods[0]
	case opRowDifference, opRowSum:
		return opName[comp.op] + " of " + m.label + " and " + rows[1].label + ", " + comp.periods[0]
	case opChange, opPercentChange:
		return opName[comp.op] + " in " + m.label + " from " + comp.base + " to " + comp.other()
	}
	return opName[comp.op] + " of " + m.label + " for " + strings.Join(comp.periods, ", ")
}

// other is the period a change is measured to.
func (comp computation) other() string {
	for _, p := range comp.periods {
		if p != comp.base {
			return p
		}
	}
	return ""
}

// unit is what the result is in: a percentage, percentage points of
// figures that are percentages, or the table's unit ("million").
func (comp computation) unit(rows []*rowMatch) string {
	m := rows[0]
	switch {
	case comp.op == opRatio:
		return ""
	case comp.op == opPercentChange || comp.op == opShare:
		return "%"
	case m.percents && comp.op == opChange:
		return " percentage points"
	case m.percents:
		return "%"
	case m.unit != "" && !unscaled(m.label, m.cells[0].value):
		return " " + strings.TrimSuffix(strings.ToLower(m.unit), "s")
	}
	return ""
}

// arithmetic computes comp over ops exactly and writes the expression
// and the result, rounded only for what does not come out even: a
// percentage to two decimals, an average to two more than its operands'.
// ok is false for a percentage change from zero.
func (comp computation) arithmetic(ops []operand) (expr, result string, ok bool) {
	byPeriod := map[string]*big.Rat{}
	decimals := 0
	var terms []string
	for _, op := range ops {
		byPeriod[op.period] = op.value
		decimals = max(decimals, decimalsOf(op.cell.value))
		terms = append(terms, showOperand(op.value, decimalsOf(op.cell.value)))
	}
	if comp.twoRows() {
		return rowArithmetic(comp.op, ops, decimals)
	}
	base, other := byPeriod[comp.base], byPeriod[comp.other()]
	showBase, showOther := showOperand(base, decimals), showOperand(other, decimals)
	switch comp.op {
	case opChange:
		return showOther + " − " + showBase, showRat(new(big.Rat).Sub(other, base), decimals), true
	case opPercentChange:
		if base.Sign() == 0 {
			return "", "", false
		}
		r := new(big.Rat).Quo(new(big.Rat).Sub(other, base), base)
		r.Mul(r, big.NewRat(100, 1))
		return "(" + showOther + " − " + showBase + ") / " + showBase + " × 100", showRounded(r, 2), true
	}
	sum := new(big.Rat)
	for _, op := range ops {
		sum.Add(sum, op.value)
	}
	if comp.op == opSum {
		return strings.Join(terms, " + "), showRat(sum, decimals), true
	}
	avg := new(big.Rat).Quo(sum, big.NewRat(int64(len(ops)), 1))
	return "(" + strings.Join(terms, " + ") + ") / " + strconv.Itoa(len(ops)), showRounded(avg, decimals+2), true
}

// decimalsOf counts the decimals a cell's figure is written with.
func decimalsOf(cell string) int {
	s := strings.TrimRight(cell, " %)")
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// showOperand writes an operand of an expression, a negative one in
// parentheses: "(−3.5)".
func showOperand(r *big.Rat, decimals int) string {
	s := showRat(r, decimals)
	if r.Sign() < 0 {
		return "(" + s + ")"
	}
	return s
}

// showRat writes r to decimals places with a true minus sign.
func showRat(r *big.Rat, decimals int) string {
	return strings.Replace(r.FloatString(decimals), "-", "−", 1)
}

// showRounded writes r to at most decimals places, without trailing
// zeros: 1071.5, 28.57.
func showRounded(r *big.Rat, decimals int) string {
	s := r.FloatString(decimals)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return strings.Replace(s, "-", "−", 1)
}

// rowArithmetic computes an operation on two measures' figures, x and y
// in the order the question names them.
func rowArithmetic(op operation, ops []operand, decimals int) (expr, result string, ok bool) {
	x, y := ops[0].value, ops[1].value
	sx, sy := showOperand(x, decimalsOf(ops[0].cell.value)), showOperand(y, decimalsOf(ops[1].cell.value))
	switch op {
	case opRowDifference:
		return sx + " − " + sy, showRat(new(big.Rat).Sub(x, y), decimals), true
	case opRowSum:
		return sx + " + " + sy, showRat(new(big.Rat).Add(x, y), decimals), true
	}
	if y.Sign() == 0 {
		return "", "", false
	}
	r := new(big.Rat).Quo(x, y)
	if op == opShare {
		r.Mul(r, big.NewRat(100, 1))
		return sx + " / " + sy + " × 100", showRounded(r, 2), true
	}
	return sx + " / " + sy, showRounded(r, 2), true
}

// pickColumn reads a table that sets its periods in rows and its measures
// in columns, as schedules of payments by year do ("2021 | 138 | 7" under
// "Operating leases | Finance leases"): one row labelled by each asked
// year, all in one table, and the one column whose header carries the
// measure (every word in its header cells, its table's introduction, its
// section or title, one at least in its header cells). nil when there is
// no such table, or two columns carry the measure equally.
func (comp computation) pickColumn(ev *app.Evidence, rows []candidate) *rowMatch {
	byBlock := map[string][]candidate{}
	var order []string
	for _, c := range rows {
		label := gridCells(c.window.Text[c.start:c.end])[0].text
		span, _, ok := locate(c.window, c.start)
		if !ok || !slices.Contains(comp.periods, label) {
			continue // only a row labelled by a bare asked year
		}
		if byBlock[span.BlockID] == nil {
			order = append(order, span.BlockID)
		}
		byBlock[span.BlockID] = append(byBlock[span.BlockID], c)
	}
	var found *rowMatch
	for _, id := range order {
		m := comp.yearRows(ev, byBlock[id])
		if m != nil && found != nil {
			return nil // two tables answer
		}
		if m != nil {
			found = m
		}
	}
	return found
}

// yearRows reads the rows of one table labelled by the asked years: one
// for each, and the one column of the measure.
func (comp computation) yearRows(ev *app.Evidence, rows []candidate) *rowMatch {
	m := &rowMatch{c: rows[0]}
	for _, p := range comp.periods {
		var at []candidate
		for _, c := range rows {
			if gridCells(c.window.Text[c.start:c.end])[0].text == p {
				at = append(at, c)
			}
		}
		if len(at) != 1 {
			return nil
		}
		m.periodRows = append(m.periodRows, at[0])
	}
	c := rows[0]
	header := tableHeader(ev, c.window, c.start)
	col, name := comp.measureColumn(ev, c, header)
	if col < 0 {
		return nil
	}
	m.label = name
	for i, r := range m.periodRows {
		rc := gridCells(r.window.Text[r.start:r.end])
		if col >= len(rc) || !hasAmount(rc[col].text, false) {
			return nil
		}
		m.cells = append(m.cells, tableCell{label: comp.periods[i], column: name, value: rc[col].text,
			header: strings.Join(header, " / "), start: rc[col].start, end: rc[col].end})
		m.percents = m.percents || strings.HasSuffix(rc[col].text, "%")
	}
	if m.percents && comp.op == opSum {
		return nil
	}
	m.unit = lang.UnitWord(strings.Join(header, "\n") + "\n" + tableIntro(ev, c))
	return m
}

// measureColumn returns the index of the one column, in a table written
// one cell per column, whose header cells carry the measure, with their
// words; -1 when none does or two do equally.
func (comp computation) measureColumn(ev *app.Evidence, c candidate, header []string) (int, string) {
	width := len(gridCells(c.window.Text[c.start:c.end]))
	around := matchWords(tableIntro(ev, c) + "\n" + sectionAndTitle(ev, c))
	best, bestIn, tie, name := -1, 0, false, ""
	for i := 1; i < width; i++ {
		var words []string
		for _, h := range header {
			if hc := gridCells(h); len(hc) == width && hc[i].text != "" {
				words = append(words, hc[i].text)
			}
		}
		own := matchWords(strings.Join(words, " "))
		in := 0
		for _, w := range comp.measure {
			switch {
			case wordIn(own, w):
				in++
			case !wordIn(around, w):
				in = -1
			}
			if in < 0 {
				break
			}
		}
		switch {
		case in <= 0:
		case in > bestIn:
			best, bestIn, tie, name = i, in, false, strings.Join(words, " ")
		case in == bestIn:
			tie = true
		}
	}
	if tie {
		return -1, ""
	}
	return best, name
}
