package app

import (
	"context"
	"strings"
	"time"
)

// After an import, a review looks back at the library: related older
// documents are shortlisted by routing over the folder hierarchy, each gets
// a placement by the filing rules, and where that differs from where it is
// filed now the review proposes the move. Nothing moves until the person
// accepts a proposal (or turns "apply reviews automatically" on).

// ReviewStatus is where a review proposal stands.
type ReviewStatus string

// The statuses of a proposal: proposed until the person decides; an
// accepted move can be undone. A rejected or undone move of a document to
// the same folder is never proposed again.
const (
	ReviewProposed ReviewStatus = "proposed"
	ReviewAccepted ReviewStatus = "accepted"
	ReviewRejected ReviewStatus = "rejected"
	ReviewUndone   ReviewStatus = "undone"
)

// ParseReviewStatus returns the status named by s, or false.
func ParseReviewStatus(s string) (ReviewStatus, bool) {
	switch st := ReviewStatus(s); st {
	case ReviewProposed, ReviewAccepted, ReviewRejected, ReviewUndone:
		return st, true
	}
	return "", false
}

// ReviewPassage is a passage that ties a proposal's document to the newly
// imported one: what the decision provider read when it shortlisted it.
type ReviewPassage struct {
	PassageID string  `json:"passage_id"`
	PageStart int     `json:"page_start"`
	PageEnd   int     `json:"page_end"`
	Heading   string  `json:"heading"`
	Text      string  `json:"text"`      // verbatim, cut to ReviewQuoteChars characters
	Relevance float64 `json:"relevance"` // the decision provider's probability that it is related, 0–1
}

// ReviewQuoteChars bounds the text a ReviewPassage keeps.
const ReviewQuoteChars = 300

// ReviewProposal moves one document from its folder to another: an
// existing folder (ToFolderID) or a new one (NewName under NewParentID,
// named by the filing rules). Proposals naming the same new folder gather
// their documents in it: accepting the first makes the folder, the others
// find it.
type ReviewProposal struct {
	ID         string `json:"id"`
	DocumentID string `json:"document_id"`
	Title      string `json:"title"`
	// TriggerID is the newly imported document whose review made the
	// proposal (the document itself when it is the new one).
	TriggerID    string          `json:"trigger_id"`
	FromFolderID string          `json:"from_folder_id"` // "" when not in any folder
	FromPath     string          `json:"from_path"`      // "" when not in any folder
	ToFolderID   string          `json:"to_folder_id"`   // "" when a new folder is proposed
	NewParentID  string          `json:"new_parent_id"`
	NewName      string          `json:"new_name"`
	ToPath       string          `json:"to_path"` // as shown: "Finance › 3M"
	Passages     []ReviewPassage `json:"passages"`
	Confidence   float64         `json:"confidence"`
	Status       ReviewStatus    `json:"status"`
	CreatedAt    time.Time       `json:"created_at"`
	DecidedAt    time.Time       `json:"decided_at,omitzero"`
}

// Target is the move's key: the folder's ID, or for a new folder its
// parent and name (case folded as folder names are). A rejected proposal
// is not made again for the same document and target.
func (p *ReviewProposal) Target() string {
	if p.ToFolderID != "" {
		return p.ToFolderID
	}
	return "new:" + p.NewParentID + "/" + foldName(p.NewName)
}

// Reviews is the review of related older documents after an import, and
// the person's decisions on its proposals.
type Reviews interface {
	// ReviewImported reviews the library for newly imported documents and
	// returns the proposals it made (accepted already when the library
	// applies reviews automatically).
	ReviewImported(ctx context.Context, documentIDs []string) ([]ReviewProposal, error)
	// Proposals lists proposals, newest first; only those in statuses when
	// any are given.
	Proposals(ctx context.Context, statuses ...ReviewStatus) ([]ReviewProposal, error)
	// Accept moves the document as proposed, making a new folder first
	// when one is proposed; the move and the status change commit together.
	Accept(ctx context.Context, id string) (ReviewProposal, error)
	// Reject records that the person does not want the move.
	Reject(ctx context.Context, id string) (ReviewProposal, error)
	// Undo moves an accepted proposal's document back where it was and
	// removes a folder the accept made when nothing else is in it.
	Undo(ctx context.Context, id string) (ReviewProposal, error)
}

// foldName is a folder name as the store compares names beside each other:
// spaces collapsed, case ignored.
func foldName(name string) string { return strings.ToLower(strings.Join(strings.Fields(name), " ")) }
