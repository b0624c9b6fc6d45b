package answer

import (
	"regexp"
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
// first-quarter 2021 10-Q", "the report from 2019".
var sourceYearRE = regexp.MustCompile(`(?i)\b((?:19|20)\d{2})\s+(?:annual\s+|quarterly\s+)?(?:report|survey|study|paper|poll|release|edition|guide|brochure|10-k|10-q|8-k|filing)\b|\b(?:report|survey|study|paper|poll|release|edition|guide|brochure|10-k|10-q|filing)\s+(?:of|from|dated)\s+(?:\w+\s+)?((?:19|20)\d{2})\b`)

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
		if y := m[1] + m[2]; !strings.Contains(rest, y) {
			out[y] = true
		}
	}
	return out
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
