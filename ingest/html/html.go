// Package html parses HTML pages (saved web pages, exported documents) into
// Archivist's blocks and section tree.
//
// It reads the page with goquery, keeps only what a reader sees as the
// page's content — never scripts, styles, navigation, page headers and
// footers, asides, forms or hidden elements — and prefers the page's
// <article> or <main> when it has them. A block's text is the element's
// visible text with white space collapsed, as a browser shows it; only
// code blocks (<pre>) keep their line breaks and indentation.
//
// Limit: HTML has no line numbers in its tree, so each block's LineStart
// and LineEnd are found by looking for its first and last words in the
// source, in order. They bracket the element's text; within a block,
// app.Block.LinesOf is exact only for code blocks.
package html

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/PuerkitoBio/goquery"
	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"archivist/app"
	"archivist/ingest/internal/bounds"
	"archivist/ingest/internal/srctext"
)

// Parse parses an HTML document. src should be UTF-8 (see Decode for
// pages in another character set); a byte-order mark and CRLF or CR line
// endings are normalised here, which keeps line numbers.
//
// Section 0 is the document root; each h1–h6 opens a section under the
// nearest open section of a lower level. The title is the page's <title>,
// else its first h1, else its first heading or line of text.
func Parse(ctx context.Context, src []byte) (*app.Parsed, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("html: %w", err)
	}
	src = srctext.Normalize(src)
	// The parser holds every element as a node, ~200 bytes each: a page
	// past the limit is refused before it is built.
	if startTags(src) > maxElements {
		return nil, fmt.Errorf("html: %w", bounds.TooMany("elements", maxElements))
	}
	doc, err := parseTree(ctx, src)
	notice := ""
	for _, keep := range []map[string]bool{structural, textOnly} {
		if !tooDeep(err) {
			break
		}
		notice = "the page nests its elements too deeply to read as it is: its layout was simplified"
		doc, err = parseTree(ctx, flatten(src, keep))
	}
	if err != nil {
		return nil, fmt.Errorf("html: %w", err)
	}
	lines := srctext.NewLines(src)
	w := &walker{
		ctx: ctx,
		p: &app.Parsed{
			Format:   app.FormatHTML,
			Sections: []app.Section{{Parent: -1, LineStart: min(1, lines.Count()), LineEnd: lines.Count()}},
			Notice:   notice,
		},
		open: []int{0},
	}
	for _, root := range contentRoots(doc) {
		w.walk(root, ctxt{kind: app.BlockParagraph, sections: true})
		w.flush()
		if w.err != nil {
			return nil, fmt.Errorf("html: %w", w.err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("html: %w", err)
	}
	placeLines(src, lines, w.p, w.keys)
	w.finish(pageTitle(doc), lines.Count())
	return w.p, nil
}

// parseTree parses src, returning early when ctx is done.
//
// Limit: x/net/html cannot be interrupted, and deeply nested markup takes
// it time that grows with the square of the depth. When ctx can be
// cancelled the parse runs on its own goroutine so that a cancel or a
// deadline returns at once; the abandoned parse still runs to its end.
func parseTree(ctx context.Context, src []byte) (*goquery.Document, error) {
	type result struct {
		doc *goquery.Document
		err error
	}
	parse := func() result {
		doc, err := goquery.NewDocumentFromReader(bytes.NewReader(src))
		return result{doc, err}
	}
	if ctx.Done() == nil {
		r := parse()
		return r.doc, r.err
	}
	done := make(chan result, 1)
	go func() { done <- parse() }()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, r.err
		}
		return r.doc, ctx.Err()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// pageTitle returns the text of the page's <title>, or "". A <title>
// inside SVG or MathML names a drawing, not the page.
func pageTitle(doc *goquery.Document) string {
	for _, n := range doc.Find("title").Nodes {
		foreign := false
		for a := n.Parent; a != nil; a = a.Parent {
			if a.Type == xhtml.ElementNode && (a.DataAtom == atom.Svg || a.DataAtom == atom.Math) {
				foreign = true
				break
			}
		}
		if foreign {
			continue
		}
		var b strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == xhtml.TextNode {
				b.WriteString(c.Data)
			}
		}
		if t := collapse(b.String()); t != "" {
			return srctext.Truncate(t, srctext.MaxTitle)
		}
	}
	return ""
}

// finish closes the section line ranges and sets the title: title, when
// the page has one, else the first h1, else the first heading, else the
// first line of text.
func (w *walker) finish(title string, nlines int) {
	p := w.p
	secs := p.Sections
	closeSections(p, nlines)
	if title == "" {
		for _, s := range secs[1:] {
			if s.Level == 1 {
				title = s.Heading
				break
			}
		}
	}
	if title == "" && len(secs) > 1 {
		title = secs[1].Heading
	}
	if title == "" && len(p.Blocks) > 0 {
		title = srctext.Title(p.Blocks[0].Text)
	}
	p.Title = srctext.Truncate(title, srctext.MaxTitle)
	secs[0].Heading = p.Title
}

// closeSections sets each heading section's LineEnd: the line before the
// next section of the same or a higher level, as in the other text
// formats, but never before the last line of its own blocks — in HTML the
// next heading may share a line with them.
func closeSections(p *app.Parsed, nlines int) {
	secs := p.Sections
	srctext.CloseSections(secs, nlines)
	for _, b := range p.Blocks {
		for s := b.Section; s > 0; s = secs[s].Parent {
			secs[s].LineEnd = max(secs[s].LineEnd, b.LineEnd)
		}
	}
	for i := 1; i < len(secs); i++ {
		secs[i].LineEnd = max(secs[i].LineEnd, secs[i].LineStart)
	}
	// A child's end may now pass its parent's: extend the parents.
	for i := len(secs) - 1; i > 0; i-- {
		if par := secs[i].Parent; par > 0 {
			secs[par].LineEnd = max(secs[par].LineEnd, secs[i].LineEnd)
		}
	}
}

// maxElements is how many start tags a page may have; long single-page
// books and specifications have a few hundred thousand.
const maxElements = 2_000_000

// startTags counts the start tags of src: "<" then a letter.
func startTags(src []byte) int {
	n := 0
	for i := bytes.IndexByte(src, '<'); i >= 0 && i+1 < len(src); {
		if c := src[i+1] | 0x20; c >= 'a' && c <= 'z' {
			n++
		}
		j := bytes.IndexByte(src[i+1:], '<')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}
