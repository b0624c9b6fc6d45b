package dates

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"archivist/app"
)

// A mention is one date written in a block: Text[Start:End] of the block
// reads as Value.
type mention struct {
	Start, End int // byte offsets into the block text
	Value      app.DateValue
	// Numeric is set for all-numeric forms whose day and month order the
	// document's convention decided (12/31/2022 or 31/12/2022).
	Numeric bool
	// Relative is the anchor a relative date was counted from ("" for a
	// calendar date).
	Relative string
}

// Month names in English, German and French, with the abbreviations
// documents use; longer names first so the alternation matches whole words.
var monthNames = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
	"september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
	"nov": 11, "dec": 12,
	"januar": 1, "februar": 2, "märz": 3, "maerz": 3, "mai": 5, "juni": 6, "juli": 7, "oktober": 10, "dezember": 12,
	"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "août": 8,
	"aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
}

// englishMonths are the names whose use marks a document as English.
var englishMonths = map[string]bool{"january": true, "february": true, "march": true, "april": true, "may": true,
	"june": true, "july": true, "august": true, "september": true, "october": true, "november": true, "december": true}

var monthAlt = func() string {
	names := make([]string, 0, len(monthNames))
	for n := range monthNames {
		names = append(names, regexp.QuoteMeta(n))
	}
	sort.Slice(names, func(i, j int) bool {
		if len(names[i]) != len(names[j]) {
			return len(names[i]) > len(names[j])
		}
		return names[i] < names[j]
	})
	return strings.Join(names, "|")
}()

const (
	dayRE   = `([12][0-9]|3[01]|0?[1-9])(?:st|nd|rd|th)?`
	yearRE  = `((?:19|20)[0-9]{2})`
	dashRE  = `\s*(?:–|—|-|to|through|thru|until|till|bis|au)\s*`
	boundRE = `(?:^|[^\p{L}\p{N}])`
)

var (
	monRE = `(` + monthAlt + `)\.?`
	// Ranges come first, so their halves are not read as two dates.
	rangeForms = []*regexp.Regexp{
		// January 1 – March 31, 2023
		regexp.MustCompile(`(?i)` + boundRE + monRE + `\s+` + dayRE + dashRE + monRE + `\s+` + dayRE + `,?\s+` + yearRE + `\b`),
		// March 1–31, 2023
		regexp.MustCompile(`(?i)` + boundRE + monRE + `\s+` + dayRE + `\s*(?:–|—|-)\s*` + dayRE + `,?\s+` + yearRE + `\b`),
		// 1 January – 31 March 2023
		regexp.MustCompile(`(?i)` + boundRE + dayRE + `\.?\s+` + monRE + dashRE + dayRE + `\.?\s+` + monRE + `,?\s+` + yearRE + `\b`),
		// 1–31 March 2023
		regexp.MustCompile(`(?i)` + boundRE + dayRE + `\.?\s*(?:–|—|-)\s*` + dayRE + `\.?\s+` + monRE + `,?\s+` + yearRE + `\b`),
	}
	// December 31, 2022 · Dec. 31, 2022 · December 31st 2022
	mdyWritten = regexp.MustCompile(`(?i)` + boundRE + monRE + `\s+` + dayRE + `,?\s+` + yearRE + `\b`)
	// 31 December 2022 · 31st of December, 2022 · 31. Dezember 2022
	dmyWritten = regexp.MustCompile(`(?i)` + boundRE + dayRE + `\.?\s+(?:day\s+of\s+|of\s+|de\s+)?` + monRE + `,?\s+` + yearRE + `\b`)
	// 2022-12-31 · 2022/12/31
	isoForm = regexp.MustCompile(boundRE + `((?:19|20)[0-9]{2})([-/])(0?[1-9]|1[0-2])([-/])(0?[1-9]|[12][0-9]|3[01])\b`)
	// 31.12.2022: day first wherever it is written so.
	dottedForm = regexp.MustCompile(boundRE + `(0?[1-9]|[12][0-9]|3[01])\.(0?[1-9]|1[0-2])\.((?:19|20)[0-9]{2})\b`)
	// 12/31/2022 · 31/12/2022 · 12-31-2022 · 12/31/22: the order is the
	// document's convention.
	slashedForm = regexp.MustCompile(boundRE + `([0-9]{1,2})([/-])([0-9]{1,2})([/-])((?:19|20)[0-9]{2}|[0-9]{2})\b`)
	// Two dates joined into a range: "from X to Y", "X through Y",
	// "between X and Y".
	joinRE    = regexp.MustCompile(`(?i)^\s*(?:–|—|-|to|through|thru|until|till|and)\s*$`)
	betweenRE = regexp.MustCompile(`(?i)\b(between|from|period)\s*$`)
)

