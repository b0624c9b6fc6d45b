package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/ui/api"
	"archivist/ui/desktop"
)

// DefaultAPIAddr is where `archivist serve` listens unless told otherwise.
const DefaultAPIAddr = "127.0.0.1:8765"

// serveFlags are the flags of serve.
type serveFlags struct {
	addr        string
	allowRemote bool
	printToken  bool
	hosts       stringList
	origins     stringList
	importDirs  stringList
	uploadMB    int64
	limit       *api.RateLimiter // nil: the design's six a minute, burst two
	afterImport func()           // when set, runs after each import job (the window refreshes its list)
}

// notifyingImporter runs after once each import has finished.
type notifyingImporter struct {
	*ingest.Importer
	after func()
}

func (n notifyingImporter) ImportFiles(ctx context.Context, paths []string, password string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	defer n.after()
	return n.Importer.ImportFiles(ctx, paths, password, progress)
}

func cmdServe(ctx context.Context, p *parts, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f serveFlags
	fs.StringVar(&f.addr, "addr", DefaultAPIAddr, "HOST:PORT to listen on (loopback unless --allow-remote)")
	fs.BoolVar(&f.allowRemote, "allow-remote", false, "listen on an address that is not loopback and accept other computers (the token is still required)")
	fs.BoolVar(&f.printToken, "token", false, "print the bearer token (creating it on first use) and exit")
	fs.Var(&f.hosts, "allow-host", "a Host header name to accept besides localhost (repeatable)")
	fs.Var(&f.origins, "cors-origin", "a browser origin allowed to call the API, e.g. http://localhost:3000 (repeatable; none by default)")
	fs.Var(&f.importDirs, "import-dir", "a folder path imports may read from (repeatable; none by default: uploads only)")
	fs.Int64Var(&f.uploadMB, "max-upload-mb", api.DefaultMaxUploadBytes>>20, "the largest import upload, in MB")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: archivist [--library DIR] serve [--addr HOST:PORT] [--allow-remote] [--import-dir DIR]... [--cors-origin ORIGIN]... [--token]")
		return 2
	}
	token, err := apiToken()
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		return 1
	}
	if f.printToken {
		fmt.Fprintln(stdout, token)
		return 0
	}
	if err := p.importer.Resume(ctx); err != nil {
		fmt.Fprintf(stderr, "archivist: resume earlier imports: %s\n", describe(err))
	}
	srv, ln, err := startAPI(ctx, p, f, token, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "archivist: %s\n", describe(err))
		var u usageError
		if errors.As(err, &u) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stderr, "archivist: serving the local API on http://%s/v1/ (token: `archivist api-token`; Ctrl-C stops)\n", ln.Addr())
	<-ctx.Done()
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	return 0
}

// usageError is a serve configuration refused before listening.
type usageError struct{ err *app.Error }

func (u usageError) Error() string { return u.err.Message }
func (u usageError) Unwrap() error { return u.err }

// apiServer is a running local API: its HTTP server and the API's own
// workers.
type apiServer struct {
	http *http.Server
	api  *api.Server
}

// Shutdown stops accepting requests, lets running ones finish within ctx,
// then stops the import worker.
func (s *apiServer) Shutdown(ctx context.Context) error {
	err := s.http.Shutdown(ctx)
	s.api.Close()
	return err
}

// startAPI listens on f.addr and serves the local API over p in the
// background until Shutdown. A non-loopback address is refused without
// --allow-remote and warned about with it.
func startAPI(ctx context.Context, p *parts, f serveFlags, token string, stderr io.Writer) (*apiServer, net.Listener, error) {
	host, _, err := net.SplitHostPort(f.addr)
	if err != nil {
		return nil, nil, usageError{app.Errorf(app.EInvalid, "--addr %q is not HOST:PORT.", f.addr)}
	}
	hosts := append([]string{}, f.hosts...)
	if !api.IsLoopbackAddr(f.addr) {
		if !f.allowRemote {
			return nil, nil, usageError{app.Errorf(app.EInvalid,
				"%s is not a loopback address: other computers could reach the archive. Add --allow-remote to mean it.", f.addr)}
		}
		fmt.Fprintf(stderr, "archivist: WARNING: listening on %s, which other computers can reach; anyone with the token can read the archive.\n", f.addr)
		if ip := net.ParseIP(host); host != "" && (ip == nil || !ip.IsUnspecified()) {
			hosts = append(hosts, host)
		}
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return nil, nil, app.Errorf(app.EConflict, "Cannot listen on %s (%v): is another program serving there?", f.addr, errors.Unwrap(err))
	}
	newID := func() string { return uuid.NewString() }
	parts := apiParts{p}
	var importer api.Importer = p.importer
	if f.afterImport != nil {
		importer = notifyingImporter{p.importer, f.afterImport}
	}
	a := api.New(api.Config{
		Token: token, AllowRemote: f.allowRemote, AllowedHosts: hosts, CORSOrigins: f.origins,
		ImportFolders: f.importDirs, MaxUploadBytes: f.uploadMB << 20, Limit: f.limit,
		Log: slog.New(slog.NewTextHandler(stderr, nil)), NewID: newID,
	}, api.Parts{Research: apiResearch{p.research}, Library: parts, Search: parts, Pages: parts, Importer: importer})
	hs := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
		ErrorLog:          slog.NewLogLogger(slog.NewTextHandler(io.Discard, nil).WithAttrs(nil), slog.LevelError),
	}
	go hs.Serve(ln)
	return &apiServer{http: hs, api: a}, ln, nil
}

// apiToken returns the API's bearer token from the config folder, making
// it on first use.
func apiToken() (string, error) {
	dir, err := api.ConfigDir()
	if err != nil {
		return "", err
	}
	return api.LoadOrCreateToken(dir)
}

// serveBesideWindow offers the settings switch that runs the local API in
// the window's process, on its library and research engine: questions from
// the API share the window's limits (at most two retrievals and two
// completions at once) and its providers and settings. It returns the
// function that stops the API when the window closes.
func serveBesideWindow(ctx context.Context, p *parts, u *desktop.UI, stderr io.Writer) (stop func()) {
	var running *apiServer
	u.SetLocalAPI(desktop.LocalAPI{
		Start: func() (string, error) {
			token, err := apiToken()
			if err != nil {
				return "", err
			}
			srv, ln, err := startAPI(ctx, p, serveFlags{addr: DefaultAPIAddr, afterImport: u.Refresh}, token, stderr)
			if err != nil {
				return "", err
			}
			running = srv
			return ln.Addr().String(), nil
		},
		Stop: func() {
			if running != nil {
				shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
				defer cancel()
				running.Shutdown(shut)
				running = nil
			}
		},
		Token: apiToken,
	})
	return u.StopLocalAPI
}
