package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestEvalAndAskAgree: eval asks through Research, so for the same question
// it finds exactly the evidence ask finds.
func TestEvalAndAskAgree(t *testing.T) {
	questions, docs := evalSet(t)
	lib := t.TempDir()
	details := filepath.Join(t.TempDir(), "details.jsonl")
	if out, errOut, code := cli(t, lib, "eval", "--questions", questions, "--docs", docs, "--details", details); code != 0 {
		t.Fatalf("eval: exit %d\n%s%s", code, out, errOut)
	}
	out, _, _ := cli(t, lib, "list", "--json")
	var listed []listedDocument
	json.Unmarshal([]byte(out), &listed)
	idOf := map[string]string{}
	for _, d := range listed {
		idOf["pdfs/"+d.Filename] = d.ID
	}
	qs := map[string]map[string]any{}
	raw, _ := os.ReadFile(questions)
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var q map[string]any
		json.Unmarshal([]byte(l), &q)
		qs[q["id"].(string)] = q
	}
	body, _ := os.ReadFile(details)
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(string(body)), "\n") {
		var d evalDetail
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatal(err)
		}
		q := qs[d.ID]
		out, _, code := cli(t, lib, "ask", "--doc", idOf[q["doc"].(string)], "--json", "--trace", q["question"].(string))
		var got struct {
			Sufficient bool `json:"sufficient"`
			Trace      struct {
				Results []struct {
					PageStart int `json:"page_start"`
					PageEnd   int `json:"page_end"`
				} `json:"results"`
			} `json:"trace"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("%s: ask exit %d: %s", d.ID, code, out)
		}
		ranked := [][2]int{}
		for _, r := range got.Trace.Results {
			ranked = append(ranked, [2]int{r.PageStart, r.PageEnd})
		}
		if !reflect.DeepEqual(ranked, d.Ranked) || got.Sufficient == d.Insufficient {
			t.Errorf("%s: ask found %v (sufficient %v), eval %v (insufficient %v)", d.ID, ranked, got.Sufficient, d.Ranked, d.Insufficient)
		}
		n++
	}
	if n != 4 {
		t.Fatalf("%d questions compared", n)
	}
}
