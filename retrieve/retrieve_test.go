package retrieve_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/retrieve/fts"
	"archivist/store"
)

func TestTerms(t *testing.T) {
	got := fts.Terms(`What is the refund policy for the "Premium" plan, and what's the refund window in 2024?`)
	want := []string{"refund", "policy", "premium", "plan", "window", "2024"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Terms = %q, want %q", got, want)
	}
	if m := fts.MatchAny([]string{"refunds", "say\"xyzw", "2024", "tax"}); m != `"refunds"* OR "say""xyzw"* OR "2024" OR "tax"` {
		t.Fatalf("MatchAny = %s", m)
	}
	if got := fts.Terms("what is it?"); len(got) != 0 {
		t.Fatalf("stop-word question gave terms %q", got)
	}
}

// doc describes a test document: sections of paragraphs, one block per
// paragraph, one passage per block, each paragraph on its own line.
type doc struct {
	id       string
	title    string
	sections map[string][]string // heading → paragraphs; "" is the root
	order    []string
}

func addDoc(t testing.TB, db *store.DB, d doc) {
	t.Helper()
	ctx := context.Background()
	p := &app.Parsed{Format: app.FormatMarkdown, Sections: []app.Section{{ID: d.id + "/s0", Parent: -1, Heading: d.title}}}
	var passages []app.Passage
	line := 1
	for _, heading := range d.order {
		sec := 0
		if heading != "" {
			p.Sections = append(p.Sections, app.Section{ID: fmt.Sprintf("%s/s%d", d.id, len(p.Sections)), Parent: 0, Level: 1, Heading: heading})
			sec = len(p.Sections) - 1
		}
		for _, para := range d.sections[heading] {
			b := app.Block{ID: fmt.Sprintf("%s/b%d", d.id, len(p.Blocks)), Seq: len(p.Blocks), Section: sec,
				Kind: app.BlockParagraph, Text: para, LineStart: line, LineEnd: line + strings.Count(para, "\n")}
			line = b.LineEnd + 2
			p.Blocks = append(p.Blocks, b)
			passages = append(passages, app.Passage{ID: b.ID + "/p", DocumentID: d.id, SectionID: p.Sections[sec].ID,
				Seq: b.Seq, Title: d.title, Headings: heading, Text: para,
				Spans: []app.Span{{BlockID: b.ID, Start: 0, End: len(para)}}, IndexVersion: 1})
		}
	}
	sum := d.id + "-sha"
	dd := &app.Document{ID: d.id, Title: d.title, Filename: d.id + ".md", Format: app.FormatMarkdown, SHA256: sum}
	if _, err := db.EnqueueImport(ctx, dd, "job-"+d.id, ""); err != nil {
		t.Fatal(err)
	}
	if err := db.CommitImport(ctx, store.Job{ID: "job-" + d.id, DocumentID: d.id},
		&store.Content{Title: d.title, Parsed: p, Passages: passages}); err != nil {
		t.Fatal(err)
	}
}

