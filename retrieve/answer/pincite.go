package answer

import (
	"context"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// Pincite tuning (docs/design.md §6).
const (
	ShortlistSize     = 10   // candidate quotes offered per claim
	MinPickConfidence = 0.35 // below it a citation falls back to page level
	MinFuzzyOverlap   = 0.8  // token overlap for a quote that is not found exactly
	MinFuzzyTokens    = 4    // shorter quotes must be found exactly
)

// Claim is one cited claim of a model's answer: the sentence that carries
// a "[n]" marker and the source it cites, with a shortlist of that source's
// own sentences and table rows that might back it.
type Claim struct {
	N int // the cited source number
	// Text is the claim as the model wrote it, markers removed. It is
	// generated text: it is matched against, never shown as a quote.
	Text string
	// Candidates holds at most ShortlistSize quotes, best lexical overlap
	// first; only those sharing at least one word with the claim.
	Candidates []Candidate
}

// Candidate is a possible quote: verbatim text of one block of the source.
type Candidate struct {
	Text    string  // the sentence or table row, trimmed of surrounding space
	Overlap float64 // share of the claim's content words it contains, 0–1

	window     *app.Window
	start, end int // byte offsets into window.Text
	order      int // reading position within the source
	words      map[string]bool
}

// Pick is a Picker's choice for one claim.
type Pick struct {
	// Quote is the chosen candidate's text; "" picks none. Whatever it
	// holds is only looked up in the source: it is never shown itself.
	Quote      string
	Confidence float64 // 0–1
}

// Picker chooses one quote (or none) per claim, for all claims of an answer
// in one batched call. It returns one Pick per claim, in order.
type Picker interface {
	Pick(ctx context.Context, claims []Claim) ([]Pick, error)
}

// LexicalPicker is the offline Picker: it takes each claim's best
// candidate, with its overlap as the confidence.
type LexicalPicker struct{}

// Pick implements Picker.
func (LexicalPicker) Pick(ctx context.Context, claims []Claim) ([]Pick, error) {
	picks := make([]Pick, len(claims))
	for i, c := range claims {
		if len(c.Candidates) > 0 {
			picks[i] = Pick{Quote: c.Candidates[0].Text, Confidence: c.Candidates[0].Overlap}
		}
	}
	return picks, ctx.Err()
}

// Pincite makes one citation per inline marker of a validated reply, in
// the order the markers appear (the k-th "[n]" is the k-th citation of
// source n). A citation quotes source text only when the picked quote is
// found in one of the cited source's blocks — exactly, or for quotes of at
// least MinFuzzyTokens tokens as a sentence or row with MinFuzzyOverlap
// token overlap, whose own text is then the quote — and the pick's
// confidence is at least MinPickConfidence. Otherwise the citation is page
// level (PDFs) or section level (other formats), with no quote and no
// rectangles. A Picker that fails is replaced by LexicalPicker: pincites
// are then still verified, only chosen offline.
func Pincite(ctx context.Context, ev *app.Evidence, r *Reply, picker Picker) ([]app.Citation, error) {
	all := map[int][]Candidate{}
	claims := claimsOf(ev, r, all)
	cits := make([]app.Citation, 0, len(claims))
	if len(claims) == 0 {
		return cits, nil
	}
	picks, err := picker.Pick(ctx, claims)
	if err == nil && len(picks) != len(claims) {
		err = errBadPicks
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, app.Errorf(app.ECancelled, "The question was cancelled.")
		}
		picks, _ = LexicalPicker{}.Pick(ctx, claims)
	}
	for i, c := range claims {
		src := sourceN(ev, c.N)
		if src == nil {
			continue // ParseReply checked the range; Evidence numbers 1..n
		}
		p := picks[i]
		if p.Confidence >= MinPickConfidence && strings.TrimSpace(p.Quote) != "" { // NaN fails too
			if cit, ok := locateQuote(ev, src, all[c.N], p.Quote); ok {
				cits = append(cits, cit)
				continue
			}
		}
		cits = append(cits, coarseCitation(ev, src, c))
	}
	return cits, nil
}

type pickError string

func (e pickError) Error() string { return string(e) }

const errBadPicks = pickError("answer: picker returned the wrong number of picks")

// Claims returns the claims of a validated reply, one per inline marker in
// order. A marker standing after its sentence's full stop belongs to that
// sentence; a marker the contract appended (its number was only in the
// citations array) claims the whole answer.
func Claims(ev *app.Evidence, r *Reply) []Claim {
	return claimsOf(ev, r, map[int][]Candidate{})
}

