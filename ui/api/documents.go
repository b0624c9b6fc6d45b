package api

import (
	"context"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	"archivist/app"
)

// DocumentSummary is one document as `list --json` prints it.
type DocumentSummary struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Filename    string `json:"filename"`
	Format      string `json:"format"`
	Pages       int    `json:"pages"`
	Status      string `json:"status"`
	Error       string `json:"error"`
	Notice      string `json:"notice,omitempty"`
	Sensitivity string `json:"sensitivity"`
	// The archive's metadata of the document.
	Tags          []string `json:"tags"`
	Type          string   `json:"type"`
	Correspondent string   `json:"correspondent"`
	Created       string   `json:"created"`  // YYYY-MM-DD or ""
	Language      string   `json:"language"` // ISO 639-1 or ""
}

// Summarize returns d with its metadata m as the API and `list --json`
// show it.
func Summarize(d app.Document, m app.DocumentMeta) DocumentSummary {
	tags := m.Tags
	if tags == nil {
		tags = []string{}
	}
	return DocumentSummary{ID: d.ID, Title: d.Title, Filename: d.Filename, Format: string(d.Format), Pages: d.Pages,
		Status: string(d.Status), Error: d.Error, Notice: d.Notice, Sensitivity: string(d.Sensitivity),
		Tags: tags, Type: m.Type, Correspondent: m.Correspondent, Created: m.Created, Language: m.Language}
}

// Summaries returns docs as the API shows them, with their metadata from
// lib.
func Summaries(ctx context.Context, lib Library, docs []app.Document) ([]DocumentSummary, error) {
	if len(docs) == 0 {
		return []DocumentSummary{}, nil
	}
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	meta, err := lib.DocumentMeta(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]DocumentSummary, len(docs))
	for i, d := range docs {
		out[i] = Summarize(d, meta[d.ID])
	}
	return out, nil
}

// SectionNode is one node of a document's section tree, as `show --json`
// prints it.
type SectionNode struct {
	Title     string         `json:"title"`
	Level     int            `json:"level"`
	PageStart int            `json:"page_start"`
	PageEnd   int            `json:"page_end"`
	Children  []*SectionNode `json:"children"`
}

// SectionTree nests sections (Parent indexes the slice, -1 for the root,
// which is the document itself) under their parents.
func SectionTree(sections []app.Section) []*SectionNode {
	nodes := make([]*SectionNode, len(sections))
	top := []*SectionNode{}
	for i, s := range sections {
		nodes[i] = &SectionNode{Title: s.Heading, Level: s.Level, PageStart: s.PageStart, PageEnd: s.PageEnd, Children: []*SectionNode{}}
		switch {
		case s.Parent < 0 || s.Parent >= len(sections):
		case sections[s.Parent].Parent < 0:
			top = append(top, nodes[i])
		default:
			nodes[s.Parent].Children = append(nodes[s.Parent].Children, nodes[i])
		}
	}
	return top
}

// DocumentDetail is /v1/documents/{id}: the shape of `show --json`.
type DocumentDetail struct {
	Document DocumentSummary `json:"document"`
	Sections []*SectionNode  `json:"sections"`
	Pages    []Page          `json:"pages"`
}

func (s *Server) handleDocuments(w http.ResponseWriter, r *http.Request) {
	limit, offset := MaxListedDocuments, 0
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxListedDocuments {
			writeError(w, app.Errorf(app.EInvalid, "limit must be between 1 and %d.", MaxListedDocuments))
			return
		}
		limit = n
	}
	if v := r.URL.Query().Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, app.Errorf(app.EInvalid, "offset must be a number from 0."))
			return
		}
		offset = n
	}
	docs, err := s.lib.Documents(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	out := struct {
		Documents []DocumentSummary `json:"documents"`
		Total     int               `json:"total"`
	}{Documents: []DocumentSummary{}, Total: len(docs)}
	// offset may be any int: no sum of request numbers may overflow.
	start := min(offset, len(docs))
	page := docs[start : start+min(limit, len(docs)-start)]
	if out.Documents, err = Summaries(r.Context(), s.lib, page); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleDocument(w http.ResponseWriter, r *http.Request) {
	ctx, id := r.Context(), r.PathValue("id")
	doc, err := s.lib.Document(ctx, id)
	if err != nil {
		writeError(w, err)
		return
	}
	sections, err := s.lib.Sections(ctx, id)
	if err != nil {
		writeError(w, err)
		return
	}
	pages, err := s.lib.Pages(ctx, id)
	if err != nil {
		writeError(w, err)
		return
	}
	if pages == nil {
		pages = []Page{}
	}
	summary, err := Summaries(ctx, s.lib, []app.Document{*doc})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, DocumentDetail{summary[0], SectionTree(sections), pages})
}

// contentTypes are the media types of the originals Archivist imports.
var contentTypes = map[app.Format]string{
	app.FormatPDF:      "application/pdf",
	app.FormatMarkdown: "text/markdown; charset=utf-8",
	app.FormatHTML:     "text/html; charset=utf-8",
	app.FormatText:     "text/plain; charset=utf-8",
	app.FormatDOCX:     "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}

// handleOriginal sends the library's copy of the original, as a download:
// never rendered by a browser in the API's origin.
func (s *Server) handleOriginal(w http.ResponseWriter, r *http.Request) {
	ctx, id := r.Context(), r.PathValue("id")
	doc, err := s.lib.Document(ctx, id)
	if err != nil {
		writeError(w, err)
		return
	}
	path, err := s.lib.OriginalPath(ctx, id)
	if err != nil {
		writeError(w, err)
		return
	}
	ct := contentTypes[doc.Format]
	if ct == "" {
		ct = "application/octet-stream"
	}
	serveFile(w, r, path, app.Errorf(app.ENotFound, "The original is missing from the library."), func(h http.Header) {
		h.Set("Content-Type", ct)
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filepath.Base(doc.Filename)}))
		h.Set("Content-Security-Policy", "sandbox")
	})
}

// serveFile answers with the file at path (ranges and conditional requests
// as net/http serves them), after header sets its headers; a file that
// cannot be opened is the error missing.
func serveFile(w http.ResponseWriter, r *http.Request, path string, missing error, header func(http.Header)) {
	f, err := os.Open(path)
	if err != nil {
		writeError(w, missing)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		writeError(w, err)
		return
	}
	header(w.Header())
	http.ServeContent(w, r, "", info.ModTime(), f)
}
