// Package endpoint is the one HTTP edge of every provider, answerer and
// decision provider alike: it turns what a person typed ("ollama", a URL)
// into a base URL, decides whether that URL is on this computer (the one
// loopback rule the egress acknowledgement hangs on), and makes each call
// with a bearer key, a time limit, a bounded body and redirects refused.
// Its errors name a fixed reason and never the URL, a header, the key or
// any text the server sent, so a caller can show them as they are.
package endpoint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"archivist/app"
)

// Presets for local OpenAI-compatible servers.
const (
	OllamaBaseURL   = "http://localhost:11434/v1"
	LlamaCppBaseURL = "http://localhost:8080/v1"
)

// Resolve turns a preset name ("ollama", "llamacpp" or "llama.cpp") or an
// http(s) URL into a base URL without a trailing slash. A URL may carry no
// user name or password (keys go in the key setting, never in a URL), no
// query and no fragment.
func Resolve(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "ollama":
		return OllamaBaseURL, nil
	case "llamacpp", "llama.cpp", "llama-cpp":
		return LlamaCppBaseURL, nil
	}
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.Fragment != "" {
		return "", app.Errorf(app.EInvalid, "The endpoint must be an http or https URL without a user name, query or fragment, or one of: ollama, llamacpp.")
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// IsLoopback reports whether base names this computer, so that no egress
// acknowledgement is needed, by the one rule the local API's Host check
// shares (app.IsLoopbackHost): the name localhost in any case or a loopback
// address literal, never resolved; "localhost." and "x.localhost" count as
// remote, because a resolver may send them to DNS.
func IsLoopback(base string) bool {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil {
		return false
	}
	return app.IsLoopbackHost(u.Hostname())
}

// Host names an endpoint by its host and port, never its user info: what
// messages and the drawer show.
func Host(base string) string {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil || u.Host == "" {
		return "the endpoint"
	}
	return u.Host
}

// Reason is why a call failed, in words fit for a message.
type Reason string

// The reasons a call fails.
const (
	ReasonRedirect    Reason = "it answered with a redirect, which Archivist refuses"
	ReasonTooLarge    Reason = "its response is too large"
	ReasonStatus      Reason = "it answered with an HTTP error"
	ReasonTimeout     Reason = "it did not answer in time"
	ReasonUnreachable Reason = "it could not be reached"
	ReasonCancelled   Reason = "the request was cancelled"
)

// Error is a failed call: a fixed reason, the HTTP status when one arrived,
// and nothing the server or the URL said.
type Error struct {
	Reason Reason
	Status int
}

func (e *Error) Error() string {
	if e.Reason == ReasonStatus {
		return fmt.Sprintf("endpoint: HTTP status %d", e.Status)
	}
	return "endpoint: " + string(e.Reason)
}

// Call is one request.
type Call struct {
	Method string // GET or POST
	URL    string // the base URL joined with the path
	Body   []byte // sent as application/json when not nil
	Key    string // sent as a bearer token when set
	// Timeout bounds the call from sending to the last byte read.
	Timeout time.Duration
	// Limit bounds the response body, in bytes.
	Limit int64
	// Client is the client to use (tests give one with their transport);
	// nil means a new one. A copy is used: redirects are always refused.
	Client *http.Client
}

// Do makes the call and returns the status and the body of a 2xx answer.
// Every failure is an *Error; a cancelled ctx gives ReasonCancelled.
func Do(ctx context.Context, c Call) (status int, body []byte, err error) {
	cctx := ctx
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	var rd io.Reader
	if c.Body != nil {
		rd = bytes.NewReader(c.Body)
	}
	req, err := http.NewRequestWithContext(cctx, c.Method, c.URL, rd)
	if err != nil {
		return 0, nil, &Error{Reason: ReasonUnreachable}
	}
	if c.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	if c.Key != "" {
		req.Header.Set("Authorization", "Bearer "+c.Key)
	}
	client := &http.Client{}
	if c.Client != nil {
		cp := *c.Client
		client = &cp
	}
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, failed(ctx, cctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 == 3 {
		return resp.StatusCode, nil, &Error{Reason: ReasonRedirect, Status: resp.StatusCode}
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, nil, &Error{Reason: ReasonStatus, Status: resp.StatusCode}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.Limit+1))
	if err != nil {
		return resp.StatusCode, data, failed(ctx, cctx, err)
	}
	if int64(len(data)) > c.Limit {
		return resp.StatusCode, data, &Error{Reason: ReasonTooLarge, Status: resp.StatusCode}
	}
	return resp.StatusCode, data, nil
}

// failed turns a transport error into an *Error: the underlying error names
// the URL and may quote the server, so it is dropped.
func failed(parent, call context.Context, err error) error {
	var ne net.Error
	switch {
	case parent.Err() != nil:
		return &Error{Reason: ReasonCancelled}
	case errors.Is(call.Err(), context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return &Error{Reason: ReasonTimeout}
	}
	return &Error{Reason: ReasonUnreachable}
}

// ReasonOf returns the reason and status of err when it is an *Error.
func ReasonOf(err error) (Reason, int, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason, e.Status, true
	}
	return "", 0, false
}
