package fts_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"archivist/retrieve/fts"
)

// Over a real library: FTS5's own counts (stemmed words, prefixes, stopped
// at the limit) drive the budget, and the kept expression still finds the
// passage that answers.
func TestBudgetMatchInLibrary(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	for d := range 3 {
		var paras []string
		for i := range 40 {
			p := fmt.Sprintf("Quarterly report paragraph %d of document %d about operations.", i, d)
			if d == 1 && i == 7 {
				p = "Quarterly report: the warranty reserves rose because of recalls."
			}
			paras = append(paras, p)
		}
		addDoc(t, db, doc{id: fmt.Sprintf("doc%d", d), title: fmt.Sprintf("Report %d", d),
			sections: map[string][]string{"": paras}, order: []string{""}})
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	if n, err := snap.MatchCountUpTo(ctx, `"reports"`, nil, 1000); err != nil || n != 120 {
		t.Fatalf(`"reports" (stemmed) counts %d, %v; want 120`, n, err)
	}
	if n, _ := snap.MatchCountUpTo(ctx, `"quarterly"`, nil, 50); n != 50 {
		t.Fatalf("a count stopped at 50 gave %d", n)
	}
	if n, _ := snap.MatchCountUpTo(ctx, `"quarterly"`, []string{"doc2"}, 1000); n != 40 {
		t.Fatalf("a count in one document gave %d, want 40", n)
	}
	count := func(expr string, limit int) (int, error) { return snap.EstimateMatchCount(ctx, expr, nil, limit) }
	if n, err := snap.EstimateMatchCount(ctx, `"quarterly"`, nil, 30); err != nil || n < 100 || n > 140 {
		t.Fatalf("estimated 120 matches as %d, %v", n, err)
	}
	terms := fts.Terms("What does the quarterly report say about warranty reserves?")
	m, err := fts.BudgetMatch(terms, 100, count)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m, "quarterly") || strings.Contains(m, "report") || !strings.Contains(m, "warranty") {
		t.Fatalf("budget 100 kept %s", m)
	}
	hits, err := snap.Search(ctx, m, nil, 5)
	if err != nil || len(hits) != 1 || hits[0].DocumentID != "doc1" {
		t.Fatalf("search with %s: %v, %v", m, hits, err)
	}
	if m, _ := fts.BudgetMatch(terms, 1000, count); m != fts.MatchAny(terms) {
		t.Fatalf("under the budget: %s, want %s", m, fts.MatchAny(terms))
	}
}
