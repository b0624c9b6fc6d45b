package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"archivist/app"
)

// Client calls a running local API (the window's, or `archivist serve`'s)
// and offers what an MCP server needs of the archive — Research, Library,
// Searcher, Pages, Importer — so `archivist mcp` can serve a library that
// the window has open. The server's own checks, consent rules and rate
// limit all apply on its side.
type Client struct {
	BaseURL string // e.g. http://127.0.0.1:8765
	Token   string
	HTTP    *http.Client // nil: a client with a 10-minute timeout, no redirects

	once sync.Once
	dir  string // a private folder for the last page image read
}

// maxClientBody bounds what the client reads of a response.
const maxClientBody = MaxResponseBytes + 1<<20

func (c *Client) client() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 10 * time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
}

// call sends one request (body as JSON unless nil) and returns the
// response body, or the server's error as an *app.Error.
func (c *Client) call(ctx context.Context, method, path string, body any) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("api client: encode: %w", err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.BaseURL, "/")+path, rd)
	if err != nil {
		return nil, app.Errorf(app.EInvalid, "The local API address %q is not a URL.", c.BaseURL)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.client().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, app.Errorf(app.ECancelled, "The request was cancelled.")
		}
		return nil, app.Errorf(app.EProviderFailure, "The local API at %s does not answer: turn on Settings → Local API in the window, or run `archivist serve`.", c.BaseURL)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxClientBody))
	if err != nil {
		return nil, app.Errorf(app.EProviderFailure, "The local API's answer could not be read.")
	}
	if resp.StatusCode/100 == 2 {
		return data, nil
	}
	var e errorBody
	if json.Unmarshal(data, &e) == nil && e.Error.Code != "" {
		return nil, &app.Error{Code: e.Error.Code, Message: e.Error.Message}
	}
	return nil, app.Errorf(app.EProviderFailure, "The local API answered %d.", resp.StatusCode)
}

func (c *Client) decode(ctx context.Context, method, path string, body, out any) error {
	data, err := c.call(ctx, method, path, body)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return app.Errorf(app.EProviderFailure, "The local API's answer is not the JSON expected.")
	}
	return nil
}

func questionBody(q app.Question) QuestionRequest {
	return QuestionRequest{Question: q.Text, DocumentIDs: q.Scope.DocumentIDs, Preset: string(q.Preset), ConsentSensitive: q.Consent}
}

