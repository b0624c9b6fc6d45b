package docx

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"archivist/app"
	"archivist/ingest/internal/bounds"
	"archivist/ingest/internal/srctext"
)

// walker turns the document's elements into blocks and sections.
type walker struct {
	ctx    context.Context
	p      *app.Parsed
	open   []int // indices of the open sections, root first
	styles *styles

	refs         map[string][]string // note kind → note IDs in the order the text refers to them
	titleText    string              // the first Title-styled paragraph
	inNotes      bool                // reading footnotes: headings there are paragraphs
	bodySections int                 // sections before the notes'
	bodyBlocks   int                 // blocks before the notes'
	limit        bounds.Counter
}

// maxHeading bounds a section's heading label, in runes; the heading
// block keeps the full text.
const maxHeading = 300

// body reads the body of the main document part, one top-level element at
// a time, so that only one paragraph or table is in memory as a tree.
func (w *walker) body(pk *pkg, name string) error {
	rc, err := pk.open(name)
	if err != nil {
		return err
	}
	if rc == nil {
		return damaged("it has no %s", name)
	}
	// A part of more paragraphs than a document may hold is refused after
	// one quick read, before any is built (millions of tiny ones compress
	// well under the zip-bomb ratio).
	before := pk.read
	n, err := paragraphTags(rc, bounds.MaxBlocks)
	rc.Close()
	pk.read = before // the part is read again below; count it once against MaxTotalBytes
	if err != nil {
		return partError(name, err)
	}
	if n > bounds.MaxBlocks {
		return bounds.TooMany("paragraphs", bounds.MaxBlocks)
	}
	if rc, err = pk.open(name); err != nil {
		return err
	}
	defer rc.Close()
	d := newDecoder(rc)
	b := &builder{d: d, cancel: func() bool { return w.ctx.Err() != nil }, limit: maxBodyElements}
	inBody := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return partError(name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			tag := tagOf(t.Name)
			if !inBody {
				inBody = tag == "w:body"
				continue
			}
			if skipTags[tag] {
				if err := d.Skip(); err != nil {
					return partError(name, err)
				}
				continue
			}
			n, err := b.build(t, 1)
			if err != nil {
				return partError(name, err)
			}
			w.block(n)
			if err := w.ctx.Err(); err != nil {
				return err
			}
			if w.limit.Err != nil {
				return w.limit.Err
			}
		case xml.EndElement:
			if inBody && tagOf(t.Name) == "w:body" {
				return nil
			}
		}
	}
	if !inBody {
		return damaged("%s has no document body", name)
	}
	return nil
}

// block reads block-level content: paragraphs, tables and the elements
// that wrap them.
func (w *walker) block(n *node) {
	switch n.tag {
	case "w:p":
		w.paragraph(n)
	case "w:tbl":
		w.table(n)
	case "mc:AlternateContent":
		if c := choose(n); c != nil {
			w.blocks(c)
		}
	case "w:sdt", "w:sdtContent", "w:customXml", "w:ins", "w:moveTo", "w:smartTag", "w:txbxContent", "w:footnote", "w:endnote":
		w.blocks(n)
	}
}

func (w *walker) blocks(n *node) {
	for _, k := range n.kids {
		w.block(k)
	}
}

// paragraph adds a paragraph as a heading, list item, caption, quote or
// plain paragraph, then the text boxes anchored in it.
func (w *walker) paragraph(n *node) {
	r := w.role(n)
	var b strings.Builder
	var boxes []*node
	w.inline(n, &b, &boxes)
	t := clean(b.String())
	switch {
	case t == "":
	case r.heading > 0 && !w.inNotes:
		w.heading(t, min(r.heading, 6), r.title)
	case r.caption:
		w.add(app.BlockCaption, 0, t)
	case r.quote:
		w.add(app.BlockQuote, 0, t)
	case r.list:
		w.add(app.BlockListItem, 0, t)
	default:
		w.add(app.BlockParagraph, 0, t)
	}
	for _, box := range boxes {
		w.blocks(box)
	}
}

// role returns what the paragraph's style, outline level and numbering
// make of it. The paragraph's own settings win over its style's.
func (w *walker) role(n *node) role {
	ppr := n.child("w:pPr")
	r := w.styles.resolve(ppr.child("w:pStyle").valOrEmpty())
	if ol := ppr.child("w:outlineLvl"); ol != nil {
		if lvl := outlineLevel(ol.val()); lvl != 0 {
			r.heading, r.title = max(lvl, 0), false
		}
	}
	if num := ppr.child("w:numPr"); num != nil {
		// numId 0 takes the style's numbering away.
		id := num.child("w:numId").valOrEmpty()
		r.list = id != "0" && (id != "" || r.list)
	}
	return r
}

func (n *node) valOrEmpty() string {
	if n == nil {
		return ""
	}
	return n.val()
}

// heading opens a section under the nearest open section of a lower
// level.
func (w *walker) heading(t string, level int, title bool) {
	if !w.limit.Section() {
		return
	}
	label := srctext.Truncate(srctext.OneLine(t), maxHeading)
	for len(w.open) > 1 && w.p.Sections[w.open[len(w.open)-1]].Level >= level {
		w.open = w.open[:len(w.open)-1]
	}
	w.p.Sections = append(w.p.Sections, app.Section{
		Parent:  w.open[len(w.open)-1],
		Level:   level,
		Heading: label,
	})
	w.open = append(w.open, len(w.p.Sections)-1)
	if title && w.titleText == "" {
		w.titleText = label
	}
	w.add(app.BlockHeading, level, srctext.OneLine(t))
}

