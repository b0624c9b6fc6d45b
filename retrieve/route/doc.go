// Package route finds evidence the way a person reads an archive: from the
// library menu to documents, then sections, keeping a beam of the best
// routes, each step one calibrated choice (with a real "none of these") by
// a decision provider (retrieve/jev). The passages reached are scored for
// usefulness on a four-level rubric until one is clearly useful or the set
// covers the question, within the design's budgets (Limits).
//
// Besides the outline, every document offers a statistics branch (page,
// word, figure, table and caption counts), the FTS5 candidates seed a
// direct branch, and a useful passage's cross-references ("see Note 7")
// are followed. The Trace records every edge and score for `ask --trace`
// and `eval --details`.
//
// Files follow the walk: route.go (the router, its limits and one walk's
// state), terms.go (the question's concepts and their weights), beam.go
// (expanding and keeping the best routes), route_doc.go (a document's
// structure and the candidates it yields), route_menu.go (menus),
// excerpt.go (what an entry quotes), profile.go (the search profile the import stored: outline,
// captions, acronyms, years), score.go (usefulness and assembly),
// branch.go (direct, statistics and cross-reference branches), trace.go,
// cost.go (what keeps a question's work bounded in a large library).
//
// The statistics branch counts numbered captions and abbreviations from
// the stored profile (app.NumberedCaption is the one definition), so
// "Figure 2.1" and "Figure 2.2" are two figures.
package route
