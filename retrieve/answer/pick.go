package answer

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// A term in a quote counts fully; one only in its title or section
// heading counts half: it places the quote, it does not answer.
const full, placed = 2, 1

// picking is the state of picking quotes for one question: the terms'
// weights, how far each is covered, the quotes picked and what they must
// still meet.
type picking struct {
	*reading
	cands   []candidate
	weights map[string]float64
	// order holds the terms sorted: sums run over them in one order, so
	// that equal quotes tie exactly and the first one read wins, every
	// time.
	order   []string
	total   float64
	covered map[string]int

	cites          []app.Citation
	labels, unders []string // stated before a quote, and the header it was read under
	perSrc         map[int]int
	seen           map[string]bool
	// A year the question names is a constraint: quotes that never say it
	// (nor their header, heading or title) answer for another period.
	yearMet bool
	// So is a name it gives: quotes whose passage, title and heading never
	// say "LLaVa" answer about another model.
	unmet       map[string]bool
	windowNames map[*app.Window]map[string]bool
	lead        *candidate // the first quote picked: the one a reader takes as the answer
	leadAt      int        // the index in cites of lead's quote
	picked      []*candidate
	// kindLead, when not nil, holds whether each candidate looked at
	// holds a value of the kind asked: only one that does may lead
	// (pickLeads).
	kindLead map[*candidate]bool
	// larger, when not nil, states the lead's measure larger for the same
	// period: the lead is a part's (partOfLarger).
	larger *candidate
}

// weigh weighs the question's terms over the candidates and fits each
// candidate to the question's shape. Terms are weighed over what may
// answer: the windows the walk found useful, not the floor's
// (app.Window.Weak), which only the closest evidence may show.
func (r *reading) weigh(cands []candidate) *picking {
	var strong []candidate
	for _, c := range cands {
		if !c.window.Weak {
			strong = append(strong, c)
		}
	}
	q := r.ev.Question.Text
	p := &picking{reading: r, cands: cands}
	firm := (r.shape.Type == lang.WhoType || r.shape.Type == lang.WhichType) && firmAskedRE.MatchString(q)
	p.weights = termWeights(withoutKindOf(withoutSlips(r.qstems, r.ev.Terms, strong), q), r.shape.Kind, strong)
	// "Which city is it based in?" asks a particular its cover states
	// under a caption that does not write "city": the kind is not asked
	// of the quote's own words.
	particularKind := ""
	if r.shape.Particular {
		particularKind = r.shape.namedKind()
	}
	for i := range cands {
		c := &cands[i]
		c.fit = r.shape.fit(r.ev, c)
		c.asks = writesAsked(c, p.weights, r.titleStems[c.src.N], particularKind)
		if r.define != "" && defines(c.window.Text[c.start:c.end], r.define) {
			c.fit += definesFit
		}
		if r.fm.narrowed(c.window.Text[c.start:c.end], r.shape.stems) {
			c.fit -= narrowedFit
		}
		if c.noted && unaskedWords(glossless(c.label), r.shape.named) > 0 {
			// A note is of its row: "Audit-Related Fees" is not the
			// audit fees asked, though its note writes the same words.
			c.fit -= narrowedFit
		}
		if firm && namesFirm(c.window.Text[c.start:c.end], r.shape.named) {
			c.fit += typeFit // "Who audits …" is answered where a firm is named
		}
		if r.shape.Particular && c.label != "" && onFirstPage(r.ev, c) {
			// The cover states the issuer's particulars of itself, each
			// under its caption; a sentence elsewhere that writes the
			// same words may be of a subsidiary's.
			c.fit += typeFit
		}
	}
	for t := range p.weights {
		p.order = append(p.order, t)
	}
	sort.Strings(p.order)
	for _, t := range p.order {
		p.total += p.weights[t]
	}
	return p.fresh()
}

// gain returns the share of the question's weight candidate c would add
// to what the picked quotes cover (its context counting half), and the
// share it holds that nothing picked holds yet.
func (p *picking) gain(c *candidate) (all, own float64) {
	for _, t := range p.order {
		w := p.weights[t]
		switch {
		case c.words[t] && p.covered[t] < full:
			all += w * float64(full-p.covered[t]) / full
			if p.covered[t] == 0 {
				own += w
			}
		case c.context[t] && p.covered[t] == 0:
			all += w * placed / full
		}
	}
	return all / p.total, own / p.total
}

