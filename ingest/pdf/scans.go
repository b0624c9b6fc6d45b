package pdf

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"unicode"

	"archivist/app"
)

// Scanned pages. A page whose text layer is missing or unusable is
// rendered and read by OCR (Config.Scans); the words read go through the
// same lines → blocks → sections path as a text layer's words, so a scan
// gets the same section tree, tables, passages and highlights. Image
// documents (PNG, JPEG, TIFF…) come through AssembleScans, which is that
// path without a PDF.

// ScanDPI is the resolution pages are rendered at for OCR unless
// Config.ScanDPI says otherwise: Tesseract reads body text best at 300 dpi.
const ScanDPI = 300

// ScanWord is one word read from a page image: its text, its box in
// display space (points, origin top-left, after the page's rotation), its
// estimated font size and its line.
type ScanWord struct {
	Text           string
	X0, Y0, X1, Y1 float64
	// SizePt is the estimated font size of the word's line, in points.
	SizePt float64
	// Conf is Tesseract's confidence in the word, 0–100.
	Conf float64
	// Line numbers the word's printed line; words of one line share it.
	Line int
}

// ScanPage is one page read by OCR.
type ScanPage struct {
	Info  app.Page // number, size in points (as displayed), rotation; OCR fields
	Words []ScanWord
	// Turn is how the text runs on the page as displayed, in quarter turns
	// clockwise (0 left to right … 3 bottom to top).
	Turn int
}

// RenderFunc renders the given 1-based pages at the scan resolution,
// handing each image to fn as it is made.
type RenderFunc func(ctx context.Context, pages []int, fn func(page int, img image.Image) error) error

// ScanReader reads the pages of a PDF that need OCR: need holds each such
// page with its size and rotation; render makes their images at dpi. It returns
// what it read (pages it could not read are left out) and, when some pages
// are left unread, the notice to show on the document ("3 pages wait for
// OCR: …"). It is called with the import's context, outside the PDF's
// time limit: OCR is slow and has limits of its own.
type ScanReader func(ctx context.Context, need []app.Page, render RenderFunc, dpi int) (read []ScanPage, notice string)

// needsOCR reports whether a page's text layer is missing or unusable:
// no words although the page shows something, words that are mostly not
// letters or digits (a font without a Unicode map gives private-use or
// replacement characters, or control codes), or almost no words for a
// page of ink (sparseLayer).
func needsOCR(pg *page) bool {
	if len(pg.words) == 0 && !pg.hasText {
		return pg.textless
	}
	if !pg.laidOut && sparseLayer(pg) {
		return true
	}
	// Pages may be laid out already (the words then live in the blocks).
	texts := make([]string, 0, len(pg.words)+len(pg.blocks))
	for _, w := range pg.words {
		texts = append(texts, w.text)
	}
	for _, b := range pg.blocks {
		texts = append(texts, b.text())
	}
	var good, bad int
	for _, t := range texts {
		for _, r := range t {
			switch {
			case r == unicode.ReplacementChar || unicode.Is(unicode.Co, r) || unicode.IsControl(r):
				bad++
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				good++
			}
		}
	}
	return bad > 20 && bad > good
}

// readScans hands the pages that need OCR to the configured reader and
// puts the words it read in their place. It returns the reader's notice.
func (e *Engine) readScans(ctx context.Context, data []byte, password string, pages []page) string {
	if e.cfg.Scans == nil {
		return ""
	}
	var need []app.Page
	for i := range pages {
		if needsOCR(&pages[i]) {
			need = append(need, pages[i].info)
		}
	}
	if len(need) == 0 {
		return ""
	}
	dpi := cmp.Or(e.cfg.ScanDPI, ScanDPI)
	render := func(ctx context.Context, nums []int, fn func(int, image.Image) error) error {
		return e.RenderPages(ctx, data, password, nums, dpi, fn)
	}
	read, notice := e.cfg.Scans(ctx, need, render, dpi)
	for _, sp := range read {
		if sp.Info.Number < 1 || sp.Info.Number > len(pages) {
			continue
		}
		pg := &pages[sp.Info.Number-1]
		pg.info.OCR, pg.info.OCRConfidence = sp.Info.OCR, sp.Info.OCRConfidence
		if sp.Info.OCR != app.OCRRead {
			continue // waiting: the page keeps what it had
		}
		if !pg.laidOut && len(pg.words) > 0 {
			// A short text layer is kept, and what OCR read elsewhere on
			// the page joins it (see addScanned).
			if ws := addScanned(pg, sp.Words); ws != nil {
				pg.words = ws
			} else {
				pg.info.OCR, pg.info.OCRConfidence = "", 0
			}
			continue
		}
		pg.g.q = sp.Turn & 3
		pg.words = scanWords(&pg.g, sp.Words)
		pg.blocks, pg.laidOut, pg.hasText, pg.textless = nil, false, false, false
	}
	return notice
}

