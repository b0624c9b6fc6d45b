package answer

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// The shape of a quote against the shape of the question: what kind of
// answer a question asks for, and how well a candidate quote fits it.

// Weights of a quote's shape against the question's, in the units of
// coverage (a share of the question's term weight): enough to choose
// between quotes that cover the question about as well, never enough to
// make a quote of no matching terms an answer. Shape never counts toward
// the coverage that decides whether the evidence is sufficient.
const (
	amountFit    = 0.10 // a question asking how much, quoting a number
	noAmountFit  = -0.10
	periodFit    = 0.10 // a table row with a number under the period asked about
	otherPeriod  = -0.10
	totalFit     = 0.08 // a "Total …" row or line when the question says total
	crossRefFit  = -0.30
	labelWordFit = 0.02 // for each word of a row's label the question does not name
	labelMax     = 0.10
	addressedFit = 0.20 // a row the question names by its label and column (shape.addresses)
	headerRowMax = 3    // table rows read as the header, at most
)

// shape is what kind of answer a question asks for.
type shape struct {
	lang.Asked                 // what it asks for: its type, a figure, a date, a statement, a list
	years      map[string]bool // the years or fiscal years it names
	total      bool            // it asks for a total
	stems      map[string]bool // the stems of its terms
	// named holds stems as stems does, and the family keys of the long
	// forms of its abbreviations ("chief", "executive", "officer" for
	// CEO): the words a name answering it must go beyond.
	named map[string]bool
	// smallNames are the words it types in small letters that the
	// evidence writes only as names (writtenAsNames): a quote must carry
	// them as it carries the names it capitalises.
	smallNames map[string]bool
	// frame holds the words that only frame what kind of answer it wants
	// ("type" in "What type of …"; frame.go), in every form weights key.
	frame map[string]bool
	// rewords are the other names statements give the measure it asks
	// (measureWordings): a label or a sentence writing one is read as
	// writing the question's (asAsked).
	rewords []rewording
}

// asAsked returns text with each phrase of sh.rewords it writes in the
// question's words: "Diluted net income per share" is read as "Diluted
// earnings per share" when the question asks earnings per share.
func (sh shape) asAsked(text string) string {
	for _, rw := range sh.rewords {
		toks := lang.Tokens(text)
		var content []lang.Token
		for _, t := range toks {
			if !smallWord(t.Lower) {
				content = append(content, t)
			}
		}
		for _, written := range rw.written {
			for i := 0; i+len(written) <= len(content); i++ {
				run := true
				for j, f := range written {
					if lang.Family(content[i+j].Lower) != f {
						run = false
						break
					}
				}
				if run {
					start, end := content[i].Start, content[i+len(written)-1].End
					return sh.asAsked(text[:start] + strings.Join(rw.asked, " ") + text[end:])
				}
			}
		}
	}
	return text
}

// labelFiller are joining words a row's label may hold without naming
// anything narrower.
var labelFiller = map[string]bool{"and": true, "the": true, "for": true, "from": true, "with": true}

// unaskedWords counts the words of a table row's label, of three letters
// or more, whose stems are not among the question's.
func unaskedWords(label string, asked map[string]bool) int {
	n := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(label), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 && !asked[lang.Family(w)] && !labelFiller[w] {
			n++
		}
	}
	return n
}

// askedWords counts the words of a row's label whose family is among the
// question's.
func askedWords(label string, asked map[string]bool) int {
	n := 0
	for _, t := range lang.Tokens(label) {
		if asked[lang.Family(t.Lower)] {
			n++
		}
	}
	return n
}

// askedShape reads the kind of answer a question asks for from its words
// (lang.ReadAsked) and the terms it asks about.
func askedShape(question string, terms []string) shape {
	sh := shape{Asked: lang.ReadAsked(question), years: map[string]bool{}, stems: map[string]bool{}, frame: frameStems(question)}
	if sh.Figure && !sh.When {
		maps.Copy(sh.frame, figureFrameStems(question))
	}
	for _, s := range questionStems(terms) {
		sh.stems[s] = true
	}
	sh.named = sh.stems // with the long forms of its abbreviations where they are known (forms.named)
	for _, t := range terms {
		if y, ok := yearOf(t); ok {
			sh.years[y] = true
		} else if y := quarterYear(t); y != "" {
			sh.years[y] = true
		}
		if t == "total" {
			sh.total = true
		}
	}
	return sh
}

