package dates_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/dates"
	"archivist/retrieve/jev"
)

// parsed makes a document of one paragraph block per line.
func parsed(lines ...string) *app.Parsed {
	p := &app.Parsed{Title: "Letter", Format: app.FormatText, Sections: []app.Section{{Parent: -1}}}
	for i, l := range lines {
		p.Blocks = append(p.Blocks, app.Block{ID: "b" + strconv.Itoa(i), Seq: i, Kind: app.BlockParagraph, Text: l})
	}
	return p
}

func extract(t *testing.T, dayFirst bool, p *app.Parsed) []app.Fact {
	t.Helper()
	n := 0
	e := &dates.Extractor{Roles: jev.Chooser{Provider: jev.Local{}}, DayFirst: dayFirst,
		NewID: func() string { n++; return "f" + strconv.Itoa(n) }}
	facts, err := e.Extract(context.Background(), "sha", p)
	if err != nil {
		t.Fatal(err)
	}
	return facts
}

func summary(facts []app.Fact) string {
	var s []string
	for _, f := range facts {
		v, _ := f.DateOf()
		s = append(s, v.String()+" "+f.Role)
	}
	return strings.Join(s, "; ")
}

func TestExtractLeaseWithRelativeDate(t *testing.T) {
	p := parsed(
		"Harbour Lettings Ltd, 12 Quay Street",
		"Dated 1 March 2023",
		"This tenancy agreement is effective as of 1 April 2023 (the \"Effective Date\").",
		"The deposit is due within 30 days after the Effective Date.",
		"The office was refurbished on 5 May 2019 by the previous owner.",
	)
	facts := extract(t, true, p)
	got := summary(facts)
	for _, want := range []string{"2023-05-01 due", "2023-04-01 effective", "2023-03-01 issued"} {
		if !strings.Contains(got, want) {
			t.Errorf("proposed %q, want %q among them", got, want)
		}
	}
	if len(facts) > app.MaxProposedDates {
		t.Errorf("%d dates proposed", len(facts))
	}
	for _, f := range facts {
		b := p.Blocks[0]
		for _, x := range p.Blocks {
			if x.ID == f.BlockID {
				b = x
			}
		}
		// The quote is verbatim text of its block at its offset, and the
		// original lies inside it: what the viewer highlights.
		if b.Text[f.QuoteStart:f.QuoteStart+len(f.Quote)] != f.Quote ||
			f.Quote[f.OriginalStart:f.OriginalStart+len(f.Original)] != f.Original {
			t.Errorf("fact %+v does not point at its block's text", f)
		}
		if f.Confidence <= 0 || f.Confidence > 1 || f.State != app.FactPending || f.Extractor != dates.Name {
			t.Errorf("fact %+v", f)
		}
	}
}

func TestExtractIgnoresUnanchoredRelativeDates(t *testing.T) {
	facts := extract(t, false, parsed("Payment is due within 30 days after the Effective Date.", "Call us any time."))
	if len(facts) != 0 {
		t.Fatalf("proposed %s without any anchor date", summary(facts))
	}
}

func TestExtractReadsNumericDatesInTheDocumentsConvention(t *testing.T) {
	// 25/03/2023 can only be day first, so 04/05/2023 is 4 May.
	facts := extract(t, false, parsed("Invoice 118", "Invoice date: 25/03/2023", "Payment due by 04/05/2023."))
	if got := summary(facts); !strings.Contains(got, "2023-05-04 due") || !strings.Contains(got, "2023-03-25 issued") {
		t.Fatalf("proposed %q", got)
	}
}

func TestExtractReadsCodeOnlyWithCueWords(t *testing.T) {
	p := parsed("Release notes", "Nothing else happened.", "Really nothing.")
	p.Blocks = append(p.Blocks, app.Block{ID: "c", Kind: app.BlockCode, Text: "log.Printf(\"%s\", \"2024-01-01\")"})
	if facts := extract(t, false, p); len(facts) != 0 {
		t.Fatalf("proposed %s from code", summary(facts))
	}
}
