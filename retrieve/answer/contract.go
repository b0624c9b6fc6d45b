package answer

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"archivist/app"
)

// Error codes of the answer providers, kept under these names here for
// the code that reads them; the codes themselves are app's.
const (
	EInvalidProviderResponse   = app.EInvalidProviderResponse
	EProviderResponseTruncated = app.EProviderResponseTruncated
	EEgressNotAcknowledged     = app.EEgressNotAcknowledged
)

// MaxAnswerChars bounds the visible answer, in characters (runes), inline
// markers included.
const MaxAnswerChars = 6000

// Reply is a model's answer that passed the citation contract.
type Reply struct {
	// Answer is the visible text: every cited source has at least one
	// inline "[n]" marker, and markers such as "[1, 2]" are written "[1][2]".
	Answer     string
	Sufficient bool
	// Cited lists the distinct source numbers cited, in order of first
	// appearance in Answer.
	Cited []int
	// Added lists the numbers whose markers the contract appended because
	// the model listed them only in its citations array.
	Added []int
}

// marker matches an inline citation marker: "[2]", "[1, 3]" or "[1;3]".
var marker = regexp.MustCompile(`\[\s*(\d+(?:\s*[,;]\s*\d+)*)\s*\]`)

// single matches one normalised marker "[n]".
var single = regexp.MustCompile(`\[(\d+)\]`)

// Fixed failure reasons, for logs: never provider text.
const (
	reasonInvalidJSON      = "invalid_answer_json"
	reasonCitationRange    = "citation_out_of_range"
	reasonContradictory    = "citation_contradictory"
	reasonAnswerEmpty      = "answer_empty"
	reasonAnswerTooLong    = "answer_too_long"
	reasonOutputLimit      = "output_limit"
	reasonInsufficient     = "insufficient"
	reasonOK               = "ok"
	reasonHTTPStatus       = "http_status"
	reasonTimeout          = "timeout"
	reasonUnreachable      = "unreachable"
	reasonRedirect         = "redirect_refused"
	reasonBodyTooLarge     = "body_too_large"
	reasonCancelled        = "cancelled"
	reasonEgress           = "egress_not_acknowledged"
	reasonBadConfiguration = "bad_configuration"
)

// contractError is an *app.Error that also carries a fixed reason for logs.
type contractError struct {
	err    *app.Error
	reason string
}

func (e *contractError) Error() string { return e.err.Message }
func (e *contractError) Unwrap() error { return e.err }

func invalid(reason, msg string) error {
	return &contractError{err: app.Errorf(EInvalidProviderResponse, "%s", msg), reason: reason}
}

// reasonOf returns the fixed log reason of an error from this package.
func reasonOf(err error) string {
	var ce *contractError
	if errors.As(err, &ce) {
		return ce.reason
	}
	return ""
}

const (
	msgMalformed    = "The model's reply was not in the expected format, so nothing was shown. Try again or choose another model."
	msgBadCitation  = "The model cited a source number that does not exist, so its answer was not shown."
	msgContradicts  = "The model's citations contradict its answer text, so its answer was not shown."
	msgEmptyAnswer  = "The model returned an empty answer."
	msgLongAnswer   = "The model's answer was longer than 6,000 characters, so it was not shown."
	msgTruncatedOut = "The model stopped at its output limit before finishing, so nothing was shown. Try a narrower question or another model."
)

