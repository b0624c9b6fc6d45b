package pdf

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"regexp"
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
	// textless: the page has no text but holds a picture: a scan, most
	// likely (ClassifyPage's PageImageOnly).
	textless bool
	hasText  bool // set by layoutPage, which drops words
	// inkChars: how many printed characters the page's ink outside its
	// text layer's words could hold, measured only on pages with a short
	// text layer (see ink.go); 0 when not measured.
	inkChars int
	laidOut  bool
	// unreadable: PDFium could not load the page; it stands empty.
	unreadable bool
	// figures: the pictures on a page with a text layer that may hold
	// print of their own (see figures.go).
	figures []figure
}

// Parse reads a PDF: pages with their sizes, rotations and labels; layout
// blocks in reading order with boxes normalised 0–1 (origin top-left,
// after rotation), each with its words' places in its text and their
// boxes; and the section tree — from the outline when the file has one,
// else from its contents page, else from its headings. A PDF without a
// text layer (a scan) parses to the blocks it has, with Parsed.Notice
// saying which pages need OCR. password may be "".
//
// Errors are *app.Error: EInvalid for damaged files, app.EPassword for
// encrypted ones, ETooLarge when the time limit stopped it, ECancelled
// when ctx was cancelled.
func (e *Engine) Parse(ctx context.Context, data []byte, password string) (*app.Parsed, error) {
	p, _, err := e.parse(ctx, data, password)
	return p, err
}

// parse is Parse, also telling where the section tree came from.
func (e *Engine) parse(ctx context.Context, data []byte, password string) (*app.Parsed, string, error) {
	if e.procs != nil {
		return e.parseWorkers(ctx, data, password)
	}
	return e.parseInProcess(ctx, data, password)
}

// parseInProcess is parse in this process's PDFium.
func (e *Engine) parseInProcess(ctx context.Context, data []byte, password string) (*app.Parsed, string, error) {
	var (
		got     []page
		outline []outlineEntry
		meta    string
	)
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
		bad, good := 0, 0
		for i := range n {
			if err := s.ctx.Err(); err != nil {
				return err
			}
			pg, ok := s.readPage(i)
			pg.unreadable = !ok
			pages = append(pages, pg)
			if (i+1)%16 == 0 || i+1 == n {
				app.ReportPages(ctx, i+1, n)
			}
			if bad = bad + 1; ok {
				bad = 0
				good++
			}
			if bad >= maxBadPages {
				pages = pages[:len(pages)-bad]
				break
			}
		}
		if good == 0 {
			return damaged("none of its pages can be read")
		}
		got, outline, meta = pages, s.outline(len(pages)), s.metaTitle()
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	// OCR runs after the document's PDFium instance is given back: it
	// renders in instances of its own, outside the PDF's time limit.
	notice := e.readScans(ctx, data, password, got)
	e.readFigures(ctx, data, password, got)
	p, source := assembleTree(got, outline, meta)
	p.Notice = cmp.Or(notice, p.Notice)
	return p, source, nil
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
	pg.words = append(pg.words, s.annotWords(ref, &pg.g)...)
	if c := layerChars(pg.words); c > 0 && c < sparseChars {
		pg.inkChars = s.inkChars(ref, &pg.g, pg.words)
	}
	if len(pg.words) > 0 {
		pg.figures = s.pageFigures(ref, &pg.g)
	} else {
		// Without text, does the page hold a picture (a scan)? A page of
		// lines and shapes alone is simply empty.
		pg.textless = ClassifyPage(false, s.pageImages(ref)) == PageImageOnly
	}
	return pg, true
}

// ocrNotice returns the Parsed.Notice for pages without a text layer:
// "no text — needs OCR" when no page has text and some hold pictures,
// NoticeEmpty when no page holds either, a count when many pages hold
// pictures and no text, else "". Pages with neither are not counted: they
// are simply empty.
func ocrNotice(pages []page) string {
	withText, textless := 0, 0
	for _, pg := range pages {
		switch {
		case len(pg.words) > 0 || pg.hasText:
			withText++
		case pg.textless:
			textless++
		}
	}
	switch {
	case withText == 0 && textless == 0:
		return NoticeEmpty
	case withText == 0:
		return NoticeNoText
	case textless >= 2 && textless*10 >= len(pages):
		return fmt.Sprintf("%d of %d pages have no text — they need OCR", textless, len(pages))
	}
	return ""
}

