package retrieve

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/route"
)

// Conversation is a series of questions in one scope (docs/design.md §6). Each
// follow-up carries the sources the previous successful answer cited,
// reloaded inside the new question's snapshot; the newest complete turns
// go to the answerer as history within its bounds; failed and cancelled
// turns are shown but never history. Clear, a new scope or a new provider
// (a change of Research's receivers) starts over and withdraws consent to
// send Confidential and Restricted text.
//
// It implements app.Conversation. Its methods may be called from any
// goroutine; a question asked while another runs sees the turns as they
// were when it started.
type Conversation struct {
	r *Research

	mu        sync.Mutex
	scope     app.Scope
	consent   bool
	receivers app.Receivers // what the turns were asked with
	turns     []app.Turn
	last      *app.Answer // the newest successful answer
	gen       int         // bumped by every reset: a question begun before it is not recorded
}

var _ app.Conversation = (*Conversation)(nil)

// NewConversation starts a conversation in scope.
func (r *Research) NewConversation(scope app.Scope) *Conversation {
	return &Conversation{r: r, scope: scope, receivers: r.Receivers()}
}

// StartConversation implements app.Conversations.
func (r *Research) StartConversation(scope app.Scope) app.Conversation {
	return r.NewConversation(scope)
}

var _ app.Conversations = (*Research)(nil)

// Ask asks text as the next question of the conversation, reporting its
// stages to progress (which may be nil); cancel ctx to cancel it, queued or
// running. The turn is recorded whatever the outcome.
func (c *Conversation) Ask(ctx context.Context, text string, preset app.Preset, progress app.Progress) (*app.Answer, error) {
	ans, _, _, err := c.AskWith(ctx, text, preset, AskOptions{Progress: progress})
	return ans, err
}

// AskWith is Ask that also returns the answer's stored JSON and how its
// evidence was found; opts gives progress and measurement hooks (its
// History and Follows are the conversation's own).
func (c *Conversation) AskWith(ctx context.Context, text string, preset app.Preset, opts AskOptions) (*app.Answer, []byte, *route.Trace, error) {
	c.mu.Lock()
	if recv := c.r.Receivers(); recv != c.receivers {
		c.resetLocked()
		c.receivers = recv
	}
	q := app.Question{Text: text, Scope: c.scope, Preset: preset, Consent: c.consent}
	opts.Follows = ""
	if c.last != nil {
		q.FollowUp = Carry(c.last)
		opts.Follows = c.last.TraceToken
	}
	opts.History = c.historyLocked()
	gen := c.gen
	c.mu.Unlock()

	ans, body, tr, err := c.r.AskWith(ctx, q, opts)

	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return ans, body, tr, err // cleared meanwhile: the turn belongs to a conversation that is gone
	}
	c.turns = append(c.turns, app.Turn{Question: text, Answer: ans, Err: err})
	if len(c.turns) > app.MaxTurns {
		c.turns = append([]app.Turn(nil), c.turns[len(c.turns)-app.MaxTurns:]...)
	}
	if err == nil {
		c.last = ans
	}
	return ans, body, tr, err
}

// Resume rebuilds, in scope, the conversation the stored answer token
// ends: that answer and the earlier ones it follows (through their Follows
// tokens, while the replay store still holds them) become its turns, oldest
// first, so the next question is a follow-up of token (`ask --follow-up`).
// Only the answers' questions and text return, as history; their sources
// are carried by Carry and read again from the library when asked.
func (r *Research) Resume(ctx context.Context, token string, scope app.Scope) (*Conversation, error) {
	var chain []*app.Answer
	for cur := token; cur != "" && len(chain) < app.MaxTurns; {
		body, err := r.Library.Answer(ctx, cur)
		if err != nil {
			if len(chain) > 0 && app.ErrorCode(err) == app.ENotFound {
				break // older turns aged out of the replay store
			}
			return nil, err
		}
		var a app.Answer
		if err := json.Unmarshal(body, &a); err != nil {
			return nil, fmt.Errorf("follow-up: stored answer %s: %w", cur, err)
		}
		chain = append(chain, &a)
		cur = a.Follows
	}
	c := r.NewConversation(scope)
	for i := len(chain) - 1; i >= 0; i-- {
		if chain[i].Question != "" {
			c.turns = append(c.turns, app.Turn{Question: chain[i].Question, Answer: chain[i]})
		}
	}
	c.last = chain[0]
	return c, nil
}

// historyLocked returns the successful turns as answerer history, oldest
// first; the answerer keeps the newest that fit its bounds.
func (c *Conversation) historyLocked() []answer.Turn {
	var h []answer.Turn
	for _, t := range c.turns {
		if t.Err == nil && t.Answer != nil {
			h = append(h, answer.Turn{Question: t.Question, Answer: t.Answer.Answer})
		}
	}
	return answer.BoundHistory(h)
}

// Turns returns a copy of the kept turns, oldest first.
func (c *Conversation) Turns() []app.Turn {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]app.Turn(nil), c.turns...)
}

// Clear forgets every turn and withdraws consent.
func (c *Conversation) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.resetLocked()
}

func (c *Conversation) resetLocked() {
	c.turns, c.last, c.consent = nil, nil, false
	c.gen++
}

// SetScope changes the conversation's scope; a different scope starts the
// conversation over.
func (c *Conversation) SetScope(s app.Scope) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sameScope(c.scope, s) {
		c.scope.Label = s.Label
		return
	}
	c.scope = s
	c.resetLocked()
}

func sameScope(a, b app.Scope) bool {
	if a.FolderID != b.FolderID || a.Query != b.Query || len(a.DocumentIDs) != len(b.DocumentIDs) {
		return false
	}
	seen := map[string]bool{}
	for _, id := range a.DocumentIDs {
		seen[id] = true
	}
	for _, id := range b.DocumentIDs {
		if !seen[id] {
			return false
		}
	}
	return true
}

// Scope returns the conversation's scope.
func (c *Conversation) Scope() app.Scope {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scope
}

// SetConsent records or withdraws the conversation's consent to send
// Confidential and Restricted text to the configured providers.
func (c *Conversation) SetConsent(ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.consent = ok
}

// Consent reports whether the conversation has consent.
func (c *Conversation) Consent() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.consent
}

// Receiver names the model and decision provider that receive evidence, ""
// when everything stays on this computer.
func (c *Conversation) Receiver() string { return c.r.Receiver() }
