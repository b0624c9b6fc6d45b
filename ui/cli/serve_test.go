package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/retrieve"
	"archivist/ui/api"
)

// syncBuffer is a log sink the server's goroutines may share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// apiFixture is a library behind the real local API on a loopback port.
type apiFixture struct {
	t     *testing.T
	lib   string
	p     *Library
	api   *api.Server
	url   string
	token string
	log   *syncBuffer
}

const testToken = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// newAPIFixture opens lib (imported into already) and serves it; adjust
// changes the configuration.
func newAPIFixture(t *testing.T, lib string, adjust func(*api.Config)) *apiFixture {
	t.Helper()
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	log := &syncBuffer{}
	cfg := api.Config{Token: testToken, NewID: uuid.NewString, Log: slog.New(slog.NewTextHandler(log, nil)),
		Limit: api.NewRateLimiter(6000, 1000, nil)}
	if adjust != nil {
		adjust(&cfg)
	}
	parts := p.apiParts()
	parts.Importer = p.Importer
	s := api.New(cfg, parts)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		srv.Close()
		s.Close()
		p.Close()
	})
	return &apiFixture{t: t, lib: lib, p: p, api: s, url: srv.URL, token: testToken, log: log}
}

// do sends one request with the token and a JSON body (when body is not
// empty); extra are header pairs, which may replace the token.
func (f *apiFixture) do(method, path, body string, extra ...string) (*http.Response, []byte) {
	f.t.Helper()
	req, err := http.NewRequest(method, f.url+path, strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+f.token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(extra); i += 2 {
		if extra[i] == "Host" {
			req.Host = extra[i+1]
			continue
		}
		if extra[i+1] == "" {
			req.Header.Del(extra[i])
			continue
		}
		req.Header.Set(extra[i], extra[i+1])
	}
	return send(f.t, req)
}

func send(t *testing.T, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, data
}

// wantError checks a response is {"error": {code, message}} with status.
func wantError(t *testing.T, resp *http.Response, body []byte, status int, code string) {
	t.Helper()
	if resp.StatusCode != status {
		t.Errorf("status %d, want %d: %s", resp.StatusCode, status, body)
	}
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error.Code != code || e.Error.Message == "" {
		t.Errorf("want error code %q with a message, got %s", code, body)
	}
}

// handbookLibrary is a library holding the handbook (Markdown) and the
// generated harbour survey (PDF).
func handbookLibrary(t *testing.T) (lib string, ids map[string]string) {
	t.Helper()
	lib = t.TempDir()
	dir := t.TempDir()
	md := filepath.Join(dir, "handbook.md")
	os.WriteFile(md, []byte(handbook), 0o644)
	pdf := filepath.Join(dir, "survey.pdf")
	writePDF(t, pdf, "")
	out, errOut, code := cli(t, lib, "import", md, pdf)
	if code != 0 {
		t.Fatalf("import: %d %s %s", code, out, errOut)
	}
	ids = map[string]string{}
	for _, m := range regexp.MustCompile(`imported: .*?([a-z]+)\.(md|pdf) \(([0-9a-f-]+)\)`).FindAllStringSubmatch(out, -1) {
		ids[m[1]] = m[3]
	}
	if len(ids) != 2 {
		t.Fatalf("import output: %s", out)
	}
	return lib, ids
}

var tokenRE = regexp.MustCompile(`"trace_token": "[^"]+"`)

func TestAPIQueryAnswerReplay(t *testing.T) {
	lib, ids := handbookLibrary(t)
	const question = "How many days of paid leave per year?"
	// What `ask --json` prints, before the server holds the library.
	cliOut, errOut, code := cli(t, lib, "ask", "--json", question)
	if code != 0 {
		t.Fatalf("ask: %d %s", code, errOut)
	}
	f := newAPIFixture(t, lib, nil)

	t.Run("QueryReturnsVerbatimEvidence", func(t *testing.T) {
		resp, body := f.do("POST", "/v1/query", `{"question": "`+question+`"}`)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("status %d %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		var q api.QueryResponse
		if err := json.Unmarshal(body, &q); err != nil {
			t.Fatal(err)
		}
		if len(q.Evidence) == 0 || q.TraceToken == "" {
			t.Fatalf("no evidence or token: %s", body)
		}
		e := q.Evidence[0]
		if e.DocumentID != ids["handbook"] || !strings.Contains(e.Text, "25 days of paid leave") || len(e.Blocks) == 0 || e.Section == "" {
			t.Errorf("first evidence %+v", e)
		}
		if !strings.Contains(handbook, e.Text) && !strings.Contains(handbook, strings.Split(e.Text, "\n\n")[0]) {
			t.Errorf("evidence is not the document's own text: %q", e.Text)
		}
		// Replay returns the query response byte for byte.
		resp, replayed := f.do("POST", "/v1/replay", `{"trace_token": "`+q.TraceToken+`"}`)
		if resp.StatusCode != 200 || !bytes.Equal(replayed, body) {
			t.Errorf("replay differs:\n%s\n%s", replayed, body)
		}
	})
	t.Run("PDFEvidenceHasPagesAndRects", func(t *testing.T) {
		resp, body := f.do("POST", "/v1/query", fmt.Sprintf(`{"question": "How deep will the channel be dredged?", "document_ids": [%q], "preset": "focused"}`, ids["survey"]))
		if resp.StatusCode != 200 {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		var q api.QueryResponse
		json.Unmarshal(body, &q)
		if len(q.Evidence) == 0 {
			t.Fatalf("no evidence: %s", body)
		}
		e := q.Evidence[0]
		if e.DocumentID != ids["survey"] || e.PageStart < 1 || len(e.Rects) == 0 || !strings.Contains(e.Text, "11 metres") {
			t.Errorf("evidence %+v", e)
		}
		for _, r := range e.Rects {
			if r.Page < 1 || r.X0 < 0 || r.X1 > 1 || r.Y0 < 0 || r.Y1 > 1 || r.X0 >= r.X1 || r.Y0 >= r.Y1 {
				t.Errorf("rect %+v is not a normalised box on a page", r)
			}
		}
	})
	t.Run("AnswerIsWhatAskJSONPrints", func(t *testing.T) {
		resp, body := f.do("POST", "/v1/answer", `{"question": "`+question+`"}`)
		if resp.StatusCode != 200 {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		// Only the trace token differs between two askings.
		norm := func(s string) string { return tokenRE.ReplaceAllString(s, `"trace_token": "T"`) }
		if norm(string(body)) != norm(cliOut) {
			t.Errorf("answer differs from ask --json:\n%s\n%s", body, cliOut)
		}
		var a app.Answer
		json.Unmarshal(body, &a)
		if len(a.Citations) == 0 || !strings.Contains(a.Citations[0].Quote, "25 days") {
			t.Errorf("answer without its citation: %s", body)
		}
		resp, replayed := f.do("POST", "/v1/replay", `{"trace_token": "`+a.TraceToken+`"}`)
		if resp.StatusCode != 200 || !bytes.Equal(replayed, body) {
			t.Errorf("replay differs:\n%s\n%s", replayed, body)
		}
	})
	t.Run("LogHoldsNoQuestionTitleOrText", func(t *testing.T) {
		log := f.log.String()
		for _, secret := range []string{"paid leave", "Employee Handbook", "Harbour", "25 days", "channel", ids["survey"]} {
			if strings.Contains(log, secret) {
				t.Errorf("the log holds %q:\n%s", secret, log)
			}
		}
		if !strings.Contains(log, `method=POST route="POST /v1/query" status=200`) || !strings.Contains(log, "bytes=") || !strings.Contains(log, "ms=") {
			t.Errorf("the log lacks method, route, status, size or duration:\n%s", log)
		}
	})
}

func TestAPIErrors(t *testing.T) {
	lib, ids := handbookLibrary(t)
	f := newAPIFixture(t, lib, func(c *api.Config) { c.MaxBodyBytes = 1 << 10 })
	cases := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"MalformedJSON", "POST", "/v1/query", `{"question": `, 400, "invalid"},
		{"UnknownField", "POST", "/v1/query", `{"questions": "x"}`, 400, "invalid"},
		{"EmptyQuestion", "POST", "/v1/answer", `{"question": "  "}`, 400, "invalid"},
		{"UnknownPreset", "POST", "/v1/query", `{"question": "leave", "preset": "huge"}`, 400, "invalid"},
		{"TooManyDocuments", "POST", "/v1/query", `{"question": "leave", "document_ids": [` + strings.Repeat(`"a",`, 100) + `"a"]}`, 400, "invalid"},
		{"BodyTooLarge", "POST", "/v1/query", `{"question": "` + strings.Repeat("x", 2000) + `"}`, 413, "too_large"},
		{"ReplayUnknownToken", "POST", "/v1/replay", `{"trace_token": "no-such-token"}`, 404, "not_found"},
		{"ReplayWithoutToken", "POST", "/v1/replay", `{}`, 400, "invalid"},
		{"UnknownDocument", "GET", "/v1/documents/no-such-id", "", 404, "not_found"},
		{"UnknownOriginal", "GET", "/v1/documents/no-such-id/original", "", 404, "not_found"},
		{"UnknownJob", "GET", "/v1/jobs/no-such-job", "", 404, "not_found"},
		{"UnknownEndpoint", "GET", "/v1/nothing", "", 404, "not_found"},
		{"SearchWithoutQuery", "GET", "/v1/search", "", 400, "invalid"},
		{"SearchBadLimit", "GET", "/v1/search?q=leave&limit=0", "", 400, "invalid"},
		{"DocumentsBadLimit", "GET", "/v1/documents?limit=5000", "", 400, "invalid"},
		{"NoEvidenceInScope", "POST", "/v1/query", `{"question": "leave", "document_ids": ["no-such-id"]}`, 409, "no_evidence"},
		{"ImportNothing", "POST", "/v1/import", `{}`, 400, "invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := f.do(c.method, c.path, c.body)
			wantError(t, resp, body, c.status, c.code)
		})
	}
	t.Run("WrongContentType", func(t *testing.T) {
		resp, body := f.do("POST", "/v1/query", `{"question": "leave"}`, "Content-Type", "application/x-www-form-urlencoded")
		wantError(t, resp, body, 415, "unsupported")
	})
	t.Run("TrashedDocumentIsGone", func(t *testing.T) {
		if err := f.p.DB.Trash(context.Background(), []string{ids["handbook"]}); err != nil {
			t.Fatal(err)
		}
		defer f.p.DB.Restore(context.Background(), []string{ids["handbook"]})
		resp, body := f.do("GET", "/v1/documents/"+ids["handbook"], "")
		wantError(t, resp, body, 404, "not_found")
		resp, body = f.do("GET", "/v1/documents/"+ids["handbook"]+"/original", "")
		wantError(t, resp, body, 404, "not_found")
	})
	t.Run("ConsentAndProviderErrors", func(t *testing.T) {
		// A model outside Archivist receives answers: the handbook is made
		// Confidential, so answering needs consent (403); with consent the
		// model is asked, and it is not there (502).
		ctx := context.Background()
		if err := f.p.DB.SetSensitivity(ctx, ids["handbook"], "confidential"); err != nil {
			t.Fatal(err)
		}
		defer f.p.DB.SetSensitivity(ctx, ids["handbook"], "internal")
		dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down", http.StatusInternalServerError)
		}))
		defer dead.Close()
		use := func(s app.Settings) {
			t.Helper()
			pv, err := retrieve.NewProviders(ctx, s, retrieve.Keys{}, f.p.DB, retrieve.ProviderOptions{})
			if err != nil {
				t.Fatal(err)
			}
			f.p.Research.Use(pv)
		}
		use(app.Settings{Answer: app.ProviderSettings{Kind: app.ProviderOpenAI, URL: dead.URL + "/v1", Model: "m"}})
		defer use(app.Settings{})
		q := fmt.Sprintf(`{"question": "How many days of paid leave?", "document_ids": [%q]`, ids["handbook"])
		resp, body := f.do("POST", "/v1/answer", q+`}`)
		wantError(t, resp, body, 403, "consent_required")
		resp, body = f.do("POST", "/v1/answer", q+`, "consent_sensitive": true}`)
		wantError(t, resp, body, 502, "provider_failure")
	})
}

