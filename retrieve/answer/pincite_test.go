package answer_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

// pdfEvidence is one PDF source: block b0 on page 2 holds two lines, each
// word with its box, and block b1 on page 3 is a table.
func pdfEvidence() *app.Evidence {
	para := "The archive holds 1,204 letters from the 1920s.\nMost were written by merchants in Lisbon."
	table := "Decade | Letters | Senders\n1920s | 1,204 | 311\n1930s | 2,877 | 540"
	b0 := app.Block{ID: "b0", SectionID: "s", Kind: app.BlockParagraph, Text: para, Page: 2, Words: boxes(para, 0.1)}
	b1 := app.Block{ID: "b1", SectionID: "s", Kind: app.BlockTable, Text: table, Page: 3, Words: boxes(table, 0.5)}
	text := para + app.PassageSeparator + table
	w := app.Window{Text: text, Section: "Holdings", PageStart: 2, PageEnd: 3,
		Spans: []app.Span{{BlockID: "b0", Start: 0, End: len(para)}, {BlockID: "b1", Start: 0, End: len(table)}}}
	return &app.Evidence{
		Question: app.Question{Text: "How many letters?"},
		Blocks:   map[string]app.Block{"b0": b0, "b1": b1},
		Sections: map[string]string{"s": "Holdings"},
		Sources:  []app.Source{{N: 1, DocumentID: "pdf", Title: "Letters", Format: app.FormatPDF, Windows: []app.Window{w}, Text: text}},
	}
}

