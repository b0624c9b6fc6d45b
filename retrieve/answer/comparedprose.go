package answer

import (
	"math/big"
	"regexp"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Comparisons stated in prose. Reports give a measure's two years in one
// sentence as often as in a table: "Amortization of purchased intangibles
// included in the CMS results amounted to $19.5 million in 2019 and $20.8
// million in 2018", "… of $64,000 and $10,000 in 2019 and 2018,
// respectively". "In which year was it larger?" is answered from such a
// sentence when it is the only one of the evidence that carries every
// word of the measure and states a figure for each of two years; the
// sentence is cited and the comparison shown, with verdict computed.

var (
	// figureYearRE is a figure and the year it is of: "$19.5 million in
	// 2019".
	figureYearRE = `(\$?\s?\d[\d,]*(?:\.\d+)?)\s*(million|billion|thousand)?\s+(?:in|for|during)\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)`
	// pairedRE finds two figures, each with its year, joined by "and" or
	// a comparison.
	pairedRE = regexp.MustCompile(`(?i)` + figureYearRE + `\s*,?\s*(?:and|compared\s+(?:to|with)|versus|as\s+compared\s+to)\s+` + figureYearRE)
	// respectivelyRE finds two figures and two years in the same order:
	// "$64,000 and $10,000 in 2019 and 2018, respectively".
	respectivelyRE = regexp.MustCompile(`(?i)(\$?\s?\d[\d,]*(?:\.\d+)?)\s*(million|billion|thousand)?\s+and\s+(\$?\s?\d[\d,]*(?:\.\d+)?)\s*(million|billion|thousand)?,?\s+(?:in|for|during)\s+(?:fiscal\s+(?:years?\s+)?)?((?:19|20)\d\d)\s+and\s+((?:19|20)\d\d),?\s+respectively`)
)

// comparedProseLead introduces a comparison read from one sentence.
const comparedProseLead = "Compared from the cited sentence, which states both figures:"

// statedFigures are two figures a sentence gives, each of its year.
type statedFigures struct {
	years   [2]string
	figures [2]string
	values  [2]*big.Rat
}

// readStated reads the two figures of a sentence, or ok is false.
func readStated(text string) (s statedFigures, ok bool) {
	if m := pairedRE.FindStringSubmatch(text); m != nil {
		s.figures = [2]string{strings.TrimSpace(m[1] + " " + m[2]), strings.TrimSpace(m[4] + " " + m[5])}
		s.years = [2]string{m[3], m[6]}
		s.values[0], ok = scaledValue(m[1], m[2])
		if !ok {
			return s, false
		}
		s.values[1], ok = scaledValue(m[4], m[5])
		return s, ok && s.years[0] != s.years[1]
	}
	if m := respectivelyRE.FindStringSubmatch(text); m != nil {
		s.figures = [2]string{strings.TrimSpace(m[1] + " " + m[2]), strings.TrimSpace(m[3] + " " + m[4])}
		s.years = [2]string{m[5], m[6]}
		if m[2] == "" && m[4] != "" {
			m[2] = m[4] // "$1.2 and $1.5 million": one scale for both
		}
		s.values[0], ok = scaledValue(m[1], m[2])
		if !ok {
			return s, false
		}
		s.values[1], ok = scaledValue(m[3], m[4])
		return s, ok && s.years[0] != s.years[1]
	}
	return s, false
}

// scaledValue reads a figure at the scale word written after it
// ("million", "billions"; "" for none).
func scaledValue(figure, scale string) (*big.Rat, bool) {
	v, ok := cellValue(strings.TrimSpace(figure))
	if !ok {
		return nil, false
	}
	return v.Mul(v, new(big.Rat).SetFloat64(lang.Scale(scale))), true
}

// compareStated answers a comparison from the one sentence of the
// evidence that carries the measure and states its two years' figures;
// nil when none or more than one does, the years are not the ones asked,
// or the figures tie.
func compareStated(ev *app.Evidence, comp computation, largest bool) *app.Answer {
	var found *candidate
	var stated statedFigures
	for i := range ev.Sources {
		src := &ev.Sources[i]
		for j := range src.Windows {
			w := &src.Windows[j]
			for _, s := range Sentences(w.Text) {
				if kindAt(ev, w, s[0]) == app.BlockTable {
					continue
				}
				text := w.Text[s[0]:s[1]]
				st, ok := readStated(text)
				if !ok || !carriesMeasure(text, comp.measure) || len(comp.periods) > 0 && !sameYears(st.years, comp.periods) {
					continue
				}
				if found != nil {
					return nil // two sentences state it: which is meant cannot be told
				}
				found, stated = &candidate{src: src, window: w, start: s[0], end: s[1]}, st
			}
		}
	}
	if found == nil {
		return nil
	}
	c := stated.values[0].Cmp(stated.values[1])
	if c == 0 || stated.values[0].Sign() < 0 || stated.values[1].Sign() < 0 {
		return nil
	}
	pick := 0
	if largest == (c < 0) {
		pick = 1
	}
	cit, ok := cite(ev, *found)
	if !ok {
		return nil
	}
	cites := []app.Citation{cit}
	numberQuotes(cites)
	word := map[bool]string{true: "larger", false: "smaller"}[largest]
	says := "It is " + word + " in " + stated.years[pick] + " (" + stated.figures[pick] + ") than in " + stated.years[1-pick] +
		" (" + stated.figures[1-pick] + ")"
	return &app.Answer{Answer: says + "\n\n" + comparedProseLead + render(cites, nil, nil), Sufficient: true, Verdict: app.VerdictComputed,
		Citations: cites, Sources: SourceRefs(ev), Value: stated.years[pick]}
}

// carriesMeasure reports whether text writes every word of measure.
func carriesMeasure(text string, measure []string) bool {
	words := matchWords(text)
	for _, w := range measure {
		if !wordIn(words, w) {
			return false
		}
	}
	return len(measure) > 0
}

// sameYears reports whether the two years a sentence states are the two
// the question bounds its comparison to.
func sameYears(stated [2]string, asked []string) bool {
	return len(asked) == 2 && (stated[0] == asked[0] && stated[1] == asked[1] || stated[0] == asked[1] && stated[1] == asked[0])
}
