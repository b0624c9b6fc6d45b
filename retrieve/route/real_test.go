package route_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/retrieve/jev"
	"archivist/store"
)

// The router's judge on a real document: it reads word forms, names and
// amounts as the offline answerer does.

var tenK = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "3M_2022_10K.pdf")

// TestRoutingReadsAmountsInTheirTableUnit: a question's "$34.2 billion"
// is the 3M 10-K's net sales table's "34,229" under "Net Sales
// (Millions)" (page 60): that passage is judged more useful for it than
// for an amount the table does not hold.
func TestRoutingReadsAmountsInTheirTableUnit(t *testing.T) {
	if _, err := os.Stat(tenK); err != nil {
		t.Skipf("%s not found (../shared beside the checkout): %v", tenK, err)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im, err := ingest.New(ctx, db, ingest.Config{NewID: uuid.NewString, Roles: jev.Chooser{Provider: jev.Local{}}})
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	if res, err := im.ImportFiles(ctx, []string{tenK}, "", nil); err != nil || res[0].Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %+v", err, res)
	}
	research := retrieve.Offline(db, uuid.NewString)
	usefulness := func(amount string) float64 {
		t.Helper()
		_, _, tr, err := research.NewConversation(app.Scope{}).AskWith(ctx, "Which segment had net sales of $"+amount+" billion in 2022?",
			app.PresetBalanced, retrieve.AskOptions{})
		if err != nil {
			t.Fatal(err)
		}
		best := -1.0
		for _, v := range tr.Visits {
			if v.PageStart == 60 {
				best = max(best, v.Usefulness)
			}
		}
		if best < 0 {
			t.Fatalf("the net sales table (page 60) was not judged for $%s billion: %+v", amount, tr.Visits)
		}
		return best
	}
	held, absent := usefulness("34.2"), usefulness("39.7")
	if held <= absent {
		t.Errorf("the table holding 34,229 (in millions) is judged %v for $34.2 billion, %v for $39.7 billion", held, absent)
	}
}
