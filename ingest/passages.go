package ingest

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"archivist/app"
)

// IndexVersion is the version of the passage builder, recorded on every
// passage. Bump it whenever BuildPassages would cut the same blocks
// differently: passages of an older version are rebuilt from the stored
// blocks.
const IndexVersion = 4

// PassageTarget is the size a passage's Text aims at, in bytes (not
// characters: a byte count is what SQLite and the evidence budgets see,
// and it is cheap). No passage exceeds it unless one unit — a table row,
// or a piece the splitter could not cut — is longer on its own.
const PassageTarget = 2400

// PassageOverlap bounds, in bytes, the units a passage repeats from the end
// of the previous one in the same section, so a sentence cut by a passage
// boundary is found whole in one of the two.
const PassageOverlap = 400

// headingSeparator joins the levels of a passage's heading path.
const headingSeparator = " › "

// AssignIDs gives every section and block that has no ID yet a new one.
func AssignIDs(p *app.Parsed, newID func() string) {
	for i := range p.Sections {
		if p.Sections[i].ID == "" {
			p.Sections[i].ID = newID()
		}
	}
	for i := range p.Blocks {
		if p.Blocks[i].ID == "" {
			p.Blocks[i].ID = newID()
		}
	}
}

// BuildPassages cuts a parsed document, whose IDs are assigned, into
// passages: within each section (a passage never crosses one) the blocks'
// units are packed in reading order up to PassageTarget bytes, each passage
// starting with the last units of the previous one up to PassageOverlap
// bytes. A passage that starts inside a table repeats the text just before
// the table (bounded), its caption and its first row, the header. Passage IDs are derived from docID and the passage's
// sequence number, so rebuilding the same blocks gives the same IDs.
//
// A slide deck's page is a unit of its own: each slide is one passage
// (more only when it holds more than PassageTarget), never crossing to the
// next slide, and its sections — the headings a slide's type sizes make —
// do not cut it: a question's words spread over a slide's title, bullets
// and chart labels meet in one passage, as they stand on one page (see
// isSlideDeck). The passage is filed under the section of the slide's
// first block.
//
// The print read by OCR inside a picture (app.BlockFigure) is a passage of
// its own (Picture), under its section, after the document's text
// passages, led by the picture's caption when it has one: a chart's labels
// are a list of words and numbers that would dilute the paragraphs around
// them, and say what they are only beside the caption that names the
// chart. The text passages are what they were without the pictures, under
// the same IDs.
func BuildPassages(docID, title string, p *app.Parsed) []app.Passage {
	pk := &packer{doc: docID, title: title, p: p, prev: map[int]int{}, slides: isSlideDeck(p)}
	var units []unit
	var figures []sectionBlocks
	for _, sec := range pk.sectionsInOrder() {
		units = units[:0]
		last := -1
		for _, bi := range sec.blocks {
			b := &p.Blocks[bi]
			if b.Kind == app.BlockFigure {
				figures = append(figures, sectionBlocks{index: sec.index, blocks: []int{bi}})
				continue
			}
			units = splitUnits(units, bi, b.Kind, b.Text, PassageTarget)
			if last >= 0 {
				pk.prev[bi] = last
			}
			last = bi
		}
		if len(units) > 0 {
			pk.pack(sec.index, units)
		}
	}
	text := len(pk.out)
	for _, f := range figures {
		var units []unit
		if c := pk.captionOf(f.blocks[0]); c >= 0 {
			units = splitUnits(units, c, p.Blocks[c].Kind, p.Blocks[c].Text, PassageTarget)
		}
		b := &p.Blocks[f.blocks[0]]
		pk.pack(f.index, splitUnits(units, f.blocks[0], b.Kind, b.Text, PassageTarget))
	}
	for i := text; i < len(pk.out); i++ {
		pk.out[i].Picture = true
	}
	return pk.out
}

// captionReach is how many blocks from a picture its caption may stand:
// after it (where figures are captioned) or before it, on its page, with
// the picture's other labels between.
const captionReach = 6

// captionOf returns the index of the caption of the picture block fi: the
// nearest caption on its page after it, else before it, that is not a
// table's; -1 when none. Blocks are in reading order by index, as the PDF
// parser makes them.
func (pk *packer) captionOf(fi int) int {
	bs := pk.p.Blocks
	for _, dir := range []int{1, -1} {
		for i, n := fi+dir, 0; i >= 0 && i < len(bs) && n < captionReach && bs[i].Page == bs[fi].Page; i, n = i+dir, n+1 {
			if bs[i].Kind == app.BlockHeading {
				break
			}
			if bs[i].Kind == app.BlockCaption && bs[i].Section == bs[fi].Section && !tableCaptionRE.MatchString(bs[i].Text) {
				return i
			}
		}
	}
	return -1
}

