package lang

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestStem pins the stemmer to SQLite FTS5's porter tokenizer: these pairs
// were read back from an FTS5 table (fts5vocab) built with
// tokenize='porter unicode61', so a stem computed here names the same
// index term.
func TestStem(t *testing.T) {
	for _, c := range [][2]string{{"caresses", "caress"}, {"ponies", "poni"}, {"relational", "relat"}, {"conditional", "condit"}, {"rational", "ration"}, {"valenci", "valenc"}, {"digitizer", "digit"}, {"conformabli", "conform"}, {"radicalli", "radic"}, {"differentli", "differ"}, {"vileli", "vile"}, {"analogousli", "analog"}, {"vietnamization", "vietnam"}, {"predication", "predic"}, {"operator", "oper"}, {"feudalism", "feudal"}, {"decisiveness", "decis"}, {"hopefulness", "hope"}, {"callousness", "callous"}, {"formaliti", "formal"}, {"sensitiviti", "sensit"}, {"sensibiliti", "sensibl"}, {"triplicate", "triplic"}, {"formative", "form"}, {"formalize", "formal"}, {"electriciti", "electr"}, {"electrical", "electr"}, {"hopeful", "hope"}, {"goodness", "good"}, {"revival", "reviv"}, {"allowance", "allow"}, {"inference", "infer"}, {"airliner", "airlin"}, {"gyroscopic", "gyroscop"}, {"adjustable", "adjust"}, {"defensible", "defens"}, {"irritant", "irrit"}, {"replacement", "replac"}, {"adjustment", "adjust"}, {"dependent", "depend"}, {"adoption", "adopt"}, {"homologou", "homolog"}, {"communism", "commun"}, {"activate", "activ"}, {"angulariti", "angular"}, {"homologous", "homolog"}, {"effective", "effect"}, {"bowdlerize", "bowdler"}, {"probate", "probat"}, {"rate", "rate"}, {"cease", "ceas"}, {"controll", "control"}, {"roll", "roll"}, {"generalizations", "gener"}, {"oscillators", "oscil"}, {"revenues", "revenu"}, {"expenditures", "expenditur"}, {"capital", "capit"}, {"intensive", "intens"}, {"property", "properti"}, {"plant", "plant"}, {"equipment", "equip"}, {"inventories", "inventori"}, {"receivables", "receiv"}, {"payables", "payabl"}, {"operating", "oper"}, {"activities", "activ"}, {"quarterly", "quarterli"}, {"dividends", "dividend"}, {"shareholders", "sharehold"}, {"organisations", "organis"}, {"photos", "photo"}, {"itineraries", "itinerari"}, {"restaurants", "restaur"}, {"agreed", "agre"}, {"feed", "feed"}, {"bled", "bled"}, {"sing", "sing"}, {"hopping", "hop"}, {"falling", "fall"}, {"hissing", "hiss"}, {"fizzed", "fizz"}, {"failing", "fail"}, {"filing", "file"}, {"happy", "happi"}, {"sky", "sky"}, {"dying", "dy"}, {"lying", "ly"}, {"ties", "ti"}, {"news", "new"}, {"agreement", "agreement"}} {
		if got := Stem(c[0]); got != c[1] {
			t.Errorf("Stem(%q) = %q, FTS5 says %q", c[0], got, c[1])
		}
	}
}

func TestTokens(t *testing.T) {
	var got []string
	for _, tk := range Tokens("PP&E of 3M's R&D: $1,234.50 in FY2022, 36th Ave. and café") {
		got = append(got, tk.Lower)
	}
	want := []string{"pp&e", "of", "3m", "r&d", "1234.50", "in", "fy2022", "36th", "ave", "and", "cafe"} // accents folded, as the index folds them
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tokens = %q, want %q", got, want)
	}
	tk := Tokens("NASA launched")
	if !tk[0].AllCaps || !tk[0].Cap || tk[1].Cap {
		t.Fatalf("case flags %+v", tk)
	}
}

func concept(q *Query, name string) *Concept {
	for i := range q.Concepts {
		if q.Concepts[i].Name == name {
			return &q.Concepts[i]
		}
	}
	return nil
}

