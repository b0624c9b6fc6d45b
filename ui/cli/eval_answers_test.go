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
	var rep struct {
		Hit     map[string]float64 `json:"hit"`
		Answers struct {
			All struct {
				Selected     int     `json:"selected"`
				Quoted       float64 `json:"quoted"`
				Insufficient float64 `json:"insufficient"`
				Unanswerable int     `json:"unanswerable"`
				OnUnanswer   float64 `json:"insufficient_on_unanswerable"`
			} `json:"all"`
			HalfA struct {
				Selected int `json:"selected"`
			} `json:"half_a"`
			HalfB struct {
				Selected int `json:"selected"`
			} `json:"half_b"`
		} `json:"answers"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	a := rep.Answers.All
	if rep.Hit == nil || a.Selected != 2 || a.Quoted != 1 || a.Insufficient != 0 || a.Unanswerable != 1 || a.OnUnanswer != 1 {
		t.Fatalf("answers %+v\n%s", a, out)
	}
	// harbour.pdf sorts first (half A), orchard.pdf second (half B, whose
	// one question is not counted).
	if rep.Answers.HalfA.Selected != 2 || rep.Answers.HalfB.Selected != 0 {
		t.Fatalf("halves %+v", rep.Answers)
	}
	if _, _, code := cli(t, t.TempDir(), "eval", "--questions", questions, "--docs", docs, "--answers"); code != 0 {
		t.Fatalf("text report: exit %d", code)
	}
}
