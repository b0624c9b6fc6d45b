package answer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"archivist/app"
	"archivist/retrieve/internal/endpoint"
	"archivist/retrieve/internal/vision"
)

// Endpoint presets for local OpenAI-compatible servers.
const (
	OllamaBaseURL   = endpoint.OllamaBaseURL
	LlamaCppBaseURL = endpoint.LlamaCppBaseURL
)

// Limits of one completion (docs/design.md §6 and §7).
const (
	MaxTokens        = 4096            // generation cap, reasoning included where the provider counts it
	MaxResponseBytes = 4 << 20         // a larger response body fails as provider_failure
	DefaultTimeout   = 5 * time.Minute // local models on a CPU can be slow
)

// OpenAI answers through an OpenAI-compatible chat-completions endpoint
// (Ollama, llama.cpp server, vLLM, hosted services) in JSON-object mode, then
// applies the citation contract and pins each claim to source text.
//
// It makes exactly one HTTP call per successful answer and none when the
// evidence has no sources. Its errors are *app.Error values whose messages
// never carry the provider's body, the endpoint URL or the key.
type OpenAI struct {
	BaseURL string // e.g. OllamaBaseURL; "/chat/completions" is appended
	Model   string
	APIKey  string // sent as a Bearer token; never logged or put in an error
	// HTTPClient is the client to use; nil means a new one. Its redirect
	// policy is overridden on a copy: redirects are always refused.
	HTTPClient *http.Client
	Timeout    time.Duration // for the whole call; 0 means DefaultTimeout
	// EgressAcknowledged must be true for an endpoint that is not on this
	// machine (docs/design.md §7); the caller sets it from the stored
	// acknowledgement.
	EgressAcknowledged bool
	// Picker picks each claim's pincite; nil means LexicalPicker.
	Picker Picker
	// Observe, when set, receives counts, sizes, a duration and a fixed
	// outcome for each answer: what may be logged, never text.
	Observe func(CallStats)
	// Images says whether the model is shown the figures of its sources
	// (app.ImagesDetect, app.ImagesYes, app.ImagesNo).
	Images string
}

// SeesImages reports whether the model is shown its sources' figures: as
// the Images setting says, else as the endpoint says (vision.Sees); when
// it is not for a reason the person can change, a note says why.
func (o *OpenAI) SeesImages(ctx context.Context) (bool, string) {
	base, err := ResolveBaseURL(o.BaseURL)
	if err != nil {
		return false, ""
	}
	sees, why := vision.Sees(ctx, o.vision(base))
	return sees, vision.Note(why)
}

func (o *OpenAI) vision(base string) vision.Endpoint {
	return vision.Endpoint{Base: base, Model: o.Model, Key: o.APIKey, Setting: o.Images, Client: o.HTTPClient, Role: "the answer model"}
}

// CallStats describes one answer for logs. It never holds a question, an
// answer, a title or a snippet.
type CallStats struct {
	Sources       int
	Calls         int // HTTP calls made: 0 or 1
	RequestBytes  int
	ResponseBytes int
	Status        int // HTTP status, 0 when none arrived
	Duration      time.Duration
	Citations     int
	Outcome       string // a fixed reason, e.g. "ok", "output_limit", "timeout"
}

// ResolveBaseURL turns a preset name or an http(s) URL into a base URL
// (endpoint.Resolve).
func ResolveBaseURL(s string) (string, error) { return endpoint.Resolve(s) }

// Describe names the model and endpoint that receive evidence, for the
// drawer: "llama3.2 at localhost:11434". It never includes the key.
func (o *OpenAI) Describe() string {
	host := "an unusable endpoint"
	if base, err := endpoint.Resolve(o.BaseURL); err == nil {
		host = endpoint.Host(base)
	}
	if o.Model == "" {
		return host
	}
	return o.Model + " at " + host
}

// Answer implements Answerer with no conversation history.
func (o *OpenAI) Answer(ctx context.Context, ev *app.Evidence) (*app.Answer, error) {
	return o.AnswerWithHistory(ctx, ev, nil)
}

