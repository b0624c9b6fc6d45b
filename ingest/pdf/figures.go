package pdf

import (
	"cmp"
	"context"
	"image"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"

	"archivist/app"
)

// Figures. A picture placed on a page that has a text layer — a raster
// chart, an infographic, a pasted scan, a photographed table — holds print
// the text layer does not: a chart's axis labels, values and legend are
// pixels, so no passage holds them and no answer can quote them. Each
// picture large enough to hold readable print is rendered, cropped and read
// by OCR (Config.Figures); what it holds becomes a figure block of its own
// (app.BlockFigure: text read from pixels), boxed on the picture and placed
// in reading order where the picture stands, so it is searched, quoted and
// highlighted like the page's own text but never mixed into it.

// FigureRegion is one picture to read: its 1-based page and its box in
// display space (points, origin top-left, after the page's rotation).
type FigureRegion struct {
	Page           int
	X0, Y0, X1, Y1 float64
}

// FigureReader reads pictures: render makes the images of pages at dpi. It
// returns the words read in each region, by the region's index in need, in
// display space on the region's page; a region it could not read is left
// out. It is called with the import's context, outside the PDF's time
// limit, and reads nothing when OCR is not installed.
type FigureReader func(ctx context.Context, need []FigureRegion, render RenderFunc, dpi int) map[int][]ScanWord

// Which pictures are read.
const (
	// minFigureSide: a picture narrower or shorter than this (points) is a
	// logo, an icon or a rule, too small to hold print worth reading.
	minFigureSide = 72
	// minFigureShare: a picture smaller than this share of its page is an
	// ornament or a portrait beside the text.
	minFigureShare = 1.0 / 40
	// maxPageFigures: the largest pictures of a page are read, at most
	// this many (a photo collage is not a set of charts).
	maxPageFigures = 6
	// maxDocFigures caps the pictures read in one document: a catalogue of
	// photographs must not hold its import for an hour.
	maxDocFigures = 300
	// layerCharsInFigure: a picture whose box already holds this many of
	// the text layer's characters is a scan with its text layer (a
	// searchable PDF) or a chart drawn with real text: its print is read.
	layerCharsInFigure = 120
	// minFigureWords: fewer words read than this is what OCR finds in a
	// photograph, not print.
	minFigureWords = 3
)

// figure is one picture on a page: its box in the text frame, and the
// words read from it, once read.
type figure struct {
	box   box
	words []word
}

// pageFigures returns the boxes, in the text frame, of the page's pictures
// large enough to hold print, largest first, at most maxPageFigures;
// pictures inside form XObjects are placed by their forms' matrices.
func (s *session) pageFigures(page requests.Page, g *geom) []figure {
	var out []figure
	s.walkObjects(page, func(obj references.FPDF_PAGEOBJECT, t enums.FPDF_PAGEOBJ, m affine) bool {
		if t != enums.FPDF_PAGEOBJ_IMAGE {
			return true
		}
		b, err := s.inst.FPDFPageObj_GetBounds(&requests.FPDFPageObj_GetBounds{PageObject: obj})
		if err != nil {
			return true
		}
		l, bt, r, tp := m.bounds(float64(b.Left), float64(b.Bottom), float64(b.Right), float64(b.Top))
		fb := g.rect(l, tp, r, bt)
		fb = box{math.Max(fb.x0, 0), math.Max(fb.y0, 0), math.Min(fb.x1, g.w), math.Min(fb.y1, g.h)}
		if fb.w() >= minFigureSide && fb.h() >= minFigureSide && fb.w()*fb.h() >= minFigureShare*g.w*g.h {
			out = append(out, figure{box: g.toText(fb)})
		}
		return true
	})
	slices.SortStableFunc(out, func(a, b figure) int { return cmpF(b.box.w()*b.box.h(), a.box.w()*a.box.h()) })
	return out[:min(len(out), maxPageFigures)]
}

// affine is a PDF matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f.
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{1, 0, 0, 1, 0, 0}

// after returns the matrix that applies inner, then m (a form's contents
// are drawn through the form's matrix, then the page's).
func (m affine) after(inner affine) affine {
	return affine{
		a: inner.a*m.a + inner.b*m.c, b: inner.a*m.b + inner.b*m.d,
		c: inner.c*m.a + inner.d*m.c, d: inner.c*m.b + inner.d*m.d,
		e: inner.e*m.a + inner.f*m.c + m.e, f: inner.e*m.b + inner.f*m.d + m.f,
	}
}

// bounds maps a rectangle through m and returns its bounding rectangle.
func (m affine) bounds(left, bottom, right, top float64) (l, b, r, t float64) {
	l, b, r, t = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range [4][2]float64{{left, bottom}, {left, top}, {right, bottom}, {right, top}} {
		x, y := m.a*p[0]+m.c*p[1]+m.e, m.b*p[0]+m.d*p[1]+m.f
		l, b, r, t = math.Min(l, x), math.Min(b, y), math.Max(r, x), math.Max(t, y)
	}
	return l, b, r, t
}

