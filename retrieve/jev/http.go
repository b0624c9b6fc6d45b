package jev

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"archivist/app"
	"archivist/retrieve/internal/endpoint"
)

// HTTPConfig configures a provider reached over HTTP.
type HTTPConfig struct {
	// BaseURL is the endpoint's base: "https://api.example.com" for
	// System One (POST {base}/v1/systemone), "http://localhost:11434/v1"
	// for an OpenAI-compatible server (POST {base}/chat/completions).
	BaseURL string
	APIKey  string // sent as a bearer token; never shown or logged
	Model   string
	// Timeout bounds each request, from sending to the last byte read.
	Timeout time.Duration
	// MaxResponseBytes bounds a response body.
	MaxResponseBytes int64
	// EgressAcknowledged must be set before document text may go to an
	// endpoint that is not on this computer (docs/design.md §7).
	EgressAcknowledged bool
	// Transport replaces the default transport; tests use it.
	Transport http.RoundTripper
	// Images says whether the model is shown pictures (app.ImagesDetect,
	// app.ImagesYes, app.ImagesNo); only the OpenAI-compatible provider
	// shows any.
	Images string
}

// Defaults for HTTP providers.
const (
	DefaultTimeout          = 60 * time.Second
	DefaultMaxResponseBytes = 4 << 20
)

// inflight bounds the provider requests in flight across the process.
var inflight = make(chan struct{}, MaxInFlight)

// client is the shared machinery of the HTTP providers.
type client struct {
	name    string // provider name, for messages
	base    *url.URL
	key     string
	model   string
	limit   int64
	timeout time.Duration
	http    *http.Client
	images  string
}

func newClient(name string, cfg HTTPConfig) (*client, error) {
	u, err := url.Parse(strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, app.Errorf(app.EInvalid, "The %s provider needs an http or https base URL.", name)
	}
	if u.User != nil {
		return nil, app.Errorf(app.EInvalid, "Put the %s provider's key in its key setting, not in the URL.", name)
	}
	if !endpoint.IsLoopback(u.String()) && !cfg.EgressAcknowledged {
		return nil, app.Errorf(app.EEgressNotAcknowledged,
			"The %s provider at %s is not on this computer. Document text would leave it: acknowledge that in settings first.", name, u.Hostname())
	}
	c := &client{name: name, base: u, key: cfg.APIKey, model: cfg.Model, limit: cfg.MaxResponseBytes, timeout: cfg.Timeout}
	if c.limit <= 0 {
		c.limit = DefaultMaxResponseBytes
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	c.http = &http.Client{Transport: cfg.Transport}
	c.images = cfg.Images
	return c, nil
}

// post sends body as JSON to base+path and decodes the JSON response into
// out, holding one of the process's in-flight slots meanwhile.
func (c *client) post(ctx context.Context, path string, body, out any) error {
	data, err := c.send(ctx, path, body)
	if _, _, ok := endpoint.ReasonOf(err); ok {
		return c.callError(err)
	} else if err != nil {
		return err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return c.fail("its response is not valid JSON")
	}
	return nil
}

// send is post before its failures are worded: an *endpoint.Error names
// the status a refusal needs (vision.IsRefusal).
func (c *client) send(ctx context.Context, path string, body any) ([]byte, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("jev: encode request: %w", err)
	}
	select {
	case inflight <- struct{}{}:
		defer func() { <-inflight }()
	case <-ctx.Done():
		return nil, &endpoint.Error{Reason: endpoint.ReasonCancelled}
	}
	_, data, err := endpoint.Do(ctx, endpoint.Call{Method: http.MethodPost, URL: c.base.String() + path, Body: payload,
		Key: c.key, Timeout: c.timeout, Limit: c.limit, Client: c.http})
	return data, err
}

// callError words a failed call; the endpoint's error holds nothing the
// server or the URL said.
func (c *client) callError(err error) error {
	reason, status, _ := endpoint.ReasonOf(err)
	switch reason {
	case endpoint.ReasonCancelled:
		return cancelled()
	case endpoint.ReasonTimeout:
		return c.fail(fmt.Sprintf("no answer within %s", c.timeout))
	case endpoint.ReasonRedirect:
		return c.fail("it answered with a redirect, which Archivist refuses")
	case endpoint.ReasonTooLarge:
		return c.fail(fmt.Sprintf("its response is larger than %d bytes", c.limit))
	case endpoint.ReasonStatus:
		return c.fail(fmt.Sprintf("HTTP %d", status))
	}
	return c.fail("could not connect")
}

func cancelled() error { return app.Errorf(app.ECancelled, "The question was cancelled.") }

func (c *client) fail(reason string) error {
	return &app.Error{Code: app.EProviderFailure, Message: fmt.Sprintf("The %s decision provider failed: %s.", c.name, reason)}
}

// Config selects and configures a provider, as settings and flags name it.
type Config struct {
	Provider string // "local" (default), "systemone" or "openai"
	HTTP     HTTPConfig
}

// New returns the provider cfg names; an empty name is local.
func New(cfg Config) (Provider, error) {
	switch strings.ToLower(strings.TrimSpace(cfg.Provider)) {
	case "", "local":
		return Local{}, nil
	case "systemone":
		return NewSystemOne(cfg.HTTP)
	case "openai":
		return NewOpenAI(cfg.HTTP)
	}
	return nil, app.Errorf(app.EInvalid, "Unknown decision provider %q (local, systemone or openai).", cfg.Provider)
}
