package filing_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/filing"
	"archivist/retrieve/jev"
	"archivist/store"
)

// library is a real store and importer over Markdown written for the test.
type library struct {
	t   testing.TB
	db  *store.DB
	im  *ingest.Importer
	dir string
	n   int
}

func newLibrary(t testing.TB) *library {
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	l := &library{t: t, db: db, dir: t.TempDir()}
	l.im = &ingest.Importer{DB: db, NewID: func() string { l.n++; return fmt.Sprintf("id%03d", l.n) }}
	return l
}

// add imports a Markdown document and files it in folderID ("" for none).
func (l *library) add(name, markdown, folderID string) string {
	l.t.Helper()
	path := filepath.Join(l.dir, name+".md")
	if err := os.WriteFile(path, []byte(markdown), 0o600); err != nil {
		l.t.Fatal(err)
	}
	res, err := l.im.Import(context.Background(), []string{path}, nil)
	if err != nil || res[0].Outcome != app.OutcomeImported {
		l.t.Fatalf("import %s: %+v %v", name, res, err)
	}
	if folderID != "" {
		if err := l.db.MoveDocuments(context.Background(), []string{res[0].DocumentID}, folderID); err != nil {
			l.t.Fatal(err)
		}
	}
	return res[0].DocumentID
}

func (l *library) folder(parent, name string) string {
	l.t.Helper()
	f, err := l.im.CreateFolder(context.Background(), parent, name)
	if err != nil {
		l.t.Fatal(err)
	}
	return f.ID
}

func recipe(dish, ingredient string) string {
	return fmt.Sprintf("# %s\n\n## Ingredients\n\nTwo cups of %s, flour, butter and a pinch of salt for the dough.\n\n"+
		"## Method\n\nKnead the dough, fold in the %s, and bake the %s in a hot oven until golden.\n\n## Serving\n\nServe the %s warm.\n",
		dish, ingredient, ingredient, dish, dish)
}

func report(company string, year int) string {
	return fmt.Sprintf("# %s annual report %d\n\n## Revenue\n\nRevenue grew as net sales and operating income rose across segments in %d.\n\n"+
		"## Balance sheet\n\nTotal assets, liabilities and shareholders' equity at year end.\n\n## Cash flow\n\nOperating cash flow and capital expenditure of %s.\n",
		company, year, year, company)
}

