package app

import "context"

// SearchSort orders ranked search results.
type SearchSort string

// The orders: relevance (best match first; for a query without words,
// newest first), or by date (the created date, else the imported date).
const (
	SortRelevance SearchSort = "relevance"
	SortNewest    SearchSort = "newest"
	SortOldest    SearchSort = "oldest"
)

// SearchRequest is one page of a ranked search.
type SearchRequest struct {
	Query  string // in the search language (see store/query)
	Sort   SearchSort
	Offset int // results skipped, for paging
	Limit  int // results returned; 0 means 20
}

// SearchResult is one document of a ranked search.
type SearchResult struct {
	DocumentID string
	Title      string
	Format     Format
	// Snippet is the best-matching passage's best window, the query's
	// words wrapped in SnippetMarkStart / SnippetMarkEnd.
	Snippet string
	Pages   []int   // pages of the best-matching passages, ascending; empty without pages
	Section string  // the best-matching passage's heading path, " › " between levels; "" when none
	Score   float64 // higher is better; 0 for a query without words
	Created string  // YYYY-MM-DD or ""
	Meta    DocumentMeta
	// Sensitivity is the document's level, so a shell can keep
	// Confidential and Restricted text where it belongs.
	Sensitivity Sensitivity
}

// Snippet marks: private-use characters, never in imported text.
const (
	SnippetMarkStart = "\uE000"
	SnippetMarkEnd   = "\uE001"
)

// Facet names, in the order they are shown.
var FacetNames = []string{"type", "correspondent", "tag", "year", "format", "sensitivity", "folder"}

// SearchResults is a page of results, how many there are in all, and the
// facets of all of them: per facet name, each value's document count.
type SearchResults struct {
	Total   int
	Results []SearchResult
	Facets  map[string]map[string]int
}

// Searcher runs ranked searches. A malformed query is an EInvalid error
// whose message says where the problem is.
type Searcher interface {
	SearchDocuments(ctx context.Context, req SearchRequest) (*SearchResults, error)
	// SearchDocumentIDs returns every document a query matches, best
	// first: a search as a question's scope.
	SearchDocumentIDs(ctx context.Context, query string) ([]string, error)
	// SearchCitation says where a result opens: its best passage as a
	// citation with the query's words highlighted.
	SearchCitation(ctx context.Context, documentID, query string) (*Citation, error)
}

// MaxSnapshotView bounds the documents a snapshot view keeps (the design's
// limit; an answer's evidence holds at most MaxSources).
const MaxSnapshotView = 100

// View is a saved search: live (Query, run again whenever it is opened)
// or a snapshot (DocumentIDs, at most MaxSnapshotView, e.g. the documents
// under an answer's evidence).
type View struct {
	ID          string
	Name        string
	Query       string   // live views
	DocumentIDs []string // snapshot views
}

// Live reports whether the view is a saved query.
func (v View) Live() bool { return len(v.DocumentIDs) == 0 }

// Views keeps the saved views, in the person's order.
type Views interface {
	Views(ctx context.Context) ([]View, error)
	// SaveView saves a live view (query) or, with ids, a snapshot; a name
	// already used (ignoring case) is a conflict.
	SaveView(ctx context.Context, name, query string, ids []string) (View, error)
	RenameView(ctx context.Context, id, name string) error
	DeleteView(ctx context.Context, id string) error
	// MoveView puts a view at position (0 first) in the list.
	MoveView(ctx context.Context, id string, position int) error
}
