package route

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"archivist/app/lang"
	"archivist/retrieve/jev"
)

// menu is one routing question: a node's children and how each is shown.
type menu struct {
	from     *route
	children []*node
	labels   []string
	options  []jev.Option
	// defs are the abbreviations of the document whose sections the
	// options are (docState.defs); none for a menu of documents.
	defs []lang.Abbreviation
}

const noneDescription = "None of these: the answer is not under any of the options above."

const menuInstructions = "Which option leads to the part of the archive that answers the person's question? " +
	"Each description is a partial outline with sample excerpts; choose none when no option fits."

func (m *menu) question(id string) jev.Question {
	opts := append(append([]jev.Option(nil), m.options...), jev.Option{Label: jev.NoneLabel, Description: noneDescription})
	return jev.Question{ID: id, Kind: jev.Choice, Instructions: menuInstructions, Options: opts, Abbreviations: m.defs}
}

// chars is what the menu counts against a request's menu characters,
// exactly as the protocol counts it (the none option included).
func (m *menu) chars() int {
	q := m.question("")
	return q.MenuChars()
}

// Sizes of menu entries, in characters. Entries shrink for wide menus so a
// full menu fits the per-request budget.
const (
	maxEntryChars = 1600
	minEntryChars = 200
	outlineChars  = 360 // of an entry's outline, before excerpts
)

// menuFor builds the menu of rt's node, grouping children past the menu
// limit; nil when it has none.
func (w *walk) menuFor(ctx context.Context, rt *route) (*menu, error) {
	n := rt.node
	n.expanded = true
	children, err := w.childrenOf(ctx, n)
	if err != nil || len(children) == 0 {
		return nil, err
	}
	if len(children) > w.lim.MenuOptions {
		children = w.group(n, children)
	}
	m := &menu{from: rt, children: children}
	if n.kind == kindDocument || n.kind == kindSection {
		m.defs = n.doc.defs
	}
	budget := (w.lim.MenuChars - utf8.RuneCountInString(noneDescription)) / len(children)
	budget = max(minEntryChars, min(maxEntryChars, budget))
	if err := w.describe(ctx, m, budget); err != nil {
		return nil, err
	}
	return m, nil
}

// childrenOf lists a node's children in reading order.
func (w *walk) childrenOf(ctx context.Context, n *node) ([]*node, error) {
	switch n.kind {
	case kindLibrary, kindGroup, kindDirect:
		return n.items, nil
	case kindDocument:
		if err := w.load(ctx, n.doc); err != nil {
			return nil, err
		}
		secs, _ := n.doc.topSections()
		var out []*node
		for _, s := range secs {
			out = append(out, w.sectionNode(n.doc, s))
		}
		return append(out, w.statsNode(n.doc)), nil
	case kindSection:
		var out []*node
		for _, s := range n.doc.liveKids(n.sec) {
			out = append(out, w.sectionNode(n.doc, s))
		}
		return out, nil
	}
	return nil, nil
}

// group splits too many siblings into consecutive groups, about √n each
// and never more than the menu limit, so each level stays a real choice.
func (w *walk) group(parent *node, children []*node) []*node {
	size := max(int(math.Ceil(math.Sqrt(float64(len(children))))), (len(children)+w.lim.MenuOptions-1)/w.lim.MenuOptions)
	var out []*node
	for start := 0; start < len(children); start += size {
		items := children[start:min(start+size, len(children))]
		w.seq++
		g := &node{id: fmt.Sprintf("group:%s:%d", parent.id, w.seq), kind: kindGroup, items: items, doc: parent.doc}
		first, last := items[0].label, items[len(items)-1].label
		g.label = shorten(first, 40) + " … " + shorten(last, 40)
		if len(items) > w.lim.MenuOptions {
			g.items = w.group(g, items)
		}
		out = append(out, w.addNode(g))
	}
	return out
}

