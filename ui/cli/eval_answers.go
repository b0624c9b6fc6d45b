package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"archivist/app"
	"archivist/retrieve/answer"
	"archivist/retrieve/eval"
)

// answerMeasure is eval's --answers: it reads the set's reference answers
// (after the questions are asked, never on their path) and the text of
// each gold page as poppler's pdftotext reads it, so which questions count
// does not depend on Archivist's own parser.
type answerMeasure struct {
	refs  map[string]string
	docs  string
	pages map[string]string // eval.PageKey → page text
	outs  []eval.AnswerOutcome
}

func newAnswerMeasure(questionsFile, docsDir string) (*answerMeasure, error) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return nil, app.Errorf(app.EInvalid, "--answers reads gold pages with pdftotext (poppler-utils), which is not installed.")
	}
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
	o := eval.AnswerOutcome{Doc: q.Doc, Answerable: q.IsAnswerable(), Insufficient: !ans.Sufficient}
	ref := m.refs[q.ID]
	if o.Answerable && ref != "" {
		for _, p := range q.EvidencePages {
			text, err := m.page(ctx, q.Doc, p)
			if err != nil {
				return o, err
			}
			if eval.Selectable(ref, text) {
				o.Selected = true
				break
			}
		}
		o.Quoted = o.Selected && eval.Quoted(ans, answer.Lead, ref)
	}
	m.outs = append(m.outs, o)
	return o, nil
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

func printAnswerReports(w io.Writer, r eval.AnswerReports) {
	for _, h := range []struct {
		name string
		r    eval.AnswerReport
	}{{"answers", r.All}, {"answers, half A", r.HalfA}, {"answers, half B", r.HalfB}} {
		fmt.Fprintf(w, "%s: %d with the reference on a gold page, quoted %.3f, insufficient %.3f; unanswerable %d, insufficient %.3f\n",
			h.name, h.r.Selected, h.r.Quoted, h.r.Insufficient, h.r.Unanswerable, h.r.InsufficientOnUnanswerable)
	}
}
