package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"archivist/app"
)

// The ledger of extracted facts (migration 0007). Extraction replaces a
// document's pending proposals; a reviewed fact — accepted, rejected or
// edited — is never replaced, and a proposal that repeats one is dropped,
// so re-extraction by a new extractor version keeps every decision.

// AutoAcceptSetting is the settings key of the confidence above which new
// dates are accepted without review ("" or 0: off, the default).
const AutoAcceptSetting = "facts.date.auto_accept_above"

// ReplaceProposals records that extractor (at version) read a document and
// proposed facts: the document's pending facts from that extractor are
// replaced by the proposals, except proposals repeating a reviewed fact
// (the same value, or the same place in the same block). A proposal above
// autoAbove (when > 0) is accepted with reviewer "auto". IDs, values and
// sort values must be set; values are checked against their contract. It
// returns how many facts it added.
func (db *DB) ReplaceProposals(ctx context.Context, docID, extractor string, version int, proposals []app.Fact, autoAbove float64) (int, error) {
	for i := range proposals {
		if err := normalizeFact(&proposals[i]); err != nil {
			return 0, err
		}
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("store: replace proposals: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM facts WHERE document_id = ? AND extractor = ? AND state = 'pending'`,
		docID, extractor); err != nil {
		return 0, fmt.Errorf("store: replace proposals: %w", err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT type, value_json, block_id, quote_start + original_start FROM facts
		WHERE document_id = ? AND state != 'pending'`, docID)
	if err != nil {
		return 0, fmt.Errorf("store: replace proposals: %w", err)
	}
	reviewed := map[string]bool{}
	for rows.Next() {
		var typ, value, block string
		var at int
		if err := rows.Scan(&typ, &value, &block, &at); err != nil {
			rows.Close()
			return 0, fmt.Errorf("store: replace proposals: %w", err)
		}
		reviewed[typ+"\x00"+value] = true
		reviewed[typ+"\x00"+block+"\x00"+strconv.Itoa(at)] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: replace proposals: %w", err)
	}
	now := db.now()
	added := 0
	for _, f := range proposals {
		typ := string(f.Type)
		if reviewed[typ+"\x00"+string(f.Value)] || reviewed[typ+"\x00"+f.BlockID+"\x00"+strconv.Itoa(f.QuoteStart+f.OriginalStart)] {
			continue
		}
		state, reviewer, reviewedAt := app.FactPending, "", any(nil)
		if autoAbove > 0 && f.Confidence > autoAbove {
			state, reviewer, reviewedAt = app.FactAccepted, "auto", now
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO facts (id, document_id, type, role, value_json, sort_value,
			original, quote, block_id, quote_start, original_start, page, confidence, state, extractor,
			extractor_version, source_sha256, reviewer, reviewed_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			f.ID, docID, typ, f.Role, string(f.Value), f.SortValue, f.Original, f.Quote, f.BlockID, f.QuoteStart,
			f.OriginalStart, f.Page, f.Confidence, string(state), extractor, version, f.SourceSHA256,
			reviewer, reviewedAt, now); err != nil {
			return 0, fmt.Errorf("store: replace proposals: %w", err)
		}
		added++
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO fact_runs (document_id, extractor, version, ran_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (document_id, extractor) DO UPDATE SET version = excluded.version, ran_at = excluded.ran_at`,
		docID, extractor, version, now); err != nil {
		return 0, fmt.Errorf("store: replace proposals: %w", err)
	}
	return added, tx.Commit()
}

// normalizeFact checks a fact's value and role against its contract and
// sets the canonical value and sort value.
func normalizeFact(f *app.Fact) error {
	c := app.Contract(f.Type)
	if c == nil {
		return app.Errorf(app.EInvalid, "unknown fact type %q", f.Type)
	}
	if !hasString(c.Roles(), f.Role) {
		return app.Errorf(app.EInvalid, "%q is not a role of a %s", f.Role, f.Type)
	}
	v, sortValue, err := c.Normalize(f.Value)
	if err != nil {
		return err
	}
	if f.Confidence < 0 || f.Confidence > 1 {
		return app.Errorf(app.EInvalid, "confidence %v is outside 0–1", f.Confidence)
	}
	f.Value, f.SortValue = v, sortValue
	return nil
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// StaleFactDocuments returns the ready documents extractor has not read at
// version or later: those imported before it existed, and those an older
// version read.
func (db *DB) StaleFactDocuments(ctx context.Context, extractor string, version int) ([]string, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT d.id FROM documents d
		LEFT JOIN fact_runs r ON r.document_id = d.id AND r.extractor = ?
		WHERE d.status = 'ready' AND (r.version IS NULL OR r.version < ?) ORDER BY d.imported_at, d.id`,
		extractor, version)
	if err != nil {
		return nil, fmt.Errorf("store: stale fact documents: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: stale fact documents: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

const factColumns = `f.id, f.document_id, f.type, f.role, f.value_json, f.sort_value, f.original, f.quote, f.block_id,
	f.quote_start, f.original_start, f.page, f.confidence, f.state, f.extractor, f.extractor_version,
	f.source_sha256, f.reviewer, f.reviewed_at, f.created_at, d.title`

func scanFact(s interface{ Scan(...any) error }) (app.Fact, error) {
	var f app.Fact
	var typ, value, state string
	var reviewed sql.NullString
	var created string
	err := s.Scan(&f.ID, &f.DocumentID, &typ, &f.Role, &value, &f.SortValue, &f.Original, &f.Quote, &f.BlockID,
		&f.QuoteStart, &f.OriginalStart, &f.Page, &f.Confidence, &state, &f.Extractor, &f.Version,
		&f.SourceSHA256, &f.Reviewer, &reviewed, &created, &f.DocumentTitle)
	f.Type, f.State, f.Value = app.FactType(typ), app.FactState(state), json.RawMessage(value)
	if reviewed.Valid {
		f.ReviewedAt = parseTime(reviewed.String)
	}
	f.CreatedAt = parseTime(created)
	return f, err
}

// ListFacts returns the facts the filter selects, of documents that are
// ready and not in the trash, in order of sort value (then document and
// place in it).
func (db *DB) ListFacts(ctx context.Context, flt app.FactFilter) ([]app.Fact, error) {
	return listFacts(ctx, db.read, flt)
}

// AcceptedFacts returns the accepted facts of the given documents as the
// snapshot sees them, in order of sort value.
func (s *Snapshot) AcceptedFacts(ctx context.Context, docIDs []string) ([]app.Fact, error) {
	if len(docIDs) == 0 {
		return nil, nil
	}
	return listFacts(ctx, s.tx, app.FactFilter{States: []app.FactState{app.FactAccepted}, DocumentIDs: docIDs})
}

func listFacts(ctx context.Context, q querier, flt app.FactFilter) ([]app.Fact, error) {
	var where []string
	var args []any
	with := ""
	if flt.FolderID != "" {
		with = `WITH RECURSIVE tree(id) AS (SELECT ? UNION SELECT fo.id FROM folders fo JOIN tree t ON fo.parent_id = t.id) `
		args = append(args, flt.FolderID)
		where = append(where, `d.folder_id IN (SELECT id FROM tree)`)
	}
	// The unary + keeps SQLite from driving the join by the documents'
	// status index: without statistics it takes "ready" for selective and,
	// given a few documents' IDs, walked every ready document of a large
	// library instead of looking up those few.
	where = append(where, `+d.status = 'ready'`, `+d.trashed_at IS NULL`)
	if flt.Type != "" {
		where = append(where, `f.type = ?`)
		args = append(args, string(flt.Type))
	}
	in := func(col string, vals []string) {
		where = append(where, col+` IN (`+placeholders(len(vals))+`)`)
		for _, v := range vals {
			args = append(args, v)
		}
	}
	if len(flt.States) > 0 {
		s := make([]string, len(flt.States))
		for i, st := range flt.States {
			s[i] = string(st)
		}
		in(`f.state`, s)
	}
	if len(flt.Roles) > 0 {
		in(`f.role`, flt.Roles)
	}
	if flt.Tag != "" {
		where = append(where, `f.document_id IN (SELECT t.document_id FROM document_tags t
			JOIN labels l ON l.id = t.label_id WHERE l.kind = 'tag' AND l.name = ? COLLATE NOCASE)`)
		args = append(args, flt.Tag)
	}
	if len(flt.DocumentIDs) > 0 {
		in(`f.document_id`, flt.DocumentIDs)
	}
	if flt.To != "" {
		where = append(where, `f.sort_value <= ?`)
		args = append(args, flt.To)
	}
	if flt.From != "" {
		// A range overlapping From counts: its end is at or after From.
		where = append(where, `coalesce(nullif(json_extract(f.value_json, '$.end'), ''), f.sort_value) >= ?`)
		args = append(args, flt.From)
	}
	query := with + `SELECT ` + factColumns + ` FROM facts f JOIN documents d ON d.id = f.document_id WHERE ` +
		strings.Join(where, ` AND `) + ` ORDER BY f.sort_value, f.document_id, f.page, f.quote_start, f.id`
	if flt.Limit > 0 {
		query += ` LIMIT ` + strconv.Itoa(flt.Limit)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: list facts: %w", err)
	}
	defer rows.Close()
	out := []app.Fact{}
	for rows.Next() {
		f, err := scanFact(rows)
		if err != nil {
			return nil, fmt.Errorf("store: list facts: %w", err)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// ReviewFacts applies reviews in one transaction: every fact must exist
// and every corrected value and role must pass the type's contract, or
// nothing changes.
func (db *DB) ReviewFacts(ctx context.Context, reviewer string, reviews []app.FactReview) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: review facts: %w", err)
	}
	defer tx.Rollback()
	now := db.now()
	for _, r := range reviews {
		if _, ok := app.ParseFactState(string(r.State)); !ok {
			return app.Errorf(app.EInvalid, "%q is not a review state", r.State)
		}
		var typ, role, value string
		err := tx.QueryRowContext(ctx, `SELECT type, role, value_json FROM facts WHERE id = ?`, r.ID).Scan(&typ, &role, &value)
		if err == sql.ErrNoRows {
			return app.Errorf(app.ENotFound, "No extracted fact with ID %q.", r.ID)
		} else if err != nil {
			return fmt.Errorf("store: review facts: %w", err)
		}
		f := app.Fact{Type: app.FactType(typ), Role: role, Value: json.RawMessage(value)}
		if r.Role != "" {
			f.Role = r.Role
		}
		if r.Value != nil {
			f.Value = r.Value
		}
		if err := normalizeFact(&f); err != nil {
			return err
		}
		rev, at := reviewer, any(now)
		if r.State == app.FactPending {
			rev, at = "", nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE facts SET state = ?, role = ?, value_json = ?, sort_value = ?,
			reviewer = ?, reviewed_at = ? WHERE id = ?`, string(r.State), f.Role, string(f.Value), f.SortValue,
			rev, at, r.ID); err != nil {
			return fmt.Errorf("store: review facts: %w", err)
		}
	}
	return tx.Commit()
}

// AutoAcceptAbove returns the confidence above which new dates are
// accepted without review; 0 means off.
func (db *DB) AutoAcceptAbove(ctx context.Context) (float64, error) {
	v, err := db.Setting(ctx, AutoAcceptSetting)
	if err != nil || v == "" {
		return 0, err
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || x < 0 || x >= 1 {
		return 0, nil // an unreadable value means off
	}
	return x, nil
}

// SetAutoAcceptAbove stores the automatic-acceptance threshold: 0 turns
// it off; otherwise it must lie in (0, 1).
func (db *DB) SetAutoAcceptAbove(ctx context.Context, threshold float64) error {
	if threshold < 0 || threshold >= 1 {
		return app.Errorf(app.EInvalid, "the confidence must be at least 0 and below 1, not %v", threshold)
	}
	return db.SetSetting(ctx, AutoAcceptSetting, strconv.FormatFloat(threshold, 'f', -1, 64))
}
