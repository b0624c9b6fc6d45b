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

// Ranking a table's items. "Which segment had the highest revenue in
// 2019?" asks which of a table's items holds the largest figure of one
// column. No sentence says it: a report sets each item's figure in a row
// of a table that measures one thing — its introduction or header says
// what ("Revenue by segment"), its row labels name the items. So the
// answer is read from the whole table or not at all:
//
//   - every item row of the table's block is in the evidence, each cited
//     (a row left out could hold the largest figure);
//   - the measure is the table's own: each of its words is in the
//     table's header, introduction, section or title, and none in a row
//     label (a table whose rows are measures ranks nothing the question
//     asks);
//   - the column is the asked year's, or the one whose header carries the
//     measure, or the only one;
//   - every compared figure is a plain number, none below nought, and
//     the one picked is not tied;
//   - totals and rows that head a group are not items, and a table with
//     groups of rows is not ranked as one list.

// RankedLead introduces a ranking, saying plainly how it was made.
const RankedLead = "Ranked from the cited cells:"

var (
	// rankRE finds "Which segment had the highest …", "In which currency
	// was … the smallest", "What is the component that contributed the
	// most to …": its groups are the kind of item asked and the rest.
	rankRE = regexp.MustCompile(`(?i)^\s*(?:(?:for|in|as of|at|during)\s+[^,]{1,40},\s*)?(?:in\s+)?(?:which|what)\s+(?:(?:is|was)\s+the\s+)?(?:of\s+the\s+)?([a-z][a-z&\s-]{1,40}?)\s+(?:that\s+)?(?:has|had|have|is|was|were|are|holds?|held|contributed|contributes|accounted\s+for|made\s+up|makes\s+up)\s+(.+?)\s*\??\s*$`)
	// superlativeRE is the rank asked: the largest or the smallest, or
	// the second of them.
	superlativeRE = regexp.MustCompile(`(?i)\b(?:(second)\s+)?(highest|largest|greatest|biggest|most|lowest|smallest|least|fewest)\b`)
	// periodKinds are the items compare (computecompare.go) ranks: a
	// table's periods, not its rows.
	periodKinds = familySet(`year years fy period periods quarter quarters month months date`)
)

// ranking is a question asking which of a table's items ranks first (or
// second) by a measure.
type ranking struct {
	comp     computation
	largest  bool
	second   bool
	kindWord string // the kind of item asked: "segment"
}

// readRanking reads a ranking question; ok is false for any other.
func readRanking(q string) (rk ranking, ok bool) {
	m := rankRE.FindStringSubmatch(q)
	if m == nil {
		return rk, false
	}
	kind := strings.ToLower(strings.TrimSpace(m[1]))
	for _, w := range strings.Fields(kind) {
		if periodKinds[lang.Family(w)] {
			return rk, false
		}
	}
	s := superlativeRE.FindStringSubmatch(m[2])
	if s == nil {
		return rk, false
	}
	rk.kindWord, rk.second = kind, s[1] != ""
	w := strings.ToLower(s[2])
	rk.largest = !strings.Contains("lowest smallest least fewest", w)
	rest := superlativeRE.ReplaceAllString(m[2], " ")
	years, _ := askedPeriods(q, opChange)
	if len(years) > 1 {
		return rk, false // two periods: a figure per item and period, no one column
	}
	rk.comp.periods = years
	rk.comp.readMeasure(rest)
	return rk, len(rk.comp.measure) > 0
}

// rankedAnswer answers a ranking question from the one table of the
// evidence that measures what it asks; nil when none does so wholly.
func (r *reading) rankedAnswer(cands []candidate) *app.Answer {
	rk, ok := readRanking(r.ev.Question.Text)
	if !ok {
		return nil
	}
	var found *app.Answer
	for _, rows := range r.tables(cands) {
		if ans := rk.rank(r.ev, rows); ans != nil {
			if found != nil {
				return nil // two tables rank it: which is meant cannot be told
			}
			found = ans
		}
	}
	return found
}

// rankedItem is one item of a ranked table: its row and its figure.
type rankedItem struct {
	c     *candidate
	label string
	cell  tableCell
	value *big.Rat
}

