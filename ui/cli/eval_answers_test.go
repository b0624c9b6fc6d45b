package cli

import (
	"encoding/json"
	"os/exec"
	"testing"
)

// TestEvalAnswers runs eval --answers on the small set: two references
// stand on their gold pages ("11 metres", "nine"; "40" is too short a
// number to count) and the offline answer quotes both; the unanswerable
// question is answered insufficient.
func TestEvalAnswers(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed; --answers reads gold pages with it")
	}
	questions, docs := evalSet(t)
	out, errOut, code := cli(t, t.TempDir(), "eval", "--questions", questions, "--docs", docs, "--answers", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	type tally struct {
		Questions int     `json:"questions"`
		Right     int     `json:"right"`
		Wrong     int     `json:"wrong"`
		Abstained int     `json:"abstained"`
		Precision float64 `json:"precision"`
		Coverage  float64 `json:"coverage"`
	}
	type report struct {
		Answerable   tally            `json:"answerable"`
		ByType       map[string]tally `json:"by_type"`
		Unanswerable int              `json:"unanswerable"`
		OnUnanswer   float64          `json:"abstained_on_unanswerable"`
	}
	var rep struct {
		Hit     map[string]float64 `json:"hit"`
		Answers struct {
			All   report `json:"all"`
			HalfA report `json:"half_a"`
			HalfB report `json:"half_b"`
		} `json:"answers"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	a := rep.Answers.All
	if rep.Hit == nil || a.Answerable.Questions != 2 || a.Answerable.Right != 2 || a.Answerable.Precision != 1 || a.Answerable.Coverage != 1 ||
		a.Unanswerable != 1 || a.OnUnanswer != 1 {
		t.Fatalf("answers %+v\n%s", a, out)
	}
	// harbour.pdf sorts first (half A), orchard.pdf second (half B, whose
	// one question is not counted).
	if rep.Answers.HalfA.Answerable.Questions != 2 || rep.Answers.HalfB.Answerable.Questions != 0 {
		t.Fatalf("halves %+v", rep.Answers)
	}
	if _, _, code := cli(t, t.TempDir(), "eval", "--questions", questions, "--docs", docs, "--answers"); code != 0 {
		t.Fatalf("text report: exit %d", code)
	}
}
