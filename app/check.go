package app

import "context"

// QuoteStatus is what checking one quotation of a draft found.
type QuoteStatus string

// The statuses of a checked quotation.
const (
	// QuoteExact: the quotation is the source's words (up to quote marks,
	// line breaks, hyphenation, ellipses and bracketed letters), on the
	// cited page when the draft cites one.
	QuoteExact QuoteStatus = "exact"
	// QuoteAltered: the closest passage differs in some words.
	QuoteAltered QuoteStatus = "altered"
	// QuotePageDiffers: the words are exact but not on the cited page.
	QuotePageDiffers QuoteStatus = "page_differs"
	// QuoteNotFound: nothing in the library holds the quotation.
	QuoteNotFound QuoteStatus = "not_found"
)

// DiffOp is one step of a word diff between a draft's quotation and its
// source: the same words, a changed run, words the draft added, or words
// of the source it dropped. Draft and Source are the words as each writes
// them.
type DiffOp struct {
	Op     string `json:"op"` // "same", "changed", "added" or "dropped"
	Draft  string `json:"draft,omitempty"`
	Source string `json:"source,omitempty"`
}

// QuoteCheck is one quotation of a draft and what the library says of it.
type QuoteCheck struct {
	N     int    `json:"n"`
	Quote string `json:"quote"` // as the draft writes it, without its quote marks
	Block bool   `json:"block"` // a block quotation rather than one in quote marks
	// DraftPage and DraftLine say where the draft has it (0 when its
	// format has no pages or lines).
	DraftPage int `json:"draft_page,omitempty"`
	DraftLine int `json:"draft_line,omitempty"`
	// Pincite is the citation the draft gives the quotation, as written
	// ("Ex. 4 at 12", "pp. 12–14", "¶ 4"); "" when it gives none.
	Pincite string      `json:"pincite,omitempty"`
	Status  QuoteStatus `json:"status"`
	// Source is the located passage, verbatim, with its document, pages,
	// lines, blocks and highlight; nil when nothing was found.
	Source *Citation `json:"source,omitempty"`
	// Issues are the differences that change meaning, called out before
	// the diff — a dropped "not", a changed figure, a changed name — and
	// what a page check found ("cited p. 12; the passage is on p. 14").
	Issues []string `json:"issues"`
	// Diff is the word diff of an altered quotation, in reading order.
	Diff []DiffOp `json:"diff,omitempty"`
}

// CheckCounts counts a report's quotations by status.
type CheckCounts struct {
	Exact       int `json:"exact"`
	Altered     int `json:"altered"`
	PageDiffers int `json:"page_differs"`
	NotFound    int `json:"not_found"`
}

// CheckReport is a draft checked against the library: every quotation it
// makes, in the draft's order.
type CheckReport struct {
	Draft  string       `json:"draft"` // the draft's file name
	Quotes []QuoteCheck `json:"quotes"`
	Counts CheckCounts  `json:"counts"`
}

// Count fills Counts from Quotes.
func (r *CheckReport) Count() {
	r.Counts = CheckCounts{}
	for _, q := range r.Quotes {
		switch q.Status {
		case QuoteExact:
			r.Counts.Exact++
		case QuoteAltered:
			r.Counts.Altered++
		case QuotePageDiffers:
			r.Counts.PageDiffers++
		case QuoteNotFound:
			r.Counts.NotFound++
		}
	}
}

// DraftChecker checks a draft (its file name and bytes: DOCX, Markdown,
// text or PDF) against the library.
type DraftChecker interface {
	CheckDraft(ctx context.Context, name string, data []byte) (*CheckReport, error)
}
