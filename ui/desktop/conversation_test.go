package desktop

import (
	"context"
	"sync"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// convResearch answers through conversations, refusing a conversation
// without consent when sensitive is set, as the real Research does when
// Confidential documents are in scope of a remote provider.
type convResearch struct {
	mu        sync.Mutex
	sensitive bool
	convs     []*fakeConv
}

func (r *convResearch) Ask(context.Context, app.Question) (*app.Answer, error) {
	panic("the drawer asked outside its conversation")
}

func (r *convResearch) Replay(context.Context, string) ([]byte, error) { return nil, nil }

func (r *convResearch) StartConversation(scope app.Scope) app.Conversation {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := &fakeConv{r: r, scope: scope}
	r.convs = append(r.convs, c)
	return c
}

func (r *convResearch) conversations() []*fakeConv {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*fakeConv(nil), r.convs...)
}

type fakeConv struct {
	r       *convResearch
	scope   app.Scope
	mu      sync.Mutex
	asked   []string
	consent bool
	cleared bool
}

func (c *fakeConv) Ask(_ context.Context, text string, _ app.Preset, _ app.Progress) (*app.Answer, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked = append(c.asked, text)
	if c.r.sensitive && !c.consent {
		return nil, app.Errorf(app.EConsentRequired, "1 document in scope is Confidential.")
	}
	return twoCitationAnswer(), nil
}

func (c *fakeConv) questions() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.asked...)
}

func (c *fakeConv) Turns() []app.Turn  { return nil }
func (c *fakeConv) Clear()             { c.mu.Lock(); c.cleared = true; c.consent = false; c.mu.Unlock() }
func (c *fakeConv) SetScope(app.Scope) {}
func (c *fakeConv) SetConsent(ok bool) { c.mu.Lock(); c.consent = ok; c.mu.Unlock() }
func (c *fakeConv) Receiver() string   { return "llama3.2 at localhost:11434" }

func newConvUI(t *testing.T, research *convResearch) (*UI, *uiLoop) {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("Archivist")
	t.Cleanup(w.Close)
	loop := &uiLoop{}
	u := newUI(a, w, Services{Library: &fakeLibrary{}, Research: research}, loop.do)
	t.Cleanup(u.Close)
	return u, loop
}

func TestFollowUpsShareAConversationUntilCleared(t *testing.T) {
	research := &convResearch{}
	u, loop := newConvUI(t, research)
	ask := func(q string) {
		u.ask(q)
		loop.waitFor(t, "the answer to "+q, func() bool { return !u.asking })
	}
	ask("What was the revenue?")
	ask("And the year before?")
	convs := research.conversations()
	if len(convs) != 1 || len(convs[0].questions()) != 2 {
		t.Fatalf("two questions in a row: %d conversations, want one holding both", len(convs))
	}
	u.drawer.resetTranscript() // Clear
	if !convs[0].cleared {
		t.Error("Clear left the conversation (and its consent) alive")
	}
	ask("What was the revenue?")
	u.drawer.setScope(app.Scope{DocumentIDs: []string{"d1"}})
	ask("What was the revenue?")
	convs = research.conversations()
	if len(convs) != 3 {
		t.Fatalf("after Clear and a scope change: %d conversations, want 3", len(convs))
	}
	if got := convs[2].scope.DocumentIDs; len(got) != 1 || got[0] != "d1" {
		t.Errorf("the new scope's conversation has scope %v", got)
	}
}

func TestConsentIsAskedAndTheQuestionAskedAgain(t *testing.T) {
	research := &convResearch{sensitive: true}
	u, loop := newConvUI(t, research)
	u.ask("What is in the confidential memo?")
	loop.waitFor(t, "the consent dialog", func() bool { return u.win.Canvas().Overlays().Top() != nil })
	var yes *widget.Button
	loop.waitFor(t, "the dialog's buttons", func() bool {
		for _, b := range findAll[*widget.Button](u.win.Canvas().Overlays().Top()) {
			if b.Text == "Yes" {
				yes = b
			}
		}
		return yes != nil
	})
	test.Tap(yes)
	loop.waitFor(t, "the question asked again", func() bool {
		convs := research.conversations()
		return len(convs) == 1 && len(convs[0].questions()) == 2 && !u.asking
	})
	last := u.drawer.turns[len(u.drawer.turns)-1]
	if last.answer == nil {
		t.Errorf("after consent the question has no answer")
	}
}
