// Package dates finds the dates a document is about — when it was issued
// or signed, when something takes effect, is due, expires, renews or needs
// notice, the period it covers, an event it announces — and proposes them
// to the fact ledger for review (docs/design.md §13).
//
// It runs at import, on this computer: explicit calendar dates in the
// forms documents use (2022-12-31, 31 December 2022, December 31, 2022,
// Dec. 31, 2022, 31.12.2022, 12/31/2022 read in the document's own
// convention), ranges ("January 1 – March 31, 2023"), and relative dates
// only when the document states their anchor ("30 days after the
// Effective Date" once the effective date is known). A date's role comes
// from the decision provider (app.Chooser; see ChooseRoles) as a choice over the roles
// plus none, with the cue words around it as a hint. At most
// app.MaxProposedDates dates are proposed per document, the most useful
// first. Dates are all-day: no times, no time zones.
//
// Nothing is learned from reviews: an accepted or rejected date changes
// only that fact, never the rules.
package dates

import (
	"context"
	"encoding/json"
	"math"
	"sort"
	"strings"

	"archivist/app"
)

// Name and Version identify this extractor in the ledger. Raise Version
// when what it proposes changes: documents read by an older version are
// read again, and every reviewed decision is kept.
const (
	Name    = "dates"
	Version = 1
)

// Extractor proposes the dates of a document.
type Extractor struct {
	Roles app.Chooser
	// DayFirst is the convention for all-numeric dates (03/04/2023) when
	// the document itself does not show its own: the user's locale.
	DayFirst bool
	// NewID makes fact IDs.
	NewID func() string

	eventHead bool // the document being read names an event at its head
}

// Bounds of one document's extraction: how many dates are asked about
// (the decision provider's work per document), how many mentions of one
// date, and how much text each question carries.
const (
	maxAsked        = 12
	maxPerValue     = 2
	maxMentions     = 4   // first mentions of one value read in full
	maxLateMentions = 2   // and last ones
	maxQuoteBytes   = 320 // on each side of the date, before snapping to a sentence
	maxContextBytes = 400
	minRoleProb     = 0.2
)

// candidate is one mention with what is known of it.
type candidate struct {
	mention
	block    int // index into the parsed blocks
	quote    [2]int
	context  string
	cues     map[string]float64
	prior    float64
	count    int // mentions of the same value in the document
	role     string
	prob     float64
	useful   float64
	anchored float64 // a relative date: its anchor's confidence
}

// Extract returns up to app.MaxProposedDates proposed dates of a parsed
// document (blocks with their IDs), most useful first, as pending facts.
func (e *Extractor) Extract(ctx context.Context, sha string, p *app.Parsed) ([]app.Fact, error) {
	texts := make([]string, len(p.Blocks))
	for i, b := range p.Blocks {
		texts[i] = b.Text
	}
	fallback := monthFirst
	if e.DayFirst {
		fallback = dayFirst
	}
	ord := convention(texts, fallback)
	e.eventHead = eventHeadRE.MatchString(p.Title + " " + strings.Join(texts[:min(len(texts), headBlocks)], " "))
	type pending struct {
		block int
		m     mention
	}
	var cands []*candidate
	counts := map[string]int{}
	late := map[string][]pending{}
	for i, b := range p.Blocks {
		for _, m := range scan(b.Text, ord) {
			v := m.Value.String()
			counts[v]++
			if counts[v] > maxMentions {
				late[v] = append(late[v], pending{i, m})
				continue
			}
			cands = append(cands, e.candidate(p, i, m))
		}
	}
	// A date a long document repeats is weighed by its first mentions and
	// its last (a signature comes at the end), not by every one.
	for _, ms := range late {
		for _, x := range ms[max(0, len(ms)-maxLateMentions):] {
			cands = append(cands, e.candidate(p, x.block, x.m))
		}
	}
	for _, c := range cands {
		c.count = counts[c.Value.String()]
		c.prior = prior(c, len(p.Blocks))
	}
	asked := shortlist(cands, maxAsked)
	if err := e.decide(ctx, asked); err != nil {
		return nil, err
	}
	rel := relatives(p, e, anchors(asked), ord)
	if err := e.decide(ctx, rel); err != nil {
		return nil, err
	}
	for _, c := range rel {
		c.prob *= c.anchored
	}
	chosen := rank(append(asked, rel...), len(p.Blocks))
	out := make([]app.Fact, 0, len(chosen))
	for _, c := range chosen {
		out = append(out, e.fact(sha, p, c))
	}
	return out, nil
}

