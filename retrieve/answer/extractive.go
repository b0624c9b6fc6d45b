// Package answer turns evidence into a cited answer. The Extractive
// answerer works offline: it quotes the evidence sentences that answer the
// question best and never writes a claim of its own.
package answer

import (
	"context"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
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
	wholeQuestion   = 0.999 // a quote's own coverage when it holds every term
)

// Lead introduces an extractive answer, saying plainly that it quotes.
const Lead = "Quoted from your documents (the offline answerer quotes the best-matching sentences; it does not compose an answer):"

type candidate struct {
	src    *app.Source
	window *app.Window
	start  int // byte offsets into window.Text
	end    int
	words  map[string]bool // stems in the sentence, and for a table row in its table's header
	// own are the stems the quote writes itself, with the label it is
	// stated under and its table's header: not its title's names.
	own map[string]bool
	// asks is set once the terms are weighed: the quote writes a word the
	// question asks (writesAsked).
	asks    bool
	context map[string]bool // stems of the source title and the block's section path
	penalty float64         // for later sources and overlong sentences
	fit     float64         // how well the quote's shape fits the question's (see shapeFit)
	// ante and anteStart place the sentence before one that points back
	// to it ("In this case, …"); ante is nil for other sentences.
	ante      *app.Window
	anteStart int
	// addressed is set for a table row the question names by its label
	// and a column (shape.addresses).
	addressed bool
	// label is what a short figure is read under — the heading set above
	// "1914" in a brochure — stated before its quote; "" for prose.
	label string
	// intro is, for a table row, the sentence that introduces its table
	// ("Selected financial data for BCC was as follows:"), "" otherwise.
	intro string
	// noted is set for a note under a table read under the label of the
	// row that refers to it (noteMarksOf).
	noted bool
	// changeOf is, for a sentence saying why a change the sentence before
	// states came about ("The increase was due to …"), that sentence.
	changeOf string
}

// Answer picks the sentences that together best answer the question — the
// best one first, then each that adds terms the others lack — and cites
// each. It answers only when the picked sentences cover at least half of
// the question's term weight and the leading one meets the question
// (verdict.go); otherwise it shows the closest passages as such.
//
// The parts, in order: a derived figure is computed (compute.go); the
// question is read (reading); every sentence and row of the evidence
// becomes a candidate (candidates.go); the question's terms are weighed
// over them and each is fitted to the question's shape; quotes are picked
// one by one (pick.go); the verdict decides between an answer and the
// closest passages (reply).
func (Extractive) Answer(ctx context.Context, ev *app.Evidence) (*app.Answer, error) {
	if q := lang.Interrogative(ev.Question.Text); q != ev.Question.Text {
		// "best buy net earnings Q2 FY24" is read as the question it
		// stands for; the evidence is the same.
		asked := *ev
		asked.Question.Text = q
		ev = &asked
	}
	// A derived figure the cited cells give is computed, not quoted; when
	// an operand is missing the reply says which.
	computed, missing := Compute(ev)
	if computed != nil {
		return computed, nil
	}
	r := readQuestion(ev)
	cands, err := r.candidates(ctx)
	if err != nil {
		return nil, err
	}
	if about := r.tableItselfAnswer(cands); about != nil {
		return about, nil // "Which years does the table show?": its header (tableitself.go)
	}
	if list := r.listAnswer(cands); list != nil {
		return list, nil // "What are the components of X?": the rows X adds up
	}
	if counted := r.thresholdAnswer(cands); counted != nil {
		return counted, nil // "How many years did X exceed …?": X's row, year by year
	}
	if ranked := r.rankedAnswer(cands); ranked != nil {
		return ranked, nil // "Which segment had the highest X?": the table's rows, ranked (ranked.go)
	}
	p := r.weigh(cands)
	if p.total == 0 {
		return &app.Answer{Citations: []app.Citation{}, Sources: SourceRefs(ev), Answer: app.InsufficientEvidence, Verdict: app.VerdictNone}, nil
	}
	return p.pickLeads().reply(missing), nil
}

// numberQuotes gives each quote a number of its own: two quotes from one
// document's pages 6 and 60 are [1] and [2], each citing source 1.
func numberQuotes(cites []app.Citation) {
	for i := range cites {
		cites[i].Source, cites[i].N = cites[i].N, i+1
	}
}

