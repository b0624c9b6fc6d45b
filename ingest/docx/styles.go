package docx

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
)

// style is what the parser needs of one paragraph style in
// word/styles.xml.
type style struct {
	name    string // lower case, e.g. "heading 1"
	basedOn string // style ID
	outline int    // w:outlineLvl + 1; bodyText for level 9; 0 when not set
	list    bool   // the style numbers its paragraphs (w:numPr)
}

// styles resolves paragraph style IDs, following basedOn chains.
type styles struct {
	byID  map[string]*style
	deflt string // ID of the default paragraph style
}

// maxChain bounds a basedOn chain; a longer one is a loop.
const maxChain = 32

func readStyles(r io.Reader) (*styles, error) {
	s := &styles{byID: map[string]*style{}}
	d := newDecoder(r)
	var cur *style
	inPPr := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if prefixes[t.Name.Space] != "w" {
				continue
			}
			a := func(key string) (string, bool) {
				for _, at := range t.Attr {
					if at.Name.Local == key && (at.Name.Space == "" || prefixes[at.Name.Space] == "w") {
						return at.Value, true
					}
				}
				return "", false
			}
			switch t.Name.Local {
			case "style":
				cur = nil
				if typ, _ := a("type"); typ != "paragraph" && typ != "" {
					continue
				}
				id, _ := a("styleId")
				cur = &style{}
				if _, dup := s.byID[id]; !dup {
					s.byID[id] = cur
				}
				if v, _ := a("default"); v == "1" || v == "true" || v == "on" {
					s.deflt = id
				}
			case "name":
				if cur != nil {
					v, _ := a("val")
					cur.name = strings.ToLower(strings.TrimSpace(v))
				}
			case "basedOn":
				if cur != nil {
					cur.basedOn, _ = a("val")
				}
			case "pPr":
				inPPr = cur != nil
			case "outlineLvl":
				if inPPr {
					v, _ := a("val")
					cur.outline = outlineLevel(v)
				}
			case "numId":
				if inPPr {
					v, _ := a("val")
					cur.list = v != "" && v != "0"
				}
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "pPr":
				inPPr = false
			case "style":
				cur, inPPr = nil, false
			}
		}
	}
}

// bodyText is the outline level of a paragraph set not to be a heading.
const bodyText = -1

// outlineLevel turns a w:outlineLvl value (0–8, and 9 for body text) into
// a heading level 1–9 or bodyText, or 0 when it is not a number.
func outlineLevel(v string) int {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case err != nil || n < 0:
		return 0
	case n > 8:
		return bodyText
	}
	return n + 1
}

// role is what a paragraph style makes of its paragraphs.
type role struct {
	heading int  // 1–9, 0 for none
	title   bool // the "Title" style
	list    bool
	caption bool
	quote   bool
}

// resolve returns the role of paragraphs of style id, walking its basedOn
// chain: the nearest style that sets an outline level or is a built-in
// heading, title, caption or quote style decides. Style names are
// compared as Word stores them, in English whatever the user's language
// ("heading 1"); without styles.xml the ID ("Heading1") is read the same
// way.
func (s *styles) resolve(id string) role {
	var r role
	if id == "" && s != nil {
		id = s.deflt
	}
	listSet := false
	for range maxChain {
		if id == "" {
			break
		}
		var st *style
		if s != nil {
			st = s.byID[id]
		}
		name := strings.ToLower(id)
		if st != nil {
			name = st.name
			if st.list && !listSet {
				r.list, listSet = true, true
			}
		}
		if st != nil && st.outline != 0 {
			r.heading = max(st.outline, 0)
			return r
		}
		if lvl := headingName(name); lvl > 0 {
			r.heading = lvl
			return r
		}
		switch name {
		case "title":
			r.title, r.heading = true, 1
			return r
		case "caption":
			r.caption = true
			return r
		case "quote", "intense quote", "intensequote":
			r.quote = true
			return r
		}
		if st == nil {
			break
		}
		id = st.basedOn
	}
	return r
}

// headingName returns n for "heading n" or "headingn" (n 1–9), else 0.
func headingName(name string) int {
	rest, ok := strings.CutPrefix(name, "heading")
	if !ok {
		return 0
	}
	rest = strings.TrimSpace(rest)
	if len(rest) == 1 && rest[0] >= '1' && rest[0] <= '9' {
		return int(rest[0] - '0')
	}
	return 0
}
