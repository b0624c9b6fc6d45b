package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"archivist/app"
)

// PageRow is one stored page with the number of words on it.
type PageRow struct {
	app.Page
	Words int
}

// Sections returns a document's section tree in reading order; Parent is an
// index into the returned slice (-1 for the root).
func (db *DB) Sections(ctx context.Context, docID string) ([]app.Section, error) {
	return readSections(ctx, db.read, docID)
}

// querier is what sections need: the reader pool or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// readSections reads a document's section tree in reading order; Parent
// indexes the returned slice (-1 for the root).
func readSections(ctx context.Context, q querier, docID string) ([]app.Section, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, coalesce(parent_id, ''), level, heading, page_start, page_end,
		line_start, line_end FROM sections WHERE document_id = ? ORDER BY seq`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: sections: %w", err)
	}
	defer rows.Close()
	var out []app.Section
	index := map[string]int{}
	for rows.Next() {
		var s app.Section
		var parent string
		if err := rows.Scan(&s.ID, &parent, &s.Level, &s.Heading, &s.PageStart, &s.PageEnd, &s.LineStart, &s.LineEnd); err != nil {
			return nil, fmt.Errorf("store: sections: %w", err)
		}
		s.Parent = -1
		if i, ok := index[parent]; ok {
			s.Parent = i
		}
		index[s.ID] = len(out)
		out = append(out, s)
	}
	return out, rows.Err()
}

// Pages returns a document's pages in order.
func (db *DB) Pages(ctx context.Context, docID string) ([]PageRow, error) {
	return readPages(ctx, db.read, docID)
}

func readPages(ctx context.Context, q querier, docID string) ([]PageRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT number, label, width_pt, height_pt, rotation, words FROM pages
		WHERE document_id = ? ORDER BY number`, docID)
	if err != nil {
		return nil, fmt.Errorf("store: pages: %w", err)
	}
	defer rows.Close()
	var out []PageRow
	for rows.Next() {
		var p PageRow
		if err := rows.Scan(&p.Number, &p.Label, &p.WidthPt, &p.HeightPt, &p.Rotation, &p.Words); err != nil {
			return nil, fmt.Errorf("store: pages: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// pageDir holds rendered page images: pages/ab/abcdef…/12@144.png.
const pageDir = "pages"

// PageImagePath is where the image of one page of the original with the
// given SHA-256, rendered at dpi, is cached.
func (db *DB) PageImagePath(sum string, page, dpi int) string {
	prefix := "_"
	if len(sum) >= 2 {
		prefix = sum[:2]
	}
	return filepath.Join(db.Dir, pageDir, prefix, sum, strconv.Itoa(page)+"@"+strconv.Itoa(dpi)+".png")
}

// WritePageImage stores a page image atomically: written beside its final
// name, then renamed, so a cached image is never half written. (Not synced:
// it is a cache, made again when missing.)
func (db *DB) WritePageImage(path string, write func(f *os.File) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("store: page image: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".render-*")
	if err != nil {
		return fmt.Errorf("store: page image: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("store: page image: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("store: page image: %w", err)
	}
	return nil
}

// Profile returns a document's search profile, read from the generated
// columns that routing uses.
func (db *DB) Profile(ctx context.Context, docID string) (*app.Profile, error) {
	p, err := scanProfile(db.read.QueryRowContext(ctx, `SELECT `+profileColumns+` FROM documents WHERE id = ?`, docID))
	if err != nil {
		return nil, fmt.Errorf("store: profile: %w", err)
	}
	return p, nil
}

// profileColumns are the documents' search-profile columns scanProfile reads.
const profileColumns = `outline, acronyms, captions, word_count, pages`

// scanProfile scans a row of profileColumns, after the destinations in lead,
// into a profile.
func scanProfile(row interface{ Scan(...any) error }, lead ...any) (*app.Profile, error) {
	var outline, acronyms, captions sql.NullString
	var words sql.NullInt64
	p := &app.Profile{}
	if err := row.Scan(append(lead, &outline, &acronyms, &captions, &words, &p.Pages)...); err != nil {
		return nil, err
	}
	p.Words = int(words.Int64)
	for _, f := range []struct {
		col sql.NullString
		dst any
	}{{outline, &p.Outline}, {acronyms, &p.Acronyms}, {captions, &p.Captions}} {
		if f.col.Valid && f.col.String != "" {
			if err := json.Unmarshal([]byte(f.col.String), f.dst); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}
