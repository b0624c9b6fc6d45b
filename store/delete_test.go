package store_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"archivist/app"
)

func TestDeleteDocument(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	var sums []string
	for _, id := range []string{"gone", "kept"} {
		sum, _, err := db.PutBlob(strings.NewReader("original of " + id))
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
		job, _ := enqueue(t, db, id, sum)
		if err := db.CommitImport(ctx, job, content(id, "Doc "+id, "Narwhals "+id+" surface at dawn.")); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.DeleteDocument(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	hits := search(t, db, "narwhals")
	if len(hits) != 1 || hits[0].DocumentID != "kept" {
		t.Errorf("hits after delete = %+v, want only the kept document", hits)
	}
	if _, err := db.Document(ctx, "gone"); app.ErrorCode(err) != app.ENotFound {
		t.Errorf("deleted document still found: %v", err)
	}
	if _, err := os.Stat(db.BlobPath(sums[0])); !os.IsNotExist(err) {
		t.Errorf("deleted document's original still stored: %v", err)
	}
	if _, err := db.ReadBlob(sums[1]); err != nil {
		t.Errorf("other original: %v", err)
	}
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
	var e *app.Error
	if err := db.DeleteDocument(ctx, "gone"); !errors.As(err, &e) || e.Code != app.ENotFound {
		t.Errorf("deleting twice = %v, want not found", err)
	}
}
