package store

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"archivist/app"
)

// The accepted facts of a question's sources are read by those documents'
// IDs, never by walking every ready document: with several sources SQLite
// chose the documents' status index, a read of the whole library.
func TestAcceptedFactsLookUpTheirDocuments(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ids := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	var plan []string
	q := &planQuerier{db: db, plan: &plan}
	if _, err := listFacts(ctx, q, app.FactFilter{States: []app.FactState{app.FactAccepted}, DocumentIDs: ids}); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(plan, "; ")
	if strings.Contains(got, "documents_status") || strings.Contains(got, "documents_stale") || !strings.Contains(got, "facts_document") {
		t.Fatalf("plan = %q; want facts found by their documents' IDs", got)
	}
}

// planQuerier records the plan SQLite makes for each query, then runs it.
type planQuerier struct {
	db   *DB
	plan *[]string
}

func (p *planQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := p.db.read.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			rows.Close()
			return nil, err
		}
		*p.plan = append(*p.plan, detail)
	}
	rows.Close()
	return p.db.read.QueryContext(ctx, query, args...)
}
