// Package export writes an answer's evidence as one PDF (docs/design.md §2,
// "export evidence"): a cover page listing the question, the answer and
// every citation with its quote, then the cited pages of each cited PDF,
// copied from the stored original, with a highlight annotation over every
// quoted line. Citations into documents without pages (Markdown, HTML,
// DOCX, text) appear on the cover with their quotes.
package export

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/color"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"archivist/app"
)

// Library is what an export reads: the cited documents, their stored
// originals, and the pages of an image document (a scan saved as PNG,
// JPEG, TIFF…) as pictures — the import decodes those (ingest.Originals).
type Library interface {
	Document(ctx context.Context, id string) (*app.Document, error)
	ReadBlob(sum string) ([]byte, error)
	PagePicture(data []byte, page int) (image.Image, error) // page 1-based
}

// Result says what an export wrote.
type Result struct {
	Pages      int // pages in the PDF, the cover included
	Highlights int // highlight annotations added
	// Skipped names the cited PDFs whose pages could not be copied, with
	// why; they are listed on the cover too.
	Skipped []string
}

// MaxPages bounds the cited pages an export copies.
const MaxPages = 200

// Write writes ans's evidence PDF to w. An answer without citations has
// nothing to export: it fails with app.ENoEvidence.
func Write(ctx context.Context, lib Library, ans *app.Answer, w io.Writer) (*Result, error) {
	if ans == nil || len(ans.Citations) == 0 {
		return nil, app.Errorf(app.ENoEvidence, "The answer cites nothing, so there is no evidence to export.")
	}
	res := &Result{}
	docs := citedPDFs(ans)
	var parts [][]byte
	notes := map[string]string{} // document ID → why its pages are missing
	for _, d := range docs {
		if err := ctx.Err(); err != nil {
			return nil, app.Errorf(app.ECancelled, "The export was cancelled.")
		}
		if len(d.pages)+res.Pages > MaxPages {
			notes[d.id] = fmt.Sprintf("not copied: the export holds at most %d pages", MaxPages)
			continue
		}
		pdf, highlights, err := citedPages(ctx, lib, d)
		if err != nil {
			notes[d.id] = "not copied: " + app.ErrorMessage(err)
			res.Skipped = append(res.Skipped, d.title+": "+app.ErrorMessage(err))
			continue
		}
		parts = append(parts, pdf)
		res.Pages += len(d.pages)
		res.Highlights += highlights
	}
	cover, coverPages, err := coverPage(ans, docs, notes)
	if err != nil {
		return nil, err
	}
	res.Pages += coverPages
	inputs := []io.ReadSeeker{bytes.NewReader(cover)}
	for _, p := range parts {
		inputs = append(inputs, bytes.NewReader(p))
	}
	var out bytes.Buffer
	if len(inputs) == 1 {
		out.Write(cover)
	} else if err := safely(func() error { return api.MergeRaw(inputs, &out, false, config()) }); err != nil {
		return nil, fmt.Errorf("export: merge: %w", err)
	}
	if _, err := w.Write(out.Bytes()); err != nil {
		return nil, fmt.Errorf("export: write: %w", err)
	}
	return res, nil
}

// WriteFile writes ans's evidence PDF to path: into a temporary file beside
// it, renamed over path only when complete, so a failed export leaves no
// half-written file and never clobbers an earlier one.
func WriteFile(ctx context.Context, lib Library, ans *app.Answer, path string) (*Result, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".archivist-export-*.pdf")
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name())
	res, err := Write(ctx, lib, ans, tmp)
	if cerr := tmp.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("export: %w", cerr)
	}
	if err != nil {
		return nil, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return res, nil
}

// citedDoc is one cited PDF: its pages in order and the highlight
// rectangles on each.
type citedDoc struct {
	id, title string
	pages     []int              // 1-based physical pages, ascending
	rects     map[int][]app.Rect // by physical page
	first     int                // the citation number that first names it
}

// citedPDFs collects the cited PDFs in order of first citation. Any
// citation with a page counts: page-level citations bring their page
// without highlights.
func citedPDFs(ans *app.Answer) []*citedDoc {
	byID := map[string]*citedDoc{}
	var out []*citedDoc
	for _, c := range ans.Citations {
		if c.PageStart == 0 && len(c.Rects) == 0 {
			continue // a text format: on the cover only
		}
		d := byID[c.DocumentID]
		if d == nil {
			d = &citedDoc{id: c.DocumentID, title: c.Title, rects: map[int][]app.Rect{}, first: c.N}
			byID[c.DocumentID] = d
			out = append(out, d)
		}
		for p := c.PageStart; p > 0 && p <= max(c.PageStart, c.PageEnd); p++ {
			if _, ok := d.rects[p]; !ok {
				d.rects[p] = nil
			}
		}
		for _, r := range c.Rects {
			if r.Page > 0 {
				d.rects[r.Page] = append(d.rects[r.Page], r)
			}
		}
	}
	for _, d := range out {
		for p := range d.rects {
			d.pages = append(d.pages, p)
		}
		sort.Ints(d.pages)
	}
	return out
}

