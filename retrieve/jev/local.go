package jev

import (
	"context"
	"maps"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"archivist/app"
	"archivist/app/lang"
)

// Local is the offline decision provider: a deterministic lexical judge.
// It reads the state as the person's question and measures each option or
// piece of evidence against it — term weights from the archive's own
// statistics (Hints), heading and caption matches, names, periods and
// numbers — then turns the measurements into distributions:
//
//   - choice: a softmax over the options' relevance, with a real "none"
//     whose weight is what an irrelevant option would score, so a menu of
//     poor matches gives most of its mass to none;
//   - score: an ordinal logistic model over the levels, on a quality that
//     falls sharply when a name, period or number the question asks about
//     is missing;
//   - noul: whether the evidence together holds every concept and
//     constraint of the question.
//
// It never calls out and needs nothing configured.
type Local struct{}

// Name returns "local".
func (Local) Name() string { return "local" }

// Calibration of the local judge. A quality of 0 is text sharing nothing
// with the question; 1 is text holding every concept of it within one
// window, with every constraint met.
const (
	choiceSharpness = 9.0  // logit per unit of option relevance
	noneRelevance   = 0.30 // the relevance the none option stands for
	scoreSlope      = 13.0 // ordinal logistic slope over quality
	coverSlope      = 14.0
	coverThreshold  = 0.78 // quality of the union at which P(yes) = 0.5
)

// levelCuts places the boundaries between levels on the quality scale, for
// the four-level usefulness rubric; other level counts spread evenly. With
// these, a passage reaches the 1.5 that keeps it as evidence at a quality
// of about 0.3: a passage holding the question's rarer terms in one place,
// or ranked near the top by the index, is kept even when its text alone
// (a table, a figure's labels) shares few of the question's words.
var levelCuts = []float64{0.13, 0.27, 0.92}

// Decide answers every question of req.
func (Local) Decide(ctx context.Context, req *Request) (map[string]Answer, error) {
	var idf map[string]float64
	var absent map[string]bool
	if req.Hints != nil {
		idf, absent = req.Hints.IDF, req.Hints.Absent
	}
	q, visual := analyze(req.State, idf, absent)
	out := make(map[string]Answer, len(req.Questions))
	for i := range req.Questions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		qu := &req.Questions[i]
		// The evidence's documents' own names for the question's
		// concepts hold for this question only.
		dq := q.WithDefinitions(qu.Abbreviations)
		switch qu.Kind {
		case Choice:
			out[qu.ID] = localChoice(dq, qu, absent)
		case Score:
			out[qu.ID] = localScore(dq, visual, qu, absent)
		case Noul:
			out[qu.ID] = localNoul(dq, qu, absent)
		}
	}
	return out, nil
}

// analyzed is a question analysed for the local judge, with the hints it
// was analysed under.
type analyzed struct {
	state  string
	idf    map[string]float64
	absent map[string]bool
	q      *lang.Query
	visual bool // the question asks about a figure, chart, map or table
}

// Analysing the question costs more than judging a few options, and every
// request of one question carries the same state and hints, so the last
// few analyses are kept. Entries hold copies of the hints, so a caller
// changing its maps later never meets a stale analysis.
const analyzedEntries = 8

var (
	analyzedMu    sync.Mutex
	analyzedCache []analyzed // most recent last
)

// analyze returns lang.Analyze(state, idf) with applyAbsent applied, and
// whether the question asks about a figure, chart, map or table, from the
// cache when the same question came with the same hints. The query is
// shared: the judge only reads it.
func analyze(state string, idf map[string]float64, absent map[string]bool) (*lang.Query, bool) {
	analyzedMu.Lock()
	for i := len(analyzedCache) - 1; i >= 0; i-- {
		e := analyzedCache[i]
		if e.state == state && maps.Equal(e.idf, idf) && maps.Equal(e.absent, absent) {
			analyzedMu.Unlock()
			return e.q, e.visual
		}
	}
	analyzedMu.Unlock()
	q := lang.Analyze(state, idf)
	applyAbsent(q, absent)
	visual := asksVisual.MatchString(q.Text)
	analyzedMu.Lock()
	if len(analyzedCache) == analyzedEntries {
		analyzedCache = append(analyzedCache[:0:0], analyzedCache[1:]...)
	}
	analyzedCache = append(analyzedCache, analyzed{state: state, idf: maps.Clone(idf), absent: maps.Clone(absent), q: q, visual: visual})
	analyzedMu.Unlock()
	return q, visual
}

