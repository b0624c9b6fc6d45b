package review

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"archivist/app"
	"archivist/ingest/filing"
	"archivist/store"
)

// The instructions the provider reads with each question of a shortlist.
const (
	routeInstructions   = "Pick the folder holding documents on the same subject as this new document, judging by the titles and headings of the documents filed there. Answer none when no folder does."
	passageInstructions = "Is this passage from a document on the same subject as the new document? Answer none when it is not."
	unfiledName         = "Not in any folder"
)

// scope is what one review reads once: the new document and the folder
// tree with the older documents on it.
type scope struct {
	newID   string
	batch   []string          // the import's documents, the new one first
	moved   map[string]string // the moves proposed so far: document → folder
	sample  *store.DocumentSample
	state   string
	folders []app.Folder
	placed  []store.FiledDocument
	root    *filing.Node                    // older documents only
	nodes   map[string]*filing.Node         // by folder ID, the top level under ""
	docs    map[string]*store.FiledDocument // every ready document by ID, the new ones too
}

// shortlist reads the new document and the tree, routes over the folders,
// and scores the passages of documents in the branches kept. It returns
// nil when the new document gives nothing to match (no title, no
// headings).
func (r *Reviewer) shortlist(ctx context.Context, newID string, batch []string, rep *Report) (*scope, error) {
	snap, err := r.Store.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	sc, err := readScope(ctx, snap, newID, batch)
	if err != nil || sc == nil {
		return nil, err
	}
	match := filing.MatchOf(filing.Subject(sc.state))
	if match == "" { // nothing says what it is about: nothing relates to it
		return sc, nil
	}
	older := sc.olderIDs()
	if len(older) == 0 {
		return sc, nil
	}
	lim := r.limits()
	hits, err := snap.Search(ctx, match, older, 4*lim.Candidates)
	if err != nil {
		return nil, err
	}
	kept, err := r.route(ctx, sc, filing.IndexScores(hits), rep)
	if err != nil || len(kept) == 0 {
		return sc, err // every branch rejected: nothing is recovered
	}
	picked := pick(hits, kept, lim)
	scored, err := r.score(ctx, snap, sc, picked, rep)
	if err != nil {
		return nil, err
	}
	rep.Shortlist = rank(scored, sc, lim.Returned)
	return sc, nil
}

// readScope reads the new document's sample and state, the folders and the
// documents placed in them.
func readScope(ctx context.Context, snap *store.Snapshot, newID string, batch []string) (*scope, error) {
	sample, state, err := filing.ReadDocument(ctx, snap, newID)
	if err != nil || state == "" {
		return nil, err
	}
	folders, err := snap.Folders(ctx)
	if err != nil {
		return nil, err
	}
	placed, err := snap.PlacedDocuments(ctx, filing.DocHeadings)
	if err != nil {
		return nil, err
	}
	sc := &scope{newID: newID, batch: append([]string{newID}, batch...), sample: sample, state: state,
		folders: folders, placed: placed, docs: map[string]*store.FiledDocument{}, moved: map[string]string{}}
	sc.root = filing.BuildTree(folders, placed, sc.batch...)
	sc.nodes = map[string]*filing.Node{"": sc.root}
	var walk func(n *filing.Node)
	walk = func(n *filing.Node) {
		for _, c := range n.Children {
			sc.nodes[c.ID] = c
			walk(c)
		}
	}
	walk(sc.root)
	for i := range placed {
		sc.docs[placed[i].ID] = &placed[i]
	}
	return sc, nil
}

