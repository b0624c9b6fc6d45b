package abbrev_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/abbrev"
	"archivist/store"
)

// TestBackfillReadsStoredBlocks: a document imported before
// abbreviations were learned is read from its stored blocks, once.
func TestBackfillReadsStoredBlocks(t *testing.T) {
	readme := filepath.Join("..", "..", "..", "shared", "fixtures", "markdown", "pdfplumber_docs", "README.md")
	if _, err := os.Stat(readme); err != nil {
		t.Skipf("fixture not found (../shared beside the checkout): %v", err)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im := &ingest.Importer{DB: db, NewID: uuid.NewString} // no commit hook: as before abbreviations were learned
	res, err := im.ImportFiles(ctx, []string{readme}, "", nil)
	if err != nil || len(res) != 1 || res[0].Outcome == app.OutcomeFailed {
		t.Fatalf("import %+v, %v", res, err)
	}
	svc := abbrev.Service{DB: db}
	if n, err := svc.Backfill(ctx); err != nil || n != 1 {
		t.Fatalf("backfill read %d, %v", n, err)
	}
	if n, err := svc.Backfill(ctx); err != nil || n != 0 {
		t.Fatalf("second backfill read %d, %v", n, err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	got, err := snap.Abbreviations(ctx, []string{res[0].DocumentID})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range got[res[0].DocumentID] {
		if a.Short == "WARN" && a.Long == "Worker Adjustment and Retraining Notification" {
			found = true
		}
	}
	if !found {
		t.Fatalf("WARN not learned from \"California Worker Adjustment and Retraining Notification (WARN)\": %+v", got)
	}
}