// render writes the quotes of an answer, each with its number, the
// statement of its cell or figure before it and the header row it was
// read under after it.
func render(cites []app.Citation, labels, unders []string) string {
	var b strings.Builder
	for i, c := range cites {
		b.WriteString("\n\n")
		if i < len(labels) && labels[i] != "" {
			b.WriteString(labels[i] + " — ")
		}
		b.WriteString("“")
		b.WriteString(strings.Join(strings.Fields(c.Quote), " "))
		b.WriteString("” [")
		b.WriteString(strconv.Itoa(c.N))
		b.WriteString("]")
		if i < len(unders) && unders[i] != "" {
			b.WriteString(", under “" + strings.Join(strings.Fields(unders[i]), " ") + "”")
		}
	}
	return b.String()
}

// questionNames returns the stems and families of the names a question
// gives: words capitalised past its first word, all-capital words, and
// letters run together with digits ("3M", "PwC").
func questionNames(q string) map[string]bool {
	names := map[string]bool{}
	for i, t := range lang.Tokens(q) {
		letters := strings.Trim(t.Lower, "0123456789.") != ""
		if t.AllCaps || t.Cap && i > 0 || t.Num && letters {
			if !lang.IsStopWord(t.Lower) {
				names[lang.Family(t.Lower)], names[lang.Inflection(t.Lower)] = true, true
			}
		}
	}
	return names
}

// antecedentOf returns the candidate c points back to, or nil.
func antecedentOf(cands []candidate, c *candidate) *candidate {
	if c.ante == nil {
		return nil
	}
	for i := range cands {
		if cands[i].window == c.ante && cands[i].start == c.anteStart {
			return &cands[i]
		}
	}
	return nil
}

// writtenWords are c's words as written (exactWords), with its label's,
// its table header's, its expanded abbreviations and the names its title
// gives: what a floor quote answers by. Read only for the few quotes that
// hold the whole question by their stems.
func writtenWords(ev *app.Evidence, fm forms, c *candidate, title map[string]bool) map[string]bool {
	text := c.window.Text[c.start:c.end]
	ex := exactWords(text + "\n" + c.label + "\n" + strings.Join(tableHeader(ev, c.window, c.start), "\n"))
	fm.expand(ex, contentFamilies(text))
	for st := range title {
		ex[st] = true
	}
	return ex
}

// holdsAsWritten reports whether the written words of a quote hold every
// weighed term of the question as the question writes it, not only by
// family: "trustee" is not met by "Trust Company".
func holdsAsWritten(exact map[string]bool, weights map[string]float64, terms []string) bool {
	for key := range weights {
		met, written := false, false
		for _, t := range terms {
			if y, ok := yearOf(t); ok && y == key {
				written, met = true, met || exact[y]
			} else if lang.Family(t) == key {
				written, met = true, met || exact[t] || exact[lang.Inflection(t)]
			}
		}
		if !written {
			met = exact[key] // a form the question does not write itself
		}
		if !met {
			return false
		}
	}
	return true
}

// givenNames returns the names a question gives, lower-case, as the
// constraint they are: capitalised words past its first, all-capital
// words and letters run with digits ("LLaVa", "PwC", "NARL", "3M"),
// without years ("FY2023" names a period, met as a year is).
//
// A question typed in capitals, or in title case, says nothing by its
// capitals: in one whose small words past the first are capitalised too
// ("What Was The Total …"), or written all in capitals, only letters run
// with digits are names.
func givenNames(q string) map[string]bool {
	names := map[string]bool{}
	toks := lang.Tokens(q)
	letterWords, allCaps, capStops := 0, 0, 0
	for i, t := range toks {
		if t.Num {
			continue
		}
		letterWords++
		if t.AllCaps || len(t.Lower) == 1 && t.Cap {
			allCaps++
		}
		if i > 0 && t.Cap && lang.IsStopWord(t.Lower) {
			capStops++
		}
	}
	capsSay := capStops < 2
	allCapsSay := letterWords < 3 || 5*allCaps < 4*letterWords
	for i, t := range toks {
		letters := strings.Trim(t.Lower, "0123456789.") != ""
		named := t.AllCaps && allCapsSay || t.Cap && i > 0 && capsSay || t.Num && letters
		if !named || lang.IsStopWord(t.Lower) || taskWords[lang.Family(t.Lower)] {
			continue
		}
		if i > 0 && toks[i-1].Lower == "the" && ownWords[t.Lower] {
			continue // "the Company's common stock": the document's own defined term, no name
		}
		if legalForms[t.Lower] || firmSuffixes[t.Lower] || t.Lower == "form" && i+1 < len(toks) && formNumberRE.MatchString(toks[i+1].Lower) {
			continue // "NIKE, Inc.", "its Form 10-K": a legal form or a form's kind tells no name apart
		}
		if _, ok := yearOf(t.Lower); ok || quarterTermRE.MatchString(t.Lower) {
			continue // a period, not a name: "FY22", "Q1", "2Q22"
		}
		names[t.Lower] = true
	}
	return names
}

