package retrieve

import (
	"context"
	"strings"

	"archivist/app"
	"archivist/retrieve/answer"
)

// Evidence finds q's evidence without answering it: the same checks,
// snapshot, scope, sensitivity and routing as AskWith, holding a retrieval
// slot of the same limiter, but no answerer is called. It serves the local
// API's /v1/query and the MCP server's get_evidence.
//
// The consent check of the decision provider applies (it reads the
// documents); what the caller does with the returned text is its own
// concern: each source carries its Sensitivity.
func (r *Research) Evidence(ctx context.Context, q app.Question) (*app.Evidence, error) {
	q.Text = strings.TrimSpace(q.Text)
	if q.Text == "" {
		return nil, app.Errorf(app.EInvalid, "Type a question first.")
	}
	if len([]rune(q.Text)) > MaxQuestionChars {
		return nil, app.Errorf(app.EInvalid, "The question is too long (at most %d characters).", MaxQuestionChars)
	}
	if len(q.Scope.DocumentIDs) > app.MaxSelectedDocuments && q.Scope.FolderID == "" && !q.Scope.FromQuery { // a folder or a search has no limit
		return nil, app.Errorf(app.EInvalid, "A question can be scoped to at most %d documents; %d are selected.",
			app.MaxSelectedDocuments, len(q.Scope.DocumentIDs))
	}
	pv := r.providers()
	limiter := r.Limiter
	if limiter == nil {
		limiter = processLimiter
	}
	release, err := limiter.Retrieval(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer release()
	var lg questionLog
	ev, _, err := r.evidence(ctx, pv, q, nil, &lg)
	if err != nil && ctx.Err() != nil {
		return nil, cancelled()
	}
	return ev, err
}

// AnswersGoTo marks the answers of the questions that start from now on as
// sent to client (an MCP client) besides whatever the answerer itself sends
// out: the consent rule for Confidential and Restricted sources then applies
// to the client as to a model, and answers name it among their receivers.
func (r *Research) AnswersGoTo(client string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pv.answerer = sentTo{Answerer: r.pv.answerer, client: client}
}

// sentTo is an answerer whose answers leave Archivist for client.
type sentTo struct {
	answer.Answerer
	client string
}

// Describe names who receives the evidence, for the answer's provider field
// and the consent message.
func (s sentTo) Describe() string {
	if d := answer.Describe(s.Answerer); d != "" {
		return d + "; " + s.client
	}
	return s.client
}

// AnswerWithHistory passes a conversation on when the answerer hears one.
func (s sentTo) AnswerWithHistory(ctx context.Context, ev *app.Evidence, history []answer.Turn) (*app.Answer, error) {
	return answerWith(ctx, s.Answerer, ev, history)
}
