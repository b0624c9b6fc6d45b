package check

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"archivist/app"
	"archivist/retrieve/fts"
	"archivist/store"
)

// Search tuning.
const (
	searchHits   = 24 // passages the FTS5 pass returns per quotation
	maxDocuments = 6  // documents aligned per quotation, best ranked first
	maxMatches   = 16 // equally good places kept per document
)

// Checker checks quotations against the library in one read snapshot.
// Its caches keep what several quotations of one draft share: blocks,
// documents, section paths and page labels.
type Checker struct {
	// Except is the SHA-256 (hex) of the draft's own bytes: when the
	// draft itself is in the library, it is not a source of its quotations.
	Except string

	snap   *store.Snapshot
	blocks map[string]app.Block
	docs   map[string]*docInfo
}

// docInfo is what the checker knows of one source document.
type docInfo struct {
	doc      app.Document
	sections map[string]string // section ID → heading path
	labels   map[int]string    // physical page → printed label
	words    map[string]bool   // title and file name words, folded
}

// New returns a Checker reading snap; the caller closes snap after.
func New(snap *store.Snapshot) *Checker {
	return &Checker{snap: snap, blocks: map[string]app.Block{}, docs: map[string]*docInfo{}}
}

// Check checks a draft's quotations and returns the report.
func (c *Checker) Check(ctx context.Context, name string, quotes []Quotation) (*app.CheckReport, error) {
	r := &app.CheckReport{Draft: name, Quotes: []app.QuoteCheck{}}
	for i, q := range quotes {
		if err := ctx.Err(); err != nil {
			return nil, app.Errorf(app.ECancelled, "The check was cancelled.")
		}
		qc, err := c.quote(ctx, q)
		if err != nil {
			return nil, err
		}
		qc.N = i + 1
		r.Quotes = append(r.Quotes, *qc)
	}
	r.Count()
	return r, nil
}

// candidate is one place a quotation may come from.
type candidate struct {
	info    *docInfo
	rank    int // the document's place in the FTS5 ranking
	stream  *stream
	a       alignment
	pageOK  bool // on the cited page or paragraph
	checked bool // the cite could be checked against this source
	name    float64
}

// quote checks one quotation.
func (c *Checker) quote(ctx context.Context, q Quotation) (*app.QuoteCheck, error) {
	qc := &app.QuoteCheck{Quote: q.Text, Block: q.Block, DraftPage: q.Page, DraftLine: q.Line,
		Pincite: q.Cite.Text, Status: app.QuoteNotFound, Issues: []string{}}
	words, clean := quoteWords(q.Text)
	if len(words) == 0 {
		return qc, nil
	}
	streams, err := c.candidates(ctx, words, clean)
	if err != nil {
		return nil, err
	}
	var cands []candidate
	for rank, s := range streams {
		for _, a := range align(words, s.toks, maxMatches) {
			cd := candidate{info: s.info, rank: rank, stream: s, a: a, name: nameScore(q.Cite.Name, s.info)}
			cd.pageOK, cd.checked = c.onCitedPage(s, a, q.Cite)
			cands = append(cands, cd)
		}
	}
	if len(cands) == 0 {
		return qc, nil
	}
	sort.SliceStable(cands, func(i, j int) bool { return better(cands[i], cands[j]) })
	best := cands[0]
	if !acceptable(best.a, len(words)) {
		return qc, nil
	}
	cit := best.stream.citation(best.a)
	qc.Source = &cit
	switch {
	case best.a.Cost > 0:
		qc.Status = app.QuoteAltered
		qc.Diff = diff(words, clean, best.stream, best.a)
		qc.Issues = issues(qc.Diff)
	case best.checked && !best.pageOK:
		qc.Status = app.QuotePageDiffers
	default:
		qc.Status = app.QuoteExact
	}
	if best.checked && !best.pageOK {
		qc.Issues = append(qc.Issues, pageNote(q.Cite, best.stream, best.a))
	}
	return qc, nil
}