// AnswerWithHistory answers ev's question. history holds earlier complete
// turns of the conversation; BoundHistory decides which are sent. Their
// text is never evidence: only ev's sources can be cited.
func (o *OpenAI) AnswerWithHistory(ctx context.Context, ev *app.Evidence, history []Turn) (ans *app.Answer, err error) {
	stats := CallStats{Sources: len(ev.Sources)}
	began := time.Now()
	defer func() {
		if o.Observe == nil {
			return
		}
		stats.Duration = time.Since(began)
		switch {
		case err != nil:
			if stats.Outcome == "" {
				stats.Outcome = reasonOf(err)
			}
		case !ans.Sufficient:
			stats.Outcome = reasonInsufficient
		default:
			stats.Outcome = reasonOK
			stats.Citations = len(ans.Citations)
		}
		o.Observe(stats)
	}()
	if len(ev.Sources) == 0 {
		return insufficient(ev), nil
	}
	content, note, err := o.completeSeeing(ctx, ev, history, &stats)
	if err != nil {
		return nil, err
	}
	reply, err := ParseReply(content, len(ev.Sources))
	if err != nil {
		return nil, err
	}
	if !reply.Sufficient {
		return insufficient(ev), nil
	}
	picker := o.Picker
	if picker == nil {
		picker = LexicalPicker{}
	}
	cits, err := Pincite(ctx, ev, reply, picker)
	if err != nil {
		return nil, err
	}
	ans = &app.Answer{Answer: reply.Answer, Sufficient: true, Verdict: app.VerdictAnswered, Citations: cits,
		Sources: SourceRefs(ev), Unsupported: unsupported(ev, reply, cits)}
	if note != "" {
		ans.Notes = []string{note}
	}
	return ans, nil
}

// completeSeeing is complete with the sources' pictures, and asked again
// as text when the endpoint refuses them: the refusal is remembered for
// the process and returned as a note.
func (o *OpenAI) completeSeeing(ctx context.Context, ev *app.Evidence, history []Turn, stats *CallStats) ([]byte, string, error) {
	content, err := o.complete(ctx, ev, history, stats, true)
	var refused *refusal
	if !errors.As(err, &refused) {
		return content, "", err
	}
	base, _ := ResolveBaseURL(o.BaseURL)
	note := vision.Refused(o.vision(base))
	content, err = o.complete(ctx, ev, history, stats, false)
	return content, note, err
}

// refusal is a request with pictures the endpoint refused.
type refusal struct{ err error }

func (r *refusal) Error() string { return r.err.Error() }

// insufficient is the stable answer that makes no claim but keeps the sources.
func insufficient(ev *app.Evidence) *app.Answer {
	return &app.Answer{Answer: app.InsufficientEvidence, Verdict: app.VerdictNone, Citations: []app.Citation{}, Sources: SourceRefs(ev)}
}

type chatMessage struct {
	Role    string `json:"role"`
	Content any    `json:"content"` // a string, or vision.Content's parts
}

