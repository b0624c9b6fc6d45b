package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"archivist/app"
	"archivist/retrieve"
)

// fakeLibrary lists n documents; Document panics, as a handler's bug would.
type fakeLibrary struct{ n int }

func (l fakeLibrary) Documents(context.Context) ([]app.Document, error) {
	docs := make([]app.Document, l.n)
	for i := range docs {
		docs[i] = app.Document{ID: fmt.Sprint("d", i), Title: fmt.Sprint("Doc ", i), Status: app.StatusReady}
	}
	return docs, nil
}
func (fakeLibrary) Document(context.Context, string) (*app.Document, error) { panic("a handler's bug") }
func (fakeLibrary) Sections(context.Context, string) ([]app.Section, error) { return nil, nil }
func (fakeLibrary) Pages(context.Context, string) ([]Page, error)           { return nil, nil }
func (fakeLibrary) OriginalPath(context.Context, string) (string, error)    { return "", nil }
func (fakeLibrary) DocumentMeta(context.Context, []string) (map[string]app.DocumentMeta, error) {
	return map[string]app.DocumentMeta{}, nil
}
func (fakeLibrary) SaveTrace(context.Context, string, []byte) error { return nil }

// nullImporter accepts imports and does nothing.
type nullImporter struct{}

func (nullImporter) ImportFiles(context.Context, []string, string, func(app.ImportProgress)) ([]app.ImportResult, error) {
	return nil, nil
}

const testToken = "t0ken"

func hostileServer(t *testing.T, log *bytes.Buffer) *Server {
	t.Helper()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cfg := Config{Token: testToken, NewID: func() string { return "id" }, Now: func() time.Time { return now }}
	if log != nil {
		cfg.Log = slog.New(slog.NewTextHandler(log, nil))
	}
	s := New(cfg, Parts{Library: fakeLibrary{n: 3}, Importer: nullImporter{}})
	t.Cleanup(s.Close)
	return s
}

func call(s *Server, method, target, auth string, body []byte, contentType string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, bytes.NewReader(body))
	req.RemoteAddr = "127.0.0.1:5555"
	req.Host = "localhost"
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, req)
	return w
}

func errorCode(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var b errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil {
		t.Fatalf("body %q is not the error shape: %v", w.Body, err)
	}
	return b.Error.Code
}

