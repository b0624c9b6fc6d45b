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

func TestFolderScope(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	// 120 documents in one folder: more than an "Ask selection" may hold.
	var inFolder []string
	for i := 0; i < 120; i++ {
		id := fmt.Sprintf("in%03d", i)
		addDoc(t, db, doc{id: id, title: "Log " + id, order: []string{""},
			sections: map[string][]string{"": {fmt.Sprintf("Walrus sighting %d at the northern station.", i)}}})
		inFolder = append(inFolder, id)
	}
	addDoc(t, db, doc{id: "out", title: "Walrus walrus", order: []string{""},
		sections: map[string][]string{"": {"Walrus walrus walrus: the walrus sighting outside the folder."}}})
	if _, err := db.CreateFolder(ctx, "top", "", "Logs"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateFolder(ctx, "sub", "top", "North"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateFolder(ctx, "empty", "", "Empty"); err != nil {
		t.Fatal(err)
	}
	if err := db.MoveDocuments(ctx, inFolder, "sub"); err != nil {
		t.Fatal(err)
	}
	for _, router := range []*route.Router{nil, route.NewRouter(jev.Local{})} {
		name := "FTS"
		if router != nil {
			name = "Routed"
		}
		t.Run(name, func(t *testing.T) {
			n := 0
			r := retrieve.NewResearch(db, answer.Extractive{}, func() string { n++; return fmt.Sprintf("%s-%d", name, n) })
			r.SetProviders(answer.Extractive{}, router, "")
			ask := func(s app.Scope) (*app.Answer, error) {
				return r.Ask(ctx, app.Question{Text: "walrus sighting", Scope: s})
			}
			ans, err := ask(app.Scope{FolderID: "top"})
			if err != nil {
				t.Fatal(err)
			}
			if len(ans.Sources) == 0 {
				t.Fatal("no sources from the folder")
			}
			for _, s := range ans.Sources {
				if s.DocumentID == "out" {
					t.Errorf("a document outside the folder became a source")
				}
			}
			// An empty folder is a scope with nothing in it, never the
			// whole library.
			if ans, err = ask(app.Scope{FolderID: "empty"}); app.ErrorCode(err) != app.ENoEvidence {
				t.Errorf("empty folder: %+v, %v; want no_evidence", ans, err)
			}
			if _, err := ask(app.Scope{FolderID: "gone"}); app.ErrorCode(err) != app.ENotFound {
				t.Errorf("missing folder: %v", err)
			}
		})
	}
}
