package route

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
	"archivist/retrieve/fts"
	"archivist/retrieve/jev"
	"archivist/store"
)

// Router finds evidence the way a person reads an archive (docs/design.md §4,
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

	costCaches // what keeps a question's work bounded in a large library (cost.go)
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

// DefaultLimits are the numbers docs/design.md §4 fixes.
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
	return r.GatherSeeing(ctx, snap, q, nil)
}

// Pictures cuts the figures of the passages a walk scores, for a decision
// provider that sees images (jev.Seer).
type Pictures interface {
	// Figures returns the pictures of a passage's figure blocks, in order,
	// and a note when some could not be shown.
	Figures(ctx context.Context, doc app.Document, figures []app.Block) ([]app.Picture, string)
}

// GatherSeeing is Gather with pics cutting the figures of picture passages
// the walk scores, shown to a provider that sees images; with nil, or a
// provider that reads text alone, it is Gather.
func (r *Router) GatherSeeing(ctx context.Context, snap *store.Snapshot, q app.Question, pics Pictures) (*app.Evidence, *Trace, error) {
	ev := &app.Evidence{Question: q, Terms: fts.Terms(q.Text), Blocks: map[string]app.Block{}, Sections: map[string]string{}}
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
	inLibraryOrder(docs)
	w := &walk{r: r, lim: r.limits(), snap: snap, question: q, ev: ev, tr: tr, pictures: pics,
		docs: map[string]*docState{}, pending: map[string]*candidate{}, scored: map[string]bool{}, rated: map[string]float64{}, reached: map[string]bool{}}
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
	pictures Pictures // nil: text alone
	sees     *bool    // whether the provider is shown pictures, asked once

	query *lang.Query
	hints *jev.Hints
	match string // FTS5 expression of the question's concepts

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
	rated      map[string]float64 // usefulness of every passage scored
	locators   []lang.Locator     // the places the question names (read once)
	located    []located          // passages at places the question names, in its order
	kept       []*candidate
	checked    string // the partial set last checked for coverage
	stopped    string
	xrefs      int
	// chose is set when routing rated a document above "none of these"
	// in a menu of documents; named when a document's name holds a word
	// of the question (directCandidates). With neither, routing has not
	// told which document the question is about (fairOrder).
	chose, named bool
	lexRank      map[*docState]int // documents in the FTS5 pass's order, best first (lexicalRank)
	entityNamed  map[*docState]int // how well a document's name holds what the question names (nameRank)
	bodies       map[int64]string  // passage bodies read so far, by rowid (passageTexts)
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
	for i, d := range docs {
		ds := &docState{doc: d, rank: i}
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

// inLibraryOrder sorts documents into the order of the library level:
// menus group the documents in it and label each group by its first and
// last titles, so the order is by title. Equal titles fall by content
// (SHA-256), not by ID: IDs are drawn at random on import, and a library
// imported again, or in another order, must be walked the same way.
func inLibraryOrder(docs []app.Document) {
	keys := make([]struct {
		title string
		d     app.Document
	}, len(docs))
	for i, d := range docs {
		keys[i].title, keys[i].d = strings.ToLower(d.Title), d
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := &keys[i], &keys[j]
		if a.title != b.title {
			return a.title < b.title
		}
		if a.d.SHA256 != b.d.SHA256 {
			return a.d.SHA256 < b.d.SHA256
		}
		return a.d.ID < b.d.ID
	})
	for i := range keys {
		docs[i] = keys[i].d
	}
}

func (w *walk) addNode(n *node) *node {
	w.nodes[n.id] = n
	return n
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func shorten(s string, n int) string {
	return clipRunes(oneLine(s), n)
}

// oneLine is strings.Join(strings.Fields(s), " ") in one allocation: menus
// flatten every excerpt window they quote.
func oneLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	field := func(f string) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f)
	}
	start := -1 // byte offset of the current field; -1 between fields
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case unicode.IsSpace(r) && start >= 0:
			field(s[start:i])
			start = -1
		case !unicode.IsSpace(r) && start < 0:
			start = i
		}
		i += size
	}
	if start >= 0 {
		field(s[start:])
	}
	return b.String()
}
