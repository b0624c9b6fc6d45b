package answer

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app/lang"
)

// Sentences splits text into sentences and returns their byte ranges. A
// sentence ends after '.', '?' or '!' followed by whitespace, and at every
// blank line (which is how blocks are joined), so no sentence spans two
// blocks. Single line breaks inside a block do not end a sentence, nor
// does a period before a cell separator: "Goodwill ........ | 5,366,881"
// is one table row, its label's dot leader and its figures.
func Sentences(text string) [][2]int {
	var out [][2]int
	start := 0
	emit := func(end int) {
		if end > start {
			out = append(out, [2]int{start, end})
		}
	}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\n' && i+1 < len(text) && text[i+1] == '\n':
			emit(i)
			for i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			start = i + 1
		case text[i] >= 0xE0 && fullStop(text[i:]) > 0:
			// "。", "！", "？" and the danda end a sentence without a space.
			n := fullStop(text[i:])
			emit(i + n)
			start = i + n
			i += n - 1
		case (text[i] == '.' || text[i] == '?' || text[i] == '!') && i+1 < len(text) &&
			(text[i+1] == ' ' || text[i+1] == '\n') && !lang.ClosesAbbreviation(text, i) && !strings.HasPrefix(text[i+1:], cellSeparator):
			emit(i + 1)
			start = i + 1
		}
	}
	emit(len(text))
	return out
}

// fullStop returns the length of the full stop that s starts with, if it
// starts with one of the scripts that end sentences without a space.
func fullStop(s string) int {
	for _, p := range []string{"。", "！", "？", "।", "॥"} {
		if strings.HasPrefix(s, p) {
			return len(p)
		}
	}
	return 0
}

// cellSeparator joins the cells of a table row in a table block's text,
// one row a line, as every parser writes tables.
const cellSeparator = " | "

// rowCells splits a table row into its cells, trimmed, without the cells
// that hold no letter or digit: a "$" or "%" that a PDF table set in a
// column of its own would otherwise shift the columns of that row.
func rowCells(row string) []string {
	var cells []string
	for _, c := range strings.Split(row, cellSeparator) {
		c = strings.TrimSpace(c)
		if strings.IndexFunc(c, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			cells = append(cells, c)
		}
	}
	return cells
}

// numberSpan is one number written in text: its digits, whether it reads
// as a year or as the day of a date ("December 31"), and its value.
type numberSpan struct {
	text  string
	year  bool
	value float64
}

var monthRE = regexp.MustCompile(`(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+$`)

// monthAfterRE finds a month name right after a day ("31 March 2019").
var monthAfterRE = regexp.MustCompile(`(?i)^(st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b`)

// numbers returns the numbers of s that stand as numbers: digits not glued
// to letters ("3M", "FY2022", "10-K" and "Q2" are names, not amounts).
func numbers(s string) []numberSpan {
	var out []numberSpan
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || (s[j] == ',' || s[j] == '.') && j+1 < len(s) && isDigit(s[j+1])) {
			j++
		}
		glued := i > 0 && isLetter(s[i-1]) && !currencyBefore(s[:i]) || j < len(s) && isLetter(s[j]) && !unitAfter(s[j:]) ||
			j+1 < len(s) && s[j] == '-' && isLetter(s[j+1])
		if !glued {
			digits := s[i:j]
			v, _ := strconv.ParseFloat(strings.ReplaceAll(digits, ",", ""), 64)
			year := len(digits) == 4 && v >= 1900 && v <= 2100 ||
				len(digits) <= 2 && v >= 1 && v <= 31 && (monthRE.MatchString(s[max(0, i-12):i]) || monthAfterRE.MatchString(s[j:]))
			out = append(out, numberSpan{text: digits, year: year, value: v})
		}
		i = j
	}
	return out
}

// currencyBeforeRE and unitAfterRE find what reports glue to an amount:
// a currency's code before it ("RMB77 million", "US$261,518" needs none),
// a scale or pence after it ("£5m", "$2bn", "445.0p").
var (
	currencyBeforeRE = regexp.MustCompile(`(^|[^A-Za-z])(RMB|USD|EUR|GBP|HKD|SGD|AUD|CAD|NZD|JPY|CHF|CNY|INR|ZAR|SEK|NOK|DKK|Rs|Rp|R)$`)
	unitAfterRE      = regexp.MustCompile(`^(p|m|bn|mn)([^A-Za-z]|$)`)
)

func currencyBefore(s string) bool { return currencyBeforeRE.MatchString(s) }
func unitAfter(s string) bool      { return unitAfterRE.MatchString(s) }

