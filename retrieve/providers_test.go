package retrieve

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
)

// server is an httptest server standing in for a provider: it checks the
// path and bearer key, records the calls and answers with reply.
func server(t *testing.T, path, key string, reply func(body map[string]any) (int, string)) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.URL.Path != path {
			http.Error(w, "no such path", http.StatusNotFound)
			return
		}
		if key != "" && r.Header.Get("Authorization") != "Bearer "+key {
			http.Error(w, "unauthorised", http.StatusUnauthorized)
			return
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		status, out := reply(body)
		w.WriteHeader(status)
		io.WriteString(w, out)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// chatReply is an OpenAI-compatible chat completion whose content is s.
func chatReply(s string) string {
	b, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{
		"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": s}}}})
	return string(b)
}

func TestTestProviderAnswerOverHTTP(t *testing.T) {
	srv, calls := server(t, "/v1/chat/completions", "sk-1", func(body map[string]any) (int, string) {
		if body["model"] != "m1" {
			return http.StatusBadRequest, `{"error":"model"}`
		}
		return http.StatusOK, chatReply(`{"answer":"It is blue [1].","sufficient":true,"citations":[1]}`)
	})
	p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m1"}
	if err := TestAnswerer(context.Background(), p, "sk-1", false, &memEgress{}); err != nil {
		t.Fatalf("test of a working endpoint failed: %v", err)
	}
	if calls.Load() != 1 {
		t.Errorf("%d requests, want exactly 1", calls.Load())
	}

	t.Run("WrongKey", func(t *testing.T) {
		err := TestAnswerer(context.Background(), p, "sk-wrong", false, &memEgress{})
		if app.ErrorCode(err) != app.EProviderFailure || !strings.Contains(app.ErrorMessage(err), "401") {
			t.Errorf("err = %v, want a provider failure naming HTTP 401", err)
		}
		if strings.Contains(app.ErrorMessage(err), "sk-wrong") {
			t.Error("the error shows the key")
		}
	})
	t.Run("NotTheContract", func(t *testing.T) {
		srv, _ := server(t, "/v1/chat/completions", "", func(map[string]any) (int, string) {
			return http.StatusOK, chatReply("Sure! The sky is blue.")
		})
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m1"}
		if err := TestAnswerer(context.Background(), p, "", false, &memEgress{}); err == nil {
			t.Error("an endpoint that ignores the JSON contract passed the test")
		}
	})
	t.Run("RemoteNeedsEgress", func(t *testing.T) {
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: "https://models.example.com/v1", Model: "m1"}
		err := TestAnswerer(context.Background(), p, "", false, &memEgress{})
		if app.ErrorCode(err) != app.EEgressNotAcknowledged {
			t.Errorf("err = %v, want egress not acknowledged", err)
		}
	})
	t.Run("Extractive", func(t *testing.T) {
		if err := TestAnswerer(context.Background(), app.ProviderSettings{Kind: "extractive"}, "", false, &memEgress{}); err != nil {
			t.Errorf("the offline answerer failed its test: %v", err)
		}
	})
}

func TestTestProviderDecisionOverHTTP(t *testing.T) {
	t.Run("OpenAI", func(t *testing.T) {
		srv, calls := server(t, "/v1/chat/completions", "", func(body map[string]any) (int, string) {
			if body["logprobs"] != true {
				return http.StatusBadRequest, `{}`
			}
			return http.StatusOK, `{"choices":[{"message":{"content":"yes"},"logprobs":{"content":[{"token":"yes","logprob":-0.1,` +
				`"top_logprobs":[{"token":"yes","logprob":-0.1},{"token":"no","logprob":-2.4}]}]}}]}`
		})
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m"}
		if err := TestDecider(context.Background(), p, "", false, &memEgress{}); err != nil {
			t.Fatalf("test failed: %v", err)
		}
		if calls.Load() != 1 {
			t.Errorf("%d requests, want 1", calls.Load())
		}
	})
	t.Run("OpenAIWithoutLogprobs", func(t *testing.T) {
		srv, _ := server(t, "/v1/chat/completions", "", func(map[string]any) (int, string) {
			return http.StatusOK, `{"choices":[{"message":{"content":"yes"},"logprobs":null}]}`
		})
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m"}
		if err := TestDecider(context.Background(), p, "", false, &memEgress{}); app.ErrorCode(err) != app.EProviderFailure {
			t.Errorf("err = %v, want a provider failure", err)
		}
	})
	t.Run("SystemOne", func(t *testing.T) {
		srv, _ := server(t, "/v1/systemone", "s1", func(body map[string]any) (int, string) {
			qs, _ := body["questions"].(map[string]any)
			if _, ok := qs["q1"]; !ok {
				return http.StatusBadRequest, `{}`
			}
			return http.StatusOK, `{"answers":{"q1":{"type":"noul","noul":0.93}}}`
		})
		p := app.ProviderSettings{Kind: app.ProviderSystemOne, URL: srv.URL}
		if err := TestDecider(context.Background(), p, "s1", false, &memEgress{}); err != nil {
			t.Fatalf("test failed: %v", err)
		}
	})
	t.Run("ServerError", func(t *testing.T) {
		srv, _ := server(t, "/v1/systemone", "", func(map[string]any) (int, string) {
			return http.StatusInternalServerError, `{"error":"secret internal detail"}`
		})
		p := app.ProviderSettings{Kind: app.ProviderSystemOne, URL: srv.URL}
		err := TestDecider(context.Background(), p, "", false, &memEgress{})
		if app.ErrorCode(err) != app.EProviderFailure || strings.Contains(app.ErrorMessage(err), "secret") {
			t.Errorf("err = %v, want a sanitised provider failure", err)
		}
	})
}

