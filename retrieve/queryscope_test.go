package retrieve_test

import (
	"context"
	"fmt"
	"testing"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/retrieve/route"
)

// TestQueryScope: a question scoped by a query in the search language reads
// its evidence only from the documents the query finds in the question's
// own snapshot — a tag given after the scope was made counts — and a query
// that finds nothing answers from nothing, never from the whole library.
func TestQueryScope(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	for _, id := range []string{"a", "b", "c"} {
		addDoc(t, db, doc{id: id, title: "Log " + id, order: []string{""},
			sections: map[string][]string{"": {"Walrus sighting at station " + id + "."}}})
	}
	if err := db.AddTags(ctx, []string{"a"}, "north"); err != nil {
		t.Fatal(err)
	}
	scope := app.Scope{Query: "tag:north", FromQuery: true, Label: "the search"}
	n := 0
	for _, router := range []*route.Router{nil, route.NewRouter(jev.Local{})} {
		r := retrieve.NewResearch(db, answer.Extractive{}, func() string { n++; return fmt.Sprintf("q-%d", n) })
		r.SetProviders(answer.Extractive{}, router, "")
		sources := func(s app.Scope) map[string]bool {
			t.Helper()
			ans, err := r.Ask(ctx, app.Question{Text: "walrus sighting", Scope: s})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, s := range ans.Sources {
				got[s.DocumentID] = true
			}
			return got
		}
		if got := sources(scope); !got["a"] || got["b"] || got["c"] {
			t.Fatalf("tag:north sources %v", got)
		}
		if err := db.AddTags(ctx, []string{"b"}, "north"); err != nil {
			t.Fatal(err)
		}
		if got := sources(scope); !got["a"] || !got["b"] || got["c"] {
			t.Fatalf("after tagging b: sources %v", got)
		}
		if got := sources(app.Scope{Query: "tag:north", DocumentIDs: []string{"b", "c"}, FromQuery: true}); got["a"] || !got["b"] || got["c"] {
			t.Fatalf("query and documents together: sources %v", got)
		}
		_, err := r.Ask(ctx, app.Question{Text: "walrus sighting", Scope: app.Scope{Query: "tag:south", FromQuery: true}})
		if app.ErrorCode(err) != app.ENoEvidence {
			t.Fatalf("a query finding nothing: %v, want no_evidence", err)
		}
		if err := db.RemoveTags(ctx, []string{"b"}, "north"); err != nil {
			t.Fatal(err)
		}
	}
}
