package check

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
)

// stream is the candidate text of one document: the blocks its matching
// passages cover, in reading order, as one run of words.
type stream struct {
	info   *docInfo
	blocks []app.Block
	toks   []stoken
}

// furnitureWords is the most words a block at the edge of a page may have
// to be read as page furniture (a running header, a footer, a page number)
// when it stands between two pages.
const furnitureWords = 12

// newStream makes the stream of a document's blocks (in reading order).
// What a printed page sets between the words of a sentence is passed over
// for free: a short block that ends one page or starts the next (a running
// header, a footer, a page number), every block between a sentence cut at
// a page's end and its continuation on the next (footnotes, furniture),
// and footnote marks — numbers set smaller than the words around them.
func newStream(info *docInfo, blocks []app.Block) *stream {
	s := &stream{info: info, blocks: blocks}
	between := runOnGaps(blocks)
	for i, b := range blocks {
		toks := tokenize(b.Text)
		free := between[i] || b.Page > 0 && len(toks) <= furnitureWords && pageEdge(blocks, i)
		marks := footnoteMarks(b, toks)
		for k, t := range toks {
			s.toks = append(s.toks, stoken{token: t, Block: i, Free: free || marks[k]})
		}
	}
	return s
}

// minRunOnWords is the fewest words of a block that may run on to the
// next page: fewer are a heading or a line of furniture, which end without
// a full stop but continue nothing.
const minRunOnWords = 6

// runOnGaps marks the blocks standing between a block that ends a page
// mid-sentence (no closing punctuation) and the block of the next page
// that continues it: the first there, furniture aside, when it starts
// with a lower-case letter. Only a stretch of the document the stream
// holds whole is read.
func runOnGaps(blocks []app.Block) map[int]bool {
	out := map[int]bool{}
	for i, b := range blocks {
		text := strings.TrimRight(b.Text, " \n")
		if b.Page == 0 || len(strings.Fields(text)) < minRunOnWords || strings.ContainsRune(".!?:;\"”)", lastRune(text)) {
			continue
		}
		for j := i + 1; j < len(blocks) && blocks[j].Page <= b.Page+1; j++ {
			if blocks[j].Seq-b.Seq != j-i {
				break // a block of the document is not in the stream: its order is unknown
			}
			if blocks[j].Page == b.Page {
				if lowerStart(blocks[j].Text) {
					break // continued on its own page (the next column)
				}
				continue
			}
			if len(tokenize(blocks[j].Text)) <= furnitureWords && !lowerStart(blocks[j].Text) {
				continue
			}
			if lowerStart(blocks[j].Text) {
				for k := i + 1; k < j; k++ {
					out[k] = true
				}
			}
			break
		}
	}
	return out
}

// footnoteMarks marks the tokens of a block that are footnote references:
// numbers of one to three digits whose box is much shorter than the
// block's typical word.
func footnoteMarks(b app.Block, toks []token) map[int]bool {
	if len(b.Words) < 4 {
		return nil
	}
	heights := make([]float64, len(b.Words))
	box := map[int]app.WordBox{}
	for i, w := range b.Words {
		heights[i] = w.Y1 - w.Y0
		box[w.Start] = w
	}
	sort.Float64s(heights)
	typical := heights[len(heights)/2]
	out := map[int]bool{}
	for k, t := range toks {
		w, ok := box[t.Start]
		if ok && len(t.Norm) <= 3 && allDigits(t.Norm) && w.Y1-w.Y0 < 0.8*typical {
			out[k] = true
		}
	}
	return out
}

func allDigits(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func lowerStart(s string) bool { return unicode.IsLower(firstRune(s)) }

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, " \n"))
	return r
}

// pageEdge reports whether block i is the last of its page with the next
// page's blocks after it, or the first with the previous page's before.
func pageEdge(blocks []app.Block, i int) bool {
	p := blocks[i].Page
	endsPage := i+1 < len(blocks) && blocks[i+1].Page != p && i > 0 && blocks[i-1].Page == p
	startsPage := i > 0 && blocks[i-1].Page != p && i+1 < len(blocks) && blocks[i+1].Page == p
	return endsPage || startsPage
}

// part is a stretch of one block's text that an alignment covers.
type part struct {
	block      int
	start, end int // byte offsets into the block's text
	gapBefore  bool
}

// parts are the stretches of source text an alignment covers, split at
// block ends and at the quotation's omissions, page furniture left out.
func (s *stream) parts(a alignment) []part {
	var out []part
	last := -1
	for _, st := range a.Steps {
		if st.S < 0 {
			continue
		}
		t := s.toks[st.S]
		gap := last >= 0 && !s.furnitureBetween(last, st.S)
		if n := len(out); n > 0 && !gap && out[n-1].block == t.Block {
			out[n-1].end = t.End
		} else {
			out = append(out, part{block: t.Block, start: t.Start, end: t.End, gapBefore: gap})
		}
		last = st.S
	}
	return out
}

