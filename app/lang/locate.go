package lang

import (
	"regexp"
	"strconv"
	"strings"
)

// A Locator is a question's pointer to a place in a document: "page 17",
// "pp. 20–21", "the last page", "slide 14", "Figure 3", "Table 2",
// "Appendix E", "Chapter 4", "Section 3.2", "Note 7", "Item 7A". People
// point into documents this way when they have the document open; the
// place is where the answer is, whatever words it uses.
type Locator struct {
	// Kind is the singular kind word: page, figure, table, appendix,
	// chapter, section, note, item, exhibit, part, step, or a division of
	// courses, laws and contracts (unit, module, lesson, article, clause,
	// schedule, volume). Slides are pages.
	Kind string
	// Labels are the numbers or letters named, as written (lower case),
	// in order; a range ("20–21") is expanded when both ends are small
	// numbers.
	Labels []string
	// Edge is +1 for "the first page", -1 for "the last page"; Labels is
	// then empty.
	Edge int
	// Sole: "the table", named by its article alone, as one speaks of
	// the one table of a document ("What does the table show?"); Labels
	// is then empty.
	Sole bool
}

var (
	locatorKinds = map[string]string{
		"page": "page", "pages": "page", "p": "page", "pp": "page", "slide": "page", "slides": "page",
		"figure": "figure", "figures": "figure", "fig": "figure", "figs": "figure",
		"table": "table", "tables": "table", "appendix": "appendix", "appendices": "appendix", "annex": "appendix",
		"chapter": "chapter", "chapters": "chapter", "section": "section", "sections": "section", "§": "section",
		"note": "note", "notes": "note", "item": "item", "items": "item", "exhibit": "exhibit", "exhibits": "exhibit",
		"part": "part", "parts": "part", "step": "step", "steps": "step",
		"unit": "unit", "units": "unit", "module": "module", "modules": "module", "lesson": "lesson", "lessons": "lesson",
		"article": "article", "articles": "article", "clause": "clause", "clauses": "clause",
		"schedule": "schedule", "schedules": "schedule", "volume": "volume", "volumes": "volume",
	}
	// A label: a number with dotted parts and an optional letter ("7A",
	// "3.4"), a roman numeral, or one capital letter.
	label     = `(?:\d+[A-Za-z]?(?:\.\d+)*|[ivxlcIVXLC]+\b|[A-Z]\b)`
	locatorRE = regexp.MustCompile(`(?i:\b(pages?|pp?\.|slides?|figures?|figs?\.|tables?|appendix|appendices|annex|chapters?|sections?|notes?|items?|exhibits?|parts?|steps?|units?|modules?|lessons?|articles?|clauses?|schedules?|volumes?)|§)\s*(` +
		label + `(?:\s*(?:-|–|—|to|through|and|&|,|or)\s*` + label + `)*)`)
	labelRE = regexp.MustCompile(label)
	edgeRE  = regexp.MustCompile(`(?i)\b(first|opening|front|cover|last|final|closing|back)\s+(page|slide)\b`)
	// "the table", "this table" — not "the table of contents", not a
	// labelled one ("the table 3" is read by locatorRE).
	soleTableRE = regexp.MustCompile(`(?i)\b(?:the|this)\s+table\b(\s+of\s+contents\b|\s*` + label + `)?`)
)

// maxRange bounds the labels a range expands to.
const maxRange = 8

// Locators finds the places a question names, in the order it names them.
func Locators(question string) []Locator {
	var out []Locator
	for _, m := range locatorRE.FindAllStringSubmatchIndex(question, -1) {
		word := "§"
		if m[2] >= 0 {
			word = strings.TrimSuffix(strings.ToLower(question[m[2]:m[3]]), ".")
		}
		kind := locatorKinds[word]
		list := question[m[4]:m[5]]
		labels := labelRE.FindAllString(list, -1)
		if kind == "" || len(labels) == 0 {
			continue
		}
		// One capital letter or a roman numeral is a label only right
		// after its kind word ("Appendix E", "Part II"): "Table A" yes,
		// "pages 3 and I" no.
		var keep []string
		for i, l := range labels {
			if !isDigit(l[0]) && i > 0 {
				break
			}
			if !isDigit(l[0]) && len(l) == 1 && l == strings.ToLower(l) {
				continue // "page i" is a printed label only in roman lists; too rare to guess
			}
			keep = append(keep, strings.ToLower(l))
		}
		if len(keep) == 0 {
			continue
		}
		if len(keep) == 2 && isRange(list) {
			keep = expand(keep[0], keep[1])
		}
		out = append(out, Locator{Kind: kind, Labels: keep})
	}
	for _, m := range edgeRE.FindAllStringSubmatch(question, -1) {
		edge := 1
		switch strings.ToLower(m[1]) {
		case "last", "final", "closing", "back":
			edge = -1
		}
		out = append(out, Locator{Kind: "page", Edge: edge})
	}
	for _, l := range out {
		if l.Kind == "table" {
			return out // a table named by its label is the one meant
		}
	}
	for _, m := range soleTableRE.FindAllStringSubmatch(question, -1) {
		if m[1] == "" {
			return append(out, Locator{Kind: "table", Sole: true})
		}
	}
	return out
}

// isRange reports whether a two-label list is a range ("20–21", "20 to
// 21") rather than a pair ("20 and 21").
func isRange(list string) bool {
	l := strings.ToLower(list)
	return strings.ContainsAny(l, "-–—") || strings.Contains(l, " to ") || strings.Contains(l, "through")
}

// expand turns a range of two whole numbers into its labels; anything
// else stays the two ends.
func expand(a, b string) []string {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA != nil || errB != nil || y < x || y-x >= maxRange {
		return []string{a, b}
	}
	var out []string
	for n := x; n <= y; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// pictureRE matches the words people use for what a page shows as a
// picture rather than says in text: a figure, a chart and its parts, a
// photograph, a map, a screenshot. In other languages the same words are
// matched by their common forms (グラフ, 图, 図…).
var pictureRE = regexp.MustCompile(`(?i)\bfigs?\.|\b(?:figures?|charts?|flowcharts?|graphs?|plots?|diagrams?|images?|pictures?|photos?|photographs?|screenshots?|screen ?shots?|maps?|infographics?|illustrations?|drawings?|curves?|histograms?|legends?|axis|axes|logos?|icons?|bars?|pies?|slices?)\b|図|图|グラフ|写真|画像|圖|照片|地図|地图`)

// PointsAtPicture reports whether a question points at something a page
// shows as a picture ("the pie chart", "Figure 1", "the loss curve",
// "the map in the report"): a question about what a picture holds names
// the picture, and only such a question is answered from the print read
// inside pictures by OCR.
func PointsAtPicture(question string) bool {
	return pictureRE.MatchString(question)
}
