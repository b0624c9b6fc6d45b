package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"archivist/app"
	"archivist/store/query"
)

// Ranked document search. The document-level FTS5 index (documents_fts)
// ranks whole documents by bm25 — title 4 : headings 2 : body 1, as the
// passage index weighs them — so a document matches when all of the
// query's words are anywhere in it; the passage index then finds, for
// the documents of the page shown, the passage that matches best, for its
// snippet and pages.

// docBM25 weighs documents_fts's columns: title, headings, body.
const docBM25 = "4.0, 2.0, 1.0"

// snippetTokens is the length of a result's snippet window.
const snippetTokens = 32

// matched is one document a query matches, with what facets and sorting
// need.
type matched struct {
	id, title, format string
	rank              float64
	typ, corr         string
	created, imported string
	sensitivity, fold string
	tags              []string
	language          string
	pages             int
}

// Matches returns the IDs of the ready, untrashed documents a query
// matches, best first (newest first for a query without words). It is how
// a Search or a live view becomes a question's scope, read through the
// question's own snapshot.
func (s *Snapshot) Matches(ctx context.Context, q *query.Query) ([]string, error) {
	all, err := s.matchAll(ctx, q)
	if err != nil {
		return nil, err
	}
	sortMatches(all, app.SortRelevance, q.HasText())
	ids := make([]string, len(all))
	for i, m := range all {
		ids[i] = m.id
	}
	return ids, nil
}

