package route

// What a question costs in a large library. The library menu offers every
// document in scope, so whatever the walk reads or builds per document on
// each question grows with the library: at a million passages in eight
// thousand documents that, not the FTS5 pass, was most of a question. The
// Router keeps such per-document work between questions, keyed so a
// change of the document (its import time, its passages) or of the index
// (the index stamp) is never served stale, and bounded by memory rather
// than by a count smaller than the library.

// costCaches are the Router's caches of per-document work beyond the
// profiles and structures themselves; the Router's mutex guards them.
type costCaches struct {
	profileBytes int // size of the cached profiles (docProfile.size)
}
