package check

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
)

// diff is the word diff of an alignment: runs of the same words, and
// between them what the draft changed, added or dropped. An omission of
// the quotation shows as "…" on both sides.
func diff(words []qword, clean string, s *stream, a alignment) []app.DiffOp {
	var out []app.DiffOp
	var draft, source []string
	flush := func(same bool) {
		if len(draft) == 0 && len(source) == 0 {
			return
		}
		op := app.DiffOp{Draft: strings.Join(draft, " "), Source: strings.Join(source, " ")}
		switch {
		case same:
			op.Op = "same"
		case len(draft) > 0 && len(source) > 0:
			op.Op = "changed"
		case len(draft) > 0:
			op.Op = "added"
		default:
			op.Op = "dropped"
		}
		out = append(out, op)
		draft, source = nil, nil
	}
	inSame := true
	for k, st := range a.Steps {
		same := st.Q >= 0 && st.S >= 0 && words[st.Q].Norm == s.toks[st.S].Norm
		if same != inSame {
			flush(inSame)
			inSame = same
		}
		if st.Q >= 0 {
			w := words[st.Q]
			if w.Gap && k > 0 {
				draft = append(draft, "…")
				if same {
					source = append(source, "…")
				}
			}
			draft = append(draft, clean[w.Start:w.End])
		}
		if st.S >= 0 {
			t := s.toks[st.S]
			source = append(source, s.blocks[t.Block].Text[t.Start:t.End])
		}
	}
	flush(inSame)
	return out
}

// negations are the words that turn a statement around.
var negations = map[string]bool{"not": true, "no": true, "never": true, "none": true, "nor": true, "neither": true,
	"cannot": true, "without": true, "dont": true, "doesnt": true, "didnt": true, "isnt": true, "arent": true,
	"wasnt": true, "werent": true, "wont": true, "shouldnt": true, "wouldnt": true, "couldnt": true, "hasnt": true,
	"havent": true, "hadnt": true, "mustnt": true, "neednt": true, "shant": true}

// issues names each difference of a diff, those that change what a
// quotation says first: a negation dropped or added, then a changed
// figure, then a changed name, then every other word.
func issues(ops []app.DiffOp) []string {
	type issue struct {
		rank int
		text string
	}
	var out []issue
	for k, op := range ops {
		if op.Op == "same" {
			continue
		}
		src, dr := countNegations(op.Source), countNegations(op.Draft)
		switch {
		case src > dr:
			out = append(out, issue{0, fmt.Sprintf("dropped %q: the source says %q, the draft %q", firstNegation(op.Source), op.Source, op.Draft)})
			continue
		case dr > src:
			out = append(out, issue{0, fmt.Sprintf("added %q: the source says %q, the draft %q", firstNegation(op.Draft), op.Source, op.Draft)})
			continue
		case hasDigit(op.Source) || hasDigit(op.Draft):
			out = append(out, issue{1, "figure " + describeOp(op)})
			continue
		case capitalised(op.Source, k == 0) || capitalised(op.Draft, k == 0):
			out = append(out, issue{2, "name " + describeOp(op)})
			continue
		}
		out = append(out, issue{3, "words " + describeOp(op)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].rank < out[j].rank })
	texts := make([]string, len(out))
	for i, is := range out {
		texts[i] = is.text
	}
	return texts
}

func describeOp(op app.DiffOp) string {
	switch op.Op {
	case "changed":
		return fmt.Sprintf("changed: the source says %q, the draft %q", op.Source, op.Draft)
	case "added":
		return fmt.Sprintf("added by the draft: %q", op.Draft)
	}
	return fmt.Sprintf("dropped by the draft: %q", op.Source)
}

func countNegations(s string) int {
	n := 0
	for _, t := range tokenize(s) {
		if negations[t.Norm] {
			n++
		}
	}
	return n
}

func firstNegation(s string) string {
	for _, t := range tokenize(s) {
		if negations[t.Norm] {
			return s[t.Start:t.End]
		}
	}
	return ""
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// capitalised reports whether a word of s starts with a capital letter:
// inside a quotation that is a name, unless it is the quotation's first
// word (start says s starts it), capitalised as a sentence's.
func capitalised(s string, start bool) bool {
	for i, t := range tokenize(s) {
		if i == 0 && start {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(s[t.Start:]); unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
