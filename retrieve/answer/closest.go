package answer

import "archivist/app"

// When the evidence does not answer, the answer says so and shows the
// passages that came closest, with their highlights, so that a reader can
// judge for themselves; they are never presented as the answer, and the
// answer stays insufficient.

// maxClosest is how many passages an insufficient answer shows.
const maxClosest = 2

// closest returns at most maxClosest quotes for an insufficient answer:
// the quotes already picked, best first, else the candidates sharing the
// most of the question's term weight. A candidate sharing none is never
// shown.
func closest(ev *app.Evidence, cands []candidate, picked []app.Citation, labels, unders []string, sh shape,
	gain func(*candidate) (float64, float64)) ([]app.Citation, []string, []string) {
	if len(picked) > 0 {
		n := min(len(picked), maxClosest)
		return picked[:n], labels[:n], unders[:n]
	}
	var out []app.Citation
	var ls, us []string
	used := map[int]bool{}
	for len(out) < maxClosest {
		best, bestScore := -1, 0.0
		for i := range cands {
			if used[i] {
				continue
			}
			all, _ := gain(&cands[i])
			if all <= 0 {
				continue
			}
			if score := all - cands[i].penalty + cands[i].fit; best < 0 || score > bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			break
		}
		used[best] = true
		c := &cands[best]
		cit, label, under, ok := quoteOf(ev, sh, c)
		if !ok {
			continue
		}
		out, ls, us = append(out, cit), append(ls, label), append(us, under)
	}
	if out == nil {
		out = []app.Citation{}
	}
	return out, ls, us
}