// better orders candidates: fewer changed words first; then one on the
// cited page; then one whose title the pincite names; then the better
// ranked document, and the earlier place in it.
func better(a, b candidate) bool {
	if a.a.Cost != b.a.Cost {
		return a.a.Cost < b.a.Cost
	}
	if a.pageOK != b.pageOK {
		return a.pageOK
	}
	if a.name != b.name {
		return a.name > b.name
	}
	if a.rank != b.rank {
		return a.rank < b.rank
	}
	return a.a.First < b.a.First
}

// acceptable says whether the closest passage is close enough to be the
// quotation's source, altered: most of its words found as written, and
// fewer changes than half its words. Quotations of two or three words must
// be exact or differ in one word.
func acceptable(a alignment, n int) bool {
	if a.Cost == 0 {
		return true
	}
	if n <= 3 {
		return a.Cost <= 1 && a.Matched >= 2
	}
	return a.Matched*10 >= n*6 && a.Cost*2 < n
}

// nameScore is the share of a pincite's name words in a document's title
// or file name: "Annual Report at 12" prefers the annual report.
func nameScore(name string, d *docInfo) float64 {
	toks := tokenize(name)
	if len(toks) == 0 {
		return 0
	}
	hit := 0
	for _, t := range toks {
		if d.words[t.Norm] {
			hit++
		}
	}
	return float64(hit) / float64(len(toks))
}

// candidates runs the FTS5 pass for a quotation and returns the best
// documents' matching blocks as streams, best first.
//
// A quotation is a run of one passage's words, so it is asked for as
// phrases of its own words (quotationMatch), which a changed word breaks
// only one of. Unranked first (store.MatchRows): FTS5 reads the phrases'
// posting lists once and counts nothing, which is what a specific
// quotation needs. When more passages hold a phrase than are aligned, they
// are ranked (bm25 favours the passages holding more of the phrases); when
// none does — a quotation altered throughout, or invented — the pass falls
// back to the question path's any-word match within its candidate budget.
func (c *Checker) candidates(ctx context.Context, words []qword, clean string) ([]*stream, error) {
	phrases := quotationMatch(words, clean)
	if phrases == "" {
		return nil, nil
	}
	hits, err := c.snap.MatchRows(ctx, phrases, searchHits+1)
	if err != nil {
		return nil, fmt.Errorf("check: search: %w", err)
	}
	if len(hits) > searchHits {
		if hits, err = c.snap.Search(ctx, phrases, nil, searchHits); err != nil {
			return nil, fmt.Errorf("check: search: %w", err)
		}
	}
	if len(hits) == 0 {
		var text strings.Builder
		for _, w := range words {
			text.WriteString(w.Norm + " ")
		}
		terms := fts.Terms(text.String())
		if len(terms) == 0 {
			return nil, nil
		}
		match, err := fts.CandidateMatch(ctx, c.snap, terms, nil)
		if err != nil {
			return nil, err
		}
		if hits, err = c.snap.Search(ctx, match, nil, searchHits); err != nil {
			return nil, fmt.Errorf("check: search: %w", err)
		}
	}
	var order []string
	rows := map[string][]int64{}
	var all []int64
	for _, h := range hits {
		if _, ok := rows[h.DocumentID]; !ok {
			if len(order) == maxDocuments {
				continue
			}
			order = append(order, h.DocumentID)
		}
		rows[h.DocumentID] = append(rows[h.DocumentID], h.RowID)
		all = append(all, h.RowID)
	}
	passages, err := c.snap.PassagesByRowID(ctx, all)
	if err != nil {
		return nil, fmt.Errorf("check: passages: %w", err)
	}
	if err := c.loadDocs(ctx, order); err != nil {
		return nil, err
	}
	var out []*stream
	for _, id := range order {
		info, ok := c.docs[id]
		if !ok {
			continue
		}
		var ids []string
		for _, rid := range rows[id] {
			for _, s := range passages[rid].Spans {
				ids = append(ids, s.BlockID)
			}
		}
		blocks, err := c.loadBlocks(ctx, ids)
		if err != nil {
			return nil, err
		}
		out = append(out, newStream(info, blocks))
	}
	return out, nil
}