// citedPages copies d's cited pages from its stored original and adds a
// highlight annotation over each quoted line.
func citedPages(ctx context.Context, lib Library, d *citedDoc) ([]byte, int, error) {
	doc, err := lib.Document(ctx, d.id)
	if err != nil {
		return nil, 0, err
	}
	if doc.Format != app.FormatPDF && doc.Format != app.FormatImage {
		return nil, 0, app.Errorf(app.EUnsupported, "it is not a PDF")
	}
	data, err := lib.ReadBlob(doc.SHA256)
	if err != nil {
		return nil, 0, app.Errorf(app.ENotFound, "its original is missing from the library")
	}
	var collected bytes.Buffer
	if doc.Format == app.FormatImage {
		// A picture's pages become PDF pages first (imagePDF).
		b, err := imagePDF(lib, data, d.pages)
		if err != nil {
			return nil, 0, err
		}
		collected.Write(b)
	} else {
		sel := make([]string, len(d.pages))
		for i, p := range d.pages {
			sel[i] = strconv.Itoa(p)
		}
		if err := safely(func() error { return api.Collect(bytes.NewReader(data), &collected, sel, config()) }); err != nil {
			return nil, 0, app.Errorf(app.EUnsupported, "its pages could not be copied (a password-protected or damaged PDF)")
		}
	}
	var bounds []model.PageBoundaries
	err = safely(func() error {
		pctx, err := api.ReadContext(bytes.NewReader(collected.Bytes()), config())
		if err != nil {
			return err
		}
		if err := api.ValidateContext(pctx); err != nil {
			return err
		}
		bounds, err = pctx.PageBoundaries(nil)
		return err
	})
	if err != nil || len(bounds) != len(d.pages) {
		return nil, 0, app.Errorf(app.EUnsupported, "its copied pages could not be read back")
	}
	m := map[int][]model.AnnotationRenderer{}
	n := 0
	for i, p := range d.pages {
		for _, r := range d.rects[p] {
			rect, ok := userSpace(r, bounds[i])
			if !ok {
				continue
			}
			n++
			m[i+1] = append(m[i+1], highlight(rect, fmt.Sprintf("archivist-%d-%d", p, n)))
		}
	}
	if n == 0 {
		return collected.Bytes(), 0, nil
	}
	var annotated bytes.Buffer
	if err := safely(func() error {
		return api.AddAnnotationsMap(bytes.NewReader(collected.Bytes()), &annotated, m, config())
	}); err != nil {
		return nil, 0, app.Errorf(app.EUnsupported, "its highlights could not be added")
	}
	return annotated.Bytes(), n, nil
}

// userSpace maps a highlight rectangle — normalised 0–1, origin top-left,
// on the page as displayed (after its rotation) — to PDF user space on the
// page's crop box, the box PDFium measured the words against.
func userSpace(r app.Rect, pb model.PageBoundaries) (types.Rectangle, bool) {
	box := pb.CropBox()
	if box == nil || r.X1 <= r.X0 || r.Y1 <= r.Y0 {
		return types.Rectangle{}, false
	}
	llx, lly, urx, ury := box.LL.X, box.LL.Y, box.UR.X, box.UR.Y
	w, h := urx-llx, ury-lly
	// point maps a displayed point (u, v), from the top-left, to user space.
	point := func(u, v float64) (float64, float64) {
		switch ((pb.Rot % 360) + 360) % 360 {
		case 90: // shown turned clockwise: the unrotated bottom-left is shown top-left
			return llx + v*w, lly + u*h
		case 180:
			return urx - u*w, lly + v*h
		case 270:
			return urx - v*w, ury - u*h
		}
		return llx + u*w, ury - v*h
	}
	x0, y0 := point(r.X0, r.Y0)
	x1, y1 := point(r.X1, r.Y1)
	return *types.NewRectangle(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), true
}

// highlightColor is the viewer's highlight yellow.
var highlightColor = color.NewSimpleColor(0xFFE14D)

func highlight(r types.Rectangle, id string) model.AnnotationRenderer {
	q := types.NewQuadLiteralForRect(&r)
	return model.NewHighlightAnnotation(r, 0, "Quoted in an Archivist answer", id, "", model.AnnPrint, &highlightColor,
		0, 0, 0, "Archivist", nil, nil, "", "Evidence", types.QuadPoints{*q})
}

// config is pdfcpu's configuration for exports: relaxed validation (strict
// rejects many PDFs readers open fine) and no configuration folder.
func config() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	return conf
}

// pdfcpuLimit bounds one pdfcpu step of an export.
var pdfcpuLimit = 30 * time.Second

// safely runs f, turning a pdfcpu panic (it panics on some malformed
// input) into an error, and gives up on it after pdfcpuLimit: pdfcpu's
// validation follows name trees without a bound, so a file whose
// /Names loop (one PDFium imports well) never returns.
//
// BUG: pdfcpu cannot be interrupted: a step given up on keeps its
// goroutine (and a core) until the process exits.
func safely(f func() error) error {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("pdfcpu: %v", r)
			}
		}()
		done <- f()
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(pdfcpuLimit):
		return fmt.Errorf("pdfcpu: no answer in %s", pdfcpuLimit)
	}
}

func init() {
	// Exports need no pdfcpu configuration folder or user fonts.
	api.DisableConfigDir()
}