// firmSuffixes end a firm's legal name ("Inc.", "LLP"); unlike orgSuffix
// they hold no single letters, which name a class of shares ("Class A").
var firmSuffixes = map[string]bool{"inc": true, "llc": true, "llp": true, "ltd": true, "plc": true, "lp": true, "gmbh": true, "ag": true}

// formNumberRE finds the number of a securities form: "10-K", "10-Q",
// "8-K", "20-F".
var formNumberRE = regexp.MustCompile(`^\d{1,2}-?[a-z]{1,2}$`)

func squash(c *candidate) string {
	return strings.Join(strings.Fields(c.window.Text[c.start:c.end]), " ")
}

// quoteUnits returns the byte ranges of w's text that may be quoted:
// sentences of prose, and each row of a table on its own (a row is the
// unit that answers "what was X in 2022"). Headings are not quotes, but
// for a cover's lines and the heading that names a biography's person.
func quoteUnits(ev *app.Evidence, w *app.Window) []unit {
	var units [][2]int
	sentences := Sentences(w.Text)
	rowsTo := 0 // where the table rows read so far end
	for k, s := range sentences {
		switch kindAt(ev, w, s[0]) {
		case app.BlockHeading:
			// "Jesus Malave (age 54), Chief Financial Officer" over "Mr.
			// Malave has served as …" says who the sentence speaks of
			// (namesBackByTitle).
			if coverLine(ev, w, s) || k+1 < len(sentences) && namesBackByTitle(w.Text[sentences[k+1][0]:sentences[k+1][1]], w.Text[s[0]:s[1]]) {
				units = append(units, s)
			}
			continue
		case app.BlockTable:
			// A table's unit is its row, a line: a label's dot leader
			// ("… at end of year ........ $ | 876,560") may end a
			// sentence mid-line, and the row is read whole.
			if s[0] = max(s[0], rowsTo); s[0] >= s[1] {
				continue // the rest of a row already read
			}
			for s[1] < len(w.Text) && w.Text[s[1]] != '\n' {
				s[1]++
			}
			rowsTo = s[1]
			start := s[0]
			for i := s[0]; i <= s[1]; i++ {
				if i == s[1] || w.Text[i] == '\n' {
					// A table's first row is its header: it names the
					// columns and answers nothing by itself — unless the
					// header was set above the table (headerAbove) and the
					// first row holds figures.
					if span, off, ok := locate(w, start); i > start && ok && (off > 0 || headerSetAbove(ev, w, span.BlockID, w.Text[start:i])) {
						units = append(units, [2]int{start, i})
					}
					start = i + 1
				}
			}
		default:
			units = append(units, s)
		}
	}
	return joinBroken(ev, w, units)
}

// captionEntryRE is a form's entry written after its caption:
// "Principal executive offices: 3M Center, St. Paul, Minnesota 55144".
var captionEntryRE = regexp.MustCompile(`^[^:\n]{3,60}:\s*\S`)

// coverLine reports whether the heading at span s of w is a line of a
// form's cover set large: on a document's first page, a caption with its
// entry after a colon, or a caption alone (its entry is the line above).
// Covers set their entries and captions in large type as often as their
// titles, and a parser reads them as headings; elsewhere a heading names
// a part of the document and is no quote.
func coverLine(ev *app.Evidence, w *app.Window, s [2]int) bool {
	span, _, ok := locate(w, s[0])
	if !ok || ev.Blocks[span.BlockID].Page != 1 {
		return false
	}
	text := strings.TrimSpace(w.Text[s[0]:s[1]])
	return captionsOnly(text) || captionEntryRE.MatchString(text)
}