// claimsOf is Claims with each cited source's candidates kept in cache.
func claimsOf(ev *app.Evidence, r *Reply, cache map[int][]Candidate) []Claim {
	text := r.Answer
	tail := len(text)
	if len(r.Added) > 0 {
		var b strings.Builder
		for _, n := range r.Added {
			b.WriteString("[" + strconv.Itoa(n) + "]")
		}
		if strings.HasSuffix(text, b.String()) {
			tail = len(text) - b.Len()
		}
	}
	whole := stripMarkers(text)
	sents := Sentences(text)
	var claims []Claim
	for _, m := range single.FindAllStringSubmatchIndex(text, -1) {
		n, _ := strconv.Atoi(text[m[2]:m[3]])
		src := sourceN(ev, n)
		if src == nil {
			continue
		}
		claim := whole
		if m[0] < tail {
			claim = claimSentence(text, sents, m[0])
		}
		if _, ok := cache[n]; !ok {
			cache[n] = candidates(ev, src)
		}
		claims = append(claims, Claim{N: n, Text: claim, Candidates: shortlist(claim, cache[n])})
	}
	return claims
}

// claimSentence returns, markers removed, the sentence holding offset off,
// or the nearest earlier one with words when that sentence is only markers.
func claimSentence(text string, sents [][2]int, off int) string {
	i := sort.Search(len(sents), func(i int) bool { return sents[i][1] > off })
	if i == len(sents) {
		i--
	}
	for ; i >= 0; i-- {
		if s := stripMarkers(text[sents[i][0]:sents[i][1]]); hasWord(s) {
			return s
		}
	}
	return ""
}

var spacedMarker = regexp.MustCompile(`\s*\[\d+\]`)

func stripMarkers(s string) string {
	return strings.Join(strings.Fields(spacedMarker.ReplaceAllString(s, "")), " ")
}

func hasWord(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0
}

func sourceN(ev *app.Evidence, n int) *app.Source {
	for i := range ev.Sources {
		if ev.Sources[i].N == n {
			return &ev.Sources[i]
		}
	}
	return nil
}

// candidates lists a source's possible quotes: the sentences of its windows
// (Sentences, as the extractive answerer reads them) and, in table blocks,
// each row. Headings are left out: they place a claim, they do not back it.
func candidates(ev *app.Evidence, src *app.Source) []Candidate {
	var out []Candidate
	add := func(w *app.Window, start, end int) {
		s := w.Text[start:end]
		lead := len(s) - len(strings.TrimLeft(s, " \t\n"))
		trail := len(s) - len(strings.TrimRight(s, " \t\n"))
		start, end = start+lead, end-trail
		if start >= end || !hasWord(w.Text[start:end]) {
			return
		}
		text := w.Text[start:end]
		out = append(out, Candidate{Text: text, window: w, start: start, end: end, order: len(out), words: wordStems(text)})
	}
	for j := range src.Windows {
		w := &src.Windows[j]
		tables := map[int]bool{} // window offsets of table spans already split into rows
		for _, s := range Sentences(w.Text) {
			ts := s[0] + len(w.Text[s[0]:s[1]]) - len(strings.TrimLeft(w.Text[s[0]:s[1]], " \t\n"))
			switch kindAt(ev, w, ts) {
			case app.BlockHeading:
				continue
			case app.BlockTable:
				// A row is the unit of a table, whatever full stops its cells hold.
				lo, hi, ok := spanBounds(w, ts)
				if !ok || tables[lo] {
					continue
				}
				tables[lo] = true
				start := lo
				for i := lo; i <= hi; i++ {
					if i == hi || w.Text[i] == '\n' {
						add(w, start, i)
						start = i + 1
					}
				}
			default:
				add(w, s[0], s[1])
			}
		}
	}
	return out
}

// spanBounds returns the window offsets of the span holding offset off.
func spanBounds(w *app.Window, off int) (lo, hi int, ok bool) {
	pos := 0
	for _, s := range w.Spans {
		n := s.End - s.Start
		if off >= pos && off < pos+n {
			return pos, pos + n, true
		}
		pos += n + len(app.PassageSeparator)
	}
	return 0, 0, false
}

// shortlist ranks candidates by the share of the claim's content words
// they contain (ties: the more focused candidate, then reading order) and
// keeps the best ShortlistSize that share any word.
func shortlist(claim string, cands []Candidate) []Candidate {
	words := contentWords(claim)
	if len(words) == 0 {
		return nil
	}
	type scored struct {
		c         Candidate
		precision float64
	}
	var ranked []scored
	for _, c := range cands {
		hit := 0
		for _, forms := range words {
			for f := range forms {
				if c.words[f] {
					hit++
					break
				}
			}
		}
		if hit == 0 {
			continue
		}
		c.Overlap = float64(hit) / float64(len(words))
		ranked = append(ranked, scored{c, float64(hit) / float64(max(1, len(contentWords(c.Text))))})
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		if a.c.Overlap != b.c.Overlap {
			return a.c.Overlap > b.c.Overlap
		}
		if a.precision != b.precision {
			return a.precision > b.precision
		}
		return a.c.order < b.c.order
	})
	out := make([]Candidate, 0, min(len(ranked), ShortlistSize))
	for i := 0; i < len(ranked) && i < ShortlistSize; i++ {
		out = append(out, ranked[i].c)
	}
	return out
}

