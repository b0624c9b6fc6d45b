package review_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"archivist/app"
)

// messyLibrary is testdata/messy_library.json: where each document lies
// and where a careful person would put it.
type messyLibrary struct {
	Folders []string    `json:"folders"`
	Library []messyFile `json:"library"`
	Imports []messyFile `json:"imports"`
}

type messyFile struct {
	File      string `json:"file"` // under the shared evaluation folder
	In        string `json:"in"`
	Belongs   string `json:"belongs"`
	Unrelated bool   `json:"unrelated"`
}

// sharedDir is the shared evaluation folder beside the checkout
// (ARCHIVIST_SHARED names another).
func sharedDir(t testing.TB) string {
	dir := os.Getenv("ARCHIVIST_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "eval", "financebench")); err != nil {
		t.Skipf("the shared evaluation sets are not at %s (set ARCHIVIST_SHARED to their folder): skipping", dir)
	}
	return dir
}

// evalLibrary builds the messy library: every document of the fixture
// imported (without review) and placed where it lies.
func evalLibrary(t testing.TB, shared string, fx *messyLibrary) (*library, map[string]messyFile, map[string]string) {
	ctx := context.Background()
	l := newLibrary(t)
	folders := map[string]string{} // name → ID
	for _, name := range fx.Folders {
		folders[name] = l.folder("", name)
	}
	docs := map[string]messyFile{} // document ID → its fixture entry
	for _, f := range fx.Library {
		res, err := l.im.Import(ctx, []string{filepath.Join(shared, f.File)}, nil)
		if err != nil || res[0].Outcome != app.OutcomeImported {
			t.Fatalf("import %s: %+v %v", f.File, res, err)
		}
		id := res[0].DocumentID
		docs[id] = f
		if err := l.db.MoveDocuments(ctx, []string{id}, folders[f.In]); err != nil {
			t.Fatal(err)
		}
	}
	return l, docs, folders
}

// TestReviewMessyFinanceLibrary measures the review on real filings: a
// library of FinanceBench filings scattered across "Downloads", "misc" and
// a wrong company's folder, with papers and a manual placed sensibly, then
// new filings imported one by one. It reports precision (open proposals
// whose target is where the fixture says the document belongs), recall
// (misplaced documents with a proposal; with the right one), proposals on
// unrelated documents (want none), and the import time the review adds.
// Importing the PDFs takes minutes: ARCHIVIST_EVAL=1 runs it.
//
//	ARCHIVIST_EVAL=1 CGO_ENABLED=0 go test -tags ci ./ingest/review -run MessyFinance -v
func TestReviewMessyFinanceLibrary(t *testing.T) {
	shared := sharedDir(t)
	if os.Getenv("ARCHIVIST_EVAL") != "1" {
		t.Skip("set ARCHIVIST_EVAL=1 to measure the review on the shared FinanceBench filings (imports take minutes)")
	}
	files, err := filepath.Glob(filepath.Join("testdata", "messy_library*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture: %v", err)
	}
	var all measured
	open := 0
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			m, n := reviewMessy(t, shared, file)
			all.add(m)
			open += n
		})
	}
	t.Logf("all: precision %.2f (%d of %d), recall %.2f (%d of %d), with the right folder %.2f; %d unrelated",
		all.ratio(all.right, open), all.right, open, all.ratio(all.found, all.misplaced), all.found, all.misplaced,
		all.ratio(all.foundRight, all.misplaced), all.unrelated)
	if all.unrelated > 0 {
		t.Errorf("%d proposals moved unrelated documents", all.unrelated)
	}
	// Floors below what the review gives today, so that a change that
	// loses either is seen.
	if p := all.ratio(all.right, open); p < 0.8 {
		t.Errorf("precision %.2f below 0.8", p)
	}
	if r := all.ratio(all.foundRight, all.misplaced); r < 0.6 {
		t.Errorf("recall %.2f below 0.6", r)
	}
}

// reviewMessy builds one fixture's library, imports its new documents
// with the review on, and measures the open proposals; it returns the
// counts and the number of proposals.
func reviewMessy(t *testing.T, shared, file string) (measured, int) {
	var fx messyLibrary
	data, err := os.ReadFile(file)
	if err != nil || json.Unmarshal(data, &fx) != nil {
		t.Fatalf("fixture %s: %v", file, err)
	}
	ctx := context.Background()
	l, docs, _ := evalLibrary(t, shared, &fx)
	svc := l.service(local())
	var reviewTime, importTime time.Duration
	l.im.Imported = func(ctx context.Context, ids []string) {
		start := time.Now()
		if _, err := svc.ReviewImported(ctx, ids); err != nil {
			t.Errorf("review: %v", err)
		}
		reviewTime += time.Since(start)
	}
	for _, f := range fx.Imports {
		start := time.Now()
		res, err := l.im.Import(ctx, []string{filepath.Join(shared, f.File)}, nil)
		importTime += time.Since(start)
		if err != nil || res[0].Outcome != app.OutcomeImported {
			t.Fatalf("import %s: %+v %v", f.File, res, err)
		}
		docs[res[0].DocumentID] = f
	}
	open, err := l.db.ReviewProposals(ctx, app.ReviewProposed)
	if err != nil {
		t.Fatal(err)
	}
	m := measure(t, open, docs, fx.Folders)
	t.Logf("library %d documents (%d misplaced), %d imported; %d open proposals", len(fx.Library), m.misplaced, len(fx.Imports), len(open))
	t.Logf("precision %.2f (%d of %d proposals a person would accept); of older documents %d of %d",
		m.ratio(m.right, len(open)), m.right, len(open), m.rightOld, m.old)
	t.Logf("recall %.2f (%d of %d misplaced documents get a proposal), %.2f with the right folder (%d)",
		m.ratio(m.found, m.misplaced), m.found, m.misplaced, m.ratio(m.foundRight, m.misplaced), m.foundRight)
	t.Logf("proposals moving an unrelated document or made by an unrelated import: %d", m.unrelated)
	t.Logf("import of %d documents %v, of which the review %v: import with the review / without = %.3f",
		len(fx.Imports), importTime.Round(time.Millisecond), reviewTime.Round(time.Millisecond),
		float64(importTime)/float64(importTime-reviewTime))
	return m, len(open)
}

