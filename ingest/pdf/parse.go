package pdf

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klippa-app/go-pdfium/requests"

	"archivist/app"
)

// page is what Parse reads from one physical page.
type page struct {
	info   app.Page
	g      geom
	words  []word
	blocks []*pblock
}

// Parse reads a PDF: pages with their sizes, rotations and labels; layout
// blocks in reading order with boxes normalised 0–1 (origin top-left,
// after rotation); and the section tree, from the outline when the file
// has one and from the headings otherwise. password may be "".
//
// Errors are *app.Error: EInvalid for damaged files, ErrCodePassword for
// encrypted ones, ETooLarge when the time limit stopped it, ECancelled
// when ctx was cancelled.
func (e *Engine) Parse(ctx context.Context, data []byte, password string) (*app.Parsed, error) {
	var p *app.Parsed
	err := e.withDocument(ctx, data, password, func(s *session) error {
		n, err := s.pageCount()
		if err != nil {
			return fmt.Errorf("pdf: count pages: %w", err)
		}
		if n <= 0 {
			return damaged("it has no pages")
		}
		// The page count comes from the page tree's /Count, which a broken
		// or hostile file can set to millions; no page takes fewer than a
		// few bytes, and pages that do not load end the document.
		n = min(n, len(data)/4+1, maxPages)
		pages := make([]page, 0, min(n, 4096))
		bad := 0
		for i := range n {
			if err := s.ctx.Err(); err != nil {
				return err
			}
			pg, ok := s.readPage(i)
			pages = append(pages, pg)
			if bad = bad + 1; ok {
				bad = 0
			}
			if bad >= maxBadPages {
				pages = pages[:len(pages)-bad]
				break
			}
		}
		if len(pages) == 0 {
			return damaged("none of its pages can be read")
		}
		outline := s.outline(pages)
		p = assemble(pages, outline, s.metaTitle())
		return nil
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Page count limits.
const (
	maxPages    = 100_000
	maxBadPages = 50 // this many unloadable pages in a row end the document
)

// readPage reads one page's geometry, label and words. A page PDFium
// cannot load comes back empty with ok false, rather than failing the
// document.
func (s *session) readPage(i int) (pg page, ok bool) {
	pg = page{info: app.Page{Number: i + 1, Label: s.pageLabel(i)}, g: geom{w: 612, h: 792}}
	pg.info.WidthPt, pg.info.HeightPt = pg.g.w, pg.g.h
	lp, err := s.inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: s.doc, Index: i})
	if err != nil {
		return pg, false
	}
	defer s.inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: lp.Page})
	ref := requests.Page{ByReference: &lp.Page}
	g, err := s.pageGeom(ref)
	if err != nil {
		return pg, true
	}
	pg.g = g
	pg.info.WidthPt, pg.info.HeightPt, pg.info.Rotation = g.w, g.h, g.rot
	pg.words, _ = s.pageWords(ref, &pg.g)
	return pg, true
}

// assemble lays out every page and builds the document.
func assemble(pages []page, outline []outlineEntry, meta string) *app.Parsed {
	p := &app.Parsed{Format: app.FormatPDF, Pages: len(pages)}
	outline = slices.DeleteFunc(outline, func(e outlineEntry) bool { return e.page >= len(pages) })
	var blocks []*pblock
	for i := range pages {
		pg := &pages[i]
		p.PageInfo = append(p.PageInfo, pg.info)
		if len(pg.words) == 0 {
			continue
		}
		for _, rg := range readingOrder(buildLines(pg.words)) {
			pg.blocks = append(pg.blocks, regionBlocks(rg, pg.info.Number)...)
		}
		blocks = append(blocks, pg.blocks...)
	}
	classify(pages, blocks)
	p.Title = chooseTitle(meta, blocks)
	p.Sections = []app.Section{{Parent: -1, Heading: p.Title, PageStart: 1, PageEnd: len(pages)}}
	sectionOf := buildSections(p, blocks, outline)
	for i, b := range blocks {
		level := 0
		if b.kind == app.BlockHeading {
			level = b.level
		}
		p.Blocks = append(p.Blocks, app.Block{
			Seq:     i,
			Section: sectionOf[i],
			Kind:    b.kind,
			Level:   level,
			Text:    b.text(),
			Page:    b.page,
			Box:     pages[b.page-1].g.norm(b.box, b.page),
		})
	}
	return p
}

