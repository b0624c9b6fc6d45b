package answer

import (
	"regexp"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// Tables answer with their cell. A row alone — "Total Company | $ |
// 34,229 $ | 35,355 $ | 32,184" — does not say which figure is 2022: its
// header row does. When the question names a period or a column, the
// answer states that cell with its row's label and its column
// ("Total Company, 2022: $34,229 million"), the citation outlines the
// cell's own words on the page (precision "cell") and keeps the row as its
// quote and the header row it was read under.

// tableCell is the cell of a quoted row that the question asks for.
type tableCell struct {
	label, column string // the row's label cell and the header cell over the answer
	value         string // the cell, verbatim
	header        string // the header row that names the column, verbatim
	group         string // the header row above it naming the column's group ("Capital Expenditures"), verbatim, or ""
	over          string // that header row's cell over the row labels ("Net Sales (Millions)"), if it has one
	start, end    int    // byte offsets of value in the row
}

// cellSpan is one cell of a row with its byte offsets in the row.
type cellSpan struct {
	text       string
	start, end int
}

// cellSpans splits a row into its cells as rowCells does (trimmed,
// without cells holding no letter or digit), keeping each cell's offsets.
func cellSpans(row string) []cellSpan {
	var out []cellSpan
	pos := 0
	for _, c := range strings.Split(row, cellSeparator) {
		start, end := pos, pos+len(c)
		pos = end + len(cellSeparator)
		lead := len(c) - len(strings.TrimLeft(c, " \t"))
		trail := len(c) - len(strings.TrimRight(c, " \t"))
		t := strings.TrimSpace(c)
		if strings.IndexFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
			continue
		}
		// A "$" or "%" set in the next column's cell belongs to it.
		t2 := strings.TrimRight(t, " $€£¥₹")
		trail += len(t) - len(t2)
		out = append(out, cellSpan{text: t2, start: start + lead, end: end - trail})
	}
	return out
}

// askedCell finds, in a row under header, the cell of the column the
// question names: an asked year, or a header cell whose every content
// word the question names ("Domestic" in "how many Domestic stores").
//
// A header row says which cell is which only when it has a cell for each
// of the row's: as many as the row, its first over the row labels ("Net
// Sales (Millions) | 2022 | 2021" over "Total Company | 34,229 |
// 35,355"), or one fewer, the label column left out ("2022 | 2021"). Any
// other count means a header cell spans several of the row's cells
// ("2023" over an amount and its percentage of sales, "2022 vs. 2021"
// over a change and its percentage), and which cell is the year's
// cannot be told from the text; nor can it when the header has one cell
// fewer but its first reads as the label column's ("Years Ended December
// 31," where a lone "$" cell of the row was dropped). The row is then
// quoted with its header, as any row is, and no figure is stated. So it
// is when the asked column's header repeats ("July 29, 2023 | July 30,
// 2022 | July 29, 2023 | July 30, 2022" under three months and six
// months; "2021 | 2020 | Change" once for each of a bank's segments):
// which of them the question means a header above says, in cells the
// text does not line up.
func (sh shape) askedCell(header []string, row string) (tableCell, bool) {
	cells := cellSpans(row)
	if len(cells) < 2 {
		return tableCell{}, false
	}
	for h := len(header) - 1; h >= 0; h-- {
		hc, years := headerCells(header[h])
		if len(hc) < 2 {
			continue // one cell is the label of a group of rows, not a row of column names
		}
		var first int // the row cell under the header's first cell
		switch {
		case len(hc) == len(cells) && !years:
			first = 0
		case len(hc) == len(cells)-1 && (yearCell(hc[0].text) || sh.namesColumn(hc[0].text)):
			first = 1
		default:
			continue
		}
		if sh.repeatsAsked(hc) {
			if tc, ok := sh.groupedCell(header, h, hc, first, cells); ok {
				return tc, true
			}
			continue
		}
		for i, c := range hc {
			if !sh.namesColumn(c.text) || i == 0 && first == 0 {
				continue // the label column names rows, not a figure's column
			}
			if sh.Type != lang.PercentType && percentColumnRE.MatchString(c.text) {
				continue // "% of Sales" names sales, and holds percentages of them
			}
			j := first + i
			if !hasAmount(cells[j].text, false) {
				continue
			}
			tc := tableCell{label: cells[0].text, column: c.text, value: cells[j].text, header: strings.TrimSpace(header[h]),
				start: cells[j].start, end: cells[j].end}
			if first == 0 {
				tc.over = hc[0].text
			}
			return tc, true
		}
	}
	return tableCell{}, false
}