// headerSetAbove reports whether a table's first row, row, is a row of
// figures under a header set as the paragraph above its block: a label
// opening in words, then figures ("Net sales | $ 10,208,580"). A first
// row that opens with a figure ("2022 | 2021 | 2020") names columns
// itself.
func headerSetAbove(ev *app.Evidence, w *app.Window, blockID, row string) bool {
	first, _ := utf8.DecodeRuneInString(strings.TrimSpace(row))
	return unicode.IsLetter(first) && hasAmount(row, false) && headerAbove(ev, w, blockID) != nil
}

// unit is a span of text that may be quoted: s in w's text.
type unit struct {
	w *app.Window
	s [2]int
}

// joinBroken makes one quote of a sentence a page or column break cuts:
// "… In this case, ensure that you" at the foot of one page, "measure
// your resting heart rate in a quiet and relaxed environment …" at the
// head of the next, with the page's foot and the next one's head between
// them. The joined sentence is read as a window of its own: its two parts,
// each a span of its block.
func joinBroken(ev *app.Evidence, w *app.Window, units [][2]int) []unit {
	out := make([]unit, 0, len(units))
	for i := 0; i < len(units); i++ {
		if j, ok := continuation(ev, w, units, i); ok {
			out = append(out, unit{joined(w, units[i], units[j]), [2]int{}})
			out[len(out)-1].s[1] = len(out[len(out)-1].w.Text)
			for k := i + 1; k < j; k++ {
				out = append(out, unit{w, units[k]}) // the page furniture between stays itself
			}
			i = j
			continue
		}
		out = append(out, unit{w, units[i]})
	}
	return out
}

// maxFurniture is how many page-edge lines (a foot, a page number, the
// next page's head) may stand between a sentence's two parts.
const maxFurniture = 5

// continuation returns the unit that continues units[i] across a break:
// units[i] ends its block of prose without ending its sentence, and the
// next unit that is not a page-edge line starts a later block of prose,
// on the same page or the next, in lower case.
func continuation(ev *app.Evidence, w *app.Window, units [][2]int, i int) (int, bool) {
	a := units[i]
	first := strings.TrimSpace(w.Text[a[0]:a[1]])
	sa, oa, ok := locate(w, a[0])
	if first == "" || !ok {
		return 0, false
	}
	// A sentence cut mid-way ends on a word or a comma; a period, a colon
	// or a bracket ends something else.
	if last, _ := utf8.DecodeLastRuneInString(first); !unicode.IsLetter(last) && last != ',' {
		return 0, false
	}
	ba := ev.Blocks[sa.BlockID]
	if !prose(ba.Kind) || strings.TrimSpace(ba.Text[oa+(a[1]-a[0]):]) != "" || pageFurniture(ba, first) {
		return 0, false
	}
	for j := i + 1; j < len(units) && j <= i+1+maxFurniture; j++ {
		b := units[j]
		next := strings.TrimSpace(w.Text[b[0]:b[1]])
		sb, ob, ok := locate(w, b[0])
		if !ok || next == "" {
			return 0, false
		}
		bb := ev.Blocks[sb.BlockID]
		if pageFurniture(bb, next) {
			continue
		}
		r, _ := utf8.DecodeRuneInString(next)
		ok = unicode.IsLower(r) && prose(bb.Kind) && bb.Seq > ba.Seq && strings.TrimSpace(bb.Text[:ob]) == "" &&
			layoutBreak(ba, bb) && len(first)+1+len(next) <= maxQuoteChars
		return j, ok
	}
	return 0, false
}

// layoutBreak reports whether block b follows block a across a break the
// parser cannot join: the next page, or the next column of the page (b
// set higher and to the right of a).
func layoutBreak(a, b app.Block) bool {
	switch {
	case a.Page == 0 || a.Box == (app.Rect{}) || b.Box == (app.Rect{}):
		return false // formats without pages keep a paragraph whole
	case b.Page == a.Page+1:
		return true
	case b.Page == a.Page:
		return b.Box.Y0 < a.Box.Y0 && b.Box.X0 >= a.Box.X1-0.02
	}
	return false
}

