package retrieve

import (
	"context"
	"strings"

	"archivist/app"
	"archivist/retrieve/fts"
	"archivist/store"
)

// Carry returns what a follow-up of ans carries (docs/design.md §6): the first
// app.MaxCarriedSources distinct documents its citations name, in citation
// order, each with the blocks cited in it. An answer that cites nothing
// carries nothing. Only IDs are carried; the text is read again.
func Carry(ans *app.Answer) []app.CarriedSource {
	if ans == nil {
		return nil
	}
	var out []app.CarriedSource
	index := map[string]int{}
	for _, c := range ans.Citations {
		if c.DocumentID == "" || len(c.Blocks) == 0 {
			continue
		}
		i, ok := index[c.DocumentID]
		if !ok {
			if len(out) == app.MaxCarriedSources {
				continue
			}
			i = len(out)
			index[c.DocumentID] = i
			out = append(out, app.CarriedSource{DocumentID: c.DocumentID})
		}
		for _, b := range c.Blocks {
			if !contains(out[i].Blocks, b) {
				out[i].Blocks = append(out[i].Blocks, b)
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxCarriedBlocks bounds the blocks reloaded per carried document, and
// maxCarriedChars the text they may add: carried sources are context for a
// follow-up, not a second retrieval.
const (
	maxCarriedBlocks = 12
	maxCarriedChars  = 6000
)

// carry reloads a follow-up's carried sources inside the question's
// snapshot. A document that is still evidence in scope (ready, not trashed:
// docs holds exactly those) gets its carried blocks back: as a new source
// while fewer than app.MaxSources were found, or, when the new question
// found it too, as one more window of that source holding the carried
// blocks its windows lack. The text is the blocks as stored now, never the
// earlier answer's. It returns how many documents got blocks back.
func carry(ctx context.Context, snap *store.Snapshot, ev *app.Evidence, carried []app.CarriedSource, docs map[string]app.Document) (int, error) {
	added := 0
	for i, c := range carried {
		if i == app.MaxCarriedSources {
			break
		}
		d, ok := docs[c.DocumentID]
		if !ok {
			continue
		}
		src := sourceOf(ev, c.DocumentID)
		if src == nil && len(ev.Sources) >= app.MaxSources {
			continue
		}
		ids := c.Blocks
		if len(ids) > maxCarriedBlocks {
			ids = ids[:maxCarriedBlocks]
		}
		blocks, err := snap.DocumentBlocks(ctx, d.ID, ids)
		if err != nil {
			return added, err
		}
		paths, err := snap.SectionPaths(ctx, d.ID)
		if err != nil {
			return added, err
		}
		covered := map[string]bool{}
		if src != nil {
			for _, w := range src.Windows {
				for _, sp := range w.Spans {
					if sp.Start == 0 && sp.End == len(ev.Blocks[sp.BlockID].Text) {
						covered[sp.BlockID] = true
					}
				}
			}
		}
		var w app.Window
		var texts []string
		size := 0
		for _, b := range blocks {
			if b.Text == "" || b.Kind == app.BlockHeading || covered[b.ID] || size+len(b.Text) > maxCarriedChars {
				continue
			}
			size += len(b.Text)
			ev.Blocks[b.ID] = b
			ev.Sections[b.SectionID] = paths[b.SectionID]
			w.Spans = append(w.Spans, app.Span{BlockID: b.ID, Start: 0, End: len(b.Text)})
			texts = append(texts, b.Text)
			w.PageStart, w.PageEnd = fts.PageRange(w.PageStart, w.PageEnd, b.Page)
			if w.SectionID == "" {
				w.SectionID, w.Section = b.SectionID, paths[b.SectionID]
			}
		}
		if len(texts) == 0 {
			continue
		}
		w.Text = strings.Join(texts, app.PassageSeparator)
		w.End = len(w.Text)
		if src != nil {
			src.Windows = append(src.Windows, w)
			src.Text += app.WindowSeparator + w.Text
		} else {
			ev.Sources = append(ev.Sources, app.Source{N: len(ev.Sources) + 1, DocumentID: d.ID, Title: d.Title, Format: d.Format,
				Windows: []app.Window{w}, Text: w.Text})
		}
		added++
	}
	return added, nil
}

func sourceOf(ev *app.Evidence, docID string) *app.Source {
	for i := range ev.Sources {
		if ev.Sources[i].DocumentID == docID {
			return &ev.Sources[i]
		}
	}
	return nil
}