// namedFamilies returns the family keys of the words places write, and
// of the measures they name by another name: a table headed "Net Sales"
// gives the revenue asked for, as the glossary routing reads says.
func namedFamilies(places []string) map[string]bool {
	at := map[string]bool{}
	for _, s := range places {
		for _, t := range lang.Tokens(s) {
			at[lang.Family(t.Lower)] = true
		}
		for _, w := range lang.Equivalents(s) {
			at[lang.Family(w)] = true
		}
	}
	return at
}

// percentColumnRE finds a column of percentages: "% of Sales*", "Percent
// of total", "%".
var percentColumnRE = regexp.MustCompile(`(?i)^\s*(%|percent|percentage)`)

// repeatsAsked reports whether a header cell the question asks for
// appears twice or more in the row.
func (sh shape) repeatsAsked(hc []cellSpan) bool {
	seen := map[string]bool{}
	for _, c := range hc {
		k := strings.Join(strings.Fields(strings.ToLower(c.text)), " ")
		if sh.namesColumn(c.text) {
			if seen[k] {
				return true
			}
			seen[k] = true
		}
	}
	return false
}

// groupedCell reads a header whose columns come in groups — the years
// start over ("2022 | 2021 | 2022 | 2021 | 2020 | 2022 | 2021 | 2020")
// under a row naming each group ("Assets | Depreciation & Amortization |
// Capital Expenditures") — when that row has a cell for each group (and
// maybe one over the row labels), the question names one group by all
// its words and one column of it: "What were the capital expenditures of
// the Consumer segment in 2022?" is the third group's 2022.
func (sh shape) groupedCell(header []string, h int, hc []cellSpan, first int, cells []cellSpan) (tableCell, bool) {
	if h == 0 {
		return tableCell{}, false
	}
	cols := hc
	if first == 0 {
		cols = hc[1:] // hc[0] is over the row labels
	}
	key := func(c cellSpan) string { return strings.Join(strings.Fields(strings.ToLower(c.text)), " ") }
	var starts []int // index into cols where each group starts
	for i, c := range cols {
		if i == 0 || key(c) == key(cols[0]) {
			starts = append(starts, i)
		}
	}
	names, _ := headerCells(header[h-1])
	if len(names) == len(starts)+1 {
		names = names[1:] // over the row labels
	}
	if len(starts) < 2 || len(names) != len(starts) {
		return tableCell{}, false
	}
	group := -1
	for k, n := range names {
		if sh.namesColumn(n.text) {
			if group >= 0 {
				return tableCell{}, false // two groups asked
			}
			group = k
		}
	}
	if group < 0 {
		return tableCell{}, false
	}
	end := len(cols)
	if group+1 < len(starts) {
		end = starts[group+1]
	}
	for i := starts[group]; i < end; i++ {
		j := i + first
		if first == 0 {
			j = i + 1
		}
		if !sh.namesColumn(cols[i].text) || j >= len(cells) || !hasAmount(cells[j].text, false) {
			continue
		}
		tc := tableCell{label: cells[0].text, column: names[group].text + " " + cols[i].text, value: cells[j].text,
			header: strings.TrimSpace(header[h]), group: strings.TrimSpace(header[h-1]), start: cells[j].start, end: cells[j].end}
		if first == 0 {
			tc.over = hc[0].text
		}
		return tc, true
	}
	return tableCell{}, false
}