// order is a document's convention for all-numeric dates.
type order int

const (
	monthFirst order = iota
	dayFirst
)

// day returns the date, or false when it is not a calendar day.
func day(y, m, d int) (string, bool) {
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return "", false // 31 April, 29 February of a common year
	}
	return t.Format(time.DateOnly), true
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func month(s string) int { return monthNames[strings.TrimSuffix(strings.ToLower(s), ".")] }

// span returns where submatch group 1's whole match starts, skipping the
// boundary character the patterns consume.
func matchStart(text string, loc []int) int {
	start := loc[0]
	for start < loc[1] && !isAlnumStart(text[start:]) {
		start++
	}
	return start
}

func isAlnumStart(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// Every date form holds a year: two or four digits after a separator, or
// 19xx/20xx. The patterns run only on windows of text around such a year
// (windowBefore bytes before it, enough for "1 January – 31 March"), which
// keeps the work of reading a long filing to the few places it matters.
var yearish = regexp.MustCompile(`(?:19|20)[0-9]{2}|[/-][0-9]{2}\b`)

const windowBefore = 48

// windows returns the merged byte ranges of text around its years, each
// starting on a character boundary.
func windows(text string) [][2]int {
	var out [][2]int
	for _, loc := range yearish.FindAllStringIndex(text, -1) {
		lo, hi := max(0, loc[0]-windowBefore), min(len(text), loc[1]+1)
		for lo > 0 && text[lo]&0xC0 == 0x80 {
			lo--
		}
		for hi < len(text) && text[hi]&0xC0 == 0x80 {
			hi++
		}
		if n := len(out); n > 0 && lo <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], hi)
			continue
		}
		out = append(out, [2]int{lo, hi})
	}
	return out
}

// scan finds the calendar dates and date ranges written in text, in
// order, reading all-numeric forms by ord.
func scan(text string, ord order) []mention {
	var out []mention
	for _, w := range windows(text) {
		for _, m := range scanWindow(text[w[0]:w[1]], ord) {
			m.Start += w[0]
			m.End += w[0]
			out = append(out, m)
		}
	}
	return joinRanges(text, out)
}