type chatRequest struct {
	Model          string            `json:"model"`
	Messages       []chatMessage     `json:"messages"`
	ResponseFormat map[string]string `json:"response_format"`
	MaxTokens      int               `json:"max_tokens"`
	Temperature    float64           `json:"temperature"`
	Stream         bool              `json:"stream"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// Request builds the chat-completions body for ev: the system prompt, the
// bounded history, then the question with its sources, and their pictures
// after them.
func (o *OpenAI) Request(ev *app.Evidence, history []Turn) ([]byte, error) {
	return o.request(ev, history, Pictures(ev))
}

// Pictures are the sources' pictures in source order, each labelled with
// its source's number, at most app.MaxImagesPerQuestion.
func Pictures(ev *app.Evidence) []app.Picture {
	var out []app.Picture
	for _, s := range ev.Sources {
		for _, p := range s.Pictures {
			if len(out) == app.MaxImagesPerQuestion {
				return out
			}
			out = append(out, app.Picture{Label: "SOURCE [" + strconv.Itoa(s.N) + "], " + p.Label + ":", PNG: p.PNG})
		}
	}
	return out
}

func (o *OpenAI) request(ev *app.Evidence, history []Turn, pics []app.Picture) ([]byte, error) {
	msgs := []chatMessage{{Role: "system", Content: SystemPrompt}}
	for _, t := range BoundHistory(history) {
		msgs = append(msgs, chatMessage{Role: "user", Content: t.Question}, chatMessage{Role: "assistant", Content: t.Answer})
	}
	msgs = append(msgs, chatMessage{Role: "user", Content: vision.Content(UserPrompt(ev), pics)})
	return json.Marshal(chatRequest{
		Model:          o.Model,
		Messages:       msgs,
		ResponseFormat: map[string]string{"type": "json_object"},
		MaxTokens:      MaxTokens,
		Temperature:    0,
	})
}

func failure(reason, format string, args ...any) error {
	return &contractError{err: app.Errorf(app.EProviderFailure, format, args...), reason: reason}
}

// complete makes the one HTTP call, with the sources' pictures when
// seeing, and returns the message content; a refusal of the pictures is a
// *refusal.
func (o *OpenAI) complete(ctx context.Context, ev *app.Evidence, history []Turn, stats *CallStats, seeing bool) ([]byte, error) {
	base, err := ResolveBaseURL(o.BaseURL)
	if err != nil {
		return nil, &contractError{err: app.Errorf(app.EInvalid, "%s", app.ErrorMessage(err)), reason: reasonBadConfiguration}
	}
	if !endpoint.IsLoopback(base) && !o.EgressAcknowledged {
		return nil, &contractError{err: app.Errorf(EEgressNotAcknowledged,
			"The model endpoint is not on this computer. Acknowledge that document text will be sent there before asking."), reason: reasonEgress}
	}
	var pics []app.Picture
	if seeing {
		pics = Pictures(ev)
	}
	body, err := o.request(ev, history, pics)
	if err != nil {
		return nil, failure(reasonBadConfiguration, "The request to the model could not be built.")
	}
	stats.RequestBytes = len(body)
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	stats.Calls = 1
	status, raw, err := endpoint.Do(ctx, endpoint.Call{Method: http.MethodPost, URL: base + "/chat/completions", Body: body,
		Key: o.APIKey, Timeout: timeout, Limit: MaxResponseBytes, Client: o.HTTPClient})
	stats.Status, stats.ResponseBytes = status, len(raw)
	if len(pics) > 0 && vision.IsRefusal(err) {
		return nil, &refusal{err: err}
	}
	if err != nil {
		return nil, callError(err)
	}
	var cr chatResponse
	if err := json.Unmarshal(raw, &cr); err != nil || len(cr.Choices) == 0 {
		return nil, invalid(reasonInvalidJSON, msgMalformed)
	}
	ch := cr.Choices[0]
	if ch.FinishReason == "length" {
		// Never shown, never retried: even valid-looking partial JSON.
		return nil, &contractError{err: app.Errorf(EProviderResponseTruncated, "%s", msgTruncatedOut), reason: reasonOutputLimit}
	}
	if ch.Message.Content == nil {
		return nil, invalid(reasonInvalidJSON, msgMalformed)
	}
	return []byte(*ch.Message.Content), nil
}

// callError words a failed call for the person asking; the endpoint's
// error already holds nothing the server or the URL said.
func callError(err error) error {
	reason, status, _ := endpoint.ReasonOf(err)
	switch reason {
	case endpoint.ReasonCancelled:
		return &contractError{err: app.Errorf(app.ECancelled, "The question was cancelled."), reason: reasonCancelled}
	case endpoint.ReasonTimeout:
		return failure(reasonTimeout, "The model endpoint did not answer in time.")
	case endpoint.ReasonRedirect:
		return failure(reasonRedirect, "The model endpoint tried to redirect the request; redirects are refused.")
	case endpoint.ReasonStatus:
		return failure(reasonHTTPStatus, "The model endpoint failed with HTTP status %d.", status)
	case endpoint.ReasonTooLarge:
		return failure(reasonBodyTooLarge, "The model endpoint's response was larger than %d MiB.", MaxResponseBytes>>20)
	}
	return failure(reasonUnreachable, "The model endpoint could not be reached.")
}

// LogStats returns an Observe function that logs each answer's CallStats:
// counts, sizes, a duration and a fixed outcome — what may be logged.
func LogStats(l *slog.Logger) func(CallStats) {
	return func(s CallStats) {
		l.Info("completion", "outcome", s.Outcome, "sources", s.Sources, "calls", s.Calls, "request_bytes", s.RequestBytes,
			"response_bytes", s.ResponseBytes, "status", s.Status, "citations", s.Citations, "ms", s.Duration.Milliseconds())
	}
}