func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// hasAmount reports whether s writes a number other than a year or the
// number of a note, item or page it refers to. With years it also counts
// years, for questions that ask when.
func hasAmount(s string, years bool) bool {
	if !strings.ContainsAny(s, "0123456789") {
		return false // no number at all: nothing to find, nothing to strip
	}
	if mayPoint(s) {
		s = crossRefRE.ReplaceAllString(s, "")
	}
	if mayDesignate(s) {
		s = designatorRE.ReplaceAllString(s, "")
	}
	if mayEnumerate(s) {
		s = enumeratorRE.ReplaceAllString(s, "$1$2")
	}
	for _, n := range numbers(s) {
		if !n.year || years {
			return true
		}
	}
	return false
}

// designatorRE finds a number that names a rank or a place in a series,
// not an amount: "Level 3" of the fair value hierarchy, "Tier 1" capital,
// "Phase 2", "Class A", "Step 4".
var designatorRE = regexp.MustCompile(`(?i)\b(level|tier|phase|stage|step|grade|round|chapter)\s+\d{1,2}\b`)

// enumeratorRE finds a number in parentheses that counts off the items
// of a sentence's list: "the earnings of: (1) any subsidiary that …, (2)
// any subsidiary where …" — words stand before it and follow it, where
// an amount in parentheses (a negative one) stands alone. (A note's
// opening mark, "(1) Includes …", ties it to its row: noteMarksOf.)
var enumeratorRE = regexp.MustCompile(`([\p{L},;:]\s*)\(\d{1,2}\)(\s+\p{L})`)

// designatorWords are the words designatorRE starts with.
var designatorWords = []string{"level", "tier", "phase", "stage", "step", "grade", "round", "chapter"}

// mayDesignate reports whether s holds a word designatorRE needs, so the
// expression, which folds case, runs only where it can match: hasAmount
// judges every row of every table the evidence holds.
func mayDesignate(s string) bool { return holdsAnyFolded(s, designatorWords) }

// mayEnumerate reports whether s holds "(" and a digit after it, which
// every match of enumeratorRE starts with.
func mayEnumerate(s string) bool {
	for i := strings.IndexByte(s, '('); i >= 0 && i+1 < len(s); {
		if c := s[i+1]; c >= '0' && c <= '9' {
			return true
		}
		j := strings.IndexByte(s[i+1:], '(')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// mayPoint reports whether s holds a word crossRefRE needs, so the
// expression runs only where it can match.
func mayPoint(s string) bool { return holdsAnyFolded(s, pointerWords) }

// holdsAnyFolded reports whether s, in small letters, holds any of words
// (written small).
func holdsAnyFolded(s string, words []string) bool {
	l := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// pointerWords are the kinds of place crossRefRE names, as prefixes.
var pointerWords = []string{"note", "item", "part", "section", "page", "exhibit", "schedule"}

// crossRefRE matches a pointer to another part of a filing or report:
// "Refer to Note 7", "see Item 8", "included in Part II", "on page 45".
var crossRefRE = regexp.MustCompile(`(?i)\b(?:refer(?:red)?\s+to|see|described\s+in|discussed\s+in|included\s+in|set\s+forth\s+in|contained\s+in|incorporated\s+(?:herein\s+)?by\s+reference|on\s+page|in)\s+(?:the\s+)?(?:notes?|items?|parts?|sections?|pages?|exhibits?|schedules?)\s+[0-9IVXivx]+[A-Za-z]?(?:\s*(?:,|and|to|through)\s*[0-9IVXivx]+[A-Za-z]?)*`)

// crossReference reports whether s is mostly a pointer elsewhere — "Refer
// to Note 7 for deferred revenue balances" — rather than a statement: it
// names a note, item or page to read and writes no amount of its own.
// A line of a table of contents — "Note 15 - Arrangements with
// Off-Balance Sheet Risk | 86" — points the same way: its only number is a
// page.
func crossReference(s string) bool {
	if !mayPointExactly(s) {
		return false
	}
	return crossRefRE.MatchString(s) && !hasAmount(s, false) || contentsRE.MatchString(s)
}

// mayPointExactly is mayPoint where a "no" must be certain: both
// crossRefRE and contentsRE need a pointer word, and in ASCII text case
// folding is lower-casing, but past ASCII (?i) also folds letters such as
// "ſ" into "s", so such text always goes to the expressions. Most
// sentences a reading weighs name no note, item or page, and the
// expressions were a tenth of an answer's time.
func mayPointExactly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return mayPoint(s)
}

// contentsRE matches a line that opens with the number of a note, item or
// part, as a table of contents lists them.
var contentsRE = regexp.MustCompile(`(?i)^\s*(?:notes?|items?|parts?)\s+[0-9IVX]+[A-Z]?\b\.?\s*(?:[-–—:.]|\|)?`)
