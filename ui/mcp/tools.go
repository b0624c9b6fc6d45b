package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"archivist/app"
	"archivist/ui/api"
)

// QuestionInput is what get_evidence and ask take.
type QuestionInput struct {
	Question    string   `json:"question" jsonschema:"the question, in plain words"`
	DocumentIDs []string `json:"document_ids,omitempty" jsonschema:"limit the question to these documents (IDs from list_documents or search_documents; at most 100)"`
	Preset      string   `json:"preset,omitempty" jsonschema:"how much text each document contributes: focused, balanced (default) or detailed"`
}

func (in QuestionInput) question() (app.Question, error) {
	return api.QuestionRequest{Question: in.Question, DocumentIDs: in.DocumentIDs, Preset: in.Preset}.AppQuestion()
}

// EvidenceOutput is get_evidence's structured result: every passage is a
// citation whose quote is the passage's verbatim text.
type EvidenceOutput struct {
	Citations  []app.Citation `json:"citations"`
	TraceToken string         `json:"trace_token"`
	// Withheld counts passages of Confidential or Restricted documents
	// left out for want of consent.
	Withheld int `json:"withheld"`
}

func (s *server) getEvidence(ctx context.Context, req *sdk.CallToolRequest, in QuestionInput) (*sdk.CallToolResult, EvidenceOutput, error) {
	q, err := in.question()
	if err != nil {
		return nil, EvidenceOutput{}, toolError(err)
	}
	if err := s.spend(); err != nil {
		return nil, EvidenceOutput{}, err
	}
	resp, err := s.query(ctx, q)
	if err != nil {
		return nil, EvidenceOutput{}, toolError(err)
	}
	out := EvidenceOutput{Citations: []app.Citation{}, TraceToken: resp.TraceToken}
	var text strings.Builder
	for _, it := range resp.Evidence {
		if !s.cfg.Consent && app.StoredSensitivity(it.Sensitivity).NeedsConsent() {
			out.Withheld++
			continue
		}
		c := app.Citation{N: len(out.Citations) + 1, DocumentID: it.DocumentID, Title: it.Title, Section: it.Section,
			Quote: it.Text, PageStart: it.PageStart, PageEnd: it.PageEnd, Blocks: it.Blocks, Rects: it.Rects, Precision: "section"}
		if len(it.Rects) > 0 {
			c.Precision = "line"
		} else if it.PageStart > 0 {
			c.Precision = "page"
		}
		out.Citations = append(out.Citations, c)
		fmt.Fprintf(&text, "[%d] %s\n%s\n\n", c.N, c.Where(), c.Quote)
	}
	if len(out.Citations) == 0 {
		text.WriteString("No evidence in the archive for this question.\n")
	}
	if out.Withheld > 0 {
		fmt.Fprintf(&text, "%d passages of Confidential or Restricted documents were withheld: they leave Archivist through MCP only with consent for this connection (--consent-sensitive).\n", out.Withheld)
	}
	return textResult(text.String()), out, nil
}

// query finds evidence through the research engine, or asks the local API
// when the parts are its client.
func (s *server) query(ctx context.Context, q app.Question) (*api.QueryResponse, error) {
	if c, ok := s.Research.(interface {
		Query(context.Context, app.Question) (*api.QueryResponse, error)
	}); ok {
		return c.Query(ctx, q)
	}
	resp, _, err := api.Query(ctx, s.Research, s.Library, s.cfg.NewID, q)
	return resp, err
}

// ask answers through the research engine: its answerer receives the
// evidence on behalf of this client, so Confidential and Restricted
// sources need the connection's consent exactly as they would for a model.
func (s *server) ask(ctx context.Context, req *sdk.CallToolRequest, in QuestionInput) (*sdk.CallToolResult, app.Answer, error) {
	q, err := in.question()
	if err != nil {
		return nil, app.Answer{}, toolError(err)
	}
	if err := s.spend(); err != nil {
		return nil, app.Answer{}, err
	}
	q.Consent = s.cfg.Consent
	_, body, err := s.Research.AskJSON(ctx, q)
	if err != nil {
		return nil, app.Answer{}, toolError(err)
	}
	// The structured result is the stored answer itself, as replay has it.
	var ans app.Answer
	if err := json.Unmarshal(body, &ans); err != nil {
		return nil, app.Answer{}, toolError(err)
	}
	if !s.cfg.Consent {
		// The engine refuses sensitive sources for this answerer; check
		// again rather than trust that to stay so.
		for _, src := range ans.Sources {
			if d, err := s.Library.Document(ctx, src.DocumentID); err != nil || d.Sensitivity.NeedsConsent() {
				return nil, app.Answer{}, toolError(consentRefusal("A source of this answer is"))
			}
		}
	}
	var text strings.Builder
	text.WriteString(ans.Answer + "\n")
	for _, c := range ans.Citations {
		fmt.Fprintf(&text, "\n[%d] %s (%s precision)\n    %q", c.N, c.Where(), c.Precision, c.Quote)
	}
	fmt.Fprintf(&text, "\n\ntrace token: %s\n", ans.TraceToken)
	return textResult(text.String()), ans, nil
}