// memEgress is an egress record in memory.
type memEgress struct{ acked map[string]bool }

func (m *memEgress) EgressAcknowledged(_ context.Context, base string) (bool, error) {
	return m.acked[base], nil
}
func (m *memEgress) AcknowledgeEgress(_ context.Context, base string) error {
	if m.acked == nil {
		m.acked = map[string]bool{}
	}
	m.acked[base] = true
	return nil
}

func TestNewProviders(t *testing.T) {
	ctx := context.Background()
	rec := &memEgress{}
	pv, err := NewProviders(ctx, app.Settings{}, Keys{}, rec, ProviderOptions{})
	if err != nil || pv.Receivers() != (app.Receivers{}) || pv.Receivers().String() != "offline — nothing leaves this computer" {
		t.Fatalf("defaults: %+v, %v", pv, err)
	}
	if _, ok := pv.answerer.(answer.Extractive); !ok || pv.router.Provider.Name() != "local" {
		t.Errorf("defaults are %#v and %q, want extractive and local", pv.answerer, pv.router.Provider.Name())
	}
	s := app.Settings{
		Answer:   app.ProviderSettings{Kind: "openai", URL: "ollama", Model: "llama3.2"},
		Decision: app.ProviderSettings{Kind: "openai", URL: "llamacpp", Model: "q"},
	}
	pv, err = NewProviders(ctx, s, Keys{Answer: "k"}, rec, ProviderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := app.Receivers{Answer: "llama3.2 at localhost:11434", Decision: "openai q at localhost:8080"}
	if pv.Receivers() != want {
		t.Errorf("receivers %+v, want %+v", pv.Receivers(), want)
	}
	if got := pv.Receivers().String(); got != "answers: llama3.2 at localhost:11434 · decisions: openai q at localhost:8080" {
		t.Errorf("the drawer would show %q", got)
	}
	o, ok := pv.answerer.(*answer.OpenAI)
	if !ok || o.APIKey != "k" || o.BaseURL != answer.OllamaBaseURL {
		t.Fatalf("answerer is %#v", pv.answerer)
	}
	if pk, ok := o.Picker.(answer.DecisionPicker); !ok || pk.Provider != pv.router.Provider {
		t.Errorf("pincites are picked by %#v, want the settings' decision provider", o.Picker)
	}
	if pv.router.Provider.Name() != "openai" {
		t.Errorf("decider is %q", pv.router.Provider.Name())
	}
	if len(rec.acked) != 0 {
		t.Errorf("loopback endpoints were recorded as acknowledged: %v", rec.acked)
	}

	// A remote endpoint needs the record; the tick records it, and a new
	// URL asks again.
	far := app.Settings{Answer: app.ProviderSettings{Kind: "openai", URL: "https://far.example.com/v1", Model: "m"}}
	if _, err := NewProviders(ctx, far, Keys{}, rec, ProviderOptions{}); app.ErrorCode(err) != app.EEgressNotAcknowledged ||
		!strings.Contains(app.ErrorMessage(err), "far.example.com") {
		t.Errorf("err = %v, want egress not acknowledged naming the host", err)
	}
	if Acknowledged(ctx, far, rec) {
		t.Error("an endpoint never acknowledged shows as acknowledged")
	}
	far.EgressAcknowledged = true
	if _, err := NewProviders(ctx, far, Keys{}, rec, ProviderOptions{}); err != nil || !rec.acked["https://far.example.com/v1"] {
		t.Errorf("acknowledging a remote endpoint: %v, record %v", err, rec.acked)
	}
	far.EgressAcknowledged = false
	if _, err := NewProviders(ctx, far, Keys{}, rec, ProviderOptions{}); err != nil || !Acknowledged(ctx, far, rec) {
		t.Errorf("the recorded acknowledgement is not honoured: %v", err)
	}
	far.Answer.URL = "https://other.example.com/v1"
	if _, err := NewProviders(ctx, far, Keys{}, rec, ProviderOptions{}); app.ErrorCode(err) != app.EEgressNotAcknowledged {
		t.Errorf("a new endpoint did not ask again: %v", err)
	}

	for name, bad := range map[string]app.Settings{
		"NoModel":         {Answer: app.ProviderSettings{Kind: "openai", URL: "ollama"}},
		"KeyInURL":        {Answer: app.ProviderSettings{Kind: "openai", URL: "http://u:pw@localhost/v1", Model: "m"}},
		"UnknownAnswerer": {Answer: app.ProviderSettings{Kind: "oracle"}},
		"UnknownDecider":  {Decision: app.ProviderSettings{Kind: "oracle"}},
		"SystemOnePreset": {Decision: app.ProviderSettings{Kind: "systemone", URL: "ollama"}},
		"SystemOneNoURL":  {Decision: app.ProviderSettings{Kind: "systemone"}},
	} {
		if _, err := NewProviders(ctx, bad, Keys{}, rec, ProviderOptions{}); app.ErrorCode(err) != app.EInvalid {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
}

// TestLoopbackFormsAgree sends each way of writing this computer (and each
// near miss) through every provider kind, by the settings and by each
// provider's own guard: all agree with the one rule.
func TestLoopbackFormsAgree(t *testing.T) {
	ctx := context.Background()
	forms := map[string]bool{
		"http://localhost:1/v1": true, "http://LOCALHOST:1/v1": true, "http://127.0.0.1:1/v1": true,
		"http://127.5.0.1:1/v1": true, "http://[::1]:1/v1": true,
		"http://localhost.:1/v1": false, "http://ollama.localhost:1/v1": false, "http://192.168.1.4:1/v1": false,
		"https://api.example.com/v1": false, "http://localhost.example.com:1/v1": false,
	}
	for form, local := range forms {
		for _, s := range []app.Settings{
			{Answer: app.ProviderSettings{Kind: app.ProviderOpenAI, URL: form, Model: "m"}},
			{Decision: app.ProviderSettings{Kind: app.ProviderOpenAI, URL: form, Model: "m"}},
			{Decision: app.ProviderSettings{Kind: app.ProviderSystemOne, URL: form}},
		} {
			_, err := NewProviders(ctx, s, Keys{}, &memEgress{}, ProviderOptions{})
			if refused := app.ErrorCode(err) == app.EEgressNotAcknowledged; refused == local || (local && err != nil) {
				t.Errorf("%s through %+v: %v (on this computer: %v)", form, s, err, local)
			}
		}
		// Each provider's own guard, without the settings in front of it.
		_, err := (&answer.OpenAI{BaseURL: form, Model: "m", Timeout: time.Second}).Answer(ctx, connectionEvidence())
		if refused := app.ErrorCode(err) == app.EEgressNotAcknowledged; refused == local {
			t.Errorf("%s: the answerer's guard says %v", form, err)
		}
		for name, mk := range map[string]func(jev.HTTPConfig) (jev.Provider, error){
			"openai":    func(c jev.HTTPConfig) (jev.Provider, error) { return jev.NewOpenAI(c) },
			"systemone": func(c jev.HTTPConfig) (jev.Provider, error) { return jev.NewSystemOne(c) },
		} {
			_, err := mk(jev.HTTPConfig{BaseURL: form, Model: "m"})
			if refused := app.ErrorCode(err) == app.EEgressNotAcknowledged; refused == local || (local && err != nil) {
				t.Errorf("%s: the %s decision provider's guard says %v", form, name, err)
			}
		}
	}
}
