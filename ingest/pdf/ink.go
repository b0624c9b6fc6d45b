package pdf

import (
	"image"
	"math"
	"unicode"

	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/requests"

	"archivist/ingest/ocr"
)

// Ink that the text layer does not explain. A scan saved with an
// invisible text layer holding only a page number or a stamp has words,
// so it is not textless, and they are good words, so it is not garbled —
// yet nearly all of what the page shows is not in its text. Such a page
// is found by rendering it small and measuring its ink: dark (or, on a
// dark page, light) pixels, outside the boxes of the text layer's words,
// that group into shapes the size of printed characters and words.
// Pictures and rules are left out by that size test: a photograph's dark
// areas join into shapes far taller than a line of print, a rule or a
// table's grid is thinner than a letter or spans the page. Ink that could
// hold many times the characters the text layer has means the layer
// misses the page's text, and the page is read by OCR (see needsOCR).
//
// Only pages whose text layer is short (sparseChars) and that draw more
// than text are measured: a page with a page of text is never rendered
// here, let alone OCR'd.

// inkDPI is the resolution the ink is measured at: 1 px is 1.44 pt, so a
// line of 8 pt print is still 5–6 px tall.
const inkDPI = 50

// sparseChars is the most letters and digits a text layer may hold for
// its page's ink to be measured: under a tenth of a page of print.
const sparseChars = 400

// inkPerChar is the ink of one printed character, in pt²: a 10–11 pt
// letter inks about 12 pt² and, measured at inkDPI, its blur about twice
// that (calibrated on pages of print: see ink_test.go).
const inkPerChar = 20

// Shapes counted as print are between these heights, in points: from a
// letter of small print to a line of a large heading.
const (
	minGlyphPt = 3
	maxGlyphPt = 48
)

// A text layer misses its page's text when the ink outside its words
// could hold at least minInkChars printed characters and more than
// inkRatio times the characters the layer has. On born-digital pages
// (ten PDFs of reports, papers, manuals and slides, 600 pages) the pages
// this picks are the ones whose text is itself a picture — a map's
// labels, a board's list of names set as an image; a cover with a line
// drawing and a logo has under five times its words' characters.
const (
	minInkChars = 200
	inkRatio    = 8
)

// sparseLayer reports whether the page's ink shows far more text than its
// text layer holds.
func sparseLayer(pg *page) bool {
	return pg.inkChars >= minInkChars && pg.inkChars > inkRatio*layerChars(pg.words)
}

// inkContrast is how far a pixel's grey must be from the page's
// background to count as ink.
const inkContrast = 64

// layerChars counts the letters and digits of a page's words.
func layerChars(ws []word) int {
	n := 0
	for _, w := range ws {
		for _, r := range w.text {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				n++
			}
		}
	}
	return n
}

// inkChars renders the loaded page small and returns how many printed
// characters its ink outside the text layer's words could hold; 0 when
// the page cannot be rendered.
func (s *session) inkChars(ref requests.Page, g *geom, ws []word) int {
	if !s.drawsBesideText(ref) {
		return 0
	}
	res, err := s.inst.RenderPageInDPI(&requests.RenderPageInDPI{Page: ref, DPI: inkDPI,
		ImageFormat: requests.RenderImageFormatGrayscale})
	if err != nil {
		return 0
	}
	defer res.Cleanup()
	gray, ok := res.Result.RenderedImage.(*image.Gray)
	if !ok {
		return 0
	}
	return textInk(gray, g, ws, 72.0/inkDPI)
}

// textInk is inkChars on a rendered page: ptPerPx is the size of a pixel
// in points. The words' boxes (text frame, points) are blanked first.
func textInk(img *image.Gray, g *geom, ws []word, ptPerPx float64) int {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 4 || h < 4 {
		return 0
	}
	bg := int(ocr.Background(img, 1))
	ink := make([]bool, w*h)
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+w]
		for x, v := range row {
			ink[y*w+x] = abs(int(v)-bg) > inkContrast
		}
	}
	// The text layer's own words explain the ink under them (a pixel's
	// margin around each box takes in the blur).
	for _, wd := range ws {
		b := g.fromText(wd.box)
		x0, y0 := int(math.Floor(b.x0/ptPerPx))-1, int(math.Floor(b.y0/ptPerPx))-1
		x1, y1 := int(math.Ceil(b.x1/ptPerPx))+1, int(math.Ceil(b.y1/ptPerPx))+1
		for y := max(y0, 0); y < min(y1, h); y++ {
			for x := max(x0, 0); x < min(x1, w); x++ {
				ink[y*w+x] = false
			}
		}
	}
	minH, maxH := minGlyphPt/ptPerPx, maxGlyphPt/ptPerPx
	area := 0
	// One shape: its pixels, 8-connected, and their bounding rows.
	ocr.Shapes(ink, w, h, func(sh ocr.Shape) {
		if ht := float64(sh.Y1 - sh.Y0 + 1); ht >= minH && ht <= maxH {
			area += sh.N
		}
	})
	return int(float64(area) * ptPerPx * ptPerPx / inkPerChar)
}

// drawsBesideText reports whether the page draws anything but text: only
// then can it show ink its text layer does not explain.
func (s *session) drawsBesideText(ref requests.Page) bool {
	n, err := s.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: ref})
	if err != nil {
		return true
	}
	for i := 0; i < n.Count && i < maxPageObjects; i++ {
		o, err := s.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: ref, Index: i})
		if err != nil {
			return true
		}
		t, err := s.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: o.PageObject})
		if err != nil || t.Type != enums.FPDF_PAGEOBJ_TEXT {
			return true
		}
	}
	return false
}
