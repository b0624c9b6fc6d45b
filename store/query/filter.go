package query

import (
	"strconv"
	"strings"
	"time"

	"archivist/app"
	"archivist/app/lang"
)

// filter reads the value of field: at the cursor, which sits on the field
// name.
func (p *parser) filter(neg bool, at int, field string) (bool, Term, error) {
	known := false
	for _, f := range Fields {
		known = known || f == field
	}
	if !known {
		return false, Term{}, p.fail(at, "there is no filter %q; the filters are %s:", field, strings.Join(Fields, ":, "))
	}
	p.pos += len(field) + 1
	vat := p.pos
	var value string
	if p.pos < len(p.src) && p.src[p.pos] == '"' {
		v, err := p.quoted()
		if err != nil {
			return false, Term{}, err
		}
		value = v
	} else {
		value = p.peekWord()
		p.pos += len(value)
		if i := strings.IndexAny(value, `()"`); i >= 0 {
			return false, Term{}, p.fail(vat+i, "quote a value holding %q: %s:\"…\"", value[i], field)
		}
	}
	value = strings.TrimSpace(value)
	if value == "" {
		return false, Term{}, p.fail(vat, "%s: needs a value", field)
	}
	t := Term{Kind: Filter, Pos: at, Field: field, Value: value}
	switch field {
	case "sensitivity":
		s, err := app.ParseSensitivity(value)
		if err != nil {
			return false, t, p.fail(vat, "sensitivity is public, internal, confidential or restricted, not %q", value)
		}
		t.Value = string(s)
	case "format":
		v := strings.ToLower(value)
		switch app.Format(v) {
		case app.FormatPDF, app.FormatMarkdown, app.FormatText, app.FormatHTML, app.FormatDOCX:
			t.Value = v
		default:
			return false, t, p.fail(vat, "format is pdf, markdown, text, html or docx, not %q", value)
		}
	case "lang":
		code, ok := lang.LanguageCode(value)
		if !ok {
			var names []string
			for _, l := range lang.Languages {
				names = append(names, l.Code)
			}
			return false, t, p.fail(vat, "lang is one of the languages Archivist detects (%s), not %q", strings.Join(names, ", "), value)
		}
		t.Value = code
	case "created", "imported":
		from, to, err := p.dateRange(vat, value)
		if err != nil {
			return false, t, err
		}
		t.From, t.To = from, to
	case "pages":
		lo, hi, err := p.pageRange(vat, value)
		if err != nil {
			return false, t, err
		}
		t.Lo, t.Hi = lo, hi
	}
	return neg, t, nil
}

// comparison splits a leading >, >=, < or <= off a value.
func comparison(v string) (op, rest string) {
	for _, op := range []string{">=", "<=", ">", "<"} {
		if strings.HasPrefix(v, op) {
			return op, v[len(op):]
		}
	}
	return "", v
}

// dateRange reads 2022, 2022-01, 2022-01-05, a comparison of one of them
// or A..B (either end may be left out), as a half-open range of days.
func (p *parser) dateRange(at int, v string) (from, to string, err error) {
	if i := strings.Index(v, ".."); i >= 0 {
		a, b := v[:i], v[i+2:]
		if a == "" && b == "" {
			return "", "", p.fail(at, "a range needs at least one end, as in 2022-01..2022-06")
		}
		if a != "" {
			if from, _, err = p.period(at, a); err != nil {
				return "", "", err
			}
		}
		if b != "" {
			if _, to, err = p.period(at+i+2, b); err != nil {
				return "", "", err
			}
		}
		if from != "" && to != "" && from >= to {
			return "", "", p.fail(at, "the range ends before it starts")
		}
		return from, to, nil
	}
	op, rest := comparison(v)
	start, end, err := p.period(at+len(op), rest)
	if err != nil {
		return "", "", err
	}
	switch op {
	case ">":
		return end, "", nil
	case ">=":
		return start, "", nil
	case "<":
		return "", start, nil
	case "<=":
		return "", end, nil
	}
	return start, end, nil
}

// period reads a year, month or day and returns its first day and the day
// after its last.
func (p *parser) period(at int, v string) (start, end string, err error) {
	var t time.Time
	var next func(time.Time) time.Time
	switch len(v) {
	case 4:
		t, err = time.Parse("2006", v)
		next = func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }
	case 7:
		t, err = time.Parse("2006-01", v)
		next = func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }
	case 10:
		t, err = time.Parse(time.DateOnly, v)
		next = func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }
	default:
		err = strconv.ErrSyntax
	}
	if err != nil {
		return "", "", p.fail(at, "%q is not a date: write a year (2022), a month (2022-01) or a day (2022-01-05)", v)
	}
	return t.Format(time.DateOnly), next(t).Format(time.DateOnly), nil
}

// pageRange reads N, >N, >=N, <N, <=N or A..B (either end may be left
// out) as lo ≤ pages < hi, hi 0 when unbounded.
func (p *parser) pageRange(at int, v string) (lo, hi int, err error) {
	num := func(at int, s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 1_000_000 {
			return 0, p.fail(at, "%q is not a number of pages", s)
		}
		return n, nil
	}
	if i := strings.Index(v, ".."); i >= 0 {
		a, b := v[:i], v[i+2:]
		if a == "" && b == "" {
			return 0, 0, p.fail(at, "a range needs at least one end, as in 10..20")
		}
		if a != "" {
			if lo, err = num(at, a); err != nil {
				return 0, 0, err
			}
		}
		if b != "" {
			n, err := num(at+i+2, b)
			if err != nil {
				return 0, 0, err
			}
			hi = n + 1
			if hi <= lo {
				return 0, 0, p.fail(at, "the range ends before it starts")
			}
		}
		return lo, hi, nil
	}
	op, rest := comparison(v)
	n, err := num(at+len(op), rest)
	if err != nil {
		return 0, 0, err
	}
	switch op {
	case ">":
		return n + 1, 0, nil
	case ">=":
		return n, 0, nil
	case "<":
		if n == 0 {
			return 0, 0, p.fail(at, "no document has fewer than 0 pages")
		}
		return 0, n, nil
	case "<=":
		return 0, n + 1, nil
	}
	return n, n + 1, nil
}
