package retrieve_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/markdown"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/retrieve/route"
	"archivist/store"
)

// ledger records what the writers committed and when, on one logical
// clock: an operation's commit happened somewhere between its start and end
// ticks. A question that ran from tick s0 to s1 may see a document only if
// its import started before s1 and its delete did not end before s0.
type ledger struct {
	clock atomic.Int64
	mu    sync.Mutex
	docs  map[string]*ledgerDoc // by the document's unique word
}

type ledgerDoc struct {
	word                   string
	id                     string // known once its import returned
	importStart, importEnd int64
	passages               int   // passages holding the shared word, from the same parse and builder
	countedAt              int64 // the tick after its import returned
	deleteStart, deleteEnd int64 // 0 while not deleted
}

func (l *ledger) tick() int64 { return l.clock.Add(1) }

func (l *ledger) get(word string) (ledgerDoc, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d, ok := l.docs[word]
	if !ok {
		return ledgerDoc{}, false
	}
	return *d, true
}

func (l *ledger) update(word string, f func(d *ledgerDoc)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(l.docs[word])
}

// deletable picks a committed, counted document not being deleted.
func (l *ledger) deletable(r *rand.Rand) (string, string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var words []string
	for w, d := range l.docs {
		if d.countedAt > 0 && d.deleteStart == 0 {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return "", ""
	}
	w := words[r.Intn(len(words))]
	l.docs[w].deleteStart = l.tick()
	return w, l.docs[w].id
}

func (l *ledger) ids() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var ids []string
	for _, d := range l.docs {
		if d.id != "" {
			ids = append(ids, d.id)
		}
	}
	return ids
}

// sharedWord is in every paragraph of every document; each document also
// has a word of its own in every paragraph, so any piece of its text names
// it.
const sharedWord = "lanternfish"

var ownWord = regexp.MustCompile(`\bzq[a-z]+\b`)

func docWord(i int) string {
	w := "zq"
	for i++; i > 0; i /= 26 {
		w += string(rune('a' + i%26))
	}
	return w
}

