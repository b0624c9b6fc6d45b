package eval

import (
	"encoding/json"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"archivist/app"
)

// The answer measure (`eval --answers`): is the offline answer right when
// it claims one, and does it abstain when the document does not answer?
// References are read only after a question is answered, from a file of
// their own (ReadReferences), so nothing on the question path can see them.
//
// Each answerable question that counts is right (the answer claims one and
// its stated value or its quote holds a reference), wrong (it claims one
// that does not) or abstained (it says the evidence does not answer as
// asked). Precision is right ÷ claimed; coverage is right ÷ counted. A
// question with gold pages counts only when its reference stands verbatim
// on one of them as a text layer reads it (Selectable): otherwise quoting
// could not be judged. A set without pages (one short document a
// question) counts every answerable question.
//
// A stated answer is compared with the reference after both are
// normalised (Normalize): case, punctuation and thousands separators do
// not count. A derived figure (arithmetic, count) is right when the value
// the answer states equals the reference at the reference's precision.

// Reference is what a question set says a question's answer is.
type Reference struct {
	// Answers are the acceptable answers; any one suffices, unless
	// AllRequired (a multi-span answer: every span must be held).
	Answers     []string
	AllRequired bool
	// Type is the set's answer type: span, multi-span, arithmetic, count,
	// unanswerable, or an answer format (Str, Int, Float, List); "span"
	// when the set gives none.
	Type string
}

// Derived reports whether the reference is a figure computed from the
// evidence rather than a span of it.
func (r Reference) Derived() bool { return r.Type == "arithmetic" || r.Type == "count" }

// ReadReferences reads the reference answers of a question set, by
// question ID. A reference that is a JSON number is read as written.
func ReadReferences(r io.Reader) (map[string]Reference, error) {
	out := map[string]Reference{}
	err := eachObject(r, func(line int, b []byte) error {
		var q struct {
			ID          string          `json:"id"`
			Answer      json.RawMessage `json:"answer"`
			Answers     []string        `json:"answers"`
			AllRequired bool            `json:"all_required"`
			Type        string          `json:"answer_type"`
			Format      string          `json:"answer_format"`
		}
		if err := json.Unmarshal(b, &q); err != nil {
			return app.Errorf(app.EInvalid, "Question set line %d is not a JSON object: %v.", line, err)
		}
		ref := Reference{AllRequired: q.AllRequired, Type: q.Type}
		if ref.Type == "" {
			ref.Type = q.Format
		}
		if ref.Type == "" {
			ref.Type = "span"
		}
		for _, a := range q.Answers {
			if strings.TrimSpace(a) != "" {
				ref.Answers = append(ref.Answers, a)
			}
		}
		if len(ref.Answers) == 0 {
			var s string
			if err := json.Unmarshal(q.Answer, &s); err != nil {
				s = strings.TrimSpace(string(q.Answer)) // a number, or absent ("")
				if s == "null" {
					s = ""
				}
			}
			if s != "" {
				ref.Answers = []string{s}
			}
		}
		out[q.ID] = ref
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
	Type       string // the reference's answer type
	Answerable bool
	// Counted: answerable, and its reference can be judged (on a gold
	// page when the set has pages).
	Counted bool
	// Claimed: the reply states an answer (verdict answered or computed).
	Claimed bool
	// Right: claimed, and the stated value or quote holds the reference.
	Right bool
}

// Tally counts one group of answerable questions.
type Tally struct {
	Questions int `json:"questions"`
	Right     int `json:"right"`
	Wrong     int `json:"wrong"`
	Abstained int `json:"abstained"`
	// Precision is right ÷ claimed (1 when nothing was claimed), Coverage
	// right ÷ questions.
	Precision float64 `json:"precision"`
	Coverage  float64 `json:"coverage"`
}

func (t *Tally) add(o AnswerOutcome) {
	t.Questions++
	switch {
	case o.Right:
		t.Right++
	case o.Claimed:
		t.Wrong++
	default:
		t.Abstained++
	}
}

func (t *Tally) finish() {
	t.Precision, t.Coverage = 1, 0
	if claimed := t.Right + t.Wrong; claimed > 0 {
		t.Precision = round3(float64(t.Right) / float64(claimed))
	}
	if t.Questions > 0 {
		t.Coverage = round3(float64(t.Right) / float64(t.Questions))
	}
}

// AnswerReport is the answer measure over a set of questions.
type AnswerReport struct {
	// Answerable tallies the counted answerable questions; ByType splits
	// them by answer type.
	Answerable Tally            `json:"answerable"`
	ByType     map[string]Tally `json:"by_type,omitempty"`
	// Unanswerable counts the questions the set marks unanswerable, and
	// AbstainedOnUnanswerable the share of them the reply did not answer.
	Unanswerable            int     `json:"unanswerable"`
	AbstainedOnUnanswerable float64 `json:"abstained_on_unanswerable"`
	// Precision is right ÷ every claim, an answer claimed for an
	// unanswerable question counting as wrong: the share of stated
	// answers a reader can trust.
	Precision float64 `json:"precision"`
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
	r := AnswerReport{ByType: map[string]Tally{}}
	abstained := 0
	for _, o := range outs {
		switch {
		case !o.Answerable:
			r.Unanswerable++
			if !o.Claimed {
				abstained++
			}
		case o.Counted:
			r.Answerable.add(o)
			t := r.ByType[o.Type]
			t.add(o)
			r.ByType[o.Type] = t
		}
	}
	r.Answerable.finish()
	for k, t := range r.ByType {
		t.finish()
		r.ByType[k] = t
	}
	r.Precision = 1
	if claims := r.Answerable.Right + r.Answerable.Wrong + r.Unanswerable - abstained; claims > 0 {
		r.Precision = round3(float64(r.Answerable.Right) / float64(claims))
	}
	if r.Unanswerable > 0 {
		r.AbstainedOnUnanswerable = round3(float64(abstained) / float64(r.Unanswerable))
	}
	return r
}

// Claims reports whether a reply states an answer: answered or computed.
// A reply showing the closest passages claims nothing, whatever it shows.
func Claims(ans *app.Answer) bool {
	v := app.VerdictOf(ans)
	return v == app.VerdictAnswered || v == app.VerdictComputed
}

// Right reports whether a claimed reply holds the reference: its stated
// value or its text without the lead holds one acceptable answer (every
// one when all are required); a derived figure must be the value stated.
func Right(ans *app.Answer, lead string, ref Reference) bool {
	if ans == nil || !Claims(ans) || len(ref.Answers) == 0 {
		return false
	}
	text := strings.TrimPrefix(ans.Answer, lead)
	if ref.Derived() {
		for _, a := range ref.Answers {
			if SameFigure(ans.Value, a) || (ans.Value == "" && ref.Type == "count" && Holds(text, a)) {
				return true
			}
		}
		return false
	}
	if app.VerdictOf(ans) == app.VerdictComputed && ans.Value != "" {
		// A computed answer states its value; the operands it cites
		// name other periods and figures, which do not answer. The value
		// is the answer (a figure at the reference's precision), or, where
		// every answer is required, holds each.
		held := 0
		one := !strings.Contains(ans.Value, ", ") // one figure, not a list of years
		for _, a := range ref.Answers {
			if Normalize(ans.Value) == Normalize(a) || one && SameFigure(ans.Value, a) || ref.AllRequired && Holds(ans.Value, a) {
				held++
			}
		}
		return held > 0 && (!ref.AllRequired || held == len(ref.Answers))
	}
	held := 0
	for _, a := range ref.Answers {
		if Holds(text, a) || (ans.Value != "" && Normalize(ans.Value) == Normalize(a)) {
			held++
		}
	}
	if ref.AllRequired {
		return held == len(ref.Answers)
	}
	return held > 0
}

// SameFigure reports whether a stated value is the reference figure: the
// first number stated, rounded to as many decimals as the reference
// gives, equals it. "−12.63 million" is "-12.6"; "12.5%" is "12.5".
func SameFigure(stated, ref string) bool {
	want, wantDec, ok := firstNumber(ref)
	if !ok {
		return false
	}
	got, _, ok := firstNumber(stated)
	if !ok {
		return false
	}
	scale := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(wantDec)), nil))
	return roundTo(got, scale).Cmp(roundTo(want, scale)) == 0
}

