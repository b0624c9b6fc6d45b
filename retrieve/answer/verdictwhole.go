package answer

import (
	"math/big"
	"regexp"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// A whole is not smaller than its parts. A report states a measure that
// sums things that are never negative — revenues, sales, assets,
// liabilities, expenses, costs — for the company and again for its parts:
// a segment, a guarantor group, the parent alone, the business done with
// collaboration partners. Each part's table has a row of the same name
// ("Total assets", "Revenues"), and the words around it tell the part
// from the whole less surely than the figures do: the company's figure is
// the largest of them. So a figure read from a row is not stated as the
// answer when another passage of the evidence states the same measure
// for the same period larger; the reply shows the closest passages and
// says why.

// additiveMeasures are the family keys of measures that sum amounts that
// are never negative. (Income, cash flow and equity are differences, as
// is any measure written "net": a part's may exceed the whole's.)
var additiveMeasures = familySet(`revenue revenues sales asset assets liability liabilities expense expenses cost costs`)

// scaleAfterRE finds, right after a measure's name, the figure it is
// stated as and the scale word written after it: "Revenues––$81.3
// billion", "Total assets were $17.0 billion".
var scaleAfterRE = regexp.MustCompile(`(?i)^\W{0,6}?(?:(?:was|were|is|are|of|totaled|totalled|totaling|totalling|amounted to|amounting to|reached|stood at)\s+\W{0,3})?(\d[\d,]*(?:\.\d+)?)\s*(millions?|billions?|thousands?)?\b`)

// partOfLarger returns why the lead's figure is a part's: another
// candidate states the measure the lead's row names for the same period,
// and larger (kept in p.larger, which the closest passages show after
// the part's). "" when no other does, or the lead is not a row's figure
// of an additive measure.
func (p *picking) partOfLarger() string {
	value := statedFigure(p.cites[p.leadAt], p.labels[p.leadAt])
	if value == "" || !asksFigure(p.ev.Question.Text, p.shape) {
		return ""
	}
	lead, ok := scaledFigure(value)
	if !ok || lead.Sign() <= 0 || !strings.Contains(strings.TrimSpace(value), " ") {
		return "" // a figure of no stated scale cannot be weighed against another's
	}
	label, _, _ := strings.Cut(p.lead.window.Text[p.lead.start:p.lead.end], "|")
	measure := p.measureOf(label)
	if measure == nil {
		return ""
	}
	// A figure in prose is rounded ("$66.7 billion" for 66,608 million):
	// only one larger by more than rounding makes the lead a part's.
	// The largest is shown: it is the whole's, if the evidence holds it.
	largest := new(big.Rat).Mul(lead, big.NewRat(102, 100))
	for i := range p.cands {
		c := &p.cands[i]
		if c == p.lead {
			continue
		}
		if v, ok := p.statesMeasure(c, measure); ok && v.Cmp(largest) > 0 {
			p.larger, largest = c, v
		}
	}
	if p.larger == nil {
		return ""
	}
	return "another passage states a larger figure for the same measure and period, so the one read is a part's"
}

// measureOf returns the family keys of the question's words the lead's
// label writes ("total" aside: a consolidated statement may not say it),
// nil unless they name an additive measure.
func (p *picking) measureOf(label string) map[string]bool {
	written := map[string]bool{}
	for _, t := range lang.Tokens(label) {
		written[lang.Family(t.Lower)] = true
	}
	measure, additive := map[string]bool{}, false
	for _, t := range lang.Tokens(p.ev.Question.Text) {
		f := lang.Family(t.Lower)
		if t.Num || lang.IsStopWord(t.Lower) || f == lang.Family("total") || !written[f] {
			continue
		}
		measure[f] = true
		additive = additive || additiveMeasures[f]
	}
	if !additive || measure[lang.Family("net")] {
		return nil // "net deferred tax assets" are assets less liabilities: a difference
	}
	return measure
}

// statesMeasure returns the figure candidate c states for the measure in
// the period asked: a table row whose label writes every word of the
// measure, read in the asked column at its table's scale, or a sentence
// that writes the measure, names the asked year and states a figure
// right after the measure's last word.
func (p *picking) statesMeasure(c *candidate, measure map[string]bool) (*big.Rat, bool) {
	text := c.window.Text[c.start:c.end]
	if kindAt(p.ev, c.window, c.start) == app.BlockTable {
		label, _, _ := strings.Cut(text, "|")
		if !writesAll(label, measure) {
			return nil, false
		}
		header := tableHeader(p.ev, c.window, c.start)
		context := strings.Join(header, "\n")
		if span, _, ok := locate(c.window, c.start); ok {
			context += "\n" + p.ev.Sections[p.ev.Blocks[span.BlockID].SectionID]
		}
		v, ok := p.rowFigure(header, text)
		if !ok || lang.UnitWord(context) == "" {
			return nil, false
		}
		return v.Mul(v, new(big.Rat).SetFloat64(lang.UnitOf(context))), true
	}
	for y := range p.shape.years {
		if !strings.Contains(text, y) {
			return nil, false
		}
	}
	end := lastMeasureWord(text, measure)
	if end < 0 {
		return nil, false
	}
	m := scaleAfterRE.FindStringSubmatch(text[end:])
	if m == nil || m[2] == "" {
		return nil, false
	}
	return scaledValue(m[1], m[2])
}

// writesAll reports whether text writes a word of every family in
// measure.
func writesAll(text string, measure map[string]bool) bool {
	held := map[string]bool{}
	for _, t := range lang.Tokens(text) {
		held[lang.Family(t.Lower)] = true
	}
	for f := range measure {
		if !held[f] {
			return false
		}
	}
	return true
}

// lastMeasureWord returns the end of the last word of the measure in
// text when text writes every one of them, -1 otherwise.
func lastMeasureWord(text string, measure map[string]bool) int {
	held, end := map[string]bool{}, -1
	for _, t := range lang.Tokens(text) {
		if f := lang.Family(t.Lower); measure[f] {
			held[f], end = true, t.End
		}
	}
	if len(held) < len(measure) {
		return -1
	}
	return end
}

// scaledFigure reads a stated figure ("$13,952 million", "590") at its
// scale word.
func scaledFigure(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(strings.TrimLeft(s, "$€£¥₹ "))
	num, scale, _ := strings.Cut(s, " ")
	return scaledValue(num, scale)
}

// rowFigure returns the figure a row states in the asked column; when its
// header does not say which column that is (a table continued from the
// page before opens on figures), the smallest of its figures: a row whose
// every figure is larger is larger in the period asked too.
func (p *picking) rowFigure(header []string, row string) (*big.Rat, bool) {
	if header != nil && !hasAmount(header[0], false) {
		tc, ok := p.shape.askedCell(header, row)
		if !ok || unscaled(tc.label, tc.value) {
			return nil, false
		}
		return cellValue(tc.value)
	}
	var least *big.Rat
	cells := cellSpans(row)
	if len(cells) < 2 {
		return nil, false
	}
	for _, cell := range cells[1:] {
		if v, ok := cellValue(cell.text); ok && (least == nil || v.Cmp(least) < 0) {
			least = v
		}
	}
	return least, least != nil
}