// writeDoc writes a document and returns its path and how many of its
// passages hold the shared word, by the importer's own parser and passage
// builder.
func writeDoc(t *testing.T, dir, word string, r *rand.Rand) (string, int) {
	var b strings.Builder
	fmt.Fprintf(&b, "# Survey %s\n\n", word)
	for s := 0; s < 3+r.Intn(4); s++ {
		fmt.Fprintf(&b, "## Station %d\n\n", s)
		for p := 0; p < 2+r.Intn(6); p++ {
			fmt.Fprintf(&b, "At station %d the %s count for %s was %d, logged by crew %d of the deep survey programme.\n\n",
				s, sharedWord, word, r.Intn(1000), r.Intn(50))
		}
	}
	path := filepath.Join(dir, word+".md")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	parsed, err := markdown.Parse(context.Background(), []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ingest.AssignIDs(parsed, func() string { n++; return fmt.Sprint(n) })
	passages := 0
	for _, p := range ingest.BuildPassages("x", parsed.Title, parsed) {
		if strings.Contains(p.Text, sharedWord) {
			passages++
		}
	}
	return path, passages
}

// TestConcurrentQuestionsSeeWholeCommits asks many questions while imports,
// deletes and sensitivity changes run, and checks every answer's sources,
// and every snapshot's search hits, against the ledger: a document is seen
// whole or not at all, never before its import began, never after its
// delete ended. Run it with -race too.
func TestConcurrentQuestionsSeeWholeCommits(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, filepath.Join(dir, "library"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var ids atomic.Int64
	newID := func() string { return fmt.Sprintf("id-%06d", ids.Add(1)) }
	im := &ingest.Importer{DB: db, NewID: newID}
	defer im.Close()
	routed := retrieve.NewResearch(db, answer.Extractive{}, newID)
	routed.SetProviders(answer.Extractive{}, route.NewRouter(jev.Local{}), "")
	plain := retrieve.NewResearch(db, answer.Extractive{}, newID)
	// Sensitivity is changed the way the product does it: one UPDATE of
	// the documents' column, here through a connection of its own.
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "library", store.DatabaseFile)+"?_pragma=busy_timeout(10000)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()

	const docs = 36
	l := &ledger{docs: map[string]*ledgerDoc{}}
	src := t.TempDir()
	var (
		wg       sync.WaitGroup
		failures atomic.Int64
		asked    atomic.Int64
		checked  atomic.Int64
		seen     atomic.Int64
	)
	fail := func(format string, args ...any) {
		failures.Add(1)
		t.Errorf(format, args...)
	}
	writersDone := make(chan struct{})

	r := rand.New(rand.NewSource(1))
	paths := make([]string, docs)
	want := make([]int, docs)
	for i := range paths {
		paths[i], want[i] = writeDoc(t, src, docWord(i), r)
	}
	// Importer: one document after another, as the queue does.
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i, path := range paths {
			word := docWord(i)
			l.mu.Lock()
			l.docs[word] = &ledgerDoc{word: word, passages: want[i], importStart: l.tick()}
			l.mu.Unlock()
			res, err := im.Import(ctx, []string{path}, nil)
			end := l.tick()
			if err != nil || len(res) != 1 || res[0].Outcome != app.OutcomeImported {
				fail("import %s: %+v, %v", word, res, err)
				return
			}
			l.update(word, func(d *ledgerDoc) {
				d.id, d.importEnd, d.countedAt = res[0].DocumentID, end, l.tick()
			})
		}
	}()
	// Deleter: removes a committed document now and then.
	wg.Add(1)
	go func() {
		defer wg.Done()
		r := rand.New(rand.NewSource(2))
		for deleted := 0; deleted < docs/3; {
			word, id := l.deletable(r)
			if word == "" {
				time.Sleep(time.Millisecond)
				continue
			}
			if err := db.DeleteDocument(ctx, id); err != nil {
				fail("delete %s: %v", word, err)
				return
			}
			end := l.tick()
			l.update(word, func(d *ledgerDoc) { d.deleteEnd = end })
			deleted++
		}
	}()
	// Sensitivity: re-labels every document in one transaction, over and
	// over, until the importer and deleter are done.
	var readers sync.WaitGroup
	readers.Add(1)
	go func() {
		defer readers.Done()
		levels := []string{"public", "internal", "confidential", "restricted"}
		for i := 0; ; i++ {
			select {
			case <-writersDone:
				return
			default:
			}
			if _, err := raw.ExecContext(ctx, `UPDATE documents SET sensitivity = ?`, levels[i%len(levels)]); err != nil {
				fail("sensitivity: %v", err)
				return
			}
			time.Sleep(2 * time.Millisecond) // let the importer and deleter write too
		}
	}()

	// Questions: through the router and the FTS5 pass, over the whole
	// library and over a selection that includes documents being deleted.
	for g := 0; g < 6; g++ {
		readers.Add(1)
		go func(g int) {
			defer readers.Done()
			r := rand.New(rand.NewSource(int64(10 + g)))
			research := plain
			if g%2 == 0 {
				research = routed
			}
			for {
				select {
				case <-writersDone:
					return
				default:
				}
				q := app.Question{Text: fmt.Sprintf("What was the %s count for %s?", sharedWord, docWord(r.Intn(docs)))}
				if all := l.ids(); g%3 == 0 && len(all) > 0 {
					for k := 0; k < 3; k++ {
						q.Scope.DocumentIDs = append(q.Scope.DocumentIDs, all[r.Intn(len(all))])
					}
				}
				s0 := l.tick()
				ans, err := research.Ask(ctx, q)
				s1 := l.tick()
				if app.ErrorCode(err) == app.ENoEvidence {
					// Nothing in scope was ready: true of an empty library
					// and of a selection whose documents were all deleted.
					time.Sleep(time.Millisecond)
					continue
				}
				if err != nil {
					fail("ask %q: %v", q.Text, err)
					return
				}
				asked.Add(1)
				checkAnswer(l, ans, q, s0, s1, fail)
			}
		}(g)
	}
	// Snapshots: every document committed is there whole — all its
	// passages in the FTS index — or absent, never partly.
	for g := 0; g < 2; g++ {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-writersDone:
					return
				default:
				}
				s0 := l.tick()
				counts := hitsByDocument(t, db)
				s1 := l.tick()
				checked.Add(1)
				seen.Add(int64(len(counts)))
				time.Sleep(time.Millisecond)
				checkSnapshot(l, counts, s0, s1, fail)
				// Each sensitivity change labels every document at once:
				// one snapshot never holds two labels.
				var labels int
				if err := raw.QueryRowContext(ctx, `SELECT count(DISTINCT sensitivity) FROM documents WHERE sensitivity != ''`).Scan(&labels); err != nil {
					fail("sensitivity labels: %v", err)
				} else if labels > 1 {
					fail("a snapshot saw a sensitivity change half applied (%d labels)", labels)
				}
			}
		}()
	}

	wg.Wait()
	close(writersDone)
	readers.Wait()
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
	if asked.Load() < 20 || checked.Load() < 20 || seen.Load() == 0 {
		t.Errorf("too little overlap to prove anything: %d questions, %d snapshots seeing %d documents", asked.Load(), checked.Load(), seen.Load())
	}
	t.Logf("%d questions and %d snapshots checked against %d imports and %d deletes; %d failures",
		asked.Load(), checked.Load(), docs, docs/3, failures.Load())
}

