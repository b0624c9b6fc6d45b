package lang

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Text is a text indexed for matching: the stems of its body in order, and
// the stems of its context (a document title, a heading path), which place
// the body without being part of it. A Text is matched by one goroutine at
// a time: Match indexes it for its query on first use.
type Text struct {
	body    []string // read-only: may be shared with the token cache
	caps    []bool   // parallel to body: written with a capital (read-only too)
	context map[string]bool
	ctxSeq  []string
	numeric int // body tokens that are numbers
	// rawBody and rawContext are the text as written, read for the unit
	// a table or heading states (unit, once known; 0 before) when a
	// question names an amount.
	rawBody, rawContext []string
	unit                float64

	// pos holds, for each stem a form or bigram of posFor starts with
	// (numbered by firsts), its body positions: a query looks up a few
	// dozen stems, so indexing only those costs a fraction of indexing
	// every stem of the body.
	pos    [][]int32
	firsts map[string]int32
	posFor *Query
	// kinPos holds, for each concept of posFor with word kin (Query.kin),
	// the body positions of its kin: another form of the word's family.
	kinPos [][]int32
}

// NewText indexes body and its context lines.
func NewText(body string, context ...string) *Text {
	return NewTextParts([]string{body}, context...)
}

// NewTextParts is NewText(strings.Join(body, "\n"), context...), built
// piece by piece: a line break always ends a token, so the tokens of the
// joined text are the pieces' tokens in turn, and each piece comes from
// the token cache when it was seen before (a passage scored alone, then
// with others in a coverage check; a title in one menu, then the next).
func NewTextParts(body []string, context ...string) *Text {
	x := &Text{}
	if len(body) == 1 {
		tk := tokenize(body[0])
		x.body, x.caps, x.numeric = tk.stems, tk.caps, tk.numeric
	} else {
		tks := make([]*tokenized, len(body))
		n := 0
		for i, b := range body {
			tks[i] = tokenize(b)
			n += len(tks[i].stems)
		}
		x.body = make([]string, 0, n)
		x.caps = make([]bool, 0, n)
		for _, tk := range tks {
			x.body = append(x.body, tk.stems...)
			x.caps = append(x.caps, tk.caps...)
			x.numeric += tk.numeric
		}
	}
	x.rawBody, x.rawContext = body, context
	if len(context) > 0 {
		x.context = map[string]bool{}
	}
	for _, c := range context {
		for _, st := range tokenize(c).stems {
			x.context[st] = true
			x.ctxSeq = append(x.ctxSeq, st)
		}
		x.ctxSeq = append(x.ctxSeq, "") // no phrase spans two context lines
	}
	return x
}

// firstStems numbers the stems q's forms and bigrams start with.
func firstStems(q *Query) map[string]int32 {
	firsts := make(map[string]int32, 2*len(q.Concepts)+len(q.Bigrams))
	add := func(s string) {
		if _, ok := firsts[s]; !ok {
			firsts[s] = int32(len(firsts))
		}
	}
	for i := range q.Concepts {
		for _, f := range q.Concepts[i].Forms {
			if len(f) > 0 {
				add(f[0])
			}
		}
		for _, f := range q.Concepts[i].Names {
			add(f[0])
		}
	}
	for _, b := range q.Bigrams {
		add(b[0])
	}
	return firsts
}

// indexFor fills x.pos for q.
func (x *Text) indexFor(q *Query) {
	if x.posFor == q && x.pos != nil {
		return
	}
	firsts := q.firsts
	if firsts == nil {
		// A query not made by Analyze.
		firsts = firstStems(q)
	}
	pos := make([][]int32, len(firsts))
	var kinPos [][]int32 // made at the first kin: most texts have none
	for i, s := range x.body {
		if k, ok := firsts[s]; ok {
			// A question's own word is no kin of another of its words.
			pos[k] = append(pos[k], int32(i))
			continue
		}
		// Kin is read in lower-case words only: a capitalised one is a
		// name's, matched as written ("Trust" of "Deutsche Bank Trust
		// Company" is no kin of "trustee"), or opens a sentence.
		if len(q.kinStarts) > 0 && len(s) >= 2 && i < len(x.caps) && !x.caps[i] && slices.Contains(q.kinStarts, twoBytes(s)) {
			for _, c := range q.kin[stemFamily(s)] {
				if kinPos == nil {
					kinPos = make([][]int32, len(q.Concepts))
				}
				kinPos[c] = append(kinPos[c], int32(i))
			}
		}
		if a, b, ok := PairClusters(s); ok {
			// A question's one-character unit (窗) meets the pairs
			// holding it (窗户, 的窗).
			if k, ok := firsts[a]; ok {
				pos[k] = append(pos[k], int32(i))
			} else if k, ok := firsts[b]; ok {
				pos[k] = append(pos[k], int32(i))
			}
		}
	}
	x.pos, x.firsts, x.posFor, x.kinPos = pos, firsts, q, kinPos
}

