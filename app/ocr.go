package app

import "context"

type ocrProgressKey struct{}

// WithOCRProgress returns a context whose import reports to f how many of
// a document's pages OCR has read, of how many need it. f is called from
// the OCR workers, one call at a time, and must not block.
func WithOCRProgress(ctx context.Context, f func(done, total int)) context.Context {
	return context.WithValue(ctx, ocrProgressKey{}, f)
}

// ReportOCR hands done and total to the function WithOCRProgress put in
// ctx, if any.
func ReportOCR(ctx context.Context, done, total int) {
	if f, ok := ctx.Value(ocrProgressKey{}).(func(int, int)); ok && f != nil {
		f(done, total)
	}
}
