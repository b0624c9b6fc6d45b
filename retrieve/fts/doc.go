// Package fts is the first, cheap pass over the library: a question's words
// become an FTS5 query (porter stemming, prefixes for longer words, bm25
// weighing title 4 : headings 2 : body 1), the candidate budget keeps that
// query's rarest words when the common ones would make FTS5 rank most of a
// large library, and the best passages are cut into windows that grow to
// whole sentences within each preset's character budget.
//
// Gather alone is the FTS-only evidence (`eval --retrieval fts`); the router
// in retrieve/route uses the same terms and budget to seed its walk.
package fts