// No arithmetic on request numbers overflows: the largest offset lists
// nothing rather than panicking.
func TestHugeOffset(t *testing.T) {
	s := hostileServer(t, nil)
	w := call(s, "GET", "/v1/documents?offset=9223372036854775807&limit=1000", "Bearer "+testToken, nil, "")
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"total": 3`) || !strings.Contains(w.Body.String(), `"documents": []`) {
		t.Fatalf("status %d body %s", w.Code, w.Body)
	}
	w = call(s, "GET", "/v1/documents?offset=1&limit=1000", "Bearer "+testToken, nil, "")
	if !strings.Contains(w.Body.String(), "Doc 1") || strings.Contains(w.Body.String(), "Doc 0") {
		t.Fatalf("offset 1: %s", w.Body)
	}
}

// A panic in a handler answers 500 in the error shape and is logged with
// its stack.
func TestPanicAnswers500(t *testing.T) {
	var log bytes.Buffer
	s := hostileServer(t, &log)
	w := call(s, "GET", "/v1/documents/x", "Bearer "+testToken, nil, "")
	if w.Code != http.StatusInternalServerError || errorCode(t, w) != app.EInternal {
		t.Fatalf("status %d body %s", w.Code, w.Body)
	}
	if !strings.Contains(log.String(), "panic serving a request") || !strings.Contains(log.String(), "goroutine") {
		t.Fatalf("log = %q; want the panic with its stack", log.String())
	}
}

// The bearer scheme is case-insensitive (RFC 7235); the token is not.
func TestBearerSchemeCase(t *testing.T) {
	s := hostileServer(t, nil)
	for auth, want := range map[string]int{
		"bearer " + testToken: http.StatusOK, "BEARER " + testToken: http.StatusOK,
		"Bearer " + strings.ToUpper(testToken): http.StatusUnauthorized, "Basic " + testToken: http.StatusUnauthorized,
		"Bearer" + testToken: http.StatusUnauthorized,
	} {
		if w := call(s, "GET", "/v1/documents", auth, nil, ""); w.Code != want {
			t.Errorf("%q: status %d, want %d", auth, w.Code, want)
		}
	}
}

// An upload whose file name is longer than a file system stores is
// refused as invalid (400), not as an internal error.
func TestLongUploadName(t *testing.T) {
	s := hostileServer(t, nil)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("file", strings.Repeat("n", 300)+".md")
	part.Write([]byte("# Note\n"))
	mw.Close()
	w := call(s, "POST", "/v1/import", "Bearer "+testToken, body.Bytes(), mw.FormDataContentType())
	if w.Code != http.StatusBadRequest || errorCode(t, w) != app.EInvalid {
		t.Fatalf("status %d body %s", w.Code, w.Body)
	}
}

// Questions the research engine would refuse (too long, too many
// documents) are refused before the rate limit and spend nothing of it.
func TestRefusedQuestionsSpendNothing(t *testing.T) {
	s := hostileServer(t, nil)
	ids := make([]string, app.MaxSelectedDocuments+1)
	for i := range ids {
		ids[i] = fmt.Sprint("d", i)
	}
	for _, req := range []QuestionRequest{
		{Question: strings.Repeat("why ", retrieve.MaxQuestionChars)},
		{Question: "why?", DocumentIDs: ids},
	} {
		body, _ := json.Marshal(req)
		for range 5 { // more than the burst
			w := call(s, "POST", "/v1/query", "Bearer "+testToken, body, "application/json")
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d body %s", w.Code, w.Body)
			}
		}
	}
	if _, ok := s.cfg.Limit.Take(); !ok {
		t.Fatal("refused questions spent the rate limit")
	}
}

// blockingImporter holds every import until released.
type blockingImporter struct{ release chan struct{} }

func (b blockingImporter) ImportFiles(context.Context, []string, string, func(app.ImportProgress)) ([]app.ImportResult, error) {
	<-b.release
	return nil, nil
}

func upload(s *Server, name string, size int) *httptest.ResponseRecorder {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("file", name)
	part.Write(bytes.Repeat([]byte("a"), size))
	mw.Close()
	return call(s, "POST", "/v1/import", "Bearer "+testToken, body.Bytes(), mw.FormDataContentType())
}

// Uploads staged at once — imported, waiting or arriving — are bounded
// across requests: past the bound an upload is refused with 409 and a
// clear message, and the bound is given back when a job ends.
func TestStagedUploadsBounded(t *testing.T) {
	im := blockingImporter{release: make(chan struct{})}
	s := New(Config{Token: testToken, NewID: func() string { return fmt.Sprint(time.Now().UnixNano()) },
		MaxUploadBytes: 1 << 20, MaxStagedBytes: 3 << 19}, Parts{Library: fakeLibrary{}, Importer: im})
	defer s.Close()
	var once sync.Once
	release := func() { once.Do(func() { close(im.release) }) }
	defer release()
	if w := upload(s, "a.txt", 1<<20-1024); w.Code != http.StatusAccepted {
		t.Fatalf("first upload: %d %s", w.Code, w.Body)
	}
	w := upload(s, "b.txt", 1<<20-1024)
	if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "already hold 1 MB") {
		t.Fatalf("second upload: %d %s; want 409 while the first is staged", w.Code, w.Body)
	}
	release()
	deadline := time.Now().Add(time.Minute)
	for {
		s.staged.mu.Lock()
		used := s.staged.used
		s.staged.mu.Unlock()
		if used == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes still held after the job ended", used)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if w := upload(s, "c.txt", 1<<20-1024); w.Code != http.StatusAccepted {
		t.Fatalf("upload after the first job: %d %s", w.Code, w.Body)
	}
}

// The Host check follows the one loopback rule the egress check uses
// (app.IsLoopbackHost): "localhost." is another host to both.
func TestHostCheckSharesTheLoopbackRule(t *testing.T) {
	s := hostileServer(t, nil)
	for host, want := range map[string]int{
		"localhost": http.StatusOK, "LOCALHOST:8765": http.StatusOK, "[::1]:8765": http.StatusOK, "127.0.0.2": http.StatusOK,
		"localhost.": http.StatusForbidden, "localhost.:8765": http.StatusForbidden, "x.localhost": http.StatusForbidden,
	} {
		req := httptest.NewRequest("GET", "/v1/documents", nil)
		req.RemoteAddr, req.Host = "127.0.0.1:5555", host
		req.Header.Set("Authorization", "Bearer "+testToken)
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, req)
		if w.Code != want {
			t.Errorf("Host %q: status %d, want %d", host, w.Code, want)
		}
	}
}