// ParseReply applies the citation contract (docs/design.md §6) to the JSON
// object a model returned for evidence of sources numbered 1..sources.
//
// The object must be {"answer": string, "sufficient": bool, "citations":
// [numbers]}; citations may be missing or empty when inline markers name
// the sources. Every number, in the array or inline, must lie in
// 1..sources; when the array is not empty, an inline marker naming a
// source the array omits contradicts it and is rejected. Missing inline
// markers are appended. A reply with sufficient=false, or one that cites
// nothing, is returned with Sufficient false and no further checks: the
// caller gives the stable insufficient-evidence answer.
func ParseReply(content []byte, sources int) (*Reply, error) {
	var raw struct {
		Answer     *string          `json:"answer"`
		Sufficient *bool            `json:"sufficient"`
		Citations  *json.RawMessage `json:"citations"`
	}
	dec := json.NewDecoder(bytes.NewReader(unfence(content)))
	if err := dec.Decode(&raw); err != nil {
		return nil, invalid(reasonInvalidJSON, msgMalformed)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalid(reasonInvalidJSON, msgMalformed) // trailing data
	}
	if raw.Answer == nil || raw.Sufficient == nil {
		return nil, invalid(reasonInvalidJSON, msgMalformed)
	}
	listed, err := citationNumbers(raw.Citations)
	if err != nil {
		return nil, err
	}
	if !*raw.Sufficient {
		return &Reply{Sufficient: false}, nil
	}
	text := strings.TrimSpace(*raw.Answer)
	if !utf8.ValidString(text) {
		return nil, invalid(reasonInvalidJSON, msgMalformed)
	}
	// Inline markers, normalised to one number each.
	var inline []int
	var bad error
	text = marker.ReplaceAllStringFunc(text, func(m string) string {
		var b strings.Builder
		for _, f := range strings.FieldsFunc(m[1:len(m)-1], func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' }) {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > sources {
				bad = invalid(reasonCitationRange, msgBadCitation)
				return m
			}
			inline = append(inline, n)
			b.WriteString("[" + strconv.Itoa(n) + "]")
		}
		return b.String()
	})
	if bad != nil {
		return nil, bad
	}
	for _, n := range listed {
		if n < 1 || n > sources {
			return nil, invalid(reasonCitationRange, msgBadCitation)
		}
	}
	if len(listed) > 0 {
		inArray := map[int]bool{}
		for _, n := range listed {
			inArray[n] = true
		}
		for _, n := range inline {
			if !inArray[n] {
				return nil, invalid(reasonContradictory, msgContradicts)
			}
		}
	}
	if text == "" && len(listed)+len(inline) > 0 {
		return nil, invalid(reasonAnswerEmpty, msgEmptyAnswer)
	}
	r := &Reply{Sufficient: true}
	seen := map[int]bool{}
	for _, n := range inline {
		if !seen[n] {
			seen[n] = true
			r.Cited = append(r.Cited, n)
		}
	}
	var tail strings.Builder
	for _, n := range listed {
		if !seen[n] {
			seen[n] = true
			r.Cited = append(r.Cited, n)
			r.Added = append(r.Added, n)
			tail.WriteString("[" + strconv.Itoa(n) + "]")
		}
	}
	if len(r.Cited) == 0 {
		return &Reply{Sufficient: false}, nil // a nominally sufficient answer that cites nothing
	}
	if tail.Len() > 0 {
		text += " " + tail.String()
	}
	if utf8.RuneCountInString(text) > MaxAnswerChars {
		return nil, invalid(reasonAnswerTooLong, msgLongAnswer)
	}
	r.Answer = text
	return r, nil
}

// citationNumbers decodes the citations array: integers, or for provider
// compatibility strings such as "2" or "[2]". null or missing is empty.
func citationNumbers(raw *json.RawMessage) ([]int, error) {
	if raw == nil || string(*raw) == "null" {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(*raw, &items); err != nil {
		return nil, invalid(reasonInvalidJSON, msgMalformed)
	}
	out := make([]int, 0, len(items))
	for _, it := range items {
		var f float64
		if err := json.Unmarshal(it, &f); err == nil {
			if f != math.Trunc(f) || math.IsInf(f, 0) {
				return nil, invalid(reasonCitationRange, msgBadCitation)
			}
			if f < -1 || f > 1e6 {
				f = -1 // out of range whatever the sources
			}
			out = append(out, int(f))
			continue
		}
		var s string
		if err := json.Unmarshal(it, &s); err != nil {
			return nil, invalid(reasonInvalidJSON, msgMalformed)
		}
		s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "["), "]"))
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, invalid(reasonCitationRange, msgBadCitation)
		}
		out = append(out, n)
	}
	return out, nil
}

// unfence strips one Markdown code fence around a JSON object, which some
// models add even in JSON mode.
func unfence(b []byte) []byte {
	t := bytes.TrimSpace(b)
	if !bytes.HasPrefix(t, []byte("```")) || !bytes.HasSuffix(t, []byte("```")) || len(t) < 6 {
		return t
	}
	t = t[3 : len(t)-3]
	if i := bytes.IndexByte(t, '\n'); i >= 0 && !bytes.ContainsAny(t[:i], "{[\"") {
		t = t[i+1:] // the info string, e.g. "json"
	}
	return bytes.TrimSpace(t)
}
