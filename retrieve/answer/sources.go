package answer

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// A question may name its source as well as its fact: "According to
// Pew's December 2015 report, what share of Americans …", "… for fiscal
// 2018 in the company's 2019 annual report". The year and the names it
// gives the source point at the document, not at what is asked of it: a
// finding is of its survey's year unless it states another, a report
// names its author on its pages rather than in each sentence, and a
// later report states an earlier year's figure beside its own.

// sourceYearRE finds a year a question gives its source, not its fact:
// "Pew's December 2015 survey", "the 2022 annual report", "its
// first-quarter 2021 10-Q", "the report from 2019", "(fy2019 10-k)", "(q2
// fy24 10-q)".
var sourceYearRE = regexp.MustCompile(`(?i)\b(?:fy\s?)?((?:19|20)\d{2})\s+(?:annual\s+|quarterly\s+)?(?:report|survey|study|paper|poll|release|edition|guide|brochure|10-k|10-q|8-k|filing)\b|\b(?:report|survey|study|paper|poll|release|edition|guide|brochure|10-k|10-q|filing)\s+(?:of|from|dated)\s+(?:\w+\s+)?((?:19|20)\d{2})\b|\bfy(\d{2})\s+(?:annual\s+|quarterly\s+)?(?:report|release|10-k|10-q|8-k|filing)\b`)

// sourceNameRE finds the name a question gives its source as its
// author: "Pew Research Center's December 2015 survey", "the Pew December
// 2015 survey", "Acme's annual report".
var sourceNameRE = regexp.MustCompile(`((?:\p{Lu}[\p{L}&.\-]*\s+){0,4}\p{Lu}[\p{L}&.\-]*)(?:['’]s)?\s+(?:[\w\-]+\s+){0,3}(?:report|survey|study|paper|poll|release|edition|guide|brochure|10-k|10-q|8-k|filing|opinion|manual)\b`)

// sourceNamesOf returns the lower-case words of the names question q
// gives its source.
func sourceNamesOf(q string) map[string]bool {
	out := map[string]bool{}
	for _, m := range sourceNameRE.FindAllStringSubmatch(q, -1) {
		for _, t := range lang.Tokens(m[1]) {
			out[t.Lower] = true
		}
	}
	return out
}

// namesItself reports whether source src writes name n in its title or
// in the text of its evidence: a report names its author on its pages
// ("Pew Research Center", "www.pewresearch.org"), seldom in the sentence
// that states a finding.
func namesItself(src *app.Source, n string) bool {
	if src == nil {
		return false
	}
	for _, t := range lang.Tokens(src.Title + "\n" + src.Text) {
		if t.Lower == n {
			return true
		}
	}
	return false
}

// yearRE finds a year.
var yearRE = regexp.MustCompile(`\b(19|20)\d{2}\b`)

// sourceYearsOf returns the years question q gives its source.
//
// A year the question also gives its fact ("in fiscal 2020, per the
// fiscal 2020 10-K") is asked of the fact, and stays.
func sourceYearsOf(q string) map[string]bool {
	out := map[string]bool{}
	rest := sourceYearRE.ReplaceAllString(q, " ")
	for _, m := range sourceYearRE.FindAllStringSubmatch(q, -1) {
		y := m[1] + m[2]
		if m[3] != "" {
			y = "20" + m[3] // "(fy23 10-k)"
		}
		if !strings.Contains(rest, y) {
			out[y] = true
		}
	}
	return out
}

// datedOtherwise reports whether src's title dates the document to a
// year other than y, the year the question gives its source ("the 2016
// annual report" asked of the one titled "10-K 2022 (year ended December
// 31, 2022)"): the question asks another edition of the document. A
// title dated by its filing ("Form 10-K for Acme filed 02/09/2023")
// reports the year before as well, which is the year a report filed early
// in the next one covers; a title that writes no year dates nothing.
func datedOtherwise(src *app.Source, y string) bool {
	if src == nil {
		return false
	}
	years := yearRE.FindAllString(src.Title, -1)
	if len(years) == 0 {
		return false
	}
	filed := filedRE.MatchString(src.Title)
	for _, t := range years {
		if t == y {
			return false
		}
		if n, err := strconv.Atoi(t); filed && err == nil && strconv.Itoa(n-1) == y {
			return false
		}
	}
	return true
}

// filedRE finds a title dated by its filing: "filed 02/09/2023",
// "10-K - 02/08/2023 - Acme", "EFiled: Jan 14 2013".
var filedRE = regexp.MustCompile(`(?i)filed\b|\b\d{1,2}/\d{1,2}/(?:19|20)\d{2}\b`)