// Query asks /v1/query.
func (c *Client) Query(ctx context.Context, q app.Question) (*QueryResponse, error) {
	var out QueryResponse
	if err := c.decode(ctx, "POST", "/v1/query", questionBody(q), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Evidence is not offered over HTTP: evidence arrives as Query's verbatim
// items, never as the engine's internal form.
func (c *Client) Evidence(ctx context.Context, q app.Question) (*app.Evidence, error) {
	return nil, app.Errorf(app.EUnsupported, "Evidence over the local API comes through /v1/query.")
}

// AskJSON asks /v1/answer and returns its bytes, which are what `ask
// --json` prints.
func (c *Client) AskJSON(ctx context.Context, q app.Question) (*app.Answer, []byte, error) {
	data, err := c.call(ctx, "POST", "/v1/answer", questionBody(q))
	if err != nil {
		return nil, nil, err
	}
	var a app.Answer
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, nil, app.Errorf(app.EProviderFailure, "The local API's answer is not the JSON expected.")
	}
	return &a, data, nil
}

// Replay asks /v1/replay.
func (c *Client) Replay(ctx context.Context, token string) ([]byte, error) {
	return c.call(ctx, "POST", "/v1/replay", map[string]string{"trace_token": token})
}

func (d DocumentSummary) document() app.Document {
	return app.Document{ID: d.ID, Title: d.Title, Filename: d.Filename, Format: app.Format(d.Format), Pages: d.Pages,
		Status: app.Status(d.Status), Error: d.Error, Notice: d.Notice, Sensitivity: app.StoredSensitivity(d.Sensitivity)}
}

// Documents lists every document, page by page.
func (c *Client) Documents(ctx context.Context) ([]app.Document, error) {
	rows, err := c.summaries(ctx)
	if err != nil {
		return nil, err
	}
	docs := make([]app.Document, len(rows))
	for i, d := range rows {
		docs[i] = d.document()
	}
	return docs, nil
}

// summaries pages through the document list, metadata included.
func (c *Client) summaries(ctx context.Context) ([]DocumentSummary, error) {
	var rows []DocumentSummary
	for {
		var page struct {
			Documents []DocumentSummary `json:"documents"`
			Total     int               `json:"total"`
		}
		path := "/v1/documents?limit=" + strconv.Itoa(MaxListedDocuments) + "&offset=" + strconv.Itoa(len(rows))
		if err := c.decode(ctx, "GET", path, nil, &page); err != nil {
			return nil, err
		}
		rows = append(rows, page.Documents...)
		if len(page.Documents) == 0 || len(rows) >= page.Total {
			return rows, nil
		}
	}
}

// DocumentMeta reads the metadata of the documents ids names from the
// document list: a page of a thousand documents a request, not one request
// a document.
func (c *Client) DocumentMeta(ctx context.Context, ids []string) (map[string]app.DocumentMeta, error) {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	rows, err := c.summaries(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]app.DocumentMeta{}
	for _, s := range rows {
		if want[s.ID] || len(ids) == 0 {
			out[s.ID] = app.DocumentMeta{Tags: s.Tags, Type: s.Type, Correspondent: s.Correspondent,
				Created: s.Created, Language: s.Language}
		}
	}
	return out, nil
}

func (c *Client) detail(ctx context.Context, id string) (*DocumentDetail, error) {
	var d DocumentDetail
	if err := c.decode(ctx, "GET", "/v1/documents/"+url.PathEscape(id), nil, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Document asks for one document.
func (c *Client) Document(ctx context.Context, id string) (*app.Document, error) {
	d, err := c.detail(ctx, id)
	if err != nil {
		return nil, err
	}
	doc := d.Document.document()
	return &doc, nil
}

// Sections is not offered: the API gives the tree, not the store's rows.
func (c *Client) Sections(ctx context.Context, id string) ([]app.Section, error) {
	return nil, app.Errorf(app.EUnsupported, "Sections come as a tree from /v1/documents/{id}.")
}

// Pages asks for a document's pages.
func (c *Client) Pages(ctx context.Context, id string) ([]Page, error) {
	d, err := c.detail(ctx, id)
	if err != nil {
		return nil, err
	}
	return d.Pages, nil
}

// OriginalPath is not offered: the original is a download, not a path.
func (c *Client) OriginalPath(ctx context.Context, id string) (string, error) {
	return "", app.Errorf(app.EUnsupported, "The original is downloaded from /v1/documents/{id}/original.")
}

// SaveTrace is not needed: the server stores what it answers.
func (c *Client) SaveTrace(ctx context.Context, token string, body []byte) error {
	return app.Errorf(app.EUnsupported, "The server stores its own traces.")
}

// SearchDocuments asks /v1/search.
func (c *Client) SearchDocuments(ctx context.Context, query string, limit int) ([]SearchHit, error) {
	var out SearchResponse
	path := "/v1/search?q=" + url.QueryEscape(query) + "&limit=" + strconv.Itoa(limit)
	if err := c.decode(ctx, "GET", path, nil, &out); err != nil {
		return nil, err
	}
	return out.Documents, nil
}

func pagePath(id string, page int) string {
	return "/v1/documents/" + url.PathEscape(id) + "/pages/" + strconv.Itoa(page)
}

// PageText asks for a page's text.
func (c *Client) PageText(ctx context.Context, id string, page int) (string, error) {
	var out PageResponse
	if err := c.decode(ctx, "GET", pagePath(id, page), nil, &out); err != nil {
		return "", err
	}
	return out.Text, nil
}

// PageImage downloads a page's PNG into the client's private folder (one
// image at a time, replaced by the next) and returns its path.
func (c *Client) PageImage(ctx context.Context, id string, page int) (string, error) {
	data, err := c.call(ctx, "GET", pagePath(id, page)+"/image", nil)
	if err != nil {
		return "", err
	}
	c.once.Do(func() { c.dir, _ = os.MkdirTemp("", "archivist-pages-") })
	if c.dir == "" {
		return "", app.Errorf(app.EInternal, "No folder for page images.")
	}
	path := filepath.Join(c.dir, "page.png")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return "", fmt.Errorf("api client: page image: %w", err)
	}
	return path, nil
}

// ImportFiles asks /v1/import for the paths and waits for the job.
func (c *Client) ImportFiles(ctx context.Context, paths []string, password string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	var queued struct{ Job Job }
	if err := c.decode(ctx, "POST", "/v1/import", ImportRequest{Paths: paths, Password: password}, &queued); err != nil {
		return nil, err
	}
	for {
		var cur struct{ Job Job }
		if err := c.decode(ctx, "GET", "/v1/jobs/"+url.PathEscape(queued.Job.ID), nil, &cur); err != nil {
			return nil, err
		}
		switch cur.Job.State {
		case "done", "failed":
			var out []app.ImportResult
			for _, r := range cur.Job.Results {
				res := app.ImportResult{Path: r.File, DocumentID: r.DocumentID, Outcome: app.ImportOutcome(r.Outcome)}
				if r.Error != "" {
					res.Err = app.Errorf(app.EInvalid, "%s", r.Error)
				}
				out = append(out, res)
			}
			if cur.Job.State == "failed" {
				return out, app.Errorf(app.ECancelled, "%s", cur.Job.Error)
			}
			return out, nil
		}
		select {
		case <-ctx.Done():
			return nil, app.Errorf(app.ECancelled, "The import was left running in the server.")
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// Close removes the client's page images.
func (c *Client) Close() {
	if c.dir != "" {
		os.RemoveAll(c.dir)
	}
}
