package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
	"archivist/store/query"
)

// pagedContent is a PDF-like document with one passage per page.
func pagedContent(docID, title string, pages ...string) *store.Content {
	p := &app.Parsed{Format: app.FormatPDF, Pages: len(pages), Sections: []app.Section{{ID: docID + "-s0", Parent: -1, Heading: title}}}
	c := &store.Content{Title: title, Parsed: p}
	for i, text := range pages {
		id := docID + "-" + string(rune('a'+i))
		p.Blocks = append(p.Blocks, app.Block{ID: id + "-b", Seq: i, Kind: app.BlockParagraph, Text: text, Page: i + 1})
		c.Passages = append(c.Passages, app.Passage{ID: id + "-p", DocumentID: docID, SectionID: docID + "-s0", Seq: i,
			Title: title, Text: text, PageStart: i + 1, PageEnd: i + 1,
			Spans: []app.Span{{BlockID: id + "-b", Start: 0, End: len(text)}}, IndexVersion: 1})
	}
	return c
}

// searchLibrary holds five documents with metadata.
func searchLibrary(t testing.TB) *store.DB {
	ctx := context.Background()
	db := MustOpen(t)
	docs := []struct {
		id, title string
		pages     []string
		created   string
	}{
		{"storm", "Keeper's log", []string{"The lamp was lit at dusk.", "A storm broke the north tower window.", "Repairs to the lighthouse began."}, "2022-03-01"},
		{"bill", "Electricity bill", []string{"Invoice for the lighthouse electricity, March.", "Total due 120."}, "2022-04-10"},
		{"receipt", "Receipt for glass", []string{"Receipt: window glass for the north tower."}, "2021-11-05"},
		{"draft", "Draft letter", []string{"A draft about the storm and the window."}, ""},
		{"gone", "Trashed storm notes", []string{"storm storm storm window"}, "2022-01-01"},
	}
	for _, d := range docs {
		doc := &app.Document{ID: d.id, Title: d.id, Filename: d.id + ".txt", Format: app.FormatText, SHA256: "sha-" + d.id, SizeBytes: 10}
		job := store.Job{ID: "job-" + d.id, DocumentID: d.id}
		if _, err := db.EnqueueImport(ctx, doc, job.ID, d.id); err != nil {
			t.Fatal(err)
		}
		c := pagedContent(d.id, d.title, d.pages...)
		c.Created = d.created
		if err := db.CommitImport(ctx, job, c); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.AddTags(ctx, []string{"bill", "receipt"}, "money"))
	must(db.AddTags(ctx, []string{"storm"}, "weather"))
	must(db.SetLabel(ctx, app.LabelType, []string{"bill"}, "Invoice"))
	must(db.SetLabel(ctx, app.LabelType, []string{"receipt"}, "Receipt"))
	must(db.SetLabel(ctx, app.LabelCorrespondent, []string{"bill"}, "Power Co"))
	must(db.SetSensitivity(ctx, "draft", "confidential"))
	must(db.Trash(ctx, []string{"gone"}))
	return db
}

func ids(r *app.SearchResults) string {
	var out []string
	for _, x := range r.Results {
		out = append(out, x.DocumentID)
	}
	return strings.Join(out, " ")
}