// tableCaptionRE matches a table's caption, which names no picture.
var tableCaptionRE = regexp.MustCompile(`^(?i:table|tab\.)\s`)

type sectionBlocks struct {
	index  int
	blocks []int // indices into Parsed.Blocks, in reading order
}

type packer struct {
	doc, title string
	p          *app.Parsed
	prev       map[int]int // block index → the block before it in its section
	out        []app.Passage
	slides     bool // a passage ends at every page break
}

// isSlideDeck reports whether a document's pages are slides: most of them
// wider than tall (a slide's 4:3 or 16:9 against a page's portrait) and
// holding little text. Each slide says one thing, under its own title; a
// passage joining ten of them ranks as one and cites all ten.
func isSlideDeck(p *app.Parsed) bool {
	if !mostlyWide(p) {
		return false
	}
	text := 0
	for _, b := range p.Blocks {
		if b.Kind != app.BlockFigure {
			text += len(b.Text)
		}
	}
	return text/len(p.PageInfo) < slideTextBytes
}

// mostlyWide reports whether at least three pages and four in five of
// them are wider than tall.
func mostlyWide(p *app.Parsed) bool {
	if len(p.PageInfo) < 3 {
		return false
	}
	wide := 0
	for _, pg := range p.PageInfo {
		if pg.WidthPt > 1.15*pg.HeightPt {
			wide++
		}
	}
	return wide*5 >= len(p.PageInfo)*4
}

// slideTextBytes is the mean text a page of a slide deck holds at most: a
// slide has a title and a few lines, a landscape page of a report or a
// spreadsheet printout a page's worth.
const slideTextBytes = 1500

// span is a byte range of one block, by block index.
type span struct{ block, start, end int }

// tableContextBytes bounds the text before a table repeated with each of
// its later pieces.
const tableContextBytes = 200

// sectionsInOrder groups the blocks by section, in reading order, the
// sections ordered by their first block. A block naming no valid section
// counts as the root's. A slide deck's blocks are grouped by slide, each
// group under the section of its first block.
func (pk *packer) sectionsInOrder() []sectionBlocks {
	order := make([]int, len(pk.p.Blocks))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return pk.p.Blocks[order[a]].Seq < pk.p.Blocks[order[b]].Seq })
	var secs []sectionBlocks
	at := map[int]int{}
	for _, bi := range order {
		b := &pk.p.Blocks[bi]
		if b.Text == "" {
			continue
		}
		s := b.Section
		if s < 0 || s >= len(pk.p.Sections) {
			s = 0
		}
		key := s
		if pk.slides {
			key = -1 - b.Page // a slide is one group, whatever its headings
		}
		k, ok := at[key]
		if !ok {
			k = len(secs)
			at[key] = k
			secs = append(secs, sectionBlocks{index: s})
		}
		secs[k].blocks = append(secs[k].blocks, bi)
	}
	return secs
}

// pack packs one section's units greedily into passages.
func (pk *packer) pack(sec int, units []unit) {
	var cur []unit
	size := 0
	for i := 0; i < len(units); {
		u := units[i]
		if pk.slides && len(cur) > 0 && pk.p.Blocks[u.block].Page != pk.p.Blocks[cur[len(cur)-1].block].Page {
			pk.emit(sec, cur)
			cur, size = nil, 0 // a slide repeats nothing of the one before
			continue
		}
		if len(cur) > 0 && size+pk.cost(cur, u) > PassageTarget {
			pk.emit(sec, cur)
			cur = overlap(cur)
			// Drop overlap until the new unit fits beside it.
			for len(cur) > 0 && pk.measure(cur)+pk.cost(cur, u) > PassageTarget {
				cur = cur[1:]
			}
			size = pk.measure(cur)
			continue
		}
		size += pk.cost(cur, u)
		cur = append(cur, u)
		i++
	}
	if len(cur) > 0 {
		pk.emit(sec, cur)
	}
}

// overlap returns the trailing units of a passage totalling at most
// PassageOverlap bytes, as a fresh slice.
func overlap(units []unit) []unit {
	n, total := 0, 0
	for i := len(units) - 1; i >= 0 && total+units[i].len() <= PassageOverlap; i-- {
		total += units[i].len()
		n++
	}
	return append([]unit(nil), units[len(units)-n:]...)
}

