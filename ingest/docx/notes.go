package docx

import (
	"encoding/xml"
	"io"

	"archivist/app"
)

// notes reads the footnotes (or endnotes) part into blocks at the end of
// the document, in a section of their own: the notes the text refers to
// in the order it refers to them, then any others in the part's order.
// Word's separator notes hold no text and are left out.
func (w *walker) notes(pk *pkg, name, kind, heading string) error {
	rc, err := pk.open(name)
	if err != nil || rc == nil {
		return err
	}
	defer rc.Close()
	d := newDecoder(rc)
	b := &builder{d: d, cancel: func() bool { return w.ctx.Err() != nil }, limit: maxNoteElements}
	byID := map[string]*node{}
	var order []*node
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return partError(name, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || tagOf(se.Name) != "w:"+kind {
			continue
		}
		n, err := b.build(se, 1)
		if err != nil {
			return partError(name, err)
		}
		switch typ, _ := n.get("type"); typ {
		case "separator", "continuationSeparator", "continuationNotice":
			continue
		}
		id, _ := n.get("id")
		if _, dup := byID[id]; !dup {
			byID[id] = n
			order = append(order, n)
		}
	}

	start := len(w.p.Blocks)
	w.p.Sections = append(w.p.Sections, app.Section{Parent: 0, Level: 1, Heading: heading})
	sec := len(w.p.Sections) - 1
	w.open = []int{0, sec}
	w.inNotes = true
	done := map[*node]bool{}
	read := func(n *node) {
		if n != nil && !done[n] {
			done[n] = true
			w.blocks(n)
		}
	}
	// Reading a note may add references (a note citing another note);
	// the loop sees them as it goes.
	for i := 0; i < len(w.refs[kind]); i++ {
		read(byID[w.refs[kind][i]])
	}
	for _, n := range order {
		read(n)
	}
	w.inNotes = false
	if len(w.p.Blocks) == start {
		// No note had text: no section for them.
		w.p.Sections = w.p.Sections[:sec]
		w.open = []int{0}
	}
	return nil
}
