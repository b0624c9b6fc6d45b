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

// Counting periods over a threshold. "How many years did net income
// exceed $30,000 thousand?" asks a count that no sentence states: the
// row of the measure, read under its header's years, gives it. The row
// is named exactly by the question (as lists are), every year's cell is
// read and compared, and the count is stated as counted — each year's
// cell cited as an operand is — or not at all.

var thresholdRE = regexp.MustCompile(`(?i)^\s*how many\s+(years|quarters|periods)\s+(?:did|was|were|had|has|have)\s+(?:the\s+)?(.+?)\s+(exceed|exceeded|surpass|surpassed|top|go above|was above|were above|was more than|were more than|was greater than|was higher than|was less than|were less than|was lower than|was below|were below|fall below|fell below)\s+[$€£¥]?\s?([\d,]+(?:\.\d+)?)\s*(thousand|million|billion|%)?\s*\??\s*$`)

// whichOverRE finds a question asking which periods a measure passed a
// figure in ("In which year was revenue less than 600,000 thousands?"):
// answered as the count is, by the years themselves. Its groups are
// thresholdRE's.
var whichOverRE = regexp.MustCompile(`(?i)^\s*(?:in\s+)?which\s+(years?|periods?|quarters?)\s+(?:did|was|were|is|are|had|has|have)\s+(?:the\s+)?(.+?)\s+(exceed|exceeded|surpass|surpassed|more than|greater than|higher than|above|less than|lower than|fewer than|below|under)\s*[$€£¥]?\s?([\d,]+(?:\.\d+)?)\s*(thousands?|millions?|billions?|%)?\s*\??\s*$`)

// threshold is a question counting the periods a measure passed a
// figure, or asking which they are.
type threshold struct {
	which   bool     // asks which periods, not how many
	measure []string // the row's words, as lang.LabelWords
	limit   *big.Rat // the figure, at the question's scale
	scale   float64  // 1, 1e3, 1e6, 1e9
	below   bool     // counts the periods under the figure
	figure  string   // the figure as the question writes it: "30,000 thousand"
	phrase  string   // the measure as the question writes it
}

// readThreshold reads a threshold question; ok is false for any other.
func readThreshold(q string) (threshold, bool) {
	m, which := thresholdRE.FindStringSubmatch(q), false
	if m == nil {
		if m, which = whichOverRE.FindStringSubmatch(q), true; m == nil {
			return threshold{}, false
		}
	}
	limit, ok := new(big.Rat).SetString(strings.ReplaceAll(m[4], ",", ""))
	if !ok {
		return threshold{}, false
	}
	verb := strings.ToLower(m[3])
	th := threshold{which: which, measure: lang.LabelWords(m[2]), phrase: m[2], limit: limit, scale: 1, below: strings.Contains(verb, "less") ||
		strings.Contains(verb, "lower") || strings.Contains(verb, "below") || strings.Contains(verb, "fewer") || verb == "under"}
	at := strings.Index(q, m[4])
	for _, sign := range []string{"$", "€", "£", "¥"} {
		if strings.HasSuffix(strings.TrimRight(q[:at], " "), sign) {
			at = strings.LastIndex(q[:at], sign)
		}
	}
	th.figure = strings.TrimSpace(strings.TrimRight(q[at:], "? ")) // as the question writes it
	switch strings.TrimSuffix(strings.ToLower(m[5]), "s") {
	case "thousand":
		th.scale = 1e3
	case "million":
		th.scale = 1e6
	case "billion":
		th.scale = 1e9
	}
	return th, len(th.measure) > 0
}

