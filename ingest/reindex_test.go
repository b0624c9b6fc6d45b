package ingest_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest"
)

// TestReindex builds passages with version 1, then with a changed builder
// at version 2, and checks passages are rebuilt from stored blocks alone.
func TestReindex(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	r := importAll(t, im, write(t, t.TempDir(), "guide.md", []byte(guide)))["guide.md"]
	if r.Outcome != app.OutcomeImported {
		t.Fatal(r.Err)
	}
	before, _, err := im.DB.StoredParse(ctx, r.DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := im.Reindex(ctx, false); err != nil || n != 0 {
		t.Fatalf("nothing stale, yet Reindex rebuilt %d (%v)", n, err)
	}

	// Version 2 of the builder marks its passages' headings.
	im.PassagesVersion = ingest.IndexVersion + 1
	im.Passages = func(docID, title string, p *app.Parsed) []app.Passage {
		ps := ingest.BuildPassages(docID, title, p)
		for i := range ps {
			ps[i].Headings = "rebuiltmarker " + ps[i].Headings
			ps[i].IndexVersion = ingest.IndexVersion + 1
		}
		return ps
	}
	// The original is gone: a rebuild must not need it.
	docs, _ := im.Documents(ctx)
	if err := removeBlob(im, docs[0].SHA256); err != nil {
		t.Fatal(err)
	}
	if len(hits(t, im, "rebuiltmarker")) != 0 {
		t.Fatal("marker found before the rebuild")
	}
	n, err := im.Reindex(ctx, false)
	if err != nil || n != 1 {
		t.Fatalf("Reindex = %d, %v; want 1 document", n, err)
	}
	if len(hits(t, im, "rebuiltmarker")) == 0 {
		t.Fatal("rebuilt passages not in the FTS index")
	}
	if len(hits(t, im, "walruses")) == 0 {
		t.Fatal("text lost in the rebuild")
	}
	after, _, err := im.DB.StoredParse(ctx, r.DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before.Blocks, after.Blocks) || !reflect.DeepEqual(before.Sections, after.Sections) {
		t.Fatal("blocks or sections changed in a passage rebuild")
	}
	if n, _ := im.Reindex(ctx, false); n != 0 {
		t.Fatalf("second Reindex rebuilt %d documents", n)
	}
	prof, err := im.DB.Profile(ctx, r.DocumentID)
	if err != nil || prof.Words == 0 || len(prof.Outline) != 2 || prof.Outline[1].Heading != "Diet" {
		t.Fatalf("stored profile = %+v, %v", prof, err)
	}
	if n, _ := im.Reindex(ctx, true); n != 1 {
		t.Fatalf("Reindex(all) rebuilt %d documents, want 1", n)
	}
	if err := im.DB.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestProfile(t *testing.T) {
	p := &app.Parsed{
		Sections: []app.Section{{Parent: -1}, {Parent: 0, Level: 1, Heading: "Results", LineStart: 3, LineEnd: 9}},
		Blocks: []app.Block{
			{Kind: app.BlockParagraph, Text: "Free Cash Flow (FCF) rose. FCF is reported by the Department of Energy (DOE) and the EPA."},
			{Kind: app.BlockCaption, Text: "Table 3: Revenue by segment"},
			{Kind: app.BlockParagraph, Text: "Figure 12 shows the trend.\nMore text."},
			{Kind: app.BlockCaption, Text: "An unnumbered caption"},
		},
	}
	prof := ingest.BuildProfile(p)
	if len(prof.Outline) != 1 || prof.Outline[0].Heading != "Results" || prof.Outline[0].LineEnd != 9 {
		t.Errorf("outline = %+v", prof.Outline)
	}
	if !reflect.DeepEqual(prof.Captions, []string{"Table 3: Revenue by segment", "Figure 12 shows the trend."}) {
		t.Errorf("captions = %q", prof.Captions)
	}
	got := map[string]app.Acronym{}
	for _, a := range prof.Acronyms {
		got[a.Short] = a
	}
	if a := got["FCF"]; a.Count != 2 || a.Expansion != "Free Cash Flow" {
		t.Errorf("FCF = %+v", a)
	}
	if a := got["DOE"]; a.Expansion != "Department of Energy" {
		t.Errorf("DOE = %+v", a)
	}
	if a := got["EPA"]; a.Count != 1 || a.Expansion != "" {
		t.Errorf("EPA = %+v", a)
	}
	if prof.Words != len(strings.Fields(p.Blocks[0].Text+" "+p.Blocks[1].Text+" "+p.Blocks[2].Text+" "+p.Blocks[3].Text)) {
		t.Errorf("words = %d", prof.Words)
	}
}