func scanWindow(text string, ord order) []mention {
	var out []mention
	used := make([]bool, len(text)+1)
	take := func(start, end int) bool {
		for i := start; i < end; i++ {
			if used[i] {
				return false
			}
		}
		for i := start; i < end; i++ {
			used[i] = true
		}
		return true
	}
	add := func(loc []int, v app.DateValue, numeric bool) {
		if v.Validate() != nil {
			return
		}
		start := matchStart(text, loc)
		if take(start, loc[1]) {
			out = append(out, mention{Start: start, End: loc[1], Value: v, Numeric: numeric})
		}
	}
	g := func(m []int, i int) string {
		if m[2*i] < 0 {
			return ""
		}
		return text[m[2*i]:m[2*i+1]]
	}
	for k, re := range rangeForms {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			var a, b string
			var ok1, ok2 bool
			switch k {
			case 0:
				y := atoi(g(m, 5))
				a, ok1 = day(y, month(g(m, 1)), atoi(g(m, 2)))
				b, ok2 = day(y, month(g(m, 3)), atoi(g(m, 4)))
			case 1:
				y, mo := atoi(g(m, 4)), month(g(m, 1))
				a, ok1 = day(y, mo, atoi(g(m, 2)))
				b, ok2 = day(y, mo, atoi(g(m, 3)))
			case 2:
				y := atoi(g(m, 5))
				a, ok1 = day(y, month(g(m, 2)), atoi(g(m, 1)))
				b, ok2 = day(y, month(g(m, 4)), atoi(g(m, 3)))
			case 3:
				y, mo := atoi(g(m, 4)), month(g(m, 3))
				a, ok1 = day(y, mo, atoi(g(m, 1)))
				b, ok2 = day(y, mo, atoi(g(m, 2)))
			}
			if ok1 && ok2 {
				add(m, app.DateValue{Start: a, End: b}, false)
			}
		}
	}
	for _, m := range mdyWritten.FindAllStringSubmatchIndex(text, -1) {
		if d, ok := day(atoi(g(m, 3)), month(g(m, 1)), atoi(g(m, 2))); ok {
			add(m, app.DateValue{Start: d}, false)
		}
	}
	for _, m := range dmyWritten.FindAllStringSubmatchIndex(text, -1) {
		if d, ok := day(atoi(g(m, 3)), month(g(m, 2)), atoi(g(m, 1))); ok {
			add(m, app.DateValue{Start: d}, false)
		}
	}
	for _, m := range isoForm.FindAllStringSubmatchIndex(text, -1) {
		if g(m, 2) != g(m, 4) {
			continue
		}
		if d, ok := day(atoi(g(m, 1)), atoi(g(m, 3)), atoi(g(m, 5))); ok {
			add(m, app.DateValue{Start: d}, false)
		}
	}
	for _, m := range dottedForm.FindAllStringSubmatchIndex(text, -1) {
		if d, ok := day(atoi(g(m, 3)), atoi(g(m, 2)), atoi(g(m, 1))); ok {
			add(m, app.DateValue{Start: d}, false)
		}
	}
	for _, m := range slashedForm.FindAllStringSubmatchIndex(text, -1) {
		if g(m, 2) != g(m, 4) {
			continue
		}
		a, b, y := atoi(g(m, 1)), atoi(g(m, 3)), atoi(g(m, 5))
		if y < 100 {
			y += 2000
			if y > 2069 {
				y -= 100
			}
		}
		mo, d := a, b
		if ord == dayFirst {
			mo, d = b, a
		}
		if s, ok := day(y, mo, d); ok {
			add(m, app.DateValue{Start: s}, true)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// joinRanges merges two single dates written as one range ("from 1
// January 2023 to 31 March 2023").
func joinRanges(text string, ms []mention) []mention {
	var out []mention
	for i := 0; i < len(ms); i++ {
		m := ms[i]
		if i+1 < len(ms) && m.Value.End == "" && ms[i+1].Value.End == "" {
			n := ms[i+1]
			gap := text[m.End:n.Start]
			isAnd := strings.EqualFold(strings.TrimSpace(gap), "and")
			if joinRE.MatchString(gap) && (!isAnd || betweenRE.MatchString(text[:m.Start])) && n.Value.Start > m.Value.Start {
				out = append(out, mention{Start: m.Start, End: n.End, Value: app.DateValue{Start: m.Value.Start, End: n.Value.Start},
					Numeric: m.Numeric || n.Numeric})
				i++
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// convention decides a document's order for all-numeric dates: a numeric
// date that can only be read one way (31/12/2022, 12/31/2022) decides; else
// how the document writes dates with month names ("31 December 2022" is
// day first, "December 31, 2022" month first); else its language (English
// uses the fallback, the languages Archivist reads month names in write
// the day first); else the fallback.
func convention(texts []string, fallback order) order {
	var dmy, mdy, english, other int
	for _, whole := range texts {
		for _, w := range windows(whole) {
			t := whole[w[0]:w[1]]
			for _, m := range slashedForm.FindAllStringSubmatch(t, -1) {
				a, b := atoi(m[1]), atoi(m[3])
				switch {
				case a > 12 && b <= 12:
					dmy++
				case b > 12 && a <= 12:
					mdy++
				}
			}
			dmy += len(dottedForm.FindAllStringIndex(t, -1))
			for _, m := range mdyWritten.FindAllStringSubmatch(t, -1) {
				mdy++
				tally(m[1], &english, &other)
			}
			for _, m := range dmyWritten.FindAllStringSubmatch(t, -1) {
				dmy++
				tally(m[2], &english, &other)
			}
		}
	}
	switch {
	case dmy > mdy:
		return dayFirst
	case mdy > dmy:
		return monthFirst
	case other > english:
		return dayFirst
	}
	return fallback
}

func tally(name string, english, other *int) {
	n := strings.ToLower(strings.TrimSuffix(name, "."))
	if englishMonths[n] || len(n) <= 4 {
		*english++
	} else {
		*other++
	}
}