// unreadableNotice says how many pages PDFium could not load, "" when it
// loaded every one: the document is kept with the pages it could read.
func unreadableNotice(pages []page) string {
	n := 0
	for _, pg := range pages {
		if pg.unreadable {
			n++
		}
	}
	switch {
	case n == 0:
		return ""
	case n == 1:
		for _, pg := range pages {
			if pg.unreadable {
				return fmt.Sprintf("page %d of %d could not be read", pg.info.Number, len(pages))
			}
		}
	}
	return fmt.Sprintf("%d of %d pages could not be read", n, len(pages))
}

// joinNotices joins the notices that are not empty.
func joinNotices(ns ...string) string {
	var out []string
	for _, n := range ns {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "; ")
}

// NoticeNoText is the Parsed.Notice of a PDF without any text layer whose
// pages hold pictures (scans).
const NoticeNoText = "no text — needs OCR"

// NoticeEmpty is the Parsed.Notice of a PDF whose pages hold neither text
// nor pictures: there is nothing to read, and OCR would find nothing.
const NoticeEmpty = "no text — its pages are empty"

// assembleTree lays out every page and builds the document, also telling
// where the section tree came from (treeOutline, treeContents,
// treeHeadings or treeNone).
func assembleTree(pages []page, outline []outlineEntry, meta string) (*app.Parsed, string) {
	p := &app.Parsed{Format: app.FormatPDF, Pages: len(pages), Notice: joinNotices(ocrNotice(pages), unreadableNotice(pages))}
	outline = placeOutline(outline, pages)
	var blocks []*pblock
	for i := range pages {
		pg := &pages[i]
		p.PageInfo = append(p.PageInfo, pg.info)
		layoutPage(pg)
		placeFigures(pg)
		blocks = append(blocks, pg.blocks...)
	}
	markFurniture(pages)
	classify(pages, blocks)
	for _, b := range blocks {
		switch {
		case b.field:
			b.kind, b.level = app.BlockField, 0
		case b.figure:
			b.kind, b.level = app.BlockFigure, 0
		}
	}
	p.Title = chooseTitle(meta, blocks)
	// An SEC cover titles the document by filer, form and period where the
	// title found names the regulator, only the filer (two years of one
	// company's reports would read alike), or not the filer at all: a
	// title a filer's tools wrote ("CORP Q1 2021", "LMT Q4 2022 10K")
	// names it by a ticker or nothing, and a person, a search and an
	// answer all look for the filer's name.
	if t, filer, period := filingTitle(blocks); t != "" && (genericFiling.MatchString(p.Title) ||
		strings.HasPrefix(strings.ToLower(t), strings.ToLower(strings.TrimSpace(p.Title))+" ") ||
		!namesFiler(p.Title, filer) && period != "") {
		p.Title = t
	}
	p.Sections = []app.Section{{Parent: -1, Heading: p.Title, PageStart: 1, PageEnd: len(pages)}}
	starts, source := sectionStarts(pages, blocks, outline)
	sectionOf := buildSections(p, blocks, starts)
	p.Blocks = make([]app.Block, 0, len(blocks))
	for i, b := range blocks {
		level := 0
		if b.kind == app.BlockHeading {
			level = b.level
		}
		g := &pages[b.page-1].g
		text, words := b.layout(g)
		p.Blocks = append(p.Blocks, app.Block{
			Seq:     i,
			Section: sectionOf[i],
			Kind:    b.kind,
			Level:   level,
			Text:    text,
			Page:    b.page,
			Box:     g.norm(b.box, b.page),
			Words:   words,
		})
		// The block's lines and words are done with: let them go now, so
		// the document's laid-out pages and its blocks are not both held
		// whole (on a 2,000-page PDF that halved the peak heap).
		b.rows = nil
	}
	return p, source
}

