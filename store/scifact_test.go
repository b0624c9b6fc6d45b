package store_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/google/uuid"

	"archivist/ingest"
	"archivist/retrieve/jev"
	"archivist/store"
	"archivist/store/query"
)

// TestSciFactRanking measures the ranked search on BEIR SciFact (5,183
// abstracts, 300 test claims): each abstract is imported as a text
// document (its title, a blank line, its text) through the importer, each
// claim is searched as its words joined by OR (the claim as a bag of
// words, as BM25 baselines read it), and nDCG@10 and Recall@100 are
// computed as BEIR does (graded gains, log2 discount). It imports for
// several minutes, so it runs only when ARCHIVIST_SCIFACT is set; set
// ARCHIVIST_SCIFACT_LIBRARY to a folder to keep the library between runs.
func TestSciFactRanking(t *testing.T) {
	if os.Getenv("ARCHIVIST_SCIFACT") == "" {
		t.Skip("set ARCHIVIST_SCIFACT=1 to import and measure ../shared/eval/scifact")
	}
	dir := filepath.Join("..", "..", "shared", "eval", "scifact")
	if _, err := os.Stat(filepath.Join(dir, "corpus.jsonl.gz")); err != nil {
		t.Skipf("SciFact is not at %s: %v", dir, err)
	}
	ctx := context.Background()
	lib := os.Getenv("ARCHIVIST_SCIFACT_LIBRARY")
	if lib == "" {
		lib = t.TempDir()
	}
	db, err := store.Open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im, err := ingest.New(ctx, db, ingest.Config{NewID: uuid.NewString, Roles: jev.Chooser{Provider: jev.Local{}}})
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	docs, err := db.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) == 0 {
		src := t.TempDir()
		n := writeSciFactCorpus(t, filepath.Join(dir, "corpus.jsonl.gz"), src)
		if _, err := im.ImportFiles(ctx, []string{src}, "", nil); err != nil {
			t.Fatal(err)
		}
		if docs, err = db.Documents(ctx); err != nil {
			t.Fatal(err)
		}
		t.Logf("imported %d documents of %d abstracts (identical abstracts are one document)", len(docs), n)
	}
	corpusID := map[string]string{}
	for _, d := range docs {
		corpusID[d.ID] = strings.TrimSuffix(d.Filename, ".txt")
	}
	claims := readJSONL(t, filepath.Join(dir, "queries.jsonl"))
	qrels := readQrels(t, filepath.Join(dir, "qrels", "test.tsv"))
	ids := make([]string, 0, len(qrels))
	for id := range qrels {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return atoiOr(ids[i]) < atoiOr(ids[j]) })
	var ndcg, recall [2]float64
	var count [2]int
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	for i, id := range ids {
		q, err := query.Parse(orOfWords(claims[id]))
		if err != nil {
			t.Fatalf("claim %s: %v", id, err)
		}
		ranked, err := snap.Matches(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, docID := range ranked[:min(100, len(ranked))] {
			got = append(got, corpusID[docID])
		}
		h := i % 2
		ndcg[h] += nDCG(got, qrels[id], 10)
		recall[h] += recallAt(got, qrels[id], 100)
		count[h]++
	}
	all := func(v [2]float64) float64 { return (v[0] + v[1]) / float64(count[0]+count[1]) }
	t.Logf("SciFact test, %d claims: nDCG@10 %.3f, Recall@100 %.3f (BEIR BM25 0.665 / 0.908, Anserini 0.679 / 0.925)",
		count[0]+count[1], all(ndcg), all(recall))
	t.Logf("halves (1st, 3rd… claim / 2nd, 4th…): nDCG@10 %.3f / %.3f, Recall@100 %.3f / %.3f",
		ndcg[0]/float64(count[0]), ndcg[1]/float64(count[1]), recall[0]/float64(count[0]), recall[1]/float64(count[1]))
	if all(ndcg) < 0.3 {
		t.Errorf("nDCG@10 %.3f: the ranking is broken", all(ndcg))
	}
}

// writeSciFactCorpus writes each abstract as ID.txt and returns how many.
func writeSciFactCorpus(t *testing.T, path, dst string) int {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	n := 0
	for sc.Scan() {
		var d struct{ ID, Title, Text string }
		if err := json.Unmarshal(sc.Bytes(), &struct {
			ID    *string `json:"_id"`
			Title *string `json:"title"`
			Text  *string `json:"text"`
		}{&d.ID, &d.Title, &d.Text}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, d.ID+".txt"), []byte(d.Title+"\n\n"+d.Text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

func readJSONL(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var q struct {
			ID   string `json:"_id"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(line), &q); err != nil {
			t.Fatal(err)
		}
		out[q.ID] = q.Text
	}
	return out
}

func readQrels(t *testing.T, path string) map[string]map[string]int {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]int{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if i == 0 || len(f) != 3 {
			continue // the header
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]int{}
		}
		out[f[0]][f[1]] = atoiOr(f[2])
	}
	return out
}

func atoiOr(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// orOfWords writes a claim as its lower-cased words joined by OR: words
// are runs of letters and digits, so no punctuation reaches the parser.
func orOfWords(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return strings.Join(words, " OR ")
}

func nDCG(got []string, rel map[string]int, k int) float64 {
	dcg := 0.0
	for i, id := range got[:min(k, len(got))] {
		dcg += float64(rel[id]) / math.Log2(float64(i+2))
	}
	var gains []int
	for _, g := range rel {
		gains = append(gains, g)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(gains)))
	ideal := 0.0
	for i, g := range gains[:min(k, len(gains))] {
		ideal += float64(g) / math.Log2(float64(i+2))
	}
	if ideal == 0 {
		return 0
	}
	return dcg / ideal
}

func recallAt(got []string, rel map[string]int, k int) float64 {
	hit, n := 0, 0
	for _, g := range rel {
		if g > 0 {
			n++
		}
	}
	for _, id := range got[:min(k, len(got))] {
		if rel[id] > 0 {
			hit++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(hit) / float64(n)
}
