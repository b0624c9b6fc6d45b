package api

import (
	"context"
	"encoding/base64"
	"net/http"
	"path/filepath"
	"strings"

	"archivist/app"
	"archivist/retrieve/check"
)

// MaxDraftBytes bounds a draft sent to /v1/check: its bytes, before the
// base64 of the request.
const MaxDraftBytes = 16 << 20

// CheckRequest is the body of /v1/check: a draft's file name (its
// extension says its format when its bytes do not) and either its text
// (Markdown or plain text) or its bytes in base64 (DOCX, PDF, any format).
type CheckRequest struct {
	Name          string `json:"name"`
	Text          string `json:"text,omitempty"`
	ContentBase64 string `json:"content_base64,omitempty"`
}

// Draft returns the request's file name and bytes, or an EInvalid error
// saying what is wrong with it.
func (c CheckRequest) Draft() (string, []byte, error) {
	name := filepath.Base(strings.TrimSpace(c.Name))
	if name == "." || name == "/" || name == "" {
		name = "draft.md"
	}
	switch {
	case c.Text != "" && c.ContentBase64 != "":
		return "", nil, app.Errorf(app.EInvalid, "Send the draft as text or as content_base64, not both.")
	case c.Text != "":
		if len(c.Text) > MaxDraftBytes {
			return "", nil, app.Errorf(app.ETooLarge, "The draft exceeds %d MB.", MaxDraftBytes>>20)
		}
		return name, []byte(c.Text), nil
	case c.ContentBase64 != "":
		data, err := base64.StdEncoding.DecodeString(c.ContentBase64)
		if err != nil {
			return "", nil, app.Errorf(app.EInvalid, "content_base64 is not base64.")
		}
		if len(data) > MaxDraftBytes {
			return "", nil, app.Errorf(app.ETooLarge, "The draft exceeds %d MB.", MaxDraftBytes>>20)
		}
		return name, data, nil
	}
	return "", nil, app.Errorf(app.EInvalid, "The draft is empty: send its text or its content_base64.")
}

// handleCheck checks a draft's quotations against the library. The report
// carries source text, so a check spends from the evidence rate limit.
func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	if s.checker == nil {
		writeError(w, app.Errorf(app.EUnsupported, "Checking drafts is not available in this server."))
		return
	}
	var req CheckRequest
	if err := s.decodeJSONUpTo(w, r, &req, MaxDraftBytes*4/3+64<<10); err != nil {
		writeError(w, err)
		return
	}
	name, data, err := req.Draft()
	if err != nil {
		writeError(w, err)
		return
	}
	if !s.spend(w) {
		return
	}
	rep, err := s.checker.CheckDraft(r.Context(), name, data)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// CheckDraft reads a draft with the import's parsers and checks it against
// the library in one read snapshot; quotations found on pages read by OCR
// say so.
func (a library) CheckDraft(ctx context.Context, name string, data []byte) (*app.CheckReport, error) {
	parsed, err := a.importer.ParseDraft(ctx, name, data)
	if err != nil {
		return nil, err
	}
	snap, err := a.db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	rep, err := check.Draft(ctx, snap, name, data, parsed)
	if err != nil {
		return nil, err
	}
	var cits []app.Citation
	for _, q := range rep.Quotes {
		if q.Source != nil {
			cits = append(cits, *q.Source)
		}
	}
	a.importer.CiteOCR(ctx, cits)
	k := 0
	for i := range rep.Quotes {
		if rep.Quotes[i].Source != nil {
			rep.Quotes[i].Source.OCR = cits[k].OCR
			k++
		}
	}
	return rep, nil
}

// CheckDraft asks /v1/check.
func (c *Client) CheckDraft(ctx context.Context, name string, data []byte) (*app.CheckReport, error) {
	var out app.CheckReport
	req := CheckRequest{Name: name, ContentBase64: base64.StdEncoding.EncodeToString(data)}
	if err := c.decode(ctx, "POST", "/v1/check", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
