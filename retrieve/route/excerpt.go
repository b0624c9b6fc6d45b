package route

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"archivist/app/lang"
)

// Excerpts: the stretches of a section's best passages that a menu entry
// quotes, chosen for the question's weight with a redundancy penalty.

// excerptCandidate is a passage an entry may quote from.
type excerptCandidate struct {
	rowid   int64
	prior   float64
	opening bool // the first passage of the section: its opening context
}

// openingMenu is the widest menu whose entries all show their opening
// context; in wider menus only entries with matching passages do (the
// others' openings cost a read each and rarely decide anything).
const openingMenu = 16

// excerptCandidates lists, for a section or a group of sections, the
// best-ranked passages of its subtree and its first passage (always when
// opening is set, else only beside matches).
func (w *walk) excerptCandidates(n *node, opening bool) []excerptCandidate {
	var secs []*node
	switch n.kind {
	case kindSection:
		secs = []*node{n}
	case kindGroup:
		for _, it := range n.items {
			if it.kind == kindSection {
				secs = append(secs, it)
			}
		}
	}
	if len(secs) == 0 {
		return nil
	}
	ds := secs[0].doc
	var cands []excerptCandidate
	var first int64 = -1
	for _, sn := range secs {
		for _, s := range ds.descendants(sn.sec) {
			for _, pi := range ds.own[s] {
				ref := ds.refs[pi]
				if first < 0 {
					first = ref.RowID
				}
				if p := ds.prior[ref.RowID]; p > 0 {
					cands = append(cands, excerptCandidate{rowid: ref.RowID, prior: p})
				}
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].prior > cands[j].prior })
	if len(cands) > w.lim.Excerpts {
		cands = cands[:w.lim.Excerpts]
	}
	if first >= 0 && (opening || len(cands) > 0) {
		cands = append(cands, excerptCandidate{rowid: first, opening: true})
	}
	return cands
}

// indexScore is the FTS5 relevance of the best passage under a node:
// within a document relative to its best passage, across documents
// relative to the best passage in scope.
func (w *walk) indexScore(n *node) float64 {
	switch n.kind {
	case kindDocument:
		return w.docBest[n.doc.doc.ID]
	case kindSection:
		best := 0.0
		for _, s := range n.doc.descendants(n.sec) {
			for _, pi := range n.doc.own[s] {
				best = math.Max(best, n.doc.prior[n.doc.refs[pi].RowID])
			}
		}
		return best
	case kindGroup, kindDirect, kindLibrary:
		best := 0.0
		for _, it := range n.items {
			best = math.Max(best, w.indexScore(it))
		}
		return best
	}
	return 0
}

// descendants returns section i and every section below it.
func (ds *docState) descendants(i int) []int {
	out := []int{i}
	for k := 0; k < len(out); k++ {
		out = append(out, ds.kids[out[k]]...)
	}
	return out
}