func openDB(t testing.TB) *store.DB {
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func gather(t *testing.T, db *store.DB, q app.Question) *app.Evidence {
	t.Helper()
	ctx := context.Background()
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	ev, err := fts.Gather(ctx, snap, q)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

// filler makes n characters of prose that matches no test question.
func filler(n int) string {
	s := strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", n/57+1)
	return s[:n]
}

// checkVerbatim asserts every window's text is its spans' block text joined.
func checkVerbatim(t *testing.T, ev *app.Evidence) {
	t.Helper()
	for _, s := range ev.Sources {
		for _, w := range s.Windows {
			if err := app.CheckWindow(w, ev.Blocks); err != nil {
				t.Fatal(err)
			}
			if n := utf8.RuneCountInString(w.Text); n > app.MaxWindowChars && len(s.Windows) > 1 {
				t.Fatalf("window of %d characters exceeds %d", n, app.MaxWindowChars)
			}
		}
	}
}

func TestGather(t *testing.T) {
	db := openDB(t)
	for i := 0; i < 9; i++ {
		addDoc(t, db, doc{id: fmt.Sprintf("small%d", i), title: fmt.Sprintf("Note %d", i), order: []string{""},
			sections: map[string][]string{"": {fmt.Sprintf("Walrus sighting number %d was recorded at the station.", i)}}})
	}
	long := doc{id: "long", title: "Field Manual", order: []string{"", "Feeding", "Migration"}, sections: map[string][]string{
		"":          {filler(3000)},
		"Feeding":   {filler(2000) + " Narwhals feed mostly on halibut and cod in winter. " + filler(2000)},
		"Migration": {filler(2500), "The narwhal migration begins in early spring when the ice breaks up. " + filler(1500), filler(2000) + " Signed, the station keeper."},
	}}
	addDoc(t, db, long)

	t.Run("AtMostSixDocuments", func(t *testing.T) {
		ev := gather(t, db, app.Question{Text: "walrus sighting"})
		if len(ev.Sources) != app.MaxSources {
			t.Fatalf("sources = %d, want %d", len(ev.Sources), app.MaxSources)
		}
		for i, s := range ev.Sources {
			if s.N != i+1 {
				t.Errorf("source %d numbered %d", i, s.N)
			}
		}
		checkVerbatim(t, ev)
	})
	t.Run("SmallDocumentSentWhole", func(t *testing.T) {
		ev := gather(t, db, app.Question{Text: "walrus", Scope: app.Scope{DocumentIDs: []string{"small3"}}})
		if len(ev.Sources) != 1 || ev.Sources[0].Text != "Walrus sighting number 3 was recorded at the station." {
			t.Fatalf("sources = %+v", ev.Sources)
		}
	})
	t.Run("ScopeRestricts", func(t *testing.T) {
		ev := gather(t, db, app.Question{Text: "walrus", Scope: app.Scope{DocumentIDs: []string{"small1", "small7", "long"}}})
		var ids []string
		for _, s := range ev.Sources {
			ids = append(ids, s.DocumentID)
		}
		if len(ids) != 2 || !(ids[0] == "small1" || ids[0] == "small7") || ids[0] == ids[1] {
			t.Fatalf("scoped sources = %v, want small1 and small7", ids)
		}
	})
	t.Run("TooManySelected", func(t *testing.T) {
		snap, _ := db.Snapshot(context.Background())
		defer snap.Close()
		ids := make([]string, app.MaxSelectedDocuments+1)
		for i := range ids {
			ids[i] = fmt.Sprint(i)
		}
		_, err := fts.Gather(context.Background(), snap, app.Question{Text: "walrus", Scope: app.Scope{DocumentIDs: ids}})
		if app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("err = %v, want invalid", err)
		}
	})
	t.Run("LongDocumentWindows", func(t *testing.T) {
		for _, preset := range []app.Preset{app.PresetFocused, app.PresetBalanced, app.PresetDetailed} {
			ev := gather(t, db, app.Question{Text: "When does the narwhal migration begin, and what do narwhals feed on?", Preset: preset})
			if len(ev.Sources) != 1 || ev.Sources[0].DocumentID != "long" {
				t.Fatalf("%s: sources = %+v", preset, ev.Sources)
			}
			src := ev.Sources[0]
			checkVerbatim(t, ev)
			if n := utf8.RuneCountInString(src.Text); n > fts.Budgets[preset].Chars {
				t.Errorf("%s: source text %d characters, budget %d", preset, n, fts.Budgets[preset].Chars)
			}
			hasMigration := strings.Contains(src.Text, "The narwhal migration begins in early spring when the ice breaks up.")
			hasFeeding := strings.Contains(src.Text, "Narwhals feed mostly on halibut and cod in winter.")
			if !hasMigration && !hasFeeding {
				t.Errorf("%s: no window holds a whole matching sentence:\n%s", preset, src.Text)
			}
			if preset != app.PresetFocused && !(hasMigration && hasFeeding) {
				t.Errorf("%s: term windows missing, got:\n%s", preset, src.Text)
			}
			if preset == app.PresetFocused && len(src.Windows) > 2 {
				t.Errorf("focused took %d windows", len(src.Windows))
			}
			if !strings.HasSuffix(src.Text, "Signed, the station keeper.") && preset != app.PresetFocused {
				t.Errorf("%s: document ending not appended", preset)
			}
		}
	})
	t.Run("NothingMatches", func(t *testing.T) {
		if ev := gather(t, db, app.Question{Text: "quantum chromodynamics"}); len(ev.Sources) != 0 {
			t.Fatalf("sources = %+v", ev.Sources)
		}
	})
}

var tokens int

func ask(t *testing.T, db *store.DB, q string, scope ...string) *app.Answer {
	t.Helper()
	r := retrieve.NewResearch(db, answer.Extractive{}, func() string { tokens++; return fmt.Sprintf("token-%d", tokens) })
	ans, err := r.Ask(context.Background(), app.Question{Text: q, Scope: app.Scope{DocumentIDs: scope}})
	if err != nil {
		t.Fatal(err)
	}
	return ans
}

func TestExtractiveAnswer(t *testing.T) {
	db := openDB(t)
	addDoc(t, db, doc{id: "policy", title: "Store Policy", order: []string{"", "Refunds", "Shipping"}, sections: map[string][]string{
		"":         {"This policy applies to all purchases."},
		"Refunds":  {"Customers may request a refund within 30 days of delivery.\nRefunds are paid to the original card. Opened software is not refundable."},
		"Shipping": {"Orders ship within two business days. Express shipping costs $15."},
	}})
	addDoc(t, db, doc{id: "recipes", title: "Recipes", order: []string{""}, sections: map[string][]string{
		"": {"Bake the bread at 220 degrees for 35 minutes. Let it cool before slicing."},
	}})
	t.Run("QuotesAndCites", func(t *testing.T) {
		ans := ask(t, db, "How many days do customers have to request a refund?")
		if !ans.Sufficient || len(ans.Citations) == 0 {
			t.Fatalf("answer = %+v", ans)
		}
		c := ans.Citations[0]
		if c.Quote != "Customers may request a refund within 30 days of delivery." {
			t.Errorf("quote = %q", c.Quote)
		}
		if c.DocumentID != "policy" || c.Section != "Refunds" || c.LineStart != 3 || c.LineEnd != 3 || len(c.Blocks) != 1 || c.Precision != "line" {
			t.Errorf("citation = %+v", c)
		}
		if !strings.Contains(ans.Answer, "[1]") || !strings.HasPrefix(ans.Answer, answer.Lead) {
			t.Errorf("answer text = %q", ans.Answer)
		}
		if ans.TraceToken == "" || len(ans.Sources) == 0 || ans.Sources[0].N != 1 {
			t.Errorf("answer = %+v", ans)
		}
	})
	t.Run("QuoteSpanningLinesGetsBothLines", func(t *testing.T) {
		ans := ask(t, db, "Are refunds paid to the original card?")
		var found bool
		for _, c := range ans.Citations {
			if c.Quote == "Refunds are paid to the original card." {
				found = true
				if c.LineStart != 4 || c.LineEnd != 4 {
					t.Errorf("lines %d–%d, want 4–4", c.LineStart, c.LineEnd)
				}
			}
		}
		if !found {
			t.Fatalf("citations = %+v", ans.Citations)
		}
	})
	t.Run("InsufficientMakesNoClaim", func(t *testing.T) {
		ans := ask(t, db, "What is the warranty on laptop batteries?")
		if ans.Sufficient || ans.Answer != app.InsufficientEvidence || len(ans.Citations) != 0 {
			t.Fatalf("answer = %+v", ans)
		}
	})
	t.Run("ScopeLimitsAnswer", func(t *testing.T) {
		ans := ask(t, db, "How long do I bake the bread?", "policy")
		if ans.Sufficient {
			t.Fatalf("answer drew on a document outside the scope: %+v", ans)
		}
	})
}