// headerCells splits a header row into its cells; a line set above its
// table as a paragraph, without cell separators, has its years for cells
// (yearsRun), and years reports so: they stand over the figures, the label
// column left out.
func headerCells(row string) (cells []cellSpan, years bool) {
	if !strings.Contains(row, cellSeparator) {
		if ys := yearsRun(row); len(ys) >= 2 {
			return ys, true
		}
	}
	return cellSpans(row), false
}

// yearCell reports whether a header cell names a year ("2022", "Fiscal
// 2023", "June 30, 2022"): a column of figures, not the label column. A
// date without its year ("Years Ended December 31,") is the label
// column's, saying what the columns' years are.
func yearCell(cell string) bool {
	for _, n := range numbers(cell) {
		if n.year && len(n.text) == 4 {
			return true
		}
	}
	return false
}

// addresses reports whether the question names a row of a table by its
// label and one of its columns by its header: "What score did PaLM-2L +
// Step-Back achieve in MMLU Physics?" addresses the row "PaLM-2L +
// Step-Back (ours) | 73.2% (1.9%) | 81.8% (1.4%)" under "Method | MMLU
// Physics | MMLU Chemistry". Every content word of the label must be
// asked, at least two, and the column must hold a figure.
func (sh shape) addresses(header []string, row string) bool {
	cells := cellSpans(row)
	if len(cells) < 2 {
		return false
	}
	words := 0
	for _, t := range lang.Tokens(cells[0].text) {
		if lang.IsStopWord(t.Lower) {
			continue
		}
		words++
		if !sh.stems[lang.Family(t.Lower)] {
			return false
		}
	}
	if words < 2 {
		return false
	}
	_, ok := sh.askedCell(header, row)
	return ok
}

// namesColumn reports whether a header cell is one the question asks for.
func (sh shape) namesColumn(cell string) bool {
	ns := numbers(cell)
	for _, n := range ns {
		if n.year && sh.years[n.text] {
			return true
		}
	}
	if len(ns) > 0 {
		return false
	}
	words := 0
	for _, t := range lang.Tokens(cell) {
		if lang.IsStopWord(t.Lower) {
			continue
		}
		words++
		if !sh.stems[lang.Family(t.Lower)] {
			return false
		}
	}
	return words > 0
}

// statement writes the answer a cell gives: "Total Company, 2022: $34,229
// million" — the row's label, the column, the cell, and the unit the
// table states (in its header rows or its heading), each as written.
func (tc tableCell) statement(row, context string) string {
	v := tc.value
	if strings.Contains(row[:tc.start], "$") && !strings.ContainsAny(v, "$€£¥₹") {
		v = "$" + v
	}
	if m := lang.UnitWord(context); m != "" && !unscaled(tc.label, v) {
		v += " " + strings.TrimSuffix(strings.ToLower(m), "s")
	}
	return leaderRE.ReplaceAllString(tc.label, "") + ", " + tc.column + ": " + v
}

// leaderRE finds the dot leader a statement sets between a row's label
// and its figures ("Total revenue ........"): no part of the label.
var leaderRE = regexp.MustCompile(`\s*(?:\.\s*){3,}$`)

// statedFigure is the figure a quote's cell statement states ("$34,229
// million" of "Total Company, 2022: $34,229 million"): the value a reply
// leads with. It is "" for a quote read as a sentence, whose value is not
// singled out.
func statedFigure(cit app.Citation, statement string) string {
	i := strings.LastIndex(statement, ": ")
	if cit.Cell == "" || i < 0 || !strings.Contains(statement[i:], cit.Cell) {
		return ""
	}
	return statement[i+len(": "):]
}

