package review

import (
	"context"
	"slices"
	"strings"

	"archivist/app"
	"archivist/ingest/filing"
	"archivist/store"
)

const compareInstructions = "Which of these two folders does this document belong in, judging by the titles and headings of the documents filed there?"

// propose places the new document and each shortlisted one by the filing
// rules and proposes the moves that change something. Only the shortlist
// is placed: the documents it left out cost no decision.
//
// Moves are decided most confident first, each against the library as the
// new document's filing and the moves already proposed would leave it: a
// misfiled report placed in its company's folder no longer draws a
// relative there to where it lay, and the new report vouches for its
// folder.
func (r *Reviewer) propose(ctx context.Context, sc *scope, rep *Report) error {
	first, err := r.placeAll(ctx, rep)
	if err != nil {
		return err
	}
	// The new document is placed against the library without the older
	// documents that another existing folder fits better, so a misfiled one
	// does not draw it to where it lies; the older ones are then placed
	// beside it. (One placed in a new folder is not suspect: a document
	// alone in its folder always is, judged without itself.)
	suspects := map[string]string{}
	for _, f := range first {
		if f.placed.FolderID != "" {
			suspects[f.c.DocumentID] = ""
		}
	}
	mine, err := r.Placer.Place(ctx, sc.newID, suspects)
	if err != nil {
		return err
	}
	rep.Placed++
	if mine != nil && mine.FolderID != "" {
		sc.moved[sc.newID] = mine.FolderID
	}
	for _, f := range first {
		placed := f.placed
		if len(sc.moved) > 0 { // the library has changed since: place it again
			if placed, err = r.Placer.Place(ctx, f.c.DocumentID, sc.moved); err != nil {
				return err
			}
		}
		p, err := r.move(ctx, sc, f.c, placed, mine)
		if err != nil {
			return err
		}
		if p != nil {
			rep.Proposals = append(rep.Proposals, *p)
			if p.ToFolderID != "" {
				sc.moved[p.DocumentID] = p.ToFolderID
			}
		}
	}
	if len(sc.moved) > 0 { // the new document too is placed where the moves leave the library
		if mine, err = r.Placer.Place(ctx, sc.newID, sc.moved); err != nil {
			return err
		}
	}
	if p := r.moveNew(sc, mine, rep); p != nil {
		rep.Proposals = append(rep.Proposals, *p)
	}
	return nil
}

// firstPlacement is a shortlisted document placed as if it alone were not
// filed.
type firstPlacement struct {
	c      Candidate
	placed *app.FilingProposal
}

// placeAll places each shortlisted document as if it alone were not filed,
// and orders them: the documents whose placement differs from where they
// are first, most confident first.
func (r *Reviewer) placeAll(ctx context.Context, rep *Report) ([]firstPlacement, error) {
	var out []firstPlacement
	for _, c := range rep.Shortlist {
		p, err := r.Placer.Place(ctx, c.DocumentID, nil)
		if err != nil {
			return nil, err
		}
		rep.Placed++
		if p != nil && (p.FolderID == "" || p.FolderID != c.FolderID) {
			out = append(out, firstPlacement{c, p})
		}
	}
	slices.SortStableFunc(out, func(a, b firstPlacement) int { return cmpDesc(a.placed.Confidence, b.placed.Confidence) })
	return out, nil
}

// move is the proposal for a shortlisted older document: to the folder it
// belongs in when that is another existing folder, or into the new
// document's new folder when both would start one of the same name under
// the same parent.
// A document already in a folder moves only when the provider, shown both
// folders without the document, prefers the proposed one.
func (r *Reviewer) move(ctx context.Context, sc *scope, c Candidate, placed, mine *app.FilingProposal) (*app.ReviewProposal, error) {
	var target *app.FilingProposal
	switch {
	case placed == nil || placed.FolderID != "" && placed.FolderID == c.FolderID:
		return nil, nil
	case placed.FolderID != "":
		target = placed
	case mine != nil && mine.NewName != "" && placed.ParentID == mine.ParentID && strings.EqualFold(placed.NewName, mine.NewName):
		target = mine // gather: both would start the same folder; it is made once
	default:
		return nil, nil
	}
	if c.FolderID != "" {
		better, err := r.prefers(ctx, sc, c, target)
		if err != nil || !better {
			return nil, err
		}
	}
	p := r.proposal(sc, c.DocumentID, target)
	p.Passages, p.Confidence = c.Passages, placed.Confidence
	return p, nil
}

