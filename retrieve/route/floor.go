package route

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"archivist/app/lang"
	"archivist/store"
)

// The floor: the walk's evidence is never a thinner ranking than the FTS5
// pass it started from.
//
// Routing and scoring read a question more closely than bm25 does, but the
// judge that rates passages is lexical too, and on documents nobody tuned
// it for it is wrong about as often as bm25 is. A walk that ends on one
// passage rated "answer found", or whose passages all rated below Keep,
// would leave the reader one or two passages where the index had a dozen.
// So the walk's list is never the whole of the evidence:
//
//   - Inside a document, the routed passages and the FTS5 pass's ranking
//     of the document's passages are fused by reciprocal rank (Cormack,
//     Clarke and Büttcher 2009: score Σ 1/(60+rank)). Whatever the
//     constant, a passage both lists rank in their first m is in the
//     fused list's first 2m−1, and a passage at rank r of the FTS5
//     ranking is at rank at most r+|routed| of it.
//   - Across documents the routed order of documents stands: which
//     filing or report a question is about is what routing reads from
//     titles and outlines, and a passage's bm25 does not see it. Each
//     routed passage's place goes to the best fused passage of its
//     document not yet taken.
//   - Routed passages the fusion moved out of those places follow, so
//     the floor never drops a kept passage; then the FTS5 pass over the
//     whole scope fills the list up to its length, so a short walk never
//     shortens the evidence.
//   - The FTS5 pass searches the question's concepts, and a phrase or
//     name found nowhere as written — in a scan a line break or one
//     misread letter is enough — leaves it with its words. When the list
//     is still short, the scope's passages holding any word of the
//     question, by bm25, fill it: the evidence is shorter than its length
//     only when fewer passages than that hold a word of the question.
//
// Asking one document is the case of one document: the evidence is the
// fusion, then the FTS5 ranking, so the FTS5 pass's passage at rank r is
// in the evidence by rank r+|routed|. Across documents the FTS5 pass
// orders a document's passages by the same bm25 as asked alone, as deep
// (scopeHits), though from fewer concepts (maxMatchShare); the walk's
// reading of them is not the same: the judge weighs the question's terms
// over the scope, and the scoring budget is shared among the documents
// routing opens. So a library's evidence from a document and the
// document's own ask can differ either way.

// fuseK is the reciprocal-rank constant of the literature: it damps the
// difference between the first few ranks so neither list's first passage
// wins alone.
const fuseK = 60

// floor orders the evidence: routed (the walk's kept passages, best first)
// fused inside each document with the document's FTS5 ranking, then the
// scope's FTS5 pass; at most n passages.
func (w *walk) floor(ctx context.Context, routed []*candidate, n int) ([]*candidate, error) {
	taken := map[string]bool{}
	var out []*candidate
	// The places the question names open the evidence (followLocators).
	places, err := w.places(ctx, routed, n)
	if err != nil {
		return nil, err
	}
	for _, l := range places {
		ref := l.ds.refs[l.ref]
		if taken[ref.ID] || len(out) == n {
			continue
		}
		taken[ref.ID] = true
		out = append(out, w.keptOrNew(l.ds, ref, "located"))
	}
	routed = w.namedFirst(routed)
	fused := map[*docState][]*candidate{}
	for _, c := range routed {
		ds := c.doc
		if _, ok := fused[ds]; ok || c.kind == "statistics" {
			continue
		}
		var own []*candidate
		for _, o := range routed {
			if o.doc == ds && o.kind != "statistics" {
				own = append(own, o)
			}
		}
		lexical, err := w.documentRanking(ctx, ds, n)
		if err != nil {
			return nil, err
		}
		fused[ds] = fuse(own, lexical)
	}
	for _, c := range routed {
		if c.kind == "statistics" {
			out = append(out, c)
			continue
		}
		for _, f := range fused[c.doc] {
			if !taken[f.key] {
				taken[f.key] = true
				out = append(out, f)
				break
			}
		}
	}
	// A routed passage the fusion moved out of the routed places still
	// comes before the floor: the floor adds, it never takes a kept
	// passage's place in the list.
	for _, c := range routed {
		if c.kind != "statistics" && !taken[c.key] {
			taken[c.key] = true
			out = append(out, c)
		}
	}
	if len(out) < n {
		rest, err := w.candidatesOf(ctx, w.hits, taken, n-len(out))
		if err != nil {
			return nil, err
		}
		out = append(out, rest...)
	}
	if len(out) < n {
		hits, err := w.snap.SearchTop(ctx, phrasesMatch(w.ev.Terms), w.scope, n+len(taken))
		if err != nil {
			return nil, fmt.Errorf("retrieve: route: %w", err)
		}
		rest, err := w.candidatesOf(ctx, hits, taken, n-len(out))
		if err != nil {
			return nil, err
		}
		out = append(out, rest...)
	}
	return out, nil
}

