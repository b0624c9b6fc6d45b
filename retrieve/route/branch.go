package route

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"archivist/app"
	"archivist/app/lang"
)

// directCandidates is the direct-candidate branch of a library menu: up to
// Direct documents proposed by the FTS5 candidate pass and by the
// question's weighted matches in document names and headings (numbered
// captions a weaker hint). They are a menu option like any other: the
// provider still routes into them and scores their passages.
func (w *walk) directCandidates(ctx context.Context) ([]*node, error) {
	if w.match == "" {
		return nil, nil
	}
	score := map[string]float64{}
	hits := w.hits
	rank := 0
	w.docBest = map[string]float64{}
	for _, h := range hits {
		if _, ok := score[h.DocumentID]; ok || w.docs[h.DocumentID] == nil {
			continue
		}
		if hits[0].Rank < 0 {
			w.docBest[h.DocumentID] = h.Rank / hits[0].Rank
		}
		// The FTS5 pass's document order, as a fading bonus.
		score[h.DocumentID] = 0.5 / float64(1+rank)
		rank++
	}
	profiles, err := w.r.profilesOf(ctx, w.snap, w.order)
	if err != nil {
		return nil, err
	}
	keys := w.query.Keys()
	for _, ds := range w.order {
		p := profiles[ds.doc.ID]
		if p != nil && !p.mayMatch(ds.doc, keys) {
			continue // no word of the question is there: every coverage below is 0
		}
		if p == nil {
			p = &docProfile{}
		}
		nameText, headsText, capsText := p.texts(ds.doc)
		name := w.query.Match(nameText, w.hints.Absent)
		s := name.Coverage
		if len(p.outline) > 0 || len(p.captions) > 0 {
			heads := w.query.Match(headsText, w.hints.Absent)
			caps := w.query.Match(capsText, w.hints.Absent)
			s += 0.5*heads.Coverage + 0.25*caps.Coverage
		}
		score[ds.doc.ID] += s * name.Constraints
		if name.Coverage*name.Constraints > 0 {
			w.named = true
		}
	}
	ids := make([]string, 0, len(score))
	for id, s := range score {
		if s > 0.05 {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		if score[ids[i]] != score[ids[j]] {
			return score[ids[i]] > score[ids[j]]
		}
		return w.docs[ids[i]].rank < w.docs[ids[j]].rank
	})
	if len(ids) > w.lim.Direct {
		ids = ids[:w.lim.Direct]
	}
	out := make([]*node, 0, len(ids))
	for _, id := range ids {
		out = append(out, w.docs[id].node)
	}
	return out, nil
}

// Statistics branch bounds.
const (
	statsAbbreviations = 12
	statsSections      = 30
)

