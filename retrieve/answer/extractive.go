// Package answer turns evidence into a cited answer. The Extractive
// answerer works offline: it quotes the evidence sentences that answer the
// question best and never writes a claim of its own.
package answer

import (
	"context"
	"math"
	"strconv"
	"strings"
	"unicode"

	"archivist/app"
)

// Answerer makes an answer from evidence. It never adds evidence of its own.
type Answerer interface {
	Answer(ctx context.Context, ev *app.Evidence) (*app.Answer, error)
}

// Extractive is the offline answerer.
type Extractive struct{}

// Tuning of the extractive answerer. Coverage is the share of the
// question's term weight a sentence contains.
const (
	maxQuotes       = 3
	maxQuotesPerSrc = 2
	minCoverage     = 0.5 // the quotes together must cover this much, or the evidence is insufficient
	minNewCoverage  = 0.2 // each quote must itself add this much not yet covered
	minQuoteChars   = 12
	maxQuoteChars   = 700
)

// Lead introduces an extractive answer, saying plainly that it quotes.
const Lead = "Quoted from your documents (the offline answerer quotes the best-matching sentences; it does not compose an answer):"

type candidate struct {
	src     *app.Source
	window  *app.Window
	start   int // byte offsets into window.Text
	end     int
	words   map[string]bool // stems in the sentence, and for a table row in its table's header
	context map[string]bool // stems of the source title and the block's section path
	penalty float64         // for later sources and overlong sentences
	fit     float64         // how well the quote's shape fits the question's (see shapeFit)
}

// Answer picks the sentences that together best answer the question — the
// best one first, then each that adds terms the others lack — and cites
// each. It answers only when the picked sentences cover at least half of
// the question's term weight.
func (Extractive) Answer(ctx context.Context, ev *app.Evidence) (*app.Answer, error) {
	ans := &app.Answer{Citations: []app.Citation{}, Sources: SourceRefs(ev)}
	var cands []candidate
	for i := range ev.Sources {
		src := &ev.Sources[i]
		for j := range src.Windows {
			w := &src.Windows[j]
			for _, s := range quoteUnits(ev, w) {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				text := strings.TrimSpace(w.Text[s[0]:s[1]])
				if len(text) < minQuoteChars {
					continue
				}
				n := float64(len(text))
				words := wordStems(text)
				if header := tableHeader(ev, w, s[0]); header != nil {
					// A row answers through its header: "Total Company |
					// 34,229" is net sales in 2022 because the header says so.
					for st := range wordStems(strings.Join(header, "\n")) {
						words[st] = true
					}
				}
				cands = append(cands, candidate{
					src: src, window: w, start: s[0], end: s[1],
					words:   words,
					context: contextStems(ev, src, w, s[0]),
					penalty: 0.02*float64(src.N-1) + 0.05*math.Max(0, n-400)/400,
				})
			}
		}
	}
	weights := termWeights(questionStems(ev.Terms), cands)
	shape := askedShape(ev.Question.Text, ev.Terms)
	for i := range cands {
		cands[i].fit = shape.fit(ev, &cands[i])
	}
	total := 0.0
	for _, w := range weights {
		total += w
	}
	if total == 0 {
		ans.Answer = app.InsufficientEvidence
		return ans, nil
	}
	// A term in a quote counts fully; one only in its title or section
	// heading counts half: it places the quote, it does not answer.
	const full, placed = 2, 1
	covered := map[string]int{}
	gain := func(c *candidate) (all, own float64) {
		for t, w := range weights {
			switch {
			case c.words[t] && covered[t] < full:
				all += w * float64(full-covered[t]) / full
				if covered[t] == 0 {
					own += w
				}
			case c.context[t] && covered[t] == 0:
				all += w * placed / full
			}
		}
		return all / total, own / total
	}
	perSrc := map[int]int{}
	seen := map[string]bool{}
	for len(ans.Citations) < maxQuotes {
		best, bestScore := -1, 0.0
		for i := range cands {
			c := &cands[i]
			all, own := gain(c)
			if own < minNewCoverage || perSrc[c.src.N] == maxQuotesPerSrc || seen[squash(c)] {
				continue
			}
			if score := all - c.penalty + c.fit; best < 0 || score > bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			break
		}
		c := &cands[best]
		seen[squash(c)] = true
		cit, ok := cite(ev, *c)
		if !ok {
			continue
		}
		for t := range weights {
			switch {
			case c.words[t]:
				covered[t] = full
			case c.context[t] && covered[t] == 0:
				covered[t] = placed
			}
		}
		perSrc[c.src.N]++
		ans.Citations = append(ans.Citations, cit)
	}
	coverage := 0.0
	for t, w := range weights {
		coverage += w * float64(covered[t]) / full
	}
	if len(ans.Citations) == 0 || coverage/total < minCoverage {
		ans.Citations = []app.Citation{}
		ans.Answer = app.InsufficientEvidence
		return ans, nil
	}
	var b strings.Builder
	b.WriteString(Lead)
	for _, c := range ans.Citations {
		b.WriteString("\n\n“")
		b.WriteString(strings.Join(strings.Fields(c.Quote), " "))
		b.WriteString("” [")
		b.WriteString(strconv.Itoa(c.N))
		b.WriteString("]")
	}
	ans.Answer = b.String()
	ans.Sufficient = true
	return ans, nil
}