// places returns the passages at the places the question names that open
// the evidence. Asked of one document, all of them, in the question's
// order. Across documents a place such as "slide 11" is in most of them:
// the places in the documents routing chose come first, in routing's
// order; then, sought also in the documents of the FTS5 pass's first n
// passages, the places of other documents whose passage the pass ranks
// (the question's other words are there), by its rank. A place neither
// reading points at stays out. The first passage of each document's place
// goes before a second passage of a page already shown, so one document's
// page does not take every place.
func (w *walk) places(ctx context.Context, routed []*candidate, n int) ([]located, error) {
	if len(w.locators) == 0 {
		return nil, nil
	}
	if len(w.order) == 1 {
		return w.located, nil
	}
	rank := map[*docState]int{}
	for _, c := range routed {
		if _, ok := rank[c.doc]; !ok {
			rank[c.doc] = len(rank)
		}
	}
	for i, h := range w.hits {
		if i == n {
			break
		}
		if ds := w.docs[h.DocumentID]; ds != nil {
			if err := w.locate(ctx, ds, nil); err != nil {
				return nil, err
			}
		}
	}
	hitRank := map[int64]int{}
	for i, h := range w.hits {
		if _, ok := hitRank[h.RowID]; !ok {
			hitRank[h.RowID] = i
		}
	}
	type place struct {
		located
		doc, hit int
	}
	var ps []place
	for _, l := range w.located {
		p := place{located: l, doc: len(rank), hit: len(w.hits)}
		if r, ok := rank[l.ds]; ok {
			p.doc = r
		}
		if r, ok := hitRank[l.ds.refs[l.ref].RowID]; ok {
			p.hit = r
		}
		if p.doc == len(rank) && p.hit == len(w.hits) {
			continue // neither reading puts the question there
		}
		ps = append(ps, p)
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].doc != ps[j].doc {
			return ps[i].doc < ps[j].doc
		}
		return ps[i].doc == len(rank) && ps[i].hit < ps[j].hit
	})
	// A page holds several passages: the first of each document's place
	// goes before a second passage of a place already shown.
	type page struct {
		ds *docState
		n  int
	}
	seen := map[page]bool{}
	var fresh, again []located
	for _, p := range ps {
		ref := p.ds.refs[p.ref]
		adds := ref.PageStart == 0
		for k := ref.PageStart; k > 0 && k <= max(ref.PageStart, ref.PageEnd); k++ {
			if !seen[page{p.ds, k}] {
				seen[page{p.ds, k}] = true
				adds = true
			}
		}
		if adds {
			fresh = append(fresh, p.located)
		} else {
			again = append(again, p.located)
		}
	}
	return append(fresh, again...), nil
}

// namedFirst puts first the kept passages of documents whose name (title
// and file name) holds both an entity the question names (a company, a
// product, a place) and the period it names (a year, a fiscal year),
// keeping the walk's order otherwise. A question that names a company and
// a year points at that company's filing of that year; a passage of
// another document sharing the question's other words is about something
// else. Either alone is too weak in a mixed library: a year names half of
// it, and a word of a name ("Indian") is also a word of unrelated titles
// ("French and Indian War"). Nothing moves when every kept passage's
// document is named alike.
func (w *walk) namedFirst(routed []*candidate) []*candidate {
	rank := func(c *candidate) int {
		if c.kind == "statistics" {
			return 0
		}
		return w.nameRank(c.doc)
	}
	out := append([]*candidate(nil), routed...)
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) > rank(out[j]) })
	return out
}