func prose(k app.BlockKind) bool { return k == app.BlockParagraph || k == app.BlockListItem }

// pageFurniture reports whether a block's line is set at the top or the
// foot of its page and short: a running head, a foot, a page number.
func pageFurniture(b app.Block, line string) bool {
	return b.Box != (app.Rect{}) && (b.Box.Y1 <= pageEdge || b.Box.Y0 >= 1-pageEdge) && runningKey(line) != "" ||
		b.Box != (app.Rect{}) && strings.Trim(line, "0123456789 ") == ""
}

// joined is the window of a sentence's two parts, a[0]:a[1] and b[0]:b[1]
// of w, each a span of its own block.
func joined(w *app.Window, a, b [2]int) *app.Window {
	sa, oa, _ := locate(w, a[0])
	sb, ob, _ := locate(w, b[0])
	head, tail := w.Text[a[0]:a[1]], w.Text[b[0]:b[1]]
	return &app.Window{
		PassageID: w.PassageID, SectionID: w.SectionID, Section: w.Section,
		Text: head + app.PassageSeparator + tail,
		Spans: []app.Span{{BlockID: sa.BlockID, Start: oa, End: oa + len(head)},
			{BlockID: sb.BlockID, Start: ob, End: ob + len(tail)}},
		PageStart: w.PageStart, PageEnd: w.PageEnd, Weak: w.Weak,
	}
}

// introduction is a sentence that introduces the table after it: "The
// benefit payments to retirees are expected to be paid as follows:".
type introduction struct {
	text  string
	win   *app.Window
	start int
}

// introOf returns the introduction in force after the prose unit text: text
// itself when it introduces what follows as documents do ("… as
// follows:", "The following summarizes …:", "… consisted of the following
// ($ in millions):"); the one before when text only states the table's
// unit ("(dollars in millions)"); none otherwise. A line naming a group of
// rows ("Cash and cash equivalents:", "Cash provided (used) by investing
// activities:") introduces nothing the row does not say.
func introOf(text string, w *app.Window, start int, before introduction) introduction {
	switch {
	case strings.HasSuffix(strings.TrimRight(text, " "), ":") && introduces(text):
		return introduction{text: text, win: w, start: start}
	case strings.HasPrefix(text, "(") && strings.HasSuffix(text, ")") && len(text) <= 40:
		return before
	case before.win != nil && periodLineRE.MatchString(text):
		return before // "Year Ended December 31," set between the introduction and its table
	case namesColumns(text):
		return introduction{text: text, win: w, start: start}
	}
	return introduction{}
}

// namesColumns reports whether a prose unit reads as the names of a
// table's columns set above it as a line of their own, as a form's cover
// sets "Title of each class  Trading Symbol  Name of each exchange on
// which registered" over its rows: three to sixteen words, no figure, no
// sentence's end. Over a table it says what the table's cells are;
// over prose it is read as nothing.
func namesColumns(text string) bool {
	t := strings.TrimSpace(text)
	n := len(strings.Fields(t))
	return n >= 3 && n <= 16 && !strings.ContainsAny(t, "0123456789.;:?!")
}

// periodLineRE finds a line that heads a table's columns with their
// period, set as a paragraph of its own: "Year Ended December 31,", "For
// the Years Ended December 31,".
var periodLineRE = regexp.MustCompile(`(?i)^\s*(for the\s+)?((fiscal\s+)?years?|quarters?|(three|six|nine|twelve)\s+months|\d{1,2}\s+weeks)\s+(ended|ending)\b[^.;:]{0,40}$`)

// introduces reports whether a sentence says that what comes after it is
// its matter: five words or more, one of them of the family of "follow"
// or "below" ("Presented in the table below is information for Other:").
func introduces(text string) bool {
	toks := lang.Tokens(text)
	if len(toks) < 5 {
		return false
	}
	for _, t := range toks {
		if f := lang.Family(t.Lower); f == "follow" || f == "below" {
			return true
		}
	}
	return false
}

