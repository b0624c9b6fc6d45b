// Package pdf parses PDF files into Archivist's pages, layout blocks and
// section tree, and renders page images.
//
// It runs PDFium compiled to WebAssembly (github.com/klippa-app/go-pdfium,
// pure Go, no cgo) inside wazero: every document gets a fresh instance with
// an empty sandbox filesystem, and an instance that runs past the
// per-document time limit is killed. See docs/design.md §2.2–2.3.
//
// The instances run in worker processes: copies of the running executable,
// which this package's init turns into PDFium servers when they are
// started with ARCHIVIST_PDFIUM_WORKER=1 (see worker.go). In a worker,
// PDFium is compiled without wazero's termination checks, which cost 3–4×
// (a call out of the compiled code at every loop iteration, and a
// goroutine per call); a stuck worker is killed whole. A long document is
// read by two workers in parallel. Where a worker cannot be started the
// engine runs PDFium in-process, with the checks.
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
	"github.com/klippa-app/go-pdfium/references"
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
// Each costs 60–140 MB of memory, and wasm memory never shrinks.
const DefaultMaxInstances = 2

// Config configures an Engine. The zero value is usable.
type Config struct {
	// DocumentTimeout bounds one Parse or RenderPages call; 0 means
	// DefaultDocumentTimeout. When it expires the PDFium instance is
	// killed and the call fails with an *app.Error.
	DocumentTimeout time.Duration
	// MaxInstances caps the PDFium instances open at once (calls beyond
	// it wait); 0 means DefaultMaxInstances. A long document is read by
	// up to two instances in parallel when they are free.
	MaxInstances int
	// CacheDir is where wazero keeps compiled code between runs, which
	// turns a 4–6 s start into 0.1–0.3 s. "" means
	// os.UserCacheDir()/archivist/wazero; "-" disables the cache.
	CacheDir string
	// InProcess runs PDFium inside this process instead of in worker
	// processes (copies of this executable; see worker.go). It is 3–4×
	// slower: to stop a stuck call in-process, wazero must compile a check
	// into every loop of PDFium. The engine also falls back to it when a
	// worker process cannot be started.
	InProcess bool
	// MemoryLimit caps one worker process's memory, in bytes (see
	// memcap.go); 0 means DefaultMemoryLimit. In-process PDFium gets its
	// wasm share of it.
	MemoryLimit int64
	// Scans reads the pages whose text layer is missing or unusable (see
	// scans.go); nil leaves them without text.
	Scans ScanReader
	// Figures reads the print inside pictures on pages that have a text
	// layer (see figures.go); nil leaves pictures unread.
	Figures FigureReader
	// ScanDPI is the resolution pages are rendered at for Scans and
	// Figures; 0 means
	// ScanDPI (300).
	ScanDPI int
}

// Engine parses and renders PDFs. It is safe for concurrent use; each
// document is read in its own PDFium instance. Close it when done.
type Engine struct {
	cfg Config
	dir string // compilation cache directory; "" for none

	procs     *procPool // worker processes; nil when running in-process
	workerErr error     // why worker processes are not used, if they are not

	// In-process PDFium, started on first use.
	inMu  sync.Mutex
	pool  pdfium.Pool
	cache wazero.CompilationCache // nil when disabled

	once sync.Once
}

// NewEngine starts PDFium — a worker process, or failing that an
// in-process runtime — and returns an Engine ready to parse. The first
// start compiles PDFium (4–6 s) into the compilation cache. ctx bounds the
// start-up only.
func NewEngine(ctx context.Context, cfg Config) (*Engine, error) {
	if cfg.DocumentTimeout <= 0 {
		cfg.DocumentTimeout = DefaultDocumentTimeout
	}
	if cfg.MaxInstances <= 0 {
		cfg.MaxInstances = DefaultMaxInstances
	}
	if cfg.MemoryLimit <= 0 {
		cfg.MemoryLimit = DefaultMemoryLimit
	}
	cfg.MemoryLimit = max(cfg.MemoryLimit, minMemoryLimit)
	// pdfcpu would otherwise create a configuration folder under the
	// user's config dir the first time it reads a file; we need none of it
	// (it only holds fonts for stamping).
	api.DisableConfigDir()

	e := &Engine{cfg: cfg, dir: cacheDir(cfg.CacheDir)}
	if !cfg.InProcess {
		e.procs = newProcPool(e.dir, cfg.MaxInstances, cfg.MemoryLimit)
		// Start one worker now: it compiles PDFium into the cache if need
		// be, and proves workers can run here.
		p, err := e.procs.acquire(ctx)
		if err == nil {
			e.procs.release(p, true)
			return e, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("pdf: start pdfium: %w", ctx.Err())
		}
		e.procs.close()
		e.procs, e.workerErr = nil, err
	}
	if _, err := e.inProcessPool(ctx); err != nil {
		return nil, err
	}
	return e, nil
}

// inProcessPool returns the in-process PDFium pool, starting it on first
// use.
func (e *Engine) inProcessPool(ctx context.Context) (pdfium.Pool, error) {
	e.inMu.Lock()
	defer e.inMu.Unlock()
	if e.pool != nil {
		return e.pool, nil
	}
	pool, cache, err := startPool(ctx, e.dir, true, e.cfg.MaxInstances, wasmLimitPages(e.cfg.MemoryLimit))
	if err != nil {
		return nil, err
	}
	e.pool, e.cache = pool, cache
	return pool, nil
}

