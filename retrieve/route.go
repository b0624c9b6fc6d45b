package retrieve

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"archivist/app"
	"archivist/retrieve/jev"
	"archivist/retrieve/jev/lex"
	"archivist/store"
)

// Router finds evidence the way a person reads an archive (DESIGN.md §4,
// "JEV Choice" and "JEV Score"): it walks the accessible hierarchy —
// library, documents, sections — asking its decision provider which
// children of each menu lead to the answer, keeps a beam of the best routes,
// hands the passages of the sections it reaches to the provider for
// usefulness scores, and returns the useful ones, best first.
//
// The FTS5 candidate pass seeds a direct-candidate branch of the library
// menu; every explored document also offers a statistics branch; and a
// useful passage's cross-references ("see Note 7") are followed.
type Router struct {
	Provider jev.Provider
	Limits   Limits

	mu         sync.Mutex
	profiles   map[string]*docProfile   // by document ID + import time
	structures map[string]*docStructure // likewise
	// counts caches term statistics (passages in a scope, passages
	// matching an expression in it) while the index stamp stays the same.
	counts     map[string]int
	countStamp string
}

// Limits are the router's budgets; DefaultLimits holds the design's.
type Limits struct {
	Beam             int     // routes kept for expansion
	MenuOptions      int     // children per menu (plus none)
	ChoicePerRequest int     // routing questions per request
	MenuChars        int     // menu characters per request
	Expansions       int     // menus asked per question
	Scores           int     // passages scored per question
	ScoresPerRequest int     // passage questions per scoring request
	Floor            float64 // lowest edge probability
	Keep             float64 // usefulness a passage needs to be evidence
	Stop             float64 // usefulness that ends the search
	CoverageAfter    int     // partial passages before the evidence-set check
	FairVisits       int     // section visits in one document before unvisited documents come first
	Direct           int     // documents the direct-candidate branch proposes
	Passages         int     // passages returned
	Chars            int     // characters returned
	ExcerptChars     int     // excerpt characters per section menu entry
	Excerpts         int     // excerpt windows per section menu entry
}

// DefaultLimits are the numbers DESIGN.md §4 fixes.
var DefaultLimits = Limits{
	Beam: 4, MenuOptions: jev.MaxMenuOptions, ChoicePerRequest: jev.MaxChoicePerReq, MenuChars: jev.MaxMenuCharsPerReq,
	Expansions: 96, Scores: 96, ScoresPerRequest: jev.MaxScorePerReq, Floor: 0.000001, Keep: 1.5, Stop: 2.75,
	CoverageAfter: 3, FairVisits: 8, Direct: 8, Passages: 12, Chars: 24000, ExcerptChars: app.MaxWindowChars, Excerpts: 3,
}

// NewRouter returns a router asking p, with the design's limits.
func NewRouter(p jev.Provider) *Router {
	return &Router{Provider: p, Limits: DefaultLimits}
}

// Gather finds q's evidence inside snap: the useful passages, ordered by
// usefulness then route score, as app.Evidence (at most app.MaxSources
// documents), and the trace of how they were found. A provider failure
// fails the question; no evidence is ever made up.
func (r *Router) Gather(ctx context.Context, snap *store.Snapshot, q app.Question) (*app.Evidence, *Trace, error) {
	ev := &app.Evidence{Question: q, Terms: Terms(q.Text), Blocks: map[string]app.Block{}, Sections: map[string]string{}}
	tr := &Trace{Provider: r.Provider.Name(), Edges: []TraceEdge{}, Visits: []TraceVisit{}, Results: []TraceResult{}, Coverage: []TraceCheck{}}
	if len(q.Scope.DocumentIDs) > app.MaxSelectedDocuments && q.Scope.FolderID == "" && !q.Scope.FromQuery { // a folder or a search has no limit
		return nil, nil, app.Errorf(app.EInvalid, "A question can be scoped to at most %d documents; %d are selected.",
			app.MaxSelectedDocuments, len(q.Scope.DocumentIDs))
	}
	if len(ev.Terms) == 0 {
		tr.Stopped = "no terms"
		return ev, tr, nil
	}
	docs, err := snap.ReadyDocuments(ctx, q.Scope.DocumentIDs)
	if err != nil {
		return nil, nil, fmt.Errorf("retrieve: route: %w", err)
	}
	if len(docs) == 0 {
		tr.Stopped = "explored everything"
		return ev, tr, nil
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].ID < docs[j].ID })
	w := &walk{r: r, lim: r.limits(), snap: snap, question: q, ev: ev, tr: tr,
		docs: map[string]*docState{}, pending: map[string]*candidate{}, scored: map[string]bool{}, reached: map[string]bool{}}
	if err := w.prepare(ctx, docs); err != nil {
		return nil, nil, err
	}
	if err := w.run(ctx); err != nil {
		return nil, nil, err
	}
	if err := w.assemble(ctx); err != nil {
		return nil, nil, err
	}
	return ev, tr, nil
}