// Len is the number of body tokens.
func (x *Text) Len() int { return len(x.body) }

// NumericShare is the share of body tokens that are numbers.
func (x *Text) NumericShare() float64 {
	if len(x.body) == 0 {
		return 0
	}
	return float64(x.numeric) / float64(len(x.body))
}

// find returns the body positions where form starts.
func (x *Text) find(form []string) []int32 {
	k, ok := x.firsts[form[0]]
	if !ok {
		return nil
	}
	first := x.pos[k]
	if len(form) == 1 {
		return first
	}
	var out []int32
	for _, p := range first {
		ok := int(p)+len(form) <= len(x.body)
		for k := 1; ok && k < len(form); k++ {
			ok = x.body[int(p)+k] == form[k]
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

func (x *Text) inContext(form []string) bool {
	if len(form) == 1 {
		return x.context[form[0]]
	}
	for i := 0; i+len(form) <= len(x.ctxSeq); i++ {
		ok := true
		for k := range form {
			if x.ctxSeq[i+k] != form[k] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// ConceptMatch is how one concept matched a text.
type ConceptMatch struct {
	Body    float64 // 0–1: found in the body (1 = its own words, less for a synonym or part of a name)
	Context float64 // 0–1: found in the context only
	Count   int     // body occurrences
	At      []int32 // body positions
}

// Score is the credit a concept gets: body matches fully, context-only
// matches in part.
func (m ConceptMatch) Score() float64 { return math.Max(m.Body, 0.6*m.Context) }

// Features are the measurements a judge turns into a decision.
type Features struct {
	Concepts []ConceptMatch // parallel to Query.Concepts
	// Coverage is the weighted share of the question's concepts the text
	// holds anywhere (support concepts add, never subtract).
	Coverage float64
	// Window is the weighted share held within the best window of
	// WindowTokens body tokens (context matches count everywhere).
	Window float64
	// Constraints is the product over constraint concepts of how well
	// each is met: 1 when every name, period and number is there.
	Constraints float64
	// Missing is the largest weight share of an unmet constraint.
	Missing float64
	// Phrases is the share of the question's adjacent word pairs found
	// adjacent in the body.
	Phrases float64
	// BM25 is the Okapi BM25 of the body (context matches adding to a
	// concept's frequency), divided by its ceiling Σ w (k1+1): 0–1.
	BM25    float64
	Numeric float64
	Tokens  int
}

// BM25 parameters; avgTokens is a typical passage (about 2,400 bytes).
const (
	bm25K1    = 1.2
	bm25B     = 0.75
	avgTokens = 330.0
)

// WindowTokens is the span within which an answer's parts usually sit.
const WindowTokens = 80

// Match measures text against q. absent names stems that occur nowhere in
// scope (typos, or names the archive does not know).
func (q *Query) Match(x *Text, absent map[string]bool) Features {
	x.indexFor(q)
	f := Features{Concepts: make([]ConceptMatch, len(q.Concepts)), Constraints: 1, Numeric: x.NumericShare(), Tokens: x.Len()}
	parts := q.matchConcepts(x, absent, f.Concepts)
	total, got, consTotal, ctxCredit := q.coverage(f.Concepts, parts)
	if total == 0 {
		return f
	}
	f.Coverage = math.Min(1, got/total)
	f.BM25 = q.bm25(f.Concepts, parts, x.Len())
	f.Constraints, f.Missing = q.constraints(f.Concepts, consTotal, total)
	f.Window = math.Min(1, (bestWindow(q.windowEvents(f.Concepts, parts), len(q.Concepts))+ctxCredit)/total)
	f.Phrases = q.phrases(x)
	return f
}

// partSum is what the Support concepts of one derived measure met, summed
// over them.
type partSum struct {
	n     int     // the measure's Support concepts
	score float64 // their scores (ConceptMatch.Score)
	tf    float64 // their body occurrences
}

// matchConcepts matches each concept of q in x into ms (parallel to
// q.Concepts) and returns, per concept, what its parts met. A derived
// measure is met by its own name or, nearly as well, by the parts it is
// computed from.
func (q *Query) matchConcepts(x *Text, absent map[string]bool, ms []ConceptMatch) []partSum {
	parts := make([]partSum, len(q.Concepts))
	for i := range q.Concepts {
		c := &q.Concepts[i]
		m := q.matchConcept(i, x, absent)
		ms[i] = m
		if c.PartOf > 0 {
			p := &parts[c.PartOf-1]
			p.n++
			p.score += m.Score()
			p.tf += float64(m.Count)
		}
	}
	return parts
}

// coverage sums the weights of q's concepts (Support ones aside): total,
// and got, their weights times how well text meets each — a derived
// measure nearly as well by its parts. consTotal is the part of total
// the constraints weigh. ctxCredit is the weight context matches add to every
// window (Features.Window): the title or heading path places the whole
// body, fully as Score credits a concept found there only, less for one
// the body holds too.
func (q *Query) coverage(ms []ConceptMatch, parts []partSum) (total, got, consTotal, ctxCredit float64) {
	for i := range q.Concepts {
		c := &q.Concepts[i]
		m := ms[i]
		if c.Kind == Support || c.Weight <= 0 {
			continue
		}
		total += c.Weight
		s := m.Score()
		if parts[i].n > 0 {
			s = math.Max(s, 0.9*parts[i].score/float64(parts[i].n))
		}
		got += c.Weight * s
		if c.Constraint() {
			consTotal += c.Weight
		}
		if m.Body == 0 && m.Context > 0 {
			ctxCredit += c.Weight * 0.6 * m.Context
		} else if m.Context > 0 {
			ctxCredit += c.Weight * 0.2 * m.Context
		}
	}
	return total, got, consTotal, ctxCredit
}

// bm25 is Features.BM25: the Okapi BM25 of the body over q's weighted
// concepts, a context match adding two occurrences and a derived measure
// the mean occurrences of its parts, divided by its ceiling Σ w (k1+1).
// tokens is the body's length.
func (q *Query) bm25(ms []ConceptMatch, parts []partSum, tokens int) float64 {
	norm := bm25K1 * (1 - bm25B + bm25B*float64(tokens)/avgTokens)
	bm, ceil := 0.0, 0.0
	for i := range q.Concepts {
		c := &q.Concepts[i]
		if c.Weight <= 0 || c.Kind == Support {
			continue
		}
		m := ms[i]
		tf := float64(m.Count)*m.Body + 2*m.Context
		if parts[i].n > 0 {
			tf += parts[i].tf / float64(parts[i].n)
		}
		bm += c.Weight * tf * (bm25K1 + 1) / (tf + norm)
		ceil += c.Weight * (bm25K1 + 1)
	}
	return math.Min(1, bm/ceil)
}

// constraints returns Features.Constraints and Features.Missing.
// Constraints: each unmet one scales the result down in proportion to
// its weight among the constraints (consTotal), as text lacking a name,
// period, number or quotation answers a different question.
func (q *Query) constraints(ms []ConceptMatch, consTotal, total float64) (product, missing float64) {
	product = 1
	for i := range q.Concepts {
		c := &q.Concepts[i]
		if !c.Constraint() || c.Weight <= 0 {
			continue
		}
		// A name or period in the title or heading path places the text
		// as fully as one in its body.
		s := math.Max(ms[i].Body, ms[i].Context)
		share := c.Weight / consTotal
		miss := (1 - s) * math.Max(share, 0.5)
		missing = math.Max(missing, (1-s)*c.Weight/total)
		product *= 1 - 0.75*miss
	}
	return product, missing
}

// windowEvent is a body position where concept c was met, with the weight
// w it credits there.
type windowEvent struct {
	pos int32
	c   int
	w   float64
}

// windowEvents returns the body positions where q's weighted concepts were
// met, in concept order. A part of a derived measure credits its share of
// 0.9 of the measure's weight.
func (q *Query) windowEvents(ms []ConceptMatch, parts []partSum) []windowEvent {
	var events []windowEvent
	for i := range q.Concepts {
		c := &q.Concepts[i]
		m := ms[i]
		if c.Kind == Support {
			if p := c.PartOf - 1; p >= 0 && q.Concepts[p].Weight > 0 {
				share := 0.9 * q.Concepts[p].Weight / float64(parts[p].n)
				for _, at := range m.At {
					events = append(events, windowEvent{at, i, share * m.Body})
				}
			}
			continue
		}
		if c.Weight <= 0 {
			continue
		}
		for _, p := range m.At {
			events = append(events, windowEvent{p, i, c.Weight * m.Body})
		}
	}
	return events
}

// bestWindow returns the largest weight the events of distinct concepts
// (of nconcepts) credit within WindowTokens body tokens, each concept
// counted once at its best: the span within which an answer's parts
// usually sit. It sorts events.
func bestWindow(events []windowEvent, nconcepts int) float64 {
	if len(events) == 0 {
		return 0
	}
	// Best window: slide over body positions in order.
	sortEvents(events, func(a, b int) bool { return events[a].pos < events[b].pos })
	best := 0.0
	// Per concept: the best weight inside the window, and how many
	// of its events are inside.
	in := make([]float64, nconcepts)
	counts := make([]int, nconcepts)
	sum := 0.0
	lo := 0
	for hi := range events {
		e := events[hi]
		counts[e.c]++
		if e.w > in[e.c] {
			sum += e.w - in[e.c]
			in[e.c] = e.w
		}
		for events[lo].pos < e.pos-WindowTokens {
			d := events[lo]
			counts[d.c]--
			if counts[d.c] == 0 {
				sum -= in[d.c]
				in[d.c] = 0
			} else if d.w == in[d.c] {
				// Recompute the best weight still inside for this concept.
				w := 0.0
				for k := lo + 1; k <= hi; k++ {
					if events[k].c == d.c {
						w = math.Max(w, events[k].w)
					}
				}
				sum += w - in[d.c]
				in[d.c] = w
			}
			lo++
		}
		best = math.Max(best, sum)
	}
	return best
}

// phrases is Features.Phrases: the share of q's bigrams x holds as
// adjacent body words.
func (q *Query) phrases(x *Text) float64 {
	if len(q.Bigrams) == 0 {
		return 0
	}
	n := 0
	for _, b := range q.Bigrams {
		if len(x.find([]string{b[0], b[1]})) > 0 {
			n++
		}
	}
	return float64(n) / float64(len(q.Bigrams))
}

func (q *Query) matchConcept(ci int, x *Text, absent map[string]bool) ConceptMatch {
	c := &q.Concepts[ci]
	var m ConceptMatch
	if c.Kind == Entity && len(c.Forms) > 1 {
		// A multi-word name: the whole name, else the share of its known
		// words present (a word no document has is a typo or an unknown
		// name; it neither helps nor blocks).
		if at := x.find(c.Forms[0]); len(at) > 0 {
			return ConceptMatch{Body: 1, Count: len(at), At: at}
		}
		if x.inContext(c.Forms[0]) {
			m.Context = 1
		}
		// A name the document defines for it meets it whole, as a
		// synonym does.
		n := matchNames(c, x)
		if n.Body > 0 {
			n.Context = math.Max(n.Context, m.Context)
			return n
		}
		m.Context = math.Max(m.Context, n.Context)
		known, body, ctx := 0.0, 0.0, 0.0
		for k, f := range c.Forms[1:] {
			if absent[f[0]] {
				continue
			}
			w := 1.0
			if k < len(c.WordWeights) {
				w = c.WordWeights[k]
			}
			known += w
			if at := x.find(f); len(at) > 0 {
				body += w
				m.Count += len(at)
				m.At = append(m.At, at...)
			} else if x.inContext(f) {
				ctx += w
			}
		}
		if known == 0 {
			return m
		}
		m.Body = 0.9 * body / known
		m.Context = math.Max(m.Context, (body+ctx)/known)
		return m
	}
	for k, form := range c.Forms {
		credit := 1.0
		if k > 0 {
			credit = 0.9
		}
		if at := x.find(form); len(at) > 0 {
			m.Count += len(at)
			m.At = append(m.At, at...)
			m.Body = math.Max(m.Body, credit)
		}
		if x.inContext(form) {
			m.Context = math.Max(m.Context, credit)
		}
	}
	if n := matchNames(c, x); n.Body > 0 || n.Context > 0 {
		m.Count += n.Count
		m.At = append(m.At, n.At...)
		m.Body = math.Max(m.Body, n.Body)
		m.Context = math.Max(m.Context, n.Context)
	}
	for _, ca := range q.amounts {
		if ca.concept != ci || m.Body >= nameCredit {
			continue
		}
		if at := x.amountAt(ca.amount); len(at) > 0 {
			// The amount in another unit: "34,229" in a table in
			// millions for "$34.2 billion".
			m.Body = nameCredit
			m.Count += len(at)
			m.At = append(m.At, at...)
		}
	}
	if x.kinPos != nil && len(x.kinPos[ci]) > 0 && m.Body < kinCredit {
		// Only another form of the word's family: "employed" for
		// "employees" answers the question nearly as well.
		m.Body = kinCredit
		m.Count += len(x.kinPos[ci])
		m.At = append(m.At, x.kinPos[ci]...)
	}
	if len(m.At) > 64 {
		m.At = m.At[:64]
	}
	return m
}

// amountAt returns the body positions of the numbers that are a, read
// with the scale word after them or in the unit the text states.
func (x *Text) amountAt(a Amount) []int32 {
	var at []int32
	for i, s := range x.body {
		if s == "" || !isDigit(s[0]) {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			continue
		}
		scale, ok := 0.0, false
		if i+1 < len(x.body) {
			scale, ok = scales[x.body[i+1]]
		}
		if !ok {
			if x.unit == 0 {
				x.unit = UnitOf(strings.Join(x.rawContext, "\n") + "\n" + strings.Join(x.rawBody, "\n"))
			}
			scale = x.unit
		}
		if a.Meets(v, scale) {
			at = append(at, int32(i))
		}
	}
	return at
}

// matchNames is how the names a document defines for c (Concept.Names)
// meet x.
func matchNames(c *Concept, x *Text) ConceptMatch {
	var m ConceptMatch
	for _, name := range c.Names {
		if at := x.find(name); len(at) > 0 {
			m.Count += len(at)
			m.At = append(m.At, at...)
			m.Body = nameCredit
		}
		if x.inContext(name) {
			m.Context = nameCredit
		}
	}
	return m
}

// stemFamily is the word family (Family) of a stem: the stemmer writes a
// final "y" as "i" ("employed" is "emploi"), which Family reads as the
// word ending in "y" it was.
func stemFamily(s string) string {
	if n := len(s); n > 3 && s[n-1] == 'i' {
		s = s[:n-1] + "y"
	}
	return Family(s)
}

// kinCredit is the credit of a concept met only by word kin: less than a
// synonym's, as "employment" is further from "employees" than "headcount"
// is in a question asking how many.
const kinCredit = 0.8

// sortEvents is an insertion-free sort over indices; events are few.
func sortEvents[T any](s []T, less func(a, b int) bool) {
	// Shell sort keeps this allocation-free and fast for a few hundred items.
	for gap := len(s) / 2; gap > 0; gap /= 2 {
		for i := gap; i < len(s); i++ {
			for j := i; j >= gap && less(j, j-gap); j -= gap {
				s[j], s[j-gap] = s[j-gap], s[j]
			}
		}
	}
}

// Relevance is one number for ranking texts against q: the best window's
// coverage, helped by overall coverage and phrases, scaled by constraints.
func (f Features) Relevance() float64 {
	return (0.65*f.Window + 0.25*f.Coverage + 0.1*f.Phrases) * f.Constraints
}
