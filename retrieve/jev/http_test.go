package jev

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"archivist/app"
)

const testKey = "sk-test-secret-123"

func s1Provider(t *testing.T, url string, mod func(*HTTPConfig)) *SystemOne {
	t.Helper()
	cfg := HTTPConfig{BaseURL: url, APIKey: testKey, Model: "jev-test", Timeout: 2 * time.Second}
	if mod != nil {
		mod(&cfg)
	}
	p, err := NewSystemOne(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sampleRequest() *Request {
	return &Request{State: "What is the refund window?", Questions: []Question{
		{ID: "menu1", Kind: Choice, Instructions: "Which section?", Options: []Option{
			{Label: "o1", Description: "Refunds"}, {Label: "o2", Description: "Shipping"}, {Label: NoneLabel, Description: "none"}}},
		{ID: "p1", Kind: Score, Instructions: "How useful?", Evidence: "Refunds within 30 days.", Levels: []string{"a", "b", "c", "d"}},
		{ID: "coverage", Kind: Noul, Instructions: "Covered?", Evidence: "x"},
	}}
}

const s1Good = `{"model":"jev-test","answers":{
	"menu1":{"type":"choice","choice":"o1","probabilities":{"o1":0.7,"o2":0.2,"none":0.1},"confidence":0.7},
	"p1":{"type":"score","score":2.5,"legend":{"0":"a"},"probabilities":{"0":0.0,"1":0.1,"2":0.3,"3":0.6},"confidence":0.6},
	"coverage":{"type":"noul","noul":0.8}}}`

// assertSanitised checks a provider error says what failed without the
// key or any response text.
func assertSanitised(t *testing.T, err error, code, fragment string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want one mentioning %q", fragment)
	}
	if got := app.ErrorCode(err); got != code {
		t.Fatalf("code %q (%v), want %q", got, err, code)
	}
	msg := app.ErrorMessage(err)
	if !strings.Contains(msg, fragment) {
		t.Fatalf("message %q lacks %q", msg, fragment)
	}
	for _, leak := range []string{testKey, "SECRET-BODY", "127.0.0.1"} {
		if strings.Contains(msg, leak) {
			t.Fatalf("message %q leaks %q", msg, leak)
		}
	}
}

func TestSystemOne(t *testing.T) {
	ctx := context.Background()
	t.Run("Success", func(t *testing.T) {
		var got map[string]any
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost || r.URL.Path != "/v1/systemone" || r.Header.Get("Authorization") != "Bearer "+testKey {
				http.Error(w, "bad request line", 400)
				return
			}
			json.NewDecoder(r.Body).Decode(&got)
			io.WriteString(w, s1Good)
		}))
		defer srv.Close()
		a, err := Decide(ctx, s1Provider(t, srv.URL, nil), sampleRequest())
		if err != nil {
			t.Fatal(err)
		}
		if a["menu1"].Choice != "o1" || math.Abs(a["p1"].Score-2.5) > 1e-9 || a["coverage"].Yes != 0.8 {
			t.Fatalf("answers %+v", a)
		}
		qs := got["questions"].(map[string]any)
		menu := qs["menu1"].(map[string]any)
		if got["state"] != "What is the refund window?" || got["model"] != "jev-test" || menu["type"] != "choice" ||
			menu["criteria"].(map[string]any)["o2"] != "Shipping" {
			t.Fatalf("request body %v", got)
		}
		p1 := qs["p1"].(map[string]any)
		if p1["instructions"].(map[string]any)["evidence"] != "Refunds within 30 days." || len(p1["criteria"].([]any)) != 4 {
			t.Fatalf("score question %v", p1)
		}
	})
	failures := []struct {
		name, code, fragment string
		handler              http.HandlerFunc
		cfg                  func(*HTTPConfig)
	}{
		{"ServerError", app.EProviderFailure, "HTTP 503", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "SECRET-BODY "+testKey, http.StatusServiceUnavailable)
		}, nil},
		{"Timeout", app.EProviderFailure, "no answer within", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-time.After(2 * time.Second):
			case <-r.Context().Done():
			}
		}, func(c *HTTPConfig) { c.Timeout = 100 * time.Millisecond }},
		{"Redirect", app.EProviderFailure, "redirect", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://127.0.0.1:1/elsewhere", http.StatusFound)
		}, nil},
		{"MalformedJSON", app.EProviderFailure, "not valid JSON", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"answers": {"menu1": SECRET-BODY`)
		}, nil},
		{"OversizedBody", app.EProviderFailure, "larger than", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"answers":{},"pad":"`+strings.Repeat("x", 4096)+`"}`)
		}, func(c *HTTPConfig) { c.MaxResponseBytes = 1024 }},
		{"MissingAnswer", app.EProviderFailure, "no answer to question", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, strings.Replace(s1Good, `,
	"coverage":{"type":"noul","noul":0.8}`, ``, 1))
		}, nil},
		{"UnexpectedAnswer", app.EProviderFailure, "not asked", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, strings.Replace(s1Good, `}}}`, `},"extra":{"type":"noul","noul":0.5}}}`, 1))
		}, nil},
		{"InvalidProbabilities", app.EProviderFailure, "sum to", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, strings.Replace(s1Good, `"o1":0.7`, `"o1":0.9`, 1))
		}, nil},
		{"InvalidType", app.EProviderFailure, "unknown type", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, strings.Replace(s1Good, `"type":"noul"`, `"type":"maybe"`, 1))
		}, nil},
		{"NoulWithoutValue", app.EProviderFailure, "no probability of yes", func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, strings.Replace(s1Good, `"noul":0.8`, `"nul":0.8`, 1))
		}, nil},
	}
	for _, f := range failures {
		t.Run(f.name, func(t *testing.T) {
			srv := httptest.NewServer(f.handler)
			defer srv.Close()
			a, err := Decide(ctx, s1Provider(t, srv.URL, f.cfg), sampleRequest())
			if a != nil {
				t.Fatalf("answers returned with an error: %v", a)
			}
			assertSanitised(t, err, f.code, f.fragment)
		})
	}
	t.Run("Cancelled", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body) // so the server notices the client leaving
			select {
			case <-r.Context().Done():
			case <-time.After(2 * time.Second):
			}
		}))
		defer srv.Close()
		c, cancel := context.WithCancel(ctx)
		time.AfterFunc(50*time.Millisecond, cancel)
		_, err := Decide(c, s1Provider(t, srv.URL, nil), sampleRequest())
		assertSanitised(t, err, app.ECancelled, "cancelled")
	})
	t.Run("RemoteNeedsAcknowledgement", func(t *testing.T) {
		_, err := NewSystemOne(HTTPConfig{BaseURL: "https://api.example.com"})
		if app.ErrorCode(err) != app.EEgressNotAcknowledged || !strings.Contains(app.ErrorMessage(err), "acknowledge") {
			t.Fatalf("remote endpoint without acknowledgement: %v", err)
		}
		if _, err := NewSystemOne(HTTPConfig{BaseURL: "https://api.example.com", EgressAcknowledged: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := NewSystemOne(HTTPConfig{BaseURL: "https://user:" + testKey + "@localhost"}); err == nil ||
			strings.Contains(err.Error(), testKey) {
			t.Fatalf("credentials in the URL: %v", err)
		}
	})
}

func TestAtMostTwoInFlight(t *testing.T) {
	var now, peak int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := atomic.AddInt32(&now, 1)
		for {
			p := atomic.LoadInt32(&peak)
			if n <= p || atomic.CompareAndSwapInt32(&peak, p, n) {
				break
			}
		}
		time.Sleep(30 * time.Millisecond)
		atomic.AddInt32(&now, -1)
		io.WriteString(w, s1Good)
	}))
	defer srv.Close()
	p := s1Provider(t, srv.URL, nil)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := Decide(context.Background(), p, sampleRequest()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if peak > MaxInFlight || peak < 1 {
		t.Fatalf("%d requests in flight at once (at most %d)", peak, MaxInFlight)
	}
}

