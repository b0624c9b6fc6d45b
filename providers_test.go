package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/ui"
)

// endpoint is an httptest server standing in for a provider: it checks the
// path and bearer key, records the calls and answers with reply.
func endpoint(t *testing.T, path, key string, reply func(body map[string]any) (int, string)) (*httptest.Server, *atomic.Int32) {
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
	srv, calls := endpoint(t, "/v1/chat/completions", "sk-1", func(body map[string]any) (int, string) {
		if body["model"] != "m1" {
			return http.StatusBadRequest, `{"error":"model"}`
		}
		return http.StatusOK, chatReply(`{"answer":"It is blue [1].","sufficient":true,"citations":[1]}`)
	})
	p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m1"}
	if err := testProvider(context.Background(), ui.RoleAnswer, p, "sk-1", false); err != nil {
		t.Fatalf("test of a working endpoint failed: %v", err)
	}
	if calls.Load() != 1 {
		t.Errorf("%d requests, want exactly 1", calls.Load())
	}

	t.Run("WrongKey", func(t *testing.T) {
		err := testProvider(context.Background(), ui.RoleAnswer, p, "sk-wrong", false)
		if app.ErrorCode(err) != app.EProviderFailure || !strings.Contains(app.ErrorMessage(err), "401") {
			t.Errorf("err = %v, want a provider failure naming HTTP 401", err)
		}
		if strings.Contains(app.ErrorMessage(err), "sk-wrong") {
			t.Error("the error shows the key")
		}
	})
	t.Run("NotTheContract", func(t *testing.T) {
		srv, _ := endpoint(t, "/v1/chat/completions", "", func(map[string]any) (int, string) {
			return http.StatusOK, chatReply("Sure! The sky is blue.")
		})
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m1"}
		if err := testProvider(context.Background(), ui.RoleAnswer, p, "", false); err == nil {
			t.Error("an endpoint that ignores the JSON contract passed the test")
		}
	})
	t.Run("RemoteNeedsEgress", func(t *testing.T) {
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: "https://models.example.com/v1", Model: "m1"}
		err := testProvider(context.Background(), ui.RoleAnswer, p, "", false)
		if app.ErrorCode(err) != app.EEgressNotAcknowledged {
			t.Errorf("err = %v, want egress not acknowledged", err)
		}
	})
	t.Run("Extractive", func(t *testing.T) {
		if err := testProvider(context.Background(), ui.RoleAnswer, app.ProviderSettings{Kind: "extractive"}, "", false); err != nil {
			t.Errorf("the offline answerer failed its test: %v", err)
		}
	})
}

func TestTestProviderDecisionOverHTTP(t *testing.T) {
	t.Run("OpenAI", func(t *testing.T) {
		srv, calls := endpoint(t, "/v1/chat/completions", "", func(body map[string]any) (int, string) {
			if body["logprobs"] != true {
				return http.StatusBadRequest, `{}`
			}
			return http.StatusOK, `{"choices":[{"message":{"content":"yes"},"logprobs":{"content":[{"token":"yes","logprob":-0.1,` +
				`"top_logprobs":[{"token":"yes","logprob":-0.1},{"token":"no","logprob":-2.4}]}]}}]}`
		})
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m"}
		if err := testProvider(context.Background(), ui.RoleDecision, p, "", false); err != nil {
			t.Fatalf("test failed: %v", err)
		}
		if calls.Load() != 1 {
			t.Errorf("%d requests, want 1", calls.Load())
		}
	})
	t.Run("OpenAIWithoutLogprobs", func(t *testing.T) {
		srv, _ := endpoint(t, "/v1/chat/completions", "", func(map[string]any) (int, string) {
			return http.StatusOK, `{"choices":[{"message":{"content":"yes"},"logprobs":null}]}`
		})
		p := app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1", Model: "m"}
		if err := testProvider(context.Background(), ui.RoleDecision, p, "", false); app.ErrorCode(err) != app.EProviderFailure {
			t.Errorf("err = %v, want a provider failure", err)
		}
	})
	t.Run("SystemOne", func(t *testing.T) {
		srv, _ := endpoint(t, "/v1/systemone", "s1", func(body map[string]any) (int, string) {
			qs, _ := body["questions"].(map[string]any)
			if _, ok := qs["q1"]; !ok {
				return http.StatusBadRequest, `{}`
			}
			return http.StatusOK, `{"answers":{"q1":{"type":"noul","noul":0.93}}}`
		})
		p := app.ProviderSettings{Kind: app.ProviderSystemOne, URL: srv.URL}
		if err := testProvider(context.Background(), ui.RoleDecision, p, "s1", false); err != nil {
			t.Fatalf("test failed: %v", err)
		}
	})
	t.Run("ServerError", func(t *testing.T) {
		srv, _ := endpoint(t, "/v1/systemone", "", func(map[string]any) (int, string) {
			return http.StatusInternalServerError, `{"error":"secret internal detail"}`
		})
		p := app.ProviderSettings{Kind: app.ProviderSystemOne, URL: srv.URL}
		err := testProvider(context.Background(), ui.RoleDecision, p, "", false)
		if app.ErrorCode(err) != app.EProviderFailure || strings.Contains(app.ErrorMessage(err), "secret") {
			t.Errorf("err = %v, want a sanitised provider failure", err)
		}
	})
}