// Heading detection, relative to the page's body text size.
const (
	headingSizeRatio = 1.15 // this much larger than body text is a heading
	headingMaxRows   = 3
	headingMaxWords  = 20
	boldHeadingWords = 15 // a bold body-size block up to this long is a heading
	pageBodyMinChars = 400
)

// classify finds headings and captions, and gives headings levels: one
// level per distinct heading style (size, weight) in the document,
// largest first.
func classify(pages []page, blocks []*pblock) {
	docBody := bodySize(blocks)
	for i := range pages {
		body := docBody
		if pb := pages[i].blocks; chars(pb) >= pageBodyMinChars {
			body = bodySize(pb)
		}
		for _, b := range pages[i].blocks {
			if b.kind == app.BlockTable {
				continue
			}
			t := b.text()
			switch {
			case captionStart.MatchString(t):
				b.kind = app.BlockCaption
			case isHeading(b, t, body):
				b.kind = app.BlockHeading
			}
		}
	}
	type style struct {
		size float64
		bold bool
	}
	var styles []style
	for _, b := range blocks {
		if b.kind == app.BlockHeading {
			s := style{math.Round(b.size*2) / 2, b.bold}
			if !slices.Contains(styles, s) {
				styles = append(styles, s)
			}
		}
	}
	slices.SortFunc(styles, func(a, b style) int {
		if c := cmpF(b.size, a.size); c != 0 {
			return c
		}
		if a.bold != b.bold && a.bold {
			return -1
		} else if a.bold != b.bold {
			return 1
		}
		return 0
	})
	for _, b := range blocks {
		if b.kind == app.BlockHeading {
			b.level = min(slices.Index(styles, style{math.Round(b.size*2) / 2, b.bold})+1, 6)
		}
	}
}

func isHeading(b *pblock, text string, body float64) bool {
	if len(b.rows) > headingMaxRows || b.words() > headingMaxWords || letters(text) < 2 {
		return false
	}
	if strings.HasSuffix(text, ",") || strings.HasSuffix(text, ";") {
		return false
	}
	if b.size >= body*headingSizeRatio {
		return true
	}
	return b.bold && b.size >= body*0.9 && b.words() <= boldHeadingWords
}

// bodySize returns the font size (points) most characters are set in.
func bodySize(blocks []*pblock) float64 {
	bySize := map[float64]int{}
	for _, b := range blocks {
		for _, r := range b.rows {
			for _, c := range r {
				bySize[c.size] += c.chars
			}
		}
	}
	best, size := 0, 0.0
	for s, n := range bySize {
		if n > best || n == best && s < size {
			best, size = n, s
		}
	}
	return size
}

func chars(blocks []*pblock) int {
	n := 0
	for _, b := range blocks {
		for _, r := range b.rows {
			for _, c := range r {
				n += c.chars
			}
		}
	}
	return n
}

func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// chooseTitle returns the metadata title when it looks like a real title,
// else the first of the largest headings on page 1, else "".
func chooseTitle(meta string, blocks []*pblock) string {
	if sensibleTitle(meta) {
		return meta
	}
	var best *pblock
	for _, b := range blocks {
		if b.page != 1 {
			break
		}
		if b.kind == app.BlockHeading && (best == nil || b.size > best.size+0.1) {
			best = b
		}
	}
	if best == nil {
		return ""
	}
	return strings.ReplaceAll(best.text(), "\n", " ")
}

// sensibleTitle rejects metadata titles that are file names, tool
// defaults or too short to name anything.
func sensibleTitle(t string) bool {
	n := utf8.RuneCountInString(t)
	if n < 3 || n > 300 || letters(t) < 3 {
		return false
	}
	l := strings.ToLower(t)
	for _, bad := range []string{".doc", ".docx", ".pdf", ".indd", ".qxd", ".tex", ".dvi", ".rtf", ".ps", ".xls", ".ppt"} {
		if strings.HasSuffix(l, bad) {
			return false
		}
	}
	switch l {
	case "untitled", "title", "document", "pdf", "word document", "slide 1", "powerpoint presentation":
		return false
	}
	return !strings.HasPrefix(l, "microsoft word - ") && !strings.HasPrefix(l, "untitled")
}