// olderIDs are the documents on the tree: every ready document but the
// import's own.
func (sc *scope) olderIDs() []string {
	var ids []string
	for _, d := range sc.placed {
		if !slices.Contains(sc.batch, d.ID) {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// route walks the folder tree from the top, one menu per level of each
// branch kept (split into menus of filing.MenuSize), and returns the older
// documents filed directly in the branches the provider kept — every
// option above filing.NoneWeight of none, not only the best. Documents in
// no folder are one more option of the top level. A branch rejected is
// not walked: nothing below it is recovered.
func (r *Reviewer) route(ctx context.Context, sc *scope, index map[string]float64, rep *Report) (map[string]bool, error) {
	top := slices.Clone(sc.root.Children)
	if len(sc.root.Docs) > 0 {
		top = append(top, &filing.Node{Folder: app.Folder{Name: unfiledName}, Docs: sc.root.Docs})
	}
	kept := map[string]bool{}
	levels := [][]*filing.Node{top}
	lim := r.limits()
	for len(levels) > 0 {
		level := levels[0]
		levels = levels[1:]
		for start := 0; start < len(level); start += filing.MenuSize {
			if rep.Menus == lim.Menus {
				return kept, nil
			}
			menu := level[start:min(start+filing.MenuSize, len(level))]
			rep.Menus++
			keep, err := r.keep(ctx, sc.state, menu, index)
			if err != nil {
				return nil, err
			}
			for _, n := range keep {
				for _, d := range n.Docs {
					kept[d.ID] = true
				}
				if len(n.Children) > 0 {
					levels = append(levels, n.Children)
				}
			}
		}
	}
	return kept, nil
}

// keep asks one menu and returns the folders above the bar.
func (r *Reviewer) keep(ctx context.Context, state string, menu []*filing.Node, index map[string]float64) ([]*filing.Node, error) {
	q := app.Choice{ID: "folders", Instructions: routeInstructions}
	for i, n := range menu {
		desc, parts := n.Describe()
		q.Options = append(q.Options, app.ChoiceOption{Label: "f" + strconv.Itoa(i+1), Description: desc, Parts: parts,
			IndexScore: filing.IndexShare * n.BestBelow(index)})
	}
	q.Options = append(q.Options, app.ChoiceOption{Label: app.NoChoice, Description: "No folder holds documents on this subject."})
	dists, err := r.Provider.Choose(ctx, state, []app.Choice{q})
	if err != nil {
		return nil, err
	}
	a := dists[0]
	var out []*filing.Node
	for i, n := range menu {
		if a["f"+strconv.Itoa(i+1)] > filing.NoneWeight*a[app.NoChoice] {
			out = append(out, n)
		}
	}
	return out, nil
}

// pick takes the passages to score: the best hits of documents in kept
// branches, at most PerDocument of one document and Scored in all.
func pick(hits []store.Hit, kept map[string]bool, lim Limits) []store.Hit {
	var out []store.Hit
	per := map[string]int{}
	for _, h := range hits {
		if len(out) == lim.Scored {
			break
		}
		if !kept[h.DocumentID] || per[h.DocumentID] == lim.PerDocument {
			continue
		}
		per[h.DocumentID]++
		out = append(out, h)
	}
	return out
}

// score asks, for each picked passage, whether it is on the new
// document's subject, and returns the passages above the bar by document.
func (r *Reviewer) score(ctx context.Context, snap *store.Snapshot, sc *scope, picked []store.Hit, rep *Report) (map[string][]app.ReviewPassage, error) {
	if len(picked) == 0 {
		return nil, nil
	}
	rowids := make([]int64, len(picked))
	for i, h := range picked {
		rowids[i] = h.RowID
	}
	passages, err := snap.PassagesByRowID(ctx, rowids)
	if err != nil {
		return nil, err
	}
	index := filing.IndexScores(picked)
	choices := make([]app.Choice, len(picked))
	for i, h := range picked {
		choices[i] = passageChoice("p"+strconv.Itoa(i+1), passages[h.RowID], filing.IndexShare*index[h.DocumentID])
	}
	dists, err := r.ask(ctx, sc.state, choices)
	if err != nil {
		return nil, err
	}
	rep.Scored += len(picked)
	out := map[string][]app.ReviewPassage{}
	for i, h := range picked {
		a := dists[i]
		if a["related"] > filing.NoneWeight*a[app.NoChoice] {
			out[h.DocumentID] = append(out[h.DocumentID], quote(passages[h.RowID], a["related"]))
		}
	}
	return out, nil
}

// passageChoice is one passage as a question: related, or none.
func passageChoice(id string, p app.Passage, index float64) app.Choice {
	parts := []app.ChoicePart{{Role: app.ChoiceTitle, Text: p.Title}}
	if p.Headings != "" {
		parts = append(parts, app.ChoicePart{Role: app.ChoiceHeading, Text: p.Headings})
	}
	parts = append(parts, app.ChoicePart{Role: app.ChoiceBody, Text: p.Text})
	return app.Choice{ID: id, Instructions: passageInstructions, Options: []app.ChoiceOption{
		{Label: "related", Description: p.Title + "\n" + p.Headings + "\n" + p.Text, Parts: parts, IndexScore: index},
		{Label: app.NoChoice, Description: "The passage is on another subject."},
	}}
}

// ask asks choices in requests of the provider's size.
func (r *Reviewer) ask(ctx context.Context, state string, choices []app.Choice) ([]map[string]float64, error) {
	per := max(1, r.Provider.PerRequest())
	var out []map[string]float64
	for start := 0; start < len(choices); start += per {
		dists, err := r.Provider.Choose(ctx, state, choices[start:min(start+per, len(choices))])
		if err != nil {
			return nil, err
		}
		out = append(out, dists...)
	}
	return out, nil
}

// quote is a passage as a proposal's justification.
func quote(p app.Passage, relevance float64) app.ReviewPassage {
	text := strings.Join(strings.Fields(p.Text), " ")
	if utf8.RuneCountInString(text) > app.ReviewQuoteChars {
		text = string([]rune(text)[:app.ReviewQuoteChars])
	}
	return app.ReviewPassage{PassageID: p.ID, PageStart: p.PageStart, PageEnd: p.PageEnd, Heading: p.Headings,
		Text: text, Relevance: relevance}
}

// rank orders the documents by their best passage and keeps n.
func rank(scored map[string][]app.ReviewPassage, sc *scope, n int) []Candidate {
	var out []Candidate
	for id, ps := range scored {
		slices.SortStableFunc(ps, func(a, b app.ReviewPassage) int { return cmpDesc(a.Relevance, b.Relevance) })
		d := sc.docs[id]
		out = append(out, Candidate{DocumentID: id, FolderID: d.FolderID, Title: d.Title, Score: ps[0].Relevance, Passages: ps})
	}
	slices.SortFunc(out, func(a, b Candidate) int {
		if c := cmpDesc(a.Score, b.Score); c != 0 {
			return c
		}
		return strings.Compare(a.DocumentID, b.DocumentID)
	})
	return out[:min(n, len(out))]
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
