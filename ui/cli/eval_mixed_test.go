package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// paragraphSet writes a set in the shared format whose documents are
// single Markdown paragraphs and whose questions name no evidence page.
func paragraphSet(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "paragraphs")
	os.MkdirAll(filepath.Join(dir, "documents"), 0o755)
	for name, text := range map[string]string{
		"kilns.md":   "# Kilns, paragraph 1\n\nThe potter fires the stoneware kiln to cone six over eleven hours.\n",
		"beehive.md": "# Beehives, paragraph 1\n\nThe beekeeper inspects each hive for the queen every nine days in spring.\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, "documents", name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lines := []string{
		`{"id":"p1","question":"How long does the potter fire the stoneware kiln?","doc":"documents/kilns.md","evidence_pages":[],"answerable":true}`,
		`{"id":"p2","question":"How often does the beekeeper inspect each hive for the queen?","doc":"documents/beehive.md","evidence_pages":[],"answerable":true}`,
		`{"id":"p3","question":"What colour is the potter's apron?","doc":"documents/kilns.md","evidence_pages":[],"answerable":false}`,
	}
	if err := os.WriteFile(filepath.Join(dir, "questions.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestEvalMix builds one library from a set of PDFs with gold pages and a
// set of paragraphs without, asks each set's questions across all of it,
// and grades the paragraphs by document.
func TestEvalMix(t *testing.T) {
	_, pdfs := evalSet(t)
	paragraphs := paragraphSet(t)
	lib := t.TempDir()
	out, errOut, code := cli(t, lib, "eval", "--mix", pdfs+","+paragraphs, "--scope", "library", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var rep struct {
		Sets []struct {
			Set       string             `json:"set"`
			Graded    string             `json:"graded"`
			Questions int                `json:"questions"`
			Hit       map[string]float64 `json:"hit"`
		} `json:"sets"`
		Documents int `json:"documents"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.Documents != 4 || len(rep.Sets) != 2 {
		t.Fatalf("report %+v: want 4 documents in 2 sets", rep)
	}
	pages, paras := rep.Sets[0], rep.Sets[1]
	if pages.Graded != "pages" || pages.Questions != 4 || pages.Hit["6"] < 2.0/3 {
		t.Errorf("PDF set %+v: want pages graded, 4 questions, the three easy ones found by 6", pages)
	}
	if paras.Set != "paragraphs" || paras.Graded != "document" || paras.Questions != 3 || paras.Hit["3"] != 1 {
		t.Errorf("paragraph set %+v: want document graded, 3 questions, both answerable ones' documents among the first 3", paras)
	}
	t.Run("AnswerableHalf", func(t *testing.T) {
		out, errOut, code := cli(t, lib, "eval", "--mix", paragraphs, "--answerable", "--half", "A", "--k", "1")
		if code != 0 || !strings.Contains(out, "paragraphs: 1 questions, document hit@k") {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
	})
	t.Run("BadHalf", func(t *testing.T) {
		if _, _, code := cli(t, lib, "eval", "--mix", paragraphs, "--half", "C"); code != 2 {
			t.Fatalf("--half C: exit %d, want 2", code)
		}
	})
}
