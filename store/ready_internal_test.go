package store

import (
	"context"
	"testing"
)

// The documents version is only as good as its triggers: a later migration
// that rebuilds the documents table (create, copy, drop, rename) drops
// them with the old table, and every cache keyed by the version would go
// stale. This fails until the rebuild creates them again.
func TestDocumentsVersionTriggersExist(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, name := range []string{"documents_version_ai", "documents_version_au", "documents_version_ad"} {
		var table string
		err := db.read.QueryRowContext(ctx, `SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name = ?`, name).Scan(&table)
		if err != nil || table != "documents" {
			t.Errorf("trigger %s: on %q, %v; want it on documents", name, table, err)
		}
	}
}
