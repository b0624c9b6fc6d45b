package html

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"archivist/app"
	"archivist/ingest/internal/bounds"
	"archivist/ingest/internal/srctext"
)

// cancelCheckEvery is how many elements the walk visits between checks
// of the context.
const cancelCheckEvery = 1024

// ctxt is what the walk knows about the place of the current element.
type ctxt struct {
	kind     app.BlockKind // kind of a paragraph here: paragraph, list item or quote
	sections bool          // a heading here opens a section (not inside a quote, figure or table)
}

// key is what placeLines looks for in the source to find a block's lines:
// the block's first and last text. An empty first means "not in the
// source text" (the block gets the lines of the block before it).
type key struct{ first, last string }

// walker turns the element tree into blocks and sections.
type walker struct {
	ctx   context.Context
	p     *app.Parsed
	open  []int // indices of the open sections, root first
	keys  []key // one per block
	count int   // elements visited, for the cancellation check
	err   error
	limit bounds.Counter

	// The paragraph being gathered from inline content.
	buf     text
	bufKind app.BlockKind
	brs     int // <br> elements since the last text: two end a paragraph
}

// blockTags are the elements that end the paragraph before them and
// start a new one after: their inline content is a block of its own.
var blockTags = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Section: true, atom.Article: true, atom.Main: true,
	atom.Header: true, atom.Footer: true, atom.Address: true, atom.Center: true, atom.Hgroup: true,
	atom.Details: true, atom.Summary: true, atom.Fieldset: true, atom.Legend: true, atom.Dl: true,
	atom.Ul: true, atom.Ol: true, atom.Hr: true, atom.Body: true, atom.Html: true, atom.Tbody: true,
	atom.Thead: true, atom.Tfoot: true, atom.Tr: true, atom.Td: true, atom.Th: true, atom.Caption: true,
	atom.Colgroup: true, atom.Col: true, atom.Option: true, atom.Li: true, atom.Dt: true, atom.Dd: true,
	atom.Blockquote: true, atom.Pre: true, atom.Table: true, atom.Figure: true, atom.Figcaption: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Listing: true, atom.Plaintext: true, atom.Xmp: true, atom.Frame: true,
	atom.Marquee: true,
}

func headingLevel(a atom.Atom) int {
	switch a {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	return 0
}

// walk reads the children of n in block context.
func (w *walker) walk(n *xhtml.Node, c ctxt) {
	for ch := n.FirstChild; ch != nil && w.err == nil; ch = ch.NextSibling {
		switch ch.Type {
		case xhtml.TextNode:
			if w.buf.empty() {
				w.bufKind = c.kind
			}
			if w.buf.add(ch.Data) {
				w.brs = 0
			}
		case xhtml.ElementNode:
			w.element(ch, c)
		}
	}
}

// element reads one element in block context.
func (w *walker) element(n *xhtml.Node, c ctxt) {
	w.count++
	if w.count%cancelCheckEvery == 0 {
		if err := w.ctx.Err(); err != nil {
			w.err = err
			return
		}
	}
	if skipped(n) {
		return
	}
	a := n.DataAtom
	if level := headingLevel(a); level > 0 {
		w.flush()
		if c.sections {
			w.heading(n, level)
		} else {
			w.gathered(n, c.kind)
		}
		return
	}
	switch a {
	case atom.Br:
		// One <br> is a line break inside a paragraph; two in a row end
		// it, as in pages written without <p>.
		w.brs++
		if w.brs >= 2 {
			w.flush()
		} else {
			w.buf.space()
		}
		return
	case atom.Pre, atom.Listing, atom.Xmp, atom.Plaintext:
		w.flush()
		w.code(n)
		return
	case atom.Table:
		w.flush()
		w.table(n, c)
		return
	case atom.Li, atom.Dt, atom.Dd:
		c.kind = app.BlockListItem
	case atom.Blockquote:
		c = ctxt{kind: app.BlockQuote}
	case atom.Figure:
		c.sections = false
	case atom.Figcaption, atom.Caption:
		w.flush()
		w.gathered(n, app.BlockCaption)
		return
	}
	if blockTags[a] {
		w.flush()
		w.walk(n, c)
		w.flush()
		return
	}
	w.walk(n, c) // inline: its text joins the paragraph being gathered
}

// flush ends the paragraph being gathered, adding it as a block unless it
// is empty.
func (w *walker) flush() {
	w.brs = 0
	if w.buf.empty() {
		w.buf.reset()
		return
	}
	t := w.buf.String()
	w.buf.reset()
	w.add(w.bufKind, 0, t, key{t, t})
}

// add appends a block.
func (w *walker) add(kind app.BlockKind, level int, t string, k key) {
	if !w.limit.Block(t) {
		w.err = w.limit.Err
		return
	}
	w.p.Blocks = append(w.p.Blocks, app.Block{
		Seq:     len(w.p.Blocks),
		Section: w.open[len(w.open)-1],
		Kind:    kind,
		Level:   level,
		Text:    t,
	})
	w.keys = append(w.keys, k)
}

// gathered adds the whole text of n as one block of kind.
func (w *walker) gathered(n *xhtml.Node, kind app.BlockKind) {
	if t := gather(n); t != "" {
		w.add(kind, 0, t, key{t, t})
	}
}

// heading opens a section under the nearest open section of a lower
// level. An empty heading opens nothing.
func (w *walker) heading(n *xhtml.Node, level int) {
	t := gatherHeading(n)
	if t == "" {
		return
	}
	if !w.limit.Section() {
		w.err = w.limit.Err
		return
	}
	for len(w.open) > 1 && w.p.Sections[w.open[len(w.open)-1]].Level >= level {
		w.open = w.open[:len(w.open)-1]
	}
	w.p.Sections = append(w.p.Sections, app.Section{
		Parent:  w.open[len(w.open)-1],
		Level:   level,
		Heading: srctext.Truncate(t, maxHeading),
	})
	w.open = append(w.open, len(w.p.Sections)-1)
	w.add(app.BlockHeading, level, t, key{t, t})
}

// maxHeading bounds a section's heading label, in runes; the heading
// block keeps the full text.
const maxHeading = 300

// code adds a <pre> element as a code block: its text as it is, line
// breaks and indentation kept, less blank lines before and white space
// after.
func (w *walker) code(n *xhtml.Node) {
	var b strings.Builder
	gatherPre(n, &b)
	t := b.String()
	// Leading blank lines go, the first line's indentation stays.
	for {
		i := strings.IndexByte(t, '\n')
		if i < 0 || strings.TrimSpace(t[:i]) != "" {
			break
		}
		t = t[i+1:]
	}
	t = strings.TrimRight(t, " \t\n\r\f")
	if strings.TrimSpace(t) == "" {
		return
	}
	t = strings.ToValidUTF8(t, "\uFFFD")
	w.add(app.BlockCode, 0, t, key{t, t})
}

// gatherPre writes the text under n verbatim: <br> and the end of a
// block element inside are line breaks (highlighters wrap lines in them).
func gatherPre(n *xhtml.Node, b *strings.Builder) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case xhtml.TextNode:
			for _, r := range c.Data {
				switch r {
				case '\u00a0':
					b.WriteByte(' ')
				case '\u00ad', '\u200b', '\r':
				default:
					b.WriteRune(r)
				}
			}
		case xhtml.ElementNode:
			if skipped(c) {
				continue
			}
			if c.DataAtom == atom.Br {
				b.WriteByte('\n')
				continue
			}
			gatherPre(c, b)
			if blockTags[c.DataAtom] {
				if s := b.String(); s != "" && !strings.HasSuffix(s, "\n") {
					b.WriteByte('\n')
				}
			}
		}
	}
}

