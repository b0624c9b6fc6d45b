package store

import (
	"context"
	"fmt"
	"strings"

	"archivist/app"
)

// sampleChars bounds the text of a document a suggestion reads: its title
// page, as a person glancing at it would.
const sampleChars = 3000

// MetaSamples returns, for every ready document not in the trash, its
// title, the start of its text (at most sampleChars bytes) and its
// metadata: what metadata suggestions learn from and propose for.
func (db *DB) MetaSamples(ctx context.Context) ([]app.MetaSample, error) {
	meta, err := db.DocumentMeta(ctx, nil)
	if err != nil {
		return nil, err
	}
	rows, err := db.read.QueryContext(ctx, `SELECT d.id, d.title, d.filename,
			coalesce((SELECT group_concat(text, ' ') FROM (SELECT text FROM blocks b WHERE b.document_id = d.id ORDER BY seq LIMIT 40)), '')
		FROM documents d WHERE d.status = 'ready' AND d.trashed_at IS NULL ORDER BY d.imported_at, d.id`)
	if err != nil {
		return nil, fmt.Errorf("store: metadata samples: %w", err)
	}
	defer rows.Close()
	var out []app.MetaSample
	for rows.Next() {
		var s app.MetaSample
		if err := rows.Scan(&s.DocumentID, &s.Title, &s.Filename, &s.Text); err != nil {
			return nil, fmt.Errorf("store: metadata samples: %w", err)
		}
		if len(s.Text) > sampleChars {
			s.Text = strings.ToValidUTF8(s.Text[:sampleChars], "")
		}
		s.Meta = meta[s.DocumentID]
		out = append(out, s)
	}
	return out, rows.Err()
}