func (r *Router) limits() Limits {
	l := r.Limits
	if l.Beam == 0 {
		l = DefaultLimits
	}
	return l
}

// walk is the state of one question's traversal.
type walk struct {
	r        *Router
	lim      Limits
	snap     *store.Snapshot
	question app.Question
	ev       *app.Evidence
	tr       *Trace

	query   *lex.Query
	hints   *jev.Hints
	match   string // FTS5 expression of the question's concepts
	scope   []string
	docs    map[string]*docState
	order   []*docState // documents in ID order
	root    *node
	seq     int // node ID counter for groups
	nodes   map[string]*node
	reached map[string]bool

	frontier []*route // reached routes awaiting expansion (the beam)
	deferred []*route

	docBest  map[string]float64 // FTS5 relevance of each document's best passage, best in scope = 1
	bestRank float64            // bm25 of the best passage in scope (negative)
	hits     []store.Hit        // the FTS5 pass over the scope, best first
	hitsOf   map[string][]store.Hit
	// firstStems maps the first word of each concept form to the concept,
	// for cutting excerpt windows.
	firstStems map[string]int
	pending    map[string]*candidate
	scored     map[string]bool
	kept       []*candidate
	checked    string // the partial set last checked for coverage
	stopped    string
	xrefs      int
}

// route is a path from the root to a node.
type route struct {
	node      *node
	logSum    float64 // Σ log p over decisions
	decisions int
	from      string
}

// Score is the route score: exp(mean log p over the decisions taken).
func (rt *route) Score() float64 {
	if rt.decisions == 0 {
		return 1
	}
	return math.Exp(rt.logSum / float64(rt.decisions))
}

// child extends a route by an edge of probability p; a menu of one child
// is not a decision.
func (rt *route) child(n *node, p float64, decision bool, floor float64) *route {
	c := &route{node: n, logSum: rt.logSum, decisions: rt.decisions, from: rt.node.id}
	if decision {
		c.logSum += math.Log(math.Max(p, floor))
		c.decisions++
	}
	return c
}

// prepare analyses the question, weighs its terms over the scope, and
// builds the library level of the tree.
func (w *walk) prepare(ctx context.Context, docs []app.Document) error {
	for _, d := range docs {
		ds := &docState{doc: d}
		w.docs[d.ID] = ds
		w.order = append(w.order, ds)
	}
	if !w.question.Scope.All() {
		for _, d := range docs {
			w.scope = append(w.scope, d.ID)
		}
	}
	if err := w.weighTerms(ctx); err != nil {
		return err
	}
	if err := w.rankPassages(ctx); err != nil {
		return err
	}
	w.nodes = map[string]*node{}
	for _, ds := range w.order {
		ds.node = w.addNode(&node{id: "doc:" + ds.doc.ID, kind: kindDocument, doc: ds, label: ds.doc.Title})
	}
	if len(w.order) == 1 {
		w.root = w.order[0].node
	} else {
		w.root = w.addNode(&node{id: "library", kind: kindLibrary, label: "All documents in scope"})
		direct, err := w.directCandidates(ctx)
		if err != nil {
			return err
		}
		var items []*node
		if len(direct) > 0 {
			items = append(items, w.addNode(&node{id: "direct", kind: kindDirect, label: "Documents matching the question by name or headings", items: direct}))
		}
		for _, ds := range w.order {
			items = append(items, ds.node)
		}
		w.root.items = items
	}
	return nil
}