// oaServer answers chat completions: for each request it calls answer
// with the prompt and writes top logprobs (token → probability).
func oaServer(t *testing.T, answer func(prompt string) map[string]float64) (*httptest.Server, *int32) {
	var calls int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt32(&calls, 1)
		var req struct {
			Messages []struct{ Role, Content string }
			Logprobs bool `json:"logprobs"`
			Top      int  `json:"top_logprobs"`
			Max      int  `json:"max_tokens"`
		}
		if r.URL.Path != "/v1/chat/completions" || json.NewDecoder(r.Body).Decode(&req) != nil || !req.Logprobs || req.Top != 20 || req.Max != 1 {
			http.Error(w, "bad request", 400)
			return
		}
		probs := answer(req.Messages[len(req.Messages)-1].Content)
		if probs == nil {
			io.WriteString(w, `{"choices":[{"message":{"content":"A"},"logprobs":null}]}`)
			return
		}
		var tops []string
		for tok, p := range probs {
			tops = append(tops, fmt.Sprintf(`{"token":%q,"logprob":%g}`, tok, math.Log(p)))
		}
		fmt.Fprintf(w, `{"choices":[{"message":{"content":"x"},"logprobs":{"content":[{"token":"x","logprob":0,"top_logprobs":[%s]}]}}]}`,
			strings.Join(tops, ","))
	}))
	return srv, &calls
}