// layoutPage cuts a page's words into blocks in reading order and drops
// the words (the blocks hold them). Pages are independent, so this runs
// as pages arrive, in parallel.
func layoutPage(pg *page) {
	if pg.laidOut {
		return
	}
	pg.laidOut = true
	pg.hasText = len(pg.words) > 0
	// Text set at right angles to the lines (see acrossRuns) is left out:
	// read in the order PDFium gives it, a map's street names or a filing
	// stamp up every page's margin made a jumble that matched questions
	// about anything on the page; before, it was a stack of single letters
	// mixed into the lines.
	var fields []word
	for _, w := range pg.words {
		if w.field > 0 {
			fields = append(fields, w)
		}
	}
	lines := slices.DeleteFunc(pg.words, func(w word) bool { return w.across || w.field > 0 })
	if len(lines) > 0 {
		for _, rg := range readingOrder(buildLines(lines)) {
			pg.blocks = append(pg.blocks, regionBlocks(rg, pg.info.Number)...)
		}
	}
	// Annotation texts follow the page's own text, one block each.
	pg.blocks = append(pg.blocks, fieldBlocks(fields, pg.info.Number)...)
	pg.words = nil
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
			if b.kind == app.BlockTable || b.furniture || b.figure {
				continue
			}
			t := b.text()
			switch {
			case captionStart.MatchString(t):
				b.kind = app.BlockCaption
			case isHeading(b, t, body) && !labelsRow(b, pages[i].blocks):
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

// notHeadingRe matches text that is never a heading: a footnote ("(a)
// See Note 12", "* Includes …") or a lead-in ending with a colon.
var notHeadingRe = regexp.MustCompile(`^(\(?[a-z0-9]{1,2}\)|\*|†)\s|[:,;]$`)

func isHeading(b *pblock, text string, body float64) bool {
	if len(b.rows) > headingMaxRows || b.words() > headingMaxWords || letters(text) < 2 {
		return false
	}
	if notHeadingRe.MatchString(text) {
		return false
	}
	// A bold sentence is emphasis, not a heading.
	if strings.HasSuffix(text, ".") && b.words() >= 6 && !tocLabelRe.MatchString(text) {
		return false
	}
	if b.size >= body*headingSizeRatio {
		return true
	}
	return b.bold && b.size >= body*0.9 && b.words() <= boldHeadingWords
}

// labelsRow reports whether b is the label of a row of figures: a block
// beside it on the same line holds numbers ("QFNA   189   —   189").
func labelsRow(b *pblock, page []*pblock) bool {
	for _, o := range page {
		if o == b || o.x0 < b.x1 || o.vOverlap(b.box) < 0.5*min(o.h(), b.h()) {
			continue
		}
		if numeric(o.text()) {
			return true
		}
	}
	return false
}

// bodySize returns the font size (points) most characters are set in.
func bodySize(blocks []*pblock) float64 {
	bySize := map[float64]int{}
	for _, b := range blocks {
		if b.figure {
			continue // OCR's sizes are estimates, and a chart's print is not body text
		}
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

// garbled reports whether a metadata title looks like bytes rather than
// words: control characters or replacement characters, or a Latin-1
// scatter (more than a quarter of it in U+0080–U+00FF) such as an
// encrypted file's Info string read without its key gives. Real titles
// in other scripts sit outside that range.
func garbled(t string) bool {
	var n, high int
	for _, r := range t {
		n++
		switch {
		case r == utf8.RuneError, unicode.IsControl(r):
			return true
		case r >= 0x80 && r <= 0xFF:
			high++
		}
	}
	return high*4 > n
}

// chooseTitle returns the metadata title when it looks like a real title,
// else the first of the largest headings on page 1, else "".
func chooseTitle(meta string, blocks []*pblock) string {
	if sensibleTitle(meta) {
		return meta
	}
	var best *pblock
	var page1 []*pblock
	for _, b := range blocks {
		if b.page != 1 {
			break
		}
		page1 = append(page1, b)
	}
	body := bodySize(page1)
	for _, b := range page1 {
		// A paper that repeats its title as every page's running header
		// has it marked as furniture: set large on page 1, it is still the
		// title. "Contents" names a page, never the document.
		candidate := (b.kind == app.BlockHeading || b.furniture && len(b.rows) <= headingMaxRows && b.size >= headingSizeRatio*body) &&
			hasWord(b.text()) && !contentsTitle.MatchString(b.text())
		if candidate && (best == nil || b.size > best.size+0.1) {
			best = b
		}
	}
	if best == nil {
		return ""
	}
	return strings.ReplaceAll(best.text(), "\n", " ")
}

// A filing with the SEC opens on a cover whose largest line names the
// regulator, not the filer: a library of annual reports all titled
// "UNITED STATES SECURITIES AND EXCHANGE COMMISSION" (or "FORM 10-K")
// tells them apart by nothing. The cover's mandated lines give the
// filer, the form and the period instead.
var (
	genericFiling = regexp.MustCompile(`(?i)^\s*((united\s+states\s+)?securities\s+and\s+exchange\s+commission\b.*|form\s+[0-9]+-?[a-z]\s*)$`)
	formRe        = regexp.MustCompile(`(?im)^form\s+([0-9]+-?[a-z])\b`)
	registrantRe  = regexp.MustCompile(`(?i)^\(\s*exact\s+name\s+of\s+registrant`)
	// A cover's two columns may interleave a line: "For the quarterly
	// period ended Commission file June 30, 2022 number 1-5805".
	periodRe     = regexp.MustCompile(`(?i)\bfor\s+the\s+(fiscal\s+year|quarterly\s+period|year)\s+ended:?\s+(?:[a-z]+\s+){0,3}?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2},?\s+\d{4})`)
	reportDateRe = regexp.MustCompile(`(?i)\bdate\s+of\s+report[^:]*:\s*([a-z]+\s+\d{1,2},?\s+\d{4})`)
)

// filingTitle reads an SEC cover page: "Verizon Communications Inc. 10-K
// 2022 (VZ; year ended December 31, 2022)", "Best Buy Co., Inc. 10-Q July
// 2023 (BBY; quarter ended July 29, 2023)", "Amcor plc 8-K July 1, 2022
// (AMCR)", with the trading symbol when the cover gives one. The year
// comes early, so that a list cutting long titles still tells two years
// apart; the whole date stays, as questions name it ("the fiscal year
// ending January 28, 2023"). With the title it returns the filer's name
// and the period as the cover writes them; all "" when page 1 is not a
// cover (no registrant line or no form).
func filingTitle(blocks []*pblock) (title, filer, period string) {
	var name, form, ticker string
	var prev string
	symbols := -1 // blocks left to read a trading symbol in; -1 before the column's heading
	for _, b := range blocks {
		if b.page != 1 {
			break
		}
		raw := b.text()
		t := strings.Join(strings.Fields(raw), " ")
		if ticker == "" {
			if i := strings.Index(strings.ToLower(t), "trading symbol"); i >= 0 && symbols < 0 {
				symbols = 3
				ticker = tradingSymbol(t[i+len("trading symbol"):])
			} else if symbols > 0 {
				symbols--
				ticker = tradingSymbol(t)
			}
		}
		switch {
		case form == "" && formRe.MatchString(raw):
			form = strings.ToUpper(formRe.FindStringSubmatch(raw)[1])
		case name == "" && registrantRe.MatchString(t) && prev != "":
			name = prev
		}
		if period == "" {
			if m := periodRe.FindStringSubmatch(t); m != nil {
				d := strings.Fields(strings.ReplaceAll(m[2], ",", ""))
				end := monthName(d[0]) + " " + d[1] + ", " + d[len(d)-1]
				period = d[len(d)-1] + " (year ended " + end + ")"
				if strings.HasPrefix(strings.ToLower(m[1]), "quarterly") {
					period = monthName(d[0]) + " " + d[len(d)-1] + " (quarter ended " + end + ")"
				}
			} else if m := reportDateRe.FindStringSubmatch(t); m != nil {
				d := strings.Fields(strings.ReplaceAll(m[1], ",", ""))
				period = monthName(d[0]) + " " + d[1] + ", " + d[len(d)-1]
			}
		}
		prev = t
	}
	if name == "" || form == "" || utf8.RuneCountInString(name) > 120 {
		return "", "", ""
	}
	title = strings.TrimSpace(name + " " + form + " " + period)
	switch {
	case ticker == "":
	case strings.Contains(title, "("):
		// After the year, which a list cutting long titles must still
		// show: "… 10-K 2022 (VZ; year ended December 31, 2022)".
		title = strings.Replace(title, "(", "("+ticker+"; ", 1)
	default:
		title += " (" + ticker + ")"
	}
	return title, name, period
}

// notSymbols are words a cover writes in capitals beside its trading
// symbols: exchanges, legal forms, the column's own words.
var notSymbols = map[string]bool{"NYSE": true, "NASDAQ": true, "LLC": true, "INC": true, "PLC": true, "USA": true,
	"US": true, "NA": true, "THE": true, "AND": true, "OF": true, "ACT": true, "NONE": true, "CLASS": true, "LSE": true,
	"ETN": true, "ETNS": true, "MLP": true, "TITLE": true, "NAME": true, "EACH": true, "PAR": true, "VALUE": true}

// tradingSymbol returns the first trading symbol in the text of a cover's
// "Trading Symbol(s)" column — a word of two to five capitals
// ("JPM", "GLW") that is not an exchange's or a column's word — or "".
// People name a listed company by it, so the title carries it.
func tradingSymbol(text string) string {
	if strings.Contains(strings.ToLower(text), "section 12(g)") || strings.Contains(strings.ToLower(text), "indicate by check mark") {
		return ""
	}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '|' }) {
		f = strings.Trim(f, "()[],.;:")
		if n := len(f); n < 2 || n > 5 || notSymbols[f] || strings.IndexFunc(f, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
			continue
		}
		return f
	}
	return ""
}

// legalForms are the words of a filer's name that say what kind of body
// it is, not which: a title may leave them out ("Pepsico" for
// "PepsiCo, Inc.").
var legalForms = map[string]bool{"inc": true, "incorporated": true, "corp": true, "corporation": true, "co": true,
	"company": true, "plc": true, "ltd": true, "limited": true, "llc": true, "lp": true, "sa": true, "ag": true,
	"nv": true, "se": true, "the": true, "and": true, "holdings": true, "group": true}

// namesFiler reports whether title writes every word of the filer's name
// but its legal form, in any case: "Form 10-K for Pepsico INC filed
// 02/09/2023" names "PepsiCo, Inc."; "CORP Q1 2021" names no one.
func namesFiler(title, filer string) bool {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	in := map[string]bool{}
	for _, w := range words(title) {
		in[w] = true
	}
	named := false
	for _, w := range words(filer) {
		if legalForms[w] {
			continue
		}
		if !in[w] {
			return false
		}
		named = true
	}
	return named
}

// monthName writes a month as a title does: "MAY" and "may" are "May".
func monthName(m string) string {
	r, n := utf8.DecodeRuneInString(m)
	return string(unicode.ToUpper(r)) + strings.ToLower(m[n:])
}

// hasWord reports whether t holds a word of three letters or more: a map's
// scattered letters ("t r a") set large are not a title.
func hasWord(t string) bool {
	n := 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			if n++; n >= 3 {
				return true
			}
		} else {
			n = 0
		}
	}
	return false
}

var contentsTitle = regexp.MustCompile(`(?i)^\s*(table\s+of\s+)?contents\s*$`)

// sensibleTitle rejects metadata titles that are file names, tool
// defaults or too short to name anything.
func sensibleTitle(t string) bool {
	n := utf8.RuneCountInString(t)
	if n < 3 || n > 300 || letters(t) < 3 || garbled(t) {
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
	if contentsTitle.MatchString(t) {
		return false
	}
	return !strings.HasPrefix(l, "microsoft word - ") && !strings.HasPrefix(l, "untitled")
}
