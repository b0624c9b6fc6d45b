package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"golang.org/x/net/netutil"

	"archivist/app"
)

// DefaultAddr is where the local API listens unless told otherwise.
const DefaultAddr = "127.0.0.1:8765"

// Running is a local API serving in the background: its HTTP server and
// the API's own workers.
type Running struct {
	Addr net.Addr
	http *http.Server
	api  *Server
}

// Shutdown stops accepting requests, lets running ones finish within ctx,
// then stops the import worker.
func (r *Running) Shutdown(ctx context.Context) error {
	err := r.http.Shutdown(ctx)
	r.api.Close()
	return err
}

// Listen listens on addr and serves the API over parts in the background
// until Shutdown. An address that is not loopback is refused unless
// cfg.AllowRemote, and warned about on warn with it; such a refusal is an
// EInvalid error, a port already taken an EConflict one.
func Listen(ctx context.Context, addr string, cfg Config, parts Parts, warn io.Writer) (*Running, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, app.Errorf(app.EInvalid, "--addr %q is not HOST:PORT.", addr)
	}
	cfg.AllowedHosts = append([]string{}, cfg.AllowedHosts...)
	if !IsLoopbackAddr(addr) {
		if !cfg.AllowRemote {
			return nil, app.Errorf(app.EInvalid,
				"%s is not a loopback address: other computers could reach the archive. Add --allow-remote to mean it.", addr)
		}
		fmt.Fprintf(warn, "archivist: WARNING: listening on %s, which other computers can reach; anyone with the token can read the archive.\n", addr)
		if ip := net.ParseIP(host); host != "" && (ip == nil || !ip.IsUnspecified()) {
			cfg.AllowedHosts = append(cfg.AllowedHosts, host)
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, app.Errorf(app.EConflict, "Cannot listen on %s (%v): is another program serving there?", addr, errors.Unwrap(err))
	}
	a := New(cfg, parts)
	// Connections past the cap wait in the listen queue: one that sends
	// nothing holds its place for ReadHeaderTimeout at most, and a request
	// refused before its body closes at once (see guard).
	ln = netutil.LimitListener(ln, a.cfg.MaxConns)
	hs := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: a.cfg.ReadHeaderTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		// The server's own errors (a handler's panic it recovered, TLS
		// and connection errors) go to the API's log, not nowhere.
		ErrorLog: slog.NewLogLogger(a.cfg.Log.Handler(), slog.LevelError),
	}
	go hs.Serve(ln)
	return &Running{Addr: ln.Addr(), http: hs, api: a}, nil
}

// Token returns the API's bearer token from the user's config folder,
// making it on first use.
func Token() (string, error) {
	dir, err := ConfigDir()
	if err != nil {
		return "", err
	}
	return LoadOrCreateToken(dir)
}

// AfterImport returns im with after run once each import has finished (the
// window refreshes its list after an import through the API).
func AfterImport(im Importer, after func()) Importer {
	return notifyingImporter{im, after}
}

// notifyingImporter runs after once each import has finished.
type notifyingImporter struct {
	Importer
	after func()
}

func (n notifyingImporter) ImportFiles(ctx context.Context, paths []string, password string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	defer n.after()
	return n.Importer.ImportFiles(ctx, paths, password, progress)
}