// cost is how many bytes u adds to the text of a passage made of cur.
func (pk *packer) cost(cur []unit, u unit) int {
	if len(cur) == 0 {
		n := u.len()
		for _, sp := range pk.prefix(u) {
			n += sp.end - sp.start + len(app.PassageSeparator)
		}
		return n
	}
	if last := cur[len(cur)-1]; last.block == u.block && last.end == u.start {
		return u.len()
	}
	return len(app.PassageSeparator) + u.len()
}

func (pk *packer) measure(units []unit) int {
	n := 0
	for i, u := range units {
		n += pk.cost(units[:i], u)
	}
	return n
}

// prefix returns what a passage starting with u repeats before it, so a
// piece of a table reads on its own: for a table's later rows, a bounded
// bit of the text before the table, its caption, and its header row.
func (pk *packer) prefix(u unit) []span {
	b := &pk.p.Blocks[u.block]
	if b.Kind != app.BlockTable || u.start == 0 {
		return nil
	}
	var out []span
	before, ok := pk.prev[u.block]
	if ok && pk.p.Blocks[before].Kind == app.BlockCaption {
		caption := span{before, 0, len(pk.p.Blocks[before].Text)}
		if prose, ok := pk.prev[before]; ok {
			out = append(out, pk.tail(prose)...)
		}
		out = append(out, caption)
	} else if ok {
		out = append(out, pk.tail(before)...)
	}
	if h := strings.IndexByte(b.Text, '\n'); h > 0 {
		out = append(out, span{u.block, 0, h})
	}
	return out
}

// tail returns the last tableContextBytes of a prose block, starting at a
// word, or nothing for other kinds.
func (pk *packer) tail(block int) []span {
	b := &pk.p.Blocks[block]
	if b.Kind != app.BlockParagraph && b.Kind != app.BlockListItem {
		return nil
	}
	start := max(0, len(b.Text)-tableContextBytes)
	if start > 0 {
		i := strings.IndexAny(b.Text[start:], " \n")
		if i < 0 {
			return nil
		}
		start += i + 1
	}
	if start >= len(b.Text) {
		return nil
	}
	return []span{{block, start, len(b.Text)}}
}

// emit appends the passage made of units (never empty).
func (pk *packer) emit(sec int, units []unit) {
	var spans []app.Span
	var parts []string
	lastBlock := -1
	add := func(block, start, end int) {
		b := &pk.p.Blocks[block]
		if n := len(spans); n > 0 && lastBlock == block && spans[n-1].End == start {
			spans[n-1].End = end
			parts[n-1] = b.Text[spans[n-1].Start:end]
			return
		}
		spans = append(spans, app.Span{BlockID: b.ID, Start: start, End: end})
		parts = append(parts, b.Text[start:end])
		lastBlock = block
	}
	for _, sp := range pk.prefix(units[0]) {
		add(sp.block, sp.start, sp.end)
	}
	pageStart, pageEnd := 0, 0
	for _, u := range units {
		add(u.block, u.start, u.end)
		if pg := pk.p.Blocks[u.block].Page; pg > 0 {
			if pageStart == 0 || pg < pageStart {
				pageStart = pg
			}
			pageEnd = max(pageEnd, pg)
		}
	}
	s := &pk.p.Sections[sec]
	seq := len(pk.out)
	pk.out = append(pk.out, app.Passage{
		ID:           pk.doc + "/p" + strconv.Itoa(seq),
		DocumentID:   pk.doc,
		SectionID:    s.ID,
		Seq:          seq,
		Title:        pk.title,
		Headings:     pk.headings(sec),
		Text:         strings.Join(parts, app.PassageSeparator),
		Spans:        spans,
		PageStart:    pageStart,
		PageEnd:      pageEnd,
		IndexVersion: IndexVersion,
	})
}

// headings returns the heading path of section sec, from its first
// ancestor below the root down to it; "" for the root.
func (pk *packer) headings(sec int) string {
	var path []string
	secs := pk.p.Sections
	// The depth bound guards against a malformed parent chain.
	for i, depth := sec, 0; i > 0 && i < len(secs) && depth < len(secs); i, depth = secs[i].Parent, depth+1 {
		path = append(path, secs[i].Heading)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return strings.Join(path, headingSeparator)
}