func TestAPIRateLimit(t *testing.T) {
	lib, _ := handbookLibrary(t)
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	f := newAPIFixture(t, lib, func(c *api.Config) { c.Limit = api.DefaultRateLimit(clock) })
	ask := func(path string) (*http.Response, []byte) { return f.do("POST", path, `{"question": "paid leave"}`) }
	// Burst two, then refused with Retry-After; a malformed question does
	// not spend one; ten seconds later one more is allowed.
	if resp, body := f.do("POST", "/v1/query", `{"question": `); resp.StatusCode != 400 {
		t.Fatalf("malformed: %d %s", resp.StatusCode, body)
	}
	for i, path := range []string{"/v1/query", "/v1/answer"} {
		if resp, body := ask(path); resp.StatusCode != 200 {
			t.Fatalf("request %d: %d %s", i+1, resp.StatusCode, body)
		}
	}
	resp, body := ask("/v1/answer")
	wantError(t, resp, body, 429, "rate_limited")
	if ra := resp.Header.Get("Retry-After"); ra != "10" {
		t.Errorf("Retry-After %q, want 10 (six a minute)", ra)
	}
	// Replay is a record, not evidence-bearing work: not limited.
	if resp, _ := f.do("POST", "/v1/replay", `{"trace_token": "x"}`); resp.StatusCode != 404 {
		t.Errorf("replay while limited: %d", resp.StatusCode)
	}
	mu.Lock()
	now = now.Add(10 * time.Second)
	mu.Unlock()
	if resp, body := ask("/v1/query"); resp.StatusCode != 200 {
		t.Errorf("after 10 s: %d %s", resp.StatusCode, body)
	}
	if resp, _ := ask("/v1/query"); resp.StatusCode != 429 {
		t.Errorf("a second request after 10 s: %d, want 429", resp.StatusCode)
	}
}