// unscaled reports whether a cell keeps its own unit whatever scale its
// table states: statements are "in millions, except per share amounts",
// and a percentage or ratio is never in millions.
func unscaled(label, value string) bool {
	l := strings.ToLower(label)
	return strings.Contains(l, "per ") || strings.HasSuffix(strings.TrimSpace(value), "%") ||
		strings.Contains(l, "ratio") || strings.Contains(l, "percent")
}

// cellCitation narrows a row's citation to its answering cell: the cell
// and its header row are recorded, and the highlight outlines the cell's
// own words when the block has word boxes.
func cellCitation(ev *app.Evidence, cit *app.Citation, bstart int, tc tableCell) {
	b := ev.Blocks[cit.Blocks[0]]
	cit.Cell, cit.Header = tc.value, tc.header
	if rects := b.QuoteRects(bstart+tc.start, bstart+tc.end); len(rects) > 0 {
		cit.Rects = rects
		cit.Precision = "cell"
	}
}

// tableNote is what an answer says beside a quoted table row: the cell it
// answers with, as a statement before the quote, and the header row it
// was read under, after it. Both are "" for anything but a table row.
func tableNote(ev *app.Evidence, sh shape, c *candidate, cit *app.Citation, bstart int) (before, after string) {
	header := tableHeader(ev, c.window, c.start)
	if header == nil || hasAmount(header[0], false) {
		// A block that opens with a row of figures continues a table from
		// the page or block before: its first row ("Cash and equivalents
		// | $ | 4,466 $ | 4,249") names no column, so the row is quoted
		// alone.
		return "", ""
	}
	tc, ok := sh.askedCell(header, cit.Quote)
	if !ok || sh.measuresOther(tc, header, cit.Section, cit.Title) {
		return "", strings.Join(header, " / ")
	}
	cellCitation(ev, cit, bstart, tc)
	context := strings.Join(header, "\n") + "\n" + cit.Section
	under := tc.header
	if tc.group != "" {
		under = tc.group + " / " + tc.header // the reader sees which group the column is of
	}
	return tc.statement(cit.Quote, context), under
}

// measuresOther reports whether a cell answers another question than the
// one asked: its table says over its row labels what its figures measure
// ("Net Sales" over "Health Care | 8,421 | 8,597"), the question does not
// ask that, and the question names a measure nowhere the cell is read —
// its row label, the header, the section or the document's title, nor in
// any of their glossary equivalents ("What was the Health Care operating
// income in 2022?"). The row is then quoted
// under its header, which the reader sees, and no figure is stated.
func (sh shape) measuresOther(tc tableCell, header []string, section, title string) bool {
	other := false
	for _, t := range lang.Tokens(tc.over) {
		f := lang.Family(t.Lower)
		if t.Num || lang.IsStopWord(t.Lower) || howGiven[f] || periodWords[f] {
			continue
		}
		if !sh.stems[f] {
			other = true
		}
	}
	if !other {
		return false
	}
	at := namedFamilies(append([]string{tc.label, section, title}, header...))
	for s := range sh.stems {
		if measureNouns[s] && s != sh.Kind && !at[s] {
			return true
		}
	}
	return false
}

// measureNouns name what a figure measures: a question naming one that
// the cell's address lacks asks for another table's figure. Other words
// a question holds ("achieve", "report") are not looked for there.
var measureNouns = familySet(`revenue revenues sales income earnings profit profits loss losses expense expenses
	cost costs price prices cash debt assets liabilities equity dividend dividends capex expenditure expenditures
	margin margins ratio rate growth balance employees headcount tax taxes salary salaries fee fees interest
	inventory inventories receivables payables depreciation amortization goodwill`)

// howGiven are words over a table's row labels that say how its figures
// are given, not what they measure: "(Dollars in millions, except per
// share data)", "(Unaudited)".
var howGiven = familySet(`dollars dollar millions million billions billion thousands thousand usd percent percentage
	except share shares data amounts amount unaudited audited ratios ratio financial`)
