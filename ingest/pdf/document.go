package pdf

import (
	"errors"
	"math"
	"strings"

	pdferrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"

	"archivist/app"
)

type docRef = references.FPDF_DOCUMENT

// open loads data as the session's document.
func (s *session) open(data []byte, password string) error {
	req := &requests.OpenDocument{File: &data}
	if password != "" {
		req.Password = &password
	}
	res, err := s.inst.OpenDocument(req)
	if err != nil {
		if errors.Is(err, pdferrors.ErrPassword) {
			return passwordError(password != "")
		}
		return err
	}
	s.doc = res.Document
	s.data, s.password = data, password
	s.formTried, s.hasForm = false, false // a form environment is per document
	return nil
}

// close closes the document; the instance itself is closed by the caller.
func (s *session) close() {
	s.closeForm()
	s.inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: s.doc})
}

// pageCount returns the number of physical pages.
func (s *session) pageCount() (int, error) {
	res, err := s.inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: s.doc})
	if err != nil {
		return 0, err
	}
	return res.PageCount, nil
}

// geom maps PDF user space (points, y up, before rotation) to display
// space: points, origin top-left, after the page's /Rotate.
type geom struct {
	// x' = a*x + c*y + e; y' = b*x + d*y + f
	a, b, c, d, e, f float64
	w, h             float64 // display size in points, after rotation
	rot              int     // degrees clockwise: 0, 90, 180 or 270
	// q is how the page's text runs in display space, in quarter turns
	// clockwise: 0 left to right, 1 top to bottom, 2 upside down, 3
	// bottom to top. Layout works in the text frame, where the text runs
	// left to right and lines go down; toText and fromText map boxes.
	q int
}

// toText maps a display-space box into the text frame.
func (g *geom) toText(b box) box {
	switch g.q {
	case 1: // (x, y) → (y, w−x)
		return box{b.y0, g.w - b.x1, b.y1, g.w - b.x0}
	case 2:
		return box{g.w - b.x1, g.h - b.y1, g.w - b.x0, g.h - b.y0}
	case 3: // (x, y) → (h−y, x)
		return box{g.h - b.y1, b.x0, g.h - b.y0, b.x1}
	}
	return b
}

// fromText maps a text-frame box back to display space.
func (g *geom) fromText(b box) box {
	switch g.q {
	case 1: // (xt, yt) → (w−yt, xt)
		return box{g.w - b.y1, b.x0, g.w - b.y0, b.x1}
	case 2:
		return box{g.w - b.x1, g.h - b.y1, g.w - b.x0, g.h - b.y0}
	case 3: // (xt, yt) → (yt, h−xt)
		return box{b.y0, g.h - b.x1, b.y1, g.h - b.x0}
	}
	return b
}

// apply maps one point.
func (g *geom) apply(x, y float64) (float64, float64) {
	return g.a*x + g.c*y + g.e, g.b*x + g.d*y + g.f
}

// rect maps a user-space rectangle to a display-space box.
func (g *geom) rect(left, top, right, bottom float64) box {
	x0, y0 := g.apply(left, top)
	x1, y1 := g.apply(right, bottom)
	return box{math.Min(x0, x1), math.Min(y0, y1), math.Max(x0, x1), math.Max(y0, y1)}
}

// norm returns the text-frame box b normalised 0–1 (origin top-left,
// after rotation) on the 1-based page n, clamped to the page.
func (g *geom) norm(b box, n int) app.Rect {
	b = g.fromText(b)
	c := func(v float64) float64 { return math.Max(0, math.Min(1, v)) }
	return app.Rect{Page: n, X0: c(b.x0 / g.w), Y0: c(b.y0 / g.h), X1: c(b.x1 / g.w), Y1: c(b.y1 / g.h)}
}

// deviceScale is how many device units PDFium maps a point to when the
// affine transform is measured; rounding to whole units then costs at
// most 1/128 pt.
const deviceScale = 64

// pageGeom measures page's display size, rotation and transform. PDFium's
// FPDF_PageToDevice includes the crop box offset and /Rotate, so three
// points give the whole affine map.
func (s *session) pageGeom(page requests.Page) (geom, error) {
	var g geom
	w, err := s.inst.FPDF_GetPageWidthF(&requests.FPDF_GetPageWidthF{Page: page})
	if err != nil {
		return g, err
	}
	h, err := s.inst.FPDF_GetPageHeightF(&requests.FPDF_GetPageHeightF{Page: page})
	if err != nil {
		return g, err
	}
	g.w, g.h = float64(w.PageWidth), float64(h.PageHeight)
	if g.w <= 0 || g.h <= 0 {
		return g, errors.New("page has no size")
	}
	if r, err := s.inst.FPDFPage_GetRotation(&requests.FPDFPage_GetRotation{Page: page}); err == nil {
		g.rot = int(r.PageRotation) * 90
	}
	sx, sy := int(math.Round(g.w*deviceScale)), int(math.Round(g.h*deviceScale))
	dev := func(x, y float64) (float64, float64, error) {
		r, err := s.inst.FPDF_PageToDevice(&requests.FPDF_PageToDevice{
			Page: page, SizeX: sx, SizeY: sy, PageX: x, PageY: y,
		})
		if err != nil {
			return 0, 0, err
		}
		return float64(r.DeviceX) * g.w / float64(sx), float64(r.DeviceY) * g.h / float64(sy), nil
	}
	const u = 1000.0 // a long baseline keeps the rounding out of the slope
	ox, oy, err := dev(0, 0)
	if err != nil {
		return g, err
	}
	px, py, err := dev(u, 0)
	if err != nil {
		return g, err
	}
	qx, qy, err := dev(0, u)
	if err != nil {
		return g, err
	}
	g.a, g.b = (px-ox)/u, (py-oy)/u
	g.c, g.d = (qx-ox)/u, (qy-oy)/u
	g.e, g.f = ox, oy
	return g, nil
}

// pageLabel returns the printed label of the 0-based page i, or "".
//
// PDFium follows a /PageLabels number tree's /Kids without a bound, so a
// tree that loops overflows its stack; the trap leaves the instance
// unusable. The document is then opened again in a fresh instance (see
// session.renew) and read without labels.
func (s *session) pageLabel(i int) string {
	if s.noLabels {
		return ""
	}
	res, err := s.inst.FPDF_GetPageLabel(&requests.FPDF_GetPageLabel{Document: s.doc, Page: i})
	if err != nil {
		if trapped(err) {
			s.noLabels = true
			s.recover()
		}
		return ""
	}
	return strings.TrimSpace(strings.TrimRight(res.Label, "\x00"))
}

// trapped reports whether err is a trap inside PDFium's wasm code (a stack
// overflow, an invalid memory access): the instance's state is then lost.
func trapped(err error) bool {
	return err != nil && strings.HasPrefix(err.Error(), "wasm error")
}

// recover replaces a trapped instance by a fresh one with the document
// open again; when that fails, the session's later calls fail and the
// pages they read are reported unreadable.
func (s *session) recover() {
	if s.renew == nil {
		return
	}
	if err := s.renew(); err != nil {
		s.renew = nil
	}
}

// metaTitle returns the document information Title, or "".
func (s *session) metaTitle() string {
	res, err := s.inst.FPDF_GetMetaText(&requests.FPDF_GetMetaText{Document: s.doc, Tag: "Title"})
	if err != nil {
		return ""
	}
	return strings.TrimSpace(strings.TrimRight(res.Value, "\x00"))
}