func TestSearchDocuments(t *testing.T) {
	ctx := context.Background()
	db := searchLibrary(t)
	run := func(t *testing.T, q string, sort app.SearchSort) *app.SearchResults {
		t.Helper()
		r, err := db.SearchDocuments(ctx, app.SearchRequest{Query: q, Sort: sort, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	cases := []struct{ name, q, want string }{
		{"WordsAcrossPages", "lamp repairs", "storm"},
		{"Phrase", `"north tower"`, "receipt storm"},
		{"PhraseOrderMatters", `"tower north"`, ""},
		{"ExcludedAnywhereInTheDocument", "window -lighthouse", "draft receipt"},
		{"OnlyExcluded", "-window", "bill"},
		{"Or", "invoice OR receipt", "bill receipt"},
		{"Prefix", "light*", "storm bill"},
		{"Tag", "tag:MONEY", "bill receipt"},
		{"ExcludedTag", "window -tag:money", "storm draft"},
		{"Type", `type:invoice`, "bill"},
		{"Correspondent", `correspondent:"power co"`, "bill"},
		{"CreatedYear", "created:2022", "bill storm"},
		{"CreatedRange", "created:2021-11..2022-03", "storm receipt"},
		{"Sensitivity", "sensitivity:confidential", "draft"},
		{"InternalIsUnset", "sensitivity:internal", "bill storm receipt"},
		{"Pages", "pages:>=2", "bill storm"},
		{"Format", "format:text", "bill draft receipt storm"},
		{"OtherFormat", "format:pdf", ""},
		{"FiltersOr", "type:invoice OR tag:weather", "bill storm"},
		{"UnknownTagMatchesNothing", "tag:nope", ""},
		{"TrashedNeverShown", "storm", "draft storm"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sort := app.SortNewest
			if strings.Contains(c.name, "Words") || c.name == "TrashedNeverShown" {
				sort = app.SortRelevance
			}
			r := run(t, c.q, sort)
			got := ids(r)
			// Order is by date, newest first, where not by relevance; a
			// document without a created date sorts by its import date.
			if sort == app.SortNewest {
				got, c.want = sorted(got), sorted(c.want)
			}
			if got != c.want || r.Total != len(r.Results) {
				t.Fatalf("%s → %q (total %d), want %q", c.q, got, r.Total, c.want)
			}
		})
	}
	t.Run("SnippetMarksWordsAndPage", func(t *testing.T) {
		r := run(t, "storm tower", app.SortRelevance)
		top := r.Results[0]
		if top.DocumentID != "storm" || !strings.Contains(top.Snippet, app.SnippetMarkStart+"storm"+app.SnippetMarkEnd) ||
			len(top.Pages) == 0 || top.Pages[0] != 2 || top.Score <= 0 {
			t.Fatalf("top = %+v, want the keeper's log, page 2, storm marked", top)
		}
	})
	t.Run("Facets", func(t *testing.T) {
		r := run(t, "window OR invoice", app.SortRelevance)
		f := r.Facets
		if r.Total != 4 || f["tag"]["money"] != 2 || f["tag"]["weather"] != 1 || f["type"]["Invoice"] != 1 ||
			f["year"]["2022"] != 2 || f["year"]["2021"] != 1 || f["sensitivity"]["confidential"] != 1 ||
			f["sensitivity"]["internal"] != 3 || f["format"]["text"] != 4 || f["correspondent"]["Power Co"] != 1 {
			t.Fatalf("facets = %v (total %d)", f, r.Total)
		}
	})
	t.Run("SortAndPaging", func(t *testing.T) {
		r, err := db.SearchDocuments(ctx, app.SearchRequest{Query: "created:2021..2022", Sort: app.SortOldest, Offset: 1, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Total != 3 || ids(r) != "storm" {
			t.Fatalf("second oldest = %q of %d, want storm of 3", ids(r), r.Total)
		}
		r, _ = db.SearchDocuments(ctx, app.SearchRequest{Query: "created:2021..2022", Offset: 10})
		if r.Total != 3 || len(r.Results) != 0 {
			t.Fatalf("a page past the end = %+v", r)
		}
	})
	t.Run("MalformedIsInvalid", func(t *testing.T) {
		_, err := db.SearchDocuments(ctx, app.SearchRequest{Query: `storm "tower`})
		if app.ErrorCode(err) != app.EInvalid || !strings.Contains(err.Error(), "character 7") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("FolderIncludesSubfolders", func(t *testing.T) {
		top, err := db.CreateFolder(ctx, "f1", "", "Bills")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateFolder(ctx, "f2", top.ID, "Old"); err != nil {
			t.Fatal(err)
		}
		if err := db.MoveDocuments(ctx, []string{"receipt"}, "f2"); err != nil {
			t.Fatal(err)
		}
		if got := ids(run(t, "folder:bills", app.SortNewest)); got != "receipt" {
			t.Fatalf("folder:bills = %q", got)
		}
	})
}

func sorted(s string) string {
	f := strings.Fields(s)
	for i := range f {
		for j := i + 1; j < len(f); j++ {
			if f[j] < f[i] {
				f[i], f[j] = f[j], f[i]
			}
		}
	}
	return strings.Join(f, " ")
}

// FuzzSearchQuery: every query the parser accepts runs — its FTS5 and SQL
// are well formed whatever the words.
func FuzzSearchQuery(f *testing.F) {
	for _, s := range []string{"storm", `"north tower" -lamp`, "a OR b c*", "tag:x OR type:y -created:2022", "NEAR(a b)", `"*"`, "^storm", "a:b"} {
		f.Add(s)
	}
	db := searchLibrary(f)
	f.Fuzz(func(t *testing.T, s string) {
		q, err := query.Parse(s)
		if err != nil {
			return
		}
		snap, err := db.Snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		if _, err := snap.SearchDocuments(context.Background(), q, app.SearchRequest{Limit: 3}); err != nil {
			var qe *query.Error
			if !errors.As(err, &qe) {
				t.Fatalf("%q: %v", s, err)
			}
		}
	})
}

func TestSearchCitation(t *testing.T) {
	ctx := context.Background()
	db := MustOpen(t)
	job, _ := enqueue(t, db, "log", "sha-log")
	c := pagedContent("log", "Keeper's log", "The lamp was lit.", "Two storms broke the tower window; the storm passed.")
	// Word boxes on page 2, as a PDF parser stores them.
	b := &c.Parsed.Blocks[1]
	for i, w := range strings.Fields(b.Text) {
		start := strings.Index(b.Text, w)
		b.Words = append(b.Words, app.WordBox{Start: start, End: start + len(w), X0: float64(i) / 20, Y0: 0.1, X1: float64(i+1) / 20, Y1: 0.12})
	}
	if err := db.CommitImport(ctx, job, c); err != nil {
		t.Fatal(err)
	}
	cite, err := db.SearchCitation(ctx, "log", "storm -lamp")
	if err != nil {
		t.Fatal(err)
	}
	if cite.PageStart != 2 || cite.Quote != "storms" || cite.Blocks[0] != b.ID || len(cite.Rects) != 2 || cite.Precision != "line" {
		t.Fatalf("citation = %+v; want page 2, both storm words highlighted", cite)
	}
	if _, err := db.SearchCitation(ctx, "nope", "storm"); app.ErrorCode(err) != app.ENotFound {
		t.Fatalf("a missing document = %v", err)
	}
	cite, err = db.SearchCitation(ctx, "log", "tag:x")
	if err != nil || cite.PageStart != 1 || len(cite.Rects) != 0 {
		t.Fatalf("a query without words = %+v, %v", cite, err)
	}
}