func squash(c *candidate) string {
	return strings.Join(strings.Fields(c.window.Text[c.start:c.end]), " ")
}

// quoteUnits returns the byte ranges of w's text that may be quoted:
// sentences of prose, and each row of a table on its own (a row is the
// unit that answers "what was X in 2022"). Headings are never quotes.
func quoteUnits(ev *app.Evidence, w *app.Window) [][2]int {
	var units [][2]int
	for _, s := range Sentences(w.Text) {
		switch kindAt(ev, w, s[0]) {
		case app.BlockHeading:
			continue
		case app.BlockTable:
			start := s[0]
			for i := s[0]; i <= s[1]; i++ {
				if i == s[1] || w.Text[i] == '\n' {
					// A table's first row is its header: it names the
					// columns and answers nothing by itself.
					if _, off, ok := locate(w, start); i > start && ok && off > 0 {
						units = append(units, [2]int{start, i})
					}
					start = i + 1
				}
			}
		default:
			units = append(units, s)
		}
	}
	return units
}

// SourceRefs lists the evidence's sources as an answer shows them.
func SourceRefs(ev *app.Evidence) []app.SourceRef {
	refs := make([]app.SourceRef, 0, len(ev.Sources))
	for _, s := range ev.Sources {
		refs = append(refs, app.SourceRef{N: s.N, DocumentID: s.DocumentID, Title: s.Title, Text: s.Text})
	}
	return refs
}

// contextStems returns the stems of the words that place a sentence: its
// source's title and its block's section path.
func contextStems(ev *app.Evidence, src *app.Source, w *app.Window, off int) map[string]bool {
	ctx := src.Title
	if span, _, ok := locate(w, off); ok {
		ctx += " " + ev.Sections[ev.Blocks[span.BlockID].SectionID]
	}
	return wordStems(ctx)
}

// kindAt returns the kind of the block under window offset off.
func kindAt(ev *app.Evidence, w *app.Window, off int) app.BlockKind {
	if span, _, ok := locate(w, off); ok {
		return ev.Blocks[span.BlockID].Kind
	}
	return ""
}

// locate finds the span of w holding window offset off, and off's offset
// within that span's block text.
func locate(w *app.Window, off int) (app.Span, int, bool) {
	pos := 0
	for _, s := range w.Spans {
		n := s.End - s.Start
		if off >= pos && off < pos+n {
			return s, s.Start + off - pos, true
		}
		pos += n + len(app.PassageSeparator)
	}
	return app.Span{}, 0, false
}

