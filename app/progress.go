package app

import "context"

// AskProgress is how far a running question has got: its stage and, while
// routing, how many of the documents in scope have been explored.
type AskProgress struct {
	Stage    Stage
	Explored int // documents whose structure the question has opened
	InScope  int // documents the question may draw on; 0 when not yet known
}

type progressKey struct{}

type pageProgressKey struct{}

// WithPageProgress returns a context whose parser reports to f how many
// pages of the document it has read, of how many. f is called on the
// parser's goroutines, one call at a time, and must not block.
func WithPageProgress(ctx context.Context, f func(done, total int)) context.Context {
	return context.WithValue(ctx, pageProgressKey{}, f)
}

// ReportPages hands done and total to the function WithPageProgress put in
// ctx, if any.
func ReportPages(ctx context.Context, done, total int) {
	if f, ok := ctx.Value(pageProgressKey{}).(func(int, int)); ok && f != nil {
		f(done, total)
	}
}

// WithProgress returns a context whose question reports its progress to f.
// f is called on the question's goroutine and must not block.
func WithProgress(ctx context.Context, f func(AskProgress)) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

// ReportProgress hands p to the function WithProgress put in ctx, if any.
func ReportProgress(ctx context.Context, p AskProgress) {
	if f, ok := ctx.Value(progressKey{}).(func(AskProgress)); ok && f != nil {
		f(p)
	}
}

// Label is how the drawer names a stage; explored says whether routing has
// started opening documents.
func (s Stage) Label(explored bool) string {
	switch s {
	case StageQueued:
		return "Waiting for a free slot"
	case StageRetrieving:
		if explored {
			return "Reading documents"
		}
		return "Searching the library"
	case StageAnswering:
		return "Writing the answer"
	case StageDone:
		return "Done"
	}
	return string(s)
}
