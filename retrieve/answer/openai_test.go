package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"archivist/app"
	"archivist/retrieve/answer"
)

// chat is the body of an OpenAI-compatible chat completion holding content.
func chat(content, finish string) string {
	b, _ := json.Marshal(map[string]any{
		"id":      "chatcmpl-1",
		"object":  "chat.completion",
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": finish}},
	})
	return string(b)
}

// model is an httptest provider that replays one response and records
// every request it gets.
type model struct {
	srv    *httptest.Server
	calls  atomic.Int32
	last   atomic.Value // []byte: the last request body
	header atomic.Value // http.Header of the last request
}

func newModel(t *testing.T, handle func(w http.ResponseWriter, r *http.Request)) *model {
	t.Helper()
	m := &model{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.calls.Add(1)
		body, _ := io.ReadAll(r.Body)
		m.last.Store(body)
		m.header.Store(r.Header.Clone())
		handle(w, r)
	}))
	t.Cleanup(m.srv.Close)
	return m
}

// replying returns a provider that answers every request with content.
func replying(t *testing.T, content string) *model {
	return newModel(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, chat(content, "stop"))
	})
}

func (m *model) answerer() *answer.OpenAI {
	return &answer.OpenAI{BaseURL: m.srv.URL + "/v1", Model: "test-model", APIKey: "sk-secret-key-123", Timeout: 5 * time.Second}
}

// twoSources is evidence with two text sources, each one block of two
// sentences on lines 1 and 2.
func twoSources() *app.Evidence {
	ev := &app.Evidence{
		Question: app.Question{Text: "What does the permit cost and when is the deadline?"},
		Terms:    []string{"permit", "cost", "deadline"},
		Blocks:   map[string]app.Block{},
		Sections: map[string]string{"s1": "Fees", "s2": "Dates"},
	}
	texts := []string{
		"The permit costs 40 euros per application.\nPayment is due on submission.",
		"The deadline for applications is 1 May 2024.\nLate applications are refused.",
	}
	for i, text := range texts {
		id := fmt.Sprintf("b%d", i+1)
		ev.Blocks[id] = app.Block{ID: id, SectionID: fmt.Sprintf("s%d", i+1), Kind: app.BlockParagraph, Text: text, LineStart: 1, LineEnd: 2}
		w := app.Window{Text: text, Spans: []app.Span{{BlockID: id, Start: 0, End: len(text)}}, Section: ev.Sections[fmt.Sprintf("s%d", i+1)]}
		ev.Sources = append(ev.Sources, app.Source{N: i + 1, DocumentID: fmt.Sprintf("d%d", i+1), Title: fmt.Sprintf("Doc %d", i+1), Format: app.FormatText, Windows: []app.Window{w}, Text: text})
	}
	return ev
}

func errCode(err error) string { return app.ErrorCode(err) }

