package retrieve

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"archivist/app"
	"archivist/app/lang"
	"archivist/retrieve/answer"
	"archivist/retrieve/fts"
	"archivist/retrieve/route"
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
	Library Library
	// NewToken makes trace tokens; tests make them predictable.
	NewToken func() string
	// Upgrade, when set, runs before each question's snapshot: it brings
	// documents whose passages an older builder made up to date.
	Upgrade func(ctx context.Context) error
	// Limiter bounds the retrievals and completions running at once; nil
	// means the one the whole process shares (docs/design.md §7).
	Limiter *Limiter
	// Log, when set, receives one record per question with counts, sizes,
	// durations and a fixed outcome — never a question, title or text.
	Log *slog.Logger
	// Cited, when set, adds to an answer's citations what the library
	// knows of their pages (that OCR read them, and how surely).
	Cited func(ctx context.Context, cs []app.Citation)
	// Figures, when set, cuts figures out of their pages for providers
	// that see images; without it every provider reads text alone.
	Figures app.FigureCropper

	// mu guards the providers once questions may be running: Use and
	// SetProviders change them, and each question reads them once, at its
	// start.
	mu sync.RWMutex
	pv providers
}

// providers are what one question uses, read once at its start.
type providers struct {
	answerer  answer.Answerer
	router    *route.Router // nil: the FTS5 pass alone
	receivers app.Receivers
}

// Use makes the questions that start from now on use p; questions already
// running finish with the providers they started with. The window's
// settings and the command line's flags reach Research through it.
func (r *Research) Use(p *Providers) {
	r.SetProviders(p.answerer, p.router, p.receivers.Decision)
}

// SetProviders replaces the answerer and the router (nil: the FTS5 pass
// alone) and names the router's decision provider when it is not local.
// NewProviders builds what a person configured; this is for tests and for
// tools that measure one part alone.
func (r *Research) SetProviders(a answer.Answerer, router *route.Router, decisionReceiver string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pv = providers{answerer: a, router: router,
		receivers: app.Receivers{Answer: answer.Describe(a), Decision: decisionReceiver}}
}

func (r *Research) providers() providers {
	r.mu.RLock()
	defer r.mu.RUnlock()
	pv := r.pv
	// The answerer says where it sends evidence as it is now.
	pv.receivers.Answer = answer.Describe(pv.answerer)
	return pv
}

// MaxQuestionChars bounds a question.
const MaxQuestionChars = 4000

// NewResearch returns a Research over lib using ans.
// Without Use or SetProviders its evidence comes from the FTS5 pass alone.
func NewResearch(lib Library, ans answer.Answerer, newToken func() string) *Research {
	r := &Research{Library: lib, NewToken: newToken}
	r.SetProviders(ans, nil, "")
	return r
}

// AskOptions are what a question carries besides itself.
type AskOptions struct {
	// History holds the conversation's earlier successful turns, oldest
	// first; the answerer sends the newest that fit its bounds
	// (answer.BoundHistory). Their text is never evidence.
	History []answer.Turn
	// Progress, when set, hears the question's stages.
	Progress app.Progress
	// Follows is the trace token of the answer this question follows up.
	Follows string
	// FTSOnly gathers evidence by the FTS5 candidate pass alone, without
	// routing (`eval --retrieval fts`).
	FTSOnly bool
	// Evidence, when set, sees the question's evidence and trace (nil for
	// the FTS5 pass) before it is answered: what eval measures.
	Evidence func(*app.Evidence, *route.Trace)
}

// Ask answers q and stores the answer under its trace token.
func (r *Research) Ask(ctx context.Context, q app.Question) (*app.Answer, error) {
	ans, _, _, err := r.AskWith(ctx, q, AskOptions{})
	return ans, err
}

// Receivers names what receives evidence with the providers in use.
func (r *Research) Receivers() app.Receivers { return r.providers().receivers }

// Receiver is Receivers as an answer's provider field has it, "" when
// nothing leaves this computer.
func (r *Research) Receiver() string { return strings.Join(r.Receivers().List(), "; ") }

