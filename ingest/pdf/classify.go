package pdf

import (
	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
)

// PageContent is what a page holds, as far as reading it goes.
type PageContent int

const (
	// PageEmpty: no text and no picture (a blank page, or one of lines
	// and shapes only). Nothing to read, nothing to recognise.
	PageEmpty PageContent = iota
	// PageText: a text layer (perhaps pictures too).
	PageText
	// PageImageOnly: pictures and no text — a scan, most likely: only
	// OCR can read it.
	PageImageOnly
)

// ClassifyPage says what a page holds from whether it has text and how
// many image objects it draws. Only PageImageOnly pages need OCR.
func ClassifyPage(hasText bool, images int) PageContent {
	switch {
	case hasText:
		return PageText
	case images > 0:
		return PageImageOnly
	}
	return PageEmpty
}

// Bounds of the walk over a page's objects: form XObjects can nest (and,
// in a broken file, refer to themselves), so the walk goes at most
// maxFormDepth forms deep and looks at most maxPageObjects objects.
const (
	maxFormDepth   = 8
	maxPageObjects = 20000
)

// pageImages counts the image objects page draws, inside form XObjects
// too, and stops counting at the first when one is enough.
func (s *session) pageImages(page requests.Page) int {
	images := 0
	s.walkObjects(page, func(obj references.FPDF_PAGEOBJECT, t enums.FPDF_PAGEOBJ, m affine) bool {
		if t == enums.FPDF_PAGEOBJ_IMAGE {
			images++
		}
		return images == 0
	})
	return images
}

// walkObjects calls fn with each object page draws and the matrix placing
// it on the page: the objects inside form XObjects too, each form's
// contents through the form's matrix, within maxFormDepth and
// maxPageObjects. It stops when fn returns false.
func (s *session) walkObjects(page requests.Page, fn func(obj references.FPDF_PAGEOBJECT, t enums.FPDF_PAGEOBJ, m affine) bool) {
	n, err := s.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil {
		return
	}
	seen, more := 0, true
	var walk func(obj references.FPDF_PAGEOBJECT, m affine, depth int)
	walk = func(obj references.FPDF_PAGEOBJECT, m affine, depth int) {
		if seen++; seen > maxPageObjects || !more {
			return
		}
		t, err := s.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: obj})
		if err != nil {
			return
		}
		if more = fn(obj, t.Type, m); !more || t.Type != enums.FPDF_PAGEOBJ_FORM || depth >= maxFormDepth {
			return
		}
		fm, err := s.inst.FPDFPageObj_GetMatrix(&requests.FPDFPageObj_GetMatrix{PageObject: obj})
		if err != nil {
			return
		}
		inner := m.after(affine{float64(fm.Matrix.A), float64(fm.Matrix.B), float64(fm.Matrix.C), float64(fm.Matrix.D), float64(fm.Matrix.E), float64(fm.Matrix.F)})
		c, err := s.inst.FPDFFormObj_CountObjects(&requests.FPDFFormObj_CountObjects{PageObject: obj})
		if err != nil {
			return
		}
		for i := 0; i < c.Count && more && seen <= maxPageObjects; i++ {
			o, err := s.inst.FPDFFormObj_GetObject(&requests.FPDFFormObj_GetObject{PageObject: obj, Index: uint64(i)})
			if err == nil {
				walk(o.PageObject, inner, depth+1)
			}
		}
	}
	for i := 0; i < n.Count && more && seen <= maxPageObjects; i++ {
		o, err := s.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: page, Index: i})
		if err == nil {
			walk(o.PageObject, identity, 0)
		}
	}
}