// checkAnswer holds each source of an answer to the ledger.
func checkAnswer(l *ledger, ans *app.Answer, q app.Question, s0, s1 int64, fail func(string, ...any)) {
	inScope := map[string]bool{}
	for _, id := range q.Scope.DocumentIDs {
		inScope[id] = true
	}
	for _, src := range ans.Sources {
		if len(inScope) > 0 && !inScope[src.DocumentID] {
			fail("%q: source %s is outside the scope %v", q.Text, src.DocumentID, q.Scope.DocumentIDs)
		}
		words := ownWord.FindAllString(src.Text, -1)
		if len(words) == 0 {
			fail("%q: source %d names no document: %q", q.Text, src.N, src.Text)
			continue
		}
		for _, w := range words {
			d, ok := l.get(w)
			switch {
			case !ok:
				fail("%q: source text of a document never imported (%s)", q.Text, w)
			case d.id != "" && d.id != src.DocumentID:
				fail("%q: source %d mixes %s's text into document %s", q.Text, src.N, d.id, src.DocumentID)
			case d.importStart > s1:
				fail("%q: saw %s before its import began", q.Text, w)
			case d.deleteEnd != 0 && d.deleteEnd < s0:
				fail("%q: saw %s after its delete ended", q.Text, w)
			}
		}
	}
}

// checkSnapshot holds one snapshot's hits per document (by its own word)
// to the ledger: all of a document's passages or none, and only while it
// may exist.
func checkSnapshot(l *ledger, counts map[string]int, s0, s1 int64, fail func(string, ...any)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for word, n := range counts {
		d := l.docs[word]
		switch {
		case d == nil || d.importStart > s1:
			fail("snapshot saw %s before its import began", word)
		case d.deleteEnd != 0 && d.deleteEnd < s0:
			fail("snapshot saw %d passages of %s after its delete ended", n, word)
		case n != d.passages:
			fail("snapshot saw %d of %s's %d passages", n, word, d.passages)
		}
	}
	for _, d := range l.docs {
		committed := d.countedAt != 0 && d.countedAt < s0
		deleting := d.deleteStart != 0 && d.deleteStart < s1
		if committed && !deleting && counts[d.word] == 0 {
			fail("snapshot missed %s, committed before it began", d.word)
		}
	}
}

// hitsByDocument counts, in one snapshot, the passages holding the shared
// word per document, naming each document by its own word (its title).
func hitsByDocument(t *testing.T, db *store.DB) map[string]int {
	ctx := context.Background()
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Error(err)
		return nil
	}
	defer snap.Close()
	hits, err := snap.Search(ctx, `"`+sharedWord+`"`, nil, 1_000_000)
	if err != nil {
		t.Error(err)
		return nil
	}
	docs, err := snap.ReadyDocuments(ctx, nil)
	if err != nil {
		t.Error(err)
		return nil
	}
	words := map[string]string{}
	for _, d := range docs {
		words[d.ID] = ownWord.FindString(d.Title)
	}
	counts := map[string]int{}
	for _, h := range hits {
		counts[words[h.DocumentID]]++
	}
	return counts
}