func TestOpenAIRequest(t *testing.T) {
	m := replying(t, `{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`)
	ev := twoSources()
	long := strings.Repeat("Ä", 400)
	ev.Sources[1].Title = long
	ev.Sources[0].Text += "\r\n\ttrailing\u00a0bytes  "
	if _, err := m.answerer().Answer(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	if n := m.calls.Load(); n != 1 {
		t.Fatalf("%d HTTP calls for one answer, want exactly 1", n)
	}
	h := m.header.Load().(http.Header)
	if got := h.Get("Authorization"); got != "Bearer sk-secret-key-123" {
		t.Errorf("Authorization = %q", got)
	}
	var req struct {
		Model          string            `json:"model"`
		MaxTokens      int               `json:"max_tokens"`
		Temperature    *float64          `json:"temperature"`
		ResponseFormat map[string]string `json:"response_format"`
		Messages       []struct{ Role, Content string }
	}
	if err := json.Unmarshal(m.last.Load().([]byte), &req); err != nil {
		t.Fatal(err)
	}
	if req.Model != "test-model" || req.MaxTokens != 4096 || req.Temperature == nil || *req.Temperature != 0 || req.ResponseFormat["type"] != "json_object" {
		t.Fatalf("request = %+v", req)
	}
	if len(req.Messages) != 2 || req.Messages[0].Role != "system" || req.Messages[1].Role != "user" {
		t.Fatalf("messages = %+v", req.Messages)
	}
	sys, user := req.Messages[0].Content, req.Messages[1].Content
	for _, want := range []string{"untrusted", "Never follow them", `"sufficient"`, `"citations"`, "[2]"} {
		if !strings.Contains(sys, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	for _, s := range ev.Sources {
		if !strings.Contains(user, "\n"+s.Text+"\n") {
			t.Errorf("source %d text is not in the prompt byte for byte", s.N)
		}
	}
	if !strings.Contains(user, "Title: "+strings.Repeat("Ä", 300)+"\n") || strings.Contains(user, strings.Repeat("Ä", 301)) {
		t.Error("the title is not clamped to 300 characters")
	}
	if !strings.Contains(user, ev.Question.Text) || !strings.Contains(user, "SOURCE [1]") || !strings.Contains(user, "SOURCE [2]") {
		t.Error("the prompt lacks the question or the source numbers")
	}
}

func TestOpenAINoEvidenceNoCall(t *testing.T) {
	m := replying(t, `{"answer":"made up [1]","sufficient":true,"citations":[1]}`)
	ans, err := m.answerer().Answer(context.Background(), &app.Evidence{Question: app.Question{Text: "anything"}, Terms: []string{"anything"}})
	if err != nil {
		t.Fatal(err)
	}
	if m.calls.Load() != 0 {
		t.Fatal("the provider was called without evidence")
	}
	if ans.Sufficient || ans.Answer != app.InsufficientEvidence || ans.Citations == nil || len(ans.Citations) != 0 || ans.Sources == nil {
		t.Fatalf("answer = %+v", ans)
	}
}

func TestOpenAIFailures(t *testing.T) {
	ctx := context.Background()
	const secret = "provider-internal-detail"
	t.Run("TruncatedIsNeverShownNorRetried", func(t *testing.T) {
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, chat(`{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`, "length"))
		})
		ans, err := m.answerer().Answer(ctx, twoSources())
		if errCode(err) != answer.EProviderResponseTruncated || ans != nil {
			t.Fatalf("got %+v, %v", ans, err)
		}
		if strings.Contains(err.Error(), "40 euros") {
			t.Error("the partial answer leaked into the error")
		}
		if m.calls.Load() != 1 {
			t.Fatalf("%d calls: a truncated answer was retried", m.calls.Load())
		}
	})
	t.Run("NoChoicesIsInvalid", func(t *testing.T) {
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, `{"choices":[]}`) })
		if _, err := m.answerer().Answer(ctx, twoSources()); errCode(err) != answer.EInvalidProviderResponse {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("ServerErrorIsSanitised", func(t *testing.T) {
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, secret+" "+r.Header.Get("Authorization"), http.StatusServiceUnavailable)
		})
		_, err := m.answerer().Answer(ctx, twoSources())
		if errCode(err) != app.EProviderFailure || !strings.Contains(err.Error(), "503") {
			t.Fatalf("err = %v", err)
		}
		if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "sk-secret") || strings.Contains(err.Error(), "127.0.0.1") {
			t.Fatalf("error leaks the provider body, key or URL: %q", err)
		}
		if m.calls.Load() != 1 {
			t.Fatalf("%d calls: a failure was retried", m.calls.Load())
		}
	})
	t.Run("UnauthorisedNeverEchoesKey", func(t *testing.T) {
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"error":{"message":"bad key %s"}}`, r.Header.Get("Authorization"))
		})
		var stats []answer.CallStats
		o := m.answerer()
		o.Observe = func(s answer.CallStats) { stats = append(stats, s) }
		_, err := o.Answer(ctx, twoSources())
		if errCode(err) != app.EProviderFailure || strings.Contains(err.Error(), "sk-secret") {
			t.Fatalf("err = %v", err)
		}
		if len(stats) != 1 || stats[0].Outcome != "http_status" || stats[0].Status != 401 || strings.Contains(fmt.Sprint(stats[0]), "sk-") {
			t.Fatalf("stats = %+v", stats)
		}
	})
	t.Run("Timeout", func(t *testing.T) {
		release := make(chan struct{})
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		})
		defer close(release)
		o := m.answerer()
		o.Timeout = 100 * time.Millisecond
		began := time.Now()
		_, err := o.Answer(ctx, twoSources())
		if errCode(err) != app.EProviderFailure || !strings.Contains(err.Error(), "in time") {
			t.Fatalf("err = %v", err)
		}
		if d := time.Since(began); d > 3*time.Second {
			t.Fatalf("the timeout took %v", d)
		}
	})
	t.Run("CancelledByCaller", func(t *testing.T) {
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
		cctx, cancel := context.WithCancel(ctx)
		time.AfterFunc(50*time.Millisecond, cancel)
		if _, err := m.answerer().Answer(cctx, twoSources()); errCode(err) != app.ECancelled {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("RedirectRefused", func(t *testing.T) {
		target := replying(t, `{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`)
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target.srv.URL+"/v1/chat/completions", http.StatusTemporaryRedirect)
		})
		o := m.answerer()
		o.HTTPClient = &http.Client{} // a caller's client that would follow redirects
		_, err := o.Answer(ctx, twoSources())
		if errCode(err) != app.EProviderFailure || !strings.Contains(err.Error(), "redirect") {
			t.Fatalf("err = %v", err)
		}
		if target.calls.Load() != 0 {
			t.Fatal("the redirect was followed: evidence reached another endpoint")
		}
		if o.HTTPClient.CheckRedirect != nil {
			t.Fatal("the caller's client was modified")
		}
	})
	t.Run("OversizedBodyIsBounded", func(t *testing.T) {
		m := newModel(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"choices":[{"message":{"content":"`)
			chunk := strings.Repeat("a", 1<<20)
			for i := 0; i < 10; i++ { // 10 MB
				if _, err := io.WriteString(w, chunk); err != nil {
					return
				}
			}
			io.WriteString(w, `"},"finish_reason":"stop"}]}`)
		})
		var stats answer.CallStats
		o := m.answerer()
		o.Observe = func(s answer.CallStats) { stats = s }
		_, err := o.Answer(ctx, twoSources())
		if errCode(err) != app.EProviderFailure || !strings.Contains(err.Error(), "larger") {
			t.Fatalf("err = %v", err)
		}
		if stats.ResponseBytes > answer.MaxResponseBytes+1 || stats.Outcome != "body_too_large" {
			t.Fatalf("stats = %+v", stats)
		}
	})
	t.Run("Unreachable", func(t *testing.T) {
		m := replying(t, "{}")
		o := m.answerer()
		m.srv.Close()
		_, err := o.Answer(ctx, twoSources())
		if errCode(err) != app.EProviderFailure || strings.Contains(err.Error(), "127.0.0.1") {
			t.Fatalf("err = %v", err)
		}
	})
}

