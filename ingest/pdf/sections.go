package pdf

import (
	"math"
	"strings"
	"unicode"

	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/responses"

	"archivist/app"
)

// outlineEntry is one bookmark of the PDF outline.
type outlineEntry struct {
	title string
	level int     // 1 for top-level bookmarks, capped at 6
	page  int     // 0-based physical page
	y     float64 // top of the target in display points; -1 when unknown
}

// maxOutline caps the bookmarks read, against hostile files.
const maxOutline = 5000

// outline reads the document outline in document order; nil when there is
// none or it points nowhere.
func (s *session) outline(pages []page) []outlineEntry {
	res, err := s.inst.GetBookmarks(&requests.GetBookmarks{Document: s.doc})
	if err != nil {
		return nil
	}
	var out []outlineEntry
	var walk func(bs []responses.GetBookmarksBookmark, depth int)
	walk = func(bs []responses.GetBookmarksBookmark, depth int) {
		for _, b := range bs {
			if len(out) >= maxOutline {
				return
			}
			dest := b.DestInfo
			if dest == nil && b.ActionInfo != nil {
				dest = b.ActionInfo.DestInfo
			}
			title := strings.Join(strings.Fields(b.Title), " ")
			if dest != nil && dest.PageIndex >= 0 && dest.PageIndex < len(pages) && title != "" {
				e := outlineEntry{title: title, level: min(depth+1, 6), page: dest.PageIndex, y: -1}
				if loc, err := s.inst.FPDFDest_GetLocationInPage(&requests.FPDFDest_GetLocationInPage{Dest: dest.Reference}); err == nil && loc.Y != nil {
					x := 0.0
					if loc.X != nil {
						x = float64(*loc.X)
					}
					g := &pages[dest.PageIndex].g
					if g.w > 0 {
						_, e.y = g.apply(x, float64(*loc.Y))
					}
				}
				out = append(out, e)
			}
			walk(b.Children, depth+1)
		}
	}
	walk(res.Bookmarks, 0)
	return out
}

// buildSections appends the section tree to p.Sections (the root is
// already there) and returns each block's section index. The outline wins
// when there is one; otherwise every heading block opens a section.
// Blocks are in reading order, so on a multi-column page a paragraph falls
// under the heading before it in its column, or a spanning heading.
func buildSections(p *app.Parsed, blocks []*pblock, outline []outlineEntry) []int {
	type start struct {
		sec   int // index into p.Sections
		block int // first block, len(blocks) when it has none
	}
	var starts []start
	if len(outline) > 0 {
		prev := 0
		for _, e := range outline {
			b := outlineBlock(blocks, e)
			b = max(b, prev) // the outline cannot run backwards
			prev = b
			p.Sections = append(p.Sections, app.Section{Level: e.level, Heading: e.title, PageStart: e.page + 1})
			starts = append(starts, start{len(p.Sections) - 1, b})
		}
	} else {
		for i, b := range blocks {
			if b.kind != app.BlockHeading {
				continue
			}
			p.Sections = append(p.Sections, app.Section{
				Level: b.level, Heading: strings.Join(strings.Fields(b.text()), " "), PageStart: b.page,
			})
			starts = append(starts, start{len(p.Sections) - 1, i})
		}
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
			cur = starts[k].sec
			k++
		}
		sectionOf[i] = cur
	}
	// Page ranges: a section runs from its first block to the last block
	// before the next section of the same or a higher level.
	for j, st := range starts {
		s := &p.Sections[st.sec]
		if st.block < len(blocks) {
			s.PageStart = blocks[st.block].page
		}
		end := len(blocks)
		for _, nx := range starts[j+1:] {
			if p.Sections[nx.sec].Level <= s.Level {
				end = nx.block
				break
			}
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
