package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/eval"
)

// answerMeasure is eval's --answers: it reads the set's reference answers
// (after the questions are asked, never on their path) and, for sets with
// gold pages, the text of each gold page as poppler's pdftotext reads it,
// so which questions count does not depend on Archivist's own parser.
type answerMeasure struct {
	refs  map[string]eval.Reference
	docs  string
	pages map[string]string // eval.PageKey → page text
	outs  []eval.AnswerOutcome
}

func newAnswerMeasure(questionsFile, docsDir string) (*answerMeasure, error) {
	f, err := os.Open(questionsFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	refs, err := eval.ReadReferences(f)
	if err != nil {
		return nil, err
	}
	return &answerMeasure{refs: refs, docs: docsDir, pages: map[string]string{}}, nil
}

// add scores one answered question.
func (m *answerMeasure) add(ctx context.Context, q eval.Question, ans *app.Answer) (eval.AnswerOutcome, error) {
	ref := m.refs[q.ID]
	o := eval.AnswerOutcome{Doc: q.Doc, Type: ref.Type, Answerable: q.IsAnswerable(), Claimed: eval.Claims(ans)}
	if !o.Answerable {
		o.Type = "unanswerable"
	}
	if o.Answerable && len(ref.Answers) > 0 {
		counted, err := m.judgeable(ctx, q, ref)
		if err != nil {
			return o, err
		}
		o.Counted = counted
		o.Right = counted && eval.Right(ans, answer.Lead, ref)
	}
	m.outs = append(m.outs, o)
	return o, nil
}

// judgeable reports whether a question's reference can be judged: always
// for a set without pages; with gold pages, when one of them holds a
// reference verbatim (Selectable).
func (m *answerMeasure) judgeable(ctx context.Context, q eval.Question, ref eval.Reference) (bool, error) {
	if len(q.EvidencePages) == 0 {
		return true, nil
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return false, app.Errorf(app.EInvalid, "--answers reads gold pages with pdftotext (poppler-utils), which is not installed.")
	}
	for _, p := range q.EvidencePages {
		text, err := m.page(ctx, q.Doc, p)
		if err != nil {
			return false, err
		}
		for _, a := range ref.Answers {
			if eval.Selectable(a, text) {
				return true, nil
			}
		}
	}
	return false, nil
}

// page returns one page's text as pdftotext reads it; a page past the
// document's end reads as empty.
func (m *answerMeasure) page(ctx context.Context, doc string, page int) (string, error) {
	key := eval.PageKey(doc, page)
	if t, ok := m.pages[key]; ok {
		return t, nil
	}
	n := strconv.Itoa(page)
	cmd := exec.CommandContext(ctx, "pdftotext", "-q", "-enc", "UTF-8", "-f", n, "-l", n,
		filepath.Join(m.docs, filepath.FromSlash(doc)), "-")
	out, err := cmd.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return "", fmt.Errorf("eval: read page %d of %s: %w", page, doc, err)
	}
	m.pages[key] = string(out)
	return m.pages[key], nil
}

// printAnswerReports prints one table a half: a row an answer type, then
// all answerable questions, then the unanswerable ones.
func printAnswerReports(w io.Writer, r eval.AnswerReports) {
	for _, h := range []struct {
		name string
		r    eval.AnswerReport
	}{{"answers", r.All}, {"answers, half A", r.HalfA}, {"answers, half B", r.HalfB}} {
		fmt.Fprintf(w, "%s:\n  %-14s %5s %5s %5s %9s %9s %9s\n", h.name, "type", "n", "right", "wrong", "abstained", "precision", "coverage")
		types := make([]string, 0, len(h.r.ByType))
		for t := range h.r.ByType {
			types = append(types, t)
		}
		sort.Strings(types)
		row := func(name string, t eval.Tally) {
			fmt.Fprintf(w, "  %-14s %5d %5d %5d %9d %9.3f %9.3f\n", name, t.Questions, t.Right, t.Wrong, t.Abstained, t.Precision, t.Coverage)
		}
		for _, t := range types {
			row(t, h.r.ByType[t])
		}
		row("answerable", h.r.Answerable)
		if h.r.Unanswerable > 0 {
			fmt.Fprintf(w, "  %-14s %5d  abstained %.3f\n", "unanswerable", h.r.Unanswerable, h.r.AbstainedOnUnanswerable)
		}
		fmt.Fprintf(w, "  precision over every claim (an answer to an unanswerable question is wrong): %.3f\n", h.r.Precision)
	}
}