// monthNames open dates the question analysis reads as names.
var monthNames = map[string]bool{"january": true, "february": true, "march": true, "april": true, "may": true, "june": true,
	"july": true, "august": true, "september": true, "october": true, "november": true, "december": true}

// nameRank is 1 when ds's name holds, in its own words, an entity and a
// period the question names, else 0.
func (w *walk) nameRank(ds *docState) int {
	if v, ok := w.entityNamed[ds]; ok {
		return v
	}
	if w.entityNamed == nil {
		w.entityNamed = map[*docState]int{}
	}
	has := false
	for _, c := range w.query.Concepts {
		if c.Kind == lang.Entity {
			has = true
			break
		}
	}
	v := 0
	if has {
		name := nameText(ds.doc)
		f := w.query.Match(lang.NewText(name), w.hints.Absent)
		words := map[string]bool{}
		for _, t := range lang.Tokens(name) {
			words[t.Lower] = true
		}
		entity, period := false, false
		for i, c := range w.query.Concepts {
			switch c.Kind {
			case lang.Entity:
				if first, _, _ := strings.Cut(c.Phrases[0], " "); monthNames[first] {
					continue // "December 31" is a date, which titles of every year hold
				}
				// A file name writes a name of several words as one
				// ("LOCKHEEDMARTIN_2022_10K").
				joined := len(c.Phrases) > 1 && words[strings.ReplaceAll(c.Phrases[0], " ", "")]
				entity = entity || f.Concepts[i].Body >= 0.5 || joined
			case lang.Period:
				period = period || f.Concepts[i].Body >= 0.5
			}
		}
		if entity && period {
			v = 1
		}
	}
	w.entityNamed[ds] = v
	return v
}

// documentRanking is ds's passages as the scope's FTS5 pass ranks them,
// at most n.
func (w *walk) documentRanking(ctx context.Context, ds *docState, n int) ([]*candidate, error) {
	return w.candidatesOf(ctx, w.hitsOf[ds.doc.ID], map[string]bool{}, n)
}

// candidatesOf turns FTS5 hits into candidates, best first, at most n,
// skipping (and then marking) those in taken. A document's structure is
// loaded when one of its passages is taken, so evidence names sections.
func (w *walk) candidatesOf(ctx context.Context, hits []store.Hit, taken map[string]bool, n int) ([]*candidate, error) {
	var out []*candidate
	for _, h := range hits {
		if len(out) == n {
			break
		}
		if taken[h.PassageID] {
			continue
		}
		ds := w.docs[h.DocumentID]
		if ds == nil {
			continue
		}
		if err := w.load(ctx, ds); err != nil {
			return nil, err
		}
		i, ok := ds.refAt(h.RowID)
		if !ok {
			continue // the passage changed since the pass: never guess
		}
		ref := ds.refs[i]
		taken[ref.ID] = true
		out = append(out, w.keptOrNew(ds, ref, "fts"))
	}
	return out, nil
}

// fuse ranks the union of two lists by reciprocal rank; ties keep the
// first list's order, then the second's.
func fuse(a, b []*candidate) []*candidate {
	score := map[string]float64{}
	byKey := map[string]*candidate{}
	var order []string
	for _, l := range [][]*candidate{a, b} {
		for r, c := range l {
			if _, ok := byKey[c.key]; !ok {
				byKey[c.key] = c
				order = append(order, c.key)
			}
			score[c.key] += 1 / float64(fuseK+r+1)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return score[order[i]] > score[order[j]] })
	out := make([]*candidate, len(order))
	for i, k := range order {
		out[i] = byKey[k]
	}
	return out
}

// keptOrNew returns the walk's kept candidate for ref, or a new one of
// kind carrying the judge's rating when it was scored.
func (w *walk) keptOrNew(ds *docState, ref store.PassageRef, kind string) *candidate {
	for _, c := range w.kept {
		if c.key == ref.ID {
			return c
		}
	}
	return &candidate{key: ref.ID, kind: kind, doc: ds, ref: ref, prior: ds.prior[ref.RowID], usefulness: w.rated[ref.ID]}
}
