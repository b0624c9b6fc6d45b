package route

import (
	"context"
	"testing"

	"archivist/app"
	"archivist/retrieve/jev"
)

// TestRoutingReportsDocumentsExplored checks what the drawer shows while a
// question runs: each document routing opens is counted, out of the
// documents in scope.
func TestRoutingReportsDocumentsExplored(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "a", "Atlas", []tsec{{heading: "Rivers", paras: para("River length", 2)}, {heading: "Lakes", paras: para("Lake depth", 2)}})
	makeDoc(t, db, "b", "Gazetteer", []tsec{{heading: "River towns", paras: para("River crossing", 2)}})
	makeDoc(t, db, "c", "Cookbook", []tsec{{heading: "Soups", paras: para("Onion soup", 2)}})
	var got []app.AskProgress
	ctx := app.WithProgress(context.Background(), func(p app.AskProgress) { got = append(got, p) })
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	if _, _, err := NewRouter(jev.Local{}).Gather(ctx, snap, app.Question{Text: "river length"}); err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("routing reported no progress")
	}
	for i, p := range got {
		if p.Stage != app.StageRetrieving || p.InScope != 3 || p.Explored != i+1 {
			t.Errorf("report %d = %+v, want stage %q, %d explored of 3", i, p, app.StageRetrieving, i+1)
		}
	}
}
