package retrieve

import (
	"context"
	"strings"
	"unicode/utf8"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/store"
)

// attachFacts puts the accepted dates of the evidence's documents beside
// their sources (docs/design.md §13): at most app.MaxFactsPerSource per source
// and app.MaxFactsPerAnswer in all, the soonest still to come first, each
// quote within app.MaxFactChars; ev.Dates counts them all. They are read
// in the question's snapshot. For a question asking when, a date's quote
// that no window holds also joins its source as a window: it is the
// document's own text, so an answerer can quote and cite it like any
// other, and the source's text stays its windows joined.
func attachFacts(ctx context.Context, snap *store.Snapshot, ev *app.Evidence, today string) error {
	ids := make([]string, 0, len(ev.Sources))
	for _, s := range ev.Sources {
		ids = append(ids, s.DocumentID)
	}
	facts, err := snap.AcceptedFacts(ctx, ids)
	if err != nil {
		return err
	}
	byDoc := map[string][]app.Fact{}
	for _, f := range facts {
		if f.Type != app.FactDate {
			continue
		}
		ev.Dates++
		byDoc[f.DocumentID] = append(byDoc[f.DocumentID], f)
	}
	when := asksWhen.MatchString(ev.Question.Text)
	total := 0
	for i := range ev.Sources {
		src := &ev.Sources[i]
		for _, f := range soonestFirst(byDoc[src.DocumentID], today) {
			if len(src.Facts) == app.MaxFactsPerSource || total == app.MaxFactsPerAnswer {
				break
			}
			f.Quote = prefixRunes(f.Quote, app.MaxFactChars)
			src.Facts = append(src.Facts, f)
			total++
			if when && !strings.Contains(src.Text, f.Quote) {
				if err := addFactWindow(ctx, snap, ev, src, f); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// asksWhen recognises a question about a date.
var asksWhen = answer.AsksWhen

// soonestFirst orders dates still to come (soonest first) before past ones
// (latest first).
func soonestFirst(fs []app.Fact, today string) []app.Fact {
	var up, past []app.Fact
	for _, f := range fs {
		v, ok := f.DateOf()
		if ok && v.Last() >= today {
			up = append(up, f)
		} else {
			past = append(past, f)
		}
	}
	for i, j := 0, len(past)-1; i < j; i, j = i+1, j-1 {
		past[i], past[j] = past[j], past[i]
	}
	return append(up, past...)
}

// addFactWindow adds a date's quote to its source as a window over its
// block, when the block is still the one the quote was read from.
func addFactWindow(ctx context.Context, snap *store.Snapshot, ev *app.Evidence, src *app.Source, f app.Fact) error {
	blocks, err := snap.BlocksByID(ctx, []string{f.BlockID})
	if err != nil || len(blocks) != 1 {
		return err
	}
	b := blocks[0]
	end := f.QuoteStart + len(f.Quote)
	if f.QuoteStart < 0 || end > len(b.Text) || b.Text[f.QuoteStart:end] != f.Quote {
		return nil
	}
	if ev.Blocks == nil {
		ev.Blocks = map[string]app.Block{}
	}
	ev.Blocks[b.ID] = b
	w := app.Window{PassageID: "date:" + f.ID, SectionID: b.SectionID, Section: ev.Sections[b.SectionID], Text: f.Quote,
		End: len(f.Quote), Spans: []app.Span{{BlockID: b.ID, Start: f.QuoteStart, End: end}}, PageStart: b.Page, PageEnd: b.Page}
	src.Windows = append(src.Windows, w)
	if src.Text != "" {
		src.Text += app.WindowSeparator
	}
	src.Text += f.Quote
	return nil
}

func prefixRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
