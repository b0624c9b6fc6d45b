package app

import (
	"context"
	"errors"
)

// ImportOutcome says what became of one file given to Import.
type ImportOutcome string

// The outcomes, as the CLI prints them.
const (
	OutcomeImported  ImportOutcome = "imported"
	OutcomeDuplicate ImportOutcome = "duplicate"
	OutcomeFailed    ImportOutcome = "failed"
)

// ImportResult is the result for one file.
type ImportResult struct {
	Path       string
	DocumentID string
	Title      string
	Outcome    ImportOutcome
	Err        error // set when Outcome is OutcomeFailed
}

// ImportProgress reports an import's advance: Done of Total files finished,
// and the result of the one that just finished (nil when a file starts).
type ImportProgress struct {
	Path   string
	Done   int
	Total  int
	Result *ImportResult
	// Pages of Path read so far, of PageTotal, while a paged document
	// parses; PageTotal is 0 when not known.
	Pages, PageTotal int
	// OCR says Pages and PageTotal count pages read by OCR ("OCR page 12
	// of 40") rather than pages parsed.
	OCR bool
}

// Library is the archive as the UI and the CLI see it.
type Library interface {
	// Import copies each file (folders are walked) into the library and
	// parses it. A document becomes visible to search only once its whole
	// import has committed. progress may be nil.
	Import(ctx context.Context, paths []string, progress func(ImportProgress)) ([]ImportResult, error)
	// Documents lists every document not in the trash, newest first.
	Documents(ctx context.Context) ([]Document, error)
	// ImportWithPassword imports one password-protected PDF.
	ImportWithPassword(ctx context.Context, path, password string) ImportResult
	// CitedText returns the text of the blocks a citation points at, with
	// the quote located in it.
	CitedText(ctx context.Context, c Citation) (*CitedText, error)
	// PageImage returns the path of a PNG of one page of a paged document
	// (1-based), rendered at PageImageDPI and cached; rendered now when
	// missing.
	PageImage(ctx context.Context, documentID string, page int) (string, error)
}

// ErrQuitting is the cause of a context cancelled because Archivist is
// quitting (context.WithCancelCause): an import stopped by it is left
// pending and resumes at the next start, where a person's Cancel marks it
// failed.
var ErrQuitting = errors.New("archivist is quitting")

// PageImageDPI is the resolution of cached page images.
const PageImageDPI = 144

// EPassword is the error code of an import that needs a password.
const EPassword = "password_required"
