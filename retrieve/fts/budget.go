package fts

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"archivist/store"
)

// CandidateBudget bounds the work of one FTS5 candidate pass: the passages
// its OR'd terms match, counted as the sum of each term's document
// frequency. bm25 reads every matching row to rank, so a word found in
// most of a million passages makes the pass cost seconds while moving the
// ranking hardly at all (its idf is near zero). When the sum would pass
// the budget, the most frequent terms are left out, rarest kept first;
// the rarest term always stays. A library smaller than the budget, or a
// question of specific words, is searched with every term as before.
const CandidateBudget = 10_000

// matchCounter counts the passages matching an FTS5 expression: exactly up
// to limit, and past it an estimate of at least limit read from no more
// rows (store.Snapshot.EstimateMatchCount), so common words still order
// by frequency at the cost of rare ones.
type matchCounter func(expr string, limit int) (int, error)

// budgetMatch is the OR expression of terms that keeps the candidate pass
// within budget: terms in order of document frequency, rarest first, each
// taken while the summed frequencies stay within budget — as a prefix when
// MatchAny would make it one and the prefix fits, else as the exact word —
// and the rarest always taken. Kept terms stay in question order.
func budgetMatch(terms []string, budget int, count matchCounter) (string, error) {
	type term struct {
		i    int
		df   int
		expr string
	}
	ts := make([]term, len(terms))
	for i, t := range terms {
		exact := QuoteTerm(t)
		df, err := count(exact, budget+1)
		if err != nil {
			return "", err
		}
		ts[i] = term{i: i, df: df, expr: exact}
	}
	sort.SliceStable(ts, func(a, b int) bool { return ts[a].df < ts[b].df })
	var kept []term
	sum := 0
	for k, t := range ts {
		if k > 0 && sum+t.df > budget {
			break // every later term is at least as frequent
		}
		if prefix := matchTerm(terms[t.i]); prefix != t.expr {
			// The prefix's matches include the word's: count it only
			// when the word fits.
			df, err := count(prefix, budget-sum+1)
			if err != nil {
				return "", err
			}
			if sum+df <= budget {
				t.expr, t.df = prefix, df
			}
		}
		sum += t.df
		kept = append(kept, t)
	}
	sort.Slice(kept, func(a, b int) bool { return kept[a].i < kept[b].i })
	parts := make([]string, len(kept))
	for i, t := range kept {
		parts[i] = t.expr
	}
	return strings.Join(parts, " OR "), nil
}

// CandidateMatch is the FTS5 expression of the candidate pass for terms in
// the documents of docIDs (the whole library when empty): MatchAny within
// CandidateBudget. A library of no more passages than the budget cannot
// pass it by much (the pass ranks each passage once), so there it is
// MatchAny without counting anything.
func CandidateMatch(ctx context.Context, snap *store.Snapshot, terms []string, docIDs []string) (string, error) {
	span, err := snap.PassageSpan(ctx)
	if err != nil {
		return "", fmt.Errorf("retrieve: candidates: %w", err)
	}
	if span <= CandidateBudget {
		return MatchAny(terms), nil
	}
	m, err := budgetMatch(terms, CandidateBudget, func(expr string, limit int) (int, error) {
		return snap.EstimateMatchCount(ctx, expr, docIDs, limit)
	})
	if err != nil {
		return "", fmt.Errorf("retrieve: candidates: %w", err)
	}
	return m, nil
}

// FitBudget returns which of the items with frequencies df an OR query
// keeps within budget: rarest first while the sum fits, the rarest always.
// Ties keep question order.
func FitBudget(df []int, budget int) []bool {
	order := make([]int, len(df))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return df[order[a]] < df[order[b]] })
	keep := make([]bool, len(df))
	sum := 0
	for k, i := range order {
		if k > 0 && sum+df[i] > budget {
			break
		}
		keep[i] = true
		sum += df[i]
	}
	return keep
}