// describe writes each child's menu entry: what a remote provider reads
// and, by role, what the local judge reads.
func (w *walk) describe(ctx context.Context, m *menu, budget int) error {
	var docs []*docState
	for _, c := range m.children {
		if c.kind == kindDocument {
			docs = append(docs, c.doc)
		}
		if c.kind == kindGroup || c.kind == kindDirect {
			for _, it := range c.items {
				if it.kind == kindDocument {
					docs = append(docs, it.doc)
				}
			}
		}
	}
	profiles, err := w.r.profilesOf(ctx, w.snap, docs)
	if err != nil {
		return err
	}
	// Excerpts need passage text: load every candidate window at once.
	want := map[int64]bool{}
	plans := make([][]excerptCandidate, len(m.children))
	for i, c := range m.children {
		plans[i] = w.excerptCandidates(c, len(m.children) <= openingMenu)
		for _, e := range plans[i] {
			want[e.rowid] = true
		}
	}
	texts, err := w.passageTexts(ctx, want)
	if err != nil {
		return err
	}
	for i, c := range m.children {
		label := "o" + strconv.Itoa(i+1)
		var parts []jev.Part
		switch c.kind {
		case kindDocument:
			parts = docParts(c.doc, profiles[c.doc.doc.ID])
		case kindDirect, kindGroup:
			parts = w.groupParts(c, profiles)
		case kindSection:
			parts = w.sectionParts(c)
		case kindStats:
			parts = []jev.Part{{Role: jev.RoleMeta, Text: "Statistics of this document: page count, word count, parsed figure and " +
				"table counts, numbered captions of figures and tables, abbreviations and how often each occurs, how many " +
				"times each term of the question occurs, and an inventory of its sections."}}
		}
		head := renderParts(parts)
		if n := utf8.RuneCountInString(head); n > outlineChars && len(plans[i]) > 0 {
			head = clipRunes(head, outlineChars)
			parts = clipParts(parts, outlineChars)
		}
		room := budget - utf8.RuneCountInString(head)
		if room > 80 {
			ex := w.excerpts(plans[i], texts, min(room-20, w.lim.ExcerptChars))
			if len(ex) > 0 {
				parts = append(parts, jev.Part{Role: jev.RoleBody, Text: strings.Join(ex, "\n")})
				head += "\nExcerpts: " + strings.Join(quoteAll(ex), " ")
			}
		}
		desc := clipRunes(head, budget)
		m.labels = append(m.labels, label)
		m.options = append(m.options, jev.Option{Label: label, Description: desc, Parts: parts, IndexScore: w.indexScore(c)})
	}
	return nil
}

func quoteAll(ex []string) []string {
	out := make([]string, len(ex))
	for i, e := range ex {
		out[i] = "«" + e + "»"
	}
	return out
}