// questionLog is what the log may hear of a question: counts, sizes,
// durations, a fixed outcome.
type questionLog struct {
	outcome       string
	sources       int
	evidenceBytes int
	citations     int
	carried       int
	history       int
	retrieve      time.Duration
	answer        time.Duration
}

// AskWith answers q with opts: evidence read through one snapshot while
// holding a retrieval slot, the privacy checks, the answer while holding a
// completion slot, then the answer stored under its trace token.
func (r *Research) AskWith(ctx context.Context, q app.Question, opts AskOptions) (ans *app.Answer, body []byte, tr *route.Trace, err error) {
	lg := questionLog{history: len(opts.History)}
	// Stages reach both the caller's callback and a progress function the
	// context carries (the window's drawer).
	progress := opts.Progress
	opts.Progress = func(s app.Stage) {
		if progress != nil {
			progress(s)
		}
		app.ReportProgress(ctx, app.AskProgress{Stage: s})
	}
	began := time.Now()
	defer func() {
		if r.Log == nil {
			return
		}
		lg.outcome = "ok"
		if err != nil {
			lg.outcome = app.ErrorCode(err)
		} else if !ans.Sufficient {
			lg.outcome = "insufficient"
		}
		r.Log.Info("question", "outcome", lg.outcome, "sources", lg.sources, "evidence_bytes", lg.evidenceBytes,
			"citations", lg.citations, "carried_sources", lg.carried, "history_turns", lg.history,
			"retrieve_ms", lg.retrieve.Milliseconds(), "answer_ms", lg.answer.Milliseconds(),
			"total_ms", time.Since(began).Milliseconds())
	}()
	q.Text = strings.TrimSpace(q.Text)
	if q.Text == "" {
		return nil, nil, nil, app.Errorf(app.EInvalid, "Type a question first.")
	}
	if len([]rune(q.Text)) > MaxQuestionChars {
		return nil, nil, nil, app.Errorf(app.EInvalid, "The question is too long (at most %d characters).", MaxQuestionChars)
	}
	if len(q.Scope.DocumentIDs) > app.MaxSelectedDocuments && q.Scope.FolderID == "" && !q.Scope.FromQuery { // a folder or a search has no limit
		return nil, nil, nil, app.Errorf(app.EInvalid, "A question can be scoped to at most %d documents; %d are selected.",
			app.MaxSelectedDocuments, len(q.Scope.DocumentIDs))
	}
	pv := r.providers()
	if opts.FTSOnly {
		pv.router = nil
	}
	limiter := r.Limiter
	if limiter == nil {
		limiter = processLimiter
	}
	release, err := limiter.Retrieval(ctx, opts.Progress)
	if err != nil {
		return nil, nil, nil, err
	}
	var figs *figures
	if r.Figures != nil {
		figs = newFigures(r.Figures, r.Library, q)
	}
	t0 := time.Now()
	ev, tr, err := r.evidence(ctx, pv, q, figs, &lg)
	lg.retrieve = time.Since(t0)
	release()
	if err != nil {
		if ctx.Err() != nil {
			err = cancelled()
		}
		return nil, nil, nil, err
	}
	if opts.Evidence != nil {
		opts.Evidence(ev, tr)
	}
	lg.sources = len(ev.Sources)
	for _, s := range ev.Sources {
		lg.evidenceBytes += len(s.Text)
	}
	if err := checkAnswerConsent(pv, ev, q); err != nil {
		return nil, nil, nil, err
	}
	notes, shown := attachPictures(ctx, pv.answerer, ev, figs)
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, cancelled()
	}
	release, err = limiter.Completion(ctx, opts.Progress)
	if err != nil {
		return nil, nil, nil, err
	}
	t0 = time.Now()
	ans, err = answerWith(ctx, pv.answerer, ev, opts.History)
	lg.answer = time.Since(t0)
	release()
	if err != nil {
		if ctx.Err() != nil {
			err = cancelled()
		}
		return nil, nil, nil, err
	}
	lg.citations = len(ans.Citations)
	ans.Verdict = app.VerdictOf(ans)
	if r.Cited != nil {
		r.Cited(ctx, ans.Citations)
	}
	ans.Question = q.Text
	ans.TraceToken = r.NewToken()
	ans.Follows = opts.Follows
	ans.Dates = ev.Dates
	if len(ev.Sources) > 0 {
		ans.Provider = strings.Join(pv.receivers.List(), "; ")
	}
	// Notes: the decision provider's (also among the trace's lines), then
	// the answer's pictures', then the answer model's (a refusal of them).
	refusedNotes := ans.Notes
	answerNotes := append(notes, refusedNotes...)
	ans.Notes = nil
	if tr != nil {
		ans.Notes = append(ans.Notes, tr.Notes...)
	}
	ans.Notes = append(ans.Notes, answerNotes...)
	ans.Why = append(tr.Explain(), answerNotes...)
	if shown > 0 && len(refusedNotes) == 0 {
		ans.Why = append(ans.Why, fmt.Sprintf("The answer model was shown %d %s cut from the sources' pages.", shown, plural(shown, "figure", "figures")))
	}
	if lg.carried > 0 {
		ans.Why = append(ans.Why, fmt.Sprintf("Carried over from the previous answer: %d cited sources, reloaded from the library as it is now.", lg.carried))
	}
	body, err = json.MarshalIndent(ans, "", "  ")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("retrieve: encode answer: %w", err)
	}
	body = append(body, '\n')
	if err := r.Library.SaveAnswer(ctx, ans.TraceToken, body); err != nil {
		return nil, nil, nil, err
	}
	if opts.Progress != nil {
		opts.Progress(app.StageDone)
	}
	return ans, body, tr, nil
}

