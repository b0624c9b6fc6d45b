// Package review looks back at the library after an import: for each newly
// imported document it shortlists related older documents by routing over
// the folder hierarchy, classifies where each shortlisted document (and
// the new one) belongs by the filing rules, and proposes a move wherever
// that differs from where it is filed now — into an existing folder, or
// into a new folder gathering the new document with related old ones.
//
// The work is bounded by Limits: a routing menu per folder level the
// decision provider keeps (branches it rejects stay excluded, never
// recovered), at most 24 passages scored and at most 8 documents returned.
// Documents the shortlist leaves out get no placement and cost no
// decision. Nothing moves here: the store keeps the proposals until the
// person accepts or rejects them (Service).
//
// Files: review.go (the Reviewer and one review), shortlist.go (routing
// over folders and scoring passages), placement.go (where each document
// belongs and what is proposed), service.go (app.Reviews over the store).
package review

import (
	"context"
	"fmt"

	"archivist/app"
	"archivist/ingest/filing"
	"archivist/store"
)

// Limits bound one review (docs/design.md: upload-driven organisation
// reviews score at most 24 passages and return at most eight documents).
type Limits struct {
	Scored      int // passages scored for relatedness
	Returned    int // documents shortlisted
	PerDocument int // passages scored of one document
	Menus       int // routing menus asked
	Candidates  int // full-text hits read before choosing what to score
}

// DefaultLimits are the design's.
var DefaultLimits = Limits{Scored: 24, Returned: 8, PerDocument: 3, Menus: 32, Candidates: 96}

// Snapshots opens the read snapshot a review reads.
type Snapshots interface {
	Snapshot(ctx context.Context) (*store.Snapshot, error)
}

// Placer classifies where one document belongs, judged as if it were not
// filed and the documents in moved were filed where it maps them
// (filing.Filer).
type Placer interface {
	Place(ctx context.Context, documentID string, moved map[string]string) (*app.FilingProposal, error)
}

// Reviewer reviews the library for newly imported documents.
type Reviewer struct {
	Store    Snapshots
	Provider app.Chooser
	Placer   Placer
	Limits   Limits
	NewID    func() string
}

// New returns a Reviewer reading st, asking p, placing documents by the
// filing rules with the same provider, within DefaultLimits.
func New(st Snapshots, p app.Chooser, newID func() string) *Reviewer {
	return &Reviewer{Store: st, Provider: p, Placer: filing.New(st, p), Limits: DefaultLimits, NewID: newID}
}

// Report is what one review found: the shortlist and the proposals, and
// the work it took.
type Report struct {
	DocumentID string
	Shortlist  []Candidate
	Proposals  []app.ReviewProposal
	Menus      int // routing menus asked
	Scored     int // passages scored
	Placed     int // documents given a placement
}

// Candidate is a shortlisted older document and the passages that tie it
// to the new one, best first.
type Candidate struct {
	DocumentID string
	FolderID   string // "" when in no folder
	Title      string
	Score      float64 // the best passage's relevance, 0–1
	Passages   []app.ReviewPassage
}

// Review reviews the library for the new document newID. batch names every
// document of the same import: none of them counts as older. It proposes,
// it never moves.
func (r *Reviewer) Review(ctx context.Context, newID string, batch []string) (*Report, error) {
	rep := &Report{DocumentID: newID}
	sl, err := r.shortlist(ctx, newID, batch, rep)
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	if sl == nil || len(rep.Shortlist) == 0 {
		return rep, nil
	}
	if err := r.propose(ctx, sl, rep); err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	return rep, nil
}

func (r *Reviewer) limits() Limits {
	if r.Limits.Scored == 0 {
		return DefaultLimits
	}
	return r.Limits
}