func (w *walk) addNode(n *node) *node {
	w.nodes[n.id] = n
	return n
}

// weighTerms counts, for every concept of the question, the passages in
// scope that hold it: inverse document frequencies weigh the concepts,
// and a concept no passage holds is marked absent.
func (w *walk) weighTerms(ctx context.Context) error {
	q := lex.Analyze(w.question.Text, nil)
	stamp, err := w.snap.IndexStamp(ctx)
	if err != nil {
		return fmt.Errorf("retrieve: route: %w", err)
	}
	scopeKey := strings.Join(w.scope, ",")
	n, err := w.r.count(stamp, "n\x00"+scopeKey, func() (int, error) { return w.snap.PassageCount(ctx, w.scope) })
	if err != nil {
		return fmt.Errorf("retrieve: route: %w", err)
	}
	matchCount := func(expr string) (int, error) {
		return w.r.count(stamp, "m\x00"+scopeKey+"\x00"+expr, func() (int, error) {
			// Exact up to the candidate budget, estimated past it: a
			// word in most of a large library costs no more to weigh.
			return w.snap.EstimateMatchCount(ctx, expr, w.scope, CandidateBudget)
		})
	}
	h := &jev.Hints{IDF: map[string]float64{}, Absent: map[string]bool{}}
	idf := func(df int) float64 {
		// FTS5's own idf: a concept in most passages says almost nothing.
		return math.Max(1e-6, math.Log((float64(n)-float64(df)+0.5)/(float64(df)+0.5)))
	}
	type searched struct {
		phrases []string
		df      int
	}
	var all, found []searched
	for _, c := range q.Concepts {
		expr := phrasesMatch(c.Phrases)
		if expr == "" {
			continue
		}
		df, err := matchCount(expr)
		if err != nil {
			return fmt.Errorf("retrieve: route: %w", err)
		}
		h.IDF[c.Name] = idf(df)
		if df == 0 {
			h.Absent[c.Name] = true
		}
		if c.Kind == lex.Entity && len(c.Forms) > 1 {
			// How rare is each word of the name, and, when the whole name
			// is nowhere, which of them are? Text holding only "general"
			// of "General Mills" is not about the company.
			for k, f := range c.Forms[1:] {
				wdf, err := matchCount(phrasesMatch(c.Phrases[k+1 : k+2]))
				if err != nil {
					return fmt.Errorf("retrieve: route: %w", err)
				}
				if _, ok := h.IDF[f[0]]; !ok {
					h.IDF[f[0]] = idf(wdf)
				}
				if df == 0 && wdf == 0 {
					h.Absent[f[0]] = true
				}
			}
		}
		if df > 0 {
			found = append(found, searched{c.Phrases, df})
			if len(w.order) == 1 || float64(df) <= maxMatchShare*float64(n) {
				all = append(all, searched{c.Phrases, df})
			}
		}
	}
	w.hints = h
	w.query = lex.Analyze(w.question.Text, h.IDF)
	if len(all) == 0 {
		all = found // every concept is common: search them all
	}
	// Past the candidate budget the most frequent concepts go (n bounds
	// the rows the pass can rank, so a small scope keeps them all).
	keep := make([]bool, len(all))
	if n > CandidateBudget {
		dfs := make([]int, len(all))
		for i, c := range all {
			dfs[i] = c.df
		}
		keep = fitBudget(dfs, CandidateBudget)
	} else {
		for i := range keep {
			keep[i] = true
		}
	}
	var phrases []string
	for i, c := range all {
		if keep[i] {
			phrases = append(phrases, c.phrases...)
		}
	}
	w.match = phrasesMatch(phrases)
	return nil
}

// countEntries bounds the cached term statistics.
const countEntries = 16384