func (w *walker) add(kind app.BlockKind, level int, t string) {
	if !w.limit.Block(t) {
		return
	}
	w.p.Blocks = append(w.p.Blocks, app.Block{
		Seq:     len(w.p.Blocks),
		Section: w.open[len(w.open)-1],
		Kind:    kind,
		Level:   level,
		Text:    t,
	})
}

// inline writes the text of a paragraph's content to b: runs, hyperlinks,
// fields, content controls, tracked insertions. Text boxes are gathered
// into boxes, to be read as blocks of their own after the paragraph.
func (w *walker) inline(n *node, b *strings.Builder, boxes *[]*node) {
	for _, k := range n.kids {
		switch k.tag {
		case "w:pPr", "w:rPr":
		case "w:r":
			if !hidden(k) {
				w.inline(k, b, boxes)
			}
		case "w:t", "m:t":
			b.WriteString(k.text)
		case "w:tab", "w:ptab":
			b.WriteByte('\t')
		case "w:br", "w:cr":
			b.WriteByte('\n')
		case "w:noBreakHyphen":
			b.WriteByte('-')
		case "w:txbxContent":
			*boxes = append(*boxes, k)
		case "mc:AlternateContent":
			if c := choose(k); c != nil {
				w.inline(c, b, boxes)
			}
		case "w:footnoteReference", "w:endnoteReference":
			kind := strings.TrimSuffix(strings.TrimPrefix(k.tag, "w:"), "Reference")
			if id, ok := k.get("id"); ok {
				w.refs[kind] = append(w.refs[kind], id)
			}
		case "w:p":
			// Not valid here, but its text is text.
			b.WriteByte('\n')
			w.inline(k, b, boxes)
		case "w:tbl":
			b.WriteByte('\n')
			b.WriteString(w.flatTable(k))
		default:
			w.inline(k, b, boxes)
		}
	}
}

// hidden reports whether run r is hidden text (w:vanish).
func hidden(r *node) bool {
	v := r.child("w:rPr").child("w:vanish")
	if v == nil {
		return false
	}
	val, ok := v.get("val")
	return !ok || on(val)
}

// on reads an OOXML boolean attribute.
func on(v string) bool {
	switch strings.ToLower(v) {
	case "0", "false", "off":
		return false
	}
	return true
}

// choose returns the branch of an mc:AlternateContent to read: the first
// choice that holds text, else the fallback, else the first choice. Word
// writes a text box twice, as DrawingML in a choice and as VML in the
// fallback; reading one branch keeps its text from being doubled.
func choose(alt *node) *node {
	var first *node
	for _, k := range alt.kids {
		if k.tag != "mc:Choice" {
			continue
		}
		if first == nil {
			first = k
		}
		if hasText(k) {
			return k
		}
	}
	if fb := alt.child("mc:Fallback"); fb != nil {
		return fb
	}
	return first
}

func hasText(n *node) bool {
	if (n.tag == "w:t" || n.tag == "m:t") && strings.TrimSpace(n.text) != "" {
		return true
	}
	for _, k := range n.kids {
		if hasText(k) {
			return true
		}
	}
	return false
}

const invisibleChars = "\u00ad\u200b\ufeff"

var invisible = strings.NewReplacer("\u00ad", "", "\u200b", "", "\ufeff", "")

// clean tidies a paragraph's text: runs of white space inside a line
// become one space, lines are trimmed, and empty lines dropped. Soft
// hyphens and zero-width spaces, which show nothing, go.
func clean(s string) string {
	if s == "" {
		return ""
	}
	if strings.ContainsAny(s, invisibleChars) {
		s = invisible.Replace(s)
	}
	var b strings.Builder
	for line := range strings.SplitSeq(s, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		for i, word := range f {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(word)
		}
	}
	return b.String()
}

// coreTitle returns the title in the core properties part (dc:title), or
// "". A damaged core part only loses the title.
func (pk *pkg) coreTitle(name string) (string, error) {
	rc, err := pk.open(name)
	if err != nil || rc == nil {
		return "", err
	}
	defer rc.Close()
	d := newDecoder(rc)
	for {
		tok, err := d.Token()
		if err != nil {
			return "", limitError(err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || tagOf(se.Name) != "dc:title" {
			continue
		}
		var title string
		if err := d.DecodeElement(&title, &se); err != nil {
			return "", limitError(err)
		}
		return title, nil
	}
}

// limitError returns err when it is a limit's *app.Error, else nil: for
// the parts whose damage only loses a little (the title, the styles).
func limitError(err error) error {
	var ae *app.Error
	if errors.As(err, &ae) {
		return err
	}
	return nil
}

// paragraphTags counts the paragraph start tags ("<w:p>", "<w:p …>") of a
// part, reading it once without building anything, and stops past limit.
// Word writes the "w" prefix; a part that uses another is counted by the
// walk instead, which stops at the same limit.
func paragraphTags(r io.Reader, limit int) (int, error) {
	buf := make([]byte, 64<<10)
	n, keep := 0, 0
	for {
		m, err := r.Read(buf[keep:])
		data := buf[:keep+m]
		for i := 0; ; {
			j := bytes.Index(data[i:], []byte("<w:p"))
			if j < 0 || i+j+4 >= len(data) {
				break
			}
			if c := data[i+j+4]; c == '>' || c == ' ' || c == '/' || c == '\t' || c == '\n' || c == '\r' {
				if n++; n > limit {
					return n, nil
				}
			}
			i += j + 4
		}
		// A tag cut by the end of the buffer is counted with the next read.
		keep = min(len(data), 4)
		copy(buf, data[len(data)-keep:])
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}