// SearchInput is what search_documents takes.
type SearchInput struct {
	Query string `json:"query" jsonschema:"words to search for"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many documents, 1-100 (default 10)"`
}

// SearchOutput is search_documents' structured result: the ranked
// documents, and each best match as a citation.
type SearchOutput struct {
	Documents []api.SearchHit `json:"documents"`
	Citations []app.Citation  `json:"citations"`
}

func (s *server) searchDocuments(ctx context.Context, req *sdk.CallToolRequest, in SearchInput) (*sdk.CallToolResult, SearchOutput, error) {
	query := strings.TrimSpace(in.Query)
	if query == "" || len([]rune(query)) > api.MaxSearchQueryChars {
		return nil, SearchOutput{}, toolError(app.Errorf(app.EInvalid, "Give a search query of 1 to %d characters.", api.MaxSearchQueryChars))
	}
	limit := in.Limit
	if limit == 0 {
		limit = 10
	}
	if limit < 1 || limit > api.MaxSearchResults {
		return nil, SearchOutput{}, toolError(app.Errorf(app.EInvalid, "limit must be between 1 and %d.", api.MaxSearchResults))
	}
	hits, err := s.Search.SearchDocuments(ctx, query, limit)
	if err != nil {
		return nil, SearchOutput{}, toolError(err)
	}
	out := SearchOutput{Documents: []api.SearchHit{}, Citations: []app.Citation{}}
	var text strings.Builder
	for _, h := range hits {
		withheld := !s.cfg.Consent && app.StoredSensitivity(h.Sensitivity).NeedsConsent()
		if withheld {
			h = titleOnly(h)
		}
		out.Documents = append(out.Documents, h)
		c := app.Citation{N: len(out.Citations) + 1, DocumentID: h.DocumentID, Title: h.Title, Section: h.Section,
			Quote: h.Snippet, PageStart: h.PageStart, PageEnd: h.PageEnd, Blocks: []string{}, Rects: []app.Rect{}, Precision: "section"}
		out.Citations = append(out.Citations, c)
		fmt.Fprintf(&text, "[%d] %s (document %s)\n", c.N, c.Where(), h.DocumentID)
		if withheld {
			text.WriteString("    (title only: the document is Confidential or Restricted)\n")
		} else if h.Snippet != "" {
			fmt.Fprintf(&text, "    %s\n", h.Snippet)
		}
	}
	if len(hits) == 0 {
		text.WriteString("No document matches.\n")
	}
	return textResult(text.String()), out, nil
}

// titleOnly is a search hit of a Confidential or Restricted document as a
// client without consent sees it: which document matched, and nothing the
// document says — its section path is its headings, and its pages say where
// the words are.
func titleOnly(h api.SearchHit) api.SearchHit {
	h.Section, h.PageStart, h.PageEnd, h.Snippet = "", 0, 0, ""
	return h
}

// PageInput is what read_page takes.
type PageInput struct {
	DocumentID string `json:"document_id" jsonschema:"the document's ID"`
	Page       int    `json:"page" jsonschema:"the 1-based physical page number"`
}

// PageOutput is read_page's structured result; the image travels as MCP
// image content beside it.
type PageOutput struct {
	DocumentID string         `json:"document_id"`
	Title      string         `json:"title"`
	Page       int            `json:"page"`
	Pages      int            `json:"pages"`
	Text       string         `json:"text"`
	Citations  []app.Citation `json:"citations"`
}

// maxPageImageBytes bounds a page image sent to a client.
const maxPageImageBytes = 8 << 20