// boxes gives each word of text a box: one row of boxes per line, from y0.
func boxes(text string, y0 float64) []app.WordBox {
	var out []app.WordBox
	line, x := 0, 0.05
	start := -1
	for i := 0; i <= len(text); i++ {
		if i == len(text) || text[i] == ' ' || text[i] == '\n' {
			if start >= 0 {
				y := y0 + 0.03*float64(line)
				out = append(out, app.WordBox{Start: start, End: i, X0: x, Y0: y, X1: x + 0.05, Y1: y + 0.02})
				x += 0.06
				start = -1
			}
			if i < len(text) && text[i] == '\n' {
				line, x = line+1, 0.05
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

func reply(t *testing.T, content string, sources int) *answer.Reply {
	t.Helper()
	r, err := answer.ParseReply([]byte(content), sources)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fixedPicker returns the same pick for every claim and counts its calls.
type fixedPicker struct {
	pick   answer.Pick
	calls  int
	claims []answer.Claim
	err    error
}

func (p *fixedPicker) Pick(_ context.Context, claims []answer.Claim) ([]answer.Pick, error) {
	p.calls++
	p.claims = claims
	out := make([]answer.Pick, len(claims))
	for i := range out {
		out[i] = p.pick
	}
	return out, p.err
}

func TestPincite(t *testing.T) {
	ctx := context.Background()
	t.Run("LineLevelWithRectsOnPDF", func(t *testing.T) {
		ev := pdfEvidence()
		cits, err := answer.Pincite(ctx, ev, reply(t, `{"answer":"The archive has 1,204 letters from the 1920s [1].","sufficient":true,"citations":[1]}`, 1), answer.LexicalPicker{})
		if err != nil {
			t.Fatal(err)
		}
		c := cits[0]
		b := ev.Blocks["b0"]
		want := b.QuoteRects(0, strings.Index(b.Text, "\n"))
		if c.Quote != "The archive holds 1,204 letters from the 1920s." || c.Precision != "line" || c.PageStart != 2 || !reflect.DeepEqual(c.Rects, want) || len(c.Rects) != 1 {
			t.Fatalf("citation = %+v, want rects %+v", c, want)
		}
	})
	t.Run("TableRowIsACandidate", func(t *testing.T) {
		ev := pdfEvidence()
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"In the 1930s there were 2,877 letters from 540 senders [1].","sufficient":true,"citations":[1]}`, 1), answer.LexicalPicker{})
		if c := cits[0]; c.Quote != "1930s | 2,877 | 540" || c.PageStart != 3 || len(c.Rects) != 1 || c.Blocks[0] != "b1" {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("LowConfidenceFallsBackToPage", func(t *testing.T) {
		ev := pdfEvidence()
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"Correspondence volume grew sharply between the wars, merchants say [1].","sufficient":true,"citations":[1]}`, 1), answer.LexicalPicker{})
		if c := cits[0]; c.Precision != "page" || c.Quote != "" || len(c.Rects) != 0 || c.Rects == nil || c.PageStart == 0 || c.N != 1 || c.DocumentID != "pdf" {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("LowConfidenceFallsBackToSectionForText", func(t *testing.T) {
		ev := twoSources()
		p := &fixedPicker{pick: answer.Pick{Quote: "The permit costs 40 euros per application.", Confidence: 0.34}}
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"It costs 40 euros [1].","sufficient":true,"citations":[1]}`, 2), p)
		if c := cits[0]; c.Precision != "section" || c.Quote != "" || c.Section != "Fees" || len(c.Rects) != 0 || c.LineStart != 0 {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("OneBatchedPickerCallForAllClaims", func(t *testing.T) {
		ev := twoSources()
		p := &fixedPicker{}
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"The permit costs 40 euros [1]. Applications close on 1 May 2024 [2]. Late ones are refused [2].","sufficient":true,"citations":[1,2]}`, 2), p)
		if p.calls != 1 || len(p.claims) != 3 || len(cits) != 3 {
			t.Fatalf("%d picker calls with %d claims, %d citations", p.calls, len(p.claims), len(cits))
		}
		if p.claims[1].Text != "Applications close on 1 May 2024." || p.claims[1].N != 2 {
			t.Fatalf("claim = %+v", p.claims[1])
		}
	})
	t.Run("KthMarkerIsKthCitationOfItsSource", func(t *testing.T) {
		ev := twoSources()
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"Applications close on 1 May 2024 [2]. The permit costs 40 euros [1]. Late applications are refused [2].","sufficient":true,"citations":[1,2]}`, 2), answer.LexicalPicker{})
		var got []string
		for _, c := range cits {
			got = append(got, fmt.Sprintf("%d:%s", c.N, c.Quote))
		}
		want := []string{"2:The deadline for applications is 1 May 2024.", "1:The permit costs 40 euros per application.", "2:Late applications are refused."}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("citations = %q\nwant %q", got, want)
		}
	})
	t.Run("MarkerAfterFullStopBelongsToItsSentence", func(t *testing.T) {
		ev := twoSources()
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"Late applications are refused. [2]","sufficient":true,"citations":[2]}`, 2), answer.LexicalPicker{})
		if cits[0].Quote != "Late applications are refused." {
			t.Fatalf("citation = %+v", cits[0])
		}
	})
	t.Run("ShortlistHoldsAtMostTenBestFirst", func(t *testing.T) {
		var sentences []string
		for i := 0; i < 30; i++ {
			sentences = append(sentences, fmt.Sprintf("Shipment %d carried wool.", i))
		}
		sentences = append(sentences, "Shipment 99 carried wool and wine to Porto.")
		ev := evidence("q", []string{"wool"}, strings.Join(sentences, " "))
		p := &fixedPicker{}
		answer.Pincite(ctx, ev, reply(t, `{"answer":"A shipment carried wool and wine to Porto [1].","sufficient":true,"citations":[1]}`, 1), p)
		c := p.claims[0].Candidates
		if len(c) != answer.ShortlistSize || c[0].Text != "Shipment 99 carried wool and wine to Porto." || c[0].Overlap != 1 {
			t.Fatalf("%d candidates, first %+v", len(c), c[0])
		}
		for i := 1; i < len(c); i++ {
			if c[i].Overlap > c[i-1].Overlap {
				t.Fatal("shortlist not ordered by overlap")
			}
		}
	})
	t.Run("FuzzyQuoteHighlightsTheBlockText", func(t *testing.T) {
		ev := twoSources()
		// One word of eight changed: 7/8 overlap, so the source sentence is found.
		p := &fixedPicker{pick: answer.Pick{Quote: "The deadline for applications is 2 May 2024.", Confidence: 0.9}}
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"Applications close in May [2].","sufficient":true,"citations":[2]}`, 2), p)
		if c := cits[0]; c.Quote != "The deadline for applications is 1 May 2024." || c.Precision != "line" {
			t.Fatalf("citation = %+v", c)
		}
		// Half the words changed: not found, no quote.
		p.pick.Quote = "The cutoff for permits is 2 June 2024."
		cits, _ = answer.Pincite(ctx, ev, reply(t, `{"answer":"Applications close in May [2].","sufficient":true,"citations":[2]}`, 2), p)
		if c := cits[0]; c.Quote != "" || c.Precision != "section" {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("ShortQuotesMustMatchExactly", func(t *testing.T) {
		ev := twoSources()
		p := &fixedPicker{pick: answer.Pick{Quote: "40 euro", Confidence: 1}}
		r := reply(t, `{"answer":"It costs 40 euros [1].","sufficient":true,"citations":[1]}`, 2)
		if cits, _ := answer.Pincite(ctx, ev, r, p); cits[0].Quote != "" {
			t.Fatalf("inexact short quote accepted: %+v", cits[0])
		}
		p.pick.Quote = "40  euros" // whitespace differs only
		if cits, _ := answer.Pincite(ctx, ev, r, p); cits[0].Quote != "40 euros" || cits[0].Precision != "line" {
			t.Fatalf("exact short quote: %+v", cits[0])
		}
		p.pick.Quote = "cost" // inside "costs": not a whole word
		if cits, _ := answer.Pincite(ctx, ev, r, p); cits[0].Quote != "" {
			t.Fatalf("part of a word accepted: %+v", cits[0])
		}
	})
	t.Run("QuoteFromAnotherSourceIsNotUsed", func(t *testing.T) {
		ev := twoSources()
		p := &fixedPicker{pick: answer.Pick{Quote: "The deadline for applications is 1 May 2024.", Confidence: 1}}
		cits, _ := answer.Pincite(ctx, ev, reply(t, `{"answer":"It costs 40 euros [1].","sufficient":true,"citations":[1]}`, 2), p)
		if c := cits[0]; c.Quote != "" || c.DocumentID != "d1" {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("FailingPickerFallsBackToLexical", func(t *testing.T) {
		ev := twoSources()
		p := &fixedPicker{err: errors.New("judge down")}
		cits, err := answer.Pincite(ctx, ev, reply(t, `{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`, 2), p)
		if err != nil || cits[0].Quote != "The permit costs 40 euros per application." {
			t.Fatalf("citation = %+v, %v", cits, err)
		}
	})
}

// inventingPicker is a hostile picker: it returns the model's own claim as
// the quote, or a candidate with words swapped in, always fully confident.
type inventingPicker struct{ r *rand.Rand }

func (p inventingPicker) Pick(_ context.Context, claims []answer.Claim) ([]answer.Pick, error) {
	out := make([]answer.Pick, len(claims))
	for i, c := range claims {
		q := c.Text
		if len(c.Candidates) > 0 && p.r.Intn(2) == 0 {
			words := strings.Fields(c.Candidates[p.r.Intn(len(c.Candidates))].Text)
			words[p.r.Intn(len(words))] = "INVENTED"
			q = strings.Join(words, " ")
		}
		out[i] = answer.Pick{Quote: q, Confidence: 1}
	}
	return out, nil
}

// TestInventedTextNeverHighlighted feeds answers that mix source words with
// invented ones, through the lexical and a hostile picker, and checks the
// promise of the design: a quote and its rectangles are always the cited
// block's own text, so a claim the model made up never becomes a highlight.
func TestInventedTextNeverHighlighted(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	ctx := context.Background()
	vocab := strings.Fields("archive letters merchants Lisbon 1920s 1,204 ships wool wine Porto customs duty paid. records show. the of")
	invented := strings.Fields("dragons moonlight treasury INVENTED zeppelin 9,999 forged")
	for trial := 0; trial < 300; trial++ {
		ev := pdfEvidence()
		if trial%2 == 1 {
			ev = twoSources()
		}
		var sb strings.Builder
		for s := 0; s < 1+r.Intn(4); s++ {
			for w := 0; w < 3+r.Intn(12); w++ {
				if r.Intn(3) == 0 {
					sb.WriteString(invented[r.Intn(len(invented))])
				} else {
					sb.WriteString(vocab[r.Intn(len(vocab))])
				}
				sb.WriteString(" ")
			}
			fmt.Fprintf(&sb, "[%d]. ", 1+r.Intn(len(ev.Sources)))
		}
		rep, err := answer.ParseReply([]byte(fmt.Sprintf(`{"answer":%q,"sufficient":true,"citations":[]}`, sb.String())), len(ev.Sources))
		if err != nil {
			t.Fatal(err)
		}
		for _, picker := range []answer.Picker{answer.LexicalPicker{}, inventingPicker{r}} {
			cits, err := answer.Pincite(ctx, ev, rep, picker)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cits {
				if c.Quote == "" {
					if len(c.Rects) != 0 || c.Precision == "line" {
						t.Fatalf("trial %d: a citation without a quote highlights: %+v", trial, c)
					}
					continue
				}
				if strings.Contains(c.Quote, "INVENTED") {
					t.Fatalf("trial %d: invented text became a quote: %q", trial, c.Quote)
				}
				b := ev.Blocks[c.Blocks[0]]
				i := strings.Index(b.Text, c.Quote)
				if i < 0 {
					t.Fatalf("trial %d: quote %q is not text of block %q", trial, c.Quote, b.Text)
				}
				if want := b.QuoteRects(i, i+len(c.Quote)); !reflect.DeepEqual(c.Rects, append([]app.Rect{}, want...)) {
					t.Fatalf("trial %d: rects %+v are not the quote's %+v", trial, c.Rects, want)
				}
				for _, w := range invented {
					if strings.Contains(c.Quote, w) && !strings.Contains(b.Text, w) {
						t.Fatalf("trial %d: invented word %q highlighted", trial, w)
					}
				}
			}
		}
	}
}
