package answer_test

import (
	"bufio"
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/retrieve/jev"
	"archivist/store"
)

// tatqa is TAT-QA's dev set: excerpts of annual reports (a table and its
// paragraphs each) with questions whose answers are computed from them.
var tatqa = filepath.Join("..", "..", "..", "shared", "eval", "tatqa")

// tatqaQuestion is one line of the set's questions.jsonl. Answers is
// read by the scorer only, never on the question path.
type tatqaQuestion struct {
	ID, Question, Doc, Scale string
	AnswerType               string   `json:"answer_type"`
	Answers                  []string `json:"answers"`
}

// tally counts one half's arithmetic questions by outcome.
type tally struct{ asked, right, wrong int }

func (t tally) abstained() int { return t.asked - t.right - t.wrong }

func (t tally) precision() float64 {
	if t.right+t.wrong == 0 {
		return 0
	}
	return float64(t.right) / float64(t.right+t.wrong)
}

func (t tally) coverage() float64 {
	if t.asked == 0 {
		return 0
	}
	return float64(t.right) / float64(t.asked)
}

// TestComputedAnswersOnTATQA asks every question of TAT-QA's dev set of
// its own document, offline, and scores the computed answers of its
// arithmetic questions: right when the computed value, rounded to the
// reference's decimals, is the reference. A computed answer to another
// question (a span, a count) is counted beside. The documents, sorted by name, fall alternately in half A and
// half B; a computed answer must be right nine times in ten on each.
//
//	CGO_ENABLED=0 go test -tags ci -run TestComputedAnswersOnTATQA -v ./retrieve/answer/
//
// figuresRE finds the figures a quote writes.
var figuresRE = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

func TestComputedAnswersOnTATQA(t *testing.T) {
	if _, err := os.Stat(filepath.Join(tatqa, "questions.jsonl")); err != nil {
		t.Skipf("TAT-QA not found (../shared/eval/tatqa beside the checkout): %v", err)
	}
	if testing.Short() {
		t.Skip("imports 278 documents and asks 1,668 questions; not in -short")
	}
	ctx := context.Background()
	docs, half := tatqaDocuments(t)
	research, ids := tatqaLibrary(t, docs)
	// tallies count the arithmetic questions; others count the other
	// questions (spans, counts) a computed answer was claimed for, right
	// when their reference is the one number computed.
	var tallies, others [2]tally
	for _, q := range tatqaQuestions(t) {
		name := filepath.Base(q.Doc)
		h, id := half[name], ids[name]
		if id == "" {
			t.Fatalf("%s: document %s was not imported", q.ID, name)
		}
		tl := &tallies[h]
		if q.AnswerType != "arithmetic" {
			tl = &others[h]
		}
		tl.asked++
		ans, _, _, err := research.NewConversation(app.Scope{DocumentIDs: []string{id}}).
			AskWith(ctx, q.Question, app.PresetBalanced, retrieve.AskOptions{})
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		if ans.Verdict != app.VerdictComputed {
			continue
		}
		if !ans.Sufficient || len(ans.Citations) < 2 && (len(ans.Citations) == 0 || len(figuresRE.FindAllString(ans.Citations[0].Quote, -1)) < 2) {
			// Each operand is cited: a cell each, or one sentence that
			// states both.
			t.Errorf("%s: a computed answer must be sufficient and cite each operand: %+v", q.ID, ans)
		}
		got, ok := computedValue(ans.Answer)
		if ok && matchesReference(got, q.Answers) {
			tl.right++
			continue
		}
		tl.wrong++
		if h == 0 && testing.Verbose() { // half B is for checking only: its cases are not shown
			t.Logf("wrong %s %q: %s (reference %v %s)", q.ID, q.Question, firstLine(ans.Answer), q.Answers, q.Scale)
		}
	}
	for h, name := range []string{"A", "B"} {
		r := tallies[h]
		t.Logf("half %s: asked %d, right %d, wrong %d, abstained %d, precision %.3f, coverage %.3f",
			name, r.asked, r.right, r.wrong, r.abstained(), r.precision(), r.coverage())
		if r.right+r.wrong == 0 || r.precision() < 0.9 {
			t.Errorf("half %s: precision %.3f (%d right of %d computed); it must be at least 0.9", name, r.precision(), r.right, r.right+r.wrong)
		}
		o := others[h]
		t.Logf("half %s, other questions: asked %d, computed %d, holding the reference %d", name, o.asked, o.right+o.wrong, o.right)
	}
}

// tatqaDocuments lists the set's documents sorted by name, each with its
// half: 0 (A) for the first, 1 (B) for the second, and so on alternately.
func tatqaDocuments(t *testing.T) ([]string, map[string]int) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(tatqa, "documents", "*.html"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no TAT-QA documents: %v", err)
	}
	sort.Strings(paths)
	half := map[string]int{}
	for i, p := range paths {
		half[filepath.Base(p)] = i % 2
	}
	return paths, half
}

// tatqaLibrary imports the documents into a library of their own, wired
// as the program wires one, and returns its offline question service with
// each document's ID by file name.
func tatqaLibrary(t *testing.T, paths []string) (*retrieve.Research, map[string]string) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	im, err := ingest.New(ctx, db, ingest.Config{NewID: uuid.NewString, Roles: jev.Chooser{Provider: jev.Local{}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := im.ImportFiles(ctx, paths, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, r := range res {
		if r.Outcome != app.OutcomeImported {
			t.Fatalf("import %s: %v %v", r.Path, r.Outcome, r.Err)
		}
		ids[filepath.Base(r.Path)] = r.DocumentID
	}
	return retrieve.Offline(db, uuid.NewString), ids
}

func tatqaQuestions(t *testing.T) []tatqaQuestion {
	t.Helper()
	f, err := os.Open(filepath.Join(tatqa, "questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tatqaQuestion
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		var q tatqaQuestion
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// computedValue reads the result a computed answer states: the number
// after the last " = " of its first line ("Change = 56.7 − 44.1 = 12.6
// million" → 12.6), its sign and decimals as written.
func computedValue(text string) (*big.Rat, bool) {
	line := firstLine(text)
	i := strings.LastIndex(line, " = ")
	if i < 0 {
		return nil, false
	}
	f := strings.Fields(line[i+3:])
	if len(f) == 0 {
		return nil, false
	}
	s := strings.NewReplacer(",", "", "−", "-", "%", "", "$", "").Replace(f[0])
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// matchesReference reports whether got, rounded to the decimals a
// reference is written to, is that reference.
func matchesReference(got *big.Rat, refs []string) bool {
	for _, ref := range refs {
		ref = strings.NewReplacer(",", "", "%", "", "$", "", " ", "").Replace(ref)
		want, ok := new(big.Rat).SetString(ref)
		if !ok {
			continue
		}
		decimals := 0
		if i := strings.IndexByte(ref, '.'); i >= 0 {
			decimals = len(ref) - i - 1
		}
		if got.FloatString(decimals) == want.FloatString(decimals) {
			return true
		}
	}
	return false
}
