// Package bounds holds what one text document (Markdown, HTML, plain text,
// DOCX) may produce, and the error that refuses a file past it.
//
// A parse holds every block of a document in memory and the import commits
// them in one transaction, so a file of millions of tiny paragraphs or
// headings would take gigabytes and many minutes while the library waits.
// The limits sit far above real documents — a 2,000-page book has some
// 40,000 paragraphs and a few thousand headings; a 50 MB log or text
// export some 400,000 — and well below what exhausts a small machine.
package bounds

import (
	"strconv"

	"archivist/app"
)

// Limits of one document.
const (
	MaxBlocks    = 500_000  // paragraphs, list items, table rows, headings …
	MaxSections  = 50_000   // headings that open a section
	MaxPassages  = 500_000  // search passages built from the blocks
	MaxTextBytes = 64 << 20 // bytes of block text, all blocks together
)

// TooMany is the error that refuses a file with more than limit of what
// (a plural: "paragraphs", "headings").
func TooMany(what string, limit int) error {
	n := Count(limit)
	return app.Errorf(app.ETooLarge, "too many %s: this file has more than %s; Archivist imports at most %s", what, n, n)
}

// TooMuchText is the error that refuses a file with more block text than
// MaxTextBytes.
func TooMuchText() error {
	return app.Errorf(app.ETooLarge, "too much text: this file has more than %d MB of text; Archivist imports at most %d MB",
		MaxTextBytes>>20, MaxTextBytes>>20)
}

// Count writes n with thousands separators: 200,000.
func Count(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Counter counts what a parse produces. Its methods report false once a
// limit is passed, and Err then says which; a parser stops adding and
// returns Err at its next check.
type Counter struct {
	blocks, sections, bytes int
	Err                     error
}

// Block counts a block of text and reports whether it may be added.
func (c *Counter) Block(text string) bool {
	if c.Err != nil {
		return false
	}
	c.blocks++
	c.bytes += len(text)
	switch {
	case c.blocks > MaxBlocks:
		c.Err = TooMany("paragraphs", MaxBlocks)
	case c.bytes > MaxTextBytes:
		c.Err = TooMuchText()
	}
	return c.Err == nil
}

// Section counts a section and reports whether it may be added.
func (c *Counter) Section() bool {
	if c.Err != nil {
		return false
	}
	c.sections++
	if c.sections > MaxSections {
		c.Err = TooMany("headings", MaxSections)
	}
	return c.Err == nil
}

// Check is the last word on a parsed document, whatever its parser
// counted: it refuses one past the limits.
func Check(p *app.Parsed) error {
	if len(p.Blocks) > MaxBlocks {
		return TooMany("paragraphs", MaxBlocks)
	}
	if len(p.Sections) > MaxSections+1 { // the root is no heading
		return TooMany("headings", MaxSections)
	}
	n := 0
	for _, b := range p.Blocks {
		n += len(b.Text)
	}
	if n > MaxTextBytes {
		return TooMuchText()
	}
	return nil
}
