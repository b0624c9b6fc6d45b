package route

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"archivist/app/lang"
	"archivist/retrieve/fts"
	"archivist/retrieve/jev"
	"archivist/store"
)

// The question's terms: how much each concept weighs in scope, and the
// passages FTS5 ranks for them, which seed the direct branch.

// weighTerms counts, for every concept of the question, the passages in
// scope that hold it: inverse document frequencies weigh the concepts,
// and a concept no passage holds is marked absent.
func (w *walk) weighTerms(ctx context.Context) error {
	q := lang.Analyze(w.question.Text, nil)
	// The documents in scope may define the question's short forms, or
	// its long ones: the full-text pass asks for every name they give a
	// concept, as it asks for a glossary synonym (the judge reads each
	// document's own, see walk.load).
	defs, err := w.snap.AbbreviationsNaming(ctx, w.scope, lang.NamesIn(w.question.Text))
	if err != nil {
		return fmt.Errorf("retrieve: route: %w", err)
	}
	q = q.WithDefinitions(lexAbbreviations(defs))
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
			return w.snap.EstimateMatchCount(ctx, expr, w.scope, fts.CandidateBudget)
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
		// A name a document gives the concept counts as the concept,
		// as a glossary synonym does.
		c.Phrases = append(slices.Clip(c.Phrases), c.NamePhrases...)
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
		if c.Kind == lang.Entity && len(c.Forms) > 1 {
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
	w.query = lang.Analyze(w.question.Text, h.IDF)
	w.locators = lang.Locators(w.question.Text)

	if len(all) == 0 {
		all = found // every concept is common: search them all
	}
	// Past the candidate budget the most frequent concepts go (n bounds
	// the rows the pass can rank, so a small scope keeps them all).
	keep := make([]bool, len(all))
	if n > fts.CandidateBudget {
		dfs := make([]int, len(all))
		for i, c := range all {
			dfs[i] = c.df
		}
		keep = fts.FitBudget(dfs, fts.CandidateBudget)
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
//
// The bound is the same whether one document or many are in scope. With
// the same expression, a document's hits in a pass over many documents
// are then the first of its hits asked alone — bm25 orders them the same
// way — and all of them when it holds the scope's best hits: the document
// a question is about is not ranked from a shallower pass in the library
// than on its own.
const scopeHits = 400

func (w *walk) rankPassages(ctx context.Context) error {
	w.hitsOf = map[string][]store.Hit{}
	if w.match == "" {
		return nil
	}
	hits, err := w.snap.SearchTop(ctx, w.match, w.scope, scopeHits)
	if err != nil {
		return fmt.Errorf("retrieve: route: %w", err)
	}
	// Passages of equal rank (the same words, as in documents of one
	// template) keep the library's order, not their rowids': rowids
	// follow the order of import.
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Rank != hits[j].Rank {
			return hits[i].Rank < hits[j].Rank
		}
		if a, b := w.docRank(hits[i].DocumentID), w.docRank(hits[j].DocumentID); a != b {
			return a < b
		}
		return hits[i].RowID < hits[j].RowID // one document's passages are stored in reading order
	})
	w.hits = hits
	if len(hits) > 0 {
		w.bestRank = hits[0].Rank
	}
	for _, h := range hits {
		w.hitsOf[h.DocumentID] = append(w.hitsOf[h.DocumentID], h)
	}
	return nil
}

// docRank is a document's place in the library's order; one out of scope
// goes last.
func (w *walk) docRank(id string) int {
	if ds := w.docs[id]; ds != nil {
		return ds.rank
	}
	return len(w.order)
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
		parts = append(parts, fts.QuoteTerm(p))
	}
	return strings.Join(parts, " OR ")
}
