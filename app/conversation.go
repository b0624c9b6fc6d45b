package app

import "context"

// Stage is where a question is: waiting for a free slot, finding
// evidence, or waiting for the answer (docs/design.md §7 allows 2 retrievals and
// 2 completions at once; more questions queue).
type Stage string

// The stages a question moves through, in order.
const (
	StageQueued     Stage = "queued"
	StageRetrieving Stage = "retrieving"
	StageAnswering  Stage = "answering"
	StageDone       Stage = "done"
)

// Progress reports a running question's stage; a UI shows it and offers
// to cancel (by cancelling the question's context).
type Progress func(Stage)

// Turn is one question of a conversation with its outcome: Answer when it
// succeeded, Err when it failed or was cancelled. Only successful turns are
// history for the next question.
type Turn struct {
	Question string
	Answer   *Answer
	Err      error
}

// MaxTurns is how many turns a conversation keeps for the drawer.
const MaxTurns = 20

// Conversation is a series of questions in one scope, where each follow-up
// carries the sources the previous answer cited. Clear, a new scope or a
// new provider starts it over and withdraws consent.
type Conversation interface {
	// Ask asks a question in the conversation's scope and records the
	// turn. progress may be nil.
	Ask(ctx context.Context, text string, preset Preset, progress Progress) (*Answer, error)
	// Turns returns the kept turns, oldest first.
	Turns() []Turn
	// Clear forgets every turn and the consent.
	Clear()
	// SetScope changes the scope; a different one clears the conversation.
	SetScope(s Scope)
	// SetConsent records (or withdraws) consent to send Confidential and
	// Restricted text to the configured providers, for this conversation.
	// A question that failed with EConsentRequired can be asked again once
	// the person consents.
	SetConsent(ok bool)
	// Receiver names the model or endpoint that receives evidence, or ""
	// when everything stays on this computer.
	Receiver() string
}

// Conversations starts conversations. A Research that supports follow-ups
// implements it; a UI type-asserts its Research to find out.
type Conversations interface {
	StartConversation(scope Scope) Conversation
}
