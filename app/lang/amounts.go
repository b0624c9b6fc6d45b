package lang

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Number forms: "$34.2 billion" in a question is the "34,229" of a table
// in millions; "34229" and "34,229" are one number already (Tokens drops
// grouping commas). A question's amount meets a text's number when the
// number, read with its own scale word or in the unit its table or section
// states, rounds to the amount as the question writes it. The router's
// judge and the offline answerer read amounts the same way.

// Amount is an amount a text names, in units, with half of its last
// written digit: "34.2 billion" is 34.2e9 ± 0.05e9.
type Amount struct {
	Digits      string // the number as a token writes it: "34.2", "34229"
	Value, Half float64
	Scaled      bool // written with a scale word ("billion")
}

var amountRE = regexp.MustCompile(`(?i)(\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion|trillion|bn|mn|k)?\b`)

var scales = map[string]float64{"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12,
	"thousands": 1e3, "millions": 1e6, "billions": 1e9, "lakh": 1e5, "lakhs": 1e5, "crore": 1e7, "crores": 1e7}

// Amounts reads the amounts a text names, in order; a four-digit year
// without a scale word is no amount.
func Amounts(text string) []Amount {
	var out []Amount
	for _, m := range amountRE.FindAllStringSubmatch(text, -1) {
		digits := strings.ReplaceAll(m[1], ",", "")
		v, err := strconv.ParseFloat(digits, 64)
		if err != nil || v == 0 || m[2] == "" && yearDigits(digits) {
			continue
		}
		decimals := 0
		if i := strings.IndexByte(digits, '.'); i >= 0 {
			decimals = len(digits) - i - 1
		}
		scale, scaled := scales[strings.ToLower(m[2])]
		if !scaled {
			scale = 1
		}
		out = append(out, Amount{Digits: digits, Value: v * scale, Half: 0.5 * math.Pow(10, -float64(decimals)) * scale, Scaled: scaled})
	}
	return out
}

func yearDigits(s string) bool {
	return len(s) == 4 && (strings.HasPrefix(s, "19") || strings.HasPrefix(s, "20")) && allDigits(s)
}

// unitRE finds the unit a table or section states its figures in: "(in
// millions)", "Net Sales (Millions)", "($ in thousands)", "₹ in crores".
var unitRE = regexp.MustCompile(`(?i)\b(millions|billions|thousands|crores|lakhs)\b`)

// UnitWord is the word a table's header or a section states its figures'
// unit by ("millions", "Thousands"), as written; "" when it states none.
func UnitWord(context string) string { return unitRE.FindString(context) }

// Scale is the factor of a scale word written after a figure ("million",
// "billions", "bn"); 1 for none or another word.
func Scale(word string) float64 {
	if v, ok := scales[strings.ToLower(strings.TrimSpace(word))]; ok {
		return v
	}
	return 1
}

// UnitOf is the scale a table's header or a section states for its
// figures; 1 when it states none.
func UnitOf(context string) float64 {
	if m := UnitWord(context); m != "" {
		return scales[strings.ToLower(m)]
	}
	return 1
}

// Meets reports whether v, read at scale, is the amount as written.
func (a Amount) Meets(v, scale float64) bool {
	return math.Abs(v*scale-a.Value) <= a.Half*1.000001
}

// AmountsMet calls met for each of asked that text writes: a number
// followed by its own scale word, or read in unit (UnitOf its context).
func AmountsMet(asked []Amount, text string, unit float64, met func(Amount)) {
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
			if a.Meets(v, scale) {
				met(a)
			}
		}
	}
}
