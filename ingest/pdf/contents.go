package pdf

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Section trees from a contents page (docs/design.md §2.3), for PDFs without
// an outline: find the contents page among the first pages, read its
// entries (title and printed page number), place each on its physical
// page — by the page labels when the PDF has them, else by the printed
// page numbers found in the pages' headers and footers, else by where the
// titles occur in the body — and keep the entries whose title is found on
// the page they are placed on.

// Contents detection.
const (
	contentsMaxPage   = 15 // contents pages are looked for among the first pages
	contentsMinRows   = 5  // entry rows a page needs to be a contents page
	contentsMinTitled = 3  // … or this many under a "Contents" heading
	contentsMinPlaced = 3  // verified entries needed to use the contents
)

// tocEntryRe splits a contents row into a title and a trailing page
// number, after optional dotted leaders.
var tocEntryRe = regexp.MustCompile(`^(.*?[\p{L}\p{N})\]’'"”.])(?:\s*(?:\.\s?){2,}|\s*…+|\s*_{2,})?\s+(\d{1,4})$`)

// tocGroupRe matches a part heading in a contents page ("PART II",
// "Part I – Financial information").
var tocGroupRe = regexp.MustCompile(`(?i)^part\s+([ivx]+|\d+)\b`)

// tocLabelRe matches the label that starts many headings ("Item 1A.",
// "Note 3", "Section 2.01", "Article IV"), which a contents page and the
// body do not always both print.
var tocLabelRe = regexp.MustCompile(`(?i)^(item|note|part|section|chapter|article|schedule|exhibit|appendix|annex)\s+[0-9ivxlc]+(\.[0-9]+)?[a-z]?\s*[.:–—-]?\s*`)

// pageColumnRe matches the "Page" column header a contents row can end
// with ("PART I    Page").
var pageColumnRe = regexp.MustCompile(`(?i)\s+pages?$`)

// contentsTitles are the folded headings of a contents page.
var contentsTitles = []string{"contents", "tableofcontents", "index", "indextoform10k", "indextoform10q", "formindex"}

// tocRow is one row of a contents page.
type tocRow struct {
	text   string
	title  string // text without the page number; "" when the row has none
	num    int    // the printed page number; 0 when none
	x      float64
	page   int // 0-based page of the contents
	group  bool
	level  int
	prev   string // the row before, when this row may continue it
	prevX  float64
	placed int // block where the section starts; -1 when not placed
}

// markFurniture marks the blocks that repeat on many pages at their top
// or bottom (running headers and footers, page numbers): they are never
// headings, contents entries or section starts.
func markFurniture(pages []page) {
	type cand struct {
		b   *pblock
		key string
	}
	count := map[string]int{}
	var cands []cand
	withText := 0
	for i := range pages {
		bs := pages[i].blocks
		if len(bs) == 0 {
			continue
		}
		withText++
		top, bottom := math.Inf(1), math.Inf(-1)
		for _, b := range bs {
			top, bottom = math.Min(top, b.y0), math.Max(bottom, b.y1)
		}
		h := pages[i].g.h
		if pages[i].g.q%2 == 1 {
			h = pages[i].g.w
		}
		seen := map[string]bool{}
		for _, b := range bs {
			edge := b.y0 <= top+1 || b.y1 >= bottom-1 || b.y1 <= 0.1*h || b.y0 >= 0.9*h
			if !edge || len(b.rows) > 3 {
				continue
			}
			key := furnitureKey(b.text())
			if key == "" || seen[key] {
				continue
			}
			seen[key] = true
			count[key]++
			cands = append(cands, cand{b, key})
		}
	}
	// On 30% of the pages, or 20 pages (a long filing's exhibits can lack
	// the running header of its body).
	need := max(3, min(withText*3/10, 20))
	for _, c := range cands {
		if count[c.key] >= need {
			c.b.furniture = true
		}
	}
}

// furnitureKey folds a running header's text so that its page numbers do
// not tell pages apart.
func furnitureKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r):
			b.WriteRune(r)
		case unicode.IsDigit(r):
			if !strings.HasSuffix(b.String(), "#") {
				b.WriteByte('#')
			}
		}
	}
	if b.Len() > 80 {
		return ""
	}
	return b.String()
}

