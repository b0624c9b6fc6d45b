package check

import (
	"math/rand"
	"strings"
	"testing"

	"archivist/app"
)

// FuzzQuotations: any paragraph text reads without a panic; every
// quotation is text of the paragraph, and its words align against the
// paragraph itself at no cost.
func FuzzQuotations(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(quotationsHold)
}

// TestQuotationsRandom runs FuzzQuotations' check over random texts of the
// characters drafts quote with, without the fuzzer's instrumented build.
func TestQuotationsRandom(t *testing.T) {
	r := rand.New(rand.NewSource(36))
	pieces := []string{"“", "”", "\"", "‘", "’", "[", "]", "…", "...", ". . .", "(", ")", " p. ", " at ", "¶ ", "Ex. ",
		"4", "12", "–", "-", "\n", " ", "the", "Seller", "shall", "not", "pay", "Id.", "sic", "ﬁ", "\u00ad", "é"}
	for range 20000 {
		var b strings.Builder
		for n := r.Intn(40); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		quotationsHold(t, b.String())
	}
}

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		`He wrote "the Seller shall deliver" (p. 3).`,
		"“[t]he Company … shall not [sic] pay” Id. at 4–5.",
		"‘unclosed quote and an apostrophe’s end",
		`"" “” ‘’ [ ] … . . . ¶ ¶¶ 4 Ex. A at`,
		"(Smith Decl. ¶ 12) “x y z” see Annual Report, pp. 9—7",
	} {
		f.Add(s)
	}
}

// quotationsHold checks one paragraph text.
func quotationsHold(t *testing.T, text string) {
	p := &app.Parsed{Blocks: []app.Block{{Kind: app.BlockParagraph, Text: text}, {Kind: app.BlockQuote, Text: text}}}
	for _, q := range Quotations(p) {
		if !q.Block && !strings.Contains(text, q.Text) {
			t.Fatalf("quotation %q is not text of %q", q.Text, text)
		}
		words, clean := quoteWords(q.Text)
		for _, w := range words {
			if w.Start < 0 || w.End > len(clean) || w.Start >= w.End {
				t.Fatalf("word %+v outside %q", w, clean)
			}
		}
		src := sourceOf(clean)
		if as := align(words, src, 2); len(words) > 0 && (len(as) == 0 || as[0].Cost != 0) {
			t.Fatalf("%q against its own words: %+v", q.Text, as)
		}
	}
}
