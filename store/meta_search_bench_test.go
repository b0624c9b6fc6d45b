package store_test

import (
	"context"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"archivist/app"
	"archivist/store"
	"archivist/store/benchtext"
	"archivist/store/query"
)

// BenchmarkSearchDocuments measures ranked document search (one page of 20
// results with snippets, the total and every facet) against the FTS5
// candidate pass of a question (bm25 top 200 passages of the prefix-OR of
// the same words), query by query in the same run, and reports each one's
// median and 95th percentile and the ratio of the p95s.
//
// "generated" is 10,000 documents of 3 passages (30,000 passages, 72 MB of
// text) of pseudo-words; each query is two words, one common and one
// mid-frequency. "library" is an existing library named by
// ARCHIVIST_SEARCH_LIBRARY (e.g. every FinanceBench PDF imported), searched
// with the three longest words of each question of
// ARCHIVIST_SEARCH_QUESTIONS (a questions.jsonl).
func BenchmarkSearchDocuments(b *testing.B) {
	b.Run("library=generated-10000", func(b *testing.B) {
		db := MustOpen(b)
		benchLibrary(b, db, 10_000, 3)
		r := rand.New(rand.NewSource(11))
		var qs [][]string
		for range 64 {
			qs = append(qs, []string{benchtext.Vocabulary[20+r.Intn(200)], benchtext.Vocabulary[500+r.Intn(3000)]})
		}
		compareSearch(b, db, qs)
	})
	b.Run("library=existing", func(b *testing.B) {
		lib, questions := os.Getenv("ARCHIVIST_SEARCH_LIBRARY"), os.Getenv("ARCHIVIST_SEARCH_QUESTIONS")
		if lib == "" || questions == "" {
			b.Skip("set ARCHIVIST_SEARCH_LIBRARY (a library folder) and ARCHIVIST_SEARCH_QUESTIONS (a questions.jsonl)")
		}
		db, err := store.Open(context.Background(), lib)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		compareSearch(b, db, questionWords(b, questions))
	})
}

// questionWords takes the three longest distinct words of each question.
func questionWords(b *testing.B, path string) [][]string {
	data, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		b.Fatal(err)
	}
	var qs [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var q struct {
			Question string `json:"question"`
		}
		if json.Unmarshal([]byte(line), &q) != nil || q.Question == "" {
			continue
		}
		seen := map[string]bool{}
		var words []string
		for _, w := range strings.FieldsFunc(strings.ToLower(q.Question), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
		sort.SliceStable(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
		if len(words) >= 3 {
			qs = append(qs, words[:3])
		}
	}
	return qs
}

func compareSearch(b *testing.B, db *store.DB, qs [][]string) {
	ctx := context.Background()
	var search, fts []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		words := qs[i%len(qs)]
		q, err := query.Parse(strings.Join(words, " "))
		if err != nil {
			b.Fatal(err)
		}
		var alts []string
		for _, w := range words {
			alts = append(alts, `"`+w+`"*`)
		}
		snap, err := db.Snapshot(ctx)
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		if _, err := snap.SearchDocuments(ctx, q, app.SearchRequest{Limit: 20}); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := snap.Search(ctx, strings.Join(alts, " OR "), nil, 200); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		snap.Close()
		search, fts = append(search, t1.Sub(t0)), append(fts, t2.Sub(t1))
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	s50, s95 := percentiles(search)
	f50, f95 := percentiles(fts)
	b.ReportMetric(ms(s50), "search-p50-ms")
	b.ReportMetric(ms(s95), "search-p95-ms")
	b.ReportMetric(ms(f50), "fts-p50-ms")
	b.ReportMetric(ms(f95), "fts-p95-ms")
	b.ReportMetric(float64(s95)/float64(max(f95, 1)), "p95-ratio")
}

func percentiles(ds []time.Duration) (p50, p95 time.Duration) {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2], s[min(len(s)-1, len(s)*95/100)]
}
