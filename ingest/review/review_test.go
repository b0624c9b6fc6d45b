package review_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/review"
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
	l.im = &ingest.Importer{DB: db, NewID: l.newID}
	return l
}

func (l *library) newID() string { l.n++; return fmt.Sprintf("id%03d", l.n) }

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

func (l *library) folderOf(id string) string {
	l.t.Helper()
	pl, err := l.db.Placements(context.Background())
	if err != nil {
		l.t.Fatal(err)
	}
	return pl[id].FolderID
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

func lighthouse(title, topic string) string {
	return fmt.Sprintf("# %s\n\n## Lamp maintenance\n\nTrim the lamp wick and polish the lighthouse lens every evening before dusk.\n\n"+
		"## Storm log\n\nRecord every storm and the damage it did to the lighthouse lamp gallery, %s.\n", title, topic)
}

func local() app.Chooser { return jev.Chooser{Provider: jev.Local{}} }

func (l *library) reviewer(p app.Chooser) *review.Reviewer { return review.New(l.db, p, l.newID) }

func (l *library) service(p app.Chooser) review.Service {
	return review.Service{Reviewer: l.reviewer(p), Ledger: l.db}
}

func shortlisted(rep *review.Report, id string) bool {
	return slices.ContainsFunc(rep.Shortlist, func(c review.Candidate) bool { return c.DocumentID == id })
}

func proposalFor(props []app.ReviewProposal, id string) *app.ReviewProposal {
	for i := range props {
		if props[i].DocumentID == id {
			return &props[i]
		}
	}
	return nil
}

// A misfiled older report is found through its folder and proposed for the
// folder of its kind, with the passages that tie it to the new report;
// documents on other subjects, and those already in place, are left alone.
func TestReviewProposesMisfiledRelative(t *testing.T) {
	l := newLibrary(t)
	finance := l.folder("", "Finance")
	kitchen := l.folder("", "Kitchen")
	downloads := l.folder("", "Downloads")
	l.add("acme2019", report("Acme", 2019), finance)
	l.add("globex2020", report("Globex", 2020), finance)
	l.add("bread", recipe("bread", "yeast"), kitchen)
	l.add("pie", recipe("apple pie", "apples"), kitchen)
	stray := l.add("acme2018", report("Acme", 2018), downloads)
	scones := l.add("scones", recipe("scones", "raisins"), downloads)
	l.add("lamp", lighthouse("Lighthouse keeping", "the north tower"), downloads)

	fresh := l.add("acme2023", report("Acme", 2023), "")
	rep, err := l.reviewer(local()).Review(context.Background(), fresh, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if !shortlisted(rep, stray) {
		t.Fatalf("the misfiled report is not shortlisted: %+v", rep.Shortlist)
	}
	p := proposalFor(rep.Proposals, stray)
	if p == nil || p.ToFolderID != finance || p.FromFolderID != downloads || p.FromPath != "Downloads" || p.ToPath != "Finance" {
		t.Fatalf("proposal for the misfiled report = %+v, want Downloads → Finance", p)
	}
	if len(p.Passages) == 0 || p.Passages[0].Text == "" || p.TriggerID != fresh {
		t.Errorf("the proposal shows no justifying passage: %+v", p)
	}
	if q := proposalFor(rep.Proposals, scones); q != nil {
		t.Errorf("a recipe got a proposal from a report's review: %+v", q)
	}
	for _, q := range rep.Proposals {
		if q.DocumentID != stray && q.DocumentID != fresh {
			t.Errorf("unexpected proposal %+v", q)
		}
	}
	if l.folderOf(stray) != downloads {
		t.Error("a review moved a document by itself")
	}
}

// A new document on a subject the library does not hold shortlists
// nothing and proposes nothing.
func TestReviewOfUnrelatedDocumentProposesNothing(t *testing.T) {
	l := newLibrary(t)
	finance := l.folder("", "Finance")
	kitchen := l.folder("", "Kitchen")
	l.add("acme2019", report("Acme", 2019), finance)
	l.add("globex2020", report("Globex", 2020), finance)
	l.add("bread", recipe("bread", "yeast"), kitchen)
	l.add("pie", recipe("apple pie", "apples"), kitchen)
	fresh := l.add("lamp", lighthouse("Lighthouse keeping", "the north tower"), "")
	props, err := l.service(local()).ReviewImported(context.Background(), []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if len(props) != 0 {
		t.Errorf("proposals for an unrelated import: %+v", props)
	}
}

// counting records the questions a review asks.
type counting struct {
	app.Chooser
	mu     sync.Mutex
	asked  map[string]int // questions by kind: folders, passage, folder (placement) …
	states map[string]bool
	// reject names folders whose routing option is forced below none.
	reject string
}

func newCounting(reject string) *counting {
	return &counting{Chooser: local(), asked: map[string]int{}, states: map[string]bool{}, reject: reject}
}

func (c *counting) Choose(ctx context.Context, state string, qs []app.Choice) ([]map[string]float64, error) {
	out, err := c.Chooser.Choose(ctx, state, qs)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, q := range qs {
		kind := strings.TrimRight(q.ID, "0123456789")
		c.asked[kind]++
		if kind == "folder" || kind == "name" {
			c.states[state] = true
		}
		if q.ID != "folders" || c.reject == "" {
			continue
		}
		for _, o := range q.Options {
			if strings.HasPrefix(o.Description, "Folder "+c.reject) {
				out[i][app.NoChoice] += out[i][o.Label]
				out[i][o.Label] = 0
			}
		}
	}
	return out, nil
}

// The shortlist's budgets: at most 24 passages scored and 8 documents
// returned however many related documents the library holds, and a
// placement only for the shortlisted documents and the new one.
func TestReviewBudgets(t *testing.T) {
	l := newLibrary(t)
	var folders []string
	for i := range 4 {
		folders = append(folders, l.folder("", fmt.Sprintf("Reports %d", i)))
	}
	for i := range 20 {
		l.add(fmt.Sprintf("acme%02d", i), report("Acme", 2000+i), folders[i%4])
	}
	fresh := l.add("acme2023", report("Acme", 2023), "")
	c := newCounting("")
	rep, err := l.reviewer(c).Review(context.Background(), fresh, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d menus, %d passages scored, %d shortlisted, %d placed, %d proposals", rep.Menus, rep.Scored, len(rep.Shortlist), rep.Placed, len(rep.Proposals))
	if rep.Scored == 0 || rep.Scored > 24 || c.asked["p"] != rep.Scored {
		t.Errorf("%d passages scored (%d asked), want 1–24", rep.Scored, c.asked["p"])
	}
	if len(rep.Shortlist) == 0 || len(rep.Shortlist) > 8 {
		t.Errorf("%d documents shortlisted, want 1–8", len(rep.Shortlist))
	}
	if rep.Placed != len(rep.Shortlist)+1 {
		t.Errorf("%d documents placed for a shortlist of %d: only the shortlist and the new one may be", rep.Placed, len(rep.Shortlist))
	}
	// Every placement reads its document's own state: no more states than
	// documents placed means no decision about a document left out.
	if len(c.states) > rep.Placed {
		t.Errorf("placement decisions about %d documents, %d placed", len(c.states), rep.Placed)
	}
}

// A branch the decider rejects stays excluded: a document below it is
// neither scored nor shortlisted, however well its text matches.
func TestReviewRejectedBranchIsNotRecovered(t *testing.T) {
	l := newLibrary(t)
	finance := l.folder("", "Finance")
	vault := l.folder("", "Vault")
	inner := l.folder(vault, "Old reports")
	l.add("acme2019", report("Acme", 2019), finance)
	hidden := l.add("acme2018", report("Acme", 2018), vault)
	deeper := l.add("acme2017", report("Acme", 2017), inner)
	fresh := l.add("acme2023", report("Acme", 2023), "")

	rep, err := l.reviewer(newCounting("")).Review(context.Background(), fresh, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if !shortlisted(rep, hidden) {
		t.Fatalf("without the rejection the vault's report is shortlisted (the test needs it): %+v", rep.Shortlist)
	}
	c := newCounting("Vault")
	rep, err = l.reviewer(c).Review(context.Background(), fresh, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if shortlisted(rep, hidden) || shortlisted(rep, deeper) {
		t.Errorf("a document of a rejected branch was recovered: %+v", rep.Shortlist)
	}
	if c.asked["folders"] != 1 {
		t.Errorf("%d routing menus: the rejected folder's sub-folders were asked about", c.asked["folders"])
	}
}

// When the new document and a related older one would each start a new
// folder, one proposal gathers both in the new document's folder; accepting
// both makes it once, and undoing both removes it.
func TestReviewGathersInNewFolder(t *testing.T) {
	ctx := context.Background()
	l := newLibrary(t)
	kitchen := l.folder("", "Kitchen")
	l.add("bread", recipe("bread", "yeast"), kitchen)
	old := l.add("storms", lighthouse("Lighthouse keeping", "storm damage in winter"), "")
	fresh := l.add("lamps", lighthouse("Lighthouse keeping", "the lamp oil store"), "")
	svc := l.service(local())
	props, err := svc.ReviewImported(ctx, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	a, b := proposalFor(props, old), proposalFor(props, fresh)
	if a == nil || b == nil {
		t.Fatalf("proposals = %+v; want the old and the new document gathered", props)
	}
	if a.NewName == "" || a.Target() != b.Target() || a.ToPath != a.NewName {
		t.Fatalf("not gathered in one new top-level folder: %+v / %+v", a, b)
	}
	if _, err := app.CleanFolderName(a.NewName); err != nil {
		t.Errorf("gathering folder name %q: %v", a.NewName, err)
	}
	for _, p := range []*app.ReviewProposal{a, b} {
		if _, err := svc.Accept(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
	}
	if f := l.folderOf(old); f == "" || f != l.folderOf(fresh) {
		t.Errorf("after accepting both: %q and %q, want one folder", f, l.folderOf(fresh))
	}
	for _, p := range []*app.ReviewProposal{a, b} {
		if _, err := svc.Undo(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
	}
	folders, _ := l.db.Folders(ctx)
	if len(folders) != 1 {
		t.Errorf("folders after undoing both: %+v, want Kitchen only", folders)
	}
}

// Through the service: proposals are kept, a rejected one is not made
// again by the next review, and automatic application (opt-in) accepts
// them as they are made.
func TestReviewServiceRoundTrip(t *testing.T) {
	ctx := context.Background()
	l := newLibrary(t)
	finance := l.folder("", "Finance")
	downloads := l.folder("", "Downloads")
	l.add("acme2019", report("Acme", 2019), finance)
	l.add("globex2020", report("Globex", 2020), finance)
	stray := l.add("acme2018", report("Acme", 2018), downloads)
	svc := l.service(local())

	fresh := l.add("acme2023", report("Acme", 2023), "")
	props, err := svc.ReviewImported(ctx, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	p := proposalFor(props, stray)
	if p == nil || p.Status != app.ReviewProposed {
		t.Fatalf("proposals = %+v", props)
	}
	if _, err := svc.Reject(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	again := l.add("acme2024", report("Acme", 2024), "")
	props, err = svc.ReviewImported(ctx, []string{again})
	if err != nil {
		t.Fatal(err)
	}
	if q := proposalFor(props, stray); q != nil {
		t.Errorf("a rejected move was proposed again: %+v", q)
	}

	if err := l.db.SetAutoApplyReviews(ctx, true); err != nil {
		t.Fatal(err)
	}
	misc := l.folder("", "Misc")
	l.add("bread", recipe("bread", "yeast"), misc)
	other := l.add("globex2018", report("Globex", 2018), misc)
	props, err = svc.ReviewImported(ctx, []string{l.add("globex2023", report("Globex", 2023), "")})
	if err != nil {
		t.Fatal(err)
	}
	if q := proposalFor(props, other); q == nil || q.Status != app.ReviewAccepted || l.folderOf(other) != finance {
		t.Errorf("with automatic application on: %+v, folder %q", q, l.folderOf(other))
	}
}

// The importer hands every import's new documents to the review once the
// import has committed.
func TestImporterRunsReviewAfterImport(t *testing.T) {
	l := newLibrary(t)
	var got []string
	l.im.Imported = func(_ context.Context, ids []string) { got = append(got, ids...) }
	id := l.add("acme", report("Acme", 2020), "")
	if !slices.Equal(got, []string{id}) {
		t.Errorf("reviewed %v, want [%s]", got, id)
	}
	got = nil
	path := filepath.Join(l.dir, "acme.md")
	if _, err := l.im.Import(context.Background(), []string{path}, nil); err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("a duplicate was reviewed: %v", got)
	}
}

// tablesGuide is a document that speaks of tables above and below and
// of nothing else a title would name.
func tablesGuide(title string) string {
	return fmt.Sprintf("# %s\n\n## Tables above\n\nThe table above lists each row; the table below sums the columns above it.\n\n"+
		"## Tables below\n\nEach table below repeats the rows of the table above.\n", title)
}

// A new document whose title and file name are only common words ("Above",
// tables.md) says nothing of its subject: a passage sharing those words
// with it does not make a document related, and the review shortlists and
// proposes nothing — least of all a folder named by the one word.
func TestReviewCommonWordTitleRelatesNothing(t *testing.T) {
	l := newLibrary(t)
	finance := l.folder("", "Finance")
	l.add("acme2019", report("Acme", 2019), finance)
	l.add("layout", tablesGuide("Table layout of the returns"), "")
	l.add("totals", tablesGuide("Totals of the returns"), "")
	fresh := l.add("tables", "# Above\n\nAbove the table, below the table.\n", "")
	rep, err := l.reviewer(local()).Review(context.Background(), fresh, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Shortlist) != 0 || len(rep.Proposals) != 0 || rep.Scored != 0 {
		t.Errorf("a one-word title related documents: shortlist %+v, proposals %+v, %d passages scored",
			rep.Shortlist, rep.Proposals, rep.Scored)
	}
}

// The review proposes a new folder for the new document only when it
// gathers an older one there too: a new folder for the new document alone
// is its filing at import, not a review's.
func TestReviewNewFolderOnlyWhenGathering(t *testing.T) {
	l := newLibrary(t)
	l.add("bread", recipe("bread", "yeast"), l.folder("", "Kitchen"))
	old := l.add("log", lighthouse("Lighthouse keeping notes", "the north tower"), "")
	fresh := l.add("lamps", lighthouse("Lighthouse keeping", "the lamp oil store"), "")
	rep, err := l.reviewer(local()).Review(context.Background(), fresh, []string{fresh})
	if err != nil {
		t.Fatal(err)
	}
	if !shortlisted(rep, old) {
		t.Fatalf("the related log is not shortlisted: %+v (menus %d, scored %d)", rep.Shortlist, rep.Menus, rep.Scored)
	}
	for _, p := range rep.Proposals {
		if p.NewName != "" && !slices.ContainsFunc(rep.Proposals, func(q app.ReviewProposal) bool {
			return q.DocumentID != fresh && q.NewName == p.NewName
		}) {
			t.Errorf("a new folder %q proposed for the new document alone: %+v", p.NewName, rep.Proposals)
		}
	}
}
