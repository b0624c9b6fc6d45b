package dates

import (
	"context"
	"strings"

	"archivist/app"
)

// Ledger is what extraction needs of the library.
type Ledger interface {
	ReplaceProposals(ctx context.Context, docID, extractor string, version int, proposals []app.Fact, autoAbove float64) (int, error)
	AutoAcceptAbove(ctx context.Context) (float64, error)
	StaleFactDocuments(ctx context.Context, extractor string, version int) ([]string, error)
	StoredParse(ctx context.Context, docID string) (*app.Parsed, string, error)
	Document(ctx context.Context, id string) (*app.Document, error)
}

// Service runs the extractor on imported documents and records what it
// proposes in the ledger.
type Service struct {
	DB        Ledger
	Extractor *Extractor
}

// Read extracts the dates of one committed document from its parse (blocks
// with their stored IDs) and records them: pending, or accepted when the
// library's automatic-acceptance threshold is on and exceeded. It returns
// how many dates it added.
func (s *Service) Read(ctx context.Context, doc *app.Document, p *app.Parsed) (int, error) {
	auto, err := s.DB.AutoAcceptAbove(ctx)
	if err != nil {
		return 0, err
	}
	facts, err := s.Extractor.Extract(ctx, doc.SHA256, p)
	if err != nil {
		return 0, err
	}
	for i := range facts {
		facts[i].DocumentID = doc.ID
	}
	return s.DB.ReplaceProposals(ctx, doc.ID, Name, Version, facts, auto)
}

// Reextract reads every ready document this extractor version has not
// read — documents imported before dates were extracted, or read by an
// older version — from its stored blocks, never the original. Reviewed
// decisions are kept (see store.DB.ReplaceProposals). It returns how many
// documents it read.
func (s *Service) Reextract(ctx context.Context) (int, error) {
	ids, err := s.DB.StaleFactDocuments(ctx, Name, Version)
	if err != nil {
		return 0, err
	}
	for i, id := range ids {
		if err := ctx.Err(); err != nil {
			return i, err
		}
		doc, err := s.DB.Document(ctx, id)
		if err != nil {
			return i, err
		}
		p, _, err := s.DB.StoredParse(ctx, id)
		if err != nil {
			return i, err
		}
		if _, err := s.Read(ctx, doc, p); err != nil {
			return i, err
		}
	}
	return len(ids), nil
}

// DayFirst reports whether the user's locale (read through getenv, e.g.
// os.Getenv) writes the day before the month in all-numeric dates: every
// locale but US English (and the unset C locale, which follows it) does.
func DayFirst(getenv func(string) string) bool {
	for _, v := range []string{"LC_ALL", "LC_TIME", "LANG"} {
		if l := getenv(v); l != "" {
			return !(strings.HasPrefix(l, "en_US") || l == "C" || l == "POSIX" || strings.HasPrefix(l, "C."))
		}
	}
	return false
}
