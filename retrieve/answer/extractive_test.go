package answer_test

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
)

func TestSentences(t *testing.T) {
	text := "Dr. Smith arrived at 9 a.m. on Monday. He left, e.g. by train! Did he?\nYes.\n\nNew block here."
	var got []string
	for _, s := range answer.Sentences(text) {
		got = append(got, text[s[0]:s[1]])
	}
	want := []string{"Dr. Smith arrived at 9 a.m. on Monday.", " He left, e.g. by train!", " Did he?", "\nYes.", "New block here."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Sentences =\n%q\nwant\n%q", got, want)
	}
}

func TestDerivedFormsMeetTheirBase(t *testing.T) {
	ev := evidence("how deep is the channel", []string{"deep", "channel"}, "The channel will be deepened to 11 metres.")
	ans, _ := answer.Extractive{}.Answer(context.Background(), ev)
	if !ans.Sufficient {
		t.Fatalf("\"deepened\" did not answer \"deep\": %+v", ans)
	}
}

func TestStem(t *testing.T) {
	for in, want := range map[string]string{
		"refunds": "refund", "refunded": "refund", "refunding": "refund", "refund": "refund",
		"policies": "policy", "rates": "rat", "rate": "rat", "boxes": "box", "taxes": "tax",
	} {
		if got := answer.Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
}

// evidence builds evidence of one source whose window covers the blocks.
func evidence(question string, terms []string, blocks ...string) *app.Evidence {
	ev := &app.Evidence{Question: app.Question{Text: question}, Terms: terms, Blocks: map[string]app.Block{}, Sections: map[string]string{"s": "Intro"}}
	w := app.Window{}
	var texts []string
	line := 1
	for i, text := range blocks {
		id := fmt.Sprintf("b%d", i)
		ev.Blocks[id] = app.Block{ID: id, SectionID: "s", Kind: app.BlockParagraph, Text: text, LineStart: line}
		line += strings.Count(text, "\n") + 2
		w.Spans = append(w.Spans, app.Span{BlockID: id, Start: 0, End: len(text)})
		texts = append(texts, text)
	}
	w.Text = strings.Join(texts, app.PassageSeparator)
	ev.Sources = []app.Source{{N: 1, DocumentID: "d", Title: "Doc", Windows: []app.Window{w}, Text: w.Text}}
	return ev
}

func TestExtractive(t *testing.T) {
	ctx := context.Background()
	t.Run("CitesLineOfQuote", func(t *testing.T) {
		ev := evidence("when is the deadline", []string{"deadline"},
			"Intro text that is long enough.", "The form is short.\nThe deadline is 1 May.\nLate forms are refused.")
		ans, err := answer.Extractive{}.Answer(ctx, ev)
		if err != nil {
			t.Fatal(err)
		}
		if !ans.Sufficient || len(ans.Citations) != 1 {
			t.Fatalf("answer = %+v", ans)
		}
		c := ans.Citations[0]
		if c.Quote != "The deadline is 1 May." || c.LineStart != 4 || c.LineEnd != 4 || c.Blocks[0] != "b1" || c.Section != "Intro" {
			t.Fatalf("citation = %+v", c)
		}
	})
	t.Run("NoEvidenceNoClaim", func(t *testing.T) {
		ans, err := answer.Extractive{}.Answer(ctx, &app.Evidence{Terms: []string{"x"}})
		if err != nil || ans.Sufficient || ans.Answer != app.InsufficientEvidence || ans.Citations == nil || len(ans.Citations) != 0 {
			t.Fatalf("answer = %+v, %v", ans, err)
		}
	})
	t.Run("WeakMatchIsInsufficient", func(t *testing.T) {
		ev := evidence("what is the boiling point of mercury in kelvin", []string{"boiling", "point", "mercury", "kelvin"},
			"The meeting point is the north gate of the park.")
		ans, _ := answer.Extractive{}.Answer(ctx, ev)
		if ans.Sufficient {
			t.Fatalf("a sentence matching one common term was taken as an answer: %+v", ans)
		}
	})
}

// TestQuotesAreAlwaysSourceText feeds random evidence and checks the one
// promise that matters: every quote is verbatim text of the block it cites.
func TestQuotesAreAlwaysSourceText(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	vocab := strings.Fields("alpha beta gamma delta. epsilon! zeta? eta theta\n iota kappa e.g. Dr. lambda mu")
	for trial := 0; trial < 300; trial++ {
		var blocks []string
		for b := 0; b < 1+r.Intn(4); b++ {
			var sb strings.Builder
			for w := 0; w < 3+r.Intn(40); w++ {
				sb.WriteString(vocab[r.Intn(len(vocab))])
				sb.WriteString([]string{" ", " ", "\n"}[r.Intn(3)])
			}
			blocks = append(blocks, strings.TrimSpace(sb.String()))
		}
		terms := []string{vocab[r.Intn(len(vocab))], vocab[r.Intn(len(vocab))]}
		for i := range terms {
			terms[i] = strings.Trim(terms[i], ".!?\n ")
		}
		ev := evidence(strings.Join(terms, " "), terms, blocks...)
		ans, err := answer.Extractive{}.Answer(context.Background(), ev)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range ans.Citations {
			b := ev.Blocks[c.Blocks[0]]
			if c.Quote == "" || !strings.Contains(b.Text, c.Quote) {
				t.Fatalf("trial %d: quote %q is not text of block %q", trial, c.Quote, b.Text)
			}
			i := strings.Index(b.Text, c.Quote)
			first, last := b.LinesOf(i, i+len(c.Quote))
			if c.LineStart != first || c.LineEnd != last {
				t.Fatalf("trial %d: lines %d–%d, want %d–%d", trial, c.LineStart, c.LineEnd, first, last)
			}
		}
	}
}

// TestTableRowsAreQuotedOneByOne: in a table the row that answers is the
// quote, not the whole table.
func TestTableRowsAreQuotedOneByOne(t *testing.T) {
	ev := evidence("what were net sales in 2022", []string{"net", "sales", "2022"},
		"Year | 2022 | 2021\nNet sales | 34,229 | 35,355\nOperating income | 6,539 | 7,369")
	for id, b := range ev.Blocks {
		b.Kind = app.BlockTable
		ev.Blocks[id] = b
	}
	ans, err := answer.Extractive{}.Answer(context.Background(), ev)
	if err != nil || !ans.Sufficient {
		t.Fatalf("answer = %+v, %v", ans, err)
	}
	if q := ans.Citations[0].Quote; q != "Net sales | 34,229 | 35,355" {
		t.Fatalf("quote = %q, want the one row", q)
	}
}
