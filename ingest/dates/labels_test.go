package dates_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/dates"
	"archivist/retrieve/jev"
	"archivist/store"
)

// shared is ../shared beside the checkout, seen from this package.
const shared = "../../../shared"

var allLabelled = flag.Bool("dates.all", false, "measure on every labelled document (the FinanceBench filings take minutes to import)")

type labels struct {
	Documents []struct {
		Doc   string `json:"doc"`
		Kind  string `json:"kind"`
		Dates []struct {
			Value string `json:"value"`
			Role  string `json:"role"`
		} `json:"dates"`
	} `json:"documents"`
}

// TestLabelledDates imports documents from ../shared whose dates were
// labelled by hand (testdata/dates/labels.json) through the real importer,
// with extraction at commit and the offline local judge deciding roles,
// and reports precision and recall of the proposed dates' values and of
// value and role together, and the time extraction adds to the import.
// Without -dates.all it reads the labelled documents of at most
// smallPages pages (or without pages).
//
//	go test ./ingest/dates -run TestLabelledDates -v -dates.all
func TestLabelledDates(t *testing.T) {
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("%s is absent: the labelled documents are not here", shared)
	}
	raw, err := os.ReadFile("../../testdata/dates/labels.json")
	if err != nil {
		t.Fatal(err)
	}
	var ls labels
	if err := json.Unmarshal(raw, &ls); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := &dates.Service{DB: db, Extractor: &dates.Extractor{Roles: dates.Debug(jev.Chooser{Provider: jev.Local{}}), NewID: uuid.NewString}}
	var mu sync.Mutex
	var extracting time.Duration
	im := &ingest.Importer{DB: db, NewID: uuid.NewString, Committed: func(ctx context.Context, doc *app.Document, p *app.Parsed) {
		start := time.Now()
		if _, err := svc.Read(ctx, doc, p); err != nil {
			t.Errorf("%s: %v", doc.Filename, err)
		}
		mu.Lock()
		extracting += time.Since(start)
		mu.Unlock()
	}}
	defer im.Close()

	var paths []string
	want := map[string]map[string]string{} // path → value → role
	for _, d := range ls.Documents {
		p := filepath.Join(shared, d.Doc)
		if !*allLabelled && !small(p) {
			continue
		}
		paths = append(paths, p)
		want[p] = map[string]string{}
		for _, x := range d.Dates {
			want[p][x.Value] = x.Role
		}
	}
	start := time.Now()
	results, err := im.Import(ctx, paths, nil)
	if err != nil {
		t.Fatal(err)
	}
	importing := time.Since(start)

	var measured, proposed, labelled, valueHits, roleHits int
	var report strings.Builder
	for _, r := range results {
		if r.Outcome != app.OutcomeImported {
			if strings.Contains(app.ErrorMessage(r.Err), "took longer than") {
				// The importer's time limit, on a busy machine: the
				// document is left out of the measure, and said so.
				t.Logf("left out: %s: %v", r.Path, r.Err)
			} else {
				t.Errorf("%s: %s %v", r.Path, r.Outcome, r.Err)
			}
			continue
		}
		measured++
		facts, err := db.ListFacts(ctx, app.FactFilter{DocumentIDs: []string{r.DocumentID}})
		if err != nil {
			t.Fatal(err)
		}
		if len(facts) > app.MaxProposedDates {
			t.Errorf("%s: %d dates proposed, at most %d", r.Path, len(facts), app.MaxProposedDates)
		}
		gold := want[r.Path]
		labelled += len(gold)
		var got []string
		for _, f := range facts {
			v, _ := f.DateOf()
			mark := "✗"
			if role, ok := gold[v.String()]; ok {
				valueHits++
				mark = "~"
				if role == f.Role {
					roleHits++
					mark = "✓"
				}
			}
			proposed++
			got = append(got, fmt.Sprintf("%s %s %s %.2f", mark, v, f.Role, f.Confidence))
		}
		var g []string
		for v, role := range gold {
			g = append(g, v+" "+role)
		}
		sort.Strings(g)
		fmt.Fprintf(&report, "%s\n  labels:   %s\n  proposed: %s\n", filepath.Base(r.Path), strings.Join(g, "; "), strings.Join(got, "; "))
	}
	t.Log("\n" + report.String())
	ratio := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return float64(a) / float64(b)
	}
	t.Logf("%d documents, %d labelled dates, %d proposed", measured, labelled, proposed)
	t.Logf("value:      precision %.3f  recall %.3f", ratio(valueHits, proposed), ratio(valueHits, labelled))
	t.Logf("value+role: precision %.3f  recall %.3f", ratio(roleHits, proposed), ratio(roleHits, labelled))
	t.Logf("import %.1f s of which date extraction %.2f s (%.1f%%)", importing.Seconds(), extracting.Seconds(),
		100*extracting.Seconds()/importing.Seconds())
	if len(results) > 0 && ratio(valueHits, labelled) < minValueRecall {
		t.Errorf("value recall %.3f below %.2f", ratio(valueHits, labelled), minValueRecall)
	}
}

// minValueRecall guards against a regression of the extractor: well
// below what it measures (see README, Extracted dates).
const minValueRecall = 0.5

// small reports a labelled document quick to import: no pages, or at most
// smallPages (judged by size, 64 KB a page at most).
func small(path string) bool {
	info, err := os.Stat(path)
	if err != nil {
		return true // reported as a failed import
	}
	return !strings.HasSuffix(path, ".pdf") || info.Size() < smallBytes
}

const smallBytes = 1 << 20
