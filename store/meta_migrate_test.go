package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"archivist/app"
	"archivist/store"
)

// A library made before metadata existed gains the document index for its
// documents when it is opened: the migration fills it from their blocks.
func TestMetadataMigrationIndexesExistingDocuments(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	job, _ := enqueue(t, db, "old", "sha-old")
	if err := db.CommitImport(ctx, job, pagedContent("old", "Old report", "The lamp was lit.", "A storm broke the window.")); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// Take the library back to before migration 0006.
	db = rollBack(t, dir,
		`DROP TABLE views`, `DROP TABLE documents_fts`, `DROP TABLE search_docs`, `DROP TABLE document_tags`,
		`DROP INDEX documents_type`, `DROP INDEX documents_correspondent`,
		`ALTER TABLE documents DROP COLUMN type_id`, `ALTER TABLE documents DROP COLUMN correspondent_id`,
		`ALTER TABLE documents DROP COLUMN language`, `ALTER TABLE documents DROP COLUMN created_on`,
		`ALTER TABLE documents DROP COLUMN created_edited`, `DROP TABLE labels`,
		`DELETE FROM schema_migrations WHERE name LIKE '%0006_metadata.sql'`)
	defer db.Close()
	res, err := db.SearchDocuments(ctx, app.SearchRequest{Query: "lamp storm"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 1 || res.Results[0].DocumentID != "old" || len(res.Results[0].Pages) == 0 {
		t.Fatalf("after the migration: %+v", res)
	}
}

// rollBack runs stmts on the closed library in dir — taking it back to
// before a migration — and opens it again with the store, which applies
// the migration anew.
func rollBack(t *testing.T, dir string, stmts ...string) *store.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, store.DatabaseFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	db, err := store.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return db
}
