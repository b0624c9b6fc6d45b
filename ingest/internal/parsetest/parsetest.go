// Package parsetest checks the invariants every text-format parser's output
// must keep. Tests, fuzzers and benchmarks of the parsers share it.
package parsetest

import (
	"fmt"
	"strings"

	"archivist/app"
	"archivist/ingest/internal/srctext"
)

// Mode says how strictly block text must match the source.
type Mode int

const (
	// Exact: each line of a block's text is its source line, verbatim.
	Exact Mode = iota
	// Subsequence: each line of a block's text is made of bytes of its
	// source line, in order, some left out (markup); table cells are
	// joined by Separator, which is not source text.
	Subsequence
)

// Separator is the table cell separator a Subsequence check ignores.
const Separator = " | "

// Check returns every way p breaks the parser invariants for src, or nil.
func Check(src []byte, p *app.Parsed, mode Mode) []string {
	var errs []string
	fail := func(format string, args ...any) {
		if len(errs) < 20 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}
	if p == nil {
		return []string{"nil result"}
	}
	norm := srctext.Normalize(src)
	lines := strings.Split(string(norm), "\n")
	if strings.HasSuffix(string(norm), "\n") {
		lines = lines[:len(lines)-1]
	}
	n := len(lines)
	if len(norm) == 0 {
		n = 0
	}

	secs := p.Sections
	if len(secs) == 0 || secs[0].Parent != -1 || secs[0].Level != 0 {
		return []string{"section 0 is not the root"}
	}
	if secs[0].Heading != p.Title {
		fail("root heading %q is not the title %q", secs[0].Heading, p.Title)
	}
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
		case s.Heading == "" || strings.Contains(s.Heading, "\n"):
			fail("section %d: heading %q", i, s.Heading)
		case s.LineStart < 1 || s.LineEnd < s.LineStart || s.LineEnd > n:
			fail("section %d: lines %d–%d of %d", i, s.LineStart, s.LineEnd, n)
		}
		if par := secs[s.Parent]; s.Parent > 0 && (s.LineStart < par.LineStart || s.LineEnd > par.LineEnd) {
			fail("section %d: lines %d–%d outside parent's %d–%d", i, s.LineStart, s.LineEnd, par.LineStart, par.LineEnd)
		}
	}

	prevEnd := 0
	for i, b := range p.Blocks {
		if b.Seq != i {
			fail("block %d: seq %d", i, b.Seq)
		}
		if b.Section < 0 || b.Section >= len(secs) {
			fail("block %d: section %d of %d", i, b.Section, len(secs))
			continue
		}
		if strings.TrimSpace(b.Text) == "" {
			fail("block %d: empty text", i)
			continue
		}
		if b.LineStart <= prevEnd || b.LineEnd != b.LineStart+strings.Count(b.Text, "\n") || b.LineEnd > n {
			fail("block %d: lines %d–%d (previous ended %d, %d newlines, %d lines in file)",
				i, b.LineStart, b.LineEnd, prevEnd, strings.Count(b.Text, "\n"), n)
			continue
		}
		prevEnd = b.LineEnd
		if s := secs[b.Section]; b.Section > 0 && (b.LineStart < s.LineStart || b.LineEnd > s.LineEnd) {
			fail("block %d: lines %d–%d outside its section's %d–%d", i, b.LineStart, b.LineEnd, s.LineStart, s.LineEnd)
		}
		if b.Kind == app.BlockHeading {
			if b.Level < 1 || b.Level > 6 || b.Section == 0 || secs[b.Section].LineStart != b.LineStart {
				fail("block %d: heading level %d does not open section %d", i, b.Level, b.Section)
			}
		} else if b.Level != 0 {
			fail("block %d: level %d on a %s", i, b.Level, b.Kind)
		}
		for k, tl := range strings.Split(b.Text, "\n") {
			sl := lines[b.LineStart-1+k]
			switch {
			case mode == Exact && tl != sl:
				fail("block %d line %d: %q is not the source line %q", i, b.LineStart+k, tl, sl)
			case mode == Subsequence && !subsequence(tl, sl, b.Kind == app.BlockTable):
				fail("block %d line %d: %q is not taken from the source line %q", i, b.LineStart+k, tl, sl)
			}
		}
	}
	return errs
}

// subsequence reports whether t is made of bytes of s in order. With table
// set, t may also hold Separator, which s need not.
func subsequence(t, s string, table bool) bool {
	if table {
		t = strings.ReplaceAll(t, Separator, "")
	}
	j := 0
	for i := 0; i < len(t); i++ {
		for j < len(s) && s[j] != t[i] {
			j++
		}
		if j == len(s) {
			return false
		}
		j++
	}
	return true
}
