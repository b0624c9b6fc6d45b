package route

import (
	"context"
	"fmt"
	"sort"

	"archivist/app"
	"archivist/app/lang"
	"archivist/store"
)

type nodeKind int

const (
	kindLibrary nodeKind = iota
	kindGroup
	kindDirect
	kindDocument
	kindSection
	kindStats
)

// node is a place in the accessible hierarchy: the library, a group of
// siblings too many for one menu, the direct-candidate branch, a document,
// a section, or a document's statistics branch.
type node struct {
	id       string
	kind     nodeKind
	label    string
	doc      *docState
	sec      int     // section index, for sections
	items    []*node // members of the library, a group or the direct branch
	expanded bool
}

// hasChildren reports whether the node still has a menu to ask.
func (n *node) hasChildren() bool {
	if n.expanded {
		return false
	}
	switch n.kind {
	case kindLibrary, kindGroup, kindDirect:
		return len(n.items) > 0
	case kindDocument:
		return true // sections, or at least the statistics branch
	case kindSection:
		return n.doc.loaded && len(n.doc.liveKids(n.sec)) > 0
	}
	return false
}

// docState is one document as the walk knows it; its full structure loads
// only when the walk explores it.
type docState struct {
	doc    app.Document
	rank   int // place in the library's order (inLibraryOrder), which breaks ties
	node   *node
	loaded bool
	*docStructure

	prior  map[int64]float64 // FTS5 bm25 of the question, relative to the best in scope
	labels map[string]int    // printed page labels, read when a reference names a page
	nodes  map[int]*node
	stats  *node

	located bool // the question's locators were resolved in it

	// defs are the abbreviations the document defines that name a
	// concept of the question (lang.Query.Defined), read at load: the
	// local judge meets the question's short form in the document's long
	// one and the other way round.
	defs []lang.Abbreviation

	visits int // sections reached
	served int // fairness rounds granted to other documents
}

// docStructure is what a question needs of a document's structure: its
// section tree, passage list and heading paths. It is read-only once built,
// and the Router keeps it between questions while the document's passages
// stay the same (see store.PassageStamp).
type docStructure struct {
	stamp    string
	sections []app.Section
	kids     [][]int // child sections of each section
	own      [][]int // passages (indices into refs) each section holds itself
	subtree  []int   // passages in each section's subtree
	refs     []store.PassageRef
	paths    map[string]string
	secIndex map[string]int
	rowIndex map[int64]int // passage rowid → index into refs
}

// refAt returns the index into refs of the passage with rowid.
func (st *docStructure) refAt(rowid int64) (int, bool) {
	i, ok := st.rowIndex[rowid]
	return i, ok
}

// structures bounds the document structures a Router keeps.
const structures = 512

// load gives a document its structure and the question's ranking of its
// passages.
func (w *walk) load(ctx context.Context, ds *docState) error {
	if ds.loaded {
		return nil
	}
	st, err := w.r.structureOf(ctx, w.snap, ds.doc)
	if err != nil {
		return err
	}
	ds.docStructure = st
	defs, err := w.snap.Abbreviations(ctx, []string{ds.doc.ID})
	if err != nil {
		return fmt.Errorf("retrieve: route: %w", err)
	}
	ds.defs = w.query.Defined(lexAbbreviations(defs[ds.doc.ID]))
	reportExplored(ctx, w.order)
	ds.prior = map[int64]float64{}
	if w.bestRank < 0 {
		for _, h := range w.hitsOf[ds.doc.ID] {
			ds.prior[h.RowID] = h.Rank / w.bestRank
		}
	}
	ds.nodes = map[int]*node{}
	ds.loaded = true
	return nil
}

func lexAbbreviations(defs []app.Abbreviation) []lang.Abbreviation {
	out := make([]lang.Abbreviation, len(defs))
	for i, d := range defs {
		out[i] = lang.Abbreviation{Short: d.Short, Long: d.Long}
	}
	return out
}

// structureOf returns a document's structure, from the cache when its
// passages have not changed.
func (r *Router) structureOf(ctx context.Context, snap *store.Snapshot, d app.Document) (*docStructure, error) {
	stamp, err := snap.PassageStamp(ctx, d.ID)
	if err != nil {
		return nil, fmt.Errorf("retrieve: route: %w", err)
	}
	key := profileKey(d)
	r.mu.Lock()
	st, ok := r.structures[key]
	r.mu.Unlock()
	if ok && st.stamp == stamp {
		return st, nil
	}
	secs, err := snap.SectionTree(ctx, d.ID)
	if err != nil {
		return nil, fmt.Errorf("retrieve: route: %w", err)
	}
	refs, err := snap.PassageRefs(ctx, d.ID)
	if err != nil {
		return nil, fmt.Errorf("retrieve: route: %w", err)
	}
	paths, err := snap.SectionPaths(ctx, d.ID)
	if err != nil {
		return nil, fmt.Errorf("retrieve: route: %w", err)
	}
	if len(secs) == 0 {
		secs = []app.Section{{ID: "", Parent: -1, Heading: d.Title}}
	}
	st = &docStructure{stamp: stamp, sections: secs, refs: refs, paths: paths, secIndex: map[string]int{},
		rowIndex: make(map[int64]int, len(refs))}
	for i, s := range secs {
		st.secIndex[s.ID] = i
	}
	for i, p := range refs {
		st.rowIndex[p.RowID] = i
	}
	st.kids = make([][]int, len(secs))
	for i, s := range secs {
		if s.Parent >= 0 && s.Parent < len(secs) {
			st.kids[s.Parent] = append(st.kids[s.Parent], i)
		}
	}
	st.own = make([][]int, len(secs))
	for i, p := range refs {
		s, ok := st.secIndex[p.SectionID]
		if !ok {
			s = 0
		}
		st.own[s] = append(st.own[s], i)
	}
	st.subtree = make([]int, len(secs))
	// Children come after their parents in reading order: sum backwards.
	for i := len(secs) - 1; i >= 0; i-- {
		st.subtree[i] += len(st.own[i])
		if p := secs[i].Parent; p >= 0 && p < len(secs) && p != i {
			st.subtree[p] += st.subtree[i]
		}
	}
	r.mu.Lock()
	if r.structures == nil || len(r.structures) >= structures {
		r.structures = map[string]*docStructure{}
	}
	r.structures[key] = st
	r.mu.Unlock()
	return st, nil
}

