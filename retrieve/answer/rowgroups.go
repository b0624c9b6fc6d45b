package answer

import (
	"regexp"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// A table groups its rows under a row that names what they measure and
// holds no figure of its own: "Total assets: | (In thousands)" over one
// row a segment, then "Capital expenditures:" over the same segments
// again. Such a row ends its label with a colon; the rows under it, to
// the next header or group, are parts of what it names. A row under a
// group that names another statement measure than the one asked is that
// measure's ("Regional Operations" under "Total assets:" is no net
// revenues).

// groupLabel returns the label of the group row the table row at offset
// off of window w stands under, "" when it stands under none.
func groupLabel(ev *app.Evidence, w *app.Window, off int) string {
	span, boff, ok := locate(w, off)
	if !ok {
		return ""
	}
	b, ok := ev.Blocks[span.BlockID]
	if !ok || b.Kind != app.BlockTable || boff > len(b.Text) {
		return ""
	}
	above := strings.Split(b.Text[:boff], "\n")
	above = above[:len(above)-1] // the row itself
	for i := len(above) - 1; i >= 0; i-- {
		row := strings.TrimSpace(above[i])
		if row == "" || len(yearsRun(row)) >= 2 {
			return "" // a header or a rule: a new table starts
		}
		label := strings.TrimSpace(rowLabel(row))
		if strings.HasSuffix(label, ":") && !hasAmount(row, false) {
			return strings.TrimSuffix(label, ":")
		}
	}
	return ""
}

// measureClasses puts together the words by which statements name one
// measure: revenues are sales, income is earnings and profit, an expense
// is a cost.
var measureClasses = func() map[string]string {
	m := map[string]string{}
	for _, class := range []string{"revenue revenues sales", "income earnings profit profits loss losses",
		"expense expenses cost costs expenditure expenditures", "asset assets", "liability liabilities",
		"dividend dividends", "tax taxes", "inventory inventories"} {
		words := strings.Fields(class)
		for _, w := range words {
			m[lang.Family(w)] = lang.Family(words[0])
		}
	}
	return m
}()

// groupMisread returns why a table row stands under a group row naming
// another measure than the question asks, "" when it does not: the row's
// label names no measure of its own (it names a part: a segment, a
// region), the group names statement measures (lineMeasures), the
// question asks one, and none of the group's is of the asked one's class.
func groupMisread(ev *app.Evidence, q string, sh shape, c *candidate) string {
	group := groupLabel(ev, c.window, c.start)
	if group == "" {
		return ""
	}
	for _, t := range lang.Tokens(rowLabel(c.window.Text[c.start:c.end])) {
		if lineMeasures[lang.Family(t.Lower)] {
			// "Net operating loss carryforwards" under "Deferred tax
			// assets:" names its own measure; the group is its class.
			return ""
		}
	}
	asked := map[string]bool{}
	for _, t := range lang.Tokens(q + "\n" + strings.Join(sh.Measure, " ")) {
		if f := lang.Family(t.Lower); lineMeasures[f] {
			asked[classOf(f)] = true
		}
	}
	if len(asked) == 0 {
		return ""
	}
	named := false
	for _, t := range lang.Tokens(sh.asAsked(group)) {
		f := lang.Family(t.Lower)
		if !lineMeasures[f] {
			continue
		}
		if asked[classOf(f)] {
			return ""
		}
		named = true
	}
	if !named {
		return ""
	}
	return "the row stands under “" + group + "”, another measure than the one asked"
}

// lineRepeated returns why a table row is a part of the line it names
// when the table states that line again under another group ("Revenue
// from contracts with customers:" over "Subscription revenue", then
// "Revenue from other sources:" over "Subscription revenue" again): the
// table breaks the line down by its groups, and each row is one group's
// part of it, the whole being their sum, which the table does not state.
// The lines are read across the window, since a page's layout may cut a
// table's last rows into paragraphs ("Subscription revenue $ 92,215 $
// 147,534"). "" when the row stands under no group, its label is not
// repeated, or the question names the group.
func lineRepeated(ev *app.Evidence, q string, c *candidate) string {
	group := groupLabel(ev, c.window, c.start)
	if group == "" {
		return ""
	}
	label := lineKey(rowLabel(c.window.Text[c.start:c.end]))
	n := 0
	for _, line := range strings.Split(c.window.Text, "\n") {
		if lineKey(tableLineLabel(line)) == label && hasAmount(line, false) {
			n++
		}
	}
	if n < 2 || len(askedBeyond(group, q)) == 0 {
		return ""
	}
	return "the table gives “" + strings.TrimSpace(rowLabel(c.window.Text[c.start:c.end])) + "” under more than one group; this row is the part under “" + group + "”"
}

// lineKey is a line's label as compared: lower case, spaces made one.
func lineKey(label string) string { return strings.ToLower(strings.Join(strings.Fields(label), " ")) }

// tableLineLabel returns the label of a line of a table: its first cell, or,
// for a row set as a paragraph, the words before its first figure.
func tableLineLabel(line string) string {
	if strings.Contains(line, cellSeparator) {
		return rowLabel(line)
	}
	if i := strings.IndexFunc(line, func(r rune) bool { return r == '$' || r == '(' || unicode.IsDigit(r) }); i > 0 {
		return line[:i]
	}
	return line
}

// moneyRow reports whether a table row's first figure is an amount of
// money: the currency sign in its cell or in the cell before it ("$565",
// "$ | 11,783,736"). A count is never one: "How many commercial
// airplanes …" is not answered by "Commercial Airplanes | $565".
func moneyRow(text string) bool {
	cells := strings.Split(text, cellSeparator)
	for i := 1; i < len(cells); i++ {
		if strings.IndexFunc(cells[i], func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
			continue
		}
		return strings.ContainsAny(cells[i], "$€£¥") || strings.ContainsAny(strings.TrimSpace(cells[i-1]), "$€£¥") && len(strings.TrimSpace(cells[i-1])) <= 3
	}
	return false
}

// figureOfOtherKind returns why the figures a quote states are of
// another kind than the one asked — money for a count, lengths of time
// or the numbers of items and pages for an amount — or "".
func figureOfOtherKind(q string, sh shape, text string, row bool) string {
	switch {
	case sh.Type == lang.CountType && row && moneyRow(text):
		return "the row states an amount of money, not the count asked"
	case sh.Figure && !row && asksMoneyMeasure(q, sh) && !durationAskedRE.MatchString(q) && onlyDurations(text):
		return "the passage states only lengths of time, not the amount asked"
	case sh.Figure && !row && !sh.When && !sh.Time && asksMoneyMeasure(q, sh) && !percentAsked(q) && onlyDesignations(text):
		// "2 Financial Statement Schedule … on page F-56" holds numbers,
		// and no amount.
		return "the passage's numbers name items and pages; it states no amount"
	case sh.Figure && !sh.When && !sh.Time && !sh.YesNo && asksMoneyMeasure(q, sh) && !dateAskedRE.MatchString(q) && onlyDates(text) && !statesNone(text) && !noSignificantRE.MatchString(text):
		// "2022 2021 2020", a table's header under a note's heading,
		// names the years of figures it does not hold.
		return "the passage's numbers are only dates and years; it states no amount"
	}
	return ""
}

// noSignificantRE finds a sentence stating a figure as too small to give:
// "No significant amounts of gains were reclassified".
var noSignificantRE = regexp.MustCompile(`(?i)\bno (significant|material)\b`)

// onlyDates reports whether text is a line of dates or years and
// nothing else — a table's header set apart from its rows: it writes
// numbers, every one a date or a year, and no word but a month's.
func onlyDates(text string) bool {
	kinds := figureKindsOf(text)
	for _, k := range kinds {
		if k != figureDate {
			return false
		}
	}
	for _, t := range lang.Tokens(text) {
		if !t.Num && !lang.IsMonth(t.Lower) {
			return false
		}
	}
	return len(kinds) > 0
}

// onlyDesignations reports whether every number of text that is no year
// nor a date's day names a thing rather than measuring one: written into a
// word ("F-56", "Item 9A", "Q1") or numbering the item a passage opens
// with ("2 Financial Statement Schedule").
func onlyDesignations(text string) bool {
	n := 0
	for _, k := range figureKindsOf(text) {
		switch k {
		case figureDate:
		case figureDesignation, figureItem:
			n++
		default:
			return false
		}
	}
	return n > 0
}

// asksMoneyMeasure reports whether a figure question asks a measure a
// statement's lines name (lineMeasures) — an amount, not a count or a
// length of time.
func asksMoneyMeasure(q string, sh shape) bool {
	if sh.Type != lang.AnyType && sh.Type != lang.AmountType {
		return false
	}
	for _, t := range lang.Tokens(q + "\n" + strings.Join(sh.Measure, " ")) {
		if lineMeasures[lang.Family(t.Lower)] {
			return true
		}
	}
	return false
}

// introNarrowed returns the word by which the sentence introducing a
// table narrows the measure asked, when the row read names no measure of
// its own but a part ("Digital Media" under "Subscription revenue by
// reportable segment … is as follows"): its figures are of the narrower
// measure. Only a sentence that opens with the narrowed measure, its
// word joined to the measure's, names it so; "The following table
// summarizes revenue …", "Components of income …" name the measure
// itself. "" otherwise.
func introNarrowed(q string, sh shape, c *candidate) string {
	toks := lang.Tokens(c.intro)
	if len(toks) < 2 || len(sh.Measure) == 0 || lang.Family(toks[1].Lower) != sh.Measure[0] ||
		!joinedInPhrase(strings.ReplaceAll(c.intro[toks[0].End:toks[1].Start], "\n", " ")) { // a line's end is a space
		return ""
	}
	for _, t := range lang.Tokens(rowLabel(c.window.Text[c.start:c.end])) {
		if lineMeasures[lang.Family(t.Lower)] {
			return "" // the row names its measure
		}
	}
	if narrowed := labelNarrowed(q, sh, c.intro); narrowed == toks[0].Lower {
		return narrowed
	}
	return ""
}
