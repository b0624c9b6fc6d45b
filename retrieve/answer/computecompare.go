package answer

import (
	"math/big"
	"regexp"
	"slices"
	"strings"

	"archivist/app"
)

// Comparisons. "In which year was X larger?" asks which of a measure's
// periods holds its largest (or smallest) figure. No sentence says it: a
// report sets the measure's figures in one row under its periods'
// columns. So the answer is read where the row whose label carries the
// measure (pickRow, as for any derived figure) meets the year columns of
// its table's header, every cell cited and the comparison shown, with
// verdict computed. A question comparing with a figure it gives ("less
// than 100 million") asks a threshold, not which period is larger, and
// is not read here.

// ComparedLead introduces a comparison, saying plainly how it was made.
const ComparedLead = "Compared from the cited cells:"

var (
	// comparePeriodRE finds a question asking which period a measure is
	// largest or smallest in ("Which FY has a higher EBITDA?"); its first
	// group is a clause set before the question that bounds the periods
	// compared ("Between 2018 and 2019, which year had …"), its second
	// the rest of the question.
	comparePeriodRE = regexp.MustCompile(`(?i)^\s*(?:((?:between|from|of|for)\s[^,?]{1,40}),\s*)?(?:in\s+|during\s+)?(?:which|what)\s+(?:fiscal\s+year|fy|year|period)\s+(.+)$`)
	largerRE        = regexp.MustCompile(`(?i)\b(larger|largest|higher|highest|greater|greatest|bigger|biggest|more|most)\b`)
	smallerRE       = regexp.MustCompile(`(?i)\b(lower|lowest|smaller|smallest|less|least|fewer|fewest)\b`)
	givenFigureRE   = regexp.MustCompile(`(?i)\bthan\b|\b(over|under|above|below|exceed\w*)\s+\$?\d|\d`)
)

// readComparison reads "In which year was X larger?": the measure X and
// whether the largest figure is asked (else the smallest).
func readComparison(q string) (comp computation, largest, ok bool) {
	m := comparePeriodRE.FindStringSubmatch(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(q), "?")))
	if m == nil || givenFigureRE.MatchString(m[2]) {
		return comp, false, false
	}
	larger, smaller := largerRE.MatchString(m[2]), smallerRE.MatchString(m[2])
	if larger == smaller {
		return comp, false, false // neither, or both ("more … than … less"): not one comparison
	}
	// The bounding clause names the periods compared; one that names
	// fewer than two bounds nothing a header's years can be held to.
	if comp.periods, _ = askedPeriods(m[1], opChange); m[1] != "" && len(comp.periods) < 2 {
		return comp, false, false
	}
	rest := smallerRE.ReplaceAllString(largerRE.ReplaceAllString(m[2], " "), " ")
	comp.percent = asksShare(strings.ToLower(rest)) // "the gross margin (%)" is a row of percentages
	comp.readMeasure(rest)
	return comp, larger, len(comp.measure) > 0
}

// compare answers a comparison from the table rows of the evidence: for
// each set of year columns a table's header names, in evidence order, the
// row pickRow reads as the measure's; the first such row answers. nil
// when none does or its figures tie; missing then says why.
func compare(ev *app.Evidence) (ans *app.Answer, missing string) {
	comp, largest, ok := readComparison(ev.Question.Text)
	if !ok {
		return nil, ""
	}
	rows := tableRows(ev)
	missing = "no table row of the evidence names “" + strings.Join(comp.measure, " ") + "” under two years or more"
	asked := comp.periods
	for _, years := range yearSets(ev, rows) {
		comp.periods = years
		if asked != nil {
			if slices.ContainsFunc(asked, func(y string) bool { return !slices.Contains(years, y) }) {
				continue // the header lacks a year the question holds the comparison to
			}
			comp.periods = asked
		}
		best, why := comp.pickRow(ev, rows)
		if best == nil {
			if why != "" {
				missing = why
			}
			continue
		}
		return comp.compared(ev, best, largest)
	}
	if ans := compareStated(ev, comp, largest); ans != nil {
		return ans, "" // "… $19.5 million in 2019 and $20.8 million in 2018" (comparedprose.go)
	}
	return nil, missing
}

// yearSets returns the distinct sets of years (two or more, oldest
// first) that the headers of the evidence's tables name (headerYears), in
// evidence order.
func yearSets(ev *app.Evidence, rows []candidate) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, c := range rows {
		years := headerYears(tableHeader(ev, c.window, c.start))
		slices.Sort(years)
		if key := strings.Join(years, " "); len(years) >= 2 && !seen[key] {
			seen[key] = true
			out = append(out, years)
		}
	}
	return out
}

// compared states which period of row m holds the largest (or smallest)
// figure, citing every cell.
func (comp computation) compared(ev *app.Evidence, m *rowMatch, largest bool) (*app.Answer, string) {
	values := make([]*big.Rat, len(comp.periods))
	for i, p := range comp.periods {
		v, ok := cellValue(m.cells[i].value)
		if !ok {
			return nil, "the " + p + " figure of “" + m.label + "” is not a plain number"
		}
		values[i] = v
	}
	for _, v := range values {
		if v.Sign() < 0 {
			// "A greater foreign exchange movement" of (1.5) and (0.8):
			// of figures below nought, larger may mean either.
			return nil, "“" + m.label + "” is negative in some year, so larger and smaller cannot be told for sure"
		}
	}
	pick := 0
	for i, v := range values {
		if c := v.Cmp(values[pick]); largest && c > 0 || !largest && c < 0 {
			pick = i
		}
	}
	for i, v := range values {
		if i != pick && v.Cmp(values[pick]) == 0 {
			return nil, "“" + m.label + "” is the same in " + comp.periods[pick] + " and " + comp.periods[i]
		}
	}
	ans := &app.Answer{Sources: SourceRefs(ev), Verdict: app.VerdictComputed, Sufficient: true, Value: comp.periods[pick]}
	var labels, unders []string
	for i := range comp.periods {
		c := m.c
		if m.periodRows != nil {
			c = m.periodRows[i]
		}
		cit, label, under, ok := citedCell(ev, c, m.cells[i])
		if !ok {
			return nil, "the " + comp.periods[i] + " figure of “" + m.label + "” cannot be cited"
		}
		ans.Citations = append(ans.Citations, cit)
		labels = append(labels, label)
		unders = append(unders, under)
	}
	numberQuotes(ans.Citations)
	ans.Answer = comparison(m.label, comp.periods, pick, largest) + "\n\n" + ComparedLead + render(ans.Citations, labels, unders)
	return ans, ""
}

// comparison states the result: "Revenue is larger in 2019 than in 2018",
// "Revenue is smallest in 2017 of 2017, 2018, 2019".
func comparison(label string, periods []string, pick int, largest bool) string {
	if len(periods) == 2 {
		word := map[bool]string{true: "larger", false: "smaller"}[largest]
		return label + " is " + word + " in " + periods[pick] + " than in " + periods[1-pick]
	}
	word := map[bool]string{true: "largest", false: "smallest"}[largest]
	return label + " is " + word + " in " + periods[pick] + " of " + strings.Join(periods, ", ")
}