// quarterTermRE finds a quarter or a half written as one term, the way
// filings, results releases and analysts write them: "q1", "2q22",
// "q2fy24", "h1", "2022q3".
var quarterTermRE = regexp.MustCompile(`^(?:(?:q[1-4]|[1-4]q|h[12])(?:fy)?(\d{2}|\d{4})?|(?:fy)?(\d{2}|\d{4})q[1-4])$`)

// quarterYear reads the year of a quarter written as one term ("2q22" is
// in 2022), "" when the term is no quarter or names no year.
func quarterYear(term string) string {
	m := quarterTermRE.FindStringSubmatch(term)
	if m == nil {
		return ""
	}
	y := m[1] + m[2]
	switch len(y) {
	case 2:
		return "20" + y
	case 4:
		return y
	}
	return ""
}

// yearOf reads a year from a question term: "2022", "fy2022", "fy22",
// "cy2021".
func yearOf(term string) (string, bool) {
	t := strings.TrimPrefix(strings.TrimPrefix(term, "fy"), "cy")
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) {
			return "", false
		}
	}
	switch {
	case len(t) == 4 && (strings.HasPrefix(t, "19") || strings.HasPrefix(t, "20")):
		return t, true
	case len(t) == 2 && t != term:
		return "20" + t, true
	}
	return "", false
}

// fit scores how well candidate c's shape fits the question's: a number
// where one is asked for, the asked period's column of a table, a total
// row for a total, and never a bare pointer to another note or item.
func (sh shape) fit(ev *app.Evidence, c *candidate) float64 {
	text := c.window.Text[c.start:c.end]
	fit := 0.0
	if crossReference(text) {
		fit += crossRefFit
	}
	if sh.Figure {
		// A figure set under a heading that names what the question
		// counts is a count, even when it reads like a year: "1914"
		// under "Employees".
		if hasAmount(text, sh.When) || sh.Type == lang.CountType && c.label != "" && hasCount(text, c.label, sh.Counted) {
			fit += amountFit
		} else {
			fit += noAmountFit
		}
	}
	header := tableHeader(ev, c.window, c.start)
	fit += typeFitOf(sh.Type, sh.Counted, text, strings.Join(header, "\n")+"\n"+c.label, sh.named)
	if header == nil {
		if sh.total && strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "total") {
			fit += totalFit
		}
		return fit
	}
	if c.addressed {
		fit += addressedFit
	}
	cells := rowCells(strings.TrimSpace(text))
	if len(cells) == 0 {
		return fit
	}
	if sh.total && strings.HasPrefix(strings.ToLower(cells[0]), "total") {
		fit += totalFit
	}
	// A row's label says what its numbers are; words of the label the
	// question does not ask about make it a narrower row than the one
	// asked for ("Total Health Care Business Group" against "Total
	// Company" when the question asks for the company's total).
	fit -= math.Min(labelMax, labelWordFit*float64(unaskedWords(cells[0], sh.stems)))
	// A question term the row's own label names places the row more
	// surely than one only its header names ("Total current assets"
	// against "Total assets" under a "Current assets" heading row).
	fit += math.Min(labelMax, labelWordFit*float64(askedWords(cells[0], sh.stems)))
	switch {
	case len(sh.years) == 0:
	case labelYear(cells[0], sh.years) && len(cells) > 1:
		// A table of periods by row: "2024 | 1,097 | 862".
		fit += periodFit
	default:
		fit += sh.periodFit(header, cells)
	}
	return fit
}

// labelYear reports whether a row's label is one of the asked years.
func labelYear(label string, years map[string]bool) bool {
	ns := numbers(label)
	return len(ns) == 1 && ns[0].year && years[ns[0].text] && strings.TrimSpace(label) == ns[0].text
}

// periodFit looks for the asked year among the header's columns: a row
// with a number in that column fits; a row of a table whose header names
// only other years answers for another period. Columns are matched from
// the right, because a header often leaves the label column out.
func (sh shape) periodFit(header []string, cells []string) float64 {
	named, asked := false, false
	for _, h := range header {
		hc := rowCells(h)
		for i := range hc {
			var yearsHere []string
			for _, n := range numbers(hc[i]) {
				if n.year {
					yearsHere = append(yearsHere, n.text)
				}
			}
			for _, y := range yearsHere {
				named = true
				fromRight := len(hc) - 1 - i
				j := len(cells) - 1 - fromRight
				if sh.years[y] && j > 0 && hasAmount(cells[j], false) {
					asked = true
				}
			}
		}
	}
	switch {
	case asked:
		return periodFit
	case named:
		return otherPeriod
	}
	return 0
}