// count returns the cached count under key, computing and caching it when
// missing; a new index stamp empties the cache.
func (r *Router) count(stamp, key string, compute func() (int, error)) (int, error) {
	r.mu.Lock()
	if r.countStamp != stamp || len(r.counts) >= countEntries {
		r.counts, r.countStamp = map[string]int{}, stamp
	}
	n, ok := r.counts[key]
	r.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := compute()
	if err != nil {
		return 0, err
	}
	r.mu.Lock()
	if r.countStamp == stamp {
		r.counts[key] = n
	}
	r.mu.Unlock()
	return n, nil
}

// scopeHits bounds the one FTS5 pass of a question: it ranks passages for
// the whole scope at once (bm25 shares its statistics across the index,
// so ranks from different documents compare), seeding the direct-candidate
// branch and the order of passages inside every explored document.
// Across several documents fewer hits go further: a passage far down the
// whole scope's ranking is no better a prior than none, and every hit is a
// row read and joined.
const (
	scopeHitsOne  = 400 // one document in scope
	scopeHitsMany = 300 // several
)

func (w *walk) rankPassages(ctx context.Context) error {
	w.hitsOf = map[string][]store.Hit{}
	if w.match == "" {
		return nil
	}
	limit := scopeHitsMany
	if len(w.order) == 1 {
		limit = scopeHitsOne
	}
	hits, err := w.snap.SearchTop(ctx, w.match, w.scope, limit)
	if err != nil {
		return fmt.Errorf("retrieve: route: %w", err)
	}
	w.hits = hits
	if len(hits) > 0 {
		w.bestRank = hits[0].Rank
	}
	for _, h := range hits {
		w.hitsOf[h.DocumentID] = append(w.hitsOf[h.DocumentID], h)
	}
	return nil
}

// maxMatchShare leaves out of a multi-document FTS5 pass the concepts most
// passages in scope hold: bm25 gives them almost no weight, and their long
// posting lists are most of its cost. (Inside one document they still
// rank its passages: a year or the company's name tells its statements
// from its boilerplate.)
const maxMatchShare = 0.3

// phrasesMatch is an FTS5 expression matching any of the phrases, each
// quoted so nothing in a question is FTS syntax.
func phrasesMatch(phrases []string) string {
	var parts []string
	seen := map[string]bool{}
	for _, p := range phrases {
		p = strings.TrimSpace(p)
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		parts = append(parts, `"`+strings.ReplaceAll(p, `"`, `""`)+`"`)
	}
	return strings.Join(parts, " OR ")
}

// run is the traversal: expand the beam, score what it reaches, stop on a
// decisive passage, a covering evidence set, or a spent budget.
func (w *walk) run(ctx context.Context) error {
	w.frontier = []*route{{node: w.root}}
	if err := w.reach(ctx, w.frontier[0]); err != nil {
		return err
	}
	w.frontier = w.expandable(w.frontier)
	for w.stopped == "" {
		if err := ctx.Err(); err != nil {
			return app.Errorf(app.ECancelled, "The question was cancelled.")
		}
		progressed := false
		if len(w.frontier) > 0 && w.tr.Expansions < w.lim.Expansions {
			if err := w.expand(ctx); err != nil {
				return err
			}
			progressed = true
		}
		if len(w.pending) > 0 && w.tr.Scores < w.lim.Scores {
			// Routing and scoring alternate, so evidence found early can
			// end the walk and passages reached later by better routes
			// go first; with nothing left to route, two requests go at
			// once.
			requests := 1
			if len(w.frontier) == 0 || w.tr.Expansions >= w.lim.Expansions {
				requests = jev.MaxInFlight
			}
			if err := w.scoreRound(ctx, requests); err != nil {
				return err
			}
			progressed = true
		}
		if w.stopped != "" {
			break
		}
		if w.tr.Scores >= w.lim.Scores {
			w.stopped = "scoring budget"
			break
		}
		if len(w.frontier) == 0 && len(w.pending) == 0 {
			// Weak evidence: deferred routes come back.
			ok, err := w.promoteDeferred(ctx)
			if err != nil {
				return err
			}
			if !ok {
				if w.tr.Expansions >= w.lim.Expansions {
					w.stopped = "expansion budget"
				} else {
					w.stopped = "explored everything"
				}
				break
			}
			progressed = true
		}
		if !progressed {
			if w.tr.Expansions >= w.lim.Expansions && len(w.pending) == 0 {
				w.stopped = "expansion budget"
			} else {
				w.stopped = "explored everything"
			}
		}
	}
	return nil
}