// cite turns a candidate sentence into a citation whose quote is the
// block's own text, trimmed of surrounding space.
func cite(ev *app.Evidence, c candidate) (app.Citation, bool) {
	text := c.window.Text[c.start:c.end]
	lead := len(text) - len(strings.TrimLeft(text, " \n\t"))
	trail := len(text) - len(strings.TrimRight(text, " \n\t"))
	span, bstart, ok := locate(c.window, c.start+lead)
	if !ok {
		return app.Citation{}, false
	}
	bend := bstart + (c.end - trail) - (c.start + lead)
	if bend > span.End {
		return app.Citation{}, false // crosses a block: sentences never should
	}
	b, ok := ev.Blocks[span.BlockID]
	if !ok || bend > len(b.Text) {
		return app.Citation{}, false
	}
	quote := b.Text[bstart:bend]
	if len(quote) > maxQuoteChars {
		return app.Citation{}, false
	}
	first, last := b.LinesOf(bstart, bend)
	cit := app.Citation{
		N:          c.src.N,
		DocumentID: c.src.DocumentID,
		Title:      c.src.Title,
		Section:    ev.Sections[b.SectionID],
		Quote:      quote,
		PageStart:  b.Page,
		PageEnd:    b.Page,
		LineStart:  first,
		LineEnd:    last,
		Blocks:     []string{b.ID},
		Rects:      append([]app.Rect{}, b.QuoteRects(bstart, bend)...),
		Precision:  "section",
	}
	switch {
	case first > 0 || len(cit.Rects) > 0:
		cit.Precision = "line"
	case b.Page > 0:
		cit.Precision = "page"
	}
	return cit, true
}

// taskWords say how to answer rather than what about: "According to the
// details clearly outlined within the balance sheet … Answer in USD
// millions." No passage holds them, so counted as terms they would make
// every long, careful question look unanswerable. Held by stem.
var taskWords = stemSet(`according detail details clearly outlined outline within answer answers question
	questions following please explain calculate calculated calculation define defined definition round rounded
	using utilizing utilize primarily referencing reference provided information shown unit units usd
	million millions billion billions thousand thousands decimal decimals place places approximately roughly
	resource resources abilities ability only directly explicitly state stated metric useful conventional
	address addressing assume assumes like based data need drove drive drives caused fy cy`)

// questionStems returns the stems of the question's terms, without the
// words that only say how to answer (taskWords). A fiscal or
// calendar year written as one word ("fy2022", "fy22") stands for its
// year, which is how tables and prose write it.
func questionStems(terms []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range terms {
		s := Stem(t)
		if y, ok := yearOf(t); ok {
			s = y
		}
		if taskWords[s] {
			continue
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// termWeights gives each question stem an inverse-frequency weight over the
// candidate sentences, so rare terms count for more than common ones.
func termWeights(stems []string, cands []candidate) map[string]float64 {
	df := map[string]int{}
	for _, c := range cands {
		for _, s := range stems {
			if c.words[s] {
				df[s]++
			}
		}
	}
	n := float64(len(cands))
	w := make(map[string]float64, len(stems))
	for _, s := range stems {
		w[s] = math.Log(1 + (n+1)/(float64(df[s])+0.5))
	}
	return w
}

// wordStems returns the set of stems of the words in s, each also under
// its base when it carries a derivational suffix ("deepened" → "deepen" →
// also "deep"), so a question's plain word meets its derived forms.
func wordStems(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	}) {
		st := Stem(w)
		m[st] = true
		for _, suf := range derivational {
			if strings.HasSuffix(st, suf) && len(st)-len(suf) >= 3 {
				m[st[:len(st)-len(suf)]] = true
				break
			}
		}
	}
	return m
}

var derivational = []string{"ness", "ment", "ity", "ion", "ive", "est", "en", "er", "al"}

// Stem reduces an English word to a crude stem so that "refunds",
// "refunded" and "refunding" meet "refund". It is deliberately light: a
// wrong merge costs more than a missed one.
func Stem(w string) string {
	for _, suf := range []string{"ations", "ation", "ings", "ing", "ies", "edly", "ed", "es", "ly", "s"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			stem := w[:len(w)-len(suf)]
			if suf == "ies" {
				stem += "y"
			}
			if suf == "es" && !strings.HasSuffix(stem, "s") && !strings.HasSuffix(stem, "x") &&
				!strings.HasSuffix(stem, "ch") && !strings.HasSuffix(stem, "sh") {
				stem = w[:len(w)-1] // "rates" → "rate", not "rat"
			}
			return strings.TrimSuffix(stem, "e")
		}
	}
	return strings.TrimSuffix(w, "e")
}

