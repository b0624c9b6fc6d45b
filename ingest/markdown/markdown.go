// Package markdown parses Markdown (CommonMark with GitHub tables,
// strikethrough and task lists) into Archivist's blocks and section tree.
//
// It walks goldmark's syntax tree and never renders HTML: a block's text is
// the visible inline text taken byte for byte from the source, with a "\n"
// wherever the source breaks a line.
package markdown

import (
	"bytes"
	"context"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"archivist/app"
	"archivist/ingest/internal/bounds"
	"archivist/ingest/internal/srctext"
)

// md is safe for concurrent use: each Parse call gets its own context.
var md = goldmark.New(goldmark.WithExtensions(
	extension.Table,
	extension.Strikethrough,
	extension.TaskList,
))

// cancelCheckEvery is how many blocks the walk handles between checks of
// the context: often enough to stop a big document promptly, rarely enough
// to cost nothing.
const cancelCheckEvery = 256

// Parse parses a Markdown document. src should be UTF-8 text (as
// ingest.DecodeText returns it); a byte-order mark and CRLF or CR line
// endings are normalised here too, which keeps line numbers unchanged.
//
// Section 0 is the document root. Only headings at the top level of the
// document open sections; a heading inside a list or quote is kept as that
// container's text. A YAML or TOML front-matter block is skipped.
func Parse(ctx context.Context, src []byte) (*app.Parsed, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}
	src = srctext.Normalize(src)
	src = blankFrontMatter(src)
	// goldmark holds the whole syntax tree, several times the source's
	// size: a file past the limits is refused before it is built.
	if err := prescan(src); err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}
	doc, err := parseTree(ctx, src)
	if err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}

	lines := srctext.NewLines(src)
	w := &walker{
		ctx: ctx,
		src: src,
		buf: textBuf{src: string(src), lines: lines},
		p: &app.Parsed{
			Format:   app.FormatMarkdown,
			Sections: []app.Section{{Parent: -1, LineStart: min(1, lines.Count()), LineEnd: lines.Count()}},
			// Most blocks end at a blank line: sizing the slice up front
			// saves regrowing it for a big file.
			Blocks: make([]app.Block, 0, bytes.Count(src, []byte("\n\n"))+1),
		},
		open: []int{0},
	}
	if err := w.blocks(doc, app.BlockParagraph, true); err != nil {
		return nil, fmt.Errorf("markdown: %w", err)
	}
	if w.limit.Err != nil {
		return nil, fmt.Errorf("markdown: %w", w.limit.Err)
	}
	w.finish(lines.Count())
	return w.p, nil
}

// parseTree runs goldmark, returning early when ctx is done.
//
// Limit: goldmark cannot be interrupted, and some inputs take it
// quadratic time (200 KB of "[a](" repeated takes ~20 s in v1.8.7). When
// ctx can be cancelled the parse runs on its own goroutine so that a
// cancel or a deadline returns at once; the abandoned parse still runs to
// its end in the background.
func parseTree(ctx context.Context, src []byte) (ast.Node, error) {
	parse := func() ast.Node {
		return md.Parser().Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
	}
	if ctx.Done() == nil {
		return parse(), nil
	}
	done := make(chan ast.Node, 1)
	go func() { done <- parse() }()
	select {
	case doc := <-done:
		return doc, ctx.Err()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// walker turns the syntax tree into blocks and sections.
type walker struct {
	ctx   context.Context
	src   []byte
	buf   textBuf
	p     *app.Parsed
	open  []int // indices of the open sections, root first
	count int   // blocks handled, for the cancellation check
	limit bounds.Counter
}

// blocks walks the block children of n. container is the kind given to
// paragraphs (list item or quote when inside one); top is true for the
// document's own children, the only place a heading opens a section.
func (w *walker) blocks(n ast.Node, container app.BlockKind, top bool) error {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if w.limit.Err != nil {
			return w.limit.Err
		}
		w.count++
		if w.count%cancelCheckEvery == 0 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
		}
		var err error
		switch c := c.(type) {
		case *ast.Heading:
			if top {
				w.heading(c)
			} else {
				w.textBlock(c, container)
			}
		case *ast.Paragraph, *ast.TextBlock:
			w.textBlock(c, container)
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			w.code(c)
		case *east.Table:
			w.table(c)
		case *ast.Blockquote:
			err = w.blocks(c, app.BlockQuote, false)
		case *ast.ListItem:
			err = w.blocks(c, app.BlockListItem, false)
		case *ast.HTMLBlock, *ast.ThematicBreak:
			// Markup and rules hold no text a reader would quote.
		default:
			err = w.blocks(c, container, false)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// add appends a block of the gathered text unless that is empty.
func (w *walker) add(kind app.BlockKind, level int, code bool) {
	t, first, last := w.buf.text(code)
	if t == "" || !w.limit.Block(t) {
		return
	}
	w.p.Blocks = append(w.p.Blocks, app.Block{
		Seq:       len(w.p.Blocks),
		Section:   w.open[len(w.open)-1],
		Kind:      kind,
		Level:     level,
		Text:      t,
		LineStart: first,
		LineEnd:   last,
	})
}

func (w *walker) textBlock(n ast.Node, kind app.BlockKind) {
	w.buf.reset()
	w.inline(n)
	w.add(kind, 0, false)
}

// heading opens a section under the nearest open section of a lower level.
// An empty heading opens nothing.
func (w *walker) heading(h *ast.Heading) {
	w.buf.reset()
	w.inline(h)
	t, first, _ := w.buf.text(false)
	if t == "" || !w.limit.Section() {
		return
	}
	for len(w.open) > 1 && w.p.Sections[w.open[len(w.open)-1]].Level >= h.Level {
		w.open = w.open[:len(w.open)-1]
	}
	w.p.Sections = append(w.p.Sections, app.Section{
		Parent:    w.open[len(w.open)-1],
		Level:     h.Level,
		Heading:   srctext.OneLine(t),
		LineStart: first,
	})
	w.open = append(w.open, len(w.p.Sections)-1)
	w.add(app.BlockHeading, h.Level, false)
}

func (w *walker) code(n ast.Node) {
	w.buf.reset()
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		// Padding (spaces standing for part of a tab) is not source text.
		w.buf.add(seg.Start, seg.Stop)
	}
	w.add(app.BlockCode, 0, true)
}

// finish closes the section line ranges and picks the title.
func (w *walker) finish(nlines int) {
	secs := w.p.Sections
	srctext.CloseSections(secs, nlines)

	for _, s := range secs[1:] {
		if s.Level == 1 {
			w.p.Title = srctext.Truncate(s.Heading, srctext.MaxTitle)
			break
		}
	}
	if w.p.Title == "" && len(secs) > 1 {
		w.p.Title = srctext.Truncate(secs[1].Heading, srctext.MaxTitle)
	}
	if w.p.Title == "" && len(w.p.Blocks) > 0 {
		w.p.Title = srctext.Title(w.p.Blocks[0].Text)
	}
	secs[0].Heading = w.p.Title
}