// tableHeader returns the header rows of the table block under window
// offset off — its leading rows up to the first that writes an amount —
// or nil when off is not in a table row below the header.
func tableHeader(ev *app.Evidence, w *app.Window, off int) []string {
	span, boff, ok := locate(w, off)
	if !ok {
		return nil
	}
	b := ev.Blocks[span.BlockID]
	if b.Kind != app.BlockTable {
		return nil
	}
	rows := strings.Split(b.Text, "\n")
	if hasAmount(rows[0], false) {
		// The block opens with a row of figures: the table's header was
		// set as a paragraph above it ("($ in millions) 2023 2022 2021"),
		// or the table goes on from the page before.
		if above := headerAbove(ev, w, span.BlockID); above != nil {
			return above
		}
	}
	var header []string
	pos := 0
	// A table of words has no figures to end its header at: its first
	// row names the columns, as every text format writes a header row.
	limit := 1
	for _, r := range rows[1:] {
		if hasAmount(r, false) {
			limit = headerRowMax
			break
		}
	}
	for i, r := range rows {
		if i == limit || i > 0 && (hasAmount(r, false) || strings.TrimSpace(r) == "") {
			break // an empty row is the rule under a header, as Markdown draws it
		}
		header = append(header, r)
		pos += len(r) + 1
	}
	if boff < pos {
		return nil
	}
	return header
}

// headerAbove returns the header rows of a table set as the paragraph
// right before its block, as PDF text often sets a header apart from the
// rows under it: the paragraph's line that names the columns by their
// years — "($ in millions, except per share amounts) 2023 2022 2021" —
// one of its last lines, ending in two years or more; with the line above
// it and the lines after ("June 30, December 31," / "2023 2022" / "(In
// thousands)"), each verbatim; or its last line when that line names
// columns in words (namesColumns). nil when the block before (in the
// same window and section) is no such paragraph.
func headerAbove(ev *app.Evidence, w *app.Window, blockID string) []string {
	for k := 1; k < len(w.Spans); k++ {
		if w.Spans[k].BlockID != blockID {
			continue
		}
		prev, ok := ev.Blocks[w.Spans[k-1].BlockID]
		b := ev.Blocks[blockID]
		if !ok || prev.Kind == app.BlockTable || prev.Seq != b.Seq-1 || prev.SectionID != b.SectionID {
			return nil
		}
		lines := strings.Split(prev.Text, "\n")
		for i := len(lines) - 1; i >= 0 && i >= len(lines)-headerRowMax; i-- {
			if len(yearsRun(lines[i])) < 2 {
				continue
			}
			var out []string
			for _, l := range lines[max(0, i-1):] {
				if l = strings.TrimSpace(l); l != "" {
					out = append(out, l)
				}
			}
			return out
		}
		if last := strings.TrimSpace(lines[len(lines)-1]); namesColumns(last) {
			// "Title of each class Trading Symbol Name of each exchange on
			// which registered" over "Common Stock, Par Value $1.00 | JNJ
			// | New York Stock Exchange": the columns are named by words.
			return []string{last}
		}
		return nil
	}
	return nil
}

// markerRE is a note marker set beside a column's year: "2019 (a)".
var markerRE = regexp.MustCompile(`^\([a-z0-9]\)$`)

// yearsRun returns the years a line ends with, as cells: "2023 2022 2021"
// of "($ in millions) 2023 2022 2021", a note marker beside a year left
// out; none when the line does not end in a year.
func yearsRun(line string) []cellSpan {
	var out []cellSpan
	end := len(line)
	for {
		head := strings.TrimRight(line[:end], " \t")
		i := strings.LastIndexAny(head, " \t") + 1
		word := head[i:]
		switch {
		case word == "":
			slices.Reverse(out)
			return out
		case markerRE.MatchString(word):
		case len(word) == 4 && isYearToken(word):
			out = append(out, cellSpan{text: word, start: i, end: i + 4})
		default:
			slices.Reverse(out)
			return out
		}
		end = i
	}
}