// statistics computes the statistics branch of a document: counts a
// reader would otherwise tally by hand, with how they were counted. The
// numbered captions and abbreviations are the ones the import stored in
// the document's profile, by the one definition of each.
func (w *walk) statistics(ctx context.Context, ds *docState, route float64) (*candidate, error) {
	key := "stats:" + ds.doc.ID
	if w.scored[key] {
		return nil, nil
	}
	blocks, err := w.snap.BlockKindTexts(ctx, ds.doc.ID)
	if err != nil {
		return nil, fmt.Errorf("retrieve: statistics: %w", err)
	}
	profiles, err := w.r.profilesOf(ctx, w.snap, []*docState{ds})
	if err != nil {
		return nil, fmt.Errorf("retrieve: statistics: %w", err)
	}
	prof := profiles[ds.doc.ID]
	if prof == nil {
		prof = &docProfile{}
	}
	words := 0
	kinds := map[app.BlockKind]int{}
	var all strings.Builder
	for _, b := range blocks {
		if b.Kind == app.BlockFigure {
			// The print OCR read inside pictures is not the document's
			// text, and a picture is read only when it holds print: it
			// counts neither words nor figures.
			continue
		}
		kinds[b.Kind]++
		words += len(strings.Fields(b.Text))
		all.WriteString(strings.ToLower(b.Text))
		all.WriteByte('\n')
	}
	var t strings.Builder
	fmt.Fprintf(&t, "Statistics of the document %q, counted from its parsed text.\n", ds.doc.Title)
	if ds.doc.Pages > 0 {
		fmt.Fprintf(&t, "Pages: %d. ", ds.doc.Pages)
	}
	fmt.Fprintf(&t, "Words: %d. Parsed figures: %d. Parsed tables: %d. Captions: %d.\n", words,
		kinds[app.BlockFigure], kinds[app.BlockTable], kinds[app.BlockCaption])
	labels := make([]string, 0, len(prof.numbered))
	for l := range prof.numbered {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		nums := append([]string(nil), prof.numbered[l]...)
		sort.Slice(nums, func(i, j int) bool { return naturalLess(nums[i], nums[j]) })
		fmt.Fprintf(&t, "Numbered %s captions: %d distinct (%s %s).\n", l, len(nums), l, strings.Join(nums, ", "))
	}
	if len(prof.abbrevs) > 0 {
		var parts []string
		for _, a := range prof.abbrevs[:min(len(prof.abbrevs), statsAbbreviations)] {
			if a.Expansion != "" {
				parts = append(parts, fmt.Sprintf("%s %d (%s)", a.Short, a.Count, shorten(a.Expansion, 60)))
			} else {
				parts = append(parts, fmt.Sprintf("%s %d", a.Short, a.Count))
			}
		}
		fmt.Fprintf(&t, "Abbreviations (occurrences): %s.\n", strings.Join(parts, ", "))
	}
	text := all.String()
	var counts []string
	for _, c := range w.query.Concepts {
		if c.Kind == lang.Support || len(c.Phrases) == 0 {
			continue
		}
		whole, literal := countOccurrences(text, strings.ToLower(c.Phrases[0]))
		counts = append(counts, fmt.Sprintf("%q %d as a whole word, %d literal occurrences including inside longer words", c.Phrases[0], whole, literal))
	}
	var inv []string
	for i, s := range ds.sections {
		if i == 0 || strings.TrimSpace(s.Heading) == "" {
			continue
		}
		inv = append(inv, shorten(s.Heading, 60)+pageSpan(s.PageStart, s.PageEnd))
		if len(inv) == statsSections {
			inv = append(inv, fmt.Sprintf("… (%d sections in all)", len(ds.sections)-1))
			break
		}
	}
	if len(inv) > 0 {
		fmt.Fprintf(&t, "Sections: %s.\n", strings.Join(inv, "; "))
	}
	t.WriteString("Limit: parsed figures and tables can differ from the figures a reader sees; unnumbered figures are not counted as numbered captions.")
	c := &candidate{key: key, kind: "statistics", doc: ds, route: route, text: t.String(), title: ds.doc.Title}
	if len(counts) > 0 {
		c.counts = "Question terms: " + strings.Join(counts, "; ") + "."
	}
	return c, nil
}

// countOccurrences counts needle in text as a whole word (letters or
// digits on neither side) and literally, inside longer words too.
func countOccurrences(text, needle string) (whole, literal int) {
	if needle == "" {
		return 0, 0
	}
	for i := 0; ; {
		j := strings.Index(text[i:], needle)
		if j < 0 {
			return whole, literal
		}
		at := i + j
		literal++
		end := at + len(needle)
		if (at == 0 || !isWordByte(text[at-1])) && (end == len(text) || !isWordByte(text[end])) {
			whole++
		}
		i = at + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

func allDigitsOrSymbols(s string) bool {
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			return false
		}
	}
	return true
}

func naturalLess(a, b string) bool {
	x, ex := strconv.Atoi(strings.TrimRight(a, "abcdefghijklmnopqrstuvwxyz"))
	y, ey := strconv.Atoi(strings.TrimRight(b, "abcdefghijklmnopqrstuvwxyz"))
	if ex == nil && ey == nil && x != y {
		return x < y
	}
	return a < b
}

// Cross-reference bounds.
const (
	xrefsPerPassage  = 3
	xrefsPerQuestion = 8
	xrefPassages     = 6 // passages taken from a referenced section
)

// xrefRE finds references a reader would follow: "see Note 7", "refer to
// Item 7", "described in Section 3.4", "(Note 12)", "on page 45".
var xrefRE = regexp.MustCompile(`(?i)\b(?:see|refer\s+to|described\s+in|discussed\s+in|included\s+in|set\s+forth\s+in|presented\s+in|shown\s+in|on|\()\s*(?:the\s+)?(note|item|section|appendix|exhibit|table|figure|page)\s+(\d{1,3}[a-z]?(?:\.\d{1,2})*)\b`)

// referenceKinds are the words xrefRE's references name.
var referenceKinds = []string{"note", "item", "section", "appendix", "exhibit", "table", "figure", "page"}

// referenceLead bounds the bytes before a kind word that xrefRE's lead
// ("set forth in the") can take.
const referenceLead = 64

