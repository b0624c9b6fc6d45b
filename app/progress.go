package app

import "context"

// The stages a question passes through, as the drawer names them.
const (
	StageSearching = "Searching the library"
	StageRouting   = "Reading documents"
	StageAnswering = "Writing the answer"
)

// AskProgress is how far a running question has got: its stage and, while
// routing, how many of the documents in scope have been explored.
type AskProgress struct {
	Stage    string
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