// furnitureBetween reports whether only page furniture stands between
// source words i and j (i < j): they read as one run.
func (s *stream) furnitureBetween(i, j int) bool {
	for k := i + 1; k < j; k++ {
		if !s.toks[k].Free {
			return false
		}
	}
	return true
}

// citation cites the source text an alignment covers: verbatim, each run
// of it highlighted on its page, its pages and lines.
func (s *stream) citation(a alignment) app.Citation {
	d := s.info.doc
	cit := app.Citation{DocumentID: d.ID, Title: d.Title, Blocks: []string{}, Rects: []app.Rect{}, Precision: "section"}
	var quote strings.Builder
	seen := map[string]bool{}
	ps := s.parts(a)
	for i, p := range ps {
		b := &s.blocks[p.block]
		switch {
		case i == 0:
		case p.gapBefore:
			quote.WriteString(" … ")
		default:
			quote.WriteString(" ")
		}
		quote.WriteString(b.Text[p.start:p.end])
		if !seen[b.ID] {
			seen[b.ID] = true
			cit.Blocks = append(cit.Blocks, b.ID)
		}
		cit.Rects = append(cit.Rects, b.QuoteRects(p.start, p.end)...)
		first, last := b.LinesOf(p.start, p.end)
		if i == 0 {
			cit.Section = s.info.sections[b.SectionID]
			cit.PageStart, cit.LineStart = b.Page, first
		}
		cit.PageEnd, cit.LineEnd = b.Page, last
	}
	cit.Quote = quote.String()
	switch {
	case cit.LineStart > 0 || len(cit.Rects) > 0:
		cit.Precision = "line"
	case cit.PageStart > 0:
		cit.Precision = "page"
	}
	return cit
}

// pages lists the pages the aligned source words stand on, in order.
func (s *stream) pages(a alignment) []int {
	var out []int
	for _, st := range a.Steps {
		if st.S < 0 {
			continue
		}
		p := s.blocks[s.toks[st.S].Block].Page
		if p > 0 && (len(out) == 0 || out[len(out)-1] != p) {
			out = append(out, p)
		}
	}
	return out
}

// reNumbered reads the number of a numbered paragraph: "4.", "4)", "(4)",
// "¶ 4", "Paragraph 4" at the start of a block.
var reNumbered = regexp.MustCompile(`^\s*(?:¶\s*(\d+)|\((\d+)\)|(\d+)[.)]\s|(?i:para(?:graph)?\.?)\s+(\d+))`)

// paragraph is the number of the numbered paragraph the alignment starts
// in: the nearest block at or before its first word that opens with a
// number; 0 when none does.
func (s *stream) paragraph(a alignment) int {
	if len(s.toks) == 0 {
		return 0
	}
	for i := s.toks[a.First].Block; i >= 0; i-- {
		if m := reNumbered.FindStringSubmatch(s.blocks[i].Text); m != nil {
			for _, g := range m[1:] {
				if g != "" {
					n, _ := strconv.Atoi(g)
					return n
				}
			}
		}
	}
	return 0
}

// onCitedPage says whether an alignment lies on the page or paragraph the
// pincite names, and whether that could be checked at all: a source
// without pages cannot be on page 12, nor one without numbered paragraphs
// in ¶ 4. A page matches by its number or by its printed label.
func (c *Checker) onCitedPage(s *stream, a alignment, cite Pincite) (ok, checked bool) {
	switch {
	case cite.From > 0:
		pages := s.pages(a)
		if len(pages) == 0 {
			return false, false
		}
		for _, p := range pages {
			label, _ := strconv.Atoi(s.info.labels[p])
			if p >= cite.From && p <= cite.To || label >= cite.From && label <= cite.To && label > 0 {
				return true, true
			}
		}
		return false, true
	case cite.Para > 0:
		n := s.paragraph(a)
		if n == 0 {
			return false, false
		}
		return n == cite.Para, true
	}
	return false, false
}

// pageNote says where a passage cited on another page or paragraph is.
func pageNote(cite Pincite, s *stream, a alignment) string {
	if cite.Para > 0 {
		return fmt.Sprintf("cited ¶ %d; the passage is in ¶ %d", cite.Para, s.paragraph(a))
	}
	pages := s.pages(a)
	where := fmt.Sprintf("p. %s", pageName(s, pages[0]))
	if len(pages) > 1 {
		where = fmt.Sprintf("pp. %s–%s", pageName(s, pages[0]), pageName(s, pages[len(pages)-1]))
	}
	cited := fmt.Sprintf("p. %d", cite.From)
	if cite.To > cite.From {
		cited = fmt.Sprintf("pp. %d–%d", cite.From, cite.To)
	}
	return fmt.Sprintf("cited %s; the passage is on %s", cited, where)
}

// pageName is a page as the document prints it, with its physical number
// when the label differs.
func pageName(s *stream, p int) string {
	if l := s.info.labels[p]; l != "" && l != strconv.Itoa(p) {
		return fmt.Sprintf("%s (page %d of the file)", l, p)
	}
	return strconv.Itoa(p)
}