// Phrase sizes of quotationMatch, in words.
const (
	phraseWords = 5
	maxPhrases  = 3
)

// quotationMatch is the FTS5 expression that finds a quotation's passage:
// phrases of phraseWords of its words in a row (never across an omission),
// at most maxPhrases of them spread over the quotation, any of which may
// match. Each phrase is the quotation's own text, so FTS5 splits it into
// words as it split the documents (hyphens, apostrophes); "" when the
// quotation has no run of two words.
func quotationMatch(words []qword, clean string) string {
	var runs [][2]int // [first, last] word of each phrase
	start := 0
	for i := 1; i <= len(words); i++ {
		if i < len(words) && !words[i].Gap && i-start < phraseWords {
			continue
		}
		if i-start >= 2 {
			runs = append(runs, [2]int{start, i - 1})
		} else if n := len(runs); n > 0 && start > 0 && !words[start].Gap && runs[n-1][1] == start-1 {
			runs[n-1][1] = start // a lone last word joins the phrase before
		}
		start = i
	}
	if len(runs) > maxPhrases {
		spread := make([][2]int, maxPhrases)
		for k := range spread {
			spread[k] = runs[k*(len(runs)-1)/(maxPhrases-1)]
		}
		runs = spread
	}
	parts := make([]string, len(runs))
	for k, r := range runs {
		text := clean[words[r[0]].Start:words[r[1]].End]
		parts[k] = `"` + strings.ReplaceAll(text, `"`, `""`) + `"`
	}
	return strings.Join(parts, " OR ")
}

// loadBlocks returns the named blocks in reading order, reading those not
// yet cached.
func (c *Checker) loadBlocks(ctx context.Context, ids []string) ([]app.Block, error) {
	var missing []string
	seen := map[string]bool{}
	for _, id := range ids {
		if _, ok := c.blocks[id]; !ok && !seen[id] {
			missing = append(missing, id)
		}
		seen[id] = true
	}
	if len(missing) > 0 {
		got, err := c.snap.BlocksByID(ctx, missing)
		if err != nil {
			return nil, fmt.Errorf("check: blocks: %w", err)
		}
		for _, b := range got {
			c.blocks[b.ID] = b
		}
	}
	out := make([]app.Block, 0, len(seen))
	for id := range seen {
		if b, ok := c.blocks[id]; ok {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out, nil
}

// loadDocs reads the documents of ids not yet cached: their titles, section
// paths and page labels.
func (c *Checker) loadDocs(ctx context.Context, ids []string) error {
	var missing []string
	for _, id := range ids {
		if _, ok := c.docs[id]; !ok {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	docs, err := c.snap.ReadyDocuments(ctx, missing)
	if err != nil {
		return fmt.Errorf("check: documents: %w", err)
	}
	for _, d := range docs {
		if c.Except != "" && d.SHA256 == c.Except {
			continue
		}
		info := &docInfo{doc: d, labels: map[int]string{}, words: map[string]bool{}}
		if info.sections, err = c.snap.SectionPaths(ctx, d.ID); err != nil {
			return fmt.Errorf("check: sections: %w", err)
		}
		labels, err := c.snap.PageLabels(ctx, d.ID)
		if err != nil {
			return fmt.Errorf("check: page labels: %w", err)
		}
		for label, n := range labels {
			info.labels[n] = label
		}
		for _, t := range tokenize(d.Title + " " + d.Filename) {
			info.words[t.Norm] = true
		}
		c.docs[d.ID] = info
	}
	return nil
}
