package store_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

// readyDoc imports a one-passage text document whose original is body.
func readyDoc(t *testing.T, db *store.DB, id, title, body string) {
	t.Helper()
	ctx := context.Background()
	sum, _, err := db.PutBlob(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	job, _ := enqueue(t, db, id, sum)
	if err := db.CommitImport(ctx, job, content(id, title, body)); err != nil {
		t.Fatal(err)
	}
}

func TestFolders(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	readyDoc(t, db, "d1", "Annual report 2022", "Revenue grew in every segment.")
	readyDoc(t, db, "d2", "Lighthouse log", "The lamp was lit at dusk.")

	fin, err := db.CreateFolder(ctx, "f1", "", "  Finance  ")
	if err != nil || fin.Name != "Finance" {
		t.Fatalf("CreateFolder = %+v, %v", fin, err)
	}
	reports, err := db.CreateFolder(ctx, "f2", "f1", "Reports")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("NameUniqueAmongSiblingsIgnoringCase", func(t *testing.T) {
		if _, err := db.CreateFolder(ctx, "f3", "", "finance"); app.ErrorCode(err) != app.EConflict {
			t.Errorf("duplicate top-level name: %v, want conflict", err)
		}
		if _, err := db.CreateFolder(ctx, "f4", "f2", "Finance"); err != nil {
			t.Errorf("same name under another parent: %v", err)
		}
		if err := db.RenameFolder(ctx, "f2", "FINANCE"); err != nil {
			t.Errorf("rename to a name used only elsewhere: %v", err)
		}
		if err := db.RenameFolder(ctx, "f2", "Reports"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("BadNamesAndParents", func(t *testing.T) {
		for _, name := range []string{"", "   ", "a/b", "..", strings.Repeat("x", 81), "bell\x07"} {
			if _, err := db.CreateFolder(ctx, "bad", "", name); app.ErrorCode(err) != app.EInvalid {
				t.Errorf("CreateFolder(%q) = %v, want invalid", name, err)
			}
		}
		if _, err := db.CreateFolder(ctx, "bad", "nope", "X"); app.ErrorCode(err) != app.ENotFound {
			t.Errorf("missing parent: %v", err)
		}
		if err := db.MoveDocuments(ctx, []string{"d1"}, "nope"); app.ErrorCode(err) != app.ENotFound {
			t.Errorf("move into a missing folder: %v", err)
		}
	})
	t.Run("MoveAndScope", func(t *testing.T) {
		if err := db.MoveDocuments(ctx, []string{"d1"}, reports.ID); err != nil {
			t.Fatal(err)
		}
		pl, err := db.Placements(ctx)
		if err != nil || pl["d1"].FolderID != "f2" || pl["d2"].FolderID != "" {
			t.Fatalf("Placements = %+v, %v", pl, err)
		}
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		ids, err := snap.FolderDocumentIDs(ctx, "f1") // includes sub-folders
		if err != nil || !slices.Equal(ids, []string{"d1"}) {
			t.Errorf("FolderDocumentIDs(Finance) = %v, %v", ids, err)
		}
		if _, err := snap.FolderDocumentIDs(ctx, "gone"); app.ErrorCode(err) != app.ENotFound {
			t.Errorf("missing folder: %v, want not found (never all documents)", err)
		}
		folders, _ := db.Folders(ctx)
		for _, f := range folders {
			if f.ID == "f2" && f.Documents != 1 {
				t.Errorf("Reports counts %d documents", f.Documents)
			}
		}
	})
	t.Run("DeleteRenamesAClashingSubfolder", func(t *testing.T) {
		if _, err := db.CreateFolder(ctx, "x1", "", "Archive"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateFolder(ctx, "x2", "x1", "Archive"); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteFolder(ctx, "x1"); err != nil {
			t.Fatal(err)
		}
		folders, _ := db.Folders(ctx)
		for _, f := range folders {
			if f.ID == "x2" && (f.Name != "Archive" || f.ParentID != "") {
				t.Errorf("moved-up sub-folder = %+v", f)
			}
		}
		if err := db.DeleteFolder(ctx, "x2"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("DeleteMovesContentUp", func(t *testing.T) {
		if err := db.DeleteFolder(ctx, "f1"); err != nil {
			t.Fatal(err)
		}
		folders, _ := db.Folders(ctx)
		var top []string
		for _, f := range folders {
			if f.ParentID == "" {
				top = append(top, f.Name)
			}
		}
		if !slices.Equal(top, []string{"Reports"}) {
			t.Errorf("top level after delete = %v, want Reports moved up", top)
		}
		// Reports' own child "Finance" (f4) stays under Reports.
		pl, _ := db.Placements(ctx)
		if pl["d1"].FolderID != "f2" {
			t.Errorf("d1 filed in %q", pl["d1"].FolderID)
		}
	})
	t.Run("Sensitivity", func(t *testing.T) {
		if err := db.SetSensitivity(ctx, "d2", "Confidential"); err != nil {
			t.Fatal(err)
		}
		pl, _ := db.Placements(ctx)
		if pl["d2"].Sensitivity != "confidential" {
			t.Errorf("sensitivity = %q", pl["d2"].Sensitivity)
		}
		if err := db.SetSensitivity(ctx, "d2", "secret"); app.ErrorCode(err) != app.EInvalid {
			t.Errorf("unknown level: %v", err)
		}
		if err := db.SetSensitivity(ctx, "nobody", "public"); app.ErrorCode(err) != app.ENotFound {
			t.Errorf("unknown document: %v", err)
		}
	})
}

func TestTrash(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	readyDoc(t, db, "d1", "Walrus notes", "The walrus sleeps on the ice.")
	readyDoc(t, db, "d2", "Penguin notes", "Penguins gather in colonies.")
	docs, _ := db.Documents(ctx)
	sum := ""
	for _, d := range docs {
		if d.ID == "d1" {
			sum = d.SHA256
		}
	}
	if err := db.Trash(ctx, []string{"d1"}); err != nil {
		t.Fatal(err)
	}
	t.Run("TrashedLeavesListAndSearch", func(t *testing.T) {
		docs, _ := db.Documents(ctx)
		if len(docs) != 1 || docs[0].ID != "d2" {
			t.Errorf("Documents = %v", docs)
		}
		if hits := search(t, db, "walrus"); len(hits) != 0 {
			t.Errorf("trashed document still searchable: %v", hits)
		}
		tr, err := db.Trashed(ctx)
		if err != nil || len(tr) != 1 || tr[0].ID != "d1" || tr[0].TrashedAt.IsZero() {
			t.Errorf("Trashed = %+v, %v", tr, err)
		}
	})
	t.Run("Restore", func(t *testing.T) {
		if err := db.Restore(ctx, []string{"d1"}); err != nil {
			t.Fatal(err)
		}
		if hits := search(t, db, "walrus"); len(hits) != 1 {
			t.Errorf("restored document not searchable: %v", hits)
		}
	})
	t.Run("EmptyDeletesRowsAndOriginal", func(t *testing.T) {
		if err := db.Trash(ctx, []string{"d1"}); err != nil {
			t.Fatal(err)
		}
		n, err := db.EmptyTrash(ctx)
		if err != nil || n != 1 {
			t.Fatalf("EmptyTrash = %d, %v", n, err)
		}
		if _, err := db.Document(ctx, "d1"); app.ErrorCode(err) != app.ENotFound {
			t.Errorf("document still there: %v", err)
		}
		if _, err := os.Stat(db.BlobPath(sum)); !os.IsNotExist(err) {
			t.Errorf("original still on disk: %v", err)
		}
		if tr, _ := db.Trashed(ctx); len(tr) != 0 {
			t.Errorf("trash not empty: %v", tr)
		}
		if hits := search(t, db, "penguins"); len(hits) != 1 {
			t.Errorf("other document lost: %v", hits)
		}
		if err := db.IntegrityCheck(ctx); err != nil {
			t.Error(err)
		}
	})
}

func TestLookup(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	readyDoc(t, db, "d1", "Annual report", "Revenue grew.")
	readyDoc(t, db, "d2", "Lighthouse log", "The lamp was lit.")
	hits, err := db.Lookup(ctx, "annu", 10)
	if err != nil || len(hits) != 1 || hits[0].DocumentID != "d1" || hits[0].Heading != "" {
		t.Errorf("Lookup(annu) = %+v, %v", hits, err)
	}
	if hits, _ := db.Lookup(ctx, "lamp", 10); len(hits) != 0 {
		t.Errorf("Lookup matched body text: %+v", hits)
	}
	if hits, err := db.Lookup(ctx, `"*:(`, 10); err != nil || len(hits) != 0 {
		t.Errorf("punctuation: %+v, %v", hits, err)
	}
	if err := db.Trash(ctx, []string{"d1"}); err != nil {
		t.Fatal(err)
	}
	if hits, _ := db.Lookup(ctx, "annual", 10); len(hits) != 0 {
		t.Errorf("a trashed document is looked up: %+v", hits)
	}
}
