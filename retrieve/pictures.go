package retrieve

import (
	"context"
	"fmt"
	"sync"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/retrieve/route"
)

// figures cuts the figures one question shows providers that see images
// (docs/design.md §5): the pixels of a figure block, cut from its page by
// the library's FigureCropper under the process's limit, and kept for the
// question alone. Before any picture is cut its document is read again:
// one trashed, changed or made Confidential since the evidence was read
// is not shown, and a Confidential or Restricted document's pictures
// leave only with the conversation's consent, as its text does.
type figures struct {
	crop    app.FigureCropper
	lib     Library
	consent bool

	// read holds the documents in scope as the evidence's snapshot read
	// them: the version a picture must still be cut from.
	read map[string]app.Document

	mu     sync.Mutex
	cut    map[string]app.Picture // by block ID
	gone   map[string]bool        // block IDs that could not be cut
	access map[string]string      // by document ID: "" may be shown, else why not
}

func newFigures(crop app.FigureCropper, lib Library, q app.Question) *figures {
	return &figures{crop: crop, lib: lib, consent: q.Consent,
		cut: map[string]app.Picture{}, gone: map[string]bool{}, access: map[string]string{}}
}

var _ route.Pictures = (*figures)(nil)

// Figures returns the pictures of blocks' figure blocks, cut from doc's
// pages, and a note when some may not or could not be shown.
func (f *figures) Figures(ctx context.Context, doc app.Document, blocks []app.Block) ([]app.Picture, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if why := f.allowed(ctx, doc); why != "" {
		return nil, why
	}
	var out []app.Picture
	failed := 0
	for _, b := range blocks {
		if b.Kind != app.BlockFigure {
			continue
		}
		if p, ok := f.cut[b.ID]; ok {
			out = append(out, p)
			continue
		}
		if f.gone[b.ID] {
			failed++
			continue
		}
		png, whole, err := f.crop.CropFigure(ctx, doc.ID, doc.SHA256, b.Box)
		if err != nil {
			f.gone[b.ID] = true
			failed++
			continue
		}
		label := fmt.Sprintf("the figure on page %d", b.Box.Page)
		if whole {
			label = fmt.Sprintf("page %d, whole (the figure's place on it is not known; the passage's print was read from a figure on it)", b.Box.Page)
		}
		p := app.Picture{Label: label, PNG: png}
		f.cut[b.ID] = p
		out = append(out, p)
	}
	if failed > 0 {
		return out, fmt.Sprintf("%d %s of %s could not be cut from %s pages and %s not shown.",
			failed, plural(failed, "figure", "figures"), doc.Title, plural(failed, "its", "their"), plural(failed, "was", "were"))
	}
	return out, ""
}

// allowed reads doc again, once a question, and says why its pictures may
// not be shown ("" when they may).
func (f *figures) allowed(ctx context.Context, doc app.Document) string {
	if why, ok := f.access[doc.ID]; ok {
		return why
	}
	why := f.check(ctx, doc)
	f.access[doc.ID] = why
	return why
}

func (f *figures) check(ctx context.Context, doc app.Document) string {
	snap, err := f.lib.Snapshot(ctx)
	if err != nil {
		return "Pictures were not shown: the library could not be read again."
	}
	defer snap.Close()
	now, err := snap.ReadyDocuments(ctx, []string{doc.ID})
	if err != nil || len(now) != 1 || now[0].SHA256 != doc.SHA256 {
		return fmt.Sprintf("The pictures of %s were not shown: it was changed or removed since its evidence was read.", doc.Title)
	}
	if !f.consent && (now[0].Sensitivity.NeedsConsent() || doc.Sensitivity.NeedsConsent()) {
		return fmt.Sprintf("The pictures of %s were not shown: it is Confidential or Restricted, and this conversation has not consented to sending it.", doc.Title)
	}
	return ""
}

// attachPictures gives each source the pictures of the figure blocks its
// windows quote, up to app.MaxImagesPerQuestion over all sources, when the
// answerer sees images; it returns notes on what was not shown, and how
// many pictures were given.
func attachPictures(ctx context.Context, a answer.Answerer, ev *app.Evidence, figs *figures) (notes []string, shown int) {
	note := func(s string) {
		if s != "" {
			notes = append(notes, s)
		}
	}
	seer, ok := a.(jev.Seer)
	if !ok || figs == nil || !holdsFigures(ev) {
		return nil, 0
	}
	if sees, why := seer.SeesImages(ctx); !sees {
		note(why)
		return notes, 0
	}
	for i := range ev.Sources {
		s := &ev.Sources[i]
		var blocks []app.Block
		seen := map[string]bool{}
		for _, w := range s.Windows {
			for _, sp := range w.Spans {
				if b, ok := ev.Blocks[sp.BlockID]; ok && b.Kind == app.BlockFigure && !seen[b.ID] {
					seen[b.ID] = true
					blocks = append(blocks, b)
				}
			}
		}
		if len(blocks) == 0 || shown == app.MaxImagesPerQuestion {
			continue
		}
		blocks = blocks[:min(len(blocks), app.MaxImagesPerQuestion-shown)]
		doc, ok := figs.read[s.DocumentID]
		if !ok {
			continue
		}
		pics, why := figs.Figures(ctx, doc, blocks)
		note(why)
		s.Pictures = pics
		shown += len(pics)
	}
	return notes, shown
}

// holdsFigures reports whether any window of ev quotes a figure block.
func holdsFigures(ev *app.Evidence) bool {
	for _, b := range ev.Blocks {
		if b.Kind == app.BlockFigure {
			return true
		}
	}
	return false
}
