package fts

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"archivist/app"
	"archivist/store"
)

// Budget is what a preset allows each document: the characters of source
// text (windows, separators and the ending together) and how many
// term-specific windows may follow the first.
type Budget struct {
	Chars       int
	TermWindows int
}

// Budgets per preset. Focused suits small local models; Detailed suits
// models with room for repeated or far-apart evidence.
var Budgets = map[app.Preset]Budget{
	app.PresetFocused:  {Chars: 3000, TermWindows: 0},
	app.PresetBalanced: {Chars: 6000, TermWindows: 2},
	app.PresetDetailed: {Chars: 12000, TermWindows: 5},
}

// candidateHits bounds the first FTS pass, from which the best documents
// are taken.
const candidateHits = 200

// endingChars bounds the document ending appended when room remains.
const endingChars = 600

// Gather runs the candidate pass for q inside snap and assembles at most
// app.MaxSources sources, best document first.
func Gather(ctx context.Context, snap *store.Snapshot, q app.Question) (*app.Evidence, error) {
	ev := &app.Evidence{Question: q, Terms: Terms(q.Text), Blocks: map[string]app.Block{}, Sections: map[string]string{}}
	if len(q.Scope.DocumentIDs) > app.MaxSelectedDocuments && q.Scope.FolderID == "" && !q.Scope.FromQuery { // a folder or a search has no limit
		return nil, app.Errorf(app.EInvalid, "A question can be scoped to at most %d documents; %d are selected.",
			app.MaxSelectedDocuments, len(q.Scope.DocumentIDs))
	}
	if len(ev.Terms) == 0 {
		return ev, nil
	}
	budget := Budgets[app.ParsePreset(string(q.Preset))]
	match, err := CandidateMatch(ctx, snap, ev.Terms, q.Scope.DocumentIDs)
	if err != nil {
		return nil, err
	}
	hits, err := snap.Search(ctx, match, q.Scope.DocumentIDs, candidateHits)
	if err != nil {
		return nil, fmt.Errorf("retrieve: candidates: %w", err)
	}
	var order []string
	best := map[string]store.Hit{}
	for _, h := range hits {
		if _, ok := best[h.DocumentID]; !ok {
			best[h.DocumentID] = h
			order = append(order, h.DocumentID)
		}
	}
	if len(order) > app.MaxSources {
		order = order[:app.MaxSources]
	}
	docs, err := snap.ReadyDocuments(ctx, order)
	if err != nil {
		return nil, fmt.Errorf("retrieve: candidates: %w", err)
	}
	byID := map[string]app.Document{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	a := assembler{snap: snap, ev: ev, budget: budget}
	for _, id := range order {
		d, ok := byID[id]
		if !ok {
			continue
		}
		src, err := a.source(ctx, d, best[id], match)
		if err != nil {
			return nil, err
		}
		if src == nil {
			continue
		}
		src.N = len(ev.Sources) + 1
		ev.Sources = append(ev.Sources, *src)
	}
	return ev, nil
}

type assembler struct {
	snap   *store.Snapshot
	ev     *app.Evidence
	budget Budget
}

// source builds one document's evidence: the whole document when it fits the
// budget, else the window of its best passage for the whole question, then
// term-specific windows in question-term order, then its ending.
func (a *assembler) source(ctx context.Context, d app.Document, best store.Hit, match string) (*app.Source, error) {
	src := &app.Source{DocumentID: d.ID, Title: d.Title, Format: d.Format}
	paths, err := a.snap.SectionPaths(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	for id, p := range paths {
		a.ev.Sections[id] = p
	}
	chars, _, err := a.snap.DocumentSize(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	if chars <= a.budget.Chars {
		blocks, err := a.snap.Blocks(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		if a.snap.PicturesHidden() {
			blocks = slices.DeleteFunc(blocks, func(b app.Block) bool { return b.Kind == app.BlockFigure })
		}
		if w, ok := a.wholeWindow(blocks); ok && len(w.Text) <= a.budget.Chars {
			src.Windows = []app.Window{w}
			src.Text = w.Text
			return src, nil
		}
	}
	var windows []app.Window
	used := 0
	add := func(w app.Window) bool {
		cost := utf8.RuneCountInString(w.Text)
		if len(windows) > 0 {
			cost += utf8.RuneCountInString(app.WindowSeparator)
		}
		if used+cost > a.budget.Chars || duplicateWindow(windows, w) {
			return false
		}
		windows = append(windows, w)
		used += cost
		return true
	}
	if w, ok, err := a.window(ctx, best.RowID, match); err != nil {
		return nil, err
	} else if ok {
		add(w)
	}
	added := 0
	for _, term := range a.ev.Terms {
		if added >= a.budget.TermWindows {
			break
		}
		m := matchTerm(term)
		hits, err := a.snap.Search(ctx, m, []string{d.ID}, 4)
		if err != nil {
			return nil, fmt.Errorf("retrieve: term window: %w", err)
		}
		for _, h := range hits {
			w, ok, err := a.window(ctx, h.RowID, m)
			if err != nil {
				return nil, err
			}
			if ok && add(w) {
				added++
				break
			}
		}
	}
	if len(windows) == 0 {
		return nil, nil
	}
	if w, ok, err := a.ending(ctx, d.ID); err != nil {
		return nil, err
	} else if ok {
		add(w)
	}
	// Windows read in document order, so the stitched text reads naturally.
	sort.SliceStable(windows, func(i, j int) bool { return windowOrder(a.ev, windows[i]) < windowOrder(a.ev, windows[j]) })
	src.Windows = windows
	texts := make([]string, len(windows))
	for i, w := range windows {
		texts[i] = w.Text
	}
	src.Text = strings.Join(texts, app.WindowSeparator)
	return src, nil
}

// windowOrder is the reading position of a window's first block.
func windowOrder(ev *app.Evidence, w app.Window) int {
	if len(w.Spans) == 0 {
		return 0
	}
	return ev.Blocks[w.Spans[0].BlockID].Seq
}

// duplicateWindow reports whether w adds nothing to windows: its text is,
// up to whitespace, equal to or contained in one already taken.
func duplicateWindow(windows []app.Window, w app.Window) bool {
	n := squash(w.Text)
	if n == "" {
		return true
	}
	for _, x := range windows {
		if strings.Contains(squash(x.Text), n) {
			return true
		}
	}
	return false
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// wholeWindow makes one window of a document's every block.
func (a *assembler) wholeWindow(blocks []app.Block) (app.Window, bool) {
	if len(blocks) == 0 {
		return app.Window{}, false
	}
	var w app.Window
	texts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		if b.Text == "" {
			continue
		}
		a.ev.Blocks[b.ID] = b
		w.Spans = append(w.Spans, app.Span{BlockID: b.ID, Start: 0, End: len(b.Text)})
		texts = append(texts, b.Text)
		w.PageStart, w.PageEnd = PageRange(w.PageStart, w.PageEnd, b.Page)
	}
	w.Text = strings.Join(texts, app.PassageSeparator)
	w.End = len(w.Text)
	return w, len(texts) > 0
}

// PageRange widens the page range [start, end] to hold page (0 is no page).
func PageRange(start, end, page int) (int, int) {
	if page == 0 {
		return start, end
	}
	if start == 0 || page < start {
		start = page
	}
	if page > end {
		end = page
	}
	return start, end
}
