package pdf

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"archivist/app"
)

// outlineEntry is one bookmark of the PDF outline.
type outlineEntry struct {
	title string
	level int     // 1 for top-level bookmarks, capped at 6
	page  int     // 0-based physical page
	y     float64 // top of the target in display points; -1 when unknown
	// The target's location in PDF user space, when the destination has
	// one; placeOutline maps it to y.
	hasLoc bool
	ux, uy float64
}

// placeOutline drops the entries past the last page and sets the others'
// y from their pages' geometry.
func placeOutline(outline []outlineEntry, pages []page) []outlineEntry {
	out := outline[:0:0]
	for _, e := range outline {
		if e.page < 0 || e.page >= len(pages) {
			continue
		}
		if g := &pages[e.page].g; e.hasLoc && g.w > 0 {
			_, e.y = g.apply(e.ux, e.uy)
		}
		out = append(out, e)
	}
	return out
}

// secStart is where a section of the tree starts.
type secStart struct {
	title string
	level int // 1–6
	block int // first block; len(blocks) when it has none
	page  int // 1-based page, for a section without blocks
}

// Where a document's section tree came from.
const (
	treeOutline  = "outline"
	treeContents = "contents"
	treeHeadings = "headings"
	treeNone     = "none"
)

// maxSectionPages: a section whose own text runs longer is split at its
// own headings.
const maxSectionPages = 20

// sectionStarts chooses the section tree: the outline when the PDF has
// one, else the contents page when its entries can be placed and
// verified, else the heading blocks. Outline and contents sections
// longer than maxSectionPages are split at their own headings.
func sectionStarts(pages []page, blocks []*pblock, outline []outlineEntry) ([]secStart, string) {
	if len(outline) > 0 {
		var starts []secStart
		prev := 0
		for _, e := range outline {
			b := outlineBlock(blocks, e)
			b = max(b, prev) // the outline cannot run backwards
			prev = b
			starts = append(starts, secStart{title: e.title, level: e.level, block: b, page: e.page + 1})
		}
		return splitLong(starts, blocks), treeOutline
	}
	if starts := placeContents(pages, blocks, contentsRows(pages)); starts != nil {
		return splitLong(starts, blocks), treeContents
	}
	// Headings nest by style, except that "Part …" and "Item …" headings
	// (filings) rank above all others whatever their style.
	hasPart, hasItem := false, false
	for _, b := range blocks {
		if b.kind == app.BlockHeading {
			t := b.text()
			hasPart = hasPart || partHeadingRe.MatchString(t)
			hasItem = hasItem || itemHeadingRe.MatchString(t)
		}
	}
	tiers := 0
	for _, has := range []bool{hasPart, hasItem} {
		if has {
			tiers++
		}
	}
	var starts []secStart
	for i, b := range blocks {
		if b.kind != app.BlockHeading {
			continue
		}
		t := b.text()
		lv := min(tiers+b.level, 6)
		switch {
		case partHeadingRe.MatchString(t):
			lv = 1
		case itemHeadingRe.MatchString(t):
			lv = tiers
		}
		starts = append(starts, secStart{title: headingTitle(b), level: lv, block: i})
	}
	if len(starts) == 0 {
		return nil, treeNone
	}
	return starts, treeHeadings
}

// Filing headings: "PART II", "Item 7A. Management's …".
var (
	partHeadingRe = regexp.MustCompile(`(?i)^part\s+([ivx]+|[0-9]+)\b`)
	itemHeadingRe = regexp.MustCompile(`(?i)^item\s+[0-9]{1,2}[a-z]?\b`)
)

func headingTitle(b *pblock) string { return strings.Join(strings.Fields(b.text()), " ") }