// admits reports whether a menu of mc characters may join a routing
// request that holds n menus of chars characters so far. The first menu
// always goes (menuFor sizes one menu within the bound).
func (l Limits) admits(n, chars, mc int) bool {
	return n == 0 || n < l.ChoicePerRequest && chars+mc <= l.MenuChars
}

// expandable keeps the routes whose nodes have children to ask about.
func (w *walk) expandable(routes []*route) []*route {
	var out []*route
	for _, rt := range routes {
		if rt.node.hasChildren() {
			out = append(out, rt)
		}
	}
	return out
}

// expand asks the menus of up to ChoicePerRequest beam routes in one
// request, then rebuilds the beam from their children and the rest.
func (w *walk) expand(ctx context.Context) error {
	batch, rest := w.pickForExpansion()
	var menus []*menu
	chars := 0
	for i, rt := range batch {
		if w.tr.Expansions+len(menus) >= w.lim.Expansions {
			rest = append(rest, batch[i:]...)
			break
		}
		m, err := w.menuFor(ctx, rt)
		if err != nil {
			return err
		}
		if m == nil {
			continue
		}
		if len(m.children) == 1 {
			// One child is not a decision: step through.
			c := rt.child(m.children[0], 1, false, w.lim.Floor)
			w.edge(rt, m.children[0], 1, 0, c.Score(), "beam")
			rest = append(rest, c)
			if err := w.reach(ctx, c); err != nil {
				return err
			}
			continue
		}
		mc := m.chars()
		if !w.lim.admits(len(menus), chars, mc) {
			rest = append(rest, rt)
			continue
		}
		menus = append(menus, m)
		chars += mc
	}
	var next []*route
	if len(menus) > 0 {
		req := &jev.Request{State: w.question.Text, Hints: w.hints}
		for i, m := range menus {
			req.Questions = append(req.Questions, m.question(fmt.Sprintf("menu%d", i+1)))
		}
		w.tr.Requests++
		w.tr.Expansions += len(menus)
		answers, err := jev.Decide(ctx, w.r.Provider, req)
		if err != nil {
			return err
		}
		for i, m := range menus {
			a := answers[fmt.Sprintf("menu%d", i+1)]
			next = append(next, w.decide(m, a)...)
		}
	}
	return w.rebeam(ctx, append(next, w.expandableOrLeaf(rest)...))
}

func (w *walk) expandableOrLeaf(routes []*route) []*route {
	var out []*route
	for _, rt := range routes {
		if rt.node.hasChildren() || !w.reached[rt.node.id] {
			out = append(out, rt)
		}
	}
	return out
}

// decide turns a menu's answer into child routes: a child no more likely
// than none is deferred, not excluded.
func (w *walk) decide(m *menu, a jev.Answer) []*route {
	pNone := a.Probabilities[jev.NoneLabel]
	var out []*route
	for i, c := range m.children {
		p := a.Probabilities[m.labels[i]]
		rt := m.from.child(c, p, true, w.lim.Floor)
		if p <= pNone {
			w.edge(m.from, c, p, pNone, rt.Score(), "deferred")
			w.deferred = append(w.deferred, rt)
			continue
		}
		w.edge(m.from, c, p, pNone, rt.Score(), "")
		out = append(out, rt)
	}
	return out
}

// rebeam keeps the Beam best routes (fairness first), reaches the new
// ones, and defers the rest.
func (w *walk) rebeam(ctx context.Context, cands []*route) error {
	cands = w.dedupe(cands)
	sortRoutes(cands)
	cands = w.fairOrder(cands)
	var beam []*route
	for _, rt := range cands {
		if len(beam) < w.lim.Beam {
			beam = append(beam, rt)
			continue
		}
		w.deferred = append(w.deferred, rt)
		w.markOutcome(rt, "deferred")
	}
	for _, rt := range beam {
		w.markOutcome(rt, "beam")
		if !w.reached[rt.node.id] {
			if err := w.reach(ctx, rt); err != nil {
				return err
			}
		}
	}
	w.frontier = w.expandable(beam)
	return nil
}