// candidate builds a mention's quote, context and cue measure.
func (e *Extractor) candidate(p *app.Parsed, bi int, m mention) *candidate {
	text := p.Blocks[bi].Text
	qs, qe := sentence(text, m.Start, m.End)
	before, after := text[qs:m.Start], text[m.End:qe]
	previous := ""
	if bi > 0 && strings.TrimSpace(before) == "" {
		previous = tail(p.Blocks[bi-1].Text, 120)
	}
	ctx := strings.TrimSpace(previous + " " + before + "[DATE]" + after)
	if len(ctx) > maxContextBytes {
		ctx = ctx[len(ctx)-maxContextBytes:]
	}
	cs := cueScores(before, after, previous)
	b := p.Blocks[bi]
	head := (b.Page == 1 || b.Page == 0 && bi < headBlocks) && len(strings.TrimSpace(before)) < headBefore && b.Kind != app.BlockCode
	signatures := b.Section > 0 && b.Section < len(p.Sections) && signaturesRE.MatchString(p.Sections[b.Section].Heading)
	headCues(cs, head, e.eventHead, signatures)
	if b.Kind == app.BlockCode {
		// Preformatted text is often a document's own (an RFC's header),
		// but a date in code is data unless words beside it say what it
		// is: only cue words count there, at a discount.
		for r, v := range cs {
			if v < cueAfter {
				v = 0
			}
			cs[r] = v * 0.8
		}
	}
	return &candidate{mention: m, block: bi, quote: [2]int{qs, qe}, context: ctx, cues: cs}
}

// A date is at the head of a document on its first page, or in its first
// headBlocks blocks for formats without pages, when at most headBefore
// bytes of its sentence come before it (a dateline's place name).
const (
	headBlocks = 12
	headBefore = 40
)

// prior ranks mentions before the decision provider sees them: strong cue
// words, a date the document repeats, a place near its start (a cover, a
// letterhead).
func prior(c *candidate, blocks int) float64 {
	best := 0.0
	for _, s := range c.cues {
		best = max(best, s)
	}
	return (0.3 + best) * (1 + 0.15*math.Log(float64(c.count))) * position(c.block, blocks)
}

func position(block, blocks int) float64 {
	if blocks > 0 && float64(block) < math.Max(3, 0.03*float64(blocks)) {
		return 1.25
	}
	return 1
}

// shortlist keeps the n best mentions by prior, at most maxPerValue of
// one value, in document order.
func shortlist(cands []*candidate, n int) []*candidate {
	sorted := append([]*candidate(nil), cands...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].prior > sorted[j].prior })
	per := map[string]int{}
	var out []*candidate
	for _, c := range sorted {
		v := c.Value.String()
		if per[v] == maxPerValue {
			continue
		}
		per[v]++
		out = append(out, c)
		if len(out) == n {
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].block != out[j].block {
			return out[i].block < out[j].block
		}
		return out[i].Start < out[j].Start
	})
	return out
}

// decide asks the role chooser about every candidate and keeps its most
// probable role (none included).
func (e *Extractor) decide(ctx context.Context, cs []*candidate) error {
	if len(cs) == 0 {
		return nil
	}
	qs := make([]RoleQuestion, len(cs))
	for i, c := range cs {
		qs[i] = RoleQuestion{Context: c.context, Cues: c.cues}
	}
	dists, err := ChooseRoles(ctx, e.Roles, qs)
	if err != nil {
		return err
	}
	for i, c := range cs {
		c.role, c.prob = app.NoRole, 0
		for _, r := range append(app.DateRoles, app.NoRole) {
			if p := dists[i][r]; p > c.prob {
				c.role, c.prob = r, p
			}
		}
		if c.Value.End != "" && (c.role == app.RolePeriodStart) {
			c.role = app.RolePeriodEnd // a range is its period; its end is what comes due
		}
	}
	return nil
}

