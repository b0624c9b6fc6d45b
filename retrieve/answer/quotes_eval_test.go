package answer_test

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/retrieve/route"
	"archivist/store"
)

// TestQuoteChoiceOnQuestionSet measures the offline answerer's choice of
// quotes on a real question set over a library already built from its
// documents (archivist --library DIR eval --questions FILE --docs DIR):
// the share of answerable questions whose quotes hold a number of the
// reference answer, and the share of unanswerable ones answered as
// insufficient. The reference answers are read here, by the scorer only.
//
//	ARCHIVIST_QUOTE_LIBRARY=DIR ARCHIVIST_QUOTE_QUESTIONS=FILE \
//	  CGO_ENABLED=0 go test -tags ci -run TestQuoteChoiceOnQuestionSet -v ./retrieve/answer/
//
// ARCHIVIST_QUOTE_CACHE=FILE keeps the gathered evidence, so that a change
// to the answerer is measured again in seconds.
func TestQuoteChoiceOnQuestionSet(t *testing.T) {
	lib, qfile := os.Getenv("ARCHIVIST_QUOTE_LIBRARY"), os.Getenv("ARCHIVIST_QUOTE_QUESTIONS")
	if lib == "" || qfile == "" {
		t.Skip("set ARCHIVIST_QUOTE_LIBRARY and ARCHIVIST_QUOTE_QUESTIONS to measure the quotes on a question set")
	}
	ctx := context.Background()
	cases := gatherCases(ctx, t, lib, qfile, os.Getenv("ARCHIVIST_QUOTE_CACHE"))
	var answerable, hits, reachable, sufficient, unanswerable, insufficient int
	for _, c := range cases {
		ans, err := answer.Extractive{}.Answer(ctx, c.Evidence)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Answerable {
			unanswerable++
			if !ans.Sufficient {
				insufficient++
			}
			continue
		}
		answerable++
		if ans.Sufficient {
			sufficient++
		}
		refs := referenceNumbers(c.Answer)
		var evText strings.Builder
		for _, s := range c.Evidence.Sources {
			evText.WriteString(s.Text + "\n")
		}
		inEvidence := holdsNumber(evText.String(), refs)
		if inEvidence {
			reachable++
		}
		var quotes strings.Builder
		for _, cit := range ans.Citations {
			quotes.WriteString(cit.Quote + "\n")
		}
		hit := ans.Sufficient && holdsNumber(quotes.String(), refs)
		if hit {
			hits++
		}
		if testing.Verbose() && inEvidence {
			t.Logf("%s hit=%v %q\n  ref %q\n  quotes %q", c.ID, hit, c.Question, firstLine(c.Answer), quotes.String())
		}
	}
	share := func(a, b int) float64 {
		if b == 0 {
			return math.NaN()
		}
		return float64(a) / float64(b)
	}
	t.Logf("answerable: %d; answered: %d (%.3f); quotes hold a reference number: %d (%.3f); evidence holds one: %d (%.3f)",
		answerable, sufficient, share(sufficient, answerable), hits, share(hits, answerable), reachable, share(reachable, answerable))
	t.Logf("unanswerable: %d; answered as insufficient: %d (%.3f)", unanswerable, insufficient, share(insufficient, unanswerable))
}

type quoteCase struct {
	ID         string
	Question   string
	Answer     string
	Answerable bool
	Evidence   *app.Evidence
}

// gatherCases asks each question of qfile, scoped to its own document, of
// the library in dir through tree routing with the offline decision
// provider, as the eval command does; or reads the evidence from cache.
func gatherCases(ctx context.Context, t *testing.T, dir, qfile, cache string) []quoteCase {
	if cache != "" {
		if b, err := os.ReadFile(cache); err == nil {
			var cases []quoteCase
			if err := json.Unmarshal(b, &cases); err != nil {
				t.Fatalf("read %s: %v", cache, err)
			}
			return cases
		}
	}
	f, err := os.Open(qfile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	docs, err := db.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]string{}
	for _, d := range docs {
		byName[d.Filename] = d.ID
	}
	router := route.NewRouter(jev.Local{})
	var cases []quoteCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	for sc.Scan() {
		var q struct {
			ID, Question, Answer, Doc string
			Answerable                *bool
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		id := byName[path.Base(q.Doc)]
		if id == "" {
			t.Fatalf("the library has no %s: build it with the eval command first", q.Doc)
		}
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ev, _, err := router.Gather(ctx, snap, app.Question{Text: q.Question, Preset: app.PresetBalanced,
			Scope: app.Scope{DocumentIDs: []string{id}}})
		snap.Close()
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		cases = append(cases, quoteCase{ID: q.ID, Question: q.Question, Answer: q.Answer,
			Answerable: q.Answerable == nil || *q.Answerable, Evidence: ev})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cache != "" {
		b, err := json.Marshal(cases)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cache, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return cases
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

var numberRE = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?(?:\s*(?:million|billion|bn)\b)?`)

// refNumber is a number of a reference answer, in units, with the
// precision it was written to.
type refNumber struct {
	value, half float64 // value ± half is what rounds to it
}

// referenceNumbers returns the numbers of a reference answer that are not
// years, scaled by "million" or "billion" after them.
func referenceNumbers(s string) []refNumber {
	var out []refNumber
	for _, m := range numberRE.FindAllString(s, -1) {
		digits, scale := m, 1.0
		switch f := strings.Fields(m); {
		case len(f) == 2 && f[1] == "million":
			digits, scale = f[0], 1e6
		case len(f) == 2:
			digits, scale = f[0], 1e9
		}
		digits = strings.TrimRight(digits, ",")
		v, err := strconv.ParseFloat(strings.ReplaceAll(digits, ",", ""), 64)
		if err != nil || v == 0 {
			continue
		}
		decimals := 0
		if i := strings.IndexByte(digits, '.'); i >= 0 {
			decimals = len(digits) - i - 1
		}
		if decimals == 0 && scale == 1 && v >= 1900 && v <= 2100 {
			continue // a year
		}
		out = append(out, refNumber{value: v * scale, half: 0.5 * math.Pow(10, -float64(decimals)) * scale})
	}
	return out
}

// holdsNumber reports whether text holds a number that, read in units,
// thousands, millions or billions, rounds to one of refs.
func holdsNumber(text string, refs []refNumber) bool {
	for _, m := range numberRE.FindAllString(text, -1) {
		digits := strings.TrimRight(strings.Fields(m)[0], ",")
		v, err := strconv.ParseFloat(strings.ReplaceAll(digits, ",", ""), 64)
		if err != nil || v == 0 {
			continue
		}
		for _, r := range refs {
			for _, scale := range []float64{1, 1e3, 1e6, 1e9} {
				if math.Abs(v*scale-r.value) <= r.half*1.0000001 {
					return true
				}
			}
		}
	}
	return false
}