// blockRows returns the rows of b as text (cells joined by spaces) with
// the x of their first cell.
func blockRows(b *pblock) (texts []string, xs []float64) {
	for _, row := range b.rows {
		var s strings.Builder
		for j, c := range row {
			if j > 0 {
				s.WriteByte(' ')
			}
			s.WriteString(c.text())
		}
		texts = append(texts, strings.Join(strings.Fields(s.String()), " "))
		xs = append(xs, row[0].x0)
	}
	return texts, xs
}

// parseTocRow splits a row into title and page number, when it is an
// entry.
func parseTocRow(text string) (title string, num int) {
	m := tocEntryRe.FindStringSubmatch(text)
	if m == nil {
		return "", 0
	}
	title = strings.TrimSpace(strings.TrimRight(m[1], ". "))
	num, _ = strconv.Atoi(m[2])
	if num <= 0 || letters(title) < 2 {
		return "", 0
	}
	// "Item 1" or "Note 12" is a label, not a title with page 1 or 12;
	// a row of figures ("Net sales 1,204 311") is a table.
	f := fold(title)
	switch f {
	case "item", "note", "part", "page", "section", "chapter", "article", "exhibit", "schedule", "annex", "appendix":
		return "", 0
	}
	if last, _ := utf8.DecodeLastRuneInString(title); unicode.IsDigit(last) || strings.ContainsRune("%$€£,;:(", last) {
		return "", 0
	}
	return title, num
}

// contentsRows finds the contents pages among the first pages and returns
// their rows, or nil. Of several runs of contents-like pages (a cover page
// can look like one), the run with the most entries wins.
func contentsRows(pages []page) []tocRow {
	var best, cur []tocRow
	bestN, curN := 0, 0
	for i := 0; i < min(contentsMaxPage, len(pages)); i++ {
		var rows []tocRow
		titled := false
		entries := 0
		for _, b := range pages[i].blocks {
			if b.furniture {
				continue
			}
			texts, xs := blockRows(b)
			for k, t := range texts {
				if slices.Contains(contentsTitles, fold(t)) {
					titled = true
					continue
				}
				r := tocRow{text: t, x: xs[k], page: i, placed: -1}
				r.title, r.num = parseTocRow(t)
				if r.num > len(pages)+10 {
					r.title, r.num = "", 0 // a year, not a page
				}
				if r.num > 0 {
					entries++
					if n := len(rows); n > 0 && rows[n-1].num == 0 && !rows[n-1].group && len(strings.Fields(rows[n-1].text)) <= 20 {
						r.prev, r.prevX = rows[n-1].text, rows[n-1].x
					}
				} else if tocGroupRe.MatchString(t) && len(strings.Fields(t)) <= 12 {
					r.group, r.title = true, pageColumnRe.ReplaceAllString(t, "")
				}
				rows = append(rows, r)
			}
		}
		if entries >= contentsMinRows && entries*3 >= len(rows) || titled && entries >= contentsMinTitled {
			cur = append(cur, rows...)
			curN += entries
		} else {
			cur, curN = nil, 0
		}
		if curN > bestN {
			best, bestN = cur, curN
		}
	}
	return best
}

// contentsLevels sets each entry's level: parts are level 1; other rows
// take levels from their indentation, below the parts when there are
// parts.
func contentsLevels(rows []tocRow) {
	var xs []float64
	parts := false
	for _, r := range rows {
		if r.num == 0 && !r.group {
			continue
		}
		if tocGroupRe.MatchString(r.title) {
			parts = true
			continue
		}
		xs = append(xs, r.x)
	}
	slices.Sort(xs)
	var cuts []float64 // the first x of each indentation level
	for _, x := range xs {
		if len(cuts) == 0 || x-cuts[len(cuts)-1] > 8 {
			cuts = append(cuts, x)
		}
	}
	for i := range rows {
		r := &rows[i]
		if tocGroupRe.MatchString(r.title) {
			r.level = 1
			continue
		}
		lv := 0
		for k, c := range cuts {
			if r.x >= c-0.5 {
				lv = k
			}
		}
		r.level = lv + 1
		if parts {
			r.level++
		}
		r.level = min(r.level, 6)
	}
}

// bodyText is the folded text of the blocks of one page, for finding
// headings.
type bodyText struct {
	idx  []int    // block indexes
	text []string // folded block texts
	bare []string // folded, without a leading label ("Item 1.")
}

