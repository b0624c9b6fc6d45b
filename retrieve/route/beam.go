package route

import (
	"context"
	"fmt"
	"sort"

	"archivist/app"
	"archivist/retrieve/jev"
)

// The beam: expanding the best routes a menu at a time, keeping the best
// few, and recording every edge for the trace.

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
		if c.kind == kindDocument {
			w.chose = true
		}
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
//
// Which route is best depends on what routing has said about documents.
// When it rated some document above "none of these", or the question
// names a document, the route scores order the unvisited documents. When
// it rated every document at or below "none" and no name points at one,
// those scores are all "probably not here" and do not tell the documents
// apart; the FTS5 pass's document order does, so the next document is the
// one whose passages the pass ranks first (documents it does not rank
// come after, by route score).
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
	merit := func(rt *route) float64 { return rt.Score() } // at most 1
	if !w.chose && !w.named {
		rank := w.lexicalRank()
		merit = func(rt *route) float64 {
			if r, ok := rank[rt.node.doc]; ok {
				return float64(2 + len(rank) - r) // above every route score
			}
			return rt.Score()
		}
	}
	pick, from := -1, ""
	best := -1.0
	for i, rt := range routes {
		if d := rt.node.doc; d != nil && d.visits == 0 && merit(rt) > best {
			pick, from, best = i, "routes", merit(rt)
		}
	}
	for i, rt := range w.deferred {
		if d := rt.node.doc; d != nil && d.visits == 0 && !w.reached[rt.node.id] && merit(rt) > best {
			pick, from, best = i, "deferred", merit(rt)
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

// lexicalRank numbers the documents of the FTS5 pass by their best
// passage, best first.
func (w *walk) lexicalRank() map[*docState]int {
	if w.lexRank == nil {
		w.lexRank = map[*docState]int{}
		for _, h := range w.hits {
			if ds := w.docs[h.DocumentID]; ds != nil {
				if _, ok := w.lexRank[ds]; !ok {
					w.lexRank[ds] = len(w.lexRank)
				}
			}
		}
	}
	return w.lexRank
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
	if e := w.tr.lastEdge(rt.from, rt.node.id); e != nil && e.Outcome == "" {
		e.Outcome = outcome
	}
}
