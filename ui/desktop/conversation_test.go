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

// TestNewQuestionIsNotAFollowUp: a question from the omnibox starts a new
// conversation — the last answer's sources are not carried — unless the
// person chose "Follow up" on the answer or the question plainly points
// back at it.
func TestNewQuestionIsNotAFollowUp(t *testing.T) {
	research := &convResearch{}
	u, loop := newConvUI(t, research)
	ask := func(q string) {
		u.ask(q)
		loop.waitFor(t, "the answer to "+q, func() bool { return !u.asking })
	}
	ask("What was the revenue in 2023?")
	ask("Who chairs the board of trustees?")
	if n := len(research.conversations()); n != 2 {
		t.Fatalf("two unrelated questions made %d conversations, want 2", n)
	}
	last := u.drawer.turns[len(u.drawer.turns)-1]
	if last.follows.Visible() {
		t.Error("a new question is marked as a follow-up")
	}
	var follow *widget.Button
	for _, b := range findAll[*widget.Button](last.box) {
		if b.Text == "Follow up" {
			follow = b
		}
	}
	if follow == nil {
		t.Fatal("the answer offers no Follow up")
	}
	test.Tap(follow)
	if !u.omni.follow.Visible() {
		t.Error("after Follow up the omnibox does not say what it follows")
	}
	ask("Since when?")
	convs := research.conversations()
	if len(convs) != 2 || len(convs[1].questions()) != 2 {
		t.Fatalf("Follow up: %d conversations, want the second holding both questions", len(convs))
	}
	if !u.drawer.turns[len(u.drawer.turns)-1].follows.Visible() {
		t.Error("the follow-up is not marked as one")
	}
	if u.omni.follow.Visible() {
		t.Error("the follow-up note outlived the question")
	}
	ask("And in 2022?") // points back: continues without the button
	if n := len(research.conversations()); n != 2 {
		t.Errorf("“And in 2022?” started a new conversation (%d)", n)
	}
	if len(u.drawer.turns) != 4 {
		t.Errorf("the transcript holds %d turns, want all 4", len(u.drawer.turns))
	}
}

func TestPointsBack(t *testing.T) {
	for q, want := range map[string]bool{
		"And in 2022?":                                    true,
		"What about the subsidiaries?":                    true,
		"When was it signed?":                             true,
		"Who signed them?":                                true,
		"How much did it cost?":                           true,
		"What was the revenue in 2023?":                   false,
		"What is this document about?":                    false,
		"How do I make it work with httpx in async code?": false,
		"Who chairs the board?":                           false,
		"":                                                false,
	} {
		if got := pointsBack(q); got != want {
			t.Errorf("pointsBack(%q) = %v, want %v", q, got, want)
		}
	}
}
