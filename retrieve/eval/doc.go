// Package eval measures retrieval on a question set: it reads the sets'
// JSON lines, ranks the page ranges of a question's evidence, finds the
// first rank holding a gold page, and summarises hit@k, the share of
// unanswerable questions answered as insufficient, and latency. The eval
// and bench commands use it; nothing here is in a question's path.
package eval
