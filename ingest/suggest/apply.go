package suggest

import (
	"context"

	"archivist/app"
)

// Labeller sets the metadata a suggestion proposes.
type Labeller interface {
	SetLabel(ctx context.Context, kind app.LabelKind, documentIDs []string, name string) error
	AddTags(ctx context.Context, documentIDs []string, names ...string) error
}

// Count is how many proposals sug makes: its type, correspondent and each
// tag.
func Count(sug *app.MetaSuggestion) int {
	if sug == nil {
		return 0
	}
	n := len(sug.Tags)
	if sug.Type != "" {
		n++
	}
	if sug.Correspondent != "" {
		n++
	}
	return n
}

// Apply sets every proposal of sug on its document. It is what "apply
// suggestions automatically" does for a newly imported document; without
// that setting proposals are applied one ticked box at a time.
func Apply(ctx context.Context, m Labeller, sug *app.MetaSuggestion) error {
	if Count(sug) == 0 {
		return nil
	}
	ids := []string{sug.DocumentID}
	if sug.Type != "" {
		if err := m.SetLabel(ctx, app.LabelType, ids, sug.Type); err != nil {
			return err
		}
	}
	if sug.Correspondent != "" {
		if err := m.SetLabel(ctx, app.LabelCorrespondent, ids, sug.Correspondent); err != nil {
			return err
		}
	}
	if len(sug.Tags) > 0 {
		return m.AddTags(ctx, ids, sug.Tags...)
	}
	return nil
}
