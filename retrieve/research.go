package retrieve

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/store"
)

// Library is what Research needs of the store.
type Library interface {
	Snapshot(ctx context.Context) (*store.Snapshot, error)
	SaveAnswer(ctx context.Context, token string, body []byte) error
	Answer(ctx context.Context, token string) ([]byte, error)
}

// Research answers questions from the library: evidence from one read
// snapshot, an answer from the answerer, stored for replay.
type Research struct {
	Library  Library
	Answerer answer.Answerer
	// NewToken makes trace tokens; tests make them predictable.
	NewToken func() string
	// Upgrade, when set, runs before each question's snapshot: it brings
	// documents whose passages an older builder made up to date.
	Upgrade func(ctx context.Context) error
	// Router, when set, finds evidence by tree routing and passage scoring
	// with its decision provider; without it the FTS5 candidate pass alone
	// does.
	Router *Router
	// slots bounds the questions answered at once (DESIGN.md §7).
	slots chan struct{}
}

// MaxConcurrentQuestions is how many questions run at once.
const MaxConcurrentQuestions = 2

// MaxQuestionChars bounds a question.
const MaxQuestionChars = 4000

// NewResearch returns a Research over lib using ans.
func NewResearch(lib Library, ans answer.Answerer, newToken func() string) *Research {
	return &Research{Library: lib, Answerer: ans, NewToken: newToken, slots: make(chan struct{}, MaxConcurrentQuestions)}
}

// Ask answers q and stores the answer under its trace token.
func (r *Research) Ask(ctx context.Context, q app.Question) (*app.Answer, error) {
	ans, _, err := r.AskJSON(ctx, q)
	return ans, err
}

// AskJSON answers q and also returns the exact JSON stored for replay.
func (r *Research) AskJSON(ctx context.Context, q app.Question) (*app.Answer, []byte, error) {
	ans, body, _, err := r.AskTraced(ctx, q)
	return ans, body, err
}

// AskTraced is AskJSON that also returns how the evidence was found (nil
// without a Router).
func (r *Research) AskTraced(ctx context.Context, q app.Question) (*app.Answer, []byte, *Trace, error) {
	q.Text = strings.TrimSpace(q.Text)
	if q.Text == "" {
		return nil, nil, nil, app.Errorf(app.EInvalid, "Type a question first.")
	}
	if len([]rune(q.Text)) > MaxQuestionChars {
		return nil, nil, nil, app.Errorf(app.EInvalid, "The question is too long (at most %d characters).", MaxQuestionChars)
	}
	select {
	case r.slots <- struct{}{}:
		defer func() { <-r.slots }()
	case <-ctx.Done():
		return nil, nil, nil, app.Errorf(app.ECancelled, "The question was cancelled.")
	}
	if r.Upgrade != nil {
		if err := r.Upgrade(ctx); err != nil {
			return nil, nil, nil, err
		}
	}
	ev, tr, err := r.evidence(ctx, q)
	if err != nil {
		return nil, nil, nil, err
	}
	ans, err := r.Answerer.Answer(ctx, ev)
	if err != nil {
		return nil, nil, nil, err
	}
	ans.TraceToken = r.NewToken()
	ans.Why = tr.Explain()
	body, err := json.MarshalIndent(ans, "", "  ")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("retrieve: encode answer: %w", err)
	}
	body = append(body, '\n')
	if err := r.Library.SaveAnswer(ctx, ans.TraceToken, body); err != nil {
		return nil, nil, nil, err
	}
	return ans, body, tr, nil
}

// evidence gathers q's evidence through one snapshot: by routing when a
// Router is set, else by the FTS5 candidate pass.
func (r *Research) evidence(ctx context.Context, q app.Question) (*app.Evidence, *Trace, error) {
	snap, err := r.Library.Snapshot(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer snap.Close()
	if r.Router != nil {
		return r.Router.Gather(ctx, snap, q)
	}
	ev, err := Gather(ctx, snap, q)
	return ev, nil, err
}

// Replay returns the stored JSON of an earlier answer, byte for byte.
func (r *Research) Replay(ctx context.Context, token string) ([]byte, error) {
	return r.Library.Answer(ctx, token)
}
