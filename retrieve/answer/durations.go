package answer

import "regexp"

// A question asking how long — "How long does the watch take to charge?",
// or typed as a search ending on the noun, "alarm snooze time" — asks a
// length of time: a number with its unit ("two hours", "16 seconds", "20
// month"). "Snoozing three times" counts something and "in 2021" dates
// it; neither says how long. ("How long" may ask a distance as well,
// which its units answer, or be answered by the span a thing lasted:
// "from 1870 to 1939".)

var (
	// howLongRE finds a question asking how long.
	howLongRE = regexp.MustCompile(`(?i)\bhow long\b`)
	// durationNounRE finds a question that ends on the noun of a length of
	// time: "… snooze time?", "… charging time", "… response time".
	durationNounRE = regexp.MustCompile(`(?i)\b(time|duration)\s*\??\s*$`)
	// durationRE finds a length of time: a number, in figures or words, and
	// a unit of time.
	durationRE = regexp.MustCompile(`(?i)(\d[\d,.]*|\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty|several|few|many))[\s\-]*(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?|yrs?|decades?|centuries|century|ms|s)\b`)
	// distanceRE finds a length in space.
	distanceRE = regexp.MustCompile(`(?i)\d[\d,.]*[\s\-]*(km|kilomet(er|re)s?|mi|miles?|m|met(er|re)s?|cm|mm|ft|feet|foot|inch(es)?|yards?)\b`)
)

// spanRE finds a length of time given as the span it runs: "from 4
// August 1915 until November 1918", "1870 to 1939", "until 1796", or as
// having no end.
var spanRE = regexp.MustCompile(`(?i)\b(from|since|between)\b.{1,60}\b(until|till|to|and|through)\b|\d{4}\s*(to|–|—|-|until)\s*\d{2,4}|\b(until|till|through)\s+(\w+\s+){0,3}\d{4}|\bindefinite`)

// durationMissing reports whether question q asks how long and text (with
// the label it is read under) states no length of time — nor, for "how
// long", a distance.
func durationMissing(q, text string) bool {
	switch {
	case howLongRE.MatchString(q):
		return !durationRE.MatchString(text) && !looseDurationRE.MatchString(text) && !distanceRE.MatchString(text) && !spanRE.MatchString(text)
	case durationNounRE.MatchString(q):
		return !durationRE.MatchString(text) && !looseDurationRE.MatchString(text)
	}
	return false
}

// A money measure ("dividends paid", "revenue") is not answered by a
// sentence whose only figures are lengths of time: "If any dividend is
// unclaimed for 11 calendar months after issuance, …" states a rule, not
// the dividends paid. A word may stand between a number and its unit
// ("11 calendar months", "five fiscal years"); a year's four digits
// start none ("the 2022 fiscal year").
var looseDurationRE = regexp.MustCompile(`(?i)(\b\d{1,3}(?:\.\d+)?|\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty))[\s\-]+(\p{L}+\s+)?(seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?)\b`)

// durationAskedRE finds a question that asks a length of time by any
// word: "how long", "the average duration of the accounts receivables",
// "the remaining amortization period", "days sales outstanding".
var durationAskedRE = regexp.MustCompile(`(?i)\bhow long\b|\b(duration|period|periods|term|terms|life|lives|days|weeks|months|years|time|tenure|maturity|maturities)\b`)

// onlyDurations reports whether every figure text states (years aside)
// is a length of time.
func onlyDurations(text string) bool {
	return hasAmount(text, false) && looseDurationRE.MatchString(text) && !hasAmount(looseDurationRE.ReplaceAllString(text, " "), false)
}
