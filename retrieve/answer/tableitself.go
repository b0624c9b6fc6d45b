package answer

import (
	"regexp"
	"slices"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Questions about a table itself. "Which years does the table provide
// information for net sales?" and "What does the table show?" ask what
// a table states about itself, not a cell of it. Reports say it in two set
// places: the header row names the periods of the columns ("| 2019 |
// 2018"), and the sentence right above the table says what its rows are
// ("The components of deferred tax assets are as follows:", "The
// following table shows assets allocated by reportable segment."). The
// answer cites that header or quotes that sentence.
//
// Which table: the one whose introduction, header and row labels carry
// the most of the words the question adds ("net sales by region"), and
// only when no other carries as many; a question adding none asks about
// the one table of the one document asked, and is not answered when the
// evidence holds several or the scope several documents.

var (
	// "Which years does the table …", "What are the years included in
	// the table?", "Which financial years' information is shown in the
	// table?" — the table as what the question asks about, not a word
	// of a name ("What year was the periodic table published?").
	tableYearsRE   = regexp.MustCompile(`(?i)^\s*(?:which|what)\s+(?:(?:are|were)\s+the\s+)?(?:\w+\s+)?years?'?s?\s+(?:information\s+)?(?:does|do|are|is|were|included|covered|shown|reported|presented)\b`)
	tableSubjectRE = regexp.MustCompile(`(?i)\btable\s+(?:provide|show|include|cover|report|present|contain|give)\w*|\b(?:in|by|under)\s+the\s+(?:[\w' ]{0,60}\s)?table\s*\??\s*$`)
	// "In which years was operating income calculated?", "For which
	// years is the life expectancy provided?": which periods a measure is
	// given for, which the header of its table names, as "Which years
	// does the table provide information for operating income?" asks.
	yearsGivenRE = regexp.MustCompile(`(?i)^\s*(?:in|for)\s+which\s+(?:fiscal\s+)?years?(?:\(s\))?\s+(?:was|were|is|are)\s+.+?\s+(?:calculated|computed|recorded|provided|presented|reported|disclosed|given|shown|measured|stated)(?:\s+for)?\s*\??\s*$`)
	// "What does the table show (us)?", "What does the table represent?"
	tableShowsRE = regexp.MustCompile(`(?i)^\s*what\s+(?:\w+\s+){0,2}(?:does|do|did)\s+(?:the|this)\s+table\s+(?:show|represent|present|depict|illustrate|display|describe|summari[sz]e|contain)\w*(?:\s+us)?\s*\??\s*$`)
	// The question's own frame, which says nothing of which table.
	tableFrameWords = familySetOf("which what year years does do did are were was is the this table tables provide provided information info show shown shows represent present presented include included includes report reported data financial fiscal under in for of on about by calculated computed recorded disclosed given measured stated amount")
)

// familySetOf returns the word families of a space-separated word list.
func familySetOf(words string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(words) {
		out[lang.Family(w)] = true
	}
	return out
}

// tableItselfAnswer answers a question about a table itself, or returns
// nil when the question asks none or no one table of the evidence
// answers it.
func (r *reading) tableItselfAnswer(cands []candidate) *app.Answer {
	q := r.ev.Question.Text
	years := tableYearsRE.MatchString(q) && tableSubjectRE.MatchString(q) || yearsGivenRE.MatchString(q)
	if !years && !tableShowsRE.MatchString(q) {
		return nil
	}
	rows := r.namedTable(cands, q)
	if rows == nil {
		return nil
	}
	if years {
		return r.tableYears(rows)
	}
	return r.tableShows(cands, rows)
}

// namedTable returns the rows of the table the question asks about, or
// nil when it cannot tell which one.
func (r *reading) namedTable(cands []candidate, q string) []*candidate {
	var topic []string
	for _, t := range lang.Tokens(q) {
		if f := lang.Family(t.Lower); !t.Num && !lang.IsStopWord(t.Lower) && !tableFrameWords[f] {
			topic = append(topic, f)
		}
	}
	tables := r.tables(cands)
	if len(topic) == 0 {
		// "The table" alone names one only where there is one: in a
		// scope of one document whose evidence holds one table.
		if len(tables) == 1 && len(r.ev.Question.Scope.DocumentIDs) == 1 && r.ev.Question.Scope.FolderID == "" {
			return tables[0]
		}
		return nil
	}
	best, bestN, tie := -1, 0, false
	for i, rows := range tables {
		n := r.tableCarries(rows, topic)
		switch {
		case n > bestN:
			best, bestN, tie = i, n, false
		case n == bestN:
			tie = true
		}
	}
	if best < 0 || tie || 2*bestN < len(topic) {
		return nil
	}
	return tables[best]
}

// tableCarries counts the words of topic that a table's introduction,
// header and row labels carry.
func (r *reading) tableCarries(rows []*candidate, topic []string) int {
	var b strings.Builder
	b.WriteString(tableIntro(r.ev, *rows[0]))
	for _, row := range rows {
		label, _, _ := strings.Cut(row.window.Text[row.start:row.end], "|")
		b.WriteString("\n" + row.intro + "\n" + label + "\n" + strings.Join(tableHeader(r.ev, row.window, row.start), "\n"))
	}
	words := matchWords(b.String())
	n := 0
	for _, w := range topic {
		if words[w] {
			n++
		}
	}
	return n
}

// tableYears states the years the table's header names, citing a row
// read under that header.
func (r *reading) tableYears(rows []*candidate) *app.Answer {
	// The first row read under a header: the header's own rows are
	// candidates too, read under none.
	var c *candidate
	var header, years []string
	for _, row := range rows {
		header = tableHeader(r.ev, row.window, row.start)
		if years = headerYears(header); len(years) > 0 {
			c = row
			break
		}
	}
	if c == nil {
		return nil
	}
	for _, row := range rows {
		// Years set as rows ("December 31, 2018" over its group of rows)
		// are periods of the table the header does not name.
		label, _, _ := strings.Cut(row.window.Text[row.start:row.end], "|")
		if y := cellYear(label); y != "" && !slices.Contains(years, y) {
			return nil
		}
	}
	stated := strings.Join(years, ", ")
	if len(years) > 1 {
		stated = strings.Join(years[:len(years)-1], ", ") + " and " + years[len(years)-1]
	}
	return r.quotedOne(c, "The table's header names "+stated+".", strings.Join(header, " / "), strings.Join(years, ", "))
}

// quotedOne is an answer quoting candidate c alone, after what it says of
// it, read under under ("" for none), stating value.
func (r *reading) quotedOne(c *candidate, says, under, value string) *app.Answer {
	cit, ok := cite(r.ev, *c)
	if !ok {
		return nil
	}
	cites := []app.Citation{cit}
	numberQuotes(cites)
	return &app.Answer{Answer: Lead + "\n\n" + says + render(cites, nil, []string{under}), Sufficient: true,
		Verdict: app.VerdictAnswered, Citations: cites, Sources: SourceRefs(r.ev), Value: value}
}

// tableShows quotes the sentence right above the table when it says what
// the table holds: it speaks of a table, of what follows, or ends with a
// colon over it.
func (r *reading) tableShows(cands []candidate, rows []*candidate) *app.Answer {
	tspan, _, ok := locate(rows[0].window, rows[0].start)
	if !ok {
		return nil
	}
	tb := r.ev.Blocks[tspan.BlockID]
	var intro *candidate
	for i := range cands {
		c := &cands[i]
		span, _, ok := locate(c.window, c.start)
		if !ok {
			continue
		}
		b := r.ev.Blocks[span.BlockID]
		if b.Seq == tb.Seq-1 && b.SectionID == tb.SectionID && prose(b.Kind) {
			intro = c // the last sentence of the block wins: it is the one over the table
		}
	}
	if intro == nil {
		return nil
	}
	text := strings.TrimSpace(intro.window.Text[intro.start:intro.end])
	if !strings.HasSuffix(text, ":") && !introduces(text) && !speaksOfTable(text) {
		return nil
	}
	return r.quotedOne(intro, "The sentence introducing the table:", "", "")
}

// speaksOfTable reports whether text names a table or what stands below.
func speaksOfTable(text string) bool {
	for _, t := range lang.Tokens(text) {
		if t.Lower == "table" || t.Lower == "below" {
			return true
		}
	}
	return false
}