// renderParts writes parts as the lines a remote provider reads.
func renderParts(parts []jev.Part) string {
	var b strings.Builder
	for _, p := range parts {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		switch p.Role {
		case jev.RoleTitle:
			b.WriteString("Document: ")
		case jev.RoleHeading:
			b.WriteString("Headings: ")
		case jev.RoleCaption:
			b.WriteString("Captions: ")
		case jev.RoleBody:
			b.WriteString("Text: ")
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// clipParts bounds the parts' total text to n characters.
func clipParts(parts []jev.Part, n int) []jev.Part {
	var out []jev.Part
	for _, p := range parts {
		if n <= 0 {
			break
		}
		t := clipRunes(p.Text, n)
		n -= utf8.RuneCountInString(t)
		out = append(out, jev.Part{Role: p.Role, Text: t})
	}
	return out
}

// clipRunes bounds s to n characters, the last an ellipsis when it is
// cut. It cuts at a byte offset rather than through a []rune copy: menus
// clip every entry, and the copy was a sixth of what describing them
// allocated.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	end := 0
	for k := 0; k < n-1; k++ {
		r, size := utf8.DecodeRuneInString(s[end:])
		if r == utf8.RuneError && size == 1 {
			// A []rune copy writes an invalid byte as U+FFFD.
			return string([]rune(s)[:max(0, n-1)]) + "…"
		}
		end += size
	}
	return s[:end] + "…"
}

// docParts is a document's menu entry: its name, file, size and the start
// of its search profile (outline and numbered captions).
func docParts(ds *docState, p *docProfile) []jev.Part {
	d := ds.doc
	title := d.Title
	if d.Filename != "" && !strings.EqualFold(d.Filename, d.Title) {
		title += " (" + fileWords(d.Filename) + ")"
	}
	parts := []jev.Part{{Role: jev.RoleTitle, Text: title}}
	meta := ""
	if d.Pages > 0 {
		meta = fmt.Sprintf("%d pages", d.Pages)
	}
	if p != nil {
		if len(p.outline) > 0 {
			parts = append(parts, jev.Part{Role: jev.RoleHeading, Text: strings.Join(p.outline, "; ")})
		}
		if len(p.captions) > 0 {
			parts = append(parts, jev.Part{Role: jev.RoleCaption, Text: strings.Join(p.captions, "; ")})
		}
		if len(p.acronyms) > 0 {
			parts = append(parts, jev.Part{Role: jev.RoleMeta, Text: "Abbreviations: " + strings.Join(p.acronyms, "; ")})
		}
		if len(p.years) > 0 {
			meta += "; years most mentioned: " + strings.Join(p.years, ", ")
		}
	}
	if meta != "" {
		parts = append(parts, jev.Part{Role: jev.RoleMeta, Text: meta})
	}
	return parts
}

// fileWords makes a file name readable: "3M_2022_10K.pdf" → "3M 2022 10K".
func fileWords(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' }), " ")
}

// groupParts describes a group by its members: document names, or
// section headings with their pages.
func (w *walk) groupParts(g *node, profiles map[string]*docProfile) []jev.Part {
	var names, heads []string
	for _, it := range g.items {
		switch it.kind {
		case kindDocument:
			names = append(names, it.doc.doc.Title+" ("+fileWords(it.doc.doc.Filename)+")")
			if p := profiles[it.doc.doc.ID]; p != nil && len(p.outline) > 0 {
				heads = append(heads, p.outline[:min(3, len(p.outline))]...)
			}
		case kindSection:
			s := it.doc.sections[it.sec]
			heads = append(heads, s.Heading+pageSpan(s.PageStart, s.PageEnd))
		default:
			names = append(names, it.label)
		}
	}
	var parts []jev.Part
	if len(names) > 0 {
		parts = append(parts, jev.Part{Role: jev.RoleTitle, Text: strings.Join(names, "; ")})
	}
	if len(heads) > 0 {
		parts = append(parts, jev.Part{Role: jev.RoleHeading, Text: strings.Join(heads, "; ")})
	}
	return parts
}

// sectionParts describes a section: its heading path, pages and the
// outline below it.
func (w *walk) sectionParts(n *node) []jev.Part {
	ds := n.doc
	s := ds.sections[n.sec]
	path := ds.paths[s.ID]
	if path == "" {
		path = s.Heading
	}
	var sub []string
	for _, k := range ds.liveKids(n.sec) {
		sub = append(sub, ds.sections[k].Heading)
		if len(sub) == 12 {
			sub = append(sub, "…")
			break
		}
	}
	parts := []jev.Part{{Role: jev.RoleHeading, Text: path}}
	if len(sub) > 0 {
		parts = append(parts, jev.Part{Role: jev.RoleHeading, Text: "Contains: " + strings.Join(sub, "; ")})
	}
	meta := strings.TrimSpace(pageSpan(s.PageStart, s.PageEnd))
	parts = append(parts, jev.Part{Role: jev.RoleMeta, Text: strings.TrimSpace(meta + fmt.Sprintf(" %d passages", ds.subtree[n.sec]))})
	return parts
}

func pageSpan(a, b int) string {
	switch {
	case a == 0:
		return ""
	case b <= a:
		return fmt.Sprintf(" (p. %d)", a)
	}
	return fmt.Sprintf(" (pp. %d–%d)", a, b)
}