// firstNumber reads the first number in s, signed, without thousands
// separators, and how many decimals it is written with.
func firstNumber(s string) (*big.Rat, int, bool) {
	s = strings.ReplaceAll(s, "−", "-")
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if !unicode.IsDigit(rs[i]) {
			continue
		}
		j := i
		for j < len(rs) && (unicode.IsDigit(rs[j]) || (rs[j] == ',' && thousands(rs[j+1:])) ||
			(rs[j] == '.' && j+1 < len(rs) && unicode.IsDigit(rs[j+1]))) {
			j++
		}
		num := strings.ReplaceAll(string(rs[i:j]), ",", "")
		dec := 0
		if k := strings.IndexByte(num, '.'); k >= 0 {
			dec = len(num) - k - 1
		}
		if i > 0 && (rs[i-1] == '-' || rs[i-1] == '(') {
			num = "-" + num
		}
		r, ok := new(big.Rat).SetString(num)
		return r, dec, ok
	}
	return nil, 0, false
}

// roundTo rounds x to a multiple of unit, halves away from zero.
func roundTo(x, unit *big.Rat) *big.Rat {
	q := new(big.Rat).Quo(x, unit)
	n, d := q.Num(), q.Denom()
	two := big.NewInt(2)
	// floor(|q| + 1/2) with q's sign
	abs := new(big.Int).Abs(n)
	r := new(big.Int).Quo(new(big.Int).Add(new(big.Int).Mul(abs, two), d), new(big.Int).Mul(d, two))
	if n.Sign() < 0 {
		r.Neg(r)
	}
	return new(big.Rat).Mul(new(big.Rat).SetInt(r), unit)
}

// PageKey names one page of one document, for caching page texts.
func PageKey(doc string, page int) string { return doc + "#" + strconv.Itoa(page) }
