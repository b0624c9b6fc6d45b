package dates

import (
	"context"
	"strings"

	"archivist/app"
	"archivist/store"
)

// Review is the ledger as the window sees it (app.Facts): the store's
// listing and review, and each fact's evidence as a citation.
type Review struct {
	*store.DB
}

// FactCitation returns the citation of a fact's quote in its block, with a
// rectangle per quoted line on its page (none for formats without pages).
func (r Review) FactCitation(ctx context.Context, f app.Fact) (app.Citation, error) {
	snap, err := r.DB.Snapshot(ctx)
	if err != nil {
		return app.Citation{}, err
	}
	defer snap.Close()
	blocks, err := snap.BlocksByID(ctx, []string{f.BlockID})
	if err != nil {
		return app.Citation{}, err
	}
	if len(blocks) != 1 {
		return app.Citation{}, app.Errorf(app.ENotFound, "The text this date was read from is no longer in the library.")
	}
	b := blocks[0]
	c := app.Citation{N: 1, DocumentID: f.DocumentID, Title: f.DocumentTitle, Quote: f.Quote, Blocks: []string{b.ID},
		PageStart: b.Page, PageEnd: b.Page, Precision: "section"}
	start, end := f.QuoteStart, f.QuoteStart+len(f.Quote)
	if start < 0 || end > len(b.Text) || b.Text[start:end] != f.Quote {
		// The block changed since (it never should: blocks are kept as
		// imported); find the quote instead of highlighting the wrong text.
		i := strings.Index(b.Text, f.Quote)
		if i < 0 {
			return c, nil
		}
		start, end = i, i+len(f.Quote)
	}
	c.LineStart, c.LineEnd = b.LinesOf(start, end)
	c.Rects = b.QuoteRects(start, end)
	if len(c.Rects) > 0 || b.Page == 0 {
		c.Precision = "line"
	}
	sections, err := r.DB.Sections(ctx, f.DocumentID)
	if err == nil {
		for _, s := range sections {
			if s.ID == b.SectionID {
				c.Section = s.Heading
			}
		}
	}
	return c, nil
}

var _ app.Facts = Review{}