// rank ranks the items of one table's rows, or returns nil.
func (rk ranking) rank(ev *app.Evidence, rows []*candidate) *app.Answer {
	var c0 *candidate
	var header []string
	for _, c := range rows { // the header is read from a row below it
		if header = tableHeader(ev, c.window, c.start); header != nil {
			c0 = c
			break
		}
	}
	if c0 == nil {
		return nil
	}
	around := matchWords(strings.Join(header, "\n") + "\n" + tableIntro(ev, *c0) + "\n" + sectionAndTitle(ev, *c0))
	for _, w := range rk.comp.measure {
		if !wordIn(around, w) {
			return nil
		}
	}
	col, name := -1, ""
	if len(rk.comp.periods) == 0 {
		if col, name = rk.comp.measureColumn(ev, *c0, header); col < 0 && len(gridCells(c0.window.Text[c0.start:c0.end])) == 2 {
			col = 1
		}
		if col < 0 {
			return nil
		}
	}
	items, ok := rk.items(ev, rows, header, col, name)
	if !ok || len(items) < 2 || rk.second && len(items) < 3 {
		return nil
	}
	var labels []string
	for _, it := range items {
		labels = append(labels, it.label)
	}
	labelWords := matchWords(strings.Join(labels, "\n"))
	for _, w := range rk.comp.measure {
		if wordIn(labelWords, w) {
			return nil // the rows are measures, not items of one
		}
	}
	return rk.answer(ev, items)
}

// items reads the item rows of a table, each with its figure in the
// column; ok is false when a row of the table's block is not among rows
// (not all of the table is in the evidence), a row heads a group, or a
// figure is not a plain number at or above nought.
func (rk ranking) items(ev *app.Evidence, rows []*candidate, header []string, col int, name string) ([]rankedItem, bool) {
	in := map[string]*candidate{}
	for _, c := range rows {
		in[strings.TrimSpace(c.window.Text[c.start:c.end])] = c
	}
	span, _, ok := locate(rows[0].window, rows[0].start)
	if !ok {
		return nil, false
	}
	headers := map[string]bool{}
	for _, h := range header {
		headers[strings.TrimSpace(h)] = true
	}
	var items []rankedItem
	for _, line := range strings.Split(ev.Blocks[span.BlockID].Text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || headers[line] {
			continue
		}
		cells := cellSpans(line)
		if len(cells) == 0 || len(cells) < 2 && !hasAmount(line, false) {
			if len(items) > 0 {
				return nil, false // a second group of rows: the table is no one list
			}
			continue // the heading of the table's one group ("Assets:")
		}
		label := strings.TrimSpace(noteMarks.ReplaceAllString(cells[0].text, ""))
		if label == "" || lang.Family(strings.ToLower(strings.Fields(label)[0])) == "total" {
			continue // a total is no item
		}
		c, ok := in[line]
		if !ok {
			return nil, false
		}
		tc, ok := rk.cell(header, line, cells, col, name)
		if !ok {
			return nil, false
		}
		v, ok := cellValue(tc.value)
		if !ok || v.Sign() < 0 {
			return nil, false
		}
		items = append(items, rankedItem{c: c, label: label, cell: tc, value: v})
	}
	return items, true
}

// cell returns a row's cell of the ranked column: the asked year's, or
// column col, headed name.
func (rk ranking) cell(header []string, row string, cells []cellSpan, col int, name string) (tableCell, bool) {
	if col < 0 {
		return periodCell(header, row, cells, rk.comp.periods[0])
	}
	rc := gridCells(row)
	if col >= len(rc) {
		return tableCell{}, false
	}
	return tableCell{label: rc[0].text, column: name, value: rc[col].text, header: strings.Join(header, " / "), start: rc[col].start, end: rc[col].end}, true
}

// answer states the item ranked first (or second), citing every compared
// cell.
func (rk ranking) answer(ev *app.Evidence, items []rankedItem) *app.Answer {
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if rk.largest {
			return items[b].value.Cmp(items[a].value)
		}
		return items[a].value.Cmp(items[b].value)
	})
	pick := 0
	if rk.second {
		pick = 1
	}
	if items[order[pick]].value.Cmp(items[order[pick+1]].value) == 0 || pick > 0 && items[order[0]].value.Cmp(items[order[1]].value) == 0 {
		return nil // tied: no one item ranks there
	}
	ans := &app.Answer{Sources: SourceRefs(ev), Verdict: app.VerdictComputed, Sufficient: true, Value: items[order[pick]].label}
	var labels, unders []string
	for _, it := range items {
		cit, label, under, ok := citedCell(ev, *it.c, it.cell)
		if !ok {
			return nil
		}
		ans.Citations = append(ans.Citations, cit)
		labels = append(labels, label)
		unders = append(unders, under)
	}
	numberQuotes(ans.Citations)
	rank := map[bool]string{true: "largest", false: "smallest"}[rk.largest]
	if rk.second {
		rank = "second " + rank
	}
	what := "figure"
	switch {
	case items[0].cell.column != "" && len(rk.comp.periods) == 0:
		what = items[0].cell.column // "the largest Remaining Expected Charges"
	case len(rk.comp.periods) == 1:
		what = "figure for " + rk.comp.periods[0]
	}
	ans.Answer = items[order[pick]].label + " has the " + rank + " " + what + " of the " + strconv.Itoa(len(items)) +
		" rows compared (" + strings.TrimSpace(items[order[pick]].cell.value) + ")\n\n" + RankedLead + render(ans.Citations, labels, unders)
	return ans
}
