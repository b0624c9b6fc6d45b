package pdf

import (
	"strings"
	"unicode/utf8"

	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/structs"

	"archivist/app"
)

// Text that lives in a page's annotations, not in its content: the values
// of form fields (widgets) and the text of FreeText and Text (note)
// annotations. PDFium's text page reads the content only, so a filled-in
// form read as empty; each such text becomes a block of its own on its
// page, of kind app.BlockField, with word boxes spread over the
// annotation's rectangle so that it highlights where it is shown.
const (
	maxAnnots      = 500 // annotations read per page
	maxFieldLength = 2000
)

// annotWords returns the words of page's annotation texts, in the text
// frame of g; each annotation's words have the same group, from 1.
func (s *session) annotWords(page requests.Page, g *geom) []word {
	n, err := s.inst.FPDFPage_GetAnnotCount(&requests.FPDFPage_GetAnnotCount{Page: page})
	if err != nil || n.Count <= 0 {
		return nil
	}
	var out []word
	group := 0
	for i := 0; i < min(n.Count, maxAnnots); i++ {
		a, err := s.inst.FPDFPage_GetAnnot(&requests.FPDFPage_GetAnnot{Page: page, Index: i})
		if err != nil {
			continue
		}
		text := s.annotText(a.Annotation)
		var r box
		if text != "" {
			if rect, err := s.inst.FPDFAnnot_GetRect(&requests.FPDFAnnot_GetRect{Annotation: a.Annotation}); err == nil {
				rr := rect.Rect
				r = g.toText(g.rect(float64(rr.Left), float64(rr.Top), float64(rr.Right), float64(rr.Bottom)))
			}
		}
		s.inst.FPDFPage_CloseAnnot(&requests.FPDFPage_CloseAnnot{Annotation: a.Annotation})
		if text == "" || r.w() <= 0 || r.h() <= 0 {
			continue
		}
		group++
		out = append(out, spreadWords(text, r, group)...)
	}
	return out
}

// annotText returns the text an annotation shows: a widget's field value
// (its own /V, or its parent field's), a FreeText or Text annotation's
// /Contents; "" for others.
func (s *session) annotText(a references.FPDF_ANNOTATION) string {
	st, err := s.inst.FPDFAnnot_GetSubtype(&requests.FPDFAnnot_GetSubtype{Annotation: a})
	if err != nil {
		return ""
	}
	value := func(a references.FPDF_ANNOTATION, key string) string {
		v, err := s.inst.FPDFAnnot_GetStringValue(&requests.FPDFAnnot_GetStringValue{Annotation: a, Key: key})
		if err != nil {
			return ""
		}
		return strings.Join(strings.Fields(strings.TrimRight(v.Value, "\x00")), " ")
	}
	var t string
	switch st.Subtype {
	case enums.FPDF_ANNOT_SUBTYPE_FREETEXT, enums.FPDF_ANNOT_SUBTYPE_TEXT:
		t = value(a, "Contents")
	case enums.FPDF_ANNOT_SUBTYPE_WIDGET:
		// A field's value sits on the widget or on a field up its
		// /Parent chain: PDFium's form module finds it (and bounds that
		// walk, which a broken file can loop); without it, the widget's
		// own /V.
		if h, ok := s.formHandle(); ok {
			if v, err := s.inst.FPDFAnnot_GetFormFieldValue(&requests.FPDFAnnot_GetFormFieldValue{FormHandle: h, Annotation: a}); err == nil {
				t = strings.Join(strings.Fields(strings.TrimRight(v.FormFieldValue, "\x00")), " ")
			}
		}
		if t == "" {
			t = value(a, "V")
		}
	}
	if len(t) > maxFieldLength {
		t = t[:maxFieldLength]
		for !utf8.ValidString(t) {
			t = t[:len(t)-1]
		}
	}
	return t
}

// spreadWords lays text out as one line of words over r, each as wide as
// its share of the characters.
func spreadWords(text string, r box, group int) []word {
	fields := strings.Fields(text)
	total := 0
	for _, f := range fields {
		total += utf8.RuneCountInString(f) + 1
	}
	if total == 0 {
		return nil
	}
	per := r.w() / float64(total)
	size := min(r.h(), 12)
	x := r.x0
	out := make([]word, 0, len(fields))
	for _, f := range fields {
		w := per * float64(utf8.RuneCountInString(f))
		out = append(out, word{text: f, box: box{x, r.y0, x + w, r.y1}, size: size, field: group})
		x += w + per
	}
	return out
}

// fieldBlocks makes one block per annotation of a page's field words.
func fieldBlocks(words []word, pageNo int) []*pblock {
	var out []*pblock
	for i := 0; i < len(words); {
		j := i
		for j < len(words) && words[j].field == words[i].field {
			j++
		}
		ws := words[i:j]
		l := &line{words: ws, box: ws[0].box, size: ws[0].size}
		for _, w := range ws {
			l.box = l.box.union(w.box)
			l.chars += utf8.RuneCountInString(w.text)
		}
		out = append(out, &pblock{kind: app.BlockField, rows: [][]*line{{l}}, box: l.box, size: l.size, page: pageNo, field: true})
		i = j
	}
	return out
}

// formHandle returns the document's form environment, set up on first
// use; ok is false when PDFium cannot set one up. Every callback is a
// no-op: nothing is shown, filled in or run.
func (s *session) formHandle() (references.FPDF_FORMHANDLE, bool) {
	if !s.formTried {
		s.formTried = true
		res, err := s.inst.FPDFDOC_InitFormFillEnvironment(&requests.FPDFDOC_InitFormFillEnvironment{
			Document: s.doc,
			FormFillInfo: structs.FPDF_FORMFILLINFO{
				FFI_Invalidate:         func(references.FPDF_PAGE, float64, float64, float64, float64) {},
				FFI_SetCursor:          func(enums.FXCT) {},
				FFI_SetTimer:           func(int, func(int)) int { return 0 },
				FFI_KillTimer:          func(int) {},
				FFI_GetLocalTime:       func() structs.FPDF_SYSTEMTIME { return structs.FPDF_SYSTEMTIME{} },
				FFI_GetPage:            func(references.FPDF_DOCUMENT, int) *references.FPDF_PAGE { return nil },
				FFI_GetRotation:        func(references.FPDF_PAGE) enums.FPDF_PAGE_ROTATION { return 0 },
				FFI_ExecuteNamedAction: func(string) {},
			},
		})
		if err == nil {
			s.form, s.hasForm = res.FormHandle, true
		}
	}
	return s.form, s.hasForm
}

// closeForm ends the form environment, before the document closes.
func (s *session) closeForm() {
	if s.hasForm {
		s.inst.FPDFDOC_ExitFormFillEnvironment(&requests.FPDFDOC_ExitFormFillEnvironment{FormHandle: s.form})
	}
	s.formTried, s.hasForm = false, false
}
