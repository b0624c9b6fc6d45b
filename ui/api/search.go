package api

import (
	"net/http"
	"strconv"
	"strings"

	"archivist/app"
)

// MaxSearchQueryChars bounds a search query.
const MaxSearchQueryChars = 1000

// SearchResponse is the body of /v1/search.
type SearchResponse struct {
	Query     string      `json:"query"`
	Documents []SearchHit `json:"documents"`
}

// handleSearch ranks documents for ?q= (at most ?limit=, default 20).
func (s *Server) handleSearch(w http.ResponseWriter, r *http.Request) {
	if s.search == nil {
		writeError(w, app.Errorf(app.EUnsupported, "Search is not available in this server."))
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" {
		writeError(w, app.Errorf(app.EInvalid, "Give a search query as ?q=."))
		return
	}
	if len([]rune(q)) > MaxSearchQueryChars {
		writeError(w, app.Errorf(app.EInvalid, "The search query is too long (at most %d characters).", MaxSearchQueryChars))
		return
	}
	limit := 20
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxSearchResults {
			writeError(w, app.Errorf(app.EInvalid, "limit must be between 1 and %d.", MaxSearchResults))
			return
		}
		limit = n
	}
	hits, err := s.search.SearchDocuments(r.Context(), q, limit)
	if err != nil {
		writeError(w, err)
		return
	}
	if hits == nil {
		hits = []SearchHit{}
	}
	writeJSON(w, http.StatusOK, SearchResponse{Query: q, Documents: hits})
}