// contentWords returns the distinct content words of s, each as the set of
// its stems (wordStems), stop words and lone letters left out.
func contentWords(s string) []map[string]bool {
	var out []map[string]bool
	seen := map[string]bool{}
	for _, w := range tokens(s) {
		if seen[w] || pinciteStop[w] || (len([]rune(w)) < 2 && !unicode.IsNumber([]rune(w)[0])) {
			continue
		}
		seen[w] = true
		out = append(out, wordStems(w))
	}
	return out
}

// tokens splits s into lower-case words and numbers as lang.Tokens reads
// them, the tokenizer of the question's terms and of routing.
func tokens(s string) []string {
	toks := lang.Tokens(s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Lower
	}
	return out
}

// pinciteStop are function words that say nothing about whether a sentence
// backs a claim.
var pinciteStop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are as at be because
	been before being below between both but by can could did do does doing during each for from had has have
	having he her here hers him his how i if in into is it its itself me my no nor not of off on once only or
	other our ours out over own same she should so some such than that the their theirs them then there these
	they this those through to too under until up very was we were what when where which while who whom why
	will with would you your also may might must shall according source sources document documents states
	stated says said`) {
		m[w] = true
	}
	return m
}()

// locateQuote finds a picked quote in the cited source and cites the
// source's own text there. The quote itself is never used as the citation's
// text: an exact match is the window's bytes, a fuzzy one the candidate's.
func locateQuote(ev *app.Evidence, src *app.Source, cands []Candidate, quote string) (app.Citation, bool) {
	quote = strings.TrimSpace(quote)
	if quote == "" || len(quote) > 2*maxQuoteChars {
		return app.Citation{}, false
	}
	qt := tokens(quote)
	if len(qt) == 0 {
		return app.Citation{}, false
	}
	fields := strings.Fields(quote)
	for i, f := range fields {
		fields[i] = regexp.QuoteMeta(f)
	}
	exact := regexp.MustCompile(strings.Join(fields, `\s+`))
	for j := range src.Windows {
		w := &src.Windows[j]
		for _, m := range exact.FindAllStringIndex(w.Text, 32) {
			if !wordBoundary(w.Text, m[0], m[1]) {
				continue
			}
			if cit, ok := cite(ev, candidate{src: src, window: w, start: m[0], end: m[1]}); ok {
				return cit, true
			}
		}
	}
	if len(qt) < MinFuzzyTokens {
		return app.Citation{}, false
	}
	best, bestScore := -1, 0.0
	for i, c := range cands {
		if s := tokenOverlap(qt, tokens(c.Text)); s >= MinFuzzyOverlap && s > bestScore {
			best, bestScore = i, s
		}
	}
	if best < 0 {
		return app.Citation{}, false
	}
	c := cands[best]
	return cite(ev, candidate{src: src, window: c.window, start: c.start, end: c.end})
}

// wordBoundary reports whether text[start:end] neither starts nor ends
// inside a word, so "fee" is not found inside "coffee".
func wordBoundary(text string, start, end int) bool {
	alnum := func(b byte) bool { return b >= 0x80 || unicode.IsLetter(rune(b)) || unicode.IsDigit(rune(b)) }
	if start > 0 && alnum(text[start-1]) && alnum(text[start]) {
		return false
	}
	if end < len(text) && alnum(text[end]) && alnum(text[end-1]) {
		return false
	}
	return true
}

// tokenOverlap is the shared tokens of a and b (as multisets) over the
// longer one's count: 1 only for the same tokens, and never high when one
// side is much longer than the other.
func tokenOverlap(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	count := map[string]int{}
	for _, t := range b {
		count[t]++
	}
	shared := 0
	for _, t := range a {
		if count[t] > 0 {
			count[t]--
			shared++
		}
	}
	return float64(shared) / float64(max(len(a), len(b)))
}

// coarseCitation cites a claim's source at page level (PDFs) or section
// level (other formats): where its best candidate lies, else where the
// source's first window starts. It quotes nothing and highlights nothing.
func coarseCitation(ev *app.Evidence, src *app.Source, c Claim) app.Citation {
	cit := app.Citation{N: src.N, DocumentID: src.DocumentID, Title: src.Title, Blocks: []string{}, Rects: []app.Rect{}, Precision: "section"}
	var w *app.Window
	off := 0
	switch {
	case len(c.Candidates) > 0:
		w, off = c.Candidates[0].window, c.Candidates[0].start
	case len(src.Windows) > 0:
		w = &src.Windows[0]
		cit.Section, cit.PageStart, cit.PageEnd = w.Section, w.PageStart, w.PageEnd
	}
	if w != nil {
		if span, _, ok := locate(w, off); ok {
			if b, ok := ev.Blocks[span.BlockID]; ok {
				cit.Blocks = []string{b.ID}
				if s, ok := ev.Sections[b.SectionID]; ok {
					cit.Section = s
				}
				if b.Page > 0 {
					cit.PageStart, cit.PageEnd = b.Page, b.Page
				}
			}
		}
	}
	if src.Format == app.FormatPDF || cit.PageStart > 0 {
		cit.Precision = "page"
	}
	return cit
}
