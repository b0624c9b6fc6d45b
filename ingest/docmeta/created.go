// Package docmeta derives the metadata an import can read from a document's
// own text beyond its language (which app/lang detects): the date it was
// made — the first complete calendar date written near the start of the
// text (see Created). It is deliberately small and conservative.
package docmeta

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// createdChars bounds how much of the start of a document Created reads: a
// letter's date, a report's cover or a filing's period sit there; a date
// deep inside is more often one the text talks about.
const createdChars = 3000

var (
	months  = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
	isoDate = regexp.MustCompile(`\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b`)
	// "January 5, 2022", "Jan. 5 2022"
	mdyDate = regexp.MustCompile(`(?i)\b(` + months + `)\.? +(\d{1,2})(?:st|nd|rd|th)?,? +((?:19|20)\d\d)\b`)
	// "5 January 2022", "5th of Jan 2022"
	dmyDate = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?(?: of)? +(` + months + `)\.?,? +((?:19|20)\d\d)\b`)
	// "05.01.2022": day first, as everywhere the dotted form is used.
	dotDate = regexp.MustCompile(`\b(\d{1,2})\.(\d{1,2})\.((?:19|20)\d\d)\b`)
)

// Created returns the first complete calendar date written in the start of
// text as YYYY-MM-DD, or "" when there is none. It reads ISO dates
// (2022-01-05), English month names in either order (January 5, 2022;
// 5 January 2022) and day-first dotted dates (05.01.2022); slashed dates
// (01/05/2022) are skipped, since they mean different days on either side
// of the Atlantic, and so are impossible dates (2022-02-30).
func Created(text string) string {
	if len(text) > createdChars {
		text = text[:createdChars]
	}
	best, at := "", len(text)+1
	try := func(re *regexp.Regexp, ymd func(m []string) (int, int, int)) {
		loc := re.FindStringSubmatchIndex(text)
		for loc != nil && loc[0] < at {
			m := make([]string, len(loc)/2)
			for i := range m {
				m[i] = text[loc[2*i]:loc[2*i+1]]
			}
			if s := validDate(ymd(m)); s != "" {
				best, at = s, loc[0]
				return
			}
			next := re.FindStringSubmatchIndex(text[loc[1]:])
			if next == nil {
				return
			}
			for i := range next {
				next[i] += loc[1]
			}
			loc = next
		}
	}
	try(isoDate, func(m []string) (int, int, int) { return atoi(m[1]), atoi(m[2]), atoi(m[3]) })
	try(mdyDate, func(m []string) (int, int, int) { return atoi(m[3]), month(m[1]), atoi(m[2]) })
	try(dmyDate, func(m []string) (int, int, int) { return atoi(m[3]), month(m[2]), atoi(m[1]) })
	try(dotDate, func(m []string) (int, int, int) { return atoi(m[3]), atoi(m[2]), atoi(m[1]) })
	return best
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

func month(s string) int {
	s = strings.ToLower(s)
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(s, m) {
			return i + 1
		}
	}
	return 0
}

// validDate formats a real calendar date, or returns "".
func validDate(y, m, d int) string {
	if m < 1 || m > 12 || d < 1 {
		return ""
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return ""
	}
	return t.Format(time.DateOnly)
}