// applyAbsent drops the weight of topic words no passage in scope holds:
// they are typos or paraphrases and can neither help nor block. Names,
// periods and numbers keep theirs: text cannot satisfy them, which is
// what makes a question about something the archive lacks unanswerable.
func applyAbsent(q *lang.Query, absent map[string]bool) {
	if len(absent) == 0 {
		return
	}
	for i := range q.Concepts {
		c := &q.Concepts[i]
		if !absent[c.Name] {
			continue
		}
		if c.Kind == lang.Topic || c.Kind == lang.Support {
			c.Weight = 0
		}
		if c.Kind == lang.Entity && len(c.Forms) > 1 {
			// A name with some known words is judged by those (see
			// lang.Query.Match); one with none blocks.
			known := false
			for _, f := range c.Forms[1:] {
				if !absent[f[0]] {
					known = true
				}
			}
			if known {
				c.Weight *= 0.6
			}
		}
	}
}

// textOf indexes content: body roles as body, title and headings as
// context; with asBody, headings and titles count as body too (a menu
// entry is its outline).
func textOf(parts []Part, fallback string, asBody bool) *lang.Text {
	if len(parts) == 0 {
		return lang.NewText(fallback)
	}
	var body []string
	var ctx []string
	for _, p := range parts {
		switch {
		case p.Role == RoleEcho:
		case p.Role == RoleBody || p.Role == RoleCaption || p.Role == RoleMeta || p.Role == RoleStatistics || asBody:
			body = append(body, p.Text)
		default:
			ctx = append(ctx, p.Text)
		}
	}
	return lang.NewTextParts(body, ctx...)
}

func localChoice(q *lang.Query, qu *Question, absent map[string]bool) Answer {
	logits := make([]float64, len(qu.Options))
	for i, o := range qu.Options {
		if o.Label == NoneLabel {
			logits[i] = choiceSharpness * noneRelevance
			continue
		}
		f := q.Match(textOf(o.Parts, o.Description, true), absent)
		index := o.IndexScore
		if hasRole(o.Parts, RoleTitle) {
			// A document that is not the one the question names (its
			// title and outline lack the name) is not made the place by
			// its passages sharing the question's other words.
			index *= f.Constraints
		}
		logits[i] = choiceSharpness * (wDesc*f.Relevance() + (1-wDesc)*index) * periodFit(q, o.Parts)
	}
	p := softmax(logits)
	a := Answer{Kind: Choice, Probabilities: map[string]float64{}}
	for i, o := range qu.Options {
		a.Probabilities[o.Label] = p[i]
	}
	a.Choice = argmax(a.Probabilities, qu.Labels())
	return a
}

// quality measures evidence against the question, about 0–1 (the weights
// below sum past 1 so that strong evidence can reach the top level).
func quality(q *lang.Query, f lang.Features, index float64) float64 {
	fit := 1.0
	switch {
	case q.Asked.Figure:
		// Amounts and counts live in tables and figures: text without
		// numbers rarely holds them.
		fit = math.Min(1, 0.4+6*f.Numeric)
	}
	base := wBM*f.BM25 + wIdx*index + wWin*f.Window + wPhr*f.Phrases + wFit*fit
	return base * math.Pow(f.Constraints, wCons)
}

