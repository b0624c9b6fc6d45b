package store

import (
	"context"
	"strings"
	"testing"
)

// The look-ups a foreign key's cascade makes when a section, a document or
// a folder is deleted — and the listing of a folder's subfolders — read
// their rows through an index, not the whole table (migration 0014).
// SQLite runs each cascade as the query shown here, planned the same way.
func TestChildKeyLookupsUseIndexes(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for query, index := range map[string]string{
		`SELECT rowid FROM blocks WHERE section_id = ?`:       "blocks_section",
		`SELECT rowid FROM passages WHERE section_id = ?`:     "passages_section",
		`SELECT rowid FROM sections WHERE parent_id = ?`:      "sections_parent",
		`SELECT rowid FROM import_jobs WHERE document_id = ?`: "import_jobs_document",
		`SELECT id, name FROM folders WHERE parent_id = ?`:    "folders_parent",
	} {
		rows, err := db.read.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, "x")
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		got := strings.Join(plan, "; ")
		if !strings.Contains(got, "INDEX "+index+" ") {
			t.Errorf("%s: plan %q; want a search with %s", query, got, index)
		}
		t.Logf("%s: %s", query, got)
	}
}