// writesAsked reports whether a quote writes, itself, under the label it
// is stated under or in its table's header, a word the question asks
// beyond its years and the names its document's title gives, which are
// every passage's: "Inventories | (1,142) | (582)" under "2022 | 2021",
// in PepsiCo's filing, shares only the year and the company with "What
// are the geographies that PepsiCo operates in as of FY2022?", and
// answers nothing of it. A question asking nothing beyond them ("What
// does PepsiCo do?") asks no such word. A quote pointing back to the
// sentence before it ("In this case, …") is read with that sentence.
// Nor is kind, when not "", the kind of answer the question names —
// "Which city is it based in?" is answered by a city's name under a
// caption that does not write "city".
func writesAsked(c *candidate, weights map[string]float64, title map[string]bool, kind string) bool {
	if c.ante != nil {
		return true
	}
	asks := false
	for t, w := range weights {
		if _, year := yearOf(t); w <= 0 || year || title[t] || t == kind && kind != "" {
			continue
		}
		if c.own[t] {
			return true
		}
		asks = true
	}
	return !asks
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
// source's title and its block's section path. Every sentence of a
// section shares them, so each title and path is stemmed once a reading
// (it was a tenth of an answer's time); callers add to the set they get,
// so each gets a copy.
func (r *reading) contextStems(src *app.Source, w *app.Window, off int) map[string]bool {
	ctx := src.Title
	if span, _, ok := locate(w, off); ok {
		ctx += " " + r.ev.Sections[r.ev.Blocks[span.BlockID].SectionID]
	}
	stems, ok := r.contexts[ctx]
	if !ok {
		if r.contexts == nil {
			r.contexts = map[string]map[string]bool{}
		}
		stems = wordStems(ctx)
		r.contexts[ctx] = stems
	}
	return maps.Clone(stems)
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
	cit, _, ok := citeAt(ev, c)
	return cit, ok
}

// quoteOf cites c as a quote of the answer: its citation (a table row's
// narrowed to the asked cell), the statement said before it and the header
// row it was read under.
func quoteOf(ev *app.Evidence, sh shape, c *candidate) (cit app.Citation, label, under string, ok bool) {
	cit, bstart, ok := citeAt(ev, *c)
	if !ok {
		return cit, "", "", false
	}
	label, under = tableNote(ev, sh, c, &cit, bstart)
	if label == "" {
		label = c.label
	}
	return cit, label, under, true
}

// citeAt is cite, also returning where the quote starts in its block. A
// sentence a break cuts (joinBroken) is quoted as its two parts joined by
// a space, each verbatim text of its block, citing both blocks, their
// pages and their lines.
func citeAt(ev *app.Evidence, c candidate) (app.Citation, int, bool) {
	text := c.window.Text[c.start:c.end]
	if i := strings.Index(strings.TrimRight(text, " \n\t"), app.PassageSeparator); i >= 0 {
		head, tail := c, c
		head.end = c.start + i
		tail.start = c.start + i + len(app.PassageSeparator)
		first, bstart, ok := citeAt(ev, head)
		if !ok {
			return app.Citation{}, 0, false
		}
		rest, _, ok := citeAt(ev, tail)
		if !ok || len(first.Quote)+1+len(rest.Quote) > maxQuoteChars {
			return app.Citation{}, 0, false
		}
		first.Quote += " " + rest.Quote
		first.Blocks = append(first.Blocks, rest.Blocks...)
		first.Rects = append(first.Rects, rest.Rects...)
		first.PageEnd, first.LineEnd = rest.PageEnd, rest.LineEnd
		return first, bstart, true
	}
	lead := len(text) - len(strings.TrimLeft(text, " \n\t"))
	trail := len(text) - len(strings.TrimRight(text, " \n\t"))
	span, bstart, ok := locate(c.window, c.start+lead)
	if !ok {
		return app.Citation{}, 0, false
	}
	bend := bstart + (c.end - trail) - (c.start + lead)
	if bend > span.End {
		return app.Citation{}, 0, false // crosses a block: sentences never should
	}
	b, ok := ev.Blocks[span.BlockID]
	if !ok || bend > len(b.Text) {
		return app.Citation{}, 0, false
	}
	quote := b.Text[bstart:bend]
	if len(quote) > maxQuoteChars {
		return app.Citation{}, 0, false
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
	return cit, bstart, true
}

// HistoryAnswerer is an Answerer that can also hear the conversation so
// far (docs/design.md §6). History is context for the model, never evidence.
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