// Weights of the quality of evidence: the passage's own BM25 against the
// question (with context and the parts of derived measures), the index's
// rank of it, the best window, adjacent word pairs and answer shape; the
// product of constraint factors, softened by wCons, scales the sum.
const (
	wBM   = 0.45
	wIdx  = 0.45
	wWin  = 0.1
	wPhr  = 0.1
	wFit  = 0.05
	wCons = 0.5
	// wDesc weighs a menu entry's description against the index's rank of
	// the best passage under it.
	wDesc = 0.5
)

func localScore(q *lang.Query, visual bool, qu *Question, absent map[string]bool) Answer {
	f := q.Match(textOf(qu.EvidenceParts, qu.Evidence, false), absent)
	x := quality(q, f, qu.IndexScore) * periodFit(q, qu.EvidenceParts)
	if (q.Asked.Figure) && f.Numeric > tableNumeric {
		// An amount or count is read off a table or a statement: a
		// passage that is mostly figures is where it is, even when the
		// question's words appear there once, as a row label.
		x += tableBonus
	}
	if f.Tokens < shortTokens && qu.IndexScore > shortIndex {
		// A short passage the index ranks high — a table's header piece,
		// a figure's few labels, a title page — has too few words for its
		// own text to look strong.
		x += shortBonus
	}
	if visual && holdsCaption(qu.EvidenceParts, qu.Evidence) {
		// A question about a figure, chart or table is answered where one
		// is: its numbered caption is there even when its labels share
		// few of the question's words.
		x += visualBonus
	}
	if hasRole(qu.EvidenceParts, RoleStatistics) && q.Asked.Type != lang.CountType {
		// Computed statistics answer counting questions, not others.
		x *= 0.3
	}
	return ScoreAnswer(ordinal(x, len(qu.Levels)))
}

// ordinal spreads quality over n levels: P(level ≥ j) = σ(slope (x − cut_j)).
func ordinal(x float64, n int) []float64 {
	cuts := levelCuts
	if n != len(levelCuts)+1 {
		cuts = make([]float64, n-1)
		for j := range cuts {
			cuts[j] = float64(j+1) / float64(n)
		}
	}
	atLeast := make([]float64, n+1)
	atLeast[0] = 1
	for j := 1; j < n; j++ {
		atLeast[j] = math.Min(atLeast[j-1], sigmoid(scoreSlope*(x-cuts[j-1])))
	}
	p := make([]float64, n)
	for j := 0; j < n; j++ {
		p[j] = atLeast[j] - atLeast[j+1]
	}
	return p
}

// ScoreAnswer makes a score answer from level probabilities.
func ScoreAnswer(p []float64) Answer {
	a := Answer{Kind: Score, Probabilities: map[string]float64{}}
	for j, v := range p {
		a.Probabilities[strconv.Itoa(j)] = v
		a.Score += float64(j) * v
	}
	return a
}

// localNoul answers the evidence-set question: do these passages together
// cover the question? The union must hold every concept in some passage's
// text (a title or heading alone does not count) with every constraint met,
// and the best passages must each be useful on their own: three
// passages sharing the question's words are not yet its answer.
func localNoul(q *lang.Query, qu *Question, absent map[string]bool) Answer {
	var bodies []string
	var ctx []string
	var each []float64
	flush := func(body []string, c []string) {
		if len(body) == 0 {
			return
		}
		f := q.Match(lang.NewTextParts(body, c...), absent)
		// Without the index's rank (not asked here), so a passage needs
		// its own text to look strong.
		each = append(each, quality(q, f, 0))
	}
	var body, c []string
	for _, p := range qu.EvidenceParts {
		switch p.Role {
		case RoleTitle:
			// A title starts the next passage.
			flush(body, c)
			body, c = nil, []string{p.Text}
			ctx = append(ctx, p.Text)
		case RoleHeading:
			c = append(c, p.Text)
			ctx = append(ctx, p.Text)
		case RoleBody, RoleStatistics, RoleCaption:
			body = append(body, p.Text)
			bodies = append(bodies, p.Text)
		}
	}
	flush(body, c)
	if len(bodies) == 0 {
		bodies = []string{qu.Evidence}
	}
	union := q.Match(lang.NewTextParts(bodies, ctx...), absent)
	sort.Sort(sort.Reverse(sort.Float64Slice(each)))
	top := 0.0
	for i := 0; i < len(each) && i < 3; i++ {
		top += each[i] / 3
	}
	x := math.Min(union.Coverage*union.Constraints, top)
	return Answer{Kind: Noul, Yes: sigmoid(coverSlope * (x - coverThreshold))}
}

