package route

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"archivist/app"
	"archivist/retrieve/jev"
	"archivist/retrieve/jev/lex"
	"archivist/store"
)

// menu is one routing question: a node's children and how each is shown.
type menu struct {
	from     *route
	children []*node
	labels   []string
	options  []jev.Option
}

const noneDescription = "None of these: the answer is not under any of the options above."

const menuInstructions = "Which option leads to the part of the archive that answers the person's question? " +
	"Each description is a partial outline with sample excerpts; choose none when no option fits."

func (m *menu) question(id string) jev.Question {
	opts := append(append([]jev.Option(nil), m.options...), jev.Option{Label: jev.NoneLabel, Description: noneDescription})
	return jev.Question{ID: id, Kind: jev.Choice, Instructions: menuInstructions, Options: opts}
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

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:max(0, n-1)]) + "…"
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

// excerptCandidate is a passage an entry may quote from.
type excerptCandidate struct {
	rowid   int64
	prior   float64
	opening bool // the first passage of the section: its opening context
}

// openingMenu is the widest menu whose entries all show their opening
// context; in wider menus only entries with matching passages do (the
// others' openings cost a read each and rarely decide anything).
const openingMenu = 16

// excerptCandidates lists, for a section or a group of sections, the
// best-ranked passages of its subtree and its first passage (always when
// opening is set, else only beside matches).
func (w *walk) excerptCandidates(n *node, opening bool) []excerptCandidate {
	var secs []*node
	switch n.kind {
	case kindSection:
		secs = []*node{n}
	case kindGroup:
		for _, it := range n.items {
			if it.kind == kindSection {
				secs = append(secs, it)
			}
		}
	}
	if len(secs) == 0 {
		return nil
	}
	ds := secs[0].doc
	var cands []excerptCandidate
	var first int64 = -1
	for _, sn := range secs {
		for _, s := range ds.descendants(sn.sec) {
			for _, pi := range ds.own[s] {
				ref := ds.refs[pi]
				if first < 0 {
					first = ref.RowID
				}
				if p := ds.prior[ref.RowID]; p > 0 {
					cands = append(cands, excerptCandidate{rowid: ref.RowID, prior: p})
				}
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].prior > cands[j].prior })
	if len(cands) > w.lim.Excerpts {
		cands = cands[:w.lim.Excerpts]
	}
	if first >= 0 && (opening || len(cands) > 0) {
		cands = append(cands, excerptCandidate{rowid: first, opening: true})
	}
	return cands
}

// indexScore is the FTS5 relevance of the best passage under a node:
// within a document relative to its best passage, across documents
// relative to the best passage in scope.
func (w *walk) indexScore(n *node) float64 {
	switch n.kind {
	case kindDocument:
		return w.docBest[n.doc.doc.ID]
	case kindSection:
		best := 0.0
		for _, s := range n.doc.descendants(n.sec) {
			for _, pi := range n.doc.own[s] {
				best = math.Max(best, n.doc.prior[n.doc.refs[pi].RowID])
			}
		}
		return best
	case kindGroup, kindDirect, kindLibrary:
		best := 0.0
		for _, it := range n.items {
			best = math.Max(best, w.indexScore(it))
		}
		return best
	}
	return 0
}

// descendants returns section i and every section below it.
func (ds *docState) descendants(i int) []int {
	out := []int{i}
	for k := 0; k < len(out); k++ {
		out = append(out, ds.kids[out[k]]...)
	}
	return out
}

