package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// evalPDF writes a PDF with one heading and paragraph per page.
func evalPDF(t *testing.T, path, title string, pages [][2]string) {
	t.Helper()
	pdf := fpdf.New("P", "pt", "Letter", "")
	pdf.SetTitle(title, true)
	for _, pg := range pages {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 18)
		pdf.Bookmark(pg[0], 0, -1)
		pdf.Text(72, 90, pg[0])
		pdf.SetFont("Helvetica", "", 11)
		pdf.SetXY(72, 110)
		pdf.MultiCell(468, 15, pg[1], "", "L", false)
	}
	if err := pdf.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
}

// evalSet writes a small question set in the shared eval format: two
// reports, questions with gold pages, and one question nothing answers.
func evalSet(t *testing.T) (questions, docs string) {
	docs = t.TempDir()
	os.MkdirAll(filepath.Join(docs, "pdfs"), 0o755)
	evalPDF(t, filepath.Join(docs, "pdfs", "harbour.pdf"), "Harbour Survey", [][2]string{
		{"Tides", "The harbour survey measured tides for a full year. The highest spring tide reached 4.2 metres in March."},
		{"Dredging", "Dredging of the inner basin is planned for 2027. The channel will be deepened to 11 metres for larger ferries."},
		{"Lighthouse", "The lighthouse keeper logs visibility every night. Fog closed the harbour on nine nights."},
	})
	evalPDF(t, filepath.Join(docs, "pdfs", "orchard.pdf"), "Orchard Report", [][2]string{
		{"Apples", "The orchard harvested 40 tonnes of apples. Frost in April cut the cherry crop by half."},
		{"Irrigation", "Drip irrigation replaced the sprinklers, saving a third of the water used in summer."},
	})
	questions = filepath.Join(docs, "questions.jsonl")
	lines := []string{
		`{"id":"q1","question":"How deep will the harbour channel be dredged?","answer":"11 metres","doc":"pdfs/harbour.pdf","evidence_pages":[2],"answerable":true}`,
		`{"id":"q2","question":"How many nights did fog close the harbour?","answer":"nine","doc":"pdfs/harbour.pdf","evidence_pages":[3],"answerable":true}`,
		`{"id":"q3","question":"How many tonnes of apples did the orchard harvest?","answer":"40","doc":"pdfs/orchard.pdf","evidence_pages":[1],"answerable":true}`,
		`{"id":"q4","question":"What did the Zanzibar ferry company pay for berth rental?","answer":"Not answerable","doc":"pdfs/harbour.pdf","evidence_pages":[],"answerable":false}`,
	}
	if err := os.WriteFile(questions, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return questions, docs
}

func TestEvalCommand(t *testing.T) {
	questions, docs := evalSet(t)
	lib := t.TempDir()
	var reports []map[string]any
	for _, scope := range []string{"doc", "library"} {
		out, errOut, code := cli(t, lib, "eval", "--questions", questions, "--docs", docs, "--scope", scope, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", scope, code, out, errOut)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%s: %v\n%s", scope, err, out)
		}
		reports = append(reports, rep)
	}
	for i, rep := range reports {
		for _, k := range []string{"questions", "hit", "unanswerable", "insufficient_on_unanswerable", "latency_ms"} {
			if _, ok := rep[k]; !ok {
				t.Fatalf("report lacks %q: %v", k, rep)
			}
		}
		hit := rep["hit"].(map[string]any)
		lat := rep["latency_ms"].(map[string]any)
		if len(hit) != 4 || hit["1"] == nil || hit["12"] == nil || lat["p50"] == nil || lat["p95"] == nil {
			t.Fatalf("report %v", rep)
		}
		if rep["questions"].(float64) != 4 || rep["unanswerable"].(float64) != 1 {
			t.Fatalf("report %v", rep)
		}
		if cpu, ok := rep["cpu_ms"].(map[string]any); runtime.GOOS == "linux" && (!ok || cpu["p50"] == nil || cpu["p95"] == nil) {
			t.Fatalf("report lacks processor time: %v", rep)
		}
		if h := hit["6"].(float64); h < 2.0/3 {
			t.Errorf("scope %d: hit@6 %.2f on three easy questions", i, h)
		}
		if rep["insufficient_on_unanswerable"].(float64) != 1 {
			t.Errorf("scope %d: the unanswerable question got an answer: %v", i, rep)
		}
	}
	t.Run("KeepsTheLibrary", func(t *testing.T) {
		out, _, code := cli(t, lib, "list", "--json")
		var listed []map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &listed) != nil || len(listed) != 2 {
			t.Fatalf("--library kept %s", out)
		}
	})
	t.Run("TextReportAndDetails", func(t *testing.T) {
		details := filepath.Join(t.TempDir(), "details.jsonl")
		out, _, code := cli(t, lib, "eval", "--questions", questions, "--docs", docs, "--k", "1,3", "--retrieval", "fts", "--details", details)
		if code != 0 || !strings.Contains(out, "hit@3:") || strings.Contains(out, "hit@6") || !strings.Contains(out, "latency ms: p50") {
			t.Fatalf("exit %d\n%s", code, out)
		}
		b, _ := os.ReadFile(details)
		if n := strings.Count(string(b), "\n"); n != 4 {
			t.Fatalf("%d detail lines", n)
		}
	})
	t.Run("PageReference", func(t *testing.T) {
		// Plain bm25 over one row a page: q1 (page 2), q2 (page 3) and q3
		// (page 1 of the orchard report) are each on their page's own words,
		// so the reference finds all three first in both scopes; a hit on
		// page 1 of the harbour survey would not count for q3.
		for _, scope := range []string{"doc", "library"} {
			details := filepath.Join(t.TempDir(), "pages.jsonl")
			out, errOut, code := cli(t, lib, "eval", "--questions", questions, "--docs", docs, "--scope", scope,
				"--retrieval", "pages", "--details", details, "--json")
			if code != 0 {
				t.Fatalf("%s: exit %d\n%s%s", scope, code, out, errOut)
			}
			var rep struct {
				Hit    map[string]float64
				Halves map[string]map[string]float64
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Hit["1"] != 1 || len(rep.Halves) != 2 {
				t.Fatalf("%s: %v %s", scope, err, out)
			}
			b, _ := os.ReadFile(details)
			if !strings.Contains(string(b), `"id":"q3","answerable":true,"first_hit":1`) {
				t.Fatalf("%s: details %s", scope, b)
			}
		}
	})
	t.Run("BadUsage", func(t *testing.T) {
		for _, args := range [][]string{
			{"eval", "--questions", questions, "--docs", docs, "--retrieval", "oracle"},
			{"eval"},
			{"eval", "--questions", questions, "--docs", docs, "--scope", "shelf"},
			{"eval", "--questions", questions, "--docs", docs, "--k", "1,x"},
			{"eval", "--questions", questions, "--docs", docs, "--provider", "oracle"},
		} {
			if _, _, code := cli(t, lib, args...); code != 2 {
				t.Errorf("%v: exit %d, want 2", args, code)
			}
		}
	})
	t.Run("MissingDocument", func(t *testing.T) {
		bad := filepath.Join(t.TempDir(), "q.jsonl")
		os.WriteFile(bad, []byte(`{"id":"x","question":"Where?","doc":"pdfs/none.pdf","evidence_pages":[1]}`+"\n"), 0o644)
		_, errOut, code := cli(t, lib, "eval", "--questions", bad, "--docs", docs)
		if code != 1 || !strings.Contains(errOut, "none.pdf") {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	})
}

// TestEvalSharedSets runs the measurement of ../shared/eval when asked
// (ARCHIVIST_EVAL=1; importing the sets takes minutes), and checks the
// figures the issue asks for. It skips when the folder is absent.
func TestEvalSharedSets(t *testing.T) {
	root := filepath.Join("..", "..", "..", "shared", "eval")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no evaluation sets at %s: skipping", root)
	}
	if os.Getenv("ARCHIVIST_EVAL") != "1" {
		t.Skip("set ARCHIVIST_EVAL=1 to measure on ../shared/eval (imports take minutes)")
	}
	lib := os.Getenv("ARCHIVIST_EVAL_LIBRARY") // reuse an imported library
	for _, c := range []struct {
		set          string
		doc, library float64 // hit@6 floors from the issue
	}{{"financebench", 0.72, 0.61}, {"mmlongbench", 0.89, 0.82}} {
		dir := lib
		if dir == "" {
			dir = t.TempDir()
		} else {
			dir = filepath.Join(dir, c.set)
		}
		for _, scope := range []string{"doc", "library"} {
			out, errOut, code := cli(t, dir, "eval", "--questions", filepath.Join(root, c.set, "questions.jsonl"),
				"--docs", filepath.Join(root, c.set), "--scope", scope, "--json")
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s", c.set, scope, code, errOut)
			}
			var rep struct {
				Hit          map[string]float64 `json:"hit"`
				Insufficient float64            `json:"insufficient_on_unanswerable"`
				Unanswerable int                `json:"unanswerable"`
			}
			json.Unmarshal([]byte(out), &rep)
			floor := c.doc
			if scope == "library" {
				floor = c.library
			}
			t.Logf("%s %s: %s", c.set, scope, strings.TrimSpace(out))
			if rep.Hit["6"] < floor {
				t.Errorf("%s %s: hit@6 %.3f below %.2f", c.set, scope, rep.Hit["6"], floor)
			}
			if rep.Unanswerable > 0 && rep.Insufficient < 0.6 {
				t.Errorf("%s %s: %.3f of unanswerable questions insufficient, want 0.6", c.set, scope, rep.Insufficient)
			}
		}
	}
}
