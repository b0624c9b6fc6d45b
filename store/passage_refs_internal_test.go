package store

import (
	"context"
	"strings"
	"testing"
)

// PassageRefs reads the covering index of migration 0011, never the
// passage rows with their text: the plan SQLite makes says so.
func TestPassageRefsPlanIsCovering(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.read.QueryContext(ctx, "EXPLAIN QUERY PLAN "+passageRefsQuery, "d1")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if got := strings.Join(plan, "; "); !strings.Contains(got, "COVERING INDEX passages_refs") {
		t.Fatalf("plan = %q; want the covering index passages_refs", got)
	}
}