func (w *walk) passageTexts(ctx context.Context, want map[int64]bool) (map[int64]string, error) {
	ids := make([]int64, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	ps, err := w.snap.PassageBodies(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("retrieve: route: %w", err)
	}
	return ps, nil
}

// excerpts picks up to Excerpts windows within limit characters: the
// windows holding most question weight (length-normalised), the opening
// context when room is left, each window's concepts counting half once
// another window holds them (the redundancy penalty).
func (w *walk) excerpts(cands []excerptCandidate, texts map[int64]string, limit int) []string {
	if limit <= 0 || len(cands) == 0 {
		return nil
	}
	per := max(120, limit/w.lim.Excerpts)
	type win struct {
		text     string
		concepts map[int]float64
		score    float64
	}
	var wins []win
	seen := map[int64]bool{}
	for _, c := range cands {
		p, ok := texts[c.rowid]
		if !ok || seen[c.rowid] && !c.opening {
			continue
		}
		seen[c.rowid] = true
		text, cs := w.window(p, per, c.opening)
		text = strings.Join(strings.Fields(text), " ")
		if text == "" {
			continue
		}
		sc := 0.0
		for _, v := range cs {
			sc += v
		}
		sc /= math.Sqrt(1 + float64(utf8.RuneCountInString(text))/float64(per))
		if c.opening {
			sc = sc*0.8 + 0.3
		}
		wins = append(wins, win{text, cs, sc})
	}
	var out []string
	used := 0
	covered := map[int]bool{}
	for len(out) < w.lim.Excerpts && len(wins) > 0 {
		best, bestScore := -1, 0.0
		for i, x := range wins {
			s := x.score
			for c, v := range x.concepts {
				if covered[c] {
					s -= v / 2 / math.Sqrt(2)
				}
			}
			if best < 0 || s > bestScore {
				best, bestScore = i, s
			}
		}
		x := wins[best]
		wins = append(wins[:best], wins[best+1:]...)
		n := utf8.RuneCountInString(x.text)
		if used+n > limit {
			if room := limit - used; room >= 80 {
				out = append(out, clipRunes(x.text, room))
				used = limit
			}
			break
		}
		out = append(out, x.text)
		used += n + 1
		for c := range x.concepts {
			covered[c] = true
		}
	}
	return out
}

// window returns the stretch of text, about n characters, holding the most
// question weight (or its opening), with the weight of each question
// concept whose first word it holds.
func (w *walk) window(text string, n int, opening bool) (string, map[int]float64) {
	stemsOf, starts, ends := lex.Spans(text)
	if len(stemsOf) == 0 {
		return "", nil
	}
	if w.firstStems == nil {
		w.firstStems = map[string]int{}
		for ci, c := range w.query.Concepts {
			for _, f := range c.Forms {
				if _, ok := w.firstStems[f[0]]; !ok && c.Weight > 0 {
					w.firstStems[f[0]] = ci
				}
			}
		}
	}
	ids := make([]int, len(stemsOf))
	for i, st := range stemsOf {
		ids[i] = -1
		if ci, ok := w.firstStems[st]; ok {
			ids[i] = ci
		}
	}
	weight := func(ci int) float64 {
		c := &w.query.Concepts[ci]
		if c.PartOf > 0 {
			return w.query.Concepts[c.PartOf-1].Weight / 3
		}
		return c.Weight
	}
	collect := func(from, end int) map[int]float64 {
		out := map[int]float64{}
		for k := from; k < len(stemsOf) && int(ends[k]) <= end; k++ {
			if ids[k] >= 0 {
				out[ids[k]] = weight(ids[k])
			}
		}
		return out
	}
	if opening {
		return clipWords(text, 0, n), collect(0, n)
	}
	bestI, bestStart, bestScore := 0, 0, -1.0
	seen := map[int]bool{}
	for i := range stemsOf {
		if ids[i] < 0 && i > 0 {
			continue
		}
		// Begin a little before the match.
		start := int(starts[i])
		k0 := i
		for k := i - 1; k >= 0 && start-int(starts[k]) < n/5; k-- {
			start, k0 = int(starts[k]), k
		}
		end := start + n
		clear(seen)
		sc := 0.0
		for k := i; k < len(stemsOf) && int(ends[k]) <= end; k++ {
			if ids[k] >= 0 && !seen[ids[k]] {
				seen[ids[k]] = true
				sc += weight(ids[k])
			}
		}
		if sc > bestScore {
			bestI, bestStart, bestScore = k0, start, sc
		}
	}
	return clipWords(text, bestStart, n), collect(bestI, bestStart+n)
}

// clipWords returns about n characters of text from byte offset start,
// ending at a word boundary.
func clipWords(text string, start, n int) string {
	s := text[start:]
	end, count := 0, 0
	for end < len(s) && count < n {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
		count++
	}
	if end == len(s) {
		return s
	}
	cut := s[:end]
	if i := strings.LastIndexAny(cut, " \n"); i > n/2 {
		cut = cut[:i]
	}
	return cut + " …"
}

// docProfile is a document's bounded search profile: its outline, numbered
// captions, spelled-out abbreviations and most-mentioned years, cached per
// document import.
type docProfile struct {
	outline  []string
	captions []string
	acronyms []string // "NARL: National Atmospheric Research Laboratory"
	years    []string
	// numbered holds, by kind, the distinct numbers of the numbered
	// captions the import stored (app.NumberedCaption), in document order;
	// abbrevs the stored abbreviations, most frequent first. The
	// statistics branch counts from them.
	numbered map[string][]string
	abbrevs  []app.Acronym
}

// Bounds of a search profile as menus show it.
const (
	profileHeadings = 40
	profileCaptions = 12
	profileAcronyms = 8
)

// profilesOf returns the profiles of docs, reading the missing ones from
// the profiles ingest stored (one query).
func (r *Router) profilesOf(ctx context.Context, snap *store.Snapshot, docs []*docState) (map[string]*docProfile, error) {
	out := map[string]*docProfile{}
	var missing []string
	r.mu.Lock()
	if r.profiles == nil {
		r.profiles = map[string]*docProfile{}
	}
	for _, d := range docs {
		if p, ok := r.profiles[profileKey(d.doc)]; ok {
			out[d.doc.ID] = p
		} else {
			missing = append(missing, d.doc.ID)
		}
	}
	r.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	stored, err := snap.Profiles(ctx, missing)
	if err != nil {
		return nil, fmt.Errorf("retrieve: profiles: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range docs {
		id := d.doc.ID
		if _, ok := out[id]; ok {
			continue
		}
		p := menuProfile(d.doc, stored[id])
		out[id] = p
		if len(r.profiles) > 4096 {
			r.profiles = map[string]*docProfile{}
		}
		r.profiles[profileKey(d.doc)] = p
	}
	return out, nil
}

// menuProfile bounds a stored profile for menus: the shallowest headings
// (in reading order), the first numbered captions, the most frequent
// abbreviations the document spells out, and the years its headings and
// name mention most.
func menuProfile(d app.Document, sp *app.Profile) *docProfile {
	p := &docProfile{numbered: map[string][]string{}}
	years := map[string]int{}
	if sp != nil {
		seen := map[string]bool{}
		for _, c := range sp.Captions {
			if kind, num, ok := app.NumberedCaption(c); ok && !seen[kind+" "+num] {
				seen[kind+" "+num] = true
				p.numbered[kind] = append(p.numbered[kind], num)
			}
		}
		p.abbrevs = sp.Acronyms
		var keep []int
		for i, e := range sp.Outline {
			h := strings.TrimSpace(e.Heading)
			if h != "" && !strings.EqualFold(h, d.Title) {
				keep = append(keep, i)
			}
		}
		if len(keep) > profileHeadings {
			sort.SliceStable(keep, func(a, b int) bool { return sp.Outline[keep[a]].Level < sp.Outline[keep[b]].Level })
			keep = keep[:profileHeadings]
			sort.Ints(keep)
		}
		for _, i := range keep {
			h := strings.TrimSpace(sp.Outline[i].Heading)
			p.outline = append(p.outline, shorten(h, 80))
			countYears(h, years)
		}
		for _, c := range sp.Captions[:min(len(sp.Captions), profileCaptions)] {
			p.captions = append(p.captions, shorten(c, 100))
		}
		for _, a := range sp.Acronyms {
			if a.Expansion == "" {
				continue
			}
			p.acronyms = append(p.acronyms, a.Short+": "+shorten(a.Expansion, 80))
			if len(p.acronyms) == profileAcronyms {
				break
			}
		}
	}
	countYears(d.Title+" "+d.Filename, years)
	p.years = topYears(years, 3)
	return p
}

func profileKey(d app.Document) string { return d.ID + "@" + d.ImportedAt.String() }

func countYears(s string, into map[string]int) {
	for _, t := range lex.Tokens(s) {
		if len(t.Lower) == 4 && (strings.HasPrefix(t.Lower, "19") || strings.HasPrefix(t.Lower, "20")) {
			if _, err := strconv.Atoi(t.Lower); err == nil {
				into[t.Lower]++
			}
		}
	}
}

func topYears(m map[string]int, n int) []string {
	var ys []string
	for y := range m {
		ys = append(ys, y)
	}
	sort.Slice(ys, func(i, j int) bool {
		if m[ys[i]] != m[ys[j]] {
			return m[ys[i]] > m[ys[j]]
		}
		return ys[i] > ys[j]
	})
	if len(ys) > n {
		ys = ys[:n]
	}
	return ys
}
