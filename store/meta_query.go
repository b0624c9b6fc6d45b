package store

import (
	"strings"

	"archivist/store/query"
)

// storedSensitivity is app.StoredSensitivity in SQL: unset reads as
// internal, an unknown value as restricted.
const storedSensitivity = `(CASE WHEN d.sensitivity = '' THEN 'internal'
	WHEN d.sensitivity IN ('public', 'internal', 'confidential', 'restricted') THEN d.sensitivity
	ELSE 'restricted' END)`

// filterSQL turns a query's filters into one SQL condition over documents
// d (with its arguments): the groups ANDed, each group's filters ORed, an
// excluded group negated. "" when the query has no filters.
func filterSQL(q *query.Query) (string, []any) {
	var conds []string
	var args []any
	for _, g := range q.Filters() {
		var alts []string
		for _, t := range g.Terms {
			c, a := termSQL(t)
			alts = append(alts, c)
			args = append(args, a...)
		}
		c := "(" + strings.Join(alts, " OR ") + ")"
		if g.Neg {
			c = "NOT " + c
		}
		conds = append(conds, c)
	}
	return strings.Join(conds, " AND "), args
}

func termSQL(t query.Term) (string, []any) {
	switch t.Field {
	case "tag":
		return `EXISTS (SELECT 1 FROM document_tags dt JOIN labels l ON l.id = dt.label_id
			WHERE dt.document_id = d.id AND l.name = ? COLLATE NOCASE)`, []any{t.Value}
	case "type":
		return `d.type_id IN (SELECT id FROM labels WHERE kind = 'type' AND name = ? COLLATE NOCASE)`, []any{t.Value}
	case "correspondent":
		return `d.correspondent_id IN (SELECT id FROM labels WHERE kind = 'correspondent' AND name = ? COLLATE NOCASE)`, []any{t.Value}
	case "folder":
		// The folder of that name wherever it is, and every folder below it.
		return `d.folder_id IN (WITH RECURSIVE f(id) AS (
				SELECT id FROM folders WHERE name = ? COLLATE NOCASE
				UNION SELECT c.id FROM folders c JOIN f ON c.parent_id = f.id)
			SELECT id FROM f)`, []any{t.Value}
	case "sensitivity":
		return storedSensitivity + ` = ?`, []any{t.Value}
	case "format":
		return `d.format = ?`, []any{t.Value}
	case "lang":
		return `d.language = ?`, []any{t.Value}
	case "created":
		return dateSQL(`d.created_on`, t)
	case "imported":
		return dateSQL(`substr(d.imported_at, 1, 10)`, t)
	case "pages":
		c, args := `d.pages >= ?`, []any{t.Lo}
		if t.Hi > 0 {
			c, args = c+` AND d.pages < ?`, append(args, t.Hi)
		}
		return "(" + c + ")", args
	}
	// The parser knows no other field; a term that reached here would be
	// a bug, and must match nothing rather than everything.
	return `0`, nil
}

// dateSQL bounds a YYYY-MM-DD column; an unknown (”) date is in no range.
func dateSQL(col string, t query.Term) (string, []any) {
	conds := []string{col + ` != ''`}
	var args []any
	if t.From != "" {
		conds, args = append(conds, col+` >= ?`), append(args, t.From)
	}
	if t.To != "" {
		conds, args = append(conds, col+` < ?`), append(args, t.To)
	}
	return "(" + strings.Join(conds, " AND ") + ")", args
}
