//go:build ci

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// bench --cpuprofile writes a profile of the questions that go tool pprof
// reads (gzipped protobuf), and the report gives each question's
// processor time beside its wall-clock time; an unwritable profile path
// is a clear error, not a silent run without one.
func TestBenchCPUProfile(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.prof")
	var out, errOut bytes.Buffer
	args := []string{"bench", "--passages", "300", "--docs", "0", "--pdf-pages", "0", "--questions", "3",
		"--dir", filepath.Join(dir, "lib"), "--json", "--cpuprofile", prof}
	if code := run(context.Background(), args, &out, &errOut); code != 0 {
		t.Fatalf("bench: exit %d\n%s", code, errOut.String())
	}
	b, err := os.ReadFile(prof)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("profile: %d bytes, %v; want a gzipped pprof profile", len(b), err)
	}
	var rep struct {
		Passages struct {
			Ask    map[string]float64 `json:"question"`
			AskCPU map[string]float64 `json:"question_cpu"`
		} `json:"passages"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if _, ok := rep.Passages.AskCPU["p95_ms"]; !ok || rep.Passages.Ask["p95_ms"] <= 0 {
		t.Fatalf("report = %s; want wall-clock and processor-time figures", out.String())
	}
	out.Reset()
	errOut.Reset()
	args[len(args)-1] = filepath.Join(dir, "missing", "cpu.prof")
	if code := run(context.Background(), args, &out, &errOut); code != 1 || !bytes.Contains(errOut.Bytes(), []byte("cpu profile")) {
		t.Fatalf("unwritable profile: exit %d, %s", code, errOut.String())
	}
}
