package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptsAnswer imports one small document per script and per kind of
// look-alike character (testdata/scripts) into one library and asks each
// question of testdata/scripts/questions.json over the whole library: the
// offline answer must be sufficient and quote its document's words, with
// its lines located. The questions are words or sentences a reader would
// type: Chinese and Japanese words inside unspaced sentences, a Korean
// word with its particle, Thai, Lao, Khmer and Myanmar words inside runs,
// Arabic, Hebrew, Devanagari, Greek and Cyrillic questions, "café" for
// "cafe", ordinary letters for full-width forms and ligatures, and words
// broken by a soft hyphen or a zero-width character.
func TestScriptsAnswer(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "scripts")
	raw, err := os.ReadFile(filepath.Join(dir, "questions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var qs []struct{ File, Question, Quote_has string }
	if err := json.Unmarshal(raw, &qs); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	lib := t.TempDir()
	if out, errOut, code := cli(t, lib, append([]string{"import"}, files...)...); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	for _, q := range qs {
		out, errOut, code := cli(t, lib, "ask", "--json", q.Question)
		if code != 0 {
			t.Errorf("%s %q: exit %d %s", q.File, q.Question, code, errOut)
			continue
		}
		var a struct {
			Answer     string
			Sufficient bool
			Citations  []struct {
				Title     string
				Quote     string
				LineStart int `json:"line_start"`
			}
		}
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range a.Citations {
			if strings.Contains(c.Quote, q.Quote_has) && c.LineStart > 0 {
				found = true
			}
		}
		if !a.Sufficient || !found {
			t.Errorf("%s %q: sufficient %v, citations %+v; want a quote holding %q (%s)", q.File, q.Question, a.Sufficient, a.Citations, q.Quote_has, a.Answer)
		}
	}
}