// withoutSourceYears returns q without the phrases that give its source
// a year ("(2022 10-k)", "in its 2019 annual report"): "3m total
// inventories december 31 2021 (2022 10-k)" asks one year's figure, not
// a total over two.
func withoutSourceYears(q string) string {
	source := sourceYearsOf(q)
	return sourceYearRE.ReplaceAllStringFunc(q, func(m string) string {
		if y := yearRE.FindString(m); source[y] {
			return " "
		}
		return m
	})
}

// statesYear reports whether text states a year. A passage that states
// none speaks of its document's own time: the year a question gives the
// document is met there, not where another year is stated.
func statesYear(text string) bool { return yearRE.MatchString(text) }

// onlySourceYears reports whether every year question q asks is one it
// gives its source ("Pew's December 2015 survey"), met by the source
// itself (carriesGiven checks the lead states no other year); true when
// it asks none.
func onlySourceYears(q string, years map[string]bool) bool {
	source := sourceYearsOf(q)
	for y := range years {
		if !source[y] {
			return false
		}
	}
	return true
}

// unmetNames returns the names the question gives that the picked quotes
// must meet: not those it gives its source that a source of the evidence
// names itself by.
func unmetNames(ev *app.Evidence) map[string]bool {
	names := givenNames(ev.Question.Text)
	for n := range sourceNamesOf(ev.Question.Text) {
		if periodWords[lang.Family(n)] {
			delete(names, n) // "the Pew December 2015 survey": the survey's month
		}
		for i := range ev.Sources {
			if names[n] && namesItself(&ev.Sources[i], n) {
				delete(names, n)
			}
		}
	}
	return names
}

// dropSourceYears leaves out of the years asked those the question gives
// its source when it asks another: "… for fiscal 2018 in the company's
// 2019 annual report" asks 2018's figure, which the 2019 report states
// beside its own year's.
func (sh *shape) dropSourceYears(q string) {
	source := sourceYearsOf(q)
	other := false
	for y := range sh.years {
		other = other || !source[y]
	}
	if !other {
		return
	}
	for y := range source {
		delete(sh.years, y)
	}
}

// quarterRE finds a quarter as questions and titles write it: "Q2",
// "2Q23", "Q1 2023", "fourth quarter"; quarterSourceRE one a question
// gives its source ("(q1 2023 release)", "its second-quarter 10-Q");
// periodStatedRE a passage that states its own period.
var (
	quarterRE       = regexp.MustCompile(`(?i)\bq([1-4])(?:\s?(?:fy)?\d{2,4})?\b|\b([1-4])q(?:\d{2}|\d{4})?\b|\b(first|second|third|fourth)[\s-]quarter\b`)
	quarterSourceRE = regexp.MustCompile(`(?i)(?:\bq[1-4]|\b[1-4]q|\b(?:first|second|third|fourth)[\s-]quarter)(?:\s+(?:fy)?\d{2,4})?(?:\s+(?:fiscal\s+)?\d{4})?\s+(?:earnings\s+|results\s+)?(?:release|report|10-q|filing)\b`)
	periodStatedRE  = regexp.MustCompile(`(?i)\b(quarters?|months|weeks|q[1-4]|[1-4]q\d{0,4}|year|annual|fiscal|january|february|march|april|may|june|july|august|september|october|november|december)\b`)
)

// quartersOf returns the quarters (1 to 4) text names.
func quartersOf(text string) map[int]bool {
	out := map[int]bool{}
	for _, m := range quarterRE.FindAllStringSubmatch(text, -1) {
		switch {
		case m[1] != "":
			out[int(m[1][0]-'0')] = true
		case m[2] != "":
			out[int(m[2][0]-'0')] = true
		default:
			out[slices.Index([]string{"first", "second", "third", "fourth"}, strings.ToLower(m[3]))+1] = true
		}
	}
	return out
}

// quarterOfTitle returns why a passage that states no period of its own
// does not answer question q: it speaks of its document's quarter, which
// the title names ("Q1 2023 8-K - Exhibit 99.1"), and the question asks
// another ("pepsico q2 2023 net revenue (q1 2023 release)"); "" when it
// may.
func quarterOfTitle(q string, src *app.Source, passage string) string {
	if src == nil || periodStatedRE.MatchString(passage) {
		return ""
	}
	asked, titled := quartersOf(quarterSourceRE.ReplaceAllString(q, " ")), quartersOf(src.Title)
	if len(asked) == 0 || len(titled) == 0 {
		return ""
	}
	for n := range asked {
		if titled[n] {
			return ""
		}
	}
	return "the passage speaks of its document's quarter, not the one asked"
}
