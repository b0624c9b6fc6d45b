package store_test

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
)

func TestViews(t *testing.T) {
	ctx := context.Background()
	db := searchLibrary(t)
	live, err := db.SaveView(ctx, "Money", "tag:money", nil)
	if err != nil {
		t.Fatal(err)
	}
	snapshot, err := db.SaveView(ctx, "Evidence", "", []string{"draft", "gone", "storm"})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("Refusals", func(t *testing.T) {
		if _, err := db.SaveView(ctx, "MONEY", "storm", nil); app.ErrorCode(err) != app.EConflict {
			t.Fatalf("a second view named money = %v", err)
		}
		if _, err := db.SaveView(ctx, "Bad", `"unclosed`, nil); app.ErrorCode(err) != app.EInvalid || !strings.Contains(err.Error(), "character 1") {
			t.Fatalf("a malformed query = %v", err)
		}
		many := make([]string, app.MaxSnapshotView+1)
		for i := range many {
			many[i] = "x"
		}
		if _, err := db.SaveView(ctx, "Many", "", many); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("101 documents = %v", err)
		}
	})
	t.Run("ResolvedInSnapshot", func(t *testing.T) {
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		got, err := snap.ViewDocumentIDs(ctx, live)
		if err != nil || strings.Join(got, " ") != "bill receipt" {
			t.Fatalf("live view = %q, %v", got, err)
		}
		got, err = snap.ViewDocumentIDs(ctx, snapshot)
		if err != nil || strings.Join(got, " ") != "draft storm" {
			t.Fatalf("snapshot view = %q, %v; want the trashed document left out", got, err)
		}
	})
	t.Run("RenameMoveDelete", func(t *testing.T) {
		if err := db.RenameView(ctx, snapshot.ID, "money"); app.ErrorCode(err) != app.EConflict {
			t.Fatalf("rename onto money = %v", err)
		}
		if err := db.RenameView(ctx, snapshot.ID, "Cited"); err != nil {
			t.Fatal(err)
		}
		if err := db.MoveView(ctx, snapshot.ID, 0); err != nil {
			t.Fatal(err)
		}
		views, _ := db.Views(ctx)
		if len(views) != 2 || views[0].Name != "Cited" || views[1].Name != "Money" || views[1].Query != "tag:money" {
			t.Fatalf("views = %+v", views)
		}
		if err := db.DeleteView(ctx, live.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteView(ctx, live.ID); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("deleting twice = %v", err)
		}
		if _, err := db.ViewByName(ctx, "cited"); err != nil {
			t.Fatal(err)
		}
	})
}