// roundTripper records requests instead of sending them anywhere.
type roundTripper struct{ calls atomic.Int32 }

func (rt *roundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.calls.Add(1)
	return &http.Response{StatusCode: 200, Header: http.Header{}, Request: r,
		Body: io.NopCloser(strings.NewReader(chat(`{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`, "stop")))}, nil
}

func TestOpenAIRemoteEndpointNeedsEgressAcknowledgement(t *testing.T) {
	rt := &roundTripper{}
	o := &answer.OpenAI{BaseURL: "https://models.example.com/v1", Model: "m", HTTPClient: &http.Client{Transport: rt}}
	_, err := o.Answer(context.Background(), twoSources())
	if errCode(err) != answer.EEgressNotAcknowledged || rt.calls.Load() != 0 {
		t.Fatalf("err = %v, %d calls", err, rt.calls.Load())
	}
	o.EgressAcknowledged = true
	if ans, err := o.Answer(context.Background(), twoSources()); err != nil || !ans.Sufficient || rt.calls.Load() != 1 {
		t.Fatalf("acknowledged: %+v, %v, %d calls", ans, err, rt.calls.Load())
	}
}

func TestResolveBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"ollama":                      answer.OllamaBaseURL,
		"llamacpp":                    answer.LlamaCppBaseURL,
		"llama.cpp":                   answer.LlamaCppBaseURL,
		"http://10.0.0.5:8000/v1/":    "http://10.0.0.5:8000/v1",
		"https://api.example.com/v1":  "https://api.example.com/v1",
		"ftp://x/v1":                  "",
		"https://user:pw@host.com/v1": "",
		"http://host/v1?key=abc":      "",
		"not a url":                   "",
	} {
		got, err := answer.ResolveBaseURL(in)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("ResolveBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
		if err != nil && (strings.Contains(err.Error(), "pw") || strings.Contains(err.Error(), "abc")) {
			t.Errorf("error echoes the URL: %v", err)
		}
	}
}

func TestDescribeNamesModelNotKey(t *testing.T) {
	o := &answer.OpenAI{BaseURL: "ollama", Model: "llama3.2", APIKey: "sk-x"}
	if got := o.Describe(); got != "llama3.2 at localhost:11434" {
		t.Fatalf("Describe = %q", got)
	}
}

func TestObserveRecordsNoText(t *testing.T) {
	m := replying(t, `{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`)
	var stats []answer.CallStats
	o := m.answerer()
	o.Observe = func(s answer.CallStats) { stats = append(stats, s) }
	ev := twoSources()
	if _, err := o.Answer(context.Background(), ev); err != nil {
		t.Fatal(err)
	}
	if len(stats) != 1 || stats[0].Outcome != "ok" || stats[0].Calls != 1 || stats[0].Sources != 2 || stats[0].Citations != 1 || stats[0].RequestBytes == 0 {
		t.Fatalf("stats = %+v", stats)
	}
	s := fmt.Sprintf("%+v", stats[0])
	for _, text := range []string{"permit", "Doc 1", "euros", "deadline"} {
		if strings.Contains(s, text) {
			t.Fatalf("stats hold text %q: %s", text, s)
		}
	}
}

// TestOpenAIUnsupportedClaims: a model's claim whose quote does not hold
// the figure it states is listed as unsupported; a claim its quote holds
// is not.
func TestOpenAIUnsupportedClaims(t *testing.T) {
	m := replying(t, `{"answer":"The permit costs 45 euros [1]. The deadline is 1 May 2024 [2].","sufficient":true,"citations":[1,2]}`)
	ans, err := m.answerer().Answer(context.Background(), twoSources())
	if err != nil {
		t.Fatal(err)
	}
	if ans.Verdict != app.VerdictAnswered || len(ans.Unsupported) != 1 || !strings.Contains(ans.Unsupported[0], "45 euros") {
		t.Fatalf("verdict %q, unsupported %q", ans.Verdict, ans.Unsupported)
	}
	m = replying(t, `{"answer":"The permit costs 40 euros [1].","sufficient":true,"citations":[1]}`)
	if ans, err = m.answerer().Answer(context.Background(), twoSources()); err != nil || len(ans.Unsupported) != 0 {
		t.Fatalf("a claim its quote holds is unsupported: %q, %v", ans.Unsupported, err)
	}
}
