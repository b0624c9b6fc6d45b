package review

import (
	"context"

	"archivist/app"
)

// Ledger keeps proposals and the person's decisions on them (the store).
type Ledger interface {
	SaveReviewProposals(ctx context.Context, props []app.ReviewProposal) ([]app.ReviewProposal, error)
	ReviewProposals(ctx context.Context, statuses ...app.ReviewStatus) ([]app.ReviewProposal, error)
	AcceptReview(ctx context.Context, id, newFolderID string) (app.ReviewProposal, error)
	RejectReview(ctx context.Context, id string) (app.ReviewProposal, error)
	UndoReview(ctx context.Context, id string) (app.ReviewProposal, error)
	AutoApplyReviews(ctx context.Context) (bool, error)
}

// Service is app.Reviews: reviews run by the Reviewer, kept in the Ledger.
type Service struct {
	Reviewer *Reviewer
	Ledger   Ledger
}

// ReviewImported reviews the library for each newly imported document and
// keeps the proposals (a move rejected or undone before is not proposed
// again). When the library applies reviews automatically, each kept
// proposal is accepted at once; one that cannot be (its document moved
// meanwhile) stays proposed.
func (s Service) ReviewImported(ctx context.Context, ids []string) ([]app.ReviewProposal, error) {
	var all []app.ReviewProposal
	for _, id := range ids {
		rep, err := s.Reviewer.Review(ctx, id, ids)
		if err != nil {
			return nil, err
		}
		all = append(all, rep.Proposals...)
	}
	if len(all) == 0 {
		return nil, nil
	}
	kept, err := s.Ledger.SaveReviewProposals(ctx, all)
	if err != nil {
		return nil, err
	}
	auto, err := s.Ledger.AutoApplyReviews(ctx)
	if err != nil || !auto {
		return kept, err
	}
	for i := range kept {
		if p, err := s.Accept(ctx, kept[i].ID); err == nil {
			kept[i] = p
		}
	}
	return kept, nil
}

// Proposals lists proposals, newest first; only those in statuses when
// any are given.
func (s Service) Proposals(ctx context.Context, statuses ...app.ReviewStatus) ([]app.ReviewProposal, error) {
	return s.Ledger.ReviewProposals(ctx, statuses...)
}

// Accept moves the document as proposed.
func (s Service) Accept(ctx context.Context, id string) (app.ReviewProposal, error) {
	return s.Ledger.AcceptReview(ctx, id, s.Reviewer.NewID())
}

// Reject records that the move is not wanted.
func (s Service) Reject(ctx context.Context, id string) (app.ReviewProposal, error) {
	return s.Ledger.RejectReview(ctx, id)
}

// Undo moves an accepted proposal's document back.
func (s Service) Undo(ctx context.Context, id string) (app.ReviewProposal, error) {
	return s.Ledger.UndoReview(ctx, id)
}

var _ app.Reviews = Service{}