// placeContents places the contents rows on their pages and returns the
// section starts of those it could verify, or nil when too few could be.
func placeContents(pages []page, blocks []*pblock, rows []tocRow) []secStart {
	if len(rows) == 0 {
		return nil
	}
	contentsEnd := rows[len(rows)-1].page + 1
	body := make([]bodyText, len(pages))
	for i, b := range blocks {
		if b.furniture {
			continue
		}
		t := b.text()
		bt := &body[b.page-1]
		bt.idx = append(bt.idx, i)
		bt.text = append(bt.text, fold(t))
		bt.bare = append(bt.bare, fold(stripLabel(t)))
	}
	foldCache := map[string]folded{}
	find := func(pg int, title string) int {
		if pg < contentsEnd || pg >= len(pages) {
			return -1
		}
		f, ok := foldCache[title]
		if !ok {
			f = foldTitle(title)
			foldCache[title] = f
		}
		return findHeading(&body[pg], f)
	}
	titles := func(r tocRow) []string {
		if r.prev != "" {
			return []string{r.prev + " " + r.title, r.title}
		}
		return []string{r.title}
	}

	// Printed page number → physical page. The page labels, the numbers
	// printed on the pages and the offset at which the titles occur are
	// each tried (some contents pages count pages their own way), and the
	// mapping that places the most entries wins.
	type mapping func(num int) (pg int, exact bool)
	var mappings []mapping
	labels := map[string]int{}
	for i := contentsEnd; i < len(pages); i++ {
		if l := pages[i].info.Label; l != "" {
			if _, dup := labels[l]; !dup {
				labels[l] = i
			}
		}
	}
	if len(labels) > 0 {
		mappings = append(mappings, func(num int) (int, bool) {
			if pg, ok := labels[strconv.Itoa(num)]; ok {
				return pg, true
			}
			return -1, true
		})
	}
	if printed := printedNumbers(pages, contentsEnd); len(printed) >= 3 {
		mappings = append(mappings, func(num int) (int, bool) { return printedPage(printed, num) })
	}
	offset, haveOffset := searchOffset(rows, len(pages), func(pg int, r tocRow) bool {
		for _, t := range titles(r) {
			if find(pg, t) >= 0 {
				return true
			}
		}
		return false
	})
	if haveOffset {
		mappings = append(mappings, func(num int) (int, bool) { return num - 1 + offset, false })
	}
	type placement struct {
		block int
		title string
	}
	place := func(m mapping) ([]placement, int) {
		out := make([]placement, len(rows))
		n := 0
		for i, r := range rows {
			out[i].block = -1
			if r.num == 0 {
				continue
			}
			pg, exact := m(r.num)
			tries := []int{pg}
			if !exact {
				// An inferred page can be a page or two out (an unnumbered
				// insert); the title must still be found on the page.
				tries = append(tries, pg+1, pg-1, pg+2, pg-2)
			}
		try:
			for _, p := range tries {
				for _, t := range titles(r) {
					if b := find(p, t); b >= 0 {
						out[i] = placement{b, t}
						n++
						break try
					}
				}
			}
		}
		return out, n
	}
	var best []placement
	placed := 0
	for _, m := range mappings {
		if ps, n := place(m); n > placed {
			best, placed = ps, n
		}
	}
	entries := 0
	for i := range rows {
		r := &rows[i]
		if r.num == 0 {
			continue
		}
		entries++
		if best != nil && best[i].block >= 0 {
			r.placed = best[i].block
			if best[i].title != r.title {
				r.title, r.x = best[i].title, r.prevX
			}
		}
	}
	if placed < contentsMinPlaced || placed*2 < entries {
		return nil
	}
	contentsLevels(rows)
	// A part starts where its text is found a little before its first
	// placed entry, else at that entry.
	for i := range rows {
		r := &rows[i]
		if !r.group || r.num != 0 {
			continue
		}
		for j := i + 1; j < len(rows) && !rows[j].group; j++ {
			if first := rows[j].placed; first >= 0 {
				r.placed = first
				pg := blocks[first].page - 1
				for p := pg; p >= max(contentsEnd, pg-2); p-- {
					if b := find(p, r.title); b >= 0 && b <= first {
						r.placed = b
						break
					}
				}
				break
			}
		}
	}
	var starts []secStart
	for _, r := range rows {
		if r.placed >= 0 {
			starts = append(starts, secStart{title: strings.Join(strings.Fields(r.title), " "), level: r.level, block: r.placed})
		}
	}
	// Sections follow the body's order, whatever the contents' order.
	slices.SortStableFunc(starts, func(a, b secStart) int { return a.block - b.block })
	return starts
}

// folded is a title folded for findHeading, with and without its label.
type folded struct{ want, bare string }