// answerWith asks a, passing the history when a answers conversations.
//
// An answerer that fails on one question's evidence — a defect in a rule
// that met text it did not expect — fails that question with an error
// and its stack in the log, not the window or the server holding it.
func answerWith(ctx context.Context, a answer.Answerer, ev *app.Evidence, history []answer.Turn) (ans *app.Answer, err error) {
	defer func() {
		if v := recover(); v != nil {
			slog.Error("the answerer failed", "question", ev.Question.Text, "panic", v, "stack", string(debug.Stack()))
			ans, err = nil, app.Errorf(app.EInternal, "the answerer failed on this question (%v); the evidence is unchanged — please report it", v)
		}
	}()
	if h, ok := a.(answer.HistoryAnswerer); ok && len(history) > 0 {
		return h.AnswerWithHistory(ctx, ev, history)
	}
	return a.Answer(ctx, ev)
}

// evidence gathers q's evidence through one snapshot: by routing when a
// Router is set, else by the FTS5 candidate pass; then the follow-up's
// carried sources, and every source's sensitivity as the snapshot has it.
func (r *Research) evidence(ctx context.Context, pv providers, q app.Question, figs *figures, lg *questionLog) (*app.Evidence, *route.Trace, error) {
	if r.Upgrade != nil {
		if err := r.Upgrade(ctx); err != nil {
			return nil, nil, err
		}
	}
	snap, err := r.Library.Snapshot(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer snap.Close()
	snap.HidePictures(!lang.PointsAtPicture(q.Text))
	if q.Scope.FolderID != "" || q.Scope.Query != "" {
		var empty bool
		if q, empty, err = resolveScope(ctx, snap, q); err != nil {
			return nil, nil, err
		} else if empty {
			// A folder holding nothing ready answers from nothing; an empty
			// list of documents would mean the whole library.
			return nil, nil, app.Errorf(app.ENoEvidence,
				"No document in the scope (%s) can be evidence yet: file documents there, wait for their imports to finish, or widen the scope.", q.Scope.Describe())
		}
	}
	docs, err := snap.ReadyDocuments(ctx, q.Scope.DocumentIDs)
	if err != nil {
		return nil, nil, fmt.Errorf("retrieve: scope: %w", err)
	}
	if len(docs) == 0 {
		where := "the library"
		if !q.Scope.All() {
			where = "the scope (" + q.Scope.Describe() + ")"
		}
		return nil, nil, app.Errorf(app.ENoEvidence,
			"No document in %s can be evidence yet: import documents, wait for their imports to finish, or widen the scope.", where)
	}
	if err := checkJudgeConsent(pv, docs, q); err != nil {
		return nil, nil, err
	}
	var ev *app.Evidence
	var tr *route.Trace
	byID := make(map[string]app.Document, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	var pics route.Pictures
	if figs != nil {
		figs.read = byID
		pics = figs
	}
	if pv.router != nil {
		ev, tr, err = pv.router.GatherSeeing(ctx, snap, q, pics)
	} else {
		ev, err = fts.Gather(ctx, snap, q)
	}
	if err != nil {
		return nil, nil, err
	}
	if lg.carried, err = carry(ctx, snap, ev, q.FollowUp, byID); err != nil {
		return nil, nil, err
	}
	for i := range ev.Sources {
		d, ok := byID[ev.Sources[i].DocumentID]
		if !ok {
			// Not in scope as read: it cannot be, but if it were, guard it
			// as closely as possible.
			d.Sensitivity = app.SensitivityRestricted
		}
		ev.Sources[i].Sensitivity = d.Sensitivity
	}
	if err := attachFacts(ctx, snap, ev, time.Now().Format(time.DateOnly)); err != nil {
		return nil, nil, err
	}
	if err := attachAbbreviations(ctx, snap, ev); err != nil {
		return nil, nil, err
	}
	return ev, tr, nil
}

// checkJudgeConsent refuses a question whose scope holds Confidential or
// Restricted documents when a decision provider other than the local one
// would read their titles, outlines and passages, unless the conversation
// consented.
func checkJudgeConsent(pv providers, docs []app.Document, q app.Question) error {
	if q.Consent || pv.router == nil || pv.router.Provider == nil || pv.router.Provider.Name() == "local" {
		return nil
	}
	n := 0
	for _, d := range docs {
		if d.Sensitivity.NeedsConsent() {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return app.Errorf(app.EConsentRequired,
		"%d %s in scope %s Confidential or Restricted, and the %s decision provider would read %s. Consent to sending them for this conversation, narrow the scope, or use the local decision provider.",
		n, plural(n, "document", "documents"), plural(n, "is", "are"), pv.router.Provider.Name(), plural(n, "it", "them"))
}

// checkAnswerConsent refuses to send Confidential or Restricted evidence to
// an answerer that sends evidence anywhere, unless the conversation
// consented. The extractive answerer never sends anything.
func checkAnswerConsent(pv providers, ev *app.Evidence, q app.Question) error {
	recv := pv.receivers.Answer
	if q.Consent || recv == "" {
		return nil
	}
	n := 0
	for _, s := range ev.Sources {
		if s.Sensitivity.NeedsConsent() {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return app.Errorf(app.EConsentRequired,
		"%d of the %d sources found %s Confidential or Restricted, and the answer would send %s to %s. Consent to sending them for this conversation, narrow the scope, or use the offline answerer.",
		n, len(ev.Sources), plural(n, "is", "are"), plural(n, "it", "them"), recv)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Replay returns the stored JSON of an earlier answer, byte for byte.
func (r *Research) Replay(ctx context.Context, token string) ([]byte, error) {
	return r.Library.Answer(ctx, token)
}

// resolveScope turns a folder scope and a query scope into the documents
// filed in the folder and below it and the documents the query finds, as
// snap sees them, intersected with each other and with any document list
// the scope also names. empty reports that none remain.
func resolveScope(ctx context.Context, snap *store.Snapshot, q app.Question) (app.Question, bool, error) {
	ids := q.Scope.DocumentIDs
	narrow := func(found []string) {
		if ids == nil {
			ids = found
			return
		}
		keep := map[string]bool{}
		for _, id := range ids {
			keep[id] = true
		}
		both := []string{}
		for _, id := range found {
			if keep[id] {
				both = append(both, id)
			}
		}
		ids = both
	}
	if len(ids) == 0 {
		ids = nil
	}
	if q.Scope.FolderID != "" {
		found, err := snap.FolderDocumentIDs(ctx, q.Scope.FolderID)
		if err != nil {
			return q, false, err
		}
		narrow(found)
	}
	if q.Scope.Query != "" {
		found, err := snap.ViewDocumentIDs(ctx, app.View{Query: q.Scope.Query})
		if err != nil {
			return q, false, err
		}
		narrow(found)
	}
	q.Scope.DocumentIDs = ids
	return q, len(ids) == 0, nil
}
