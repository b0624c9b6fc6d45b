package api

import (
	"context"
	"net/http"
	"strconv"

	"archivist/app"
)

// Pages reads one page of a paged document: what a client needs to check
// a citation against the page it names.
type Pages interface {
	// PageText returns the page's blocks' text, verbatim, in reading order.
	PageText(ctx context.Context, id string, page int) (string, error)
	// PageImage returns the path of the page's PNG at app.PageImageDPI
	// (rendered if missing).
	PageImage(ctx context.Context, id string, page int) (string, error)
}

// PageResponse is /v1/documents/{id}/pages/{n}.
type PageResponse struct {
	DocumentID  string `json:"document_id"`
	Title       string `json:"title"`
	Page        int    `json:"page"`
	Pages       int    `json:"pages"`
	Text        string `json:"text"`
	Sensitivity string `json:"sensitivity"`
}

// page resolves the document and page number of a request, refusing
// documents without pages and pages out of range.
func (s *Server) page(w http.ResponseWriter, r *http.Request) (*app.Document, int, bool) {
	if s.pages == nil {
		writeError(w, app.Errorf(app.EUnsupported, "Pages are not available in this server."))
		return nil, 0, false
	}
	doc, err := s.lib.Document(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return nil, 0, false
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		writeError(w, app.Errorf(app.EInvalid, "A page is a number from 1."))
		return nil, 0, false
	}
	if doc.Format != app.FormatPDF || doc.Pages == 0 {
		writeError(w, app.Errorf(app.EUnsupported, "This document has no pages: only PDFs do."))
		return nil, 0, false
	}
	if n > doc.Pages {
		writeError(w, app.Errorf(app.ENotFound, "The document has pages 1 to %d.", doc.Pages))
		return nil, 0, false
	}
	return doc, n, true
}

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	doc, n, ok := s.page(w, r)
	if !ok {
		return
	}
	text, err := s.pages.PageText(r.Context(), doc.ID, n)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, PageResponse{DocumentID: doc.ID, Title: doc.Title, Page: n, Pages: doc.Pages, Text: text,
		Sensitivity: string(doc.Sensitivity)})
}

// handlePageImage sends the page's PNG; citation rectangles (normalised
// 0–1, origin top-left) are drawn over it as they are.
func (s *Server) handlePageImage(w http.ResponseWriter, r *http.Request) {
	doc, n, ok := s.page(w, r)
	if !ok {
		return
	}
	path, err := s.pages.PageImage(r.Context(), doc.ID, n)
	if err != nil {
		writeError(w, err)
		return
	}
	serveFile(w, r, path, app.Errorf(app.EInternal, "The page image could not be read."), func(h http.Header) {
		h.Set("Content-Type", "image/png")
	})
}