// startPool starts a PDFium runtime. terminable compiles PDFium with
// wazero's termination checks, so that Kill stops a call stuck in the
// wasm code, at 3–4× the cost of every call; worker processes run without
// them and are killed whole. limitPages caps each instance's wasm memory.
//
// A start that fails with the compilation cache is tried once more
// without it: the cache is only a speed-up, and on Windows a process that
// compiles PDFium while another has just stored the same compiled code
// cannot rename its copy over the one the other holds open ("Access
// denied"), which failed the first import of a fresh installation.
func startPool(ctx context.Context, dir string, terminable bool, max int, limitPages uint32) (pdfium.Pool, wazero.CompilationCache, error) {
	pool, cache, err := startPoolWith(ctx, dir, terminable, max, limitPages)
	if err != nil && dir != "" && ctx.Err() == nil {
		pool, cache, err = startPoolWith(ctx, "", terminable, max, limitPages)
	}
	return pool, cache, err
}

func startPoolWith(ctx context.Context, dir string, terminable bool, max int, limitPages uint32) (pdfium.Pool, wazero.CompilationCache, error) {
	rc := wazero.NewRuntimeConfig().
		WithCoreFeatures(wapi.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
		WithCloseOnContextDone(terminable).
		WithMemoryLimitPages(limitPages)
	var cache wazero.CompilationCache
	if dir != "" {
		if c, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
			cache = c
			rc = rc.WithCompilationCache(c)
		}
	}
	closeCache := func() {
		if cache != nil {
			cache.Close(context.Background())
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
			MaxIdle:  max,
			MaxTotal: max,
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
			closeCache()
			return nil, nil, fmt.Errorf("pdf: start pdfium: %w", r.err)
		}
		return r.pool, cache, nil
	case <-ctx.Done():
		go func() {
			// Init cannot be interrupted; clean up whatever it makes.
			if r := <-done; r.err == nil {
				r.pool.Close()
			}
			closeCache()
		}()
		return nil, nil, fmt.Errorf("pdf: start pdfium: %w", ctx.Err())
	}
}

// Close stops the worker processes and the in-process runtime. Calls in
// flight fail.
func (e *Engine) Close() {
	e.once.Do(func() {
		if e.procs != nil {
			e.procs.close()
		}
		e.inMu.Lock()
		defer e.inMu.Unlock()
		if e.pool != nil {
			e.pool.Close()
		}
		if e.cache != nil {
			e.cache.Close(context.Background())
		}
	})
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

	// The document's bytes and password, for the one font scan a page of
	// raw glyph codes asks for (see codedFonts).
	data      []byte
	password  string
	codes     glyphCodes
	codesRead bool

	// renew replaces inst, after a trap, by a fresh instance with the
	// document open again; nil when it cannot. noLabels is set once the
	// page labels made PDFium trap.
	renew    func() error
	noLabels bool

	// The form environment, set up when a page has a widget (see
	// formHandle).
	form      references.FPDF_FORMHANDLE
	formTried bool
	hasForm   bool
}

// withDocument opens data in a fresh in-process instance and runs fn with
// it, under the engine's time limit. The instance is killed if the limit or ctx
// expires while fn runs, and closed otherwise.
func (e *Engine) withDocument(ctx context.Context, data []byte, password string, fn func(*session) error) error {
	parent := ctx
	ctx, cancel, err := e.begin(ctx, data)
	if err != nil {
		return err
	}
	defer cancel()
	pool, err := e.inProcessPool(ctx)
	if err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return cerr
		}
		return err
	}
	inst, err := pool.GetInstanceWithContext(ctx)
	if err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return cerr
		}
		return fmt.Errorf("pdf: get pdfium instance: %w", err)
	}
	s := &session{inst: inst, ctx: ctx}
	var mu sync.Mutex // guards s.inst against renew while the limit kills it
	stop := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		s.inst.Kill()
	})
	defer func() {
		if stop() {
			s.inst.Close()
		}
	}()
	if err := s.open(data, password); err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return cerr
		}
		if errors.As(err, new(*app.Error)) {
			return err
		}
		return diagnose(data, err)
	}
	s.renew = func() error {
		s.inst.Close()
		fresh, err := pool.GetInstanceWithContext(ctx)
		if err != nil {
			return err
		}
		mu.Lock()
		s.inst = fresh
		mu.Unlock()
		if ctx.Err() != nil {
			fresh.Kill()
		}
		if err := s.open(data, password); err != nil {
			return err
		}
		s.fast = newFastText(fresh)
		return nil
	}
	s.fast = newFastText(s.inst)
	err = fn(s)
	if cerr := e.limitErr(parent, ctx); cerr != nil {
		return cerr
	}
	if err == nil {
		s.close()
	}
	return err
}

// begin checks data and ctx before a document's work starts and bounds
// ctx by the engine's time limit; the caller defers cancel and asks
// limitErr why the bounded context ended.
func (e *Engine) begin(ctx context.Context, data []byte) (context.Context, context.CancelFunc, error) {
	if len(data) == 0 {
		return nil, nil, damaged("the file is empty")
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, cancelled(err)
	}
	ctx, cancel := context.WithTimeout(ctx, e.cfg.DocumentTimeout)
	return ctx, cancel, nil
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