func TestAnalyze(t *testing.T) {
	q := Analyze("What is the FY2019 fixed asset turnover ratio for Activision Blizzard? Round your answer to two decimal places. "+
		"If the ratio is not a useful metric for this company, then state that and explain why.", nil)
	if !reflect.DeepEqual(q.Years, []int{2019}) || !q.Asked.Figure {
		t.Fatalf("years %v, asked %+v", q.Years, q.Asked)
	}
	for _, name := range []string{"2019", "fix asset turnov", "activis blizzard"} {
		if concept(q, name) == nil {
			t.Errorf("no concept %q in %v", name, names(q))
		}
	}
	for _, noise := range []string{"two", "decim", "explain", "metric"} {
		if concept(q, noise) != nil {
			t.Errorf("answer-format instruction %q became a concept", noise)
		}
	}
	if c := concept(q, "activis blizzard"); c.Kind != Entity || !c.Constraint() {
		t.Errorf("the company is %+v", c)
	}
	// A derived measure brings its parts, tied to it.
	parts := 0
	for _, c := range q.Concepts {
		if c.Kind == Support && c.PartOf > 0 && q.Concepts[c.PartOf-1].Name == "fix asset turnov" {
			parts++
		}
	}
	if parts != 2 {
		t.Errorf("fixed asset turnover has %d parts, want revenue and PP&E", parts)
	}

	q = Analyze(`For the papers in Table 2, how many are not mentioned in Section 3.4 of "Parts and Features"?`, nil)
	if c := concept(q, "tabl 2"); c == nil || c.Constraint() {
		t.Errorf("locator Table 2: %+v (a locator places, it does not constrain)", c)
	}
	if c := concept(q, `"part and featur"`); c == nil || c.Kind != Quote {
		t.Errorf("quoted phrase: %v", names(q))
	}
	if q.Asked.Type != CountType {
		t.Error("how many is a count")
	}
}

func names(q *Query) []string {
	var out []string
	for _, c := range q.Concepts {
		out = append(out, c.Name)
	}
	return out
}

func TestMatch(t *testing.T) {
	q := Analyze("What was Acme's refund window in 2023?", nil)
	near := q.Match(NewText("In 2023 the Acme refund window was 30 days."), nil)
	far := q.Match(NewText("Refund requests are common. "+strings.Repeat("Filler words about nothing at all. ", 30)+
		"Acme was founded long ago. The window of the office faces 2023 street."), nil)
	if near.Window <= far.Window || near.BM25 <= 0 {
		t.Fatalf("window: near %.2f, far %.2f", near.Window, far.Window)
	}
	lacking := q.Match(NewText("The refund window was 30 days in 2023."), nil)
	if lacking.Constraints >= near.Constraints || near.Constraints != 1 {
		t.Fatalf("constraints: with the name %.2f, without %.2f", near.Constraints, lacking.Constraints)
	}
	// A name in the context (a title) places the text as well as one in its body.
	titled := q.Match(NewText("The refund window was 30 days in 2023.", "Acme annual report"), nil)
	if titled.Constraints != 1 {
		t.Fatalf("name in the title: constraints %.2f", titled.Constraints)
	}
	// An unknown word of a name neither helps nor blocks.
	q = Analyze("Who leads Acme Zzyzx?", nil)
	m := q.Match(NewText("Acme is led by Ada."), map[string]bool{"zzyzx": true})
	if m.Constraints != 1 {
		t.Fatalf("absent word blocked the name: %.2f", m.Constraints)
	}
}

func TestYearsIn(t *testing.T) {
	if got := YearsIn("JPMORGAN 2022Q2 10Q, FY23 and 1999"); !reflect.DeepEqual(got, []int{2023, 2022, 1999}) {
		t.Fatalf("YearsIn = %v", got)
	}
}

// TestNewTextParts pins that indexing pieces one by one is indexing their
// join: pieces ending or starting inside what would be one token
// ("1,23" then "4", "R&" then "D", a possessive) must still split at the
// line break.
func TestNewTextParts(t *testing.T) {
	pieces := []string{"Net sales were $1,23", "4 million; R&", "D rose 3.", "5% at 3M'", "s plant", "'s café Ünïcode",
		strings.Repeat("Operating income of the segment rose in fiscal 2022. ", 8), "", "PP&E"}
	q := Analyze("What were 3M's R&D and PP&E in fiscal 2022, and how did operating income of the segment change?", nil)
	for n := 1; n <= len(pieces); n++ {
		parts := pieces[:n]
		joined := NewText(strings.Join(parts, "\n"), "Annual report 2022", "Item 7")
		split := NewTextParts(parts, "Annual report 2022", "Item 7")
		if !reflect.DeepEqual(joined.body, split.body) || joined.numeric != split.numeric {
			t.Fatalf("%d pieces: joined %q (%d numbers), split %q (%d numbers)", n, joined.body, joined.numeric, split.body, split.numeric)
		}
		if a, b := q.Match(joined, nil), q.Match(split, nil); !reflect.DeepEqual(a, b) {
			t.Fatalf("%d pieces: features differ\njoined %+v\nsplit  %+v", n, a, b)
		}
	}
}