// SearchDocuments runs a ranked search: one page of results, the total and
// the facets of every matching document.
func (s *Snapshot) SearchDocuments(ctx context.Context, q *query.Query, req app.SearchRequest) (*app.SearchResults, error) {
	all, err := s.matchAll(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &app.SearchResults{Total: len(all), Facets: facets(all), Results: []app.SearchResult{}}
	sortMatches(all, req.Sort, q.HasText())
	limit := req.Limit
	if limit <= 0 {
		limit = 20
	}
	lo := min(max(req.Offset, 0), len(all))
	hi := min(lo+limit, len(all))
	words := q.AnyFTS()
	page := all[lo:hi]
	var best map[string]pageHits
	if words != "" && len(page) > 0 {
		ids := make([]string, len(page))
		for i, m := range page {
			ids[i] = m.id
		}
		if best, err = s.pageHits(ctx, ids, words); err != nil {
			return nil, err
		}
	}
	for _, m := range page {
		r := app.SearchResult{DocumentID: m.id, Title: m.title, Format: app.Format(m.format), Score: -m.rank, Created: m.created,
			Sensitivity: app.Sensitivity(m.sensitivity),
			Meta:        app.DocumentMeta{Tags: m.tags, Type: m.typ, Correspondent: m.corr, Language: m.language, Created: m.created}}
		if h, ok := best[m.id]; ok {
			r.Snippet, r.Pages, r.Section = h.snippet, h.pages, h.section
		} else if r.Snippet, r.Pages, r.Section, err = s.firstPassage(ctx, m.id); err != nil {
			return nil, err
		}
		out.Results = append(out.Results, r)
	}
	return out, nil
}

// pageHits is a result's best passage snippet and the pages of its best
// passages.
type pageHits struct {
	snippet string
	pages   []int
	section string // the best passage's headings
	best    int64  // rowid of the best passage
}

// pageHits finds, for the documents of one page of results, each one's
// best passages for the query's words: one FTS5 pass over the passages of
// all of them (ranked, without snippets), then snippets of the best
// passage of each only — a snippet is costly, and a long document can
// match in hundreds of passages. A document the query's words find only
// in the print of its pictures (the document index holds every block)
// takes its snippet and pages from that print, in a second pass over
// pictures_fts for those documents alone.
func (s *Snapshot) pageHits(ctx context.Context, ids []string, words string) (map[string]pageHits, error) {
	out := map[string]pageHits{}
	if err := s.pageHitsIn(ctx, "passages_fts", ids, words, out); err != nil {
		return nil, err
	}
	var rest []string
	for _, id := range ids {
		if _, ok := out[id]; !ok {
			rest = append(rest, id)
		}
	}
	if len(rest) > 0 {
		if err := s.pageHitsIn(ctx, "pictures_fts", rest, words, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// pageHitsIn is one pageHits pass over the FTS5 table table (passages_fts
// or pictures_fts), adding to out the documents of ids it finds.
func (s *Snapshot) pageHitsIn(ctx context.Context, table string, ids []string, words string, out map[string]pageHits) error {
	match := scopedMatch(words, ids)
	rows, err := s.tx.QueryContext(ctx, `SELECT h.rowid, p.document_id, p.page_start, p.page_end, p.headings
		FROM (SELECT rowid, bm25(`+table+`, `+bm25Weights+`) AS r FROM `+table+` WHERE `+table+` MATCH ?) h
		JOIN passages p ON p.rowid = h.rowid ORDER BY h.r`, match)
	if err != nil {
		return fmt.Errorf("store: search snippets: %w", err)
	}
	found := map[string]pageHits{}
	taken := map[string]int{}
	for rows.Next() {
		var rowid int64
		var doc string
		var lo, hi int
		var headings string
		if err := rows.Scan(&rowid, &doc, &lo, &hi, &headings); err != nil {
			rows.Close()
			return fmt.Errorf("store: search snippets: %w", err)
		}
		if taken[doc] == 3 {
			continue
		}
		taken[doc]++
		h, ok := found[doc]
		if !ok {
			h.best, h.section = rowid, headings
		}
		for p := lo; p >= 1 && p <= hi && p < lo+3; p++ {
			if !slices.Contains(h.pages, p) {
				h.pages = append(h.pages, p)
			}
		}
		found[doc] = h
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return fmt.Errorf("store: search snippets: %w", err)
	}
	for doc, h := range found {
		var snip string
		if err := s.tx.QueryRowContext(ctx, `SELECT snippet(`+table+`, 2, ?, ?, '…', ?) FROM `+table+`
			WHERE `+table+` MATCH ? AND rowid = ?`, app.SnippetMarkStart, app.SnippetMarkEnd, snippetTokens, match, h.best).Scan(&snip); err != nil {
			return fmt.Errorf("store: search snippets: %w", err)
		}
		h.snippet = strings.Join(strings.Fields(snip), " ")
		sort.Ints(h.pages)
		if h.pages == nil {
			h.pages = []int{}
		}
		out[doc] = h
	}
	return nil
}

// matchAll reads every document the query matches, unordered.
func (s *Snapshot) matchAll(ctx context.Context, q *query.Query) ([]matched, error) {
	pos, neg := q.FTS()
	filters, args := filterSQL(q)
	from := `documents d`
	rank := `0.0`
	var pre []any
	if pos != "" {
		match := pos
		if neg != "" {
			match = "(" + pos + ") NOT (" + neg + ")"
		}
		from = `(SELECT rowid, bm25(documents_fts, ` + docBM25 + `) AS r FROM documents_fts WHERE documents_fts MATCH ?) s
			JOIN search_docs sd ON sd.rowid = s.rowid JOIN documents d ON d.id = sd.document_id`
		rank = `s.r`
		pre = append(pre, match)
	}
	where := []string{`d.status = 'ready'`, `d.trashed_at IS NULL`}
	if pos == "" && neg != "" {
		where = append(where, `d.id NOT IN (SELECT sd.document_id FROM documents_fts x JOIN search_docs sd ON sd.rowid = x.rowid
			WHERE documents_fts MATCH ?)`)
		pre = append(pre, neg)
	}
	if filters != "" {
		where = append(where, filters)
	}
	rows, err := s.tx.QueryContext(ctx, `SELECT d.id, d.title, d.format, `+rank+`,
			coalesce(ty.name, ''), coalesce(co.name, ''), d.created_on, substr(d.imported_at, 1, 10),
			`+storedSensitivity+`, coalesce(f.name, ''), d.language, d.pages,
			coalesce((SELECT json_group_array(l.name) FROM document_tags t JOIN labels l ON l.id = t.label_id
				WHERE t.document_id = d.id), '[]')
		FROM `+from+`
		LEFT JOIN labels ty ON ty.id = d.type_id
		LEFT JOIN labels co ON co.id = d.correspondent_id
		LEFT JOIN folders f ON f.id = d.folder_id
		WHERE `+strings.Join(where, " AND "), append(pre, args...)...)
	if err != nil {
		return nil, fmt.Errorf("store: search documents: %w", err)
	}
	defer rows.Close()
	var all []matched
	for rows.Next() {
		var m matched
		var tags string
		if err := rows.Scan(&m.id, &m.title, &m.format, &m.rank, &m.typ, &m.corr, &m.created, &m.imported,
			&m.sensitivity, &m.fold, &m.language, &m.pages, &tags); err != nil {
			return nil, fmt.Errorf("store: search documents: %w", err)
		}
		m.tags = parseNames(tags)
		all = append(all, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: search documents: %w", err)
	}
	return all, nil
}

// sortMatches orders matches: by relevance (bm25; ties and queries
// without words newest first), or by date — the created date where known,
// else the imported date.
func sortMatches(all []matched, by app.SearchSort, ranked bool) {
	date := func(m matched) string {
		if m.created != "" {
			return m.created
		}
		return m.imported
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		switch {
		case by == app.SortOldest && date(a) != date(b):
			return date(a) < date(b)
		case by == app.SortNewest && date(a) != date(b):
			return date(a) > date(b)
		case by != app.SortNewest && by != app.SortOldest && ranked && a.rank != b.rank:
			return a.rank < b.rank
		case date(a) != date(b):
			return date(a) > date(b)
		}
		return a.id < b.id
	})
}

// facets counts every match's values; a document without a type (say) is
// counted under no type.
func facets(all []matched) map[string]map[string]int {
	f := map[string]map[string]int{}
	for _, name := range app.FacetNames {
		f[name] = map[string]int{}
	}
	add := func(facet, v string) {
		if v != "" {
			f[facet][v]++
		}
	}
	for _, m := range all {
		add("type", m.typ)
		add("correspondent", m.corr)
		for _, t := range m.tags {
			add("tag", t)
		}
		if len(m.created) >= 4 {
			add("year", m.created[:4])
		}
		add("format", m.format)
		add("sensitivity", m.sensitivity)
		add("folder", m.fold)
	}
	return f
}

// firstPassage returns the start of a document's first passage and its
// page: the snippet of a result the query's words do not reach.
func (s *Snapshot) firstPassage(ctx context.Context, docID string) (string, []int, string, error) {
	var lo, hi int
	var text, headings string
	err := s.tx.QueryRowContext(ctx, `SELECT page_start, page_end, substr(body, 1, 240), headings FROM passages
		WHERE document_id = ? ORDER BY seq LIMIT 1`, docID).Scan(&lo, &hi, &text, &headings)
	if errors.Is(err, sql.ErrNoRows) {
		return "", []int{}, "", nil
	} else if err != nil {
		return "", nil, "", fmt.Errorf("store: search snippet: %w", err)
	}
	pages := []int{}
	if lo >= 1 {
		pages = append(pages, lo)
	}
	return strings.Join(strings.Fields(strings.ToValidUTF8(text, "")), " "), pages, headings, nil
}

// marshalIDs writes document IDs as a JSON array, for snapshot views.
func marshalIDs(ids []string) string {
	b, _ := json.Marshal(ids)
	return string(b)
}

// ParseQuery reads a query in the search language; a malformed one is an
// app.EInvalid error whose message points at the problem.
func ParseQuery(s string) (*query.Query, error) {
	q, err := query.Parse(s)
	if err != nil {
		return nil, &app.Error{Code: app.EInvalid, Message: "The " + err.Error()}
	}
	return q, nil
}

// SearchDocuments parses and runs a ranked search in a snapshot of its own.
func (db *DB) SearchDocuments(ctx context.Context, req app.SearchRequest) (*app.SearchResults, error) {
	q, err := ParseQuery(req.Query)
	if err != nil {
		return nil, err
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	return snap.SearchDocuments(ctx, q, req)
}

// SearchDocumentIDs returns every document a query matches, best first.
func (db *DB) SearchDocumentIDs(ctx context.Context, src string) ([]string, error) {
	q, err := ParseQuery(src)
	if err != nil {
		return nil, err
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	return snap.Matches(ctx, q)
}
