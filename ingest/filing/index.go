package filing

import (
	"context"
	"strings"
	"unicode/utf8"

	"archivist/app/lang"
	"archivist/store"
)

// The full-text index's rank of a folder's documents against the state is
// a hint the offline judge weighs beside a folder's description, as the
// router's library menu does (retrieve/route).

// maxTerms bounds the words of the new document's state searched for.
const maxTerms = 16

// MatchOf is an FTS5 expression matching any word of the state: each
// quoted as the index reads text, longer ones as prefixes, stop words and
// one-letter words left out ("" when none is left).
func MatchOf(state string) string {
	var parts []string
	seen := map[string]bool{}
	for _, t := range lang.Tokens(state) {
		w := t.Lower
		if utf8.RuneCountInString(w) < 2 || lang.IsStopWord(w) || seen[w] {
			continue
		}
		seen[w] = true
		q := `"` + strings.ReplaceAll(lang.IndexText(w), `"`, `""`) + `"`
		if utf8.RuneCountInString(w) >= 6 && !t.Num {
			q += "*"
		}
		parts = append(parts, q)
		if len(parts) == maxTerms {
			break
		}
	}
	return strings.Join(parts, " OR ")
}

// IndexScores is each document's best hit relative to the best hit of all
// (bm25 ranks are negative, lower better): 1 for the best, 0 for none.
func IndexScores(hits []store.Hit) map[string]float64 {
	out := map[string]float64{}
	if len(hits) == 0 || hits[0].Rank >= 0 {
		return out
	}
	for _, h := range hits {
		if _, ok := out[h.DocumentID]; !ok {
			out[h.DocumentID] = h.Rank / hits[0].Rank
		}
	}
	return out
}

// IndexShare scales the full-text index's rank before the provider reads
// it as a hint: the words of a title match every document of its kind, so
// the rank alone must not carry a folder or a passage past "none".
const IndexShare = 0.5

// BestBelow is the best index score of a document in n or below it.
func (n *Node) BestBelow(index map[string]float64) float64 {
	best := 0.0
	for _, d := range n.Docs {
		best = max(best, index[d.ID])
	}
	for _, c := range n.Children {
		best = max(best, c.BestBelow(index))
	}
	return best
}

// IndexHits bounds the full-text hits read for the index's rank.
const IndexHits = 200

// indexOf ranks every placed document but except against the state.
func indexOf(ctx context.Context, snap *store.Snapshot, state string, placed []store.FiledDocument, except string) (map[string]float64, error) {
	match := MatchOf(state)
	var ids []string
	for _, d := range placed {
		if d.ID != except {
			ids = append(ids, d.ID)
		}
	}
	if match == "" || len(ids) == 0 {
		return nil, nil
	}
	hits, err := snap.Search(ctx, match, ids, IndexHits)
	if err != nil {
		return nil, err
	}
	return IndexScores(hits), nil
}