// measured counts proposals against the fixture.
type measured struct {
	right, old, rightOld                    int // proposals to where the document belongs; of older documents
	misplaced, found, foundRight, unrelated int
}

func (m *measured) add(o measured) {
	m.right, m.old, m.rightOld = m.right+o.right, m.old+o.old, m.rightOld+o.rightOld
	m.misplaced, m.found, m.foundRight, m.unrelated = m.misplaced+o.misplaced, m.found+o.found, m.foundRight+o.foundRight, m.unrelated+o.unrelated
}

func (measured) ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// measure counts a proposal right when its target is the folder the
// document belongs in, or a new folder whose name holds it when the
// library has no such folder.
func measure(t testing.TB, open []app.ReviewProposal, docs map[string]messyFile, folders []string) measured {
	var m measured
	best := map[string]bool{} // misplaced document → proposed to where it belongs
	for _, p := range open {
		f := docs[p.DocumentID]
		ok := strings.EqualFold(p.ToPath, f.Belongs) ||
			p.NewName != "" && !slices.Contains(folders, f.Belongs) && strings.Contains(strings.ToLower(p.NewName), strings.ToLower(f.Belongs))
		t.Logf("proposal: %s: %q → %q (belongs in %q) %v", filepath.Base(f.File), p.FromPath, p.ToPath, f.Belongs, ok)
		if ok {
			m.right++
		}
		if f.In != "" {
			m.old++
			if ok {
				m.rightOld++
			}
			best[p.DocumentID] = best[p.DocumentID] || ok
		}
		if f.Unrelated && f.In != "" || docs[p.TriggerID].Unrelated && !f.Unrelated {
			m.unrelated++ // an unrelated document moved, or moved by an unrelated import
		}
	}
	for id, f := range docs {
		if f.In == "" || f.In == f.Belongs {
			continue
		}
		m.misplaced++
		if ok, has := best[id]; has {
			m.found++
			if ok {
				m.foundRight++
			}
		}
	}
	return m
}

// BenchmarkImportWithReview imports one filing into the messy library with
// the review after it off and on (the document is deleted between
// iterations, outside the timing). The ratio of the two is what the review
// adds to an import.
//
//	ARCHIVIST_EVAL=1 CGO_ENABLED=0 go test -tags ci ./ingest/review -run '^$' -bench ImportWithReview -benchtime 5x
func BenchmarkImportWithReview(b *testing.B) {
	shared := sharedDir(b)
	if os.Getenv("ARCHIVIST_EVAL") != "1" {
		b.Skip("set ARCHIVIST_EVAL=1 to import the shared filings")
	}
	var fx messyLibrary
	data, err := os.ReadFile(filepath.Join("testdata", "messy_library.json"))
	if err != nil || json.Unmarshal(data, &fx) != nil {
		b.Fatalf("fixture: %v", err)
	}
	l, _, _ := evalLibrary(b, shared, &fx)
	svc := l.service(local())
	file := filepath.Join(shared, fx.Imports[0].File)
	ctx := context.Background()
	for _, on := range []bool{false, true} {
		name := map[bool]string{false: "Off", true: "On"}[on]
		b.Run(name, func(b *testing.B) {
			l.im.Imported = nil
			var reviewing time.Duration
			if on {
				l.im.Imported = func(ctx context.Context, ids []string) {
					start := time.Now()
					svc.ReviewImported(ctx, ids)
					reviewing += time.Since(start)
				}
			}
			defer func() { b.ReportMetric(float64(reviewing.Milliseconds())/float64(b.N), "review-ms/op") }()
			for b.Loop() {
				res, err := l.im.Import(ctx, []string{file}, nil)
				if err != nil || res[0].Outcome != app.OutcomeImported {
					b.Fatalf("import: %+v %v", res, err)
				}
				b.StopTimer()
				if err := l.db.Trash(ctx, []string{res[0].DocumentID}); err != nil {
					b.Fatal(err)
				}
				if _, err := l.db.EmptyTrash(ctx); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
		})
	}
}