func foldTitle(title string) folded { return folded{fold(title), fold(stripLabel(title))} }

// findHeading returns the block on a page that starts with the title
// (the text may run on into the next blocks), or -1.
func findHeading(bt *bodyText, f folded) int {
	want, bare := f.want, f.bare
	if len(want) < 3 {
		return -1
	}
	for k := range bt.text {
		cat := bt.text[k]
		for j := k + 1; j < len(bt.text) && j <= k+2 && len(cat) < len(want); j++ {
			cat += bt.text[j]
		}
		if strings.HasPrefix(cat, want) {
			return bt.idx[k]
		}
		// The contents and the body label a heading differently ("1
		// Business", "Item 1. BUSINESS", "Business"): without the labels
		// the texts must agree, and the block must be short — a heading,
		// not a paragraph that starts with the same word.
		if len(bare) >= 4 && len(bt.text[k]) <= len(want)+24 && strings.HasPrefix(bt.bare[k], bare) {
			return bt.idx[k]
		}
	}
	return -1
}

// stripLabel removes a leading label ("Item 1A.", "Note 3", "1A.").
func stripLabel(s string) string {
	s = tocLabelRe.ReplaceAllString(s, "")
	return numberLabelRe.ReplaceAllString(s, "")
}

var numberLabelRe = regexp.MustCompile(`^[0-9]{1,2}[A-Za-z]?\.?\s+`)

// numberedPage is a page with the number printed on it.
type numberedPage struct{ phys, num int }

// printedNumbers returns the page numbers printed alone at the top or
// bottom of the pages from the 0-based page from on, keeping only those
// that agree with a neighbour's (so a stray number is not taken for one).
func printedNumbers(pages []page, from int) []numberedPage {
	var all []numberedPage
	for i := from; i < len(pages); i++ {
		bs := pages[i].blocks
		if len(bs) == 0 {
			continue
		}
		top, bottom := bs[0], bs[0]
		for _, b := range bs {
			if b.y0 < top.y0 {
				top = b
			}
			if b.y1 > bottom.y1 {
				bottom = b
			}
		}
		for _, b := range []*pblock{bottom, top} {
			if num, ok := printedNumber(b.text()); ok {
				all = append(all, numberedPage{i, num})
				break
			}
		}
	}
	var out []numberedPage
	for k, np := range all {
		agrees := func(j int) bool {
			return j >= 0 && j < len(all) && all[j].phys-all[j].num == np.phys-np.num
		}
		if agrees(k-1) || agrees(k+1) {
			out = append(out, np)
		}
	}
	return out
}

// printedPage returns the 0-based physical page printed as num: exact
// when a page says so, else inferred from the nearest numbered page
// before it (or after it).
func printedPage(ps []numberedPage, num int) (int, bool) {
	best := -1
	for k, p := range ps {
		if p.num == num {
			return p.phys, true
		}
		if p.num < num && (best < 0 || p.num > ps[best].num) {
			best = k
		}
	}
	if best >= 0 {
		return ps[best].phys + num - ps[best].num, false
	}
	if len(ps) > 0 {
		return ps[0].phys - (ps[0].num - num), false
	}
	return -1, true
}

// printedNumber reads a page number printed alone ("12", "- 12 -",
// "Page 12", "12 | Annual Report" is not one).
var printedNumberRe = regexp.MustCompile(`(?i)^(?:page\s+)?[-–—]?\s*(\d{1,4})\s*[-–—]?(?:\s+of\s+\d+)?$`)

func printedNumber(s string) (int, bool) {
	m := printedNumberRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil && n > 0
}

// searchOffset finds the offset between printed and physical pages from
// where the entries' titles occur in the body.
func searchOffset(rows []tocRow, n int, found func(pg int, r tocRow) bool) (int, bool) {
	votes := map[int]int{}
	total := 0
	for _, r := range rows {
		if r.num == 0 {
			continue
		}
		total++
		for pg := 0; pg < n; pg++ {
			if found(pg, r) {
				votes[pg+1-r.num]++
			}
		}
	}
	return bestVote(votes, total/2)
}

// bestVote returns the most voted offset when it has at least 3 votes and
// more than a third of n.
func bestVote(votes map[int]int, n int) (int, bool) {
	best, bestN := 0, 0
	for off, c := range votes {
		if c > bestN || c == bestN && abs(off) < abs(best) {
			best, bestN = off, c
		}
	}
	return best, bestN >= 3 && bestN*3 > n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