// HistoryAnswerer is an Answerer that can also hear the conversation so
// far (DESIGN.md §6). History is context for the model, never evidence.
type HistoryAnswerer interface {
	Answerer
	AnswerWithHistory(ctx context.Context, ev *app.Evidence, history []Turn) (*app.Answer, error)
}

// Describe names the model and endpoint an answerer sends evidence to, or
// "" for an answerer that sends nothing anywhere (the extractive one).
func Describe(a Answerer) string {
	if d, ok := a.(interface{ Describe() string }); ok {
		return d.Describe()
	}
	return ""
}

// Weights of a quote's shape against the question's, in the units of
// coverage (a share of the question's term weight): enough to choose
// between quotes that cover the question about as well, never enough to
// make a quote of no matching terms an answer. Shape never counts toward
// the coverage that decides whether the evidence is sufficient.
const (
	amountFit    = 0.10 // a question asking how much, quoting a number
	noAmountFit  = -0.10
	periodFit    = 0.10 // a table row with a number under the period asked about
	otherPeriod  = -0.10
	totalFit     = 0.08 // a "Total …" row or line when the question says total
	crossRefFit  = -0.30
	labelWordFit = 0.02 // for each word of a row's label the question does not name
	labelMax     = 0.10
	headerRowMax = 3 // table rows read as the header, at most
)

// shape is what kind of answer a question asks for.
type shape struct {
	amount bool            // how much, how many, a figure, a rate
	when   bool            // a date or year: years count as the figure
	years  map[string]bool // the years or fiscal years it names
	total  bool            // it asks for a total
	stems  map[string]bool // the stems of its terms
}

var labelFiller = map[string]bool{"and": true, "the": true, "for": true, "from": true, "with": true}

// unaskedWords counts the words of a table row's label, of three letters
// or more, whose stems are not among the question's.
func unaskedWords(label string, asked map[string]bool) int {
	n := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(label), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 && !asked[Stem(w)] && !labelFiller[w] {
			n++
		}
	}
	return n
}

// amountWords name a quantity: a question asking for one of them wants a
// number in its answer. Held by stem.
var amountWords = stemSet(`amount total number sum value revenue revenues sales income earnings profit loss
	expense expenses cost costs price cash debt assets liabilities equity dividend dividends eps capex
	expenditure expenditures margin ratio rate percent percentage growth balance size count employees
	headcount spend spent paid pay borrow fee fees tax taxes salary shares year date many much`)

func stemSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[Stem(w)] = true
	}
	return m
}

// reasonLeads begin questions that ask for a reason or a description,
// whose answer is a statement even when it names a quantity.
var reasonLeads = []string{"why ", "what drove ", "what drives ", "what caused ", "explain ", "describe ",
	"how did ", "how does ", "how do ", "how has ", "how have ", "what are the main ", "what are the key "}

// askedShape reads the kind of answer a question asks for from its words.
func askedShape(question string, terms []string) shape {
	q := strings.ToLower(strings.TrimSpace(question))
	sh := shape{years: map[string]bool{}, stems: map[string]bool{}}
	for _, s := range questionStems(terms) {
		sh.stems[s] = true
	}
	for _, t := range terms {
		if y, ok := yearOf(t); ok {
			sh.years[y] = true
		}
		if t == "total" {
			sh.total = true
		}
	}
	reason := false
	for _, l := range reasonLeads {
		if strings.HasPrefix(q, l) {
			reason = true
		}
	}
	sh.when = strings.HasPrefix(q, "when ") || strings.Contains(q, "what year") || strings.Contains(q, "what date")
	if reason {
		return sh
	}
	for _, t := range terms {
		if amountWords[Stem(t)] {
			sh.amount = true
		}
	}
	// Retrieval drops "how", "much" and "many" as stop words: read them
	// from the question itself.
	sh.amount = sh.amount || sh.when || strings.Contains(q, "how much") || strings.Contains(q, "how many")
	return sh
}

