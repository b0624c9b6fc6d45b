package api

import (
	"net/http"

	"archivist/app"
)

// handleReviews lists review proposals, newest first: the open ones, or
// those of the statuses ?status= names (repeatable, or "all").
func (s *Server) handleReviews(w http.ResponseWriter, r *http.Request) {
	if s.reviews == nil {
		writeError(w, app.Errorf(app.EUnsupported, "Reviews are not available in this server."))
		return
	}
	statuses, err := reviewStatuses(r.URL.Query()["status"])
	if err != nil {
		writeError(w, err)
		return
	}
	list, err := s.reviews.Proposals(r.Context(), statuses...)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Reviews []app.ReviewProposal `json:"reviews"`
	}{list})
}

// reviewStatuses reads ?status=: none means the open proposals, "all"
// every status.
func reviewStatuses(names []string) ([]app.ReviewStatus, error) {
	if len(names) == 0 {
		return []app.ReviewStatus{app.ReviewProposed}, nil
	}
	var out []app.ReviewStatus
	for _, n := range names {
		if n == "all" {
			return nil, nil
		}
		st, ok := app.ParseReviewStatus(n)
		if !ok {
			return nil, app.Errorf(app.EInvalid, "%q is not a review status: proposed, accepted, rejected, undone or all.", n)
		}
		out = append(out, st)
	}
	return out, nil
}

// handleReviewAction accepts, rejects or undoes one proposal and answers
// it as it now stands.
func (s *Server) handleReviewAction(w http.ResponseWriter, r *http.Request) {
	if s.reviews == nil {
		writeError(w, app.Errorf(app.EUnsupported, "Reviews are not available in this server."))
		return
	}
	id := r.PathValue("id")
	var p app.ReviewProposal
	var err error
	switch r.PathValue("action") {
	case "accept":
		p, err = s.reviews.Accept(r.Context(), id)
	case "reject":
		p, err = s.reviews.Reject(r.Context(), id)
	case "undo":
		p, err = s.reviews.Undo(r.Context(), id)
	default:
		err = app.Errorf(app.ENotFound, "No such action %q: accept, reject or undo.", r.PathValue("action"))
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Review app.ReviewProposal `json:"review"`
	}{p})
}
