package retrieve_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"archivist/app"
	"archivist/retrieve"
	"archivist/store"
)

// gate counts how many callers are inside at once and holds them until
// opened.
type gate struct {
	in, peak atomic.Int32
	open     chan struct{}
	entered  chan struct{}
}

func newGate() *gate { return &gate{open: make(chan struct{}), entered: make(chan struct{}, 64)} }

func (g *gate) pass(ctx context.Context) error {
	n := g.in.Add(1)
	defer g.in.Add(-1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			break
		}
	}
	g.entered <- struct{}{}
	select {
	case <-g.open:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// gatedLibrary holds every snapshot (the start of a retrieval) at a gate.
type gatedLibrary struct {
	*store.DB
	g *gate
}

func (l gatedLibrary) Snapshot(ctx context.Context) (*store.Snapshot, error) {
	if err := l.g.pass(ctx); err != nil {
		return nil, err
	}
	return l.DB.Snapshot(ctx)
}

// gatedAnswerer holds every answer at a gate, then answers as the
// extractive answerer would say "nothing": the limiter test needs only the
// holding.
type gatedAnswerer struct{ g *gate }

func (a gatedAnswerer) Answer(ctx context.Context, ev *app.Evidence) (*app.Answer, error) {
	if err := a.g.pass(ctx); err != nil {
		return nil, err
	}
	return &app.Answer{Answer: app.InsufficientEvidence, Citations: []app.Citation{}, Sources: []app.SourceRef{}}, nil
}

// stages records the stages each question reported.
type stages struct {
	mu  sync.Mutex
	got map[int][]app.Stage
}

func (s *stages) of(i int) app.Progress {
	return func(st app.Stage) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.got[i] = append(s.got[i], st)
	}
}

// waiting returns the questions whose latest stage is queued.
func (s *stages) waiting() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int
	for i, list := range s.got {
		if len(list) > 0 && list[len(list)-1] == app.StageQueued {
			out = append(out, i)
		}
	}
	return out
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestLimiter proves the bounds of docs/design.md §7: with six questions at
// once, at most two retrievals and two completions run together, the rest
// report "queued", and a queued question can be cancelled without running.
func TestLimiter(t *testing.T) {
	db := openDB(t)
	addDoc(t, db, doc{id: "a", title: "Lighthouse", order: []string{""}, sections: map[string][]string{"": {"The lamp is lit at dusk."}}})
	for _, phase := range []string{"Retrieval", "Completion"} {
		t.Run(phase, func(t *testing.T) {
			retrieval, completion := newGate(), newGate()
			if phase == "Completion" {
				close(retrieval.open) // retrievals pass; answers are held
			}
			var n atomic.Int32
			r := retrieve.NewResearch(gatedLibrary{db, retrieval}, gatedAnswerer{completion}, func() string { return fmt.Sprint(phase, n.Add(1)) })
			r.Limiter = retrieve.NewLimiter(retrieve.MaxRetrievals, retrieve.MaxCompletions)
			st := &stages{got: map[int][]app.Stage{}}
			const questions = 6
			errs := make([]chan error, questions)
			cancels := make([]context.CancelFunc, questions)
			for i := 0; i < questions; i++ {
				ctx, cancel := context.WithCancel(context.Background())
				cancels[i] = cancel
				errs[i] = make(chan error, 1)
				go func() {
					_, _, _, err := r.AskWith(ctx, app.Question{Text: "When is the lamp lit?"}, retrieve.AskOptions{Progress: st.of(i)})
					errs[i] <- err
				}()
			}
			held := retrieval
			if phase == "Completion" {
				held = completion
			}
			// Two get in; the other four queue.
			waitFor(t, "two running and four queued", func() bool { return held.in.Load() == 2 && len(st.waiting()) == 4 })
			time.Sleep(50 * time.Millisecond) // room for a third to slip in, were the bound broken
			if got := held.in.Load(); got != 2 {
				t.Fatalf("%d running at once, want 2", got)
			}
			// Cancel one queued question: it fails as cancelled, never having run.
			queued := st.waiting()[0]
			cancels[queued]()
			if err := <-errs[queued]; app.ErrorCode(err) != app.ECancelled {
				t.Fatalf("cancelled question: %v", err)
			}
			close(held.open)
			if phase == "Retrieval" {
				close(completion.open)
			}
			for i := range errs {
				if i == queued {
					continue
				}
				if err := <-errs[i]; err != nil {
					t.Errorf("question %d: %v", i, err)
				}
			}
			if p := held.peak.Load(); p != 2 {
				t.Fatalf("peak %d at once, want 2", p)
			}
			if len(held.entered) != questions-1 {
				t.Fatalf("%d questions reached the held stage, want %d (the cancelled one never)", len(held.entered), questions-1)
			}
		})
	}
}

// TestCancelWhileRetrieving: a question cancelled while it finds evidence
// fails as cancelled, not as an internal error.
func TestCancelWhileRetrieving(t *testing.T) {
	db := openDB(t)
	addDoc(t, db, doc{id: "a", title: "Lighthouse", order: []string{""}, sections: map[string][]string{"": {"The lamp is lit at dusk."}}})
	g := newGate()
	r := retrieve.NewResearch(gatedLibrary{db, g}, gatedAnswerer{newGate()}, func() string { return "x" })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := r.Ask(ctx, app.Question{Text: "When is the lamp lit?"})
		done <- err
	}()
	<-g.entered
	cancel()
	if err := <-done; app.ErrorCode(err) != app.ECancelled {
		t.Fatalf("err = %v", err)
	}
}

// panickingAnswerer fails as a defective rule would, on any evidence.
type panickingAnswerer struct{}

func (panickingAnswerer) Answer(ctx context.Context, ev *app.Evidence) (*app.Answer, error) {
	var rows []int
	_ = rows[len(ev.Question.Text)] // index out of range
	return nil, nil
}

// An answerer that panics fails its question with an internal error; the
// process holding it — the window, the server — goes on.
func TestAnswererPanicFailsTheQuestion(t *testing.T) {
	db := openDB(t)
	addDoc(t, db, doc{id: "a", title: "Lighthouse", order: []string{""}, sections: map[string][]string{"": {"The lamp is lit at dusk."}}})
	r := retrieve.NewResearch(db, panickingAnswerer{}, func() string { return "t" })
	ans, err := r.Ask(context.Background(), app.Question{Text: "When is the lamp lit?"})
	if err == nil || app.ErrorCode(err) != app.EInternal || ans != nil {
		t.Fatalf("answer %+v, error %v; want an internal error", ans, err)
	}
	if !strings.Contains(err.Error(), "answerer failed") {
		t.Errorf("error %q does not say the answerer failed", err)
	}
}