// dedupe keeps the best route to each node not yet expanded.
func (w *walk) dedupe(routes []*route) []*route {
	best := map[string]*route{}
	var order []string
	for _, rt := range routes {
		if rt.node.expanded {
			continue
		}
		id := rt.node.id
		if b, ok := best[id]; !ok {
			best[id] = rt
			order = append(order, id)
		} else if rt.Score() > b.Score() {
			best[id] = rt
		}
	}
	out := make([]*route, 0, len(order))
	for _, id := range order {
		out = append(out, best[id])
	}
	return out
}

func sortRoutes(rs []*route) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Score() > rs[j].Score() })
}

// pickForExpansion returns the frontier routes to ask about now, best
// first, and the rest.
func (w *walk) pickForExpansion() (batch, rest []*route) {
	fr := append([]*route(nil), w.frontier...)
	sortRoutes(fr)
	fr = w.fairOrder(fr)
	n := min(len(fr), w.lim.ChoicePerRequest)
	return fr[:n], fr[n:]
}

// fairOrder applies the visit rule: once a document has had FairVisits
// section visits (and again after each further FairVisits), the best route
// into a document not yet visited — from the candidates or the deferred
// pool — goes before that document's remaining sections.
func (w *walk) fairOrder(routes []*route) []*route {
	var due *docState
	for _, ds := range w.order {
		if ds.visits >= w.lim.FairVisits && ds.visits/w.lim.FairVisits > ds.served {
			due = ds
			break
		}
	}
	if due == nil {
		return routes
	}
	// The best route into an unvisited document, wherever it waits.
	pick, from := -1, ""
	bestScore := -1.0
	for i, rt := range routes {
		if d := rt.node.doc; d != nil && d.visits == 0 && rt.Score() > bestScore {
			pick, from, bestScore = i, "routes", rt.Score()
		}
	}
	for i, rt := range w.deferred {
		if d := rt.node.doc; d != nil && d.visits == 0 && !w.reached[rt.node.id] && rt.Score() > bestScore {
			pick, from, bestScore = i, "deferred", rt.Score()
		}
	}
	if pick < 0 {
		return routes
	}
	due.served++
	var first *route
	if from == "routes" {
		first = routes[pick]
		routes = append(routes[:pick:pick], routes[pick+1:]...)
	} else {
		first = w.deferred[pick]
		w.deferred = append(w.deferred[:pick:pick], w.deferred[pick+1:]...)
	}
	return append([]*route{first}, routes...)
}

// promoteDeferred brings back the best deferred routes when the beam is
// empty; it reports whether there were any.
func (w *walk) promoteDeferred(ctx context.Context) (bool, error) {
	for len(w.frontier) == 0 && len(w.pending) == 0 {
		var live []*route
		for _, rt := range w.deferred {
			if !rt.node.expanded && !(w.reached[rt.node.id] && !rt.node.hasChildren()) {
				live = append(live, rt)
			}
		}
		w.deferred = nil
		if len(live) == 0 {
			return false, nil
		}
		if err := w.rebeam(ctx, live); err != nil {
			return false, err
		}
	}
	return true, nil
}

// edge records a menu option in the trace.
func (w *walk) edge(from *route, to *node, p, pNone, score float64, outcome string) {
	w.tr.Edges = append(w.tr.Edges, TraceEdge{From: from.node.id, To: to.id, Label: shorten(to.label, 80),
		Probability: round6(p), None: round6(pNone), RouteScore: round6(score), Outcome: outcome})
}

// markOutcome sets the outcome of the latest edge into rt's node that has
// none yet.
func (w *walk) markOutcome(rt *route, outcome string) {
	for i := len(w.tr.Edges) - 1; i >= 0; i-- {
		e := &w.tr.Edges[i]
		if e.To == rt.node.id && e.From == rt.from {
			if e.Outcome == "" {
				e.Outcome = outcome
			}
			return
		}
	}
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
