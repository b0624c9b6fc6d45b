package retrieve

import (
	"context"

	"archivist/app"
	"archivist/store"
)

// attachAbbreviations puts beside each source the abbreviations its
// document defines (learned at import, migration 0010), read in the
// question's snapshot: the answerer matches a question's "CEO" to the
// "Chief Executive Officer" of its evidence though the definition stands
// pages away.
func attachAbbreviations(ctx context.Context, snap *store.Snapshot, ev *app.Evidence) error {
	ids := make([]string, 0, len(ev.Sources))
	for _, s := range ev.Sources {
		ids = append(ids, s.DocumentID)
	}
	byDoc, err := snap.Abbreviations(ctx, ids)
	if err != nil {
		return err
	}
	for i := range ev.Sources {
		ev.Sources[i].Abbreviations = byDoc[ev.Sources[i].DocumentID]
	}
	return nil
}