// moveNew is the proposal for the new document: where the filing rules
// place it, when that is not where it is and the review found related
// documents (with none, the document is unrelated to the library and its
// filing is the import's own proposal). A new folder is proposed only when
// it gathers an older document too.
func (r *Reviewer) moveNew(sc *scope, mine *app.FilingProposal, rep *Report) *app.ReviewProposal {
	if mine == nil || len(rep.Shortlist) == 0 {
		return nil
	}
	if d := sc.docs[sc.newID]; d != nil && mine.FolderID != "" && mine.FolderID == d.FolderID {
		return nil
	}
	if mine.FolderID == "" && !gathers(rep.Proposals, mine) {
		return nil // a new folder for it alone is the import's filing, not a review's
	}
	p := r.proposal(sc, sc.newID, mine)
	p.Confidence = mine.Confidence
	for _, c := range rep.Shortlist[:min(3, len(rep.Shortlist))] {
		p.Passages = append(p.Passages, c.Passages[0])
	}
	return p
}

// gathers reports whether an older document is proposed for the new
// folder target would make.
func gathers(props []app.ReviewProposal, target *app.FilingProposal) bool {
	return slices.ContainsFunc(props, func(p app.ReviewProposal) bool {
		return p.ToFolderID == "" && p.NewParentID == target.ParentID && strings.EqualFold(p.NewName, target.NewName)
	})
}

// proposal is the move of docID from where it is to target.
func (r *Reviewer) proposal(sc *scope, docID string, target *app.FilingProposal) *app.ReviewProposal {
	p := &app.ReviewProposal{ID: r.NewID(), DocumentID: docID, TriggerID: sc.newID, ToFolderID: target.FolderID,
		NewParentID: target.ParentID, NewName: target.NewName, ToPath: target.Path}
	if d := sc.docs[docID]; d != nil {
		p.Title, p.FromFolderID = d.Title, d.FolderID
		if n := sc.nodes[d.FolderID]; n != nil {
			p.FromPath = n.Path
		}
	}
	return p
}

// prefers asks whether the document belongs in target rather than in the
// folder it is in, each described without the document itself.
func (r *Reviewer) prefers(ctx context.Context, sc *scope, c Candidate, target *app.FilingProposal) (bool, error) {
	snap, err := r.Store.Snapshot(ctx)
	if err != nil {
		return false, err
	}
	_, state, err := filing.ReadDocument(ctx, snap, c.DocumentID)
	snap.Close()
	if err != nil || state == "" {
		return false, err
	}
	except := []string{c.DocumentID}
	for _, id := range sc.batch {
		if _, filed := sc.moved[id]; !filed {
			except = append(except, id)
		}
	}
	tree := filing.BuildTree(sc.folders, filing.Moved(sc.placed, sc.moved), except...)
	from := find(tree, c.FolderID)
	to := find(tree, target.FolderID)
	if target.FolderID == "" {
		to = sc.newFolder(target)
	}
	if from == nil || to == nil {
		return false, nil
	}
	q := app.Choice{ID: "compare", Instructions: compareInstructions}
	for _, o := range []struct {
		label string
		n     *filing.Node
	}{{"to", to}, {"from", from}} {
		desc, parts := o.n.Describe()
		q.Options = append(q.Options, app.ChoiceOption{Label: o.label, Description: desc, Parts: parts})
	}
	dists, err := r.Provider.Choose(ctx, state, []app.Choice{q})
	if err != nil {
		return false, err
	}
	return dists[0]["to"] > dists[0]["from"], nil
}

// newFolder is the new document's proposed folder as a menu option: its
// name, and the new document in it.
func (sc *scope) newFolder(target *app.FilingProposal) *filing.Node {
	doc := store.FiledDocument{ID: sc.newID, Title: sc.sample.Title, Headings: sc.sample.Headings}
	return &filing.Node{Folder: app.Folder{Name: target.NewName}, Docs: []store.FiledDocument{doc}}
}

// find returns the folder id of a tree, nil when it is not there.
func find(n *filing.Node, id string) *filing.Node {
	if n.ID == id {
		return n
	}
	for _, c := range n.Children {
		if f := find(c, id); f != nil {
			return f
		}
	}
	return nil
}