// roleWeight orders dates by what a person acts on: deadlines first, then
// what a document is about, then its own dates.
var roleWeight = map[string]float64{
	app.RoleDue: 1, app.RoleExpires: 1, app.RoleNotice: 0.95, app.RoleRenewal: 0.95, app.RoleEffective: 0.9,
	app.RolePeriodEnd: 0.9, app.RoleEvent: 0.85, app.RoleIssued: 0.85, app.RoleSigned: 0.85, app.RolePeriodStart: 0.6,
}

// sameRole is the factor by which each date already proposed with a role
// lowers another of that role.
const sameRole = 0.55

// rank returns the most useful candidates with a role, one per value, at
// most app.MaxProposedDates.
func rank(cs []*candidate, blocks int) []*candidate {
	var kept []*candidate
	for _, c := range cs {
		if c.role == app.NoRole || c.prob < minRoleProb {
			continue
		}
		c.useful = c.prob * roleWeight[c.role] * (1 + 0.15*math.Log(float64(max(1, c.count)))) * position(c.block, blocks)
		kept = append(kept, c)
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].useful > kept[j].useful })
	// The most useful first; a role already proposed counts for less, so
	// a filing's period, signature and meeting come before three of its
	// period ends.
	seen := map[string]bool{}
	roles := map[string]int{}
	var out []*candidate
	for len(out) < app.MaxProposedDates {
		var best *candidate
		score := 0.0
		for _, c := range kept {
			if seen[c.Value.String()] {
				continue
			}
			if s := c.useful * math.Pow(sameRole, float64(roles[c.role])); best == nil || s > score {
				best, score = c, s
			}
		}
		if best == nil {
			break
		}
		seen[best.Value.String()] = true
		roles[best.role]++
		out = append(out, best)
	}
	return out
}

// fact turns a chosen candidate into a pending fact.
func (e *Extractor) fact(sha string, p *app.Parsed, c *candidate) app.Fact {
	b := p.Blocks[c.block]
	value, _ := json.Marshal(c.Value)
	return app.Fact{
		ID: e.NewID(), DocumentID: "", Type: app.FactDate, Role: c.role, Value: value, SortValue: c.Value.Start,
		Original: b.Text[c.Start:c.End], Quote: b.Text[c.quote[0]:c.quote[1]], BlockID: b.ID,
		QuoteStart: c.quote[0], OriginalStart: c.Start - c.quote[0], Page: b.Page,
		Confidence: math.Round(c.prob*1000) / 1000, State: app.FactPending, Extractor: Name, Version: Version,
		SourceSHA256: sha,
	}
}

// sentence returns the bounds of the sentence holding text[start:end],
// at most maxQuoteBytes on each side, snapped to whole words.
func sentence(text string, start, end int) (int, int) {
	lo := max(0, start-maxQuoteBytes)
	s := lo
	for i := start - 1; i >= lo; i-- {
		if sentenceEnd(text, i) || (i > 0 && text[i] == '\n' && text[i-1] == '\n') {
			s = i + 1
			break
		}
	}
	if s == lo && lo > 0 {
		for s < start && text[s] != ' ' && text[s] != '\n' {
			s++
		}
	}
	hi := min(len(text), end+maxQuoteBytes)
	e := hi
	for i := end; i < hi; i++ {
		if sentenceEnd(text, i) {
			e = i + 1
			break
		}
		if text[i] == '\n' && i+1 < len(text) && text[i+1] == '\n' {
			e = i
			break
		}
	}
	if e == hi && hi < len(text) {
		for e > end && text[e-1] != ' ' && text[e-1] != '\n' {
			e--
		}
	}
	for s < start && (text[s] == ' ' || text[s] == '\n' || text[s] == '\t') {
		s++
	}
	for e > end && (text[e-1] == ' ' || text[e-1] == '\n' || text[e-1] == '\t') {
		e--
	}
	return s, e
}

// sentenceEnd reports a full stop, question or exclamation mark, or
// semicolon at text[i] followed by a space and a capital or digit.
func sentenceEnd(text string, i int) bool {
	switch text[i] {
	case '.', '!', '?', ';':
	default:
		return false
	}
	if i+2 >= len(text) || (text[i+1] != ' ' && text[i+1] != '\n') {
		return false
	}
	c := text[i+2]
	return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '(' || c == '"'
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	if i := strings.IndexByte(s, ' '); i >= 0 {
		s = s[i+1:]
	}
	return s
}
