package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"archivist/app"
	"archivist/retrieve"
)

// QuestionRequest is the body of /v1/query and /v1/answer.
type QuestionRequest struct {
	Question    string   `json:"question"`
	DocumentIDs []string `json:"document_ids,omitempty"`
	// Preset is focused, balanced (the default) or detailed.
	Preset string `json:"preset,omitempty"`
	// ConsentSensitive is the consent of `ask --consent-sensitive`: that
	// Confidential and Restricted text may reach a configured model or
	// remote decision provider for this request.
	ConsentSensitive bool `json:"consent_sensitive,omitempty"`
}

// Question turns a request into the question Research asks, refusing an
// unknown preset as the CLI does.
func (q QuestionRequest) AppQuestion() (app.Question, error) {
	preset := app.PresetBalanced
	switch p := strings.ToLower(strings.TrimSpace(q.Preset)); p {
	case "":
	case string(app.PresetFocused), string(app.PresetBalanced), string(app.PresetDetailed):
		preset = app.Preset(p)
	default:
		return app.Question{}, app.Errorf(app.EInvalid, "Unknown preset %q: use focused, balanced or detailed.", q.Preset)
	}
	return app.Question{Text: q.Question, Scope: app.Scope{DocumentIDs: q.DocumentIDs}, Preset: preset,
		Consent: q.ConsentSensitive}, nil
}

// EvidenceItem is one verbatim window of evidence with where it is: the
// document, its section path, pages, the blocks it covers and one highlight
// rectangle per line (normalised 0–1, origin top-left, after rotation;
// empty for formats without pages).
type EvidenceItem struct {
	DocumentID  string     `json:"document_id"`
	Title       string     `json:"title"`
	Section     string     `json:"section"`
	PageStart   int        `json:"page_start"`
	PageEnd     int        `json:"page_end"`
	Blocks      []string   `json:"blocks"`
	Rects       []app.Rect `json:"rects"`
	Text        string     `json:"text"`
	Sensitivity string     `json:"sensitivity"`
}

// QueryResponse is the body /v1/query answers, and replays.
type QueryResponse struct {
	Evidence   []EvidenceItem `json:"evidence"`
	TraceToken string         `json:"trace_token"`
}

// EvidenceItems lists ev's windows in source order, each verbatim with its
// blocks and line rectangles. Computed statistics are not quotes and are
// left out.
func EvidenceItems(ev *app.Evidence) []EvidenceItem {
	out := []EvidenceItem{}
	for _, src := range ev.Sources {
		for _, win := range src.Windows {
			it := EvidenceItem{DocumentID: src.DocumentID, Title: src.Title, Section: win.Section,
				PageStart: win.PageStart, PageEnd: win.PageEnd, Blocks: []string{}, Rects: []app.Rect{},
				Text: win.Text, Sensitivity: string(src.Sensitivity)}
			for _, sp := range win.Spans {
				if len(it.Blocks) == 0 || it.Blocks[len(it.Blocks)-1] != sp.BlockID {
					it.Blocks = append(it.Blocks, sp.BlockID)
				}
				if b, ok := ev.Blocks[sp.BlockID]; ok && b.Page > 0 {
					it.Rects = append(it.Rects, b.QuoteRects(sp.Start, sp.End)...)
				}
			}
			out = append(out, it)
		}
	}
	return out
}

func (s *Server) question(w http.ResponseWriter, r *http.Request) (app.Question, bool) {
	var req QuestionRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		writeError(w, err)
		return app.Question{}, false
	}
	q, err := req.AppQuestion()
	if err != nil {
		writeError(w, err)
		return app.Question{}, false
	}
	if strings.TrimSpace(q.Text) == "" {
		writeError(w, app.Errorf(app.EInvalid, "Type a question first."))
		return app.Question{}, false
	}
	// What the research engine would refuse is refused before the rate
	// limit: only well-formed questions spend a request.
	if utf8.RuneCountInString(strings.TrimSpace(q.Text)) > retrieve.MaxQuestionChars {
		writeError(w, app.Errorf(app.EInvalid, "The question is too long (at most %d characters).", retrieve.MaxQuestionChars))
		return app.Question{}, false
	}
	if len(q.Scope.DocumentIDs) > app.MaxSelectedDocuments && q.Scope.FolderID == "" && !q.Scope.FromQuery {
		writeError(w, app.Errorf(app.EInvalid, "A question can be scoped to at most %d documents; %d are selected.",
			app.MaxSelectedDocuments, len(q.Scope.DocumentIDs)))
		return app.Question{}, false
	}
	return q, s.spend(w)
}

// Query finds a question's evidence, stores the response under a new trace
// token for replay and returns it with its exact bytes.
func Query(ctx context.Context, research Research, lib Library, newID func() string, q app.Question) (*QueryResponse, []byte, error) {
	ev, err := research.Evidence(ctx, q)
	if err != nil {
		return nil, nil, err
	}
	resp := &QueryResponse{Evidence: EvidenceItems(ev), TraceToken: newID()}
	body, err := json.MarshalIndent(resp, "", "  ")
	if err != nil {
		return nil, nil, fmt.Errorf("api: encode evidence: %w", err)
	}
	body = append(body, '\n')
	if err := lib.SaveTrace(ctx, resp.TraceToken, body); err != nil {
		return nil, nil, err
	}
	return resp, body, nil
}

func (s *Server) handleQuery(w http.ResponseWriter, r *http.Request) {
	q, ok := s.question(w, r)
	if !ok {
		return
	}
	_, body, err := Query(r.Context(), s.research, s.lib, s.cfg.NewID, q)
	if err != nil {
		writeError(w, err)
		return
	}
	writeRaw(w, http.StatusOK, body)
}

// handleAnswer answers exactly what `ask --json` prints: the bytes the
// research engine stored for replay.
func (s *Server) handleAnswer(w http.ResponseWriter, r *http.Request) {
	q, ok := s.question(w, r)
	if !ok {
		return
	}
	_, body, err := s.research.AskJSON(r.Context(), q)
	if err != nil {
		writeError(w, err)
		return
	}
	writeRaw(w, http.StatusOK, body)
}

func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	var req struct {
		TraceToken string `json:"trace_token"`
	}
	if err := s.decodeJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(req.TraceToken) == "" {
		writeError(w, app.Errorf(app.EInvalid, "Give the trace_token of a stored answer."))
		return
	}
	body, err := s.research.Replay(r.Context(), req.TraceToken)
	if err != nil {
		writeError(w, err)
		return
	}
	writeRaw(w, http.StatusOK, body)
}
