// Package check verifies a draft against the library: every quotation it
// makes — in quote marks or as a block quotation, with ellipses and
// bracketed alterations — is looked up with the FTS5 candidate pass and
// then aligned word by word against the stored blocks of the best
// documents, so the report can say exact (with the page, lines and
// highlight), altered (the closest passage and a word diff, a dropped
// "not", a changed figure or name called out first), page differs (the
// words are there, not on the cited page) or not found.
//
// Words compare folded: case, quote marks, punctuation, line breaks,
// hyphenation across lines and ligatures do not count, so a quotation
// matches the text a PDF, a scan read by OCR or a Markdown file holds.
package check

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"archivist/app"
	"archivist/store"
)

// Draft checks a parsed draft against the library snap reads; data are
// the draft's bytes, so that a copy of the draft in the library is not
// taken for its source (nil when there are none).
func Draft(ctx context.Context, snap *store.Snapshot, name string, data []byte, p *app.Parsed) (*app.CheckReport, error) {
	c := New(snap)
	if data != nil {
		sum := sha256.Sum256(data)
		c.Except = hex.EncodeToString(sum[:])
	}
	return c.Check(ctx, name, Quotations(p))
}
