package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

// reviewLibrary is a library of three documents: d1 and d2 in Downloads,
// d3 in Finance.
func reviewLibrary(t *testing.T) (*store.DB, string) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	readyDoc(t, db, "d1", "Acme annual report 2021", "Revenue grew.")
	readyDoc(t, db, "d2", "Acme annual report 2022", "Revenue fell.")
	readyDoc(t, db, "d3", "Globex annual report 2022", "Revenue held.")
	for _, f := range [][2]string{{"down", "Downloads"}, {"fin", "Finance"}} {
		if _, err := db.CreateFolder(ctx, f[0], "", f[1]); err != nil {
			t.Fatal(err)
		}
	}
	move(t, db, "down", "d1", "d2")
	move(t, db, "fin", "d3")
	return db, dir
}

func move(t *testing.T, db *store.DB, folder string, ids ...string) {
	t.Helper()
	if err := db.MoveDocuments(context.Background(), ids, folder); err != nil {
		t.Fatal(err)
	}
}

func folderOf(t *testing.T, db *store.DB, id string) string {
	t.Helper()
	pl, err := db.Placements(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return pl[id].FolderID
}

func save(t *testing.T, db *store.DB, props ...app.ReviewProposal) []app.ReviewProposal {
	t.Helper()
	kept, err := db.SaveReviewProposals(context.Background(), props)
	if err != nil {
		t.Fatal(err)
	}
	return kept
}

func toFinance(id, doc string) app.ReviewProposal {
	return app.ReviewProposal{ID: id, DocumentID: doc, TriggerID: "d3", FromFolderID: "down", FromPath: "Downloads",
		ToFolderID: "fin", ToPath: "Finance", Passages: []app.ReviewPassage{{PassageID: doc + "-p0", Text: "Revenue", Relevance: 0.8}}}
}

func toNewFolder(id, doc string) app.ReviewProposal {
	return app.ReviewProposal{ID: id, DocumentID: doc, TriggerID: "d3", FromFolderID: "down", FromPath: "Downloads",
		NewParentID: "fin", NewName: "Acme", ToPath: "Finance › Acme"}
}

func TestReviewAcceptRejectUndo(t *testing.T) {
	ctx := context.Background()
	t.Run("AcceptMovesAndUndoMovesBack", func(t *testing.T) {
		db, _ := reviewLibrary(t)
		save(t, db, toFinance("r1", "d1"))
		p, err := db.AcceptReview(ctx, "r1", "unused")
		if err != nil || p.Status != app.ReviewAccepted || p.DecidedAt.IsZero() {
			t.Fatalf("accept = %+v, %v", p, err)
		}
		if got := folderOf(t, db, "d1"); got != "fin" {
			t.Errorf("d1 in %q after accept, want fin", got)
		}
		if _, err := db.AcceptReview(ctx, "r1", "unused"); app.ErrorCode(err) != app.EConflict {
			t.Errorf("accepting twice: %v, want conflict", err)
		}
		p, err = db.UndoReview(ctx, "r1")
		if err != nil || p.Status != app.ReviewUndone {
			t.Fatalf("undo = %+v, %v", p, err)
		}
		if got := folderOf(t, db, "d1"); got != "down" {
			t.Errorf("d1 in %q after undo, want down", got)
		}
		list, _ := db.ReviewProposals(ctx, app.ReviewUndone)
		if len(list) != 1 || len(list[0].Passages) != 1 || list[0].Title != "Acme annual report 2021" {
			t.Errorf("undone list = %+v", list)
		}
	})
	t.Run("NewFolderIsMadeOnceAndRemovedWhenEmptied", func(t *testing.T) {
		db, _ := reviewLibrary(t)
		save(t, db, toNewFolder("r1", "d1"), toNewFolder("r2", "d2"))
		if _, err := db.AcceptReview(ctx, "r1", "acme"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AcceptReview(ctx, "r2", "acme-again"); err != nil {
			t.Fatal(err)
		}
		if a, b := folderOf(t, db, "d1"), folderOf(t, db, "d2"); a != "acme" || b != "acme" {
			t.Errorf("gathered into %q and %q, want one new folder acme", a, b)
		}
		for _, id := range []string{"r1", "r2"} { // the one that made the folder first
			if _, err := db.UndoReview(ctx, id); err != nil {
				t.Fatal(err)
			}
		}
		folders, _ := db.Folders(ctx)
		for _, f := range folders {
			if f.ID == "acme" {
				t.Errorf("the folder the accept made is still there after both moves were undone")
			}
		}
	})
	t.Run("RejectMovesNothing", func(t *testing.T) {
		db, _ := reviewLibrary(t)
		save(t, db, toFinance("r1", "d1"))
		if p, err := db.RejectReview(ctx, "r1"); err != nil || p.Status != app.ReviewRejected {
			t.Fatalf("reject = %+v, %v", p, err)
		}
		if got := folderOf(t, db, "d1"); got != "down" {
			t.Errorf("d1 in %q after reject", got)
		}
		if _, err := db.UndoReview(ctx, "r1"); app.ErrorCode(err) != app.EConflict {
			t.Errorf("undoing a rejected proposal: %v, want conflict", err)
		}
	})
	t.Run("MovedSinceIsAConflict", func(t *testing.T) {
		db, _ := reviewLibrary(t)
		save(t, db, toFinance("r1", "d1"))
		move(t, db, "", "d1")
		if _, err := db.AcceptReview(ctx, "r1", "x"); app.ErrorCode(err) != app.EConflict {
			t.Errorf("accepting after the person moved the document: %v, want conflict", err)
		}
		if got := folderOf(t, db, "d1"); got != "" {
			t.Errorf("d1 moved to %q", got)
		}
	})
	t.Run("UnknownIsNotFound", func(t *testing.T) {
		db, _ := reviewLibrary(t)
		if _, err := db.AcceptReview(ctx, "nope", "x"); app.ErrorCode(err) != app.ENotFound {
			t.Errorf("accept unknown: %v", err)
		}
	})
}

// A move rejected (or undone) is not proposed again for the same document
// and target; another target still is.
func TestReviewRejectedIsNotProposedAgain(t *testing.T) {
	ctx := context.Background()
	db, _ := reviewLibrary(t)
	save(t, db, toFinance("r1", "d1"))
	if _, err := db.RejectReview(ctx, "r1"); err != nil {
		t.Fatal(err)
	}
	if kept := save(t, db, toFinance("r2", "d1")); len(kept) != 0 {
		t.Errorf("rejected move proposed again: %+v", kept)
	}
	if kept := save(t, db, toNewFolder("r3", "d1")); len(kept) != 1 {
		t.Errorf("a move to another folder was not kept: %+v", kept)
	}
	save(t, db, toFinance("r4", "d2"))
	if _, err := db.AcceptReview(ctx, "r4", "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UndoReview(ctx, "r4"); err != nil {
		t.Fatal(err)
	}
	if kept := save(t, db, toFinance("r5", "d2")); len(kept) != 0 {
		t.Errorf("undone move proposed again: %+v", kept)
	}
	open, _ := db.ReviewProposals(ctx, app.ReviewProposed)
	if len(open) != 1 || open[0].ID != "r3" {
		t.Errorf("open proposals = %+v, want r3 only", open)
	}
}

// A document's newer proposal replaces its open one; the same move
// proposed twice is kept once.
func TestReviewNewerProposalReplacesOpenOne(t *testing.T) {
	ctx := context.Background()
	db, _ := reviewLibrary(t)
	save(t, db, toFinance("r1", "d1"))
	if kept := save(t, db, toFinance("r2", "d1")); len(kept) != 0 {
		t.Errorf("the same move kept twice")
	}
	save(t, db, toNewFolder("r3", "d1"))
	open, _ := db.ReviewProposals(ctx, app.ReviewProposed)
	if len(open) != 1 || open[0].ID != "r3" {
		t.Errorf("open proposals = %+v, want r3", open)
	}
	// Made before the document moved: the same move from where it is now
	// replaces it.
	stale := toFinance("r4", "d2")
	stale.FromFolderID, stale.FromPath = "", ""
	save(t, db, stale)
	if kept := save(t, db, toFinance("r5", "d2")); len(kept) != 1 {
		t.Errorf("a move from the document's present folder did not replace the stale one: %+v", kept)
	}
}

// Accepting moves the document and records the status in one
// transaction: when the status cannot be written (here a trigger aborts
// it, as a crash would), the document has not moved and no folder was made.
func TestReviewAcceptIsAtomic(t *testing.T) {
	ctx := context.Background()
	db, dir := reviewLibrary(t)
	save(t, db, toNewFolder("r1", "d1"))
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, store.DatabaseFile))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.ExecContext(ctx, `CREATE TRIGGER cut BEFORE UPDATE OF status ON review_proposals
		BEGIN SELECT RAISE(ABORT, 'power cut'); END`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.AcceptReview(ctx, "r1", "acme"); err == nil || !strings.Contains(err.Error(), "power cut") {
		t.Fatalf("accept = %v; want the status write to fail", err)
	}
	if got := folderOf(t, db, "d1"); got != "down" {
		t.Errorf("d1 in %q: the move committed without its status", got)
	}
	folders, _ := db.Folders(ctx)
	for _, f := range folders {
		if f.ID == "acme" {
			t.Errorf("the new folder was made without the accept")
		}
	}
	if _, err := raw.ExecContext(ctx, `DROP TRIGGER cut`); err != nil {
		t.Fatal(err)
	}
	if p, err := db.AcceptReview(ctx, "r1", "acme"); err != nil || p.Status != app.ReviewAccepted {
		t.Errorf("accept after the failure = %+v, %v", p, err)
	}
}

func TestAutoApplyReviewsIsOffByDefault(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	if on, err := db.AutoApplyReviews(ctx); on || err != nil {
		t.Fatalf("auto apply = %v, %v; want off", on, err)
	}
	if err := db.SetAutoApplyReviews(ctx, true); err != nil {
		t.Fatal(err)
	}
	if on, _ := db.AutoApplyReviews(ctx); !on {
		t.Error("auto apply did not turn on")
	}
}