// findReferences is xrefRE.FindAllStringSubmatch(text, -1), fast: the
// expression runs only around the places where a kind word is followed by
// a space and a digit, instead of at every position of a long passage.
func findReferences(text string) [][]string {
	lower := asciiLower(text)
	var at []int
	for _, k := range referenceKinds {
		for i := 0; ; {
			j := strings.Index(lower[i:], k)
			if j < 0 {
				break
			}
			p := i + j
			i = p + len(k)
			q := i
			for q < len(lower) && (lower[q] == ' ' || lower[q] == '\t' || lower[q] == '\n' || lower[q] == '\r') {
				q++
			}
			if q > i && q < len(lower) && lower[q] >= '0' && lower[q] <= '9' {
				at = append(at, p)
			}
		}
	}
	sort.Ints(at)
	var out [][]string
	for _, p := range at {
		start := max(0, p-referenceLead)
		for start > 0 && !isSpaceByte(text[start-1]) {
			start-- // never start inside a word: \b must see what xrefRE sees
		}
		end := min(len(text), p+len("appendix")+24)
		for _, m := range xrefRE.FindAllStringSubmatchIndex(text[start:end], -1) {
			if start+m[2] == p {
				out = append(out, []string{text[start+m[0] : start+m[1]], text[start+m[2] : start+m[3]], text[start+m[4] : start+m[5]]})
				break
			}
		}
	}
	return out
}

// asciiLower lower-cases ASCII letters only, so byte offsets stay those of s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// followReferences queues what a useful passage refers to, in the same
// document, behind the passage's own route score.
func (w *walk) followReferences(ctx context.Context, c *candidate) error {
	if c.passage == nil || w.xrefs >= xrefsPerQuestion {
		return nil
	}
	ds := c.doc
	seen := map[string]bool{}
	n := 0
	for _, m := range findReferences(c.passage.Text) {
		kind, num := strings.ToLower(m[1]), strings.ToLower(m[2])
		if seen[kind+num] {
			continue
		}
		seen[kind+num] = true
		targets, err := w.resolveReference(ctx, ds, kind, num)
		if err != nil {
			return err
		}
		added := 0
		for _, i := range targets {
			ref := ds.refs[i]
			if ref.ID == c.ref.ID || w.scored[ref.ID] {
				continue
			}
			if _, ok := w.pending[ref.ID]; !ok {
				added++
			}
			w.yieldPassage(ds, i, c.route*0.9, "xref")
			if p := w.pending[ref.ID]; p != nil && p.prior < 0.5 {
				// Named by a useful passage: worth scoring soon.
				p.prior = 0.5
			}
		}
		if added > 0 {
			w.tr.Edges = append(w.tr.Edges, TraceEdge{From: c.key, To: "xref:" + kind + " " + num, Label: m[0],
				Probability: 1, RouteScore: round6(c.route * 0.9), Outcome: "followed"})
			n++
			w.xrefs++
		}
		if n >= xrefsPerPassage || w.xrefs >= xrefsPerQuestion {
			break
		}
	}
	return nil
}

// resolveReference returns the passages (indices into ds.refs) a
// reference names: a section whose heading starts with it ("Note 7",
// "7. Income Taxes", "Item 7"), or the passages on a page (by its printed
// label when the document has labels).
func (w *walk) resolveReference(ctx context.Context, ds *docState, kind, num string) ([]int, error) {
	if kind == "page" {
		page, err := strconv.Atoi(num)
		if ds.labels == nil {
			labels, err := w.snap.PageLabels(ctx, ds.doc.ID)
			if err != nil {
				return nil, fmt.Errorf("retrieve: cross-reference: %w", err)
			}
			ds.labels = labels
		}
		labels := ds.labels
		if p, ok := labels[num]; ok {
			page, err = p, nil
		}
		if err != nil {
			return nil, nil
		}
		var out []int
		for i, r := range ds.refs {
			if r.PageStart <= page && page <= r.PageEnd {
				out = append(out, i)
			}
		}
		return capList(out, xrefPassages), nil
	}
	var pat *regexp.Regexp
	q := regexp.QuoteMeta(num)
	switch kind {
	case "note":
		pat = regexp.MustCompile(`(?i)^\s*(?:note\s+)?` + q + `(?:[.:)\s—–-]|$)`)
	case "item", "section", "appendix", "exhibit":
		// A heading may say "Chapter 4" or "Part II" where a reference says
		// "Section 4"; a bare letter is a label only after its word.
		word := `(?:` + kind + `|chapter|part|annex|step|unit|module|lesson|article|clause|schedule|volume|§)\s*`
		if unicode.IsDigit(rune(num[0])) {
			word = "(?:" + word + ")?"
		}
		pat = regexp.MustCompile(`(?i)^\s*` + word + q + `(?:[.:)\s—–-]|$)`)
	case "table", "figure":
		pat = regexp.MustCompile(`(?i)^\s*` + kind + `\s+` + q + `\b`)
	}
	if pat == nil {
		return nil, nil
	}
	for i, s := range ds.sections {
		if i == 0 || !pat.MatchString(s.Heading) {
			continue
		}
		var out []int
		for _, d := range ds.descendants(i) {
			out = append(out, ds.own[d]...)
		}
		return capList(out, xrefPassages), nil
	}
	return nil, nil
}

