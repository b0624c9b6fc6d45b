// Package api is Archivist's local HTTP API: the archive answers scripts the
// way it answers the window, with the same evidence, the same answers and
// the same error codes, under /v1/.
//
// The server is meant for this computer. Every request passes, in order:
//
//  1. the peer check — the connection must come from a loopback address
//     unless the server was started to accept others (Config.AllowRemote);
//  2. the Host check — the Host header must name a loopback host (or one the
//     server was told to accept), which defeats DNS rebinding: a web page
//     that points its own name at 127.0.0.1 still sends its own name;
//  3. the Origin check — a browser request from an origin not configured
//     for CORS is refused, and no CORS header is ever sent otherwise;
//  4. the bearer token — kept in a file only the user can read (see
//     LoadOrCreateToken), compared in constant time;
//  5. body bounds — JSON requests are small, uploads bounded, and JSON
//     responses refused past MaxResponseBytes rather than sent huge.
//
// Time and connections are bounded too: headers must arrive within
// ReadHeaderTimeout, a body must keep coming (BodyIdleTimeout) and be in
// within BodyTimeout, at most MaxConns connections are served at once, and
// a request refused by checks 1–4 is answered without reading its body and
// its connection closed, so no client without the token can hold the
// server with a slow request.
//
// Evidence-bearing requests (/v1/query, /v1/answer, /v1/check) also pass the rate
// limit of the design: six a minute, burst two, with Retry-After. The log
// has one line per request — method, route, status, size, duration — and
// never a question, an answer, a title or document text.
//
// The package declares what it needs of the rest of Archivist as small
// interfaces (Research, Library, Searcher, Importer); main wires the
// concrete store, importer and research engine to them.
package api

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"archivist/app"
)

// Research is what the API asks of the research engine.
type Research interface {
	// Evidence finds a question's evidence without generating anything.
	Evidence(ctx context.Context, q app.Question) (*app.Evidence, error)
	// AskJSON answers a question and returns the exact JSON `ask --json`
	// prints, which is also what replay returns.
	AskJSON(ctx context.Context, q app.Question) (*app.Answer, []byte, error)
	// Replay returns a stored answer's JSON byte for byte.
	Replay(ctx context.Context, token string) ([]byte, error)
}

// Library is what the API reads of the archive.
type Library interface {
	// Documents lists every document not in the trash, newest first.
	Documents(ctx context.Context) ([]app.Document, error)
	// Document returns one document not in the trash (ENotFound otherwise).
	Document(ctx context.Context, id string) (*app.Document, error)
	// Sections returns a document's sections in reading order; Parent
	// indexes the slice (-1 for the root).
	Sections(ctx context.Context, id string) ([]app.Section, error)
	// Pages returns a paged document's pages.
	Pages(ctx context.Context, id string) ([]Page, error)
	// OriginalPath returns the path of the library's copy of the original.
	OriginalPath(ctx context.Context, id string) (string, error)
	// DocumentMeta returns the metadata of the documents ids names.
	DocumentMeta(ctx context.Context, ids []string) (map[string]app.DocumentMeta, error)
	// SaveTrace stores a response under its trace token for replay.
	SaveTrace(ctx context.Context, token string, body []byte) error
}