// minAddedConf is the least confidence (0–100) of an OCR word added to a
// page beside its text layer: there the ink may be a picture as well as
// print, and what Tesseract reads in a photograph comes at 0–40%.
const minAddedConf = 50

// addScanned returns the page's text-layer words with the OCR words that
// lie outside them, or nil when OCR added none. The text layer's words are
// exact where they are; OCR fills in the rest of the page (the body of a
// scan whose invisible layer held only its page number, the labels of a
// map set as a picture).
func addScanned(pg *page, ws []ScanWord) []word {
	g := pg.g // OCR boxes are mapped in the text layer's frame
	read := scanWords(&g, ws)
	out := slices.Clone(pg.words)
	added := 0
	for i, w := range read {
		if ws[i].Conf < minAddedConf || !hasAlnum(w.text) {
			continue
		}
		if slices.ContainsFunc(pg.words, func(l word) bool { return overlapArea(l.box, w.box) > 0.3*w.box.w()*w.box.h() }) {
			continue
		}
		out = append(out, w)
		added++
	}
	if added == 0 {
		return nil
	}
	return out
}

func overlapArea(a, b box) float64 {
	w := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
	h := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

func hasAlnum(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// scanWords turns OCR words into layout words in g's text frame. A word
// broken by a hyphen at the end of its line is put back together with its
// end on the next line, as the text layer's are (see joinBroken): OCR sees
// the hyphen as ink and reads "reinforce-" and "ment" as two words.
func scanWords(g *geom, ws []ScanWord) []word {
	out := make([]word, 0, len(ws))
	var ends []bool // out[k] ends its line with a hyphen
	for i, w := range ws {
		b := box{w.X0, w.Y0, w.X1, w.Y1}
		if b.w() <= 0 || b.h() <= 0 {
			continue
		}
		if g.q != 0 {
			b = g.toText(b)
		}
		size := w.SizePt
		if size <= 0 {
			size = b.h() / 1.15
		}
		out = append(out, word{text: w.Text, box: b, size: math.Round(size*2) / 2})
		ends = append(ends, lineEndHyphen(ws, i))
	}
	broken := map[int]bool{}
	for k := range out {
		if ends[k] && k+1 < len(out) && scanContinues(out[k], out[k+1]) {
			out[k].text = strings.TrimRightFunc(out[k].text, isHyphen)
			broken[k] = true
		}
	}
	return joinBrokenBy(out, broken, scanContinues)
}

// scanContinues is continues for OCR boxes, which hug the ink: the next
// line starts within a line's height (the tallest word of w's line) below
// w, and left of it.
func scanContinues(w, next word) bool {
	return next.y0 > w.y0 && next.y0-w.y1 <= w.size && next.x0 < w.x0
}

// lineEndHyphen reports whether ws[i] is the last word of its line and ends
// in a hyphen after a letter, with a next line to go on.
func lineEndHyphen(ws []ScanWord, i int) bool {
	t := []rune(ws[i].Text)
	if len(t) < 3 || !isHyphen(t[len(t)-1]) || !unicode.IsLetter(t[len(t)-2]) {
		return false
	}
	return i+1 < len(ws) && ws[i+1].Line != ws[i].Line
}

func isHyphen(r rune) bool {
	return r == '-' || r == '\u2010' || r == '\u2011' || r == '\u00ad'
}

// AssembleScans builds a document from pages read by OCR alone (an image
// document: one page per image), through the same layout, heading and
// section path as a PDF's text. title is used when no heading gives one;
// notice is the document's notice (pages waiting for OCR).
func AssembleScans(pages []ScanPage, title, notice string) *app.Parsed {
	pgs := make([]page, len(pages))
	for i, sp := range pages {
		sp.Info.Number = i + 1
		g := geom{a: 1, d: 1, w: sp.Info.WidthPt, h: sp.Info.HeightPt, q: sp.Turn & 3}
		pgs[i] = page{info: sp.Info, g: g}
		pgs[i].words = scanWords(&pgs[i].g, sp.Words)
	}
	p, _ := assembleTree(pgs, nil, "")
	if p.Title == "" {
		p.Title = title
	}
	p.Notice = notice
	if p.Notice == "" && len(p.Blocks) == 0 {
		p.Notice = "no text was found on the page images"
		if len(pages) > 1 {
			p.Notice = fmt.Sprintf("no text was found on the %d page images", len(pages))
		}
	}
	return p
}
