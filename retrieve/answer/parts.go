package answer

import (
	"regexp"
	"slices"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// A report states its figures for the company and again for its parts:
// each segment, in a note on segment information and in the discussion
// of each segment's results; a business bought, sold or held for sale;
// the entities it consolidates as variable interests or accounts for by
// the equity method; the parent and its guarantor subsidiaries (a "Deed
// of Cross Guarantee" group's own statements); its pension and
// postretirement plans, whose assets ("Plan Assets") are the plans'; what
// it carries at fair value (a part of its debt, of its assets); and what a
// heading sets apart by leaving something out ("Consumer, excluding credit
// card loan portfolio") or as the items no segment is given ("Unallocated
// items, eliminations and other"). Under a
// heading that names such a part ("Segment Results of Operations ›
// Verizon Business", "Note 25 – Business segments", "NOTE 3 —
// ACQUISITIONS AND DIVESTITURES") a figure is the part's, unless its row
// is the total of the parts; so it answers a question that names the
// part, not one that asks the company's own figure and names nothing
// beyond the company, the measure and the period.

// partHeadingRE finds the words by which a heading names a part of the
// company whose figures follow. Deals are named in the plural, as a
// note's heading names them ("Acquisitions and divestitures"): "Data
// acquisition" in a paper names no part of anything.
var partHeadingRE = regexp.MustCompile(`(?i)\b(excluding|unallocated|segments?|acquisitions|divestitures|dispositions|discontinued operations|held for sale|variable interest entit(?:y|ies)|equity[- ]method|investees?|guarantors?|guarantees?|fair values?|plan assets|pension|postretirement)\b`)

// partHeading returns the level of a heading path (" › " between levels)
// that names a part of the company, "" when none does. Headings that name
// segments name them all: the discussion of them all ("OPERATING
// SEGMENTS", whose "REVENUES" row is the company's) gives way to one
// segment's under a level of its own ("› Verizon Business Group") or a
// heading naming it ("Walmart International Segment"), which names what
// neither the title nor the question writes.
func partHeading(section, q, title string) string {
	levels := strings.Split(section, " › ")
	for i, level := range levels {
		if !partHeadingRE.MatchString(level) {
			continue
		}
		if segmentHeadingRE.MatchString(level) && !namesOther(levels[i+1:], q+"\n"+title) && !namesOther(oneSegment(level), q+"\n"+title) {
			continue
		}
		return strings.TrimSpace(level)
	}
	return ""
}

// oneSegmentRE finds a heading that names one segment before the word:
// "International Segment", "Sam's Club Segment" (a heading over them all
// says "Segments" or opens with the word: "Segment Results").
var oneSegmentRE = regexp.MustCompile(`(?i)^\s*(\S.*?)\s+segment\s*$`)

// oneSegment returns the name a heading gives one segment, as a heading
// of its own for namesOther, or nil.
func oneSegment(heading string) []string {
	if m := oneSegmentRE.FindStringSubmatch(heading); m != nil {
		return []string{m[1]}
	}
	return nil
}

// namesOther reports whether any of the headings writes a word that known
// does not, which is no measure a statement's line names and no word of
// a heading about every segment ("Overview", "Results").
func namesOther(headings []string, known string) bool {
	written := map[string]bool{}
	for _, t := range lang.Tokens(known) {
		written[lang.Family(t.Lower)] = true
	}
	for _, h := range headings {
		for _, t := range lang.Tokens(h) {
			f := lang.Family(t.Lower)
			if !t.Num && !lang.IsStopWord(t.Lower) && !written[f] && !lineMeasures[f] && !wholeHeadings[t.Lower] {
				return true
			}
		}
	}
	return false
}

// asksWhole reports whether a figure question names nothing beyond the
// company its document's title names, the period, the words by which
// questions ask and the measure — the words the quote itself writes: then
// it asks the company's own figure. A word it writes besides them may
// name a segment ("Boeing Commercial Airplanes' revenues" read under a
// row "Revenues"), and the segment's figure answers.
func asksWhole(q string, sh shape, title, quote string) bool {
	for f := range askedBeyond(q, title+"\n"+quote) {
		if !slices.Contains(sh.Measure, f) {
			return false
		}
	}
	return true
}

// askedBeyond returns the family keys of the words question q writes
// beyond those of known (a title, a quote), its numbers, years and
// quarters, its period's words, the verb that frames its figure ("put
// into", "spend on") and the words by which questions ask and name their
// source ("according to its 10-K"). Only the question is read: a remark
// after its question mark ("I'm looking at its 2022 annual report.")
// names where to look, not what.
func askedBeyond(q, known string) map[string]bool {
	if i := strings.Index(q, "?"); i >= 0 && strings.TrimSpace(q[i+1:]) != "" {
		q = q[:i]
	}
	frame := figureFrameFamilies(q)
	written := map[string]bool{}
	for _, t := range lang.Tokens(known) {
		written[lang.Family(t.Lower)] = true
	}
	out := map[string]bool{}
	toks := lang.Tokens(q)
	for i, t := range toks {
		f := lang.Family(t.Lower)
		if t.Num || lang.IsStopWord(t.Lower) || written[f] || taskWords[f] || periodWords[f] || wholeAskingWords[f] || formWords[f] || frame[f] {
			continue
		}
		if periodCounts[t.Lower] && i+1 < len(toks) && periodWords[lang.Family(toks[i+1].Lower)] {
			continue // "the first quarter", "the nine months": the period asked
		}
		if _, ok := yearOf(t.Lower); ok || quarterTermRE.MatchString(t.Lower) {
			continue
		}
		out[f] = true
	}
	return out
}

// periodCounts count the periods a year is cut into, written before the
// period's word: "first quarter", "nine months".
var periodCounts = map[string]bool{"first": true, "second": true, "third": true, "fourth": true,
	"three": true, "six": true, "nine": true, "twelve": true}

// wholeAskingWords are the verbs and nouns by which a question asks a
// company's figure without naming anything of it: "What did Acme report
// as …", "What did its interest expense come to", "according to its annual
// report", "How big was …".
var wholeAskingWords = familySet(`report reported reports reporting state stated states show shown shows disclose
	disclosed record recorded amount figure value company company's whole come came big large`)

// formWords name the documents a figure is asked from: "per its 10-K",
// "(2022 10-k)", "in the Q2 2023 10-Q", "its balance sheet".
var formWords = familySet(`10-k 10k 10-q 10q 8-k 8k form filing annual quarterly report release results
	balance sheet statement statements`)

// partFigure returns the heading under which a figure question that
// asks the company's own figure is answered by a part's row or
// sentence, "" when the passage is under no heading naming a part,
// the row is the segments' total ("Total revenues"), or the
// question names more than the company.
func partFigure(ev *app.Evidence, q string, sh shape, c *candidate, text string, row bool) string {
	if c.src == nil || sh.When || sh.Time || dateAskedRE.MatchString(q) {
		return "" // a date is no part's figure
	}
	section := sectionOf(ev, c)
	heading := partHeading(section, q, c.src.Title)
	if heading == "" && row {
		heading = segmentNote(section)
	}
	if heading == "" {
		return ""
	}
	if row && segmentHeadingRE.MatchString(heading) {
		// A segment note's "Total revenues" sums the segments' rows, and
		// its "Total" column their columns: it is the company's. (An
		// acquired business's or an investee's "Total assets" is still the
		// part's.)
		if opensWithSum(rowLabel(text)) && sumsRowsAbove(ev, c) {
			return ""
		}
		if underSum(ev, sh, c, text) {
			return ""
		}
	}
	if !asksWhole(q, sh, c.src.Title, text+"\n"+c.label) {
		return ""
	}
	return heading
}

// sumsRowsAbove reports whether a "Total …" row sums the rows above it —
// the segments, listed one a row — rather than being one line among
// others of one segment's column: "Total assets" under "Net income" and
// "Average equity" names a measure, as they do, and sums none of them.
// A row above it — back to the group, the header or the total before it,
// where the rows it sums start — that names statement measures, none of
// the row's own class, makes it such a line.
func sumsRowsAbove(ev *app.Evidence, c *candidate) bool {
	span, boff, ok := locate(c.window, c.start)
	if !ok {
		return true
	}
	b := ev.Blocks[span.BlockID]
	if boff > len(b.Text) {
		return true
	}
	own := map[string]bool{}
	for _, t := range lang.Tokens(rowLabel(c.window.Text[c.start:c.end])) {
		if f := lang.Family(t.Lower); lineMeasures[f] {
			own[classOf(f)] = true
		}
	}
	above := strings.Split(b.Text[:boff], "\n")
	above = above[:len(above)-1] // the row itself
	for i := len(above) - 1; i >= 0; i-- {
		row := above[i]
		if !hasAmount(row, false) || opensWithSum(rowLabel(row)) {
			break // a header, a group or the total before: the rows summed start after it
		}
		same, other := false, false // ("Depreciation and amortization expense" is of the expenses totalled)
		for _, t := range lang.Tokens(rowLabel(row)) {
			if f := lang.Family(t.Lower); lineMeasures[f] {
				same = same || own[classOf(f)]
				other = other || !own[classOf(f)]
			}
		}
		if other && !same {
			return false
		}
	}
	return true
}

// classOf returns the class of measure a family key names (measureClasses:
// sales are revenues, a cost an expense), or the key itself.
func classOf(f string) string {
	if k, ok := measureClasses[f]; ok {
		return k
	}
	return f
}

// changeGroupRE finds a group row over changes of its rows' figures:
// "Changes in operating assets and liabilities", "(Increase) decrease in".
var changeGroupRE = regexp.MustCompile(`(?i)^\W*(net\s+)?(changes?|increases?|decreases?)\b`)

// segmentNote returns the level of a heading path that heads a note on
// segments ("Notes to Consolidated Financial Statements › Note 25 -
// Business segments"), "" when there is none. The discussion of the
// segments may state the company's figures in rows of their own; a
// note on them is made of tables that give each segment's figures
// beside their total, so a row there is a segment's unless it, or the
// column it is read in, is the total.
func segmentNote(section string) string {
	levels := strings.Split(section, " › ")
	for i, level := range levels {
		if !segmentHeadingRE.MatchString(level) {
			continue
		}
		for _, above := range levels[:i+1] {
			if noteHeadingRE.MatchString(above) {
				return strings.TrimSpace(level)
			}
		}
	}
	return ""
}

// noteHeadingRE finds the heading of the notes to financial statements
// or of one of them: "Notes to Consolidated Financial Statements", "Note
// 25 – Business segments", "NOTE 19. SEGMENT INFORMATION".
var noteHeadingRE = regexp.MustCompile(`(?i)^\s*notes?\b`)

// underSum reports whether the cell a row is read in stands in a column
// or under a group that sums the others ("Total", "Consolidated"); or,
// when no cell is read and the row is quoted whole under its header,
// whether that header has such a column for the reader to see.
func underSum(ev *app.Evidence, sh shape, c *candidate, text string) bool {
	header := tableHeader(ev, c.window, c.start)
	if tc, ok := sh.askedCell(header, text); ok {
		return sums(tc.column) || sums(tc.group)
	}
	for _, h := range header {
		cells, _ := headerCells(h)
		for _, hc := range cells {
			if sums(hc.text) {
				return true
			}
		}
	}
	return false
}

// sums reports whether a header cell names a total: "Total", "Consolidated".
func sums(cell string) bool {
	for _, t := range lang.Tokens(cell) {
		if sumWords[lang.Family(t.Lower)] {
			return true
		}
	}
	return false
}

// dateAskedRE finds a question that asks a date by its noun ("What is
// the end date of …").
var dateAskedRE = regexp.MustCompile(`(?i)\b(dates?|days?)\b`)

// sumWords open the label of a row that sums a table's parts.
var sumWords = familySet(`total totals consolidated combined`)

// opensWithSum reports whether a row's label opens with one of the
// sumWords: "Total revenues", "Consolidated".
func opensWithSum(label string) bool {
	toks := lang.Tokens(label)
	return len(toks) > 0 && sumWords[lang.Family(toks[0].Lower)]
}

// partMisread returns why a figure question's quote gives a part's
// figure or one of another measure, read from what is set around it: a
// heading naming a part (partFigure), a group row (groupMisread), a
// table's introduction (introNarrowed), a segment the question names and
// the passage does not (segmentUnnamed); "" when none.
func partMisread(ev *app.Evidence, q string, sh shape, c *candidate, text string, row bool) string {
	if !sh.Figure {
		return ""
	}
	if heading := partFigure(ev, q, sh, c, text, row); heading != "" {
		return "the passage stands under “" + heading + "”, which gives a part's figures; the question asks the company's"
	}
	if row {
		if share := partTableRow(ev, c); share != "" && labelWritesMeasure(rowLabel(text), sh) && asksWhole(q, sh, c.src.Title, text+"\n"+c.label) {
			// A row that names the measure asked is the part's line of
			// it; one that names a part ("Commercial Airplanes") is that
			// part's, and answers a question naming it.
			return "the table's row “" + share + "” shows it states a part's figures; the question asks the company's"
		}
		if segmentsSumRE.MatchString(rowLabel(text)) && !asksWhole(q, sh, c.src.Title, text+"\n"+c.label) {
			// "Reportable segment net revenues" adds up the segments
			// listed above it: no one of them.
			return "the row sums the segments; the question asks one of them"
		}
		if why := groupMisread(ev, q, sh, c); why != "" {
			return why
		}
		if why := lineRepeated(ev, q, c); why != "" {
			return why
		}
		if group := groupLabel(ev, c.window, c.start); changeGroupRE.MatchString(group) && len(derivation(q, sh)) == 0 {
			// A cash flow statement's "Changes in operating assets and
			// liabilities:" heads what each balance moved in the period.
			return "the row stands under “" + group + "”: it states a change of the figure, not the figure"
		}
		if narrowed := introNarrowed(q, sh, c); narrowed != "" {
			return "the table's introduction names a narrower measure (" + narrowed + ")"
		}
	}
	if name := segmentUnnamed(ev, q, c, text); name != "" {
		return "the passage does not name the segment asked (" + name + ")"
	}
	return ""
}

// shareOfWholeRE finds a row label that shows a table states a part's
// figures: it states them as a share of the company's ("% of total
// company revenues", "Percentage of consolidated net sales"), as a
// segment's results table does; the company's own statements do not.
// closingPartRE finds a table's last row that sums the rows above it
// under a part's name: the items left to no segment ("Unallocated items,
// eliminations and other"). (Set among the segments, in a table that
// goes on to the company's earnings, the same row sums nothing above it.)
var (
	shareOfWholeRE = regexp.MustCompile(`(?i)^\s*(%|percent(age)?)\s+of\s+(total\s+)?(company|consolidated)\b`)
	closingPartRE  = regexp.MustCompile(`(?i)^\s*unallocated\b`)
)

// segmentsSumRE finds a row label that sums segments: "Reportable segment
// net revenues", "Total segment operating income", "Segments total".
var segmentsSumRE = regexp.MustCompile(`(?i)^\s*(total\s+)?(reportable|all|operating)\s+segments?\b|^\s*total\s+segments?\b|^\s*segments?\s+total\b`)

// partTableRow returns the label of a row in c's table block that shows
// the table states a part's figures (shareOfWholeRE, closingPartRE), ""
// when none does.
func partTableRow(ev *app.Evidence, c *candidate) string {
	span, _, ok := locate(c.window, c.start)
	if !ok {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(ev.Blocks[span.BlockID].Text), "\n")
	for i, line := range lines {
		label := strings.TrimSpace(rowLabel(line))
		if shareOfWholeRE.MatchString(label) || i == len(lines)-1 && i > 1 && closingPartRE.MatchString(label) {
			return label
		}
	}
	return ""
}

// labelWritesMeasure reports whether a row's label writes the measure
// asked, and is not a sum: "Research and development expense, net", not
// "Commercial Airplanes" or "Total research and development".
func labelWritesMeasure(label string, sh shape) bool {
	if opensWithSum(label) {
		return false
	}
	for _, t := range lang.Tokens(label) {
		if slices.Contains(sh.Measure, lang.Family(t.Lower)) {
			return true
		}
	}
	return false
}
