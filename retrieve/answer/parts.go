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
// of Cross Guarantee" group's own statements); and what
// it carries at fair value (a part of its debt, of its assets). Under a
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
var partHeadingRE = regexp.MustCompile(`(?i)\b(segments?|acquisitions|divestitures|dispositions|discontinued operations|held for sale|variable interest entit(?:y|ies)|equity[- ]method|investees?|guarantors?|guarantees?|fair values?)\b`)

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
// quarters, its period's words and the words by which questions ask and
// name their source ("according to its 10-K").
func askedBeyond(q, known string) map[string]bool {
	written := map[string]bool{}
	for _, t := range lang.Tokens(known) {
		written[lang.Family(t.Lower)] = true
	}
	out := map[string]bool{}
	for _, t := range lang.Tokens(q) {
		f := lang.Family(t.Lower)
		if t.Num || lang.IsStopWord(t.Lower) || written[f] || taskWords[f] || periodWords[f] || wholeAskingWords[f] || formWords[f] {
			continue
		}
		if _, ok := yearOf(t.Lower); ok || quarterTermRE.MatchString(t.Lower) {
			continue
		}
		out[f] = true
	}
	return out
}

// wholeAskingWords are the verbs and nouns by which a question asks a
// company's figure without naming anything of it: "What did Acme report
// as …", "What did its interest expense come to", "according to its annual
// report".
var wholeAskingWords = familySet(`report reported reports reporting state stated states show shown shows disclose
	disclosed record recorded amount figure value company company's whole come came`)

// formWords name the documents a figure is asked from: "per its 10-K",
// "(2022 10-k)", "in the Q2 2023 10-Q".
var formWords = familySet(`10-k 10k 10-q 10q 8-k 8k form filing annual quarterly report release results`)

// partFigure returns the heading under which a figure question that
// asks the company's own figure is answered by a part's row or
// sentence, "" when the passage is under no heading naming a part,
// the row is the segments' total ("Total revenues"), or the
// question names more than the company.
func partFigure(ev *app.Evidence, q string, sh shape, c *candidate, text string, row bool) string {
	if c.src == nil || sh.When || sh.Time || dateAskedRE.MatchString(q) {
		return "" // a date is no part's figure
	}
	heading := partHeading(sectionOf(ev, c), q, c.src.Title)
	if heading == "" {
		return ""
	}
	if row && segmentHeadingRE.MatchString(heading) {
		// A segment note's "Total revenues" sums the segments' rows: it is
		// the company's. (An acquired business's or an investee's "Total
		// assets" is still the part's.)
		if toks := lang.Tokens(rowLabel(text)); len(toks) > 0 && sumWords[lang.Family(toks[0].Lower)] {
			return ""
		}
	}
	if !asksWhole(q, sh, c.src.Title, text+"\n"+c.label) {
		return ""
	}
	return heading
}

// dateAskedRE finds a question that asks a date by its noun ("What is
// the end date of …").
var dateAskedRE = regexp.MustCompile(`(?i)\b(dates?|days?)\b`)

// sumWords open the label of a row that sums a table's parts.
var sumWords = familySet(`total totals consolidated combined`)

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
		if why := groupMisread(ev, q, sh, c); why != "" {
			return why
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
