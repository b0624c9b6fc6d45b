// Package retrieve is the question service: Research takes a question,
// resolves its scope inside one read snapshot, checks consent, gathers
// evidence (tree routing in retrieve/route, or the FTS5 pass alone in
// retrieve/fts), hands it to the answerer, and stores the answer for
// replay. A Conversation carries the sources of one drawer's answers into
// its follow-ups; the Limiter bounds how many questions search and how many
// wait for a model at once.
//
// The pipeline, in order:
//
//	retrieve        Research.Ask: scope, consent, limiter, replay store
//	retrieve/fts    the FTS5 candidate pass: terms, candidate budget, windows, presets
//	retrieve/route  tree routing and scoring over the library's outline
//	retrieve/answer the answerers (extractive offline, OpenAI-compatible) and the citation contract
//	retrieve/eval   question sets and hit@k, for the eval and bench commands
package retrieve
