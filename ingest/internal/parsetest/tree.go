package parsetest

import (
	"fmt"
	"strings"

	"archivist/app"
)

// CheckTree returns every way p breaks the invariants of a parse whose
// block text is not taken verbatim from source lines (HTML, DOCX), or nil:
// a well-formed section tree whose root heading is the title, blocks in
// order with non-empty text, headings that open their sections, and table
// text with one row per line.
//
// nlines is the number of source lines when the parser records lines
// (HTML): then every block must lie on lines 1..nlines, blocks must not
// go back in the source, and each must lie inside its section's lines.
// With nlines < 0 the parser records no lines (DOCX), and every line
// number must be 0.
func CheckTree(p *app.Parsed, nlines int) []string {
	var errs []string
	fail := func(format string, args ...any) {
		if len(errs) < 20 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}
	if p == nil {
		return []string{"nil result"}
	}
	secs := p.Sections
	if len(secs) == 0 || secs[0].Parent != -1 || secs[0].Level != 0 {
		return []string{"section 0 is not the root"}
	}
	if secs[0].Heading != p.Title {
		fail("root heading %q is not the title %q", secs[0].Heading, p.Title)
	}
	lined := nlines >= 0
	for i := 1; i < len(secs); i++ {
		s := secs[i]
		switch {
		case s.Parent < 0 || s.Parent >= i:
			fail("section %d: parent %d is not an earlier section", i, s.Parent)
			continue
		case s.Level < 1 || s.Level > 6:
			fail("section %d: level %d", i, s.Level)
		case secs[s.Parent].Level >= s.Level:
			fail("section %d (level %d) under section %d of level %d", i, s.Level, s.Parent, secs[s.Parent].Level)
		case s.Heading == "" || strings.ContainsAny(s.Heading, "\n\t") || strings.TrimSpace(s.Heading) != s.Heading:
			fail("section %d: heading %q", i, s.Heading)
		case lined && (s.LineStart < 1 || s.LineEnd < s.LineStart || s.LineEnd > nlines):
			fail("section %d: lines %d–%d of %d", i, s.LineStart, s.LineEnd, nlines)
		case !lined && (s.LineStart != 0 || s.LineEnd != 0):
			fail("section %d: lines %d–%d in a format without lines", i, s.LineStart, s.LineEnd)
		}
		if par := secs[s.Parent]; lined && s.Parent > 0 && (s.LineStart < par.LineStart || s.LineEnd > par.LineEnd) {
			fail("section %d: lines %d–%d outside parent's %d–%d", i, s.LineStart, s.LineEnd, par.LineStart, par.LineEnd)
		}
	}

	prevStart := 0
	for i, b := range p.Blocks {
		if b.Seq != i {
			fail("block %d: seq %d", i, b.Seq)
		}
		if b.Section < 0 || b.Section >= len(secs) {
			fail("block %d: section %d of %d", i, b.Section, len(secs))
			continue
		}
		// Code keeps its indentation; a table row may open with an empty
		// cell.
		if strings.TrimSpace(b.Text) == "" || strings.TrimSpace(b.Text) != b.Text && b.Kind != app.BlockCode && b.Kind != app.BlockTable {
			fail("block %d: text %q is empty or not trimmed", i, b.Text)
			continue
		}
		if b.Page != 0 || len(b.Words) > 0 {
			fail("block %d: page %d and %d word boxes in a format without pages", i, b.Page, len(b.Words))
		}
		switch {
		case lined && (b.LineStart < max(1, prevStart) || b.LineEnd < b.LineStart || b.LineEnd > nlines):
			fail("block %d: lines %d–%d (previous started %d, %d lines in file)", i, b.LineStart, b.LineEnd, prevStart, nlines)
		case lined && b.Section > 0 && (b.LineStart < secs[b.Section].LineStart || b.LineEnd > secs[b.Section].LineEnd):
			fail("block %d: lines %d–%d outside its section's %d–%d", i, b.LineStart, b.LineEnd, secs[b.Section].LineStart, secs[b.Section].LineEnd)
		case !lined && (b.LineStart != 0 || b.LineEnd != 0):
			fail("block %d: lines %d–%d in a format without lines", i, b.LineStart, b.LineEnd)
		}
		prevStart = b.LineStart
		switch b.Kind {
		case app.BlockHeading:
			if b.Level < 1 || b.Level > 6 || b.Section == 0 || secs[b.Section].Level != b.Level ||
				i > 0 && p.Blocks[i-1].Section == b.Section || lined && secs[b.Section].LineStart != b.LineStart {
				fail("block %d: heading level %d does not open section %d", i, b.Level, b.Section)
			}
		case app.BlockTable:
			for k, row := range strings.Split(b.Text, "\n") {
				if strings.TrimSpace(row) == "" {
					fail("block %d: table row %d is empty", i, k)
				}
			}
		case app.BlockParagraph, app.BlockListItem, app.BlockQuote, app.BlockCaption, app.BlockCode, app.BlockFigure:
		default:
			fail("block %d: unknown kind %q", i, b.Kind)
		}
		if b.Kind != app.BlockHeading && b.Level != 0 {
			fail("block %d: level %d on a %s", i, b.Level, b.Kind)
		}
	}
	return errs
}
