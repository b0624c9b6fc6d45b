// Package abbrev learns, at import, the abbreviations a document defines
// ("Chief Executive Officer (“CEO”)", "“AD” means an Airworthiness
// Directive") and records them with the document, so that a question
// naming a short form is understood wherever its definition stands. The
// reading itself is lang.Definitions, shared with the offline answerer.
package abbrev

import (
	"context"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Version is the reader's version: a document read by an older one is
// read again from its stored blocks.
const Version = 1

// MaxPerDocument bounds what one document records.
const MaxPerDocument = 500

// Ledger is what learning needs of the library.
type Ledger interface {
	ReplaceAbbreviations(ctx context.Context, docID string, version int, defs []app.Abbreviation) error
	UnreadAbbreviationDocuments(ctx context.Context, version int) ([]string, error)
	StoredParse(ctx context.Context, docID string) (*app.Parsed, string, error)
}

// Read returns the abbreviations a parse defines, each at its first
// definition, at most MaxPerDocument. Headings and table cells are read
// as prose is: a heading "National Atmospheric Research Laboratory
// (NARL)" defines NARL.
func Read(p *app.Parsed) []app.Abbreviation {
	var out []app.Abbreviation
	seen := map[string]bool{}
	for _, b := range p.Blocks {
		if !strings.Contains(b.Text, "(") && !strings.Contains(b.Text, " mean") &&
			!strings.Contains(b.Text, " stands") && !strings.Contains(b.Text, " refers") {
			continue
		}
		for _, d := range lang.Definitions(b.Text) {
			if seen[d.Short] || len(out) == MaxPerDocument {
				continue
			}
			seen[d.Short] = true
			out = append(out, app.Abbreviation{Short: d.Short, Long: d.Long})
		}
	}
	return out
}

// Service records what Read learns in the ledger.
type Service struct{ DB Ledger }

// Learn reads one committed document's parse and records its
// abbreviations.
func (s Service) Learn(ctx context.Context, doc *app.Document, p *app.Parsed) error {
	return s.DB.ReplaceAbbreviations(ctx, doc.ID, Version, Read(p))
}

// Backfill reads every ready document this version has not read —
// documents imported before abbreviations were learned — from its stored
// blocks, never the original. It returns how many it read.
func (s Service) Backfill(ctx context.Context) (int, error) {
	ids, err := s.DB.UnreadAbbreviationDocuments(ctx, Version)
	if err != nil {
		return 0, err
	}
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return i, err
		}
		p, _, err := s.DB.StoredParse(ctx, id)
		if err != nil {
			return i, err
		}
		if err := s.DB.ReplaceAbbreviations(ctx, id, Version, Read(p)); err != nil {
			return i, err
		}
	}
	return len(ids), nil
}
