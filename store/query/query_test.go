package query

import (
	"errors"
	"strings"
	"testing"
)

func TestParseAndFTS(t *testing.T) {
	cases := []struct {
		name, in, pos, neg string
	}{
		{"Words", "storm lighthouse", `("storm") AND ("lighthouse")`, ""},
		{"Phrase", `"north tower" keeper`, `("north tower") AND ("keeper")`, ""},
		{"Prefix", "keep*", `("keep"*)`, ""},
		{"OrBindsCloser", "invoice OR receipt 2022", `("invoice" OR "receipt") AND ("2022")`, ""},
		{"Excluded", "storm -draft -\"first copy\"", `("storm")`, `("draft") OR ("first copy")`},
		{"LowercaseOrIsAWord", "this or that", `("this") AND ("or") AND ("that")`, ""},
		{"QuotesInsidePhrase", `"say ""hi"""`, `("say ""hi""")`, ""},
		{"FTSOperatorsAreWords", "NEAR storm", `("NEAR") AND ("storm")`, ""},
		{"FiltersLeaveText", "tag:tax storm", `("storm")`, ""},
		{"Empty", "   ", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, err := Parse(c.in)
			if err != nil {
				t.Fatal(err)
			}
			pos, neg := q.FTS()
			if pos != c.pos || neg != c.neg {
				t.Fatalf("FTS = %q, %q; want %q, %q", pos, neg, c.pos, c.neg)
			}
		})
	}
}

func TestFilters(t *testing.T) {
	cases := []struct {
		name, in string
		want     Term
	}{
		{"Tag", "tag:tax", Term{Field: "tag", Value: "tax"}},
		{"QuotedType", `type:"tax return"`, Term{Field: "type", Value: "tax return"}},
		{"FieldCase", "Correspondent:ACME", Term{Field: "correspondent", Value: "ACME"}},
		{"Year", "created:2022", Term{Field: "created", Value: "2022", From: "2022-01-01", To: "2023-01-01"}},
		{"MonthRange", "created:2022-01..2022-06", Term{Field: "created", Value: "2022-01..2022-06", From: "2022-01-01", To: "2022-07-01"}},
		{"After", "imported:>2026-11-01", Term{Field: "imported", Value: ">2026-11-01", From: "2026-11-02"}},
		{"AtMost", "created:<=2021-02", Term{Field: "created", Value: "<=2021-02", To: "2021-03-01"}},
		{"OpenRange", "created:2020..", Term{Field: "created", Value: "2020..", From: "2020-01-01"}},
		{"Pages", "pages:>100", Term{Field: "pages", Value: ">100", Lo: 101}},
		{"PagesRange", "pages:10..20", Term{Field: "pages", Value: "10..20", Lo: 10, Hi: 21}},
		{"PagesExact", "pages:3", Term{Field: "pages", Value: "3", Lo: 3, Hi: 4}},
		{"Sensitivity", "sensitivity:Confidential", Term{Field: "sensitivity", Value: "confidential"}},
		{"Format", "format:PDF", Term{Field: "format", Value: "pdf"}},
		{"LangName", "lang:German", Term{Field: "lang", Value: "de"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, err := Parse(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(q.Groups) != 1 || len(q.Groups[0].Terms) != 1 {
				t.Fatalf("groups = %+v", q.Groups)
			}
			got := q.Groups[0].Terms[0]
			c.want.Kind = Filter
			if got != c.want {
				t.Fatalf("term = %+v\nwant   %+v", got, c.want)
			}
		})
	}
	t.Run("ExcludedAndOr", func(t *testing.T) {
		q, err := Parse("-tag:draft tag:a OR type:b")
		if err != nil {
			t.Fatal(err)
		}
		f := q.Filters()
		if len(f) != 2 || !f[0].Neg || f[1].Neg || len(f[1].Terms) != 2 || q.HasText() {
			t.Fatalf("filters = %+v", f)
		}
	})
}

// Every malformed query is refused with the position of its problem.
func TestMalformed(t *testing.T) {
	cases := []struct {
		name, in string
		col      int
		says     string
	}{
		{"UnclosedQuote", `storm "north tower`, 7, "never closed"},
		{"LeadingOr", "OR storm", 1, "before it"},
		{"TrailingOr", "storm OR", 7, "after it"},
		{"DoubleOr", "a OR OR b", 3, "after it"},
		{"And", "storm AND tower", 7, "implied"},
		{"Not", "storm NOT tower", 7, "minus"},
		{"Parenthesis", "(storm OR tower)", 1, "parentheses"},
		{"UnknownFilter", "colour:red", 1, `no filter "colour"`},
		{"EmptyValue", "tag: storm", 5, "needs a value"},
		{"BadDate", "created:2022-13", 9, "not a date"},
		{"ImpossibleDay", "created:2022-02-30", 9, "not a date"},
		{"BackwardsRange", "created:2023..2022", 9, "ends before"},
		{"BadRangeEnd", "created:2022..June", 15, "not a date"},
		{"BadPages", "pages:>many", 8, "not a number"},
		{"BadSensitivity", "sensitivity:secret", 13, "public, internal"},
		{"BadFormat", "format:xls", 8, "pdf, markdown"},
		{"BadLang", "lang:klingon", 6, "lang is one of"},
		{"LoneMinus", "storm - tower", 7, "minus sign"},
		{"DoubleMinus", "--storm", 2, "two mean"},
		{"ExcludedInOr", "a OR -b", 3, "cannot be joined"},
		{"MixedOr", "storm OR tag:x", 10, "not one with the other"},
		{"NoLetters", "storm ***", 7, "no letters"},
		{"StarInside", "ke*p", 3, "may only end"},
		{"EmptyPhrase", `""`, 1, "no letters"},
		{"TextAfterQuote", `"storm"s`, 8, "space after"},
		{"Unicode", "schöne (tür)", 8, "parentheses"},
		{"Control", "storm\x00", 6, "control character"},
		{"NotUTF8", "storm \xff", 7, "UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.in)
			var qe *Error
			if !errors.As(err, &qe) {
				t.Fatalf("Parse(%q) = %v, want a query error", c.in, err)
			}
			if qe.Column() != c.col || !strings.Contains(qe.Msg, c.says) {
				t.Fatalf("error at %d %q; want at %d saying %q\n%s", qe.Column(), qe.Msg, c.col, c.says, qe.Pointer())
			}
		})
	}
}