// splitLong adds a section at every heading of a section whose own blocks
// (those before its first subsection) span more than maxSectionPages; the
// root's too. The new sections nest under it, one level per heading
// style.
func splitLong(starts []secStart, blocks []*pblock) []secStart {
	var out []secStart
	split := func(from, to, level int) {
		if from >= to || level >= 6 || blocks[to-1].page-blocks[from].page+1 <= maxSectionPages {
			return
		}
		// Headings styled like the section's own heading (or larger) are
		// its siblings; smaller ones its subsections.
		own := 0
		if level > 0 && blocks[from].kind == app.BlockHeading {
			own = blocks[from].level
		}
		var hs, styles []int
		for i := from; i < to; i++ {
			if b := blocks[i]; b.kind == app.BlockHeading && (i > from || level == 0) {
				hs = append(hs, i)
				if b.level > own && !slices.Contains(styles, b.level) {
					styles = append(styles, b.level)
				}
			}
		}
		slices.Sort(styles)
		for _, i := range hs {
			lv := level
			if blocks[i].level > own {
				lv = level + 1 + slices.Index(styles, blocks[i].level)
			}
			out = append(out, secStart{title: headingTitle(blocks[i]), level: min(lv, 6), block: i})
		}
	}
	first := len(blocks)
	if len(starts) > 0 {
		first = starts[0].block
	}
	split(0, first, 0)
	for k, s := range starts {
		out = append(out, s)
		end := len(blocks)
		if k+1 < len(starts) {
			end = starts[k+1].block
		}
		split(s.block, end, s.level)
	}
	return out
}

// buildSections appends the sections starting at starts (in block order)
// to p.Sections (the root is already there) and returns each block's
// section index. Blocks are in reading order, so on a multi-column page a
// paragraph falls under the heading before it in its column, or a
// spanning heading.
func buildSections(p *app.Parsed, blocks []*pblock, starts []secStart) []int {
	secs := make([]int, len(starts)) // index into p.Sections
	for k, st := range starts {
		p.Sections = append(p.Sections, app.Section{Level: st.level, Heading: st.title, PageStart: max(st.page, 1)})
		secs[k] = len(p.Sections) - 1
	}
	// Parents from levels.
	stack := []int{0}
	for i := 1; i < len(p.Sections); i++ {
		s := &p.Sections[i]
		for len(stack) > 1 && p.Sections[stack[len(stack)-1]].Level >= s.Level {
			stack = stack[:len(stack)-1]
		}
		s.Parent = stack[len(stack)-1]
		stack = append(stack, i)
	}
	// Blocks to sections: each block belongs to the last section started
	// at or before it.
	sectionOf := make([]int, len(blocks))
	k := 0
	cur := 0
	for i := range blocks {
		for k < len(starts) && starts[k].block <= i {
			cur = secs[k]
			k++
		}
		sectionOf[i] = cur
	}
	// Page ranges: a section runs from its first block to the last block
	// before the next section of the same or a higher level.
	for j, st := range starts {
		s := &p.Sections[secs[j]]
		if st.block < len(blocks) {
			s.PageStart = blocks[st.block].page
		}
		end := len(blocks)
		for _, nx := range starts[j+1:] {
			if nx.level <= s.Level {
				end = nx.block
				break
			}
		}
		// The running header at the top of the next section's page is
		// not a reason to extend this one.
		for end > st.block+1 && end-1 < len(blocks) && blocks[end-1].furniture {
			end--
		}
		s.PageEnd = s.PageStart
		if end > st.block && end-1 < len(blocks) {
			s.PageEnd = max(s.PageStart, blocks[end-1].page)
		}
	}
	return sectionOf
}

// outlineBlock returns the index of the block where a bookmark's section
// starts: a block on its page whose text begins with the bookmark title
// (nearest the target's y), else the block nearest below the target's y,
// else the first block on or after its page.
func outlineBlock(blocks []*pblock, e outlineEntry) int {
	page := e.page + 1
	want := fold(e.title)
	best, bestD := -1, math.Inf(1)
	for i, b := range blocks {
		if b.page != page {
			continue
		}
		t := fold(b.text())
		if want != "" && (strings.HasPrefix(t, want) || len(t) >= 8 && strings.HasPrefix(want, t)) {
			d := 0.0
			if e.y >= 0 {
				d = math.Abs(b.y0 - e.y)
			}
			if d < bestD {
				best, bestD = i, d
			}
		}
	}
	if best >= 0 {
		return best
	}
	if e.y >= 0 {
		for i, b := range blocks {
			if b.page == page && b.y1 >= e.y-2 && b.y0-e.y < bestD {
				best, bestD = i, math.Max(0, b.y0-e.y)
			}
		}
		if best >= 0 {
			return best
		}
	}
	for i, b := range blocks {
		if b.page >= page {
			return i
		}
	}
	return len(blocks)
}

// fold reduces s to lower-case letters and digits, for matching titles.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