func oaProvider(t *testing.T, url string) *OpenAI {
	p, err := NewOpenAI(HTTPConfig{BaseURL: url + "/v1", Model: "m", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOpenAI(t *testing.T) {
	ctx := context.Background()
	t.Run("Success", func(t *testing.T) {
		srv, _ := oaServer(t, func(prompt string) map[string]float64 {
			switch {
			case strings.Contains(prompt, "Which section?"):
				return map[string]float64{"A": 0.6, " B": 0.2, "Z": 0.1, "Hello": 0.1}
			case strings.Contains(prompt, "How useful?"):
				return map[string]float64{"3": 0.5, "2": 0.5}
			default:
				return map[string]float64{"Yes": 0.3, " yes": 0.3, "No": 0.4}
			}
		})
		defer srv.Close()
		a, err := Decide(ctx, oaProvider(t, srv.URL), sampleRequest())
		if err != nil {
			t.Fatal(err)
		}
		m := a["menu1"].Probabilities
		if a["menu1"].Choice != "o1" || math.Abs(m["o1"]-0.6/0.9) > 1e-9 || math.Abs(m[NoneLabel]-0.1/0.9) > 1e-9 {
			t.Fatalf("choice %+v", a["menu1"])
		}
		if math.Abs(a["p1"].Score-2.5) > 1e-9 || math.Abs(a["coverage"].Yes-0.6) > 1e-9 {
			t.Fatalf("score %v, yes %v", a["p1"].Score, a["coverage"].Yes)
		}
	})
	t.Run("LongMenuInChunks", func(t *testing.T) {
		srv, calls := oaServer(t, func(string) map[string]float64 { return map[string]float64{"A": 0.5, "Z": 0.5} })
		defer srv.Close()
		q := Question{ID: "m", Kind: Choice, Instructions: "Which?"}
		for i := 0; i < 64; i++ {
			q.Options = append(q.Options, Option{Label: fmt.Sprintf("o%d", i), Description: fmt.Sprintf("entry %d", i)})
		}
		q.Options = append(q.Options, Option{Label: NoneLabel})
		a, err := Decide(ctx, oaProvider(t, srv.URL), &Request{State: "q", Questions: []Question{q}})
		if err != nil {
			t.Fatal(err)
		}
		if *calls != 3 || len(a["m"].Probabilities) != 65 {
			t.Fatalf("%d completions, %d probabilities", *calls, len(a["m"].Probabilities))
		}
	})
	t.Run("NoLogprobs", func(t *testing.T) {
		srv, _ := oaServer(t, func(string) map[string]float64 { return nil })
		defer srv.Close()
		_, err := Decide(ctx, oaProvider(t, srv.URL), sampleRequest())
		assertSanitised(t, err, app.EProviderFailure, "no logprobs")
	})
	t.Run("NoAllowedLabel", func(t *testing.T) {
		srv, _ := oaServer(t, func(string) map[string]float64 { return map[string]float64{"Sure": 0.9, "Well": 0.1} })
		defer srv.Close()
		_, err := Decide(ctx, oaProvider(t, srv.URL), sampleRequest())
		assertSanitised(t, err, app.EProviderFailure, "none of the allowed labels")
	})
	t.Run("ServerError", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "SECRET-BODY", http.StatusInternalServerError)
		}))
		defer srv.Close()
		_, err := Decide(ctx, oaProvider(t, srv.URL), sampleRequest())
		assertSanitised(t, err, app.EProviderFailure, "HTTP 500")
	})
}
