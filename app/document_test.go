package app

import (
	"reflect"
	"strings"
	"testing"
)

func TestLinesOf(t *testing.T) {
	b := Block{Text: "one two\nthree four\nfive", LineStart: 10}
	for _, c := range []struct{ start, end, first, last int }{
		{0, 3, 10, 10},
		{4, 13, 10, 11},
		{8, 18, 11, 11},
		{8, 19, 11, 11}, // a quote ending on the line break stays on its line
		{19, 23, 12, 12},
	} {
		if first, last := b.LinesOf(c.start, c.end); first != c.first || last != c.last {
			t.Errorf("LinesOf(%d, %d) = %d–%d, want %d–%d", c.start, c.end, first, last, c.first, c.last)
		}
	}
	if first, last := (&Block{Text: "x"}).LinesOf(0, 1); first != 0 || last != 0 {
		t.Errorf("block without lines gave %d–%d", first, last)
	}
}

func TestQuoteRects(t *testing.T) {
	// "alpha beta\ngamma delta": two lines, two words each.
	b := Block{Page: 3, Text: "alpha beta\ngamma delta", Words: []WordBox{
		{Start: 0, End: 5, X0: 0.10, Y0: 0.20, X1: 0.20, Y1: 0.22},
		{Start: 6, End: 10, X0: 0.21, Y0: 0.20, X1: 0.30, Y1: 0.23},
		{Start: 11, End: 16, X0: 0.10, Y0: 0.24, X1: 0.19, Y1: 0.26},
		{Start: 17, End: 22, X0: 0.20, Y0: 0.24, X1: 0.31, Y1: 0.26},
	}}
	got := b.QuoteRects(6, 16) // "beta\ngamma"
	want := []Rect{{Page: 3, X0: 0.21, Y0: 0.20, X1: 0.30, Y1: 0.23}, {Page: 3, X0: 0.10, Y0: 0.24, X1: 0.19, Y1: 0.26}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("QuoteRects = %+v, want %+v", got, want)
	}
	got = b.QuoteRects(0, 10) // "alpha beta": one line, one rectangle
	if len(got) != 1 || got[0].X0 != 0.10 || got[0].X1 != 0.30 || got[0].Y1 != 0.23 {
		t.Fatalf("QuoteRects one line = %+v", got)
	}
	if r := (&Block{Text: "no boxes"}).QuoteRects(0, 2); len(r) != 0 {
		t.Fatalf("rects without word boxes: %+v", r)
	}
}

func TestCheckWindow(t *testing.T) {
	blocks := map[string]Block{"a": {Text: "alpha beta"}, "b": {Text: "gamma"}}
	good := Window{Text: "beta" + PassageSeparator + "gamma", Spans: []Span{{"a", 6, 10}, {"b", 0, 5}}}
	if err := CheckWindow(good, blocks); err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string]Window{
		"InventedText": {Text: "beta gamma", Spans: good.Spans},
		"UnknownBlock": {Text: "x", Spans: []Span{{"z", 0, 1}}},
		"OutOfRange":   {Text: "gamma", Spans: []Span{{"b", 0, 9}}},
	} {
		if CheckWindow(w, blocks) == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestCitationWhere(t *testing.T) {
	for _, tc := range []struct {
		c    Citation
		want string
	}{
		{Citation{Title: "10-K", Section: "Item 7", PageStart: 60, PageEnd: 60}, "10-K › Item 7, page 60"},
		{Citation{Title: "10-K", PageStart: 60, PageEnd: 61, LineStart: 3, LineEnd: 4}, "10-K, pages 60–61, lines 3–4"},
		{Citation{Title: "notes.md", Section: "Lamps", LineStart: 12, LineEnd: 12}, "notes.md › Lamps, line 12"},
		{Citation{Title: "memo.docx"}, "memo.docx"},
	} {
		if got := tc.c.Where(); got != tc.want {
			t.Errorf("Where() = %q, want %q", got, tc.want)
		}
	}
}

func TestCountWordsIsFieldsCount(t *testing.T) {
	for _, s := range []string{"", "  ", "one", " two  words ", "tab\tand\nnewline", "non\u00a0breaking space", "Ünïcode wörds 2022"} {
		if got, want := CountWords(s), len(strings.Fields(s)); got != want {
			t.Errorf("CountWords(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestBlockWords(t *testing.T) {
	table := Block{Kind: BlockTable, Text: "Region | 2023 | 2022\nNorth America | 1,204 | 1,180"}
	if n := BlockWords(table); n != 7 {
		t.Errorf("table: %d words, want 7 (the separators are not words)", n)
	}
	if n := BlockWords(Block{Kind: BlockParagraph, Text: "a | b"}); n != 3 {
		t.Errorf("paragraph: %d words, want 3 (a | of the text counts)", n)
	}
}
