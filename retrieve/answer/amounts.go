package answer

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"archivist/app"
	"archivist/retrieve/jev/lex"
)

// Number forms: "$34.2 billion" in a question is the "34,229" of a table
// in millions; "34229" and "34,229" are one number already (lex.Tokens
// drops grouping commas). A question's amount meets a text's when the
// text's number, read in the unit its table or its own words state,
// rounds to the amount as the question writes it.

// askedAmount is an amount a question names, in units, with the half of
// its last written digit: "34.2 billion" is 34.2e9 ± 0.05e9.
type askedAmount struct {
	key         string // the question term it is, as questionStems keys it
	value, half float64
}

var amountRE = regexp.MustCompile(`(?i)(\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion|trillion|bn|mn|k)?\b`)

var scales = map[string]float64{"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12,
	"thousands": 1e3, "millions": 1e6, "billions": 1e9}

// questionAmounts reads the amounts a question names, years left out.
func questionAmounts(q string) []askedAmount {
	var out []askedAmount
	for _, m := range amountRE.FindAllStringSubmatch(q, -1) {
		digits := strings.ReplaceAll(m[1], ",", "")
		v, err := strconv.ParseFloat(digits, 64)
		if err != nil || v == 0 || m[2] == "" && isYearToken(digits) {
			continue
		}
		decimals := 0
		if i := strings.IndexByte(digits, '.'); i >= 0 {
			decimals = len(digits) - i - 1
		}
		scale := 1.0
		if s, ok := scales[strings.ToLower(m[2])]; ok {
			scale = s
		}
		out = append(out, askedAmount{key: lex.Family(strings.ToLower(digits)), value: v * scale,
			half: 0.5 * math.Pow(10, -float64(decimals)) * scale})
	}
	return out
}

// unitOf is the scale a table or passage states for its figures: "($ in
// millions)", "Net Sales (Millions)"; 1 when it states none.
func unitOf(context string) float64 {
	if m := tableUnitRE.FindString(context); m != "" {
		return scales[strings.ToLower(m)]
	}
	return 1
}

// amountsMet adds to words the key of every asked amount that text
// writes in another form: a number followed by its own scale word, or
// read in unit (the scale its table or section states).
func amountsMet(asked []askedAmount, text string, unit float64, words map[string]bool) {
	if len(asked) == 0 {
		return
	}
	for _, m := range amountRE.FindAllStringSubmatch(text, -1) {
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err != nil || v == 0 {
			continue
		}
		scale := unit
		if s, ok := scales[strings.ToLower(m[2])]; ok {
			scale = s
		}
		for _, a := range asked {
			if math.Abs(v*scale-a.value) <= a.half*1.000001 {
				words[a.key] = true
			}
		}
	}
}

// unitContext is the text that states a candidate's unit: its table's
// header rows and its section path.
func unitContext(ev *app.Evidence, w *app.Window, off int) string {
	ctx := strings.Join(tableHeader(ev, w, off), "\n")
	if span, _, ok := locate(w, off); ok {
		ctx += "\n" + ev.Sections[ev.Blocks[span.BlockID].SectionID]
	}
	return ctx
}