func TestApplySettingsSwapsProviders(t *testing.T) {
	var ans answer.Answerer = answer.Extractive{}
	var dec jev.Provider = jev.Local{}
	use := func(a answer.Answerer, d jev.Provider) { ans, dec = a, d }
	who, err := applySettings(use, app.Settings{}, ui.ProviderKeys{})
	if err != nil || who != "offline — nothing leaves this computer" {
		t.Fatalf("defaults: %q, %v", who, err)
	}
	if answer.Describe(ans) != "" {
		t.Error("the offline answerer claims to send evidence somewhere")
	}
	s := app.Settings{
		Answer:   app.ProviderSettings{Kind: "openai", URL: "ollama", Model: "llama3.2"},
		Decision: app.ProviderSettings{Kind: "openai", URL: "llamacpp", Model: "q"},
	}
	who, err = applySettings(use, s, ui.ProviderKeys{Answer: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "answers: llama3.2 at localhost:11434 · routing: openai at localhost:8080"; who != want {
		t.Errorf("receiver %q, want %q", who, want)
	}
	o, ok := ans.(*answer.OpenAI)
	if !ok || o.APIKey != "k" || o.BaseURL != answer.OllamaBaseURL {
		t.Fatalf("answerer is %#v", ans)
	}
	if pk, ok := o.Picker.(answer.DecisionPicker); !ok || pk.Provider != dec {
		t.Errorf("pincites are picked by %#v, want the settings' decision provider", o.Picker)
	}
	if dec.Name() != "openai" {
		t.Errorf("decider is %q", dec.Name())
	}
	// Consent checks ask the answerer where evidence goes.
	if got := answer.Describe(ans); got != "llama3.2 at localhost:11434" {
		t.Errorf("the answerer describes itself as %q", got)
	}

	// Unusable settings change nothing.
	bad := app.Settings{Answer: app.ProviderSettings{Kind: "openai", URL: "https://far.example.com/v1", Model: "m"}}
	if _, err := applySettings(use, bad, ui.ProviderKeys{}); app.ErrorCode(err) != app.EEgressNotAcknowledged {
		t.Errorf("err = %v, want egress not acknowledged", err)
	}
	if o2, _ := ans.(*answer.OpenAI); o2 != o {
		t.Error("refused settings replaced the answerer")
	}
	bad.EgressAcknowledged = true
	if _, err := applySettings(use, bad, ui.ProviderKeys{}); err != nil {
		t.Errorf("acknowledged remote endpoint refused: %v", err)
	}
}

func TestOpenCommand(t *testing.T) {
	have := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			for _, h := range names {
				if h == n {
					return "/usr/bin/" + n, nil
				}
			}
			return "", fmt.Errorf("%s not found", n)
		}
	}
	path := filepath.Join(os.TempDir(), "report.pdf")
	cases := []struct {
		pdf   bool
		page  int
		found []string
		want  string
	}{
		{true, 7, []string{"evince", "okular"}, "evince --page-index=7 " + path},
		{true, 7, []string{"okular"}, "okular --page 7 " + path},
		{true, 7, []string{"zathura"}, "zathura --page=7 " + path},
		{true, 7, nil, "xdg-open " + path},
		{true, 0, []string{"evince"}, "xdg-open " + path},
		{false, 3, []string{"evince"}, "xdg-open " + path},
	}
	for _, c := range cases {
		if got := strings.Join(openCommandFor("linux", path, c.page, c.pdf, have(c.found...)), " "); got != c.want {
			t.Errorf("openCommand(pdf=%v, page %d, %v) = %q, want %q", c.pdf, c.page, c.found, got, c.want)
		}
	}
}