// gather returns the visible text under n on one line, white space
// collapsed; block elements and <br> inside are word breaks.
func gather(n *xhtml.Node) string {
	var t text
	gatherInto(n, &t, false)
	return t.String()
}

// gatherHeading is gather for a heading: a permalink beside its text is
// left out.
func gatherHeading(n *xhtml.Node) string {
	var t text
	gatherInto(n, &t, true)
	return t.String()
}

func gatherInto(n *xhtml.Node, t *text, heading bool) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case xhtml.TextNode:
			t.add(c.Data)
		case xhtml.ElementNode:
			if skipped(c) || heading && selfLink(c) {
				continue
			}
			if c.DataAtom == atom.Br || blockTags[c.DataAtom] {
				t.space()
			}
			if c.DataAtom == atom.Pre {
				// Code inside a heading or a cell: its line breaks are
				// word breaks too.
				t.add(preText(c))
			} else {
				gatherInto(c, t, heading)
			}
			if blockTags[c.DataAtom] {
				t.space()
			}
		}
	}
}

func preText(n *xhtml.Node) string {
	var b strings.Builder
	gatherPre(n, &b)
	return b.String()
}

// text gathers visible text with HTML's white space collapsing: runs of
// spaces, tabs, line breaks and other Unicode spaces (no-break, en, …)
// become one space, none at either end. Soft hyphens and zero-width spaces, which show nothing, are
// dropped.
type text struct {
	b       strings.Builder
	pending bool // a space is due before the next visible character
}

func (t *text) empty() bool { return t.b.Len() == 0 }

func (t *text) reset() { t.b.Reset(); t.pending = false }

// space puts a word break before whatever text comes next.
func (t *text) space() { t.pending = t.b.Len() > 0 }

// add appends s and reports whether it held any visible character.
func (t *text) add(s string) bool {
	visible := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch c {
			case ' ', '\t', '\n', '\r', '\f', '\v':
				t.pending = t.b.Len() > 0
				continue
			case 0:
				continue
			}
			if t.pending {
				t.b.WriteByte(' ')
				t.pending = false
			}
			t.b.WriteByte(c)
			visible = true
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case unicode.IsSpace(r):
			// No-break, en, ideographic … spaces: space to a reader.
			t.pending = t.b.Len() > 0
			continue
		case r == '\u00ad' || r == '\u200b' || r == '\ufeff':
			continue
		case r == utf8.RuneError && size == 1:
			r = '\uFFFD'
		}
		if t.pending {
			t.b.WriteByte(' ')
			t.pending = false
		}
		t.b.WriteRune(r)
		visible = true
	}
	return visible
}

func (t *text) String() string { return t.b.String() }

// collapse returns s with its white space collapsed as text does it.
func collapse(s string) string {
	var t text
	t.add(s)
	return t.String()
}

// selfLink reports whether n is a link to a place on the page shown as a
// lone symbol ("#", "¶", "§", "🔗"): the permalink many sites put beside
// each heading, which is not part of the heading's text.
func selfLink(n *xhtml.Node) bool {
	if n.DataAtom != atom.A || !strings.HasPrefix(attr(n, "href"), "#") {
		return false
	}
	t := gather(n)
	if t == "" {
		return true
	}
	r, size := utf8.DecodeRuneInString(t)
	return size == len(t) && !unicode.IsLetter(r) && !unicode.IsDigit(r)
}