// Page is one physical page of a paged document; Width and Height in PDF
// points.
type Page struct {
	N      int     `json:"n"`
	Label  string  `json:"label"`
	Words  int     `json:"words"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Parts are the archive's pieces a Server uses. Search, Pages and Importer
// may be nil: their endpoints then answer unsupported.
type Parts struct {
	Research Research
	Library  Library
	Search   Searcher
	Pages    Pages
	Importer Importer
	// Checker checks drafts' quotations (/v1/check); nil answers
	// unsupported.
	Checker app.DraftChecker
	// Reviews lists and decides the proposals of reviews after imports
	// (/v1/reviews); nil answers unsupported.
	Reviews app.Reviews
}

// Searcher ranks documents for a search query. Today it is the store's FTS5
// ranking of the query's words; the search query language (tag:, type:,
// phrases, exclusions) plugs in here without the API changing.
type Searcher interface {
	SearchDocuments(ctx context.Context, query string, limit int) ([]SearchHit, error)
}

// SearchHit is one ranked document of a search.
type SearchHit struct {
	DocumentID string  `json:"document_id"`
	Title      string  `json:"title"`
	Score      float64 `json:"score"` // higher is better; comparable within one search only
	Section    string  `json:"section"`
	PageStart  int     `json:"page_start"`
	PageEnd    int     `json:"page_end"`
	Snippet    string  `json:"snippet"` // verbatim text of the best passage around the match
	// Sensitivity is the document's level, so a client can keep
	// Confidential and Restricted text where it belongs.
	Sensitivity string `json:"sensitivity"`
}

// Importer brings files into the library (the persistent import queue).
type Importer interface {
	ImportFiles(ctx context.Context, paths []string, password string, progress func(app.ImportProgress)) ([]app.ImportResult, error)
}

// Limits of request and response bodies.
const (
	DefaultMaxBodyBytes   = 64 << 10  // a JSON request
	DefaultMaxUploadBytes = 256 << 20 // one multipart import request
	MaxResponseBytes      = 32 << 20  // a JSON response
	MaxSearchResults      = 100
	MaxListedDocuments    = 1000
)

// Bounds of time and connections. A request body is read while it keeps
// coming (a pause of DefaultBodyIdleTimeout ends it) and for
// DefaultBodyTimeout at most: the largest upload at a slow 1 MB/s fits.
// The connection cap is far above what the window, scripts and MCP
// servers of one person open, and far below what exhausts the process.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultBodyIdleTimeout   = 15 * time.Second
	DefaultBodyTimeout       = 10 * time.Minute
	DefaultMaxConns          = 256
)

// Config configures a Server. Token is required.
type Config struct {
	Token string
	// AllowRemote accepts connections from addresses that are not
	// loopback (the token is still required). Off by default.
	AllowRemote bool
	// AllowedHosts are Host header names accepted besides the loopback
	// ones (localhost, 127.0.0.1, ::1), e.g. the name of a non-loopback
	// address the server was explicitly bound to.
	AllowedHosts []string
	// CORSOrigins are browser origins ("http://localhost:3000") allowed to
	// call the API; empty means no CORS at all.
	CORSOrigins []string
	// ImportFolders are the folders a path import may read from; empty
	// means path imports are refused (uploads still work).
	ImportFolders []string
	// MaxBodyBytes bounds a JSON request, MaxUploadBytes an upload; zero
	// means the defaults.
	MaxBodyBytes, MaxUploadBytes int64
	// MaxStagedBytes bounds the uploads staged at once, across requests,
	// in flight and waiting in the queue; zero means twice MaxUploadBytes.
	MaxStagedBytes int64
	// ReadHeaderTimeout bounds reading a request's headers,
	// BodyIdleTimeout the longest a request body may pause between bytes
	// and BodyTimeout the time it may take in all; zero means the
	// defaults (DefaultReadHeaderTimeout, DefaultBodyIdleTimeout,
	// DefaultBodyTimeout).
	ReadHeaderTimeout, BodyIdleTimeout, BodyTimeout time.Duration
	// MaxConns bounds the connections Listen serves at once; further ones
	// wait, unaccepted, until one closes. Zero means DefaultMaxConns.
	MaxConns int
	// Limit is the evidence rate limit; nil means a new DefaultRateLimit.
	Limit *RateLimiter
	// Log receives one line per request; nil discards.
	Log *slog.Logger
	// NewID makes trace tokens and job IDs.
	NewID func() string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Server serves the API. Build it with New; Close stops its import worker.
type Server struct {
	cfg      Config
	research Research
	lib      Library
	search   Searcher
	pages    Pages
	importer Importer
	checker  app.DraftChecker
	reviews  app.Reviews
	handler  http.Handler

	jobs   *jobQueue
	staged stagingBudget // bytes of uploads staged, in flight and queued

	closeOnce sync.Once
}

// New returns a Server over the given parts.
func New(cfg Config, parts Parts) *Server {
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if cfg.MaxUploadBytes <= 0 {
		cfg.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if cfg.MaxStagedBytes <= 0 {
		cfg.MaxStagedBytes = 2 * cfg.MaxUploadBytes
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.ReadHeaderTimeout = orDefault(cfg.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	cfg.BodyIdleTimeout = orDefault(cfg.BodyIdleTimeout, DefaultBodyIdleTimeout)
	cfg.BodyTimeout = orDefault(cfg.BodyTimeout, DefaultBodyTimeout)
	cfg.MaxConns = orDefault(cfg.MaxConns, DefaultMaxConns)
	if cfg.Limit == nil {
		cfg.Limit = DefaultRateLimit(cfg.Now)
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	s := &Server{cfg: cfg, research: parts.Research, lib: parts.Library, search: parts.Search, pages: parts.Pages,
		importer: parts.Importer, checker: parts.Checker, reviews: parts.Reviews}
	s.staged.max = cfg.MaxStagedBytes
	s.jobs = newJobQueue(parts.Importer, cfg.NewID, cfg.Now)
	s.jobs.folders = cfg.ImportFolders
	s.handler = s.guard(s.routes())
	return s
}

// orDefault is v, or def when v is not positive.
func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// Handler returns the API's HTTP handler, with every check in front.
func (s *Server) Handler() http.Handler { return s.handler }

// Close stops the import worker: the running import is left pending in the
// library's queue (it resumes at the next start) and jobs not yet started
// are dropped.
func (s *Server) Close() { s.closeOnce.Do(s.jobs.close) }

// Route is one served route, as the OpenAPI document names it.
type Route struct {
	Method, Path string
}

// Routes lists every route the server serves.
func Routes() []Route {
	return []Route{
		{"POST", "/v1/query"},
		{"POST", "/v1/answer"},
		{"POST", "/v1/replay"},
		{"GET", "/v1/search"},
		{"POST", "/v1/check"},
		{"GET", "/v1/documents"},
		{"GET", "/v1/documents/{id}"},
		{"GET", "/v1/documents/{id}/original"},
		{"GET", "/v1/documents/{id}/pages/{n}"},
		{"GET", "/v1/documents/{id}/pages/{n}/image"},
		{"POST", "/v1/import"},
		{"GET", "/v1/jobs"},
		{"GET", "/v1/jobs/{id}"},
		{"GET", "/v1/reviews"},
		{"POST", "/v1/reviews/{id}/{action}"},
		{"GET", "/v1/openapi.json"},
	}
}

func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	handlers := map[Route]http.HandlerFunc{
		{"POST", "/v1/query"}:                         s.handleQuery,
		{"POST", "/v1/answer"}:                        s.handleAnswer,
		{"POST", "/v1/replay"}:                        s.handleReplay,
		{"GET", "/v1/search"}:                         s.handleSearch,
		{"POST", "/v1/check"}:                         s.handleCheck,
		{"GET", "/v1/documents"}:                      s.handleDocuments,
		{"GET", "/v1/documents/{id}"}:                 s.handleDocument,
		{"GET", "/v1/documents/{id}/original"}:        s.handleOriginal,
		{"GET", "/v1/documents/{id}/pages/{n}"}:       s.handlePage,
		{"GET", "/v1/documents/{id}/pages/{n}/image"}: s.handlePageImage,
		{"POST", "/v1/import"}:                        s.handleImport,
		{"GET", "/v1/jobs"}:                           s.handleJobs,
		{"GET", "/v1/jobs/{id}"}:                      s.handleJob,
		{"GET", "/v1/reviews"}:                        s.handleReviews,
		{"POST", "/v1/reviews/{id}/{action}"}:         s.handleReviewAction,
		{"GET", "/v1/openapi.json"}:                   handleOpenAPI,
	}
	for _, r := range Routes() {
		mux.HandleFunc(r.Method+" "+r.Path, handlers[r])
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, app.Errorf(app.ENotFound, "No such endpoint: see /v1/openapi.json."))
	})
	return mux
}