// pickAll picks quotes, the best next one each time, until maxQuotes are
// picked or none adds enough.
func (p *picking) pickAll() {
	for len(p.cites) < maxQuotes {
		best := p.next()
		if best < 0 {
			return
		}
		p.take(&p.cands[best])
	}
}

// next returns the index of the candidate that adds most, -1 when none
// adds enough. A floor window (Weak) opens the answer only with a quote
// that holds the whole question by itself: that is no guess, whichever
// ranking found it.
func (p *picking) next() int {
	best, bestScore := -1, 0.0
	for i := range p.cands {
		c := &p.cands[i]
		all, own := p.gain(c)
		if own < minNewCoverage || p.perSrc[c.src.N] == maxQuotesPerSrc || p.seen[squash(c)] || !c.asks || !p.leads(c) ||
			c.window.Weak && (len(p.cites) > 0 || own < wholeQuestion ||
				!holdsAsWritten(writtenWords(p.ev, p.fm, c, p.titleStems[c.src.N]), p.weights, p.ev.Terms)) {
			continue
		}
		if score := all - c.penalty + c.fit; best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// take quotes candidate c: it covers its terms, may meet the year and
// the names the question gives, brings the sentence it points back to,
// and leads the answer when it is the first quote that can.
func (p *picking) take(c *candidate) {
	p.seen[squash(c)] = true
	cit, label, under, ok := quoteOf(p.ev, p.shape, c)
	if !ok {
		return
	}
	for t := range p.weights {
		switch {
		case c.words[t]:
			p.covered[t] = full
		case c.context[t] && p.covered[t] == 0:
			p.covered[t] = placed
		}
	}
	dated := yearAfterBalance(p.ev, c) // a row of the changes after a balance is the next year's
	for y := range p.shape.years {
		p.yearMet = p.yearMet || c.words[y] || c.context[y] || y == dated
	}
	p.meetNames(c, cit, label, under)
	if a := antecedentOf(p.cands, c); a != nil && !p.seen[squash(a)] && len(p.cites) < maxQuotes-1 {
		// "In this case, …" is quoted after the case it speaks of.
		if acit, ok := cite(p.ev, *a); ok {
			p.seen[squash(a)] = true
			for t := range p.weights {
				if a.words[t] {
					p.covered[t] = full
				}
			}
			p.cites = append(p.cites, acit)
			p.labels, p.unders = append(p.labels, ""), append(p.unders, "")
		}
	}
	p.perSrc[c.src.N]++
	if p.lead == nil && leadable(c.window.Text[c.start:c.end]) {
		p.lead, p.leadAt = c, len(p.cites)
	} else {
		p.picked = append(p.picked, c)
	}
	p.cites = append(p.cites, cit)
	p.labels, p.unders = append(p.labels, label), append(p.unders, under)
}

// meetNames strikes the names the question gives that c's window, title,
// section, label or header holds.
func (p *picking) meetNames(c *candidate, cit app.Citation, label, under string) {
	if len(p.unmet) == 0 {
		return
	}
	held := p.windowNames[c.window]
	if held == nil {
		held = exactWords(c.window.Text + "\n" + c.src.Title + "\n" + cit.Section + "\n" + label + "\n" + under)
		p.fm.expand(held, contentFamilies(c.window.Text+"\n"+c.src.Title))
		p.windowNames[c.window] = held
	}
	for n := range p.unmet {
		if held[n] || held[lang.Inflection(n)] {
			delete(p.unmet, n)
		}
	}
}

// coverage returns the share of the question's weight the picked quotes
// cover.
//
// The words that only frame what the question asks ("type" in "What type
// of …", "bring in" in "How much did 3M bring in from sales?"; frame.go)
// are left out, as the lead's own share leaves them out: no quote writes
// them.
func (p *picking) coverage() float64 {
	covered, total := 0.0, 0.0
	for _, t := range p.order {
		if p.shape.frame[t] {
			continue
		}
		covered += p.weights[t] * float64(p.covered[t]) / full
		total += p.weights[t]
	}
	if total == 0 {
		return 1
	}
	return covered / total
}

// pickLeads picks quotes (pickAll). When the lead holds no value of the
// kind asked (holdsKindAsked: no firm named for "who audits", no name
// beside the role, no day for when a period ended), it picks again with
// the best quote that holds one leading instead — the verdict then judges
// that lead as any other. This reaches the sentence that states the answer
// when a closer match of the question's words (a table row naming the year
// asked, say, for the day that year ended) outranks it. It returns the
// first pick that answers, or the first pick when none does: its lead is
// the best passage, and the reply says why it does not meet the question.
//
// A lead that holds the kind but carries too little of the question is
// not passed over: it was ranked first for carrying most of the question,
// and a quote below it that passes carries less by chance, not by saying
// more. A question asking a figure keeps its one lead: a report states the
// same measure for its parts, its segments and its periods in many tables,
// and the words around a figure tell those apart less surely than they
// tell a name from a date — the next figure down is as often a part's as
// the whole's.
func (p *picking) pickLeads() *picking {
	p.pickAll()
	if p.lead == nil || p.shape.Figure && !p.shape.When || holdsKind(p, p.lead) {
		return p // a lead without the kind never answers (meets)
	}
	again := p.fresh()
	again.kindLead = map[*candidate]bool{}
	again.pickAll()
	if ok, _ := again.answers(); ok {
		return again
	}
	return p
}

// holdsKind reports whether candidate c holds a value of the kind asked
// (holdsKindAsked).
func holdsKind(p *picking, c *candidate) bool {
	ok, _ := holdsKindAsked(p.ev, p.shape, c, c.window.Text[c.start:c.end], kindAt(p.ev, c.window, c.start) == app.BlockTable)
	return ok
}

// leads reports whether c may lead the pick: any candidate may, unless
// the pick asks its lead to hold the kind asked (kindLead).
func (p *picking) leads(c *candidate) bool {
	if p.kindLead == nil || p.lead != nil {
		return true
	}
	held, ok := p.kindLead[c]
	if !ok {
		held = holdsKind(p, c)
		p.kindLead[c] = held
	}
	return held
}

// fresh returns a picking over p's weighed candidates with nothing picked
// yet.
func (p *picking) fresh() *picking {
	return &picking{reading: p.reading, cands: p.cands, weights: p.weights, order: p.order, total: p.total,
		covered: map[string]int{}, perSrc: map[int]int{}, seen: map[string]bool{}, cites: []app.Citation{},
		yearMet: onlySourceYears(p.ev.Question.Text, p.shape.years), unmet: unmetNames(p.ev), windowNames: map[*app.Window]map[string]bool{}}
}

// answers reports whether the picked quotes answer the question: the
// leading one meets it (meets), and together they meet its years and
// names and cover enough of it. When they do not, it says why: a reply
// that withholds an answer tells the reader what the passages lack.
func (p *picking) answers() (bool, string) {
	p.larger = nil
	if p.lead == nil {
		if len(p.cites) > 0 {
			return false, "the best passage only announces what follows it"
		}
		return false, p.noLead()
	}
	if met, why := meets(p.ev, p.shape, p.lead, p.picked, p.weights); !met {
		return false, why
	}
	switch {
	case !p.yearMet:
		return false, "no passage states " + listed(slices.Sorted(maps.Keys(p.shape.years)), "or")
	case len(p.unmet) > 0:
		return false, "no passage names " + listed(slices.Sorted(maps.Keys(p.unmet)), "or")
	case p.coverage() < minCoverage:
		return false, "the passages together carry too little of the question"
	}
	if why := p.partOfLarger(); why != "" {
		return false, why
	}
	return true, ""
}

// reply states the picked quotes as the answer when they cover enough of
// the question, meet its years and names and the leading one meets the
// question (meets); otherwise an accepted date that answers it, or the
// closest passages shown as such, never as the answer (docs/design.md
// §6). missing names an operand a computation lacked.
func (p *picking) reply(missing string) *app.Answer {
	ans := &app.Answer{Citations: p.cites, Sources: SourceRefs(p.ev)}
	ok, why := p.answers()
	if ok {
		ans.Citations = withDateQuote(p.ev, ans.Citations)
		numberQuotes(ans.Citations)
		ans.Answer = Lead + render(ans.Citations, p.labels, p.unders)
		ans.Sufficient, ans.Verdict = true, app.VerdictAnswered
		ans.Value = statedFigure(ans.Citations[p.leadAt], p.labels[p.leadAt])
		return ans
	}
	if dated := acceptedDateAnswer(p.ev); dated != nil {
		return dated
	}
	var labels, unders []string
	ans.Citations, labels, unders = closest(p.ev, p.cands, p.cites, p.labels, p.unders, p.shape, p.gain)
	if p.larger != nil {
		// The reader sees the figure that makes the lead a part's.
		if cit, label, under, ok := quoteOf(p.ev, p.shape, p.larger); ok && !quoted(ans.Citations, cit) {
			n := min(len(ans.Citations), maxClosest-1)
			ans.Citations = append(ans.Citations[:n:n], cit)
			labels, unders = append(labels[:n:n], label), append(unders[:n:n], under)
		}
	}
	if m := p.meetingNear(); m != nil && p.larger == nil {
		// The reader sees the passage that would meet the question, as
		// one of the closest: the year's closing row below the opening
		// one the lead was refused for.
		if cit, label, under, ok := quoteOf(p.ev, p.shape, m); ok && !quoted(ans.Citations, cit) {
			n := min(len(ans.Citations), maxClosest-1)
			ans.Citations = append(ans.Citations[:n:n], cit)
			labels, unders = append(labels[:n:n], label), append(unders[:n:n], under)
		}
	}
	numberQuotes(ans.Citations)
	ans.Answer, ans.Verdict = app.InsufficientEvidence, app.VerdictNone
	if why != "" {
		ans.Answer += " The best passage does not meet the question: " + why + "."
	}
	if missing != "" {
		ans.Answer += " It could not be computed: " + missing + "."
	}
	if len(ans.Citations) > 0 {
		ans.Answer += "\n\n" + app.ClosestEvidence + render(ans.Citations, labels, unders)
		ans.Verdict = app.VerdictClosest
	}
	return ans
}

// nearReach is how many of the candidates that carry most of the
// question meetingNear reads.
const nearReach = 8

// meetingNear returns the candidate, among the few that carry most of
// the question, that meets it and the years it names, though the pick
// did not lead with it; nil when none does, or when a lead was not
// refused. It is shown among the closest passages, never stated: a
// figure question keeps its one lead (pickLeads), since the next figure
// down is as often a part's as the whole's, and the reader judges.
func (p *picking) meetingNear() *candidate {
	if p.lead == nil {
		return nil
	}
	type scored struct {
		c     *candidate
		score float64
	}
	var near []scored
	f := p.fresh()
	for i := range p.cands {
		c := &p.cands[i]
		if c == p.lead || c.window.Weak || !c.asks {
			continue
		}
		if all, _ := f.gain(c); all > 0 {
			near = append(near, scored{c, all - c.penalty + c.fit})
		}
	}
	sort.SliceStable(near, func(i, j int) bool { return near[i].score > near[j].score })
	for _, n := range near[:min(len(near), nearReach)] {
		if !yearsCarried(n.c, p.shape.years) {
			continue
		}
		if ok, _ := meets(p.ev, p.shape, n.c, nil, p.weights); ok {
			return n.c
		}
	}
	return nil
}

// yearsCarried reports whether c, its header or its heading carries
// every year in years.
func yearsCarried(c *candidate, years map[string]bool) bool {
	for y := range years {
		if !c.words[y] && !c.context[y] {
			return false
		}
	}
	return true
}

// noLead says why no quote leads: every candidate lies in a passage the
// walk did not find useful and none of its sentences holds the whole
// question (next), or no sentence holds enough of the question's words.
func (p *picking) noLead() string {
	if len(p.cands) == 0 {
		return ""
	}
	for i := range p.cands {
		if !p.cands[i].window.Weak {
			return "no sentence holds enough of the question"
		}
	}
	return "no passage was judged to answer it, and no sentence holds all of its words"
}

// listed writes words as a reader lists them: "a", "a or b", "a, b or c".
func listed(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// quoted reports whether cits already quote cit's words from its block.
func quoted(cits []app.Citation, cit app.Citation) bool {
	for _, c := range cits {
		if c.Quote == cit.Quote && slices.Equal(c.Blocks, cit.Blocks) {
			return true
		}
	}
	return false
}
