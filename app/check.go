package app

import (
	"context"
	"fmt"
	"strings"
)

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

// statusNames are the statuses as a report prints them.
var statusNames = map[QuoteStatus]string{QuoteExact: "exact", QuoteAltered: "altered",
	QuotePageDiffers: "page differs", QuoteNotFound: "not found"}

// Markdown is the report for people: a summary line, then each quotation
// with its status, where the draft cites it, where the source has it,
// what differs (meaning first) and the word diff — source words the draft
// drops struck through, words it puts in their place in bold.
func (r *CheckReport) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Quotations checked: %s\n\n", r.Draft)
	if len(r.Quotes) == 0 {
		b.WriteString("The draft quotes nothing: no text in quote marks, no block quotation.\n")
		return b.String()
	}
	fmt.Fprintf(&b, "%d quotations: %d exact, %d altered, %d page differs, %d not found.\n", len(r.Quotes),
		r.Counts.Exact, r.Counts.Altered, r.Counts.PageDiffers, r.Counts.NotFound)
	for _, q := range r.Quotes {
		fmt.Fprintf(&b, "\n## %d. %s — “%s”\n\n", q.N, statusNames[q.Status], clipQuote(q.Quote, 120))
		var where []string
		if q.DraftPage > 0 {
			where = append(where, fmt.Sprintf("page %d", q.DraftPage))
		}
		if q.DraftLine > 0 {
			where = append(where, fmt.Sprintf("line %d", q.DraftLine))
		}
		if len(where) > 0 {
			fmt.Fprintf(&b, "In the draft at %s", strings.Join(where, ", "))
		} else {
			b.WriteString("In the draft")
		}
		if q.Pincite != "" {
			fmt.Fprintf(&b, ", cited as “%s”", q.Pincite)
		}
		b.WriteString(".\n")
		if q.Source != nil {
			fmt.Fprintf(&b, "Source: %s", q.Source.Where())
			if q.Source.OCR != "" {
				fmt.Fprintf(&b, " (%s)", q.Source.OCR)
			}
			fmt.Fprintf(&b, ".\n\n> %s\n", strings.ReplaceAll(q.Source.Quote, "\n", " "))
		} else {
			b.WriteString("Nothing in the library holds it.\n")
		}
		if len(q.Issues) > 0 {
			b.WriteString("\n")
			for _, is := range q.Issues {
				fmt.Fprintf(&b, "- %s\n", is)
			}
		}
		if len(q.Diff) > 0 {
			fmt.Fprintf(&b, "\nDiff: %s\n", diffMarkdown(q.Diff))
		}
	}
	return b.String()
}

// diffMarkdown writes a word diff inline: the same words plain, the
// source's words struck through, the draft's own in bold.
func diffMarkdown(ops []DiffOp) string {
	parts := make([]string, 0, len(ops))
	for _, op := range ops {
		switch op.Op {
		case "same":
			parts = append(parts, op.Draft)
		case "changed":
			parts = append(parts, "~~"+op.Source+"~~ **"+op.Draft+"**")
		case "added":
			parts = append(parts, "**"+op.Draft+"**")
		case "dropped":
			parts = append(parts, "~~"+op.Source+"~~")
		}
	}
	return strings.Join(parts, " ")
}

// clipQuote shortens a quotation for a heading.
func clipQuote(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