// passageTexts returns the bodies of the passages in want, each read
// once a question: menus quote a section's best passages again as the
// walk goes down into it, and scoring reads them once more (a quarter of
// the bodies a question asked for were asked for before).
func (w *walk) passageTexts(ctx context.Context, want map[int64]bool) (map[int64]string, error) {
	if w.bodies == nil {
		w.bodies = map[int64]string{}
	}
	var ids []int64
	for id := range want {
		if _, ok := w.bodies[id]; !ok {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return w.bodies, nil
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	ps, err := w.snap.PassageBodies(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("retrieve: route: %w", err)
	}
	for id, body := range ps {
		w.bodies[id] = body
	}
	return w.bodies, nil
}

// excerpts picks up to Excerpts windows within limit characters: the
// windows holding most question weight (length-normalised), the opening
// context when room is left, each window's concepts counting half once
// another window holds them (the redundancy penalty).
func (w *walk) excerpts(cands []excerptCandidate, texts map[int64]string, limit int) []string {
	if limit <= 0 || len(cands) == 0 {
		return nil
	}
	per := max(120, limit/w.lim.Excerpts)
	type win struct {
		text     string
		concepts map[int]float64
		score    float64
	}
	var wins []win
	seen := map[int64]bool{}
	for _, c := range cands {
		p, ok := texts[c.rowid]
		if !ok || seen[c.rowid] && !c.opening {
			continue
		}
		seen[c.rowid] = true
		text, cs := w.window(p, per, c.opening)
		text = oneLine(text)
		if text == "" {
			continue
		}
		sc := 0.0
		for _, v := range cs {
			sc += v
		}
		sc /= math.Sqrt(1 + float64(utf8.RuneCountInString(text))/float64(per))
		if c.opening {
			sc = sc*0.8 + 0.3
		}
		wins = append(wins, win{text, cs, sc})
	}
	var out []string
	used := 0
	covered := map[int]bool{}
	for len(out) < w.lim.Excerpts && len(wins) > 0 {
		best, bestScore := -1, 0.0
		for i, x := range wins {
			s := x.score
			for c, v := range x.concepts {
				if covered[c] {
					s -= v / 2 / math.Sqrt(2)
				}
			}
			if best < 0 || s > bestScore {
				best, bestScore = i, s
			}
		}
		x := wins[best]
		wins = append(wins[:best], wins[best+1:]...)
		n := utf8.RuneCountInString(x.text)
		if used+n > limit {
			if room := limit - used; room >= 80 {
				out = append(out, clipRunes(x.text, room))
				used = limit
			}
			break
		}
		out = append(out, x.text)
		used += n + 1
		for c := range x.concepts {
			covered[c] = true
		}
	}
	return out
}

// window returns the stretch of text, about n characters, holding the most
// question weight (or its opening), with the weight of each question
// concept whose first word it holds.
func (w *walk) window(text string, n int, opening bool) (string, map[int]float64) {
	stemsOf, starts, ends := lang.Spans(text)
	if len(stemsOf) == 0 {
		return "", nil
	}
	if w.firstStems == nil {
		w.firstStems = map[string]int{}
		for ci, c := range w.query.Concepts {
			for _, f := range c.Forms {
				if _, ok := w.firstStems[f[0]]; !ok && c.Weight > 0 {
					w.firstStems[f[0]] = ci
				}
			}
		}
	}
	ids := make([]int, len(stemsOf))
	for i, st := range stemsOf {
		ids[i] = -1
		if ci, ok := w.firstStems[st]; ok {
			ids[i] = ci
		}
	}
	weight := func(ci int) float64 {
		c := &w.query.Concepts[ci]
		if c.PartOf > 0 {
			return w.query.Concepts[c.PartOf-1].Weight / 3
		}
		return c.Weight
	}
	collect := func(from, end int) map[int]float64 {
		out := map[int]float64{}
		for k := from; k < len(stemsOf) && int(ends[k]) <= end; k++ {
			if ids[k] >= 0 {
				out[ids[k]] = weight(ids[k])
			}
		}
		return out
	}
	if opening {
		return clipWords(text, 0, n), collect(0, n)
	}
	bestI, bestStart, bestScore := 0, 0, -1.0
	seen := map[int]bool{}
	for i := range stemsOf {
		if ids[i] < 0 && i > 0 {
			continue
		}
		// Begin a little before the match.
		start := int(starts[i])
		k0 := i
		for k := i - 1; k >= 0 && start-int(starts[k]) < n/5; k-- {
			start, k0 = int(starts[k]), k
		}
		end := start + n
		clear(seen)
		sc := 0.0
		for k := i; k < len(stemsOf) && int(ends[k]) <= end; k++ {
			if ids[k] >= 0 && !seen[ids[k]] {
				seen[ids[k]] = true
				sc += weight(ids[k])
			}
		}
		if sc > bestScore {
			bestI, bestStart, bestScore = k0, start, sc
		}
	}
	return clipWords(text, bestStart, n), collect(bestI, bestStart+n)
}

// clipWords returns about n characters of text from byte offset start,
// ending at a word boundary.
func clipWords(text string, start, n int) string {
	s := text[start:]
	end, count := 0, 0
	for end < len(s) && count < n {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
		count++
	}
	if end == len(s) {
		return s
	}
	cut := s[:end]
	if i := strings.LastIndexAny(cut, " \n"); i > n/2 {
		cut = cut[:i]
	}
	return cut + " …"
}
