package query

import (
	"strings"
	"unicode"
)

// FTS renders the query's text as FTS5 MATCH expressions: pos is every
// text group that must hold, joined by AND (OR groups in parentheses, so
// FTS5's own precedence never regroups them); neg is the excluded text
// groups joined by OR. Either is "" when the query has none. Each word is
// a quoted FTS5 string, so no word can be read as an FTS5 operator.
func (q *Query) FTS() (pos, neg string) {
	var must, not []string
	for _, g := range q.Groups {
		if g.Terms[0].Kind == Filter {
			continue
		}
		var alts []string
		for _, t := range g.Terms {
			alts = append(alts, ftsString(t))
		}
		e := "(" + strings.Join(alts, " OR ") + ")"
		if g.Neg {
			not = append(not, e)
		} else {
			must = append(must, e)
		}
	}
	return strings.Join(must, " AND "), strings.Join(not, " OR ")
}

func ftsString(t Term) string {
	s := `"` + strings.ReplaceAll(t.Text, `"`, `""`) + `"`
	if t.Prefix {
		s += "*"
	}
	return s
}

// Filters returns the filter groups (each an OR of filters; Neg excludes).
func (q *Query) Filters() []Group {
	var out []Group
	for _, g := range q.Groups {
		if g.Terms[0].Kind == Filter {
			out = append(out, g)
		}
	}
	return out
}

// String writes the query back in the language, in a canonical spelling:
// parsing it again gives the same query.
func (q *Query) String() string {
	var groups []string
	for _, g := range q.Groups {
		var alts []string
		for _, t := range g.Terms {
			alts = append(alts, t.String())
		}
		s := strings.Join(alts, " OR ")
		if g.Neg {
			s = "-" + s
		}
		groups = append(groups, s)
	}
	return strings.Join(groups, " ")
}

// String writes one term in the language.
func (t Term) String() string {
	quote := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
	switch t.Kind {
	case Phrase:
		return quote(t.Text)
	case Filter:
		v := t.Value
		if strings.ContainsAny(v, `"()`) || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
			v = quote(v)
		}
		return t.Field + ":" + v
	}
	if t.Prefix {
		return t.Text + "*"
	}
	return t.Text
}

// AnyFTS is the OR of every word and phrase the query looks for (not the
// excluded ones): what a passage must hold to show a document's snippet,
// since a document matches when its words are anywhere in it, not all in
// one passage. "" when the query has no text.
func (q *Query) AnyFTS() string {
	var alts []string
	for _, g := range q.Groups {
		if g.Neg || g.Terms[0].Kind == Filter {
			continue
		}
		for _, t := range g.Terms {
			alts = append(alts, ftsString(t))
		}
	}
	return strings.Join(alts, " OR ")
}
