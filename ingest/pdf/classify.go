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
	n, err := s.inst.FPDFPage_CountObjects(&requests.FPDFPage_CountObjects{Page: page})
	if err != nil {
		return 0
	}
	seen := 0
	images := 0
	var walk func(obj references.FPDF_PAGEOBJECT, depth int)
	walk = func(obj references.FPDF_PAGEOBJECT, depth int) {
		if seen++; seen > maxPageObjects || images > 0 {
			return
		}
		t, err := s.inst.FPDFPageObj_GetType(&requests.FPDFPageObj_GetType{PageObject: obj})
		if err != nil {
			return
		}
		switch t.Type {
		case enums.FPDF_PAGEOBJ_IMAGE:
			images++
		case enums.FPDF_PAGEOBJ_FORM:
			if depth >= maxFormDepth {
				return
			}
			c, err := s.inst.FPDFFormObj_CountObjects(&requests.FPDFFormObj_CountObjects{PageObject: obj})
			if err != nil {
				return
			}
			for i := 0; i < c.Count && images == 0 && seen <= maxPageObjects; i++ {
				o, err := s.inst.FPDFFormObj_GetObject(&requests.FPDFFormObj_GetObject{PageObject: obj, Index: uint64(i)})
				if err == nil {
					walk(o.PageObject, depth+1)
				}
			}
		}
	}
	for i := 0; i < n.Count && images == 0 && seen <= maxPageObjects; i++ {
		o, err := s.inst.FPDFPage_GetObject(&requests.FPDFPage_GetObject{Page: page, Index: i})
		if err == nil {
			walk(o.PageObject, 0)
		}
	}
	return images
}
