package check

import (
	"reflect"
	"strings"
	"testing"

	"archivist/app"
)

func norms(toks []token) string {
	var out []string
	for _, t := range toks {
		out = append(out, t.Norm)
	}
	return strings.Join(out, " ")
}

func TestTokenize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"“The Company’s fee”", "the companys fee"},
		{"compen-\nsation is long-term", "compensation is longterm"},
		{"pre- and post-closing", "pre and postclosing"},
		{"$1,250.50 and 3.2 million.", "1250.50 and 3.2 million"},
		{"Model 737–\n9 airplanes", "model 7379 airplanes"},
		{"the ﬁnal ﬂight", "the final flight"},
		{"soft\u00adhyphen", "softhyphen"},
		{"don't", "dont"},
	} {
		if got := norms(tokenize(c.in)); got != c.want {
			t.Errorf("tokenize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Offsets give the words as written.
	text := "compen-\nsation"
	tok := tokenize(text)[0]
	if text[tok.Start:tok.End] != text {
		t.Errorf("a word joined across a line spans %q", text[tok.Start:tok.End])
	}
}

func TestQuoteWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // words, "…" before a word after a gap
	}{
		{"[t]he Company shall pay", "the company shall pay"},
		{"agree[d] to pay", "agreed to pay"},
		{"shall … not less than . . . days", "shall …not less than …days"},
		{"the fee [sic] is due", "the fee is due"},
		{"[The Seller] shall deliver", "…shall deliver"},
		{"pay [...] the balance", "pay …the balance"},
		{"pay […] the balance", "pay …the balance"},
	} {
		words, _ := quoteWords(c.in)
		var got []string
		for _, w := range words {
			s := w.Norm
			if w.Gap {
				s = "…" + s
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("quoteWords(%q) = %q, want %q", c.in, strings.Join(got, " "), c.want)
		}
	}
}

func sourceOf(text string) []stoken {
	var out []stoken
	for _, t := range tokenize(text) {
		out = append(out, stoken{token: t})
	}
	return out
}

func TestAlign(t *testing.T) {
	src := sourceOf("Section 4. The Seller shall not deliver the goods later than thirty days after the order, and the Buyer shall pay within ten days.")
	for _, c := range []struct {
		quote         string
		cost, matched int
	}{
		{"the Seller shall not deliver the goods", 0, 7},
		{"shall not deliver … within ten days", 0, 6},
		{"the Seller shall deliver the goods", 1, 6},
		{"later than sixty days after the order", 1, 6},
		{"the Buyer shall pay within ten days", 0, 7},
	} {
		words, _ := quoteWords(c.quote)
		as := align(words, src, 4)
		if len(as) == 0 {
			t.Errorf("%q: no alignment", c.quote)
			continue
		}
		if as[0].Cost != c.cost || as[0].Matched != c.matched {
			t.Errorf("%q: cost %d matched %d, want %d and %d", c.quote, as[0].Cost, as[0].Matched, c.cost, c.matched)
		}
	}
	// Two places hold the same words: both are returned, in order.
	words, _ := quoteWords("shall pay")
	if as := align(words, sourceOf("he shall pay; she shall pay"), 4); len(as) != 2 || as[0].First != 1 || as[1].First != 4 {
		t.Errorf("two places: %+v", as)
	}
}

func TestDiffCallsOutFirst(t *testing.T) {
	src := sourceOf("the Seller shall not deliver more than 30 units to Acme")
	s := &stream{blocks: []app.Block{{Text: "the Seller shall not deliver more than 30 units to Acme"}}, toks: src}
	words, clean := quoteWords("the Seller shall deliver more than 60 units to Zenith")
	as := align(words, src, 1)
	ops := diff(words, clean, s, as[0])
	is := issues(ops)
	if len(is) != 3 || !strings.HasPrefix(is[0], `dropped "not"`) || !strings.HasPrefix(is[1], "figure changed") ||
		!strings.HasPrefix(is[2], "name changed") {
		t.Fatalf("issues %q (diff %+v)", is, ops)
	}
	// The first word of a quotation is capitalised as a sentence's, not
	// as a name.
	words, clean = quoteWords("This Seller shall not deliver")
	as = align(words, src, 1)
	if is := issues(diff(words, clean, s, as[0])); len(is) != 1 || !strings.HasPrefix(is[0], "words changed") {
		t.Fatalf("issues %q", is)
	}
}

func TestParseCite(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Pincite
	}{
		{" (p. 12).", Pincite{Text: "p. 12", From: 12, To: 12}},
		{", pp. 12–14.", Pincite{Text: "pp. 12–14", From: 12, To: 14}},
		{" (Ex. 4 at 12)", Pincite{Text: "Ex. 4 at 12", From: 12, To: 12, Exhibit: "4"}},
		{" (Smith Decl. ¶ 4)", Pincite{Text: "Smith Decl. ¶ 4", Para: 4, Name: "Smith Decl."}},
		{" Annual Report at 7.", Pincite{Text: "Annual Report at 7", From: 7, To: 7, Name: "Annual Report"}},
		{" (see Annual Report, page 9)", Pincite{Text: "Annual Report, page 9", From: 9, To: 9, Name: "Annual Report"}},
		{" Id. at 5.", Pincite{Text: "Id. at 5", From: 5, To: 5, Same: true}},
		{" was examined (p. 2).", Pincite{Text: "p. 2", From: 2, To: 2}},
	} {
		got, ok := parseCite(citeRegion(c.in))
		if !ok {
			t.Errorf("%q: no pincite", c.in)
			continue
		}
		if !reflect.DeepEqual(got.Pincite, c.want) {
			t.Errorf("%q: %+v, want %+v", c.in, got.Pincite, c.want)
		}
	}
	if _, ok := parseCite(" and the rest of the sentence."); ok {
		t.Error("a pincite in plain prose")
	}
}

func TestQuotations(t *testing.T) {
	p := &app.Parsed{Blocks: []app.Block{
		{Kind: app.BlockHeading, Text: "A “heading quote of words”"},
		{Kind: app.BlockParagraph, Text: "The term \"Agreement\" means it. He wrote \"the Seller shall deliver the goods\" (Contract at 3), and “no later than thirty days” Id. at 4.", LineStart: 3, LineEnd: 3},
		{Kind: app.BlockQuote, Text: "The Buyer shall pay the price"},
		{Kind: app.BlockQuote, Text: "within ten days of delivery."},
		{Kind: app.BlockParagraph, Text: "(Contract ¶ 7.)"},
		{Kind: app.BlockParagraph, Text: "The Buyer’s duty: ‘the Buyer’s payment is due on delivery’ (p. 2)."},
	}}
	qs := Quotations(p)
	if len(qs) != 4 {
		t.Fatalf("%d quotations: %+v", len(qs), qs)
	}
	if qs[0].Text != "the Seller shall deliver the goods" || qs[0].Cite.From != 3 || qs[0].Cite.Name != "Contract" || qs[0].Line != 3 {
		t.Errorf("first: %+v", qs[0])
	}
	if qs[1].Cite.From != 4 || !qs[1].Cite.Same || qs[1].Cite.Name != "Contract" {
		t.Errorf("Id. takes the name before: %+v", qs[1])
	}
	if !qs[2].Block || qs[2].Text != "The Buyer shall pay the price\nwithin ten days of delivery." || qs[2].Cite.Para != 7 {
		t.Errorf("block quotation: %+v", qs[2])
	}
	if qs[3].Text != "the Buyer’s payment is due on delivery" || qs[3].Cite.From != 2 {
		t.Errorf("single quote marks: %+v", qs[3])
	}
}