// readFigures hands the pictures of pages with a text layer to the
// configured reader and keeps, on each, the words it read that the text
// layer does not already hold. Pages read whole by OCR are not read again.
func (e *Engine) readFigures(ctx context.Context, data []byte, password string, pages []page) {
	if e.cfg.Figures == nil {
		return
	}
	type at struct{ page, fig int }
	var (
		need   []FigureRegion
		where  []at
		layers = map[int][]word{} // by page index, read once
	)
	for i := range pages {
		pg := &pages[i]
		if pg.info.OCR != "" || len(pg.figures) == 0 {
			continue
		}
		layer := layerWords(pg)
		layers[i] = layer
		for k, f := range pg.figures {
			if len(need) >= maxDocFigures || charsInside(layer, f.box) >= layerCharsInFigure {
				continue
			}
			d := pg.g.fromText(f.box)
			need = append(need, FigureRegion{Page: pg.info.Number, X0: d.x0, Y0: d.y0, X1: d.x1, Y1: d.y1})
			where = append(where, at{i, k})
		}
	}
	if len(need) == 0 {
		return
	}
	dpi := cmp.Or(e.cfg.ScanDPI, ScanDPI)
	render := func(ctx context.Context, nums []int, fn func(int, image.Image) error) error {
		return e.RenderPages(ctx, data, password, nums, dpi, fn)
	}
	for k, ws := range e.cfg.Figures(ctx, need, render, dpi) {
		if k < 0 || k >= len(where) {
			continue
		}
		pg := &pages[where[k].page]
		pg.figures[where[k].fig].words = figureWords(pg, layers[where[k].page], ws)
	}
}

// figureWords returns the words OCR read in a picture that are print (a
// confident reading of letters or digits) and that the text layer does not
// (layer) already holds, or nil when fewer than minFigureWords are left.
func figureWords(pg *page, layer []word, ws []ScanWord) []word {
	var print []ScanWord
	for _, w := range ws {
		if w.Conf >= minAddedConf && hasAlnum(w.Text) {
			print = append(print, w)
		}
	}
	g := pg.g
	g.q = 0 // OCR boxes are in display space; each is mapped to the text frame below
	var out []word
	for _, w := range scanWords(&g, print) {
		w.box = pg.g.toText(w.box)
		if slices.ContainsFunc(layer, func(l word) bool { return overlapArea(l.box, w.box) > 0.3*w.box.w()*w.box.h() }) {
			continue
		}
		out = append(out, w)
	}
	if len(out) < minFigureWords {
		return nil
	}
	return out
}

// layerWords returns the page's text-layer words, from its blocks when the
// page is laid out already.
func layerWords(pg *page) []word {
	if !pg.laidOut {
		return pg.words
	}
	var out []word
	for _, b := range pg.blocks {
		for _, r := range b.rows {
			for _, l := range r {
				out = append(out, l.words...)
			}
		}
	}
	return out
}

// charsInside counts the characters of words whose middle lies in b.
func charsInside(ws []word, b box) int {
	n := 0
	for _, w := range ws {
		if x, y := (w.x0+w.x1)/2, (w.y0+w.y1)/2; x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1 {
			n += utf8.RuneCountInString(w.text)
		}
	}
	return n
}

// placeFigures puts a block for each picture read on a laid-out page into
// its blocks, before the first block that starts below the picture's top
// and beside it (reading order puts a chart where it stands: after the
// paragraph above it, before the one below). Its lines are the lines of
// the words read; its box is the picture's, so a citation highlights the
// picture.
func placeFigures(pg *page) {
	for _, f := range pg.figures {
		if len(f.words) == 0 {
			continue
		}
		fb := &pblock{kind: app.BlockFigure, box: f.box, page: pg.info.Number, figure: true}
		for _, l := range buildLines(f.words) {
			fb.rows = append(fb.rows, []*line{l})
			fb.size = math.Max(fb.size, l.size)
		}
		slices.SortStableFunc(fb.rows, func(a, b []*line) int {
			if math.Abs(a[0].y0-b[0].y0) > math.Min(a[0].h(), b[0].h())/2 {
				return cmpF(a[0].y0, b[0].y0)
			}
			return cmpF(a[0].x0, b[0].x0)
		})
		at := slices.IndexFunc(pg.blocks, func(b *pblock) bool {
			return !b.field && !b.figure && b.y0 >= f.box.y0 && b.x0 < f.box.x1 && b.x1 > f.box.x0
		})
		if at < 0 {
			at = len(pg.blocks)
			for at > 0 && pg.blocks[at-1].field {
				at--
			}
		}
		pg.blocks = slices.Insert(pg.blocks, at, fb)
	}
	pg.figures = nil
}