func (s *server) readPage(ctx context.Context, req *sdk.CallToolRequest, in PageInput) (*sdk.CallToolResult, PageOutput, error) {
	doc, err := s.Library.Document(ctx, in.DocumentID)
	if err != nil {
		return nil, PageOutput{}, toolError(err)
	}
	if doc.Format != app.FormatPDF || doc.Pages == 0 {
		return nil, PageOutput{}, toolError(app.Errorf(app.EUnsupported, "%q has no pages: only PDFs do.", doc.Title))
	}
	if in.Page < 1 || in.Page > doc.Pages {
		return nil, PageOutput{}, toolError(app.Errorf(app.ENotFound, "%q has pages 1 to %d; there is no page %d.", doc.Title, doc.Pages, in.Page))
	}
	if !s.cfg.Consent && doc.Sensitivity.NeedsConsent() {
		return nil, PageOutput{}, toolError(consentRefusal("This document is"))
	}
	text, err := s.Pages.PageText(ctx, doc.ID, in.Page)
	if err != nil {
		return nil, PageOutput{}, toolError(err)
	}
	out := PageOutput{DocumentID: doc.ID, Title: doc.Title, Page: in.Page, Pages: doc.Pages, Text: text,
		Citations: []app.Citation{{N: 1, DocumentID: doc.ID, Title: doc.Title, Quote: text, PageStart: in.Page, PageEnd: in.Page,
			Blocks: []string{}, Rects: []app.Rect{}, Precision: "page"}}}
	res := textResult(fmt.Sprintf("%s, page %d of %d:\n\n%s", doc.Title, in.Page, doc.Pages, text))
	path, err := s.Pages.PageImage(ctx, doc.ID, in.Page)
	if err != nil {
		return nil, PageOutput{}, toolError(err)
	}
	png, err := os.ReadFile(path)
	if err != nil {
		return nil, PageOutput{}, toolError(app.Errorf(app.EInternal, "The page image could not be read."))
	}
	if len(png) <= maxPageImageBytes {
		res.Content = append(res.Content, &sdk.ImageContent{Data: png, MIMEType: "image/png"})
	}
	return res, out, nil
}

// ListInput is what list_documents takes.
type ListInput struct {
	Limit int `json:"limit,omitempty" jsonschema:"at most this many documents (default 200, at most 1000)"`
}

// ListOutput is list_documents' structured result.
type ListOutput struct {
	Documents []api.DocumentSummary `json:"documents"`
	Total     int                   `json:"total"`
}

func (s *server) listDocuments(ctx context.Context, req *sdk.CallToolRequest, in ListInput) (*sdk.CallToolResult, ListOutput, error) {
	limit := in.Limit
	if limit == 0 {
		limit = 200
	}
	if limit < 1 || limit > api.MaxListedDocuments {
		return nil, ListOutput{}, toolError(app.Errorf(app.EInvalid, "limit must be between 1 and %d.", api.MaxListedDocuments))
	}
	docs, err := s.Library.Documents(ctx)
	if err != nil {
		return nil, ListOutput{}, toolError(err)
	}
	out := ListOutput{Documents: []api.DocumentSummary{}, Total: len(docs)}
	var text strings.Builder
	if len(docs) > limit {
		docs = docs[:limit]
	}
	if out.Documents, err = api.Summaries(ctx, s.Library, docs); err != nil {
		return nil, ListOutput{}, toolError(err)
	}
	for _, d := range docs {
		fmt.Fprintf(&text, "%s  %s  %s, %d pages, %s, %s\n", d.ID, d.Title, d.Format, d.Pages, d.Status, d.Sensitivity)
	}
	if len(docs) == 0 {
		text.WriteString("The archive is empty.\n")
	}
	return textResult(text.String()), out, nil
}

// ImportInput is what import_documents takes.
type ImportInput struct {
	Paths []string `json:"paths" jsonschema:"absolute paths of files or folders inside the allowed import folders"`
}

// ImportOutput is import_documents' structured result.
type ImportOutput struct {
	Results []api.JobResult `json:"results"`
}

func (s *server) importDocuments(ctx context.Context, req *sdk.CallToolRequest, in ImportInput) (*sdk.CallToolResult, ImportOutput, error) {
	files, err := api.ImportablePaths(in.Paths, s.cfg.ImportFolders)
	if err != nil {
		return nil, ImportOutput{}, toolError(err)
	}
	results, err := s.Importer.ImportFiles(api.ConfineImports(ctx, s.cfg.ImportFolders), files, "", nil)
	if err != nil {
		return nil, ImportOutput{}, toolError(err)
	}
	out := ImportOutput{Results: []api.JobResult{}}
	var text strings.Builder
	for _, r := range results {
		jr := api.JobResult{File: r.Path, DocumentID: r.DocumentID, Outcome: string(r.Outcome)}
		if r.Err != nil {
			jr.Error = app.ErrorMessage(r.Err)
		}
		out.Results = append(out.Results, jr)
		fmt.Fprintf(&text, "%s: %s %s %s\n", jr.Outcome, jr.File, jr.DocumentID, jr.Error)
	}
	return textResult(text.String()), out, nil
}

func textResult(s string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
}
