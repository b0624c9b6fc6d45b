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