func TestStringRoundTrip(t *testing.T) {
	for _, in := range []string{`storm "north tower" -draft keep* a OR b tag:"tax return" -type:x created:2022-01..2022-06 pages:>100`, `"say ""hi"""`} {
		q, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(q.String())
		if err != nil || again.String() != q.String() {
			t.Fatalf("%q → %q → %v %v", in, q.String(), again, err)
		}
	}
}

// FuzzParse: no input panics; an error points inside the query; a parsed
// query written back parses to the same query.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"storm", `"a b" -c`, "a OR b", "tag:x created:2022..2023-01 pages:<5", `type:"a""b"`, "-", "x:", "(a)", "ü OR ö"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := Parse(s)
		if err != nil {
			var qe *Error
			if !errors.As(err, &qe) || qe.Pos < 0 || qe.Pos > len(s) {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		for _, g := range q.Groups {
			if len(g.Terms) == 0 {
				t.Fatalf("Parse(%q): an empty group", s)
			}
		}
		again, err := Parse(q.String())
		if err != nil {
			t.Fatalf("Parse(%q) wrote %q, which does not parse: %v", s, q.String(), err)
		}
		if again.String() != q.String() {
			t.Fatalf("Parse(%q): %q then %q", s, q.String(), again.String())
		}
		pos, neg := q.FTS()
		pos2, neg2 := again.FTS()
		if pos != pos2 || neg != neg2 {
			t.Fatalf("Parse(%q): FTS changed on the round trip", s)
		}
	})
}
