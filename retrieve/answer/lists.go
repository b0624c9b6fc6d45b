package answer

import (
	"slices"
	"strconv"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Lists. "What are the components of total revenue?" asks for several
// items, and reports set such items out in the way tables are made: the
// rows a total adds up stand above the row of that total ("Fully-Paid
// Licenses", "Royalty Bearing Licenses", "Other Revenue", then "Total
// Revenue"), and the rows of a heading row stand below it ("Equity
// securities:", then "Canadian", "Foreign"). When the question names the
// total or the heading exactly as a row of a table in the evidence says
// it, the items are those rows, each quoted and cited; otherwise nothing
// is listed, and the question is answered, or not, as any other.

// listAnswer answers a question asking for the items of a total or a
// heading that a table row names exactly: each item's row quoted. nil when
// the question asks no list, or no table names what it asks.
//
// A question asking how many items is answered by counting them: the
// count is stated as counted (verdict computed), each item cited.
func (r *reading) listAnswer(cands []candidate) *app.Answer {
	asked, count := r.shape.List, false
	if len(asked) == 0 {
		asked, count = r.shape.Items, true
	}
	if len(asked) == 0 {
		return nil
	}
	for _, rows := range r.tables(cands) {
		if named, items := itemsOf(rows, asked); len(items) >= 2 {
			return r.listReply(named, items, count)
		}
	}
	return nil
}

// tables returns the table-row candidates of each table block, in order.
func (r *reading) tables(cands []candidate) [][]*candidate {
	var out [][]*candidate
	index := map[string]int{}
	for i := range cands {
		c := &cands[i]
		span, _, ok := locate(c.window, c.start)
		if !ok || r.ev.Blocks[span.BlockID].Kind != app.BlockTable {
			continue
		}
		key := c.window.PassageID + "\x00" + span.BlockID
		k, seen := index[key]
		if !seen {
			k = len(out)
			index[key] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], c)
	}
	return out
}

// itemsOf returns the rows a table's row named asked adds up (the rows
// above a total, back to the previous total or heading row) or heads (the
// rows below a heading row, up to the next total or heading row).
func itemsOf(rows []*candidate, asked []string) (named string, items []*candidate) {
	for i, c := range rows {
		text := c.window.Text[c.start:c.end]
		label, _, _ := strings.Cut(text, "|")
		if !slices.Equal(lang.LabelWords(label), asked) {
			continue
		}
		named = strings.TrimSpace(label)
		if !hasAmount(text, false) { // a heading row: its items follow
			for _, d := range rows[i+1:] {
				// A row that names the heading again ("Gross deferred tax
				// assets" under "Deferred tax assets:") is its total.
				if endsGroup(d) || namesAll(d, asked) {
					break
				}
				items = append(items, d)
			}
			return named, items
		}
		if !labelSays(text, "total") {
			continue // a row of that name that totals nothing
		}
		for j := i - 1; j >= 0 && !endsGroup(rows[j]); j-- {
			items = append([]*candidate{rows[j]}, items...)
		}
		return named, items
	}
	return "", nil
}

// endsGroup reports whether a row closes a group of items: a total (a
// row that says so, or figures with no label, as subtotals are often
// set), or a heading row with no figures.
func endsGroup(c *candidate) bool {
	text := c.window.Text[c.start:c.end]
	label, _, _ := strings.Cut(text, "|")
	return labelSays(text, "total") || strings.TrimSpace(label) == "" || !hasAmount(text, false)
}

// namesAll reports whether row c's label holds every word of asked.
func namesAll(c *candidate, asked []string) bool {
	label, _, _ := strings.Cut(c.window.Text[c.start:c.end], "|")
	words := map[string]bool{}
	for _, w := range lang.LabelWords(label) {
		words[w] = true
	}
	for _, w := range asked {
		if !words[w] {
			return false
		}
	}
	return true
}

// listReply states the items of the row named, each with its row quoted
// and cited; the value is the items' labels.
func (r *reading) listReply(named string, items []*candidate, count bool) *app.Answer {
	var cites []app.Citation
	var names []string
	for _, c := range items {
		cit, ok := cite(r.ev, *c)
		if !ok {
			return nil
		}
		cites = append(cites, cit)
		label, _, _ := strings.Cut(c.window.Text[c.start:c.end], "|")
		names = append(names, strings.TrimSpace(label))
	}
	numberQuotes(cites)
	named = strings.TrimRight(named, ": ")
	if count {
		n := strconv.Itoa(len(items))
		return &app.Answer{Answer: "Counted from the cited rows: " + n + " items of “" + named + "” in the table." + render(cites, nil, nil),
			Sufficient: true, Verdict: app.VerdictComputed, Citations: cites, Sources: SourceRefs(r.ev), Value: n}
	}
	lead := Lead + "\n\nThe items of “" + named + "” in the table:"
	return &app.Answer{Answer: lead + render(cites, nil, nil), Sufficient: true, Verdict: app.VerdictAnswered,
		Citations: cites, Sources: SourceRefs(r.ev), Value: strings.Join(names, "; ")}
}
