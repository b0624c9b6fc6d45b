package retrieve

import (
	"context"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

// countingCropper cuts every figure as the same bytes and counts the cuts.
type countingCropper struct{ n int }

func (c *countingCropper) CropFigure(context.Context, string, string, app.Rect) ([]byte, bool, error) {
	c.n++
	return []byte("png"), false, nil
}

// TestFiguresAccess: a figure's document is read again before anything is
// cut: one changed, trashed or made Confidential since the evidence was
// read shows nothing and says why; a figure is cut once a question.
func TestFiguresAccess(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	add := func(id string) app.Document {
		chart := "Tonnage\n2020 530"
		d := &app.Document{ID: id, Title: "Report " + id, Filename: id + ".pdf", Format: app.FormatPDF, SHA256: id + "-sha", Pages: 1}
		p := &app.Parsed{Format: app.FormatPDF, Pages: 1, Sections: []app.Section{{ID: id + "/s0", Parent: -1, Heading: "Report"}},
			Blocks: []app.Block{{ID: id + "/b0", Kind: app.BlockFigure, Text: chart, Page: 1}}}
		ps := []app.Passage{{ID: id + "/p0", DocumentID: id, SectionID: id + "/s0", Text: chart, Picture: true, PageStart: 1, PageEnd: 1,
			Spans: []app.Span{{BlockID: id + "/b0", End: len(chart)}}, IndexVersion: 1}}
		if _, err := db.EnqueueImport(ctx, d, "job-"+id, ""); err != nil {
			t.Fatal(err)
		}
		if err := db.CommitImport(ctx, store.Job{ID: "job-" + id, DocumentID: id}, &store.Content{Title: d.Title, Parsed: p, Passages: ps}); err != nil {
			t.Fatal(err)
		}
		return *d
	}
	figure := func(id string) []app.Block {
		return []app.Block{{ID: id + "/b0", Kind: app.BlockFigure, Box: app.Rect{Page: 1, X1: 0.5, Y1: 0.5}}}
	}
	a, b, c := add("a"), add("b"), add("c")

	crop := &countingCropper{}
	figs := newFigures(crop, db, app.Question{})
	for range 2 {
		if pics, why := figs.Figures(ctx, a, figure("a")); len(pics) != 1 || why != "" {
			t.Fatalf("a ready document: %d pictures, %q", len(pics), why)
		}
	}
	if crop.n != 1 {
		t.Errorf("one figure was cut %d times in one question", crop.n)
	}

	changed := b
	changed.SHA256 = "older-sha"
	if pics, why := figs.Figures(ctx, changed, figure("b")); len(pics) != 0 || !strings.Contains(why, "changed or removed") {
		t.Errorf("a changed document: %d pictures, %q", len(pics), why)
	}
	if err := db.Trash(ctx, []string{"c"}); err != nil {
		t.Fatal(err)
	}
	if pics, why := figs.Figures(ctx, c, figure("c")); len(pics) != 0 || !strings.Contains(why, "changed or removed") {
		t.Errorf("a trashed document: %d pictures, %q", len(pics), why)
	}
	if err := db.SetSensitivity(ctx, "b", "restricted"); err != nil {
		t.Fatal(err)
	}
	fresh := newFigures(crop, db, app.Question{})
	if pics, why := fresh.Figures(ctx, b, figure("b")); len(pics) != 0 || !strings.Contains(why, "Confidential or Restricted") {
		t.Errorf("a document made Restricted: %d pictures, %q", len(pics), why)
	}
	consented := newFigures(crop, db, app.Question{Consent: true})
	if pics, _ := consented.Figures(ctx, b, figure("b")); len(pics) != 1 {
		t.Errorf("with consent, a Restricted document's figure was not shown")
	}
	if crop.n != 2 {
		t.Errorf("%d cuts, want 2: nothing is cut for a document that may not be shown", crop.n)
	}
}
