// Package text parses plain text into Archivist's blocks and section tree.
//
// A paragraph is a run of non-blank lines, kept verbatim. Headings are
// guessed conservatively (see heading.go): a missed heading only makes a
// section longer, while a false one splits a section and puts a stray line
// into every passage's heading path.
package text

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/ingest/internal/bounds"
	"archivist/ingest/internal/srctext"
)

// cancelCheckEvery is how many lines the parser reads between checks of
// the context.
const cancelCheckEvery = 1 << 14

// para is one run of non-blank lines: s[start:end] without the final line
// break, on lines first..last.
type para struct {
	start, end  int
	first, last int
}

// Parse parses a plain-text document. src should be UTF-8 with LF line
// endings (as ingest.DecodeText returns it); a byte-order mark and CRLF or
// CR line endings are normalised here too, which keeps line numbers.
func Parse(ctx context.Context, src []byte) (*app.Parsed, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("text: %w", err)
	}
	src = srctext.Normalize(src)
	b := &builder{
		// One copy of the source: every block's Text is a substring of it.
		s: string(src),
		p: &app.Parsed{
			Format:   app.FormatText,
			Sections: []app.Section{{Parent: -1}},
			// Paragraphs are mostly separated by blank lines; sizing the
			// slice up front saves regrowing it for a big file.
			Blocks: make([]app.Block, 0, bytes.Count(src, []byte("\n\n"))+1),
		},
		open: []int{0},
	}
	s := b.s
	var (
		cur    para
		in     bool // inside a paragraph
		second para // the paragraph's second line, for a setext underline
		line   int
	)
	for off := 0; off < len(s); {
		line++
		if line%cancelCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("text: %w", err)
			}
		}
		if b.limit.Err != nil {
			return nil, fmt.Errorf("text: %w", b.limit.Err)
		}
		end, next := len(s), len(s)
		if i := strings.IndexByte(s[off:], '\n'); i >= 0 {
			end, next = off+i, off+i+1
		}
		switch {
		case isBlank(s[off:end]):
			if in {
				b.paragraph(cur, second)
				in = false
			}
		case !in:
			cur, in = para{start: off, end: end, first: line, last: line}, true
		default:
			if cur.last == cur.first {
				second = para{start: off, end: end, first: line, last: line}
			}
			cur.end, cur.last = end, line
		}
		off = next
	}
	if in {
		b.paragraph(cur, second)
	}
	if b.limit.Err != nil {
		return nil, fmt.Errorf("text: %w", b.limit.Err)
	}
	b.finish(line)
	return b.p, nil
}

func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\f', '\v':
		default:
			return false
		}
	}
	return true
}

// hasWord reports whether s holds a letter or a digit: a run of rules or
// ASCII art is no text anyone searches for.
func hasWord(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// builder collects blocks and sections.
type builder struct {
	s    string
	p    *app.Parsed
	open []int // open sections, root first

	// pending is a single-line paragraph that may be a heading: whether it
	// is depends on the paragraph after it.
	pending   *candidate
	prevKey   int  // listKey of the previous paragraph when it was numbered
	prevLabel bool // the previous paragraph was a short line kept as text

	limit bounds.Counter
}

// candidate is a line waiting for the paragraph after it.
type candidate struct {
	p         para
	h         heading
	prevKey   int  // listKey of the paragraph before it
	prevLabel bool // the paragraph before it was a short line kept as text
}

// following describes the paragraph after a candidate.
type following struct {
	eof  bool
	h    *heading // a heading candidate or a setext heading
	body bool     // reads as body text
}

// paragraph handles one run of non-blank lines; second is its second line
// when it has one.
func (b *builder) paragraph(p para, second para) {
	if p.last > p.first && second.first == p.first+1 {
		if lvl := underline(b.s[second.start:second.end]); lvl > 0 && setextText(b.s[p.start:second.start-1]) {
			h := heading{level: lvl}
			b.resolve(following{h: &h})
			b.heading(para{start: p.start, end: second.start - 1, first: p.first, last: p.first}, lvl)
			b.prevKey, b.prevLabel = 0, false
			if p.last > second.last {
				b.block(para{start: second.end + 1, end: p.end, first: second.last + 1, last: p.last}, app.BlockParagraph, 0)
			}
			return
		}
	}
	text := b.s[p.start:p.end]
	single := p.first == p.last
	if single {
		if h, ok := classify(text); ok {
			b.resolve(following{h: &h})
			b.pending = &candidate{p: p, h: h, prevKey: b.prevKey, prevLabel: b.prevLabel}
			b.prevKey = h.listKey
			return
		}
	}
	body := bodyLike(text, single)
	b.resolve(following{body: body})
	b.block(p, app.BlockParagraph, 0)
	b.prevKey, b.prevLabel = 0, !body
}

// resolve decides the pending candidate now that the paragraph after it is
// known.
func (b *builder) resolve(next following) {
	c := b.pending
	if c == nil {
		return
	}
	b.pending = nil
	ok := false
	switch {
	case next.eof:
		// Nothing under it: a closing line or a signature, not a heading.
	case c.h.listKey != 0:
		// Numbered lines next to one of the same depth are a list.
		ok = c.prevKey != c.h.listKey && (next.h == nil || next.h.listKey != c.h.listKey)
	case c.h.titleCase:
		// The weakest sign: it must stand between other text and body
		// text, not in a run of short lines (an address, a signature).
		ok = next.body && !c.prevLabel
	default:
		ok = true
	}
	if ok {
		b.heading(c.p, c.h.level)
	} else {
		b.block(c.p, app.BlockParagraph, 0)
	}
	// A rejected candidate is a short line kept as text, which the next
	// candidate must know about.
	b.prevLabel = !ok
}

// block appends a block unless its text holds no word.
func (b *builder) block(p para, kind app.BlockKind, level int) {
	text := b.s[p.start:p.end]
	if !hasWord(text) || !b.limit.Block(text) {
		return
	}
	b.p.Blocks = append(b.p.Blocks, app.Block{
		Seq:       len(b.p.Blocks),
		Section:   b.open[len(b.open)-1],
		Kind:      kind,
		Level:     level,
		Text:      text,
		LineStart: p.first,
		LineEnd:   p.last,
	})
}

// heading opens a section under the nearest open section of a lower level
// and appends its heading block.
func (b *builder) heading(p para, level int) {
	if !b.limit.Section() {
		return
	}
	for len(b.open) > 1 && b.p.Sections[b.open[len(b.open)-1]].Level >= level {
		b.open = b.open[:len(b.open)-1]
	}
	b.p.Sections = append(b.p.Sections, app.Section{
		Parent:    b.open[len(b.open)-1],
		Level:     level,
		Heading:   srctext.OneLine(b.s[p.start:p.end]),
		LineStart: p.first,
	})
	b.open = append(b.open, len(b.p.Sections)-1)
	b.block(p, app.BlockHeading, level)
}

// finish settles the last candidate, closes the section line ranges and
// picks the title.
func (b *builder) finish(nlines int) {
	b.resolve(following{eof: true})
	secs := b.p.Sections
	if nlines > 0 {
		secs[0].LineStart, secs[0].LineEnd = 1, nlines
	}
	srctext.CloseSections(secs, nlines)
	if len(secs) > 1 {
		b.p.Title = srctext.Truncate(secs[1].Heading, srctext.MaxTitle)
	} else if len(b.p.Blocks) > 0 {
		b.p.Title = srctext.Title(b.p.Blocks[0].Text)
	}
	secs[0].Heading = b.p.Title
}
