package eval

import (
	"encoding/json"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"archivist/app"
)

// The answer measure (`eval --answers`): does the offline answer quote the
// reference answer? It is read only after a question is answered, from a
// file of its own (ReadReferences), so nothing on the question path can
// see the reference answer.
//
// A question counts when its reference answer stands verbatim on one of
// its gold pages as a text layer reads it (Selectable): a string of 3 to
// 60 characters, or a number of at least 3 digits (shorter numbers stand
// on almost every page, so finding one proves nothing). An answer quotes
// the reference when its text holds it after both are normalised
// (Normalize): case, punctuation and thousands separators do not count.

// ReadReferences reads the reference answers of a question set, by
// question ID. A reference that is a JSON number is read as written.
func ReadReferences(r io.Reader) (map[string]string, error) {
	out := map[string]string{}
	err := eachObject(r, func(line int, b []byte) error {
		var q struct {
			ID     string          `json:"id"`
			Answer json.RawMessage `json:"answer"`
		}
		if err := json.Unmarshal(b, &q); err != nil {
			return app.Errorf(app.EInvalid, "Question set line %d is not a JSON object: %v.", line, err)
		}
		var s string
		if err := json.Unmarshal(q.Answer, &s); err != nil {
			s = strings.TrimSpace(string(q.Answer)) // a number, or absent ("")
			if s == "null" {
				s = ""
			}
		}
		out[q.ID] = s
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Normalize lowers s, drops the thousands separators of its numbers
// ("34,229" → "34229"), turns every other run of punctuation and space
// into one space, and trims it: the form in which a reference answer and
// an answer are compared.
func Normalize(s string) string {
	rs := []rune(strings.ToLower(s))
	var b strings.Builder
	space := true // at the start: no leading space
	for i, r := range rs {
		switch {
		case r == ',' && i > 0 && unicode.IsDigit(rs[i-1]) && thousands(rs[i+1:]):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			space = false
		case r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]):
			b.WriteRune(r) // a decimal point is part of its number
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// thousands reports whether rs starts with exactly three digits and no
// fourth: the group after a thousands separator.
func thousands(rs []rune) bool {
	if len(rs) < 3 {
		return false
	}
	for _, r := range rs[:3] {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return len(rs) == 3 || !unicode.IsDigit(rs[3])
}

// Holds reports whether normalised text holds normalised ref as whole
// words: "2022" is not found in "20221".
func Holds(text, ref string) bool {
	text, ref = " "+Normalize(text)+" ", Normalize(ref)
	return ref != "" && strings.Contains(text, " "+ref+" ")
}

// Selectable reports whether a reference answer can be checked by
// quotation: a string of 3 to 60 characters, or a number of at least 3
// digits, that pageText holds.
func Selectable(ref, pageText string) bool {
	n := Normalize(ref)
	if len([]rune(n)) < 3 || len([]rune(ref)) > 60 {
		return false
	}
	if isNumber(n) && digits(n) < 3 {
		return false
	}
	return Holds(pageText, ref)
}

func isNumber(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) && r != '.' && r != ' ' {
			return false
		}
	}
	return true
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// AnswerOutcome is one question's result under the answer measure.
type AnswerOutcome struct {
	Doc        string // the question's document, for the halves
	Answerable bool
	Selected   bool // answerable, and its reference stands on a gold page
	Quoted     bool // the answer was sufficient and its text holds the reference
	// Insufficient is the insufficient-evidence answer.
	Insufficient bool
}

// AnswerReport is the answer measure over a set of questions.
type AnswerReport struct {
	// Selected counts the answerable questions whose reference answer
	// stands on a gold page; Quoted and Insufficient are shares of them.
	Selected     int     `json:"selected"`
	Quoted       float64 `json:"quoted"`
	Insufficient float64 `json:"insufficient"`
	// Unanswerable counts the questions the set marks unanswerable, and
	// InsufficientOnUnanswerable the share of them answered insufficient.
	Unanswerable               int     `json:"unanswerable"`
	InsufficientOnUnanswerable float64 `json:"insufficient_on_unanswerable"`
}

// AnswerReports is the answer measure over all questions and over each
// half of the documents: the set's documents sorted by name, alternately
// in half A (even positions) and half B (odd).
type AnswerReports struct {
	All   AnswerReport `json:"all"`
	HalfA AnswerReport `json:"half_a"`
	HalfB AnswerReport `json:"half_b"`
}

// SummarizeAnswers computes the answer measure, whole and by halves.
func SummarizeAnswers(outs []AnswerOutcome) AnswerReports {
	var docs []string
	seen := map[string]bool{}
	for _, o := range outs {
		if !seen[o.Doc] {
			seen[o.Doc] = true
			docs = append(docs, o.Doc)
		}
	}
	sort.Strings(docs)
	half := map[string]int{}
	for i, d := range docs {
		half[d] = i % 2
	}
	var a, b []AnswerOutcome
	for _, o := range outs {
		if half[o.Doc] == 0 {
			a = append(a, o)
		} else {
			b = append(b, o)
		}
	}
	return AnswerReports{All: summarizeAnswers(outs), HalfA: summarizeAnswers(a), HalfB: summarizeAnswers(b)}
}

func summarizeAnswers(outs []AnswerOutcome) AnswerReport {
	var r AnswerReport
	quoted, insufficient, unInsufficient := 0, 0, 0
	for _, o := range outs {
		switch {
		case !o.Answerable:
			r.Unanswerable++
			if o.Insufficient {
				unInsufficient++
			}
		case o.Selected:
			r.Selected++
			if o.Quoted {
				quoted++
			}
			if o.Insufficient {
				insufficient++
			}
		}
	}
	if r.Selected > 0 {
		r.Quoted = round3(float64(quoted) / float64(r.Selected))
		r.Insufficient = round3(float64(insufficient) / float64(r.Selected))
	}
	if r.Unanswerable > 0 {
		r.InsufficientOnUnanswerable = round3(float64(unInsufficient) / float64(r.Unanswerable))
	}
	return r
}

// Quoted reports whether a sufficient answer's text, without its lead,
// holds the reference: an insufficient answer quotes nothing, whatever
// evidence it shows.
func Quoted(ans *app.Answer, lead, ref string) bool {
	return ans != nil && ans.Sufficient && Holds(strings.TrimPrefix(ans.Answer, lead), ref)
}

// PageKey names one page of one document, for caching page texts.
func PageKey(doc string, page int) string { return doc + "#" + strconv.Itoa(page) }
