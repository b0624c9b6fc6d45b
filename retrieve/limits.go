package retrieve

import (
	"context"

	"archivist/app"
)

// Limiter bounds the work questions do at once across the process
// (docs/design.md §7): at most a few retrievals (snapshot, routing, evidence) and
// a few completions (the answerer's call) run together; further questions
// wait their turn, in arrival order, and may be cancelled while they wait.
type Limiter struct {
	retrievals  chan struct{}
	completions chan struct{}
}

// The design's bounds.
const (
	MaxRetrievals  = 2
	MaxCompletions = 2
)

// NewLimiter returns a limiter allowing the given numbers at once (at
// least one each).
func NewLimiter(retrievals, completions int) *Limiter {
	return &Limiter{retrievals: make(chan struct{}, max(1, retrievals)), completions: make(chan struct{}, max(1, completions))}
}

// processLimiter is shared by every Research of the process that sets no
// Limiter of its own.
var processLimiter = NewLimiter(MaxRetrievals, MaxCompletions)

// Retrieval waits for a retrieval slot, reporting StageQueued while it
// waits and StageRetrieving once it holds one. Call release when done.
func (l *Limiter) Retrieval(ctx context.Context, progress app.Progress) (release func(), err error) {
	return acquire(ctx, l.retrievals, app.StageRetrieving, progress)
}

// Completion waits for a completion slot, reporting StageQueued while it
// waits and StageAnswering once it holds one. Call release when done.
func (l *Limiter) Completion(ctx context.Context, progress app.Progress) (release func(), err error) {
	return acquire(ctx, l.completions, app.StageAnswering, progress)
}

func acquire(ctx context.Context, slots chan struct{}, running app.Stage, progress app.Progress) (func(), error) {
	report := func(s app.Stage) {
		if progress != nil {
			progress(s)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, cancelled()
	}
	select {
	case slots <- struct{}{}:
	default:
		report(app.StageQueued)
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return nil, cancelled()
		}
	}
	report(running)
	return func() { <-slots }, nil
}

func cancelled() error { return app.Errorf(app.ECancelled, "The question was cancelled.") }
