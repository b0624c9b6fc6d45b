package store

import (
	"context"

	"archivist/app"
)

// DocumentBlocks returns the named blocks of one document, in reading
// order; IDs of other documents' blocks, or of none, are left out. A
// follow-up question reloads the blocks the previous answer cited with it.
func (s *Snapshot) DocumentBlocks(ctx context.Context, docID string, ids []string) ([]app.Block, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, docID)
	for _, id := range ids {
		args = append(args, id)
	}
	return s.queryBlocks(ctx, `SELECT `+blockColumns+` FROM blocks WHERE document_id = ? AND id IN (`+
		placeholders(len(ids))+`) ORDER BY seq`, args...)
}
