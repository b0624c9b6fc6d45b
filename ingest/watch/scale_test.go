package watch_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// makeTree writes n small Markdown files into dir, 100 to a folder, with
// distinct different texts among them (file i holds text i % distinct).
func makeTree(t testing.TB, dir string, n, distinct int) {
	t.Helper()
	for i := 0; i < n; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("d%03d", i/100/100), fmt.Sprintf("d%03d", i/100%100))
		if i%100 == 0 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		k := i % distinct
		text := fmt.Sprintf("# Note %d\n\nThe tern count %d was logged at station w%dx.\n", k, k*7, k)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("n%06d.md", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestManyFiles syncs a folder of 20,000 files (2,000 with -short;
// ARCHIVIST_WATCH_FILES=200000 for the README's figures, about ten
// minutes on two cores): each file is recorded once,
// each distinct text is one document, a rescan with nothing changed
// changes nothing, and one new, one changed and one deleted file among
// them are exactly what the next sync finds. Most files are copies of a
// few hundred texts, so the test spends its time on the watch state, not
// on parsing.
func TestManyFiles(t *testing.T) {
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	if v, err := strconv.Atoi(os.Getenv("ARCHIVIST_WATCH_FILES")); err == nil && v > 0 {
		n = v
	}
	const distinct = 300
	fx := newFixture(t)
	makeTree(t, fx.dir, n, distinct)
	start, cpu := time.Now(), cpuTime()
	r := fx.sync()
	t.Logf("first sync of %d files: %v wall, %v processor", n, time.Since(start).Round(time.Millisecond), (cpuTime() - cpu).Round(time.Millisecond))
	if r.Count("imported") != distinct || r.Count("duplicate") != n-distinct || len(r.Changes) != n {
		t.Fatalf("first sync: %s", r)
	}
	files, _ := fx.db.WatchFiles(context.Background(), fx.id)
	if len(files) != n || len(fx.docs()) != distinct {
		t.Fatalf("%d files recorded, %d documents", len(files), len(fx.docs()))
	}
	var ms runtime.MemStats
	runtime.GC()
	start, cpu = time.Now(), cpuTime()
	r = fx.sync()
	runtime.ReadMemStats(&ms)
	t.Logf("rescan, nothing changed: %v wall, %v processor, heap %d MB", time.Since(start).Round(time.Millisecond),
		(cpuTime() - cpu).Round(time.Millisecond), ms.HeapAlloc>>20)
	if len(r.Changes) != 0 || r.Files != n {
		t.Fatalf("rescan: %s", r)
	}
	fx.write("d000/d000/fresh.md", "# Fresh\n\nA brand new puffin tally.\n")
	writeLater(t, filepath.Join(fx.dir, "d000", "d001", "n000150.md"), "# Changed\n\nThe skua tally changed.\n")
	os.Remove(filepath.Join(fx.dir, "d000", "d002", "n000250.md"))
	wantKinds(t, fx.sync(), "imported d000/d000/fresh.md", "imported d000/d001/n000150.md", "removed d000/d002/n000250.md")
	if len(fx.docs()) != distinct+2 {
		t.Fatalf("%d documents", len(fx.docs()))
	}
}

// BenchmarkRescanUnchanged measures the processor time of a rescan of a
// folder of 10,000 synced files where nothing changed (ARCHIVIST_WATCH_FILES
// sets another count), against `find DIR -newer REF` over the same tree in
// the same run: the cheapest way a program can ask which files changed.
//
//	CGO_ENABLED=0 go test -tags ci -run '^$' -bench RescanUnchanged -benchtime 20x ./ingest/watch/
func BenchmarkRescanUnchanged(b *testing.B) {
	n := 10_000
	if v, err := strconv.Atoi(os.Getenv("ARCHIVIST_WATCH_FILES")); err == nil && v > 0 {
		n = v
	}
	fx := newFixture(b)
	// Copies of 200 texts: the first sync is quicker, and a rescan reads
	// no file whatever it holds.
	makeTree(b, fx.dir, n, 200)
	if r := fx.sync(); len(r.Changes) != n {
		b.Fatalf("first sync: %s", r)
	}
	ref := filepath.Join(b.TempDir(), "ref")
	os.WriteFile(ref, nil, 0o644)
	f := fx.folder()
	var findCPU time.Duration
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		r, err := fx.e.Sync(context.Background(), f, nil)
		if err != nil || len(r.Changes) != 0 {
			b.Fatal(r, err)
		}
	}
	ours := cpuTime() - cpu
	b.StopTimer()
	for i := 0; i < b.N; i++ {
		cmd := exec.Command("find", fx.dir, "-newer", ref)
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		findCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	b.ReportMetric(float64(ours.Microseconds())/float64(b.N)/1000, "cpu-ms/rescan")
	b.ReportMetric(float64(findCPU.Microseconds())/float64(b.N)/1000, "find-cpu-ms")
	b.ReportMetric(float64(ours)/float64(findCPU), "x-find")
}
