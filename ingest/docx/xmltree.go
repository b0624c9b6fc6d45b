package docx

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"archivist/ingest/internal/bounds"
)

// Namespaces. ISO strict documents use their own URIs for the same
// vocabularies; both map to one prefix.
var prefixes = map[string]string{
	"http://schemas.openxmlformats.org/wordprocessingml/2006/main":            "w",
	"http://purl.oclc.org/ooxml/wordprocessingml/main":                        "w",
	"http://schemas.openxmlformats.org/markup-compatibility/2006":             "mc",
	"http://schemas.openxmlformats.org/officeDocument/2006/math":              "m",
	"http://purl.oclc.org/ooxml/officeDocument/math":                          "m",
	"http://purl.org/dc/elements/1.1/":                                        "dc",
	"http://schemas.openxmlformats.org/package/2006/metadata/core-properties": "cp",
}

// tagOf names an element "w:p", "mc:Choice", …; an element of another
// namespace is "?:" and its local name.
func tagOf(n xml.Name) string {
	if p, ok := prefixes[n.Space]; ok {
		return p + ":" + n.Local
	}
	return "?:" + n.Local
}

// node is an element of the part being read, with only what the parser
// uses: formatting is left out as it is read, which keeps a big table's
// tree small.
type node struct {
	tag  string
	attr []attr
	kids []*node
	text string // the character data of a w:t or m:t
}

// attr is an attribute of the WordprocessingML namespace, or one without a
// namespace, by its local name.
type attr struct{ key, val string }

func (n *node) get(key string) (string, bool) {
	for _, a := range n.attr {
		if a.key == key {
			return a.val, true
		}
	}
	return "", false
}

func (n *node) val() string {
	v, _ := n.get("val")
	return v
}

// child returns the first child element with tag, or nil.
func (n *node) child(tag string) *node {
	if n == nil {
		return nil
	}
	for _, k := range n.kids {
		if k.tag == tag {
			return k
		}
	}
	return nil
}

// Elements left out of the tree with everything in them: section and
// table formatting, deleted and moved-away text, field codes, embedded
// binaries and pictures.
var skipTags = map[string]bool{
	"w:sectPr": true, "w:tblPr": true, "w:tblGrid": true, "w:tblPrEx": true, "w:del": true,
	"w:moveFrom": true, "w:delText": true, "w:instrText": true, "w:delInstrText": true,
	"w:fldData": true, "w:binData": true, "w:tabs": true, "w:rsids": true, "?:pic": true,
	"?:blipFill": true, "?:spPr": true, "?:imagedata": true, "?:shapetype": true,
	"w:commentReference": true, "w:annotationRef": true, "m:ctrlPr": true, "m:rPr": true,
}

// propKeep names, for each property element, the children the parser
// reads; the rest of the formatting is dropped.
var propKeep = map[string]map[string]bool{
	"w:pPr":  {"w:pStyle": true, "w:numPr": true, "w:outlineLvl": true},
	"w:rPr":  {"w:vanish": true},
	"w:tcPr": {"w:gridSpan": true, "w:vMerge": true, "w:hMerge": true},
	"w:trPr": {"w:gridBefore": true, "w:gridAfter": true},
}

// maxDepth bounds the nesting of the tree; deeper elements are skipped
// (Word nests a few dozen levels at most).
const maxDepth = 200

// errCancelled stops a build when the context is done; Parse reports the
// context's own error.
var errCancelled = errors.New("cancelled")

// builder reads elements into nodes.
type builder struct {
	d      *xml.Decoder
	count  int
	cancel func() bool // reports whether to stop; polled every few thousand elements
	limit  int         // elements kept from the part at most; 0 means no limit
}

// The elements a part may hold, counting only those kept in trees (the
// formatting the parser drops is not counted). The body is read one
// paragraph or table at a time, so its limit bounds time — some ten
// elements a paragraph for bounds.MaxBlocks paragraphs; the notes are held
// whole, so theirs bounds memory (~100 bytes an element).
const (
	maxBodyElements = 10_000_000
	maxNoteElements = 1_000_000
)

// build reads the element opened by se, up to its end, into a node.
func (b *builder) build(se xml.StartElement, depth int) (*node, error) {
	b.count++
	if b.count%4096 == 0 && b.cancel != nil && b.cancel() {
		return nil, errCancelled
	}
	if b.limit > 0 && b.count > b.limit {
		return nil, bounds.TooMany("elements", b.limit)
	}
	n := &node{tag: tagOf(se.Name)}
	for _, a := range se.Attr {
		if a.Name.Space == "" || prefixes[a.Name.Space] == "w" {
			n.attr = append(n.attr, attr{a.Name.Local, a.Value})
		}
	}
	keep := propKeep[n.tag]
	textual := n.tag == "w:t" || n.tag == "m:t"
	var text strings.Builder
	for {
		tok, err := b.d.Token()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			tag := tagOf(t.Name)
			if skipTags[tag] || keep != nil && !keep[tag] || depth >= maxDepth {
				if err := b.d.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			k, err := b.build(t, depth+1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, k)
		case xml.CharData:
			if textual {
				text.Write(t)
			}
		case xml.EndElement:
			n.text = text.String()
			return n, nil
		}
	}
}