// liveKids returns a section's child sections that hold passages, with
// chains of single children stepped through (one child is no decision).
func (ds *docState) liveKids(sec int) []int {
	var out []int
	for _, k := range ds.kids[sec] {
		if ds.subtree[k] > 0 {
			out = append(out, k)
		}
	}
	return out
}

// sectionNode returns the node of section i.
func (w *walk) sectionNode(ds *docState, i int) *node {
	if n, ok := ds.nodes[i]; ok {
		return n
	}
	s := ds.sections[i]
	n := w.addNode(&node{id: "sec:" + ds.doc.ID + ":" + s.ID, kind: kindSection, doc: ds, sec: i, label: s.Heading})
	ds.nodes[i] = n
	return n
}

func (w *walk) statsNode(ds *docState) *node {
	if ds.stats == nil {
		ds.stats = w.addNode(&node{id: "stats:" + ds.doc.ID, kind: kindStats, doc: ds, label: "Statistics of " + ds.doc.Title})
	}
	return ds.stats
}

// topSections is where a document's menu starts: below the root, stepping
// through chains of single sections, whose own passages come along.
func (ds *docState) topSections() (secs []int, chain []int) {
	cur := 0
	chain = []int{0}
	for {
		kids := ds.liveKids(cur)
		if len(kids) != 1 {
			return kids, chain
		}
		cur = kids[0]
		chain = append(chain, cur)
	}
}

// reach is arriving at a node: a document or section hands its own
// passages to scoring, a statistics branch its computed statistics.
func (w *walk) reach(ctx context.Context, rt *route) error {
	n := rt.node
	w.reached[n.id] = true
	switch n.kind {
	case kindDocument:
		if err := w.load(ctx, n.doc); err != nil {
			return err
		}
		_, chain := n.doc.topSections()
		for _, s := range chain {
			w.yieldOwn(n.doc, s, rt.Score(), "passage")
		}
		if err := w.followLocators(ctx, n.doc, rt.Score()); err != nil {
			return err
		}
	case kindSection:
		n.doc.visits++
		w.yieldOwn(n.doc, n.sec, rt.Score(), "passage")
		// A section whose children are one chain brings their passages too.
		for kids := n.doc.liveKids(n.sec); len(kids) == 1; kids = n.doc.liveKids(kids[0]) {
			w.yieldOwn(n.doc, kids[0], rt.Score(), "passage")
		}
	case kindStats:
		c, err := w.statistics(ctx, n.doc, rt.Score())
		if err != nil {
			return err
		}
		if c != nil && !w.scored[c.key] {
			w.pending[c.key] = c
		}
	}
	return nil
}

// candidate is something waiting to be scored: a passage, or a document's
// statistics.
type candidate struct {
	key   string
	kind  string // "passage", "statistics", "xref"
	doc   *docState
	ref   store.PassageRef
	route float64
	prior float64
	text  string // statistics text; passages load theirs when scored
	// counts is the statistics branch's count of the question's own
	// terms: shown to providers, but no evidence of relevance by itself.
	counts string
	title  string

	passage    *app.Passage
	usefulness float64
	// pictures are the figures shown with the passage to a provider that
	// sees images; figured marks that they were looked for.
	pictures []app.Picture
	figured  bool
}

// priority orders the scoring queue: the FTS5 ranking inside the
// document, scaled by the route that reached the passage; passages
// matching no question term come last.
func (c *candidate) priority() float64 {
	if c.kind == "statistics" {
		return 0.5 * c.route
	}
	return (0.02 + c.prior) * (0.25 + 0.75*c.route)
}

func (w *walk) yieldOwn(ds *docState, sec int, score float64, kind string) {
	for _, i := range ds.own[sec] {
		w.yieldPassage(ds, i, score, kind)
	}
}

func (w *walk) yieldPassage(ds *docState, i int, score float64, kind string) {
	ref := ds.refs[i]
	if w.scored[ref.ID] {
		return
	}
	if c, ok := w.pending[ref.ID]; ok {
		if score > c.route {
			c.route = score
		}
		return
	}
	w.pending[ref.ID] = &candidate{key: ref.ID, kind: kind, doc: ds, ref: ref, route: score, prior: ds.prior[ref.RowID]}
}

// pendingOrder returns the scoring queue, best first; ties go to reading
// order so the walk is deterministic.
func (w *walk) pendingOrder() []*candidate {
	out := make([]*candidate, 0, len(w.pending))
	for _, c := range w.pending {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if pa, pb := a.priority(), b.priority(); pa != pb {
			return pa > pb
		}
		if a.doc.rank != b.doc.rank {
			return a.doc.rank < b.doc.rank
		}
		return a.ref.Seq < b.ref.Seq
	})
	return out
}

// reportExplored tells a window how many documents in scope the question
// has opened so far, this one included.
func reportExplored(ctx context.Context, order []*docState) {
	n := 1
	for _, ds := range order {
		if ds.loaded {
			n++
		}
	}
	app.ReportProgress(ctx, app.AskProgress{Stage: app.StageRetrieving, Explored: n, InScope: len(order)})
}