// followLocators reads first what the question points at — "page 17",
// "pp. 20–21", "the last page", "Figure 3", "Appendix E", "Section 3.4",
// "Note 7" (lang.Locators): a person who names the place has the document
// open at it. The passages there are queued for scoring at once and, rated
// well or not, open the evidence (w.located); a place the document does not
// have (no such page, no heading or caption naming it) adds nothing.
func (w *walk) followLocators(ctx context.Context, ds *docState, route float64) error {
	return w.locate(ctx, ds, func(i int, name string) {
		w.yieldPassage(ds, i, route, "xref")
		if p := w.pending[ds.refs[i].ID]; p != nil && p.prior < 0.5 {
			p.prior = 0.5
		}
		if name != "" {
			w.tr.Edges = append(w.tr.Edges, TraceEdge{From: ds.node.id, To: "xref:" + name, Label: "named in the question",
				Probability: 1, RouteScore: round6(route), Outcome: "followed"})
		}
	})
}

// locate finds in ds the passages at the places the question names and
// records them in w.located, once per document; found is told of each,
// with the place's name on the last passage of a place.
func (w *walk) locate(ctx context.Context, ds *docState, found func(i int, name string)) error {
	if ds.located {
		return nil
	}
	ds.located = true
	if err := w.load(ctx, ds); err != nil {
		return err
	}
	for _, loc := range w.locators {
		var targets []int
		name := loc.Kind
		switch {
		case loc.Edge != 0:
			page := 1
			name += " first"
			if loc.Edge < 0 {
				page, name = ds.doc.Pages, loc.Kind+" last"
			}
			targets = ds.onPages(page, page)
		case loc.Sole:
			if len(w.order) != 1 {
				continue // across documents "the table" does not say whose
			}
			name += " (the document's only one)"
			rowids, err := w.snap.SoleTablePassages(ctx, ds.doc.ID)
			if err != nil {
				return fmt.Errorf("retrieve: locator: %w", err)
			}
			for _, id := range rowids {
				if i, ok := ds.refAt(id); ok {
					targets = append(targets, i)
				}
			}
		default:
			name += " " + strings.Join(loc.Labels, ",")
			for _, l := range loc.Labels {
				t, err := w.resolveLocator(ctx, ds, loc.Kind, l)
				if err != nil {
					return err
				}
				targets = append(targets, t...)
			}
		}
		targets = capList(targets, xrefPassages)
		for k, i := range targets {
			w.located = append(w.located, located{ds: ds, ref: i})
			if found != nil {
				n := ""
				if k == len(targets)-1 {
					n = name
				}
				found(i, n)
			}
		}
	}
	return nil
}

// located is a passage at a place the question names.
type located struct {
	ds  *docState
	ref int // index into ds.refs
}

// resolveLocator is resolveReference for a question's locator: a page by
// its printed label and by its physical number (a reader may mean either;
// the printed one first), a table or figure by heading or else by caption.
func (w *walk) resolveLocator(ctx context.Context, ds *docState, kind, label string) ([]int, error) {
	switch kind {
	case "page":
		targets, err := w.resolveReference(ctx, ds, kind, label)
		if err != nil {
			return nil, err
		}
		if n, err := strconv.Atoi(label); err == nil {
			for _, i := range ds.onPages(n, n) {
				if !slices.Contains(targets, i) {
					targets = append(targets, i)
				}
			}
		}
		return targets, nil
	case "table", "figure":
		targets, err := w.resolveReference(ctx, ds, kind, label)
		if err != nil || len(targets) > 0 {
			return targets, err
		}
		// Captions name tables and figures more often than headings do.
		hits, err := w.snap.SearchTop(ctx, `"`+kind+" "+label+`"`, []string{ds.doc.ID}, xrefPassages)
		if err != nil {
			return nil, fmt.Errorf("retrieve: locator: %w", err)
		}
		for _, h := range hits {
			if i, ok := ds.refAt(h.RowID); ok {
				targets = append(targets, i)
			}
		}
		return targets, nil
	case "chapter", "part", "step", "unit", "module", "lesson", "article", "clause", "schedule", "volume":
		return w.resolveReference(ctx, ds, "section", label)
	}
	return w.resolveReference(ctx, ds, kind, label)
}

// onPages returns the passages (indices into refs) that touch pages a..b.
func (ds *docState) onPages(a, b int) []int {
	var out []int
	for i, r := range ds.refs {
		if r.PageStart <= b && a <= max(r.PageStart, r.PageEnd) && r.PageStart > 0 {
			out = append(out, i)
		}
	}
	return out
}

func capList(xs []int, n int) []int {
	if len(xs) > n {
		return xs[:n]
	}
	return xs
}
