package api

import (
	"crypto/subtle"
	"io"
	"net"
	"net/http"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"archivist/app"
)

// Codes of refusals that are not domain errors.
const (
	EUnauthorized = "unauthorized" // no token, or a wrong one
	EForbidden    = "forbidden"    // the peer, Host, Origin or path is not allowed
	ERateLimited  = "rate_limited" // too many evidence-bearing requests
)

// guard puts the checks of the package doc in front of next, and the
// request log around everything.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		began := s.cfg.Now()
		defer func() {
			// A panic in a handler answers 500 in the error shape and is
			// logged with its stack (which holds code locations, never
			// request or document text); net/http would drop the
			// connection and log nothing the user sees.
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.cfg.Log.Error("panic serving a request", "route", r.Pattern, "stack", string(debug.Stack()))
				if !rec.wrote {
					writeError(rec, app.Errorf(app.EInternal, "Internal error: the server failed to answer; see its log."))
				}
			}
		}()
		defer func() {
			// The route pattern, not the raw path or query: a path is
			// typed by the client and may carry anything.
			route := r.Pattern
			switch route {
			case "":
				route = "-" // refused before routing
			case "/":
				route = "unknown"
			}
			s.cfg.Log.Info("request", "method", r.Method, "route", route, "status", rec.status,
				"bytes", rec.bytes, "ms", s.cfg.Now().Sub(began).Milliseconds())
		}()
		h := rec.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		if !s.cfg.AllowRemote && !loopbackPeer(r.RemoteAddr) {
			refuse(rec, app.Errorf(EForbidden, "This API answers this computer only."))
			return
		}
		if !s.hostAllowed(r.Host) {
			refuse(rec, app.Errorf(EForbidden, "The Host header must name this computer (localhost or 127.0.0.1)."))
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" {
			if !slices.Contains(s.cfg.CORSOrigins, origin) {
				refuse(rec, app.Errorf(EForbidden, "Requests from web pages are refused unless their origin is configured."))
				return
			}
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Vary", "Origin")
			if r.Method == http.MethodOptions {
				h.Set("Access-Control-Allow-Methods", "GET, POST")
				h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
				h.Set("Access-Control-Max-Age", "600")
				rec.WriteHeader(http.StatusNoContent)
				return
			}
		}
		if !s.authorized(r.Header.Get("Authorization")) {
			h.Set("WWW-Authenticate", `Bearer realm="archivist"`)
			refuse(rec, app.Errorf(EUnauthorized, "A valid bearer token is required: run `archivist api-token` to see it."))
			return
		}
		if r.ContentLength != 0 {
			r.Body = s.bodyWithDeadlines(rec, r.Body)
		}
		next.ServeHTTP(rec, r)
	})
}

// refuse answers a request turned away before its body is wanted, and
// reads no more of that body: the connection closes after the answer, and
// a read deadline already past keeps net/http from reading what is left of
// the body to reuse the connection (up to 256 KB, as slowly as the client
// sends it). So a client without the token cannot hold the server with a
// slow body. The deadline is the network's, so it is the wall clock.
func refuse(w http.ResponseWriter, err error) {
	w.Header().Set("Connection", "close")
	_ = http.NewResponseController(w).SetReadDeadline(time.Now())
	writeError(w, err)
}

// bodyWithDeadlines bounds reading an authorised request's body: each read
// must bring bytes within BodyIdleTimeout, and the whole body must have
// arrived within BodyTimeout. A slow or stalled client then fails with a
// timeout instead of holding its connection and handler.
func (s *Server) bodyWithDeadlines(w http.ResponseWriter, body io.ReadCloser) io.ReadCloser {
	b := &deadlineBody{ReadCloser: body, rc: http.NewResponseController(w), idle: s.cfg.BodyIdleTimeout,
		end: time.Now().Add(s.cfg.BodyTimeout)}
	// Set at once: net/http reads what a handler left of the body after
	// it returns, and that read is bounded too.
	b.arm()
	return b
}

// deadlineBody is a request body read under the connection's read
// deadlines.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	idle time.Duration
	end  time.Time
	done bool // the body's end was read
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	if b.done {
		return b.ReadCloser.Read(p)
	}
	b.arm()
	n, err := b.ReadCloser.Read(p)
	// Once the whole body is in, net/http lifts the deadline and reads the
	// connection in the background to notice a client that goes away; a
	// deadline set after that would end that read and cancel the request.
	b.done = err == io.EOF
	return n, err
}

// arm sets the connection's read deadline for the next read.
func (b *deadlineBody) arm() {
	d := time.Now().Add(b.idle)
	if d.After(b.end) {
		d = b.end
	}
	_ = b.rc.SetReadDeadline(d)
}

// authorized reports whether an Authorization header carries the token.
func (s *Server) authorized(header string) bool {
	// The scheme is case-insensitive (RFC 7235, section 2.1).
	scheme, got, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || s.cfg.Token == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(s.cfg.Token)) == 1
}

// loopbackPeer reports whether a connection's remote address is loopback.
func loopbackPeer(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	return app.IsLoopbackHost(host)
}

// hostAllowed reports whether a Host header names this computer (by the
// rule the egress check uses: app.IsLoopbackHost) or a host the
// configuration accepts.
func (s *Server) hostAllowed(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	if app.IsLoopbackHost(name) {
		return true
	}
	name = strings.TrimSuffix(strings.Trim(name, "[]"), ".")
	for _, a := range s.cfg.AllowedHosts {
		if strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// IsLoopbackAddr reports whether a listen address (HOST:PORT) binds
// loopback only: an empty host or 0.0.0.0 binds every interface.
func IsLoopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	return app.IsLoopbackHost(host)
}

// spend applies the evidence rate limit, answering 429 with Retry-After
// when no request is left; only well-formed questions spend one.
func (s *Server) spend(w http.ResponseWriter) bool {
	wait, ok := s.cfg.Limit.Take()
	if ok {
		return true
	}
	secs := max(1, int((wait+time.Second-1)/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeError(w, app.Errorf(ERateLimited, "Too many questions: at most %d a minute (burst %d). Retry in %d s.",
		s.cfg.Limit.PerMinute(), s.cfg.Limit.Burst(), secs))
	return false
}

// recorder remembers a response's status and size for the log.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool
}

func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