// privateConfig points the config folder at a scratch folder.
func privateConfig(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("AppData", dir)
	t.Setenv("HOME", dir)
	return dir
}

func TestServeCommand(t *testing.T) {
	cfg := privateConfig(t)
	lib := t.TempDir()
	t.Run("APITokenMadeOnFirstUsePrivately", func(t *testing.T) {
		out, errOut, code := cli(t, lib, "api-token")
		tok := strings.TrimSpace(out)
		if code != 0 || len(tok) != 64 {
			t.Fatalf("api-token: %d %q %s", code, out, errOut)
		}
		dir, _ := api.ConfigDir()
		if !strings.HasPrefix(dir, cfg) {
			t.Fatalf("config folder %s is not under %s", dir, cfg)
		}
		info, err := os.Stat(filepath.Join(dir, api.TokenFileName))
		if err != nil {
			t.Fatal(err)
		}
		if runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
			t.Errorf("token file mode %v, want 0600", info.Mode().Perm())
		}
		again, _, _ := cli(t, lib, "serve", "--token")
		if strings.TrimSpace(again) != tok {
			t.Errorf("serve --token printed %q, api-token %q", again, tok)
		}
	})
	t.Run("APITokenWhileTheLibraryIsOpen", func(t *testing.T) {
		p, err := open(context.Background(), lib)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		if out, errOut, code := cli(t, lib, "api-token"); code != 0 || len(strings.TrimSpace(out)) != 64 {
			t.Errorf("api-token beside an open library: %d %s", code, errOut)
		}
	})
	t.Run("NonLoopbackNeedsAllowRemote", func(t *testing.T) {
		_, errOut, code := cli(t, lib, "serve", "--addr", "0.0.0.0:0")
		if code != 2 || !strings.Contains(errOut, "--allow-remote") {
			t.Errorf("exit %d: %s", code, errOut)
		}
		p, err := open(context.Background(), lib)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		var warn bytes.Buffer
		srv, err := startAPI(p, serveFlags{addr: "0.0.0.0:0", allowRemote: true}, nil, &warn)
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Shutdown(context.Background())
		if !strings.Contains(warn.String(), "WARNING") || srv.Addr == nil {
			t.Errorf("no warning: %q", warn.String())
		}
	})
	t.Run("BesideTheWindowAnImportRefreshesIt", func(t *testing.T) {
		p, err := open(context.Background(), lib)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		refreshed := make(chan struct{}, 1)
		srv, err := startAPI(p, serveFlags{addr: "127.0.0.1:0"}, func() { refreshed <- struct{}{} }, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		defer srv.Shutdown(context.Background())
		f := &apiFixture{t: t, url: "http://" + srv.Addr.String(), token: testToken}
		resp, body := upload(t, f, "note.md", []byte("# Note\n\nThe ferry leaves at nine."))
		if resp.StatusCode != 202 {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
		select {
		case <-refreshed:
		case <-time.After(30 * time.Second):
			t.Error("the window was not told of the import")
		}
	})
	t.Run("ServesUntilCancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int)
		var errOut syncBuffer
		go func() {
			done <- run(ctx, []string{"--library", lib, "serve", "--addr", "127.0.0.1:0"}, io.Discard, &errOut)
		}()
		deadline := time.Now().Add(10 * time.Second)
		for !strings.Contains(errOut.String(), "serving the local API on http://127.0.0.1:") && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`).FindStringSubmatch(errOut.String())
		if addr == nil {
			cancel()
			t.Fatalf("not serving: %s", errOut.String())
		}
		out, _, _ := cli(t, t.TempDir(), "api-token")
		req, _ := http.NewRequest("GET", "http://"+addr[1]+"/v1/documents", nil)
		req.Header.Set("Authorization", "Bearer "+strings.TrimSpace(out))
		resp, body := send(t, req)
		if resp.StatusCode != 200 {
			t.Errorf("%d %s", resp.StatusCode, body)
		}
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("exit %d", code)
		}
	})
}

// startAPI serves p's local API on f.addr in the background, as `serve`
// does and as the window's Local API switch does when after is set (it
// runs after each import).
func startAPI(p *Library, f serveFlags, after func(), warn io.Writer) (*api.Running, error) {
	parts := p.apiParts()
	parts.Importer = p.Importer
	if after != nil {
		parts.Importer = api.AfterImport(p.Importer, after)
	}
	cfg := api.Config{Token: testToken, AllowRemote: f.allowRemote, Limit: f.limit, NewID: uuid.NewString}
	return api.Listen(context.Background(), f.addr, cfg, parts, warn)
}
