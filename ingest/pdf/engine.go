// Package pdf parses PDF files into Archivist's pages, layout blocks and
// section tree, and renders page images.
//
// It runs PDFium compiled to WebAssembly (github.com/klippa-app/go-pdfium,
// pure Go, no cgo) inside wazero: every document gets a fresh instance with
// an empty sandbox filesystem, and an instance that runs past the
// per-document time limit is killed. See DESIGN.md §2.2–2.3.
package pdf

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/tetratelabs/wazero"
	wapi "github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"archivist/app"
)

// DefaultDocumentTimeout is how long one document may take to parse or
// render before its PDFium instance is killed.
const DefaultDocumentTimeout = 2 * time.Minute

// DefaultMaxInstances is how many PDFium instances may be open at once.
// Each costs 100–140 MB of memory, and wasm memory never shrinks.
const DefaultMaxInstances = 2

// Config configures an Engine. The zero value is usable.
type Config struct {
	// DocumentTimeout bounds one Parse or RenderPage call; 0 means
	// DefaultDocumentTimeout. When it expires the instance is killed and the
	// call fails with an *app.Error.
	DocumentTimeout time.Duration
	// MaxInstances caps the PDFium instances open at once (Parse and
	// RenderPage calls beyond it wait); 0 means DefaultMaxInstances.
	MaxInstances int
	// CacheDir is where wazero keeps compiled code between runs, which
	// turns a 4–6 s start into 0.1–0.3 s. "" means
	// os.UserCacheDir()/archivist/wazero; "-" disables the cache.
	CacheDir string
}

// Engine parses and renders PDFs. It is safe for concurrent use; each call
// runs in its own PDFium instance. Close it when done.
type Engine struct {
	cfg   Config
	pool  pdfium.Pool
	cache wazero.CompilationCache // nil when disabled
	once  sync.Once
}

// NewEngine compiles PDFium (or loads it from the compilation cache) and
// returns an Engine ready to parse. ctx bounds the start-up only.
func NewEngine(ctx context.Context, cfg Config) (*Engine, error) {
	if cfg.DocumentTimeout <= 0 {
		cfg.DocumentTimeout = DefaultDocumentTimeout
	}
	if cfg.MaxInstances <= 0 {
		cfg.MaxInstances = DefaultMaxInstances
	}
	// pdfcpu would otherwise create a configuration folder under the
	// user's config dir the first time it reads a file; we need none of it
	// (it only holds fonts for stamping).
	api.DisableConfigDir()

	e := &Engine{cfg: cfg}
	rc := wazero.NewRuntimeConfig().
		WithCoreFeatures(wapi.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
		// Lets Kill (which cancels the instance's context) stop a call that
		// is stuck inside the wasm code.
		WithCloseOnContextDone(true)
	if dir := cacheDir(cfg.CacheDir); dir != "" {
		if c, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
			e.cache = c
			rc = rc.WithCompilationCache(c)
		}
	}
	type result struct {
		pool pdfium.Pool
		err  error
	}
	done := make(chan result, 1)
	go func() {
		p, err := webassembly.Init(webassembly.Config{
			MinIdle:  0,
			MaxIdle:  cfg.MaxInstances,
			MaxTotal: cfg.MaxInstances,
			// An empty sandbox: by default the host root would be mounted.
			FSConfig:      wazero.NewFSConfig(),
			RuntimeConfig: rc,
			ReuseWorkers:  false,
			Stdout:        discard{},
			Stderr:        discard{},
		})
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			e.closeCache()
			return nil, fmt.Errorf("pdf: start pdfium: %w", r.err)
		}
		e.pool = r.pool
		return e, nil
	case <-ctx.Done():
		go func() {
			// Init cannot be interrupted; clean up whatever it makes.
			if r := <-done; r.err == nil {
				r.pool.Close()
			}
			e.closeCache()
		}()
		return nil, fmt.Errorf("pdf: start pdfium: %w", ctx.Err())
	}
}

// Close releases the PDFium runtime. Calls in flight fail.
func (e *Engine) Close() {
	e.once.Do(func() {
		if e.pool != nil {
			e.pool.Close()
		}
		e.closeCache()
	})
}

func (e *Engine) closeCache() {
	if e.cache != nil {
		e.cache.Close(context.Background())
	}
}

// cacheDir resolves Config.CacheDir; "" when there is to be no cache.
func cacheDir(dir string) string {
	switch dir {
	case "-":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(base, "archivist", "wazero")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	return dir
}

// discard swallows PDFium's stdout and stderr (warnings about the file).
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// session is one document open in its own PDFium instance.
type session struct {
	inst pdfium.Pdfium
	ctx  context.Context // done when the instance has been, or is to be, killed
	doc  docRef
	fast *fastText // nil when the fast text path is unavailable
}

// withDocument opens data in a fresh instance and runs fn with it, under
// the engine's time limit. The instance is killed if the limit or ctx
// expires while fn runs, and closed otherwise.
func (e *Engine) withDocument(ctx context.Context, data []byte, password string, fn func(*session) error) error {
	if len(data) == 0 {
		return damaged("the file is empty")
	}
	if err := ctx.Err(); err != nil {
		return cancelled(err)
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, e.cfg.DocumentTimeout)
	defer cancel()
	inst, err := e.pool.GetInstanceWithContext(ctx)
	if err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return cerr
		}
		return fmt.Errorf("pdf: get pdfium instance: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { inst.Kill() })
	defer func() {
		if stop() {
			inst.Close()
		}
	}()
	s := &session{inst: inst, ctx: ctx}
	if err := s.open(data, password); err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return cerr
		}
		if errors.As(err, new(*app.Error)) {
			return err
		}
		return diagnose(data, err)
	}
	s.fast = newFastText(inst)
	err = fn(s)
	if cerr := e.limitErr(parent, ctx); cerr != nil {
		return cerr
	}
	if err == nil {
		s.close()
	}
	return err
}

// limitErr reports why ctx ended, if it has: the caller's cancellation or
// the engine's time limit.
func (e *Engine) limitErr(parent, ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	if err := parent.Err(); err != nil {
		return cancelled(err)
	}
	return &app.Error{Code: app.ETooLarge, Message: fmt.Sprintf(
		"the PDF took longer than %s to read and was stopped", e.cfg.DocumentTimeout)}
}

func cancelled(err error) error {
	return fmt.Errorf("pdf: %w", errors.Join(&app.Error{Code: app.ECancelled, Message: "the import was cancelled"}, err))
}