// yearOf reads a year from a question term: "2022", "fy2022", "fy22",
// "cy2021".
func yearOf(term string) (string, bool) {
	t := strings.TrimPrefix(strings.TrimPrefix(term, "fy"), "cy")
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) {
			return "", false
		}
	}
	switch {
	case len(t) == 4 && (strings.HasPrefix(t, "19") || strings.HasPrefix(t, "20")):
		return t, true
	case len(t) == 2 && t != term:
		return "20" + t, true
	}
	return "", false
}

// fit scores how well candidate c's shape fits the question's: a number
// where one is asked for, the asked period's column of a table, a total
// row for a total, and never a bare pointer to another note or item.
func (sh shape) fit(ev *app.Evidence, c *candidate) float64 {
	text := c.window.Text[c.start:c.end]
	fit := 0.0
	if crossReference(text) {
		fit += crossRefFit
	}
	if sh.amount {
		if hasAmount(text, sh.when) {
			fit += amountFit
		} else {
			fit += noAmountFit
		}
	}
	header := tableHeader(ev, c.window, c.start)
	if header == nil {
		if sh.total && strings.HasPrefix(strings.ToLower(strings.TrimSpace(text)), "total") {
			fit += totalFit
		}
		return fit
	}
	cells := rowCells(strings.TrimSpace(text))
	if len(cells) == 0 {
		return fit
	}
	if sh.total && strings.HasPrefix(strings.ToLower(cells[0]), "total") {
		fit += totalFit
	}
	// A row's label says what its numbers are; words of the label the
	// question does not ask about make it a narrower row than the one
	// asked for ("Total Health Care Business Group" against "Total
	// Company" when the question asks for the company's total).
	fit -= math.Min(labelMax, labelWordFit*float64(unaskedWords(cells[0], sh.stems)))
	switch {
	case len(sh.years) == 0:
	case labelYear(cells[0], sh.years) && len(cells) > 1:
		// A table of periods by row: "2024 | 1,097 | 862".
		fit += periodFit
	default:
		fit += sh.periodFit(header, cells)
	}
	return fit
}

// labelYear reports whether a row's label is one of the asked years.
func labelYear(label string, years map[string]bool) bool {
	ns := numbers(label)
	return len(ns) == 1 && ns[0].year && years[ns[0].text] && strings.TrimSpace(label) == ns[0].text
}

// periodFit looks for the asked year among the header's columns: a row
// with a number in that column fits; a row of a table whose header names
// only other years answers for another period. Columns are matched from
// the right, because a header often leaves the label column out.
func (sh shape) periodFit(header []string, cells []string) float64 {
	named, asked := false, false
	for _, h := range header {
		hc := rowCells(h)
		for i := range hc {
			var yearsHere []string
			for _, n := range numbers(hc[i]) {
				if n.year {
					yearsHere = append(yearsHere, n.text)
				}
			}
			for _, y := range yearsHere {
				named = true
				fromRight := len(hc) - 1 - i
				j := len(cells) - 1 - fromRight
				if sh.years[y] && j > 0 && hasAmount(cells[j], false) {
					asked = true
				}
			}
		}
	}
	switch {
	case asked:
		return periodFit
	case named:
		return otherPeriod
	}
	return 0
}

// tableHeader returns the header rows of the table block under window
// offset off — its leading rows up to the first that writes an amount —
// or nil when off is not in a table row below the header.
func tableHeader(ev *app.Evidence, w *app.Window, off int) []string {
	span, boff, ok := locate(w, off)
	if !ok {
		return nil
	}
	b := ev.Blocks[span.BlockID]
	if b.Kind != app.BlockTable {
		return nil
	}
	rows := strings.Split(b.Text, "\n")
	var header []string
	pos := 0
	for i, r := range rows {
		if i == headerRowMax || i > 0 && hasAmount(r, false) {
			break
		}
		header = append(header, r)
		pos += len(r) + 1
	}
	if boff < pos {
		return nil
	}
	return header
}
