package store_test

import (
	"context"
	"testing"

	"archivist/app"
	"archivist/store"
)

// importDoc imports a one-passage text document.
func importDoc(t *testing.T, db *store.DB, id, title, body string) {
	t.Helper()
	job, _ := enqueue(t, db, id, "sha-"+id)
	c := content(id, title, body)
	if err := db.CommitImport(context.Background(), job, c); err != nil {
		t.Fatal(err)
	}
}

func TestLabels(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	importDoc(t, db, "a", "A", "alpha")
	importDoc(t, db, "b", "B", "beta")

	t.Run("NamesUniqueIgnoringCase", func(t *testing.T) {
		if _, err := db.CreateLabel(ctx, app.LabelTag, "Tax"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateLabel(ctx, app.LabelTag, "  tax "); app.ErrorCode(err) != app.EConflict {
			t.Fatalf("a second tax = %v, want a conflict", err)
		}
		if _, err := db.CreateLabel(ctx, app.LabelType, "tax"); err != nil {
			t.Fatalf("the same name in another list: %v", err)
		}
		if _, err := db.CreateLabel(ctx, app.LabelTag, " \t"); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("an empty name = %v, want invalid", err)
		}
	})
	t.Run("AddRemoveTags", func(t *testing.T) {
		if err := db.AddTags(ctx, []string{"a", "b"}, "TAX", "Receipts"); err != nil {
			t.Fatal(err)
		}
		if err := db.RemoveTags(ctx, []string{"b"}, "tax"); err != nil {
			t.Fatal(err)
		}
		meta, err := db.DocumentMeta(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := meta["a"].Tags; len(got) != 2 || got[0] != "Receipts" || got[1] != "Tax" {
			t.Fatalf("a's tags = %q; want the existing spelling Tax kept and Receipts", got)
		}
		if got := meta["b"].Tags; len(got) != 1 || got[0] != "Receipts" {
			t.Fatalf("b's tags = %q", got)
		}
		if err := db.RemoveTags(ctx, []string{"a"}, "nothing"); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("removing an unknown tag = %v, want not found", err)
		}
		if err := db.AddTags(ctx, []string{"zzz"}, "x"); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("tagging a missing document = %v, want not found", err)
		}
		if labels, _ := db.Labels(ctx, app.LabelTag); len(labels) != 2 {
			t.Fatalf("a failed tagging left a tag behind: %+v", labels)
		}
	})
	t.Run("SetTypeAndCorrespondent", func(t *testing.T) {
		if err := db.SetLabel(ctx, app.LabelType, []string{"a", "b"}, "Invoice"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetLabel(ctx, app.LabelCorrespondent, []string{"a"}, "ACME Ltd"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetLabel(ctx, app.LabelType, []string{"b"}, ""); err != nil {
			t.Fatal(err)
		}
		meta, _ := db.DocumentMeta(ctx, []string{"a", "b"})
		if meta["a"].Type != "Invoice" || meta["a"].Correspondent != "ACME Ltd" || meta["b"].Type != "" {
			t.Fatalf("meta = %+v", meta)
		}
		if err := db.SetLabel(ctx, app.LabelTag, []string{"a"}, "x"); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("setting one tag = %v, want invalid", err)
		}
	})
	t.Run("RenameMergeDelete", func(t *testing.T) {
		tags, _ := db.Labels(ctx, app.LabelTag)
		byName := map[string]app.Label{}
		for _, l := range tags {
			byName[l.Name] = l
		}
		if byName["Receipts"].Documents != 2 || byName["Tax"].Documents != 1 {
			t.Fatalf("counts = %+v", tags)
		}
		if err := db.RenameLabel(ctx, app.LabelTag, byName["Tax"].ID, "receipts"); app.ErrorCode(err) != app.EConflict {
			t.Fatalf("renaming onto another name = %v, want a conflict", err)
		}
		if err := db.RenameLabel(ctx, app.LabelTag, byName["Tax"].ID, "TAX"); err != nil {
			t.Fatalf("a change of case: %v", err)
		}
		if err := db.MergeLabels(ctx, app.LabelTag, byName["Tax"].ID, byName["Receipts"].ID); err != nil {
			t.Fatal(err)
		}
		tags, _ = db.Labels(ctx, app.LabelTag)
		if len(tags) != 1 || tags[0].Name != "Receipts" || tags[0].Documents != 2 {
			t.Fatalf("after merge: %+v", tags)
		}
		types, _ := db.Labels(ctx, app.LabelType)
		var invoice app.Label
		for _, l := range types {
			if l.Name == "Invoice" {
				invoice = l
			}
		}
		if err := db.DeleteLabel(ctx, app.LabelType, invoice.ID); err != nil {
			t.Fatal(err)
		}
		meta, _ := db.DocumentMeta(ctx, []string{"a"})
		if meta["a"].Type != "" || meta["a"].Correspondent != "ACME Ltd" {
			t.Fatalf("after deleting the type: %+v", meta["a"])
		}
		if err := db.DeleteLabel(ctx, app.LabelTag, invoice.ID); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("deleting a gone label = %v", err)
		}
	})
	t.Run("CreatedKeptOverReimport", func(t *testing.T) {
		if err := db.SetCreated(ctx, []string{"a"}, "2021-02-30"); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("an impossible date = %v", err)
		}
		if err := db.SetCreated(ctx, []string{"a"}, "2021-02-03"); err != nil {
			t.Fatal(err)
		}
		c := content("a", "A", "alpha")
		c.Created, c.Language = "1999-01-01", "en"
		if err := db.CommitImport(ctx, store.Job{ID: "job-a", DocumentID: "a"}, c); err != nil {
			t.Fatal(err)
		}
		meta, _ := db.DocumentMeta(ctx, []string{"a"})
		if meta["a"].Created != "2021-02-03" || meta["a"].Language != "en" {
			t.Fatalf("after import again: %+v", meta["a"])
		}
	})
}
