package export

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

// coverPage makes the cover: the question, the answer, and each citation
// with where it points, its precision and its quote; for cited PDFs whose
// pages are missing, why (notes, by document ID).
//
// Limit: the cover uses the PDF core fonts, which hold Windows-1252 only;
// other characters print as "?". The copied pages keep their own fonts.
func coverPage(ans *app.Answer, docs []*citedDoc, notes map[string]string) (pdfBytes []byte, pages int, err error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreator("Archivist", true)
	pdf.SetTitle("Evidence", true)
	pdf.SetMargins(18, 18, 18)
	pdf.SetAutoPageBreak(true, 18)
	pdf.AddPage()
	tr := translator(pdf)
	heading := func(s string) {
		pdf.SetFont("Helvetica", "B", 12)
		pdf.Ln(3)
		pdf.MultiCell(0, 6, tr(s), "", "L", false)
		pdf.Ln(1)
	}
	body := func(style string, size float64, s string) {
		pdf.SetFont("Helvetica", style, size)
		pdf.MultiCell(0, size*0.5, tr(s), "", "L", false)
	}
	pdf.SetFont("Helvetica", "B", 16)
	pdf.MultiCell(0, 8, tr("Evidence for an answer"), "", "L", false)
	body("", 9, "Made by Archivist from the library's stored originals. Every quote below is the documents' own text; "+
		"the pages that follow are the cited PDF pages, with the quoted lines highlighted.")
	heading("Question")
	body("", 11, orDash(ans.Question))
	heading("Answer")
	body("", 11, ans.Answer)
	if ans.Provider != "" {
		body("I", 9, "Composed by "+ans.Provider+" from the sources below.")
	}
	heading("Citations")
	copied := map[string]*citedDoc{}
	for _, d := range docs {
		copied[d.id] = d
	}
	for _, c := range ans.Citations {
		body("B", 10, fmt.Sprintf("[%d] %s", c.N, where(c)))
		if c.Quote != "" {
			pdf.SetX(pdf.GetX() + 5)
			body("I", 10, "“"+strings.Join(strings.Fields(c.Quote), " ")+"”")
		} else {
			body("I", 9, "Cited at "+c.Precision+" level: no single quote was verified, so nothing is highlighted.")
		}
		if why, ok := notes[c.DocumentID]; ok {
			body("", 9, "Pages "+why+".")
		} else if _, ok := copied[c.DocumentID]; ok && c.PageStart > 0 {
			body("", 9, fmt.Sprintf("The page follows, %s.", highlightNote(c)))
		}
		pdf.Ln(2)
	}
	if ans.TraceToken != "" {
		pdf.Ln(2)
		body("", 8, "Trace token "+ans.TraceToken+" (archivist replay "+ans.TraceToken+")")
	}
	pages = pdf.PageNo()
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, 0, fmt.Errorf("export: cover: %w", err)
	}
	return out.Bytes(), pages, nil
}

// where says where a citation points: title › section, pages or lines.
func where(c app.Citation) string {
	s := c.Where()
	if c.Precision != "" {
		s += " (" + c.Precision + ")"
	}
	return s
}

func highlightNote(c app.Citation) string {
	switch n := len(c.Rects); n {
	case 0:
		return "without highlights"
	case 1:
		return "the quoted line highlighted"
	default:
		return fmt.Sprintf("the %d quoted lines highlighted", n)
	}
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}

// translator returns a function that writes UTF-8 text in the core fonts'
// Windows-1252, with "?" for what it cannot hold and control characters
// other than line breaks as spaces.
func translator(pdf *fpdf.Fpdf) func(string) string {
	cp := pdf.UnicodeTranslatorFromDescriptor("")
	return func(s string) string {
		var b strings.Builder
		for _, r := range s {
			switch {
			case r == '\n':
				b.WriteByte('\n')
			case r < 0x20 || r == 0x7f:
				b.WriteByte(' ')
			case r < 0x80:
				b.WriteRune(r)
			default:
				if t := cp(string(r)); t != "." {
					b.WriteString(t)
				} else {
					b.WriteByte('?')
				}
			}
		}
		return b.String()
	}
}
