//go:build crashtest

package cli

// The crash harness for watched folders: between kills the watched folder
// changes (files edited, moved, deleted, added); `archivist watch scan` is
// SIGKILLed at random moments; after every kill the library must be whole
// and its watch records consistent, and a last scan, not killed, must
// leave every file on disk held by exactly the document of its bytes —
// nothing imported twice, nothing lost.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"archivist/ingest/watch"
	"archivist/store"
)

func TestCrashSafetyWatch(t *testing.T) {
	ctx := context.Background()
	bin := buildBinary(t)
	seed := int64(envInt("ARCHIVIST_CRASH_SEED", int(time.Now().UnixNano()%1e9)))
	trials := envInt("ARCHIVIST_CRASH_WATCH_TRIALS", 40)
	r := rand.New(rand.NewSource(seed))
	dir := filepath.Join(t.TempDir(), "watched")
	os.MkdirAll(dir, 0o755)
	makeCorpus(t, dir, r, 1, false)
	lib := filepath.Join(t.TempDir(), "library")
	if out, err := exec.Command(bin, "--library", lib, "watch", "add", "--no-scan", dir).CombinedOutput(); err != nil {
		t.Fatalf("watch add: %v\n%s", err, out)
	}
	t.Logf("seed %d, %d trials", seed, trials)
	kills, early := 0, 0
	for trial := 1; trial <= trials; trial++ {
		mutate(t, r, dir, trial)
		var out bytes.Buffer
		cmd := exec.Command(bin, "--library", lib, "watch", "scan", "--stable", "0")
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		// A scan of a few changes is short: kill within 0.6 s, or (one in
		// three) just after a write to the database's log, most likely in
		// a commit.
		mode, trigger := killTimed, time.After(time.Duration(r.Intn(600))*time.Millisecond)
		if r.Intn(3) == 0 {
			mode, trigger = killWrite, killTrigger(r, killWrite, lib)
		}
		select {
		case <-done:
			early++
		case <-trigger:
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
			kills++
		}
		waitNoWorkers(bin, 8*time.Second)
		if strings.Contains(out.String(), "panic") {
			t.Fatalf("trial %d: panic:\n%s", trial, out.String())
		}
		_, problems := checkLibrary(ctx, lib)
		problems = append(problems, checkWatch(ctx, lib, dir, false)...)
		if len(problems) > 0 {
			t.Fatalf("trial %d (%s): %s\noutput:\n%s", trial, mode, strings.Join(problems, "\n"), out.String())
		}
	}
	out, err := exec.Command(bin, "--library", lib, "watch", "scan", "--stable", "0").CombinedOutput()
	if err != nil && !strings.Contains(string(out), "failed: ") {
		t.Fatalf("final scan: %v\n%s", err, out)
	}
	_, problems := checkLibrary(ctx, lib)
	problems = append(problems, checkWatch(ctx, lib, dir, true)...)
	for _, p := range problems {
		t.Errorf("after the final scan: %s", p)
	}
	t.Logf("WATCH CRASH SUMMARY: seed %d; %d kills, %d scans ended before their kill; %d problems", seed, kills, early, len(problems))
}

// mutate changes the watched folder the way a person does between syncs.
func mutate(t *testing.T, r *rand.Rand, dir string, trial int) {
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && !watch.Skipped(d.Name()) && !strings.Contains(d.Name(), "empty") &&
			!strings.HasSuffix(p, ".pdf") {
			files = append(files, p)
		}
		return nil
	})
	r.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	for i, p := range files {
		if i >= 10 {
			break
		}
		switch r.Intn(4) {
		case 0: // edited
			f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			fmt.Fprintf(f, "\n\nRevised in round %d: skuamark%d.\n", trial, trial*10+i)
			f.Close()
			later := time.Now().Add(time.Duration(trial) * time.Second)
			os.Chtimes(p, later, later)
		case 1: // moved to another folder
			sub := filepath.Join(dir, fmt.Sprintf("box-%d", r.Intn(3)))
			os.MkdirAll(sub, 0o755)
			os.Rename(p, filepath.Join(sub, filepath.Base(p)))
		case 2: // deleted
			os.Remove(p)
		case 3: // a new file
			name := filepath.Join(dir, fmt.Sprintf("new-%d-%d.md", trial, i))
			os.WriteFile(name, []byte(fmt.Sprintf("# New %d\n\nFresh notes, round %d: ternmark%d.\n", i, trial, trial*10+i)), 0o644)
		}
	}
}

// checkWatch checks the watch records against the library and, when
// final, against the folder on disk.
func checkWatch(ctx context.Context, lib, dir string, final bool) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(lib, store.DatabaseFile)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return []string{err.Error()}
	}
	defer raw.Close()
	q := func(query string, args ...any) [][]string {
		rows, err := raw.QueryContext(ctx, query, args...)
		if err != nil {
			bad("%s: %v", query, err)
			return nil
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		var out [][]string
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			rows.Scan(ptrs...)
			row := make([]string, len(cols))
			for i, v := range vals {
				row[i] = v.String
			}
			out = append(out, row)
		}
		return out
	}
	// Every older version points at a current version of its lineage.
	for _, row := range q(`SELECT o.id, ifnull(c.id, ''), ifnull(c.superseded_by, ''), ifnull(o.lineage_id, ''), ifnull(c.lineage_id, '')
		FROM documents o LEFT JOIN documents c ON c.id = o.superseded_by WHERE o.superseded_by IS NOT NULL`) {
		if row[1] == "" || row[2] != "" || row[3] == "" || row[3] != row[4] {
			bad("older version %s points at %q (superseded by %q), lineage %q vs %q", row[0], row[1], row[2], row[3], row[4])
		}
	}
	// A file holds a current document.
	for _, row := range q(`SELECT w.rel, ifnull(d.superseded_by, '') FROM watch_files w JOIN documents d ON d.id = w.document_id`) {
		if row[1] != "" {
			bad("%s holds an older version", row[0])
		}
	}
	if !final {
		return problems
	}
	held := map[string]string{} // rel → sha of the document it holds
	for _, row := range q(`SELECT w.rel, d.sha256, d.status FROM watch_files w JOIN documents d ON d.id = w.document_id`) {
		held[row[0]] = row[1]
	}
	onDisk := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || watch.Skipped(d.Name()) || d.Name() == "broken.pdf" || d.Name() == "empty.txt" {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		b, _ := os.ReadFile(p)
		sum := sha256.Sum256(b)
		onDisk[hex.EncodeToString(sum[:])] = true
		if held[rel] != hex.EncodeToString(sum[:]) {
			bad("%s on disk is not held by the document of its bytes (holds %q)", rel, held[rel])
		}
		return nil
	})
	// Nothing twice: every current document no file holds was marked
	// removed; and no file holds a document of bytes no longer on disk.
	for _, row := range q(`SELECT d.id, d.filename, d.sha256 FROM documents d WHERE d.superseded_by IS NULL
		AND d.original_removed_at IS NULL AND d.status = 'ready' AND NOT EXISTS (SELECT 1 FROM watch_files w WHERE w.document_id = d.id)`) {
		bad("document %s (%s) is held by no file and not marked removed: imported twice?", row[0], row[1])
	}
	for _, row := range q(`SELECT d.filename FROM documents d WHERE d.original_removed_at IS NOT NULL AND d.superseded_by IS NULL
		AND EXISTS (SELECT 1 FROM watch_files w WHERE w.document_id = d.id)`) {
		bad("%s is marked removed but a file holds it", row[0])
	}
	return problems
}