func propose(t *testing.T, l *library, id string) *app.FilingProposal {
	t.Helper()
	p, err := filing.New(l.db, jev.Chooser{Provider: jev.Local{}}).ProposeFolder(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if p == nil {
		t.Fatal("no proposal")
	}
	return p
}

func TestProposesExistingFolder(t *testing.T) {
	l := newLibrary(t)
	kitchen := l.folder("", "Kitchen")
	baking := l.folder(kitchen, "Baking")
	finance := l.folder("", "Finance")
	l.add("bread", recipe("bread", "yeast"), baking)
	l.add("pie", recipe("apple pie", "apples"), baking)
	l.add("acme", report("Acme", 2021), finance)
	l.add("globex", report("Globex", 2022), finance)

	t.Run("Report", func(t *testing.T) {
		id := l.add("initech", report("Initech", 2023), "")
		p := propose(t, l, id)
		if p.FolderID != finance || p.NewName != "" || p.Path != "Finance" {
			t.Errorf("proposal = %+v, want Finance", p)
		}
		if p.Confidence <= 0 || p.Confidence > 1 {
			t.Errorf("confidence %v", p.Confidence)
		}
	})
	t.Run("RecipeDescendsToSubfolder", func(t *testing.T) {
		id := l.add("scones", recipe("scones", "raisins"), "")
		p := propose(t, l, id)
		if p.FolderID != baking || p.Path != "Kitchen › Baking" {
			t.Errorf("proposal = %+v, want Kitchen › Baking", p)
		}
	})
	t.Run("NothingMovesByItself", func(t *testing.T) {
		pl, err := l.db.Placements(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		docs, _ := l.db.Documents(context.Background())
		unfiled := 0
		for _, d := range docs {
			if pl[d.ID].FolderID == "" {
				unfiled++
			}
		}
		if unfiled != 2 {
			t.Errorf("%d unfiled documents after proposing; proposals must not move anything", unfiled)
		}
	})
}

func TestProposesValidatedNewBranch(t *testing.T) {
	l := newLibrary(t)
	finance := l.folder("", "Finance")
	l.add("acme", report("Acme", 2021), finance)
	id := l.add("lighthouse", "# Lighthouse keeping\n\n## Lamp maintenance\n\nTrim the lamp wick and polish the lens every evening before dusk.\n\n"+
		"## Lamp oil\n\nStore the lamp oil away from the keeper's quarters.\n\n## Storm log\n\nRecord every storm and the damage it did to the lamp gallery.\n", "")
	p := propose(t, l, id)
	if p.FolderID != "" || p.NewName == "" || p.ParentID != "" {
		t.Fatalf("proposal = %+v, want a new top-level folder", p)
	}
	if _, err := app.CleanFolderName(p.NewName); err != nil {
		t.Errorf("proposed name %q is not valid: %v", p.NewName, err)
	}
	if strings.EqualFold(p.NewName, "Finance") {
		t.Errorf("proposed an existing name")
	}
	t.Logf("proposed %q (confidence %.2f)", p.NewName, p.Confidence)
}

func TestEmptyLibraryProposesNewFolder(t *testing.T) {
	l := newLibrary(t)
	id := l.add("acme_2021_report", report("Acme", 2021), "")
	p := propose(t, l, id)
	if p.NewName == "" || strings.ContainsAny(p.NewName, "0123456789") {
		t.Errorf("proposal = %+v, want a new folder named without the year", p)
	}
}

func TestLargeLevelIsAskedInMenusOfSixteen(t *testing.T) {
	l := newLibrary(t)
	var target string
	for i := 0; i < 40; i++ {
		name := fmt.Sprintf("Box %02d", i)
		id := l.folder("", name)
		if i == 33 {
			target = id
			l.add("bread", recipe("bread", "yeast"), id)
			l.add("pie", recipe("apple pie", "apples"), id)
		} else {
			l.add(fmt.Sprintf("r%02d", i), report(fmt.Sprintf("Company%02d", i), 2020), id)
		}
	}
	rec := &recorder{p: jev.Local{}}
	p, err := filing.New(l.db, jev.Chooser{Provider: rec}).ProposeFolder(context.Background(), l.add("scones", recipe("scones", "raisins"), ""))
	if err != nil {
		t.Fatal(err)
	}
	if p == nil || p.FolderID != target {
		t.Errorf("proposal = %+v, want Box 33", p)
	}
	for _, n := range rec.menus {
		if n > filing.MenuSize+1 {
			t.Errorf("a menu of %d options (at most %d folders plus none)", n, filing.MenuSize)
		}
	}
}

func TestProviderFailureFailsProposal(t *testing.T) {
	l := newLibrary(t)
	l.folder("", "Finance")
	id := l.add("acme", report("Acme", 2021), "")
	_, err := filing.New(l.db, jev.Chooser{Provider: failing{}}).ProposeFolder(context.Background(), id)
	if err == nil {
		t.Fatal("a failing provider gave a proposal")
	}
}

func TestUnknownDocument(t *testing.T) {
	l := newLibrary(t)
	if _, err := filing.New(l.db, jev.Chooser{Provider: jev.Local{}}).ProposeFolder(context.Background(), "nope"); app.ErrorCode(err) != app.ENotFound {
		t.Errorf("err = %v, want not found", err)
	}
}

type recorder struct {
	p     jev.Provider
	menus []int
}

func (r *recorder) Name() string { return "recorder" }
func (r *recorder) Decide(ctx context.Context, req *jev.Request) (map[string]jev.Answer, error) {
	for _, q := range req.Questions {
		r.menus = append(r.menus, len(q.Options))
	}
	return r.p.Decide(ctx, req)
}

type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Decide(context.Context, *jev.Request) (map[string]jev.Answer, error) {
	return nil, app.Errorf(app.EProviderFailure, "The decision provider is unreachable.")
}

func TestNoNewBranchInAFullLevel(t *testing.T) {
	l := newLibrary(t)
	for i := 0; i < filing.MenuSize; i++ {
		l.add(fmt.Sprintf("r%02d", i), report(fmt.Sprintf("Company%02d", i), 2020), l.folder("", fmt.Sprintf("Finance %02d", i)))
	}
	id := l.add("lighthouse", "# Lighthouse keeping\n\n## Lamp maintenance\n\nTrim the lamp wick.\n\n## Storm log\n\nRecord every storm.\n", "")
	p, err := filing.New(l.db, jev.Chooser{Provider: jev.Local{}}).ProposeFolder(context.Background(), id)
	if err != nil || p != nil {
		t.Errorf("proposal = %+v, %v; want none: a level's menu holds at most %d folders", p, err, filing.MenuSize)
	}
}

// BenchmarkProposeFolder measures one proposal in a library of 40 folders
// of 2 documents each (three menus of at most 16 at the top level), with
// one routing decision of the same provider over the same menu size as the
// reference.
//
//	CGO_ENABLED=0 go test -tags ci ./retrieve/filing -run '^$' -bench ProposeFolder -benchmem
func BenchmarkProposeFolder(b *testing.B) {
	l := newLibrary(b)
	for i := 0; i < 40; i++ {
		id := l.folder("", fmt.Sprintf("Box %02d", i))
		l.add(fmt.Sprintf("a%02d", i), report(fmt.Sprintf("Company%02d", i), 2020), id)
		l.add(fmt.Sprintf("b%02d", i), recipe(fmt.Sprintf("dish%02d", i), "salt"), id)
	}
	doc := l.add("scones", recipe("scones", "raisins"), "")
	f := filing.New(l.db, jev.Chooser{Provider: jev.Local{}})
	ctx := context.Background()
	b.Run("Propose", func(b *testing.B) {
		for b.Loop() {
			if _, err := f.ProposeFolder(ctx, doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Reference/OneMenuOf16", func(b *testing.B) {
		q := jev.Question{ID: "q", Kind: jev.Choice}
		for i := 0; i < filing.MenuSize; i++ {
			q.Options = append(q.Options, jev.Option{Label: fmt.Sprintf("f%d", i), Description: report(fmt.Sprintf("Company%02d", i), 2020)})
		}
		q.Options = append(q.Options, jev.Option{Label: jev.NoneLabel})
		req := &jev.Request{State: "scones. ingredients; method; serving", Questions: []jev.Question{q}}
		for b.Loop() {
			if _, err := jev.Decide(ctx, jev.Local{}, req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