// thresholdAnswer answers a threshold question from the row the question
// names, read under every year its header gives; nil when the question
// is no such count, no row is named so, or fewer than two years are read.
//
// A row whose label is the question's measure word for word answers
// first. Otherwise the measure is read as a computation's is (pickRow):
// "net sales from Americas" is the row "Americas" of a table its
// introduction says is of net sales — one row only, every word of the
// measure carried by the row or its table and none by another row.
func (r *reading) thresholdAnswer(cands []candidate) *app.Answer {
	th, ok := readThreshold(r.ev.Question.Text)
	if !ok {
		return nil
	}
	for _, rows := range r.tables(cands) {
		for _, c := range rows {
			row := c.window.Text[c.start:c.end]
			label, _, _ := strings.Cut(row, "|")
			if !slices.Equal(lang.LabelWords(label), th.measure) {
				continue
			}
			if ans := r.countOver(c, row, th); ans != nil {
				return ans
			}
		}
	}
	var comp computation
	comp.readMeasure(th.phrase)
	if len(comp.measure) == 0 {
		return nil
	}
	rows := tableRows(r.ev)
	for _, years := range yearSets(r.ev, rows) {
		comp.periods = years
		if best, _ := comp.pickRow(r.ev, rows); best != nil && best.periodRows == nil {
			return r.countOver(&best.c, best.c.window.Text[best.c.start:best.c.end], th)
		}
	}
	return nil
}

// countOver counts the years of row c whose cell passes the threshold,
// citing every year's cell.
func (r *reading) countOver(c *candidate, row string, th threshold) *app.Answer {
	header := tableHeader(r.ev, c.window, c.start)
	// The limit at the table's scale: "$30 million" in a table in
	// thousands is 30,000 of its figures. A table that states no unit is
	// read in the question's: its asker read the figures as written.
	limit := new(big.Rat).Set(th.limit)
	if ctx := unitContext(r.ev, c.window, c.start); lang.UnitWord(ctx) != "" {
		limit.Mul(limit, new(big.Rat).SetFloat64(th.scale))
		limit.Quo(limit, new(big.Rat).SetFloat64(lang.UnitOf(ctx)))
	}
	var cites []app.Citation
	var labels, unders []string
	n := 0
	var passed []string
	for _, y := range headerYears(header) {
		tc, ok := periodCell(header, row, cellSpans(row), y)
		if !ok {
			return nil
		}
		v, ok := cellValue(tc.value)
		if !ok {
			return nil
		}
		if cmp := v.Cmp(limit); cmp > 0 && !th.below || cmp < 0 && th.below {
			n++
			passed = append(passed, y)
		}
		// Each year's figure is an operand: its cell is cited.
		cit, label, under, ok := citedCell(r.ev, *c, tc)
		if !ok {
			return nil
		}
		cites = append(cites, cit)
		labels = append(labels, label)
		unders = append(unders, under)
	}
	if len(cites) < 2 {
		return nil
	}
	numberQuotes(cites)
	count := strconv.Itoa(n)
	label, _, _ := strings.Cut(row, "|")
	side := "over"
	if th.below {
		side = "under"
	}
	which := ""
	if len(passed) > 0 {
		which = " (" + strings.Join(passed, ", ") + ")"
	}
	if th.which {
		if len(passed) == 0 {
			return nil // no year passed it: the question's premise fails, and nothing is stated
		}
		value := strings.Join(passed, ", ")
		text := "Years in which “" + strings.TrimSpace(label) + "” was " + side + " " + th.figure + ": " + value + " (of " +
			strings.Join(headerYears(header), ", ") + ")\n\nCompared from the cited cells:" + render(cites, labels, unders)
		return &app.Answer{Answer: text, Sufficient: true, Verdict: app.VerdictComputed, Citations: cites, Sources: SourceRefs(r.ev), Value: value}
	}
	text := "Years in which “" + strings.TrimSpace(label) + "” was " + side + " " + th.figure + ": " + count + " of " +
		strconv.Itoa(len(cites)) + which + "\n\nCounted from the cited cells:" + render(cites, labels, unders)
	return &app.Answer{Answer: text, Sufficient: true, Verdict: app.VerdictComputed, Citations: cites, Sources: SourceRefs(r.ev), Value: count}
}

// headerYears returns the distinct years a table's header rows name, in
// order.
func headerYears(header []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, h := range header {
		cells, _ := headerCells(h)
		for _, cell := range cells {
			if y := cellYear(cell.text); y != "" && !seen[y] {
				seen[y] = true
				out = append(out, y)
			}
		}
	}
	return out
}
