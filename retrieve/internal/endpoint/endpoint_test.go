package endpoint

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestIsLoopback pins the one rule: only the name localhost and loopback
// address literals are this computer.
func TestIsLoopback(t *testing.T) {
	for in, want := range map[string]bool{
		OllamaBaseURL: true, LlamaCppBaseURL: true, "http://127.0.0.2:1/v1": true, "http://[::1]:8080/v1": true,
		"http://LOCALHOST:11434/v1": true, "http://127.0.0.1:11434/v1": true,
		"http://localhost.:11434/v1": false, "http://ollama.localhost:11434/v1": false,
		"https://api.example.com/v1": false, "http://192.168.1.4:11434/v1": false, "http://localhost.example.com/v1": false,
		"http://[::ffff:7f00:1]:80/v1": true, "not a url\x7f": false,
	} {
		if got := IsLoopback(in); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestDo(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok":
			if r.Header.Get("Authorization") != "Bearer sk-secret" {
				http.Error(w, "no key", 401)
				return
			}
			w.Write([]byte(`{"ok":true}`))
		case "/redirect":
			http.Redirect(w, r, "http://example.com/elsewhere", http.StatusFound)
		case "/big":
			w.Write([]byte(strings.Repeat("x", 2000)))
		case "/slow":
			time.Sleep(300 * time.Millisecond)
		case "/error":
			http.Error(w, "secret server text sk-secret", 500)
		}
	}))
	defer srv.Close()
	call := func(path string, timeout time.Duration) (int, []byte, error) {
		return Do(context.Background(), Call{Method: http.MethodGet, URL: srv.URL + path, Key: "sk-secret", Timeout: timeout, Limit: 1000})
	}
	if _, body, err := call("/ok", time.Second); err != nil || string(body) != `{"ok":true}` {
		t.Fatalf("ok: %q, %v", body, err)
	}
	for path, want := range map[string]Reason{"/redirect": ReasonRedirect, "/big": ReasonTooLarge, "/error": ReasonStatus} {
		_, _, err := call(path, time.Second)
		if r, _, ok := ReasonOf(err); !ok || r != want {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
		if err != nil && (strings.Contains(err.Error(), "secret") || strings.Contains(err.Error(), srv.URL)) {
			t.Errorf("%s: the error echoes the server or URL: %v", path, err)
		}
	}
	if _, _, err := call("/slow", 50*time.Millisecond); err == nil || !strings.Contains(err.Error(), string(ReasonTimeout)) {
		t.Errorf("slow: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Do(ctx, Call{Method: http.MethodGet, URL: srv.URL + "/ok", Limit: 10}); err == nil || !strings.Contains(err.Error(), string(ReasonCancelled)) {
		t.Errorf("cancelled: %v", err)
	}
	if _, _, err := Do(context.Background(), Call{Method: http.MethodGet, URL: "http://127.0.0.1:1/x", Limit: 10}); err == nil || !strings.Contains(err.Error(), string(ReasonUnreachable)) {
		t.Errorf("unreachable: %v", err)
	}
}