// TestTokenizeMatchesTokens pins the allocation-free tokenizer behind the
// cache to Tokens, cached words and first sightings alike.
func TestTokenizeMatchesTokens(t *testing.T) {
	s := "PP&E of 3M's R&D: $1,234.50 in FY2022, 36th Ave. and café; Revenues grew. REVENUES grew 12,345,678 units ok"
	for round := 0; round < 2; round++ {
		tk := tokenizeNow(s)
		toks := Tokens(s)
		if len(tk.stems) != len(toks) {
			t.Fatalf("round %d: %d stems, %d tokens", round, len(tk.stems), len(toks))
		}
		for i, x := range toks {
			if tk.stems[i] != x.Stem || int(tk.starts[i]) != x.Start || int(tk.ends[i]) != x.End {
				t.Fatalf("round %d token %d: %q [%d,%d), Tokens says %q [%d,%d)", round, i, tk.stems[i], tk.starts[i], tk.ends[i], x.Stem, x.Start, x.End)
			}
		}
	}
}

// TestTokenizeConcurrent tokenizes the same new words from several
// goroutines at once: each must see the stems Tokens gives (run with -race
// to check the stem cache's locking).
func TestTokenizeConcurrent(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 400; i++ {
		b.WriteString("concurrentlyprocessed" + strings.Repeat("x", i%7) + "ings ")
	}
	s := b.String()
	var want []string // stemmed without the cache, so the goroutines meet new words
	for _, w := range strings.Fields(s) {
		want = append(want, Stem(w))
	}
	errs := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			got := tokenizeNow(s).stems
			if !reflect.DeepEqual(got, want) {
				errs <- fmt.Errorf("stems differ: %q…", got[:3])
				return
			}
			errs <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// TestPeriodWords: the words that only say what kind of period a year is
// ("fiscal year ending") are not topics of the question; a month and day
// stay, and the same words away from a year are topics as usual.
func TestPeriodWords(t *testing.T) {
	names := func(q *Query) map[string]bool {
		m := map[string]bool{}
		for _, c := range q.Concepts {
			m[c.Name] = true
		}
		return m
	}
	got := names(Analyze("What goodwill does Best Buy have for the fiscal year ending January 28, 2023?", nil))
	for _, want := range []string{"goodwil", "2023", "januari 28"} {
		if !got[want] {
			t.Errorf("concept %q missing: %v", want, got)
		}
	}
	for _, not := range []string{"fiscal", "year", "end"} {
		if got[not] {
			t.Errorf("period word %q kept as a topic: %v", not, got)
		}
	}
	got = names(Analyze("In which quarter of 2022 did revenue peak, and how many years did the fiscal plan last?", nil))
	if got["quarter"] || !got["year"] || !got["fiscal"] {
		t.Errorf("period words near and away from a year: %v", got)
	}
}

// TestNameWordWeights: text holding only the common word of a two-word
// name ("general" of "General Mills") gets little of the name's credit;
// text holding its rare word gets most of it.
func TestNameWordWeights(t *testing.T) {
	q := Analyze("What were General Mills' inventories?", map[string]float64{"gener": 0.2, "mill": 3.5, "gener mill": 3.5})
	name := conceptIndex(t, q, "gener mill")
	common := q.Match(NewText("General and administrative expenses rose."), nil).Concepts[name].Body
	rare := q.Match(NewText("The mills ran at capacity."), nil).Concepts[name].Body
	if common > 0.1 || rare < 0.7 {
		t.Errorf("credit for the common word %.2f, for the rare word %.2f", common, rare)
	}
}

// TestMatchWordKin: a question's word met only by another form of its
// family ("employed" for "employees", "planned" for "planning") counts,
// for less than the word itself; a name is matched as written.
func TestMatchWordKin(t *testing.T) {
	q := Analyze("How many employees work in the plants?", nil)
	own := q.Match(NewText("The Company had 92,000 employees in its plants."), nil)
	kin := q.Match(NewText("The Company employed approximately 92,000 people in its plants."), nil)
	none := q.Match(NewText("The Company sold approximately 92,000 units from its plants."), nil)
	ci := -1
	for i, c := range q.Concepts {
		if c.Name == "employe" {
			ci = i
		}
	}
	if ci < 0 {
		t.Fatalf("no concept for employees in %v", names(q))
	}
	if got := kin.Concepts[ci].Body; got != kinCredit {
		t.Errorf("employed for employees: body credit %v, want %v", got, kinCredit)
	}
	if own.Concepts[ci].Body != 1 || none.Concepts[ci].Body != 0 {
		t.Errorf("credits: own %v, none %v", own.Concepts[ci].Body, none.Concepts[ci].Body)
	}
	if !(own.Relevance() > kin.Relevance() && kin.Relevance() > none.Relevance()) {
		t.Errorf("relevance own %.3f, kin %.3f, none %.3f: want own > kin > none", own.Relevance(), kin.Relevance(), none.Relevance())
	}

	// A capitalised word in the text is a name's (or opens a sentence):
	// "Trust" of a bank's name is no kin of "trustee".
	q = Analyze("Who is the trustee of the indenture?", nil)
	bank := q.Match(NewText("The indenture was made with Deutsche Bank Trust Company Americas."), nil)
	as := q.Match(NewText("The indenture names the bank as trustee."), nil)
	if c := concept(q, "truste"); c == nil {
		t.Fatalf("no concept for trustee in %v", names(q))
	}
	for i, c := range q.Concepts {
		if c.Name == "truste" && (bank.Concepts[i].Body != 0 || as.Concepts[i].Body != 1) {
			t.Errorf("trustee: met %v by a bank's name, %v by the word", bank.Concepts[i].Body, as.Concepts[i].Body)
		}
	}
	lower := q.Match(NewText("The indenture puts the funds in trust."), nil)
	for i, c := range q.Concepts {
		if c.Name == "truste" && lower.Concepts[i].Body != kinCredit {
			t.Errorf("trustee met by a lower-case trust: %v, want %v", lower.Concepts[i].Body, kinCredit)
		}
	}

	// A name has no kin: "Payee" is not "pay".
	q = Analyze("Where is Payee based?", nil)
	m := q.Match(NewText("Their pay is based on results."), nil)
	if c := concept(q, "paye"); c == nil || c.Kind != Entity {
		t.Fatalf("Payee is no name in %v", names(q))
	}
	for i, c := range q.Concepts {
		if c.Kind == Entity && m.Concepts[i].Body != 0 {
			t.Errorf("name %q met by %v", c.Name, m.Concepts[i])
		}
	}
}

// TestGlossaryAbbreviations: the bundled abbreviations the answerer reads
// route too — "CTO" meets "Chief Technology Officer" — but a two-letter
// one, a word as often ("US"), does not.
func TestGlossaryAbbreviations(t *testing.T) {
	q := Analyze("Who is the CTO of Acme?", nil)
	m := q.Match(NewText("Jane Roe serves as Chief Technology Officer of Acme."), nil)
	c := concept(q, "cto")
	if c == nil {
		t.Fatalf("no concept cto in %v", names(q))
	}
	for i := range q.Concepts {
		if &q.Concepts[i] == c && m.Concepts[i].Body == 0 {
			t.Errorf("CTO not met by Chief Technology Officer: %+v", m.Concepts[i])
		}
	}
	if _, ok := gloss.syn["us"]; ok {
		t.Errorf("two-letter abbreviation US joined the glossary")
	}
	if _, ok := gloss.syn["fy"]; ok {
		t.Errorf("FY joined the glossary: periods are read by Analyze")
	}
}

func TestEquivalents(t *testing.T) {
	got := strings.Join(Equivalents("Net Sales (Millions)"), " ")
	if !strings.Contains(got, "revenue") || strings.Contains(got, "millions") {
		t.Fatalf("Equivalents(Net Sales (Millions)) = %q", got)
	}
	if got := Equivalents("Health Care"); len(got) != 0 {
		t.Fatalf("Equivalents(Health Care) = %q, want none", got)
	}
}

// conceptIndex returns the index of q's concept named name, failing the
// test when it has none.
func conceptIndex(t *testing.T, q *Query, name string) int {
	t.Helper()
	for i, c := range q.Concepts {
		if c.Name == name {
			return i
		}
	}
	t.Fatalf("%q: no concept %q among %+v", q.Text, name, q.Concepts)
	return -1
}
