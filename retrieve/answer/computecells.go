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

// The operands of a computation: the table row whose label carries the
// measure (or the column whose header does, in a table of periods by
// row), the cell under each asked period, and the figure it holds.

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