// periodFit weighs a document's own period against the question's: a
// document named for a year (a filing, an annual report) is the likelier
// source for that year than for another. 1 when either names no year.
func periodFit(q *lang.Query, parts []Part) float64 {
	if len(q.Years) == 0 {
		return 1
	}
	own := map[int]bool{}
	for _, p := range parts {
		if p.Role != RoleTitle {
			continue
		}
		for _, y := range titleYears(p.Text) {
			own[y] = true
		}
	}
	if len(own) == 0 {
		return 1
	}
	latest := q.Years[len(q.Years)-1]
	switch {
	case own[latest]:
		return 1
	case own[latest+1] || own[latest-1]:
		return periodNear
	}
	for _, y := range q.Years {
		if own[y] {
			return periodNear
		}
	}
	return periodOther
}

// A library has few titles, and every menu and scored passage names one:
// the years each names are kept, up to titleEntries titles.
const titleEntries = 4096

var (
	titleMu    sync.Mutex
	titleCache = map[string][]int{}
)

// titleYears is lang.YearsIn(title), cached. The slice is shared: read it
// only.
func titleYears(title string) []int {
	titleMu.Lock()
	ys, ok := titleCache[title]
	titleMu.Unlock()
	if ok {
		return ys
	}
	ys = lang.YearsIn(title)
	titleMu.Lock()
	if len(titleCache) >= titleEntries {
		titleCache = map[string][]int{}
	}
	titleCache[title] = ys
	titleMu.Unlock()
	return ys
}

// The period fit of a document named for the year before or after the one
// asked about (a filing reports the prior year too), and for another.
const (
	periodNear  = 0.7
	periodOther = 0.5
)

// For a question asking for an amount or a count, a passage whose body is
// more than tableNumeric numbers gains tableBonus of quality.
const (
	tableNumeric = 0.2
	tableBonus   = 0.1
)

// A passage of fewer than shortTokens body tokens whose index score
// exceeds shortIndex gains shortBonus of quality.
const (
	shortTokens = 60
	shortIndex  = 0.3
	shortBonus  = 0.1
)

// visualBonus is the quality a numbered caption adds for a question about
// a figure, chart, map or table.
const visualBonus = 0.15

var (
	asksVisual = regexp.MustCompile(`(?i)\b(figures?|fig\.|charts?|graphs?|maps?|diagrams?|tables?|images?|pictures?|photos?|photographs?|plots?|illustrations?)\b`)
)

// holdsCaption reports whether the evidence body has a numbered caption
// line ("Figure 3: …", "Table 2"), by the one definition the import stores
// captions with (app.NumberedCaption).
func holdsCaption(parts []Part, fallback string) bool {
	if len(parts) == 0 {
		return captionLine(fallback)
	}
	for _, p := range parts {
		if (p.Role == RoleBody || p.Role == RoleCaption) && captionLine(p.Text) {
			return true
		}
	}
	return false
}

func captionLine(text string) bool {
	for line := range strings.SplitSeq(text, "\n") {
		if _, _, ok := app.NumberedCaption(line); ok {
			return true
		}
	}
	return false
}

func hasRole(parts []Part, r Role) bool {
	for _, p := range parts {
		if p.Role == r {
			return true
		}
	}
	return false
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func softmax(x []float64) []float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, v)
	}
	out := make([]float64, len(x))
	sum := 0.0
	for i, v := range x {
		out[i] = math.Exp(v - m)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}
