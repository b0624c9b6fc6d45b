//go:build crashtest

package cli

// The crash-safety harness, run by `make crashtest` (not by `make test`): it
// builds the real binary, starts `archivist import` over a corpus of
// generated documents (plus the FinanceBench PDFs beside the checkout, when
// present), SIGKILLs it at random moments — the process alone, or its whole
// process group with its PDF workers — and after every kill opens the
// library and checks everything a person relies on. The disk-fault checks
// (full disk, read-only folder, slow folder, second instance) live in
// crashfault_test.go.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"archivist/app"
	"archivist/ingest"
	"archivist/store"
)

// crashScanPNG is a picture of a page of print, for the scans.
const crashScanPNG = "../../ingest/ocr/testdata/page.png"

// financeBenchDir holds the FinanceBench dev PDFs, beside the checkout.
const financeBenchDir = "../../../shared/eval/financebench/pdfs"

// buildBinary builds the desktop binary into a fresh folder: the harness
// recognises its processes (and any orphaned PDF worker) by that path.
// ARCHIVIST_CRASH_BIN names a binary built already (the window's build
// takes minutes); nothing else may run it meanwhile.
func buildBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("ARCHIVIST_CRASH_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(t.TempDir(), "archivist")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "../..")
	// The desktop binary needs cgo even when the test itself runs without.
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// crashCorpus is what the harness imports.
type crashCorpus struct {
	files []string
	// bad are files that must fail with a clear reason, by base name.
	bad map[string]bool
	// markers maps a word found in exactly one generated document to that
	// document's base name.
	markers map[string]string
}

// makeCorpus writes generated Markdown, text, HTML and PDF documents (and
// two bad files) into dir, and adds the FinanceBench PDFs when present and
// wanted.
func makeCorpus(t *testing.T, dir string, r *rand.Rand, scale int, financeBench bool) *crashCorpus {
	t.Helper()
	c := &crashCorpus{bad: map[string]bool{}, markers: map[string]string{}}
	write := func(name string, b []byte) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		c.files = append(c.files, path)
	}
	marker := func(name string) string {
		m := fmt.Sprintf("quillmark%04d", len(c.markers))
		c.markers[m] = name
		return m
	}
	for i := 0; i < 12*scale; i++ {
		name := fmt.Sprintf("notes-%03d.md", i)
		body := genMarkdown(r, "Field notes "+strconv.Itoa(i), 3000+r.Intn(60000))
		write(name, append(body, []byte("\n\nThe archive token is "+marker(name)+".\n")...))
	}
	for i := 0; i < 6*scale; i++ {
		name := fmt.Sprintf("memo-%03d.txt", i)
		body := genMarkdown(r, "MEMO "+strconv.Itoa(i), 2000+r.Intn(30000))
		text := strings.NewReplacer("# ", "", "## ", "").Replace(string(body))
		write(name, []byte(text+"\n\nThe archive token is "+marker(name)+".\n"))
	}
	for i := 0; i < 6*scale; i++ {
		name := fmt.Sprintf("page-%03d.html", i)
		var b strings.Builder
		fmt.Fprintf(&b, "<!doctype html><html><head><title>Report %d</title></head><body><h1>Report %d</h1>", i, i)
		for s := 0; s < 3+r.Intn(8); s++ {
			fmt.Fprintf(&b, "<h2>Part %d</h2><p>%s</p>", s, genMarkdown(r, "x", 800)[4:])
			fmt.Fprintf(&b, "<table><caption>Table %d</caption><tr><th>Year</th><th>Value</th></tr>", s)
			for row := 0; row < 5; row++ {
				fmt.Fprintf(&b, "<tr><td>%d</td><td>%d</td></tr>", 2000+row, r.Intn(9999))
			}
			b.WriteString("</table>")
		}
		fmt.Fprintf(&b, "<p>The archive token is %s.</p></body></html>", marker(name))
		write(name, []byte(b.String()))
	}
	for i := 0; i < 3*scale; i++ {
		name := fmt.Sprintf("survey-%03d.pdf", i)
		pdf := fpdf.New("P", "pt", "Letter", "")
		pdf.SetTitle("Survey "+strconv.Itoa(i), true)
		pages := 5 + r.Intn(60)
		for p := 0; p < pages; p++ {
			pdf.AddPage()
			pdf.SetFont("Helvetica", "B", 18)
			heading := fmt.Sprintf("Chapter %d", p+1)
			pdf.Bookmark(heading, 0, -1)
			pdf.Text(72, 90, heading)
			pdf.SetFont("Helvetica", "", 11)
			pdf.SetXY(72, 110)
			body := strings.Join(strings.Fields(string(genMarkdown(r, "x", 1800)[4:])), " ")
			if p == pages-1 {
				body += " The archive token is " + marker(name) + "."
			}
			pdf.MultiCell(468, 15, strings.ReplaceAll(body, "#", ""), "", "L", false)
		}
		var buf bytes.Buffer
		if err := pdf.Output(&buf); err != nil {
			t.Fatal(err)
		}
		write(name, buf.Bytes())
	}
	// Scans: a PDF of page pictures and a picture, read by OCR (two
	// Tesseract processes a kill may catch mid-page); each must end ready,
	// its pages read, never waiting.
	scan := fpdf.New("P", "pt", "Letter", "")
	for range 6 {
		scan.AddPage()
		scan.Image(crashScanPNG, 36, 36, 540, 0, false, "", 0, "")
	}
	var sbuf bytes.Buffer
	if err := scan.Output(&sbuf); err != nil {
		t.Fatal(err)
	}
	write("scan-000.pdf", sbuf.Bytes())
	if b, err := os.ReadFile(crashScanPNG); err == nil {
		write("scan-001.png", b)
	}
	// A PDF that is not one: it must fail with a stored reason, every time.
	write("broken.pdf", append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte("not a pdf object "), 200)...))
	c.bad["broken.pdf"] = true
	// An empty file is refused before it reaches the queue.
	write("empty.txt", nil)
	c.bad["empty.txt"] = true

	if !financeBench {
		return c
	}
	pdfs, _ := filepath.Glob(filepath.Join(financeBenchDir, "*.pdf"))
	if len(pdfs) == 0 {
		t.Logf("FinanceBench PDFs not found in %s (../shared is absent): the harness imports generated documents only", financeBenchDir)
	}
	if n, err := strconv.Atoi(os.Getenv("ARCHIVIST_CRASH_PDFS")); err == nil && n < len(pdfs) {
		pdfs = pdfs[:n]
	}
	c.files = append(c.files, pdfs...)
	return c
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// Kill modes: after a random delay; at a random moment just after the
// database's write-ahead log is written (most likely inside a commit); or after a long
// run, so the queue moves past documents that take longer than most delays.
const (
	killTimed = "timed"
	killWrite = "on-write"
	killLate  = "late"
)

func killMode(r *rand.Rand) string {
	switch x := r.Float64(); {
	case x < 0.6:
		return killTimed
	case x < 0.88:
		return killWrite
	}
	return killLate
}

// killTrigger returns a channel that fires when the import should die.
func killTrigger(r *rand.Rand, mode, lib string) <-chan time.Time {
	switch mode {
	case killLate:
		return time.After(10*time.Second + time.Duration(r.Intn(30))*time.Second)
	case killWrite:
		fire := make(chan time.Time, 1)
		settle := time.Duration(r.Intn(3000)) * time.Millisecond
		jitter := time.Duration(r.Intn(30)) * time.Millisecond
		go func() {
			time.Sleep(settle)
			wal := filepath.Join(lib, store.DatabaseFile+"-wal")
			// SQLite rewrites the WAL from its start after a checkpoint, so
			// its size alone may not move: watch the modification time too.
			size := func() string {
				if info, err := os.Stat(wal); err == nil {
					return fmt.Sprint(info.Size(), info.ModTime().UnixNano())
				}
				return ""
			}
			last, deadline := size(), time.Now().Add(20*time.Second)
			for time.Now().Before(deadline) {
				time.Sleep(2 * time.Millisecond)
				if n := size(); n != last {
					break
				}
			}
			time.Sleep(jitter)
			fire <- time.Now()
		}()
		return fire
	}
	return time.After(killDelay(r))
}

// killDelay picks when to kill: often early (opening, copying originals,
// the first commits), often mid-import, sometimes late.
func killDelay(r *rand.Rand) time.Duration {
	switch x := r.Float64(); {
	case x < 0.35:
		return time.Duration(r.Intn(400)) * time.Millisecond
	case x < 0.8:
		return 400*time.Millisecond + time.Duration(r.Intn(2600))*time.Millisecond
	default:
		return 3*time.Second + time.Duration(r.Intn(5000))*time.Millisecond
	}
}

// startImport starts `archivist import` in its own process group.
func startImport(bin, lib string, files []string, out io.Writer) (*exec.Cmd, error) {
	cmd := exec.Command(bin, append([]string{"--library", lib, "import"}, files...)...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, cmd.Start()
}

// processesOf lists the running processes whose executable is bin: after
// the import is gone, any of them is a PDF worker left behind.
func processesOf(bin string) []int {
	var pids []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		exe, err := os.Readlink(filepath.Join("/proc", d.Name(), "exe"))
		if err == nil && strings.TrimSuffix(exe, " (deleted)") == bin {
			// A zombie has no exe link; one that has is alive.
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitNoWorkers waits up to limit for every process of bin to exit and
// returns those still running, and how long the last took to go.
func waitNoWorkers(bin string, limit time.Duration) ([]int, time.Duration) {
	start := time.Now()
	for {
		pids := processesOf(bin)
		if len(pids) == 0 || time.Since(start) > limit {
			return pids, time.Since(start)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// libraryState is what a check saw, for comparing one trial with the next.
type libraryState struct {
	ready   map[string]string // document ID → digest of its passage IDs and bodies
	status  map[string]int
	pending int
	docs    map[string]string // SHA-256 → document ID
	failed  map[string]string // file name → stored reason, for failed documents
}

// checkLibrary opens the library after a kill and returns every broken
// promise it finds.
func checkLibrary(ctx context.Context, lib string) (*libraryState, []string) {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	db, err := store.Open(ctx, lib)
	if err != nil {
		return nil, []string{"open: " + err.Error()}
	}
	defer db.Close()
	if err := db.IntegrityCheck(ctx); err != nil {
		bad("integrity: %v", err)
	}
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(lib, store.DatabaseFile)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, append(problems, "raw open: "+err.Error())
	}
	defer raw.Close()
	tx, err := raw.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, append(problems, "raw snapshot: "+err.Error())
	}
	defer tx.Rollback()
	count := func(q string, args ...any) int {
		var n int
		if err := tx.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
			bad("%s: %v", q, err)
		}
		return n
	}
	// FTS5 keeps one docsize row per indexed passage.
	if p, f := count(`SELECT count(*) FROM passages`), count(`SELECT count(*) FROM passages_fts_docsize`); p != f {
		bad("fts: %d passages but %d indexed", p, f)
	}
	if n := count(`SELECT count(*) FROM passages p LEFT JOIN passages_fts_docsize f ON f.id = p.rowid WHERE f.id IS NULL`); n > 0 {
		bad("fts: %d passages missing from the index", n)
	}

	st := &libraryState{ready: map[string]string{}, status: map[string]int{}, docs: map[string]string{}, failed: map[string]string{}}
	type doc struct {
		id, filename, format, sha, status, errText, notice string
		pages, words                                       int
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, filename, format, sha256, status, error, notice, pages, words FROM documents`)
	if err != nil {
		return nil, append(problems, "documents: "+err.Error())
	}
	var docs []doc
	for rows.Next() {
		var d doc
		if err := rows.Scan(&d.id, &d.filename, &d.format, &d.sha, &d.status, &d.errText, &d.notice, &d.pages, &d.words); err != nil {
			bad("documents: %v", err)
		}
		docs = append(docs, d)
	}
	rows.Close()
	pendingDocs := map[string]bool{}
	jrows, err := tx.QueryContext(ctx, `SELECT document_id FROM import_jobs WHERE state IN ('queued', 'running')`)
	if err != nil {
		return nil, append(problems, "jobs: "+err.Error())
	}
	for jrows.Next() {
		var id string
		jrows.Scan(&id)
		pendingDocs[id] = true
		st.pending++
	}
	jrows.Close()

	for _, d := range docs {
		st.status[d.status]++
		st.docs[d.sha] = d.id
		// The original is kept, whole, under its hash.
		if b, err := os.ReadFile(db.BlobPath(d.sha)); err != nil {
			bad("%s (%s): original missing: %v", d.filename, d.status, err)
		} else if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != d.sha {
			bad("%s: original does not match its SHA-256", d.filename)
		}
		content := func(table string) int {
			return count(`SELECT count(*) FROM `+table+` WHERE document_id = ?`, d.id)
		}
		if d.status != string(app.StatusReady) {
			for _, table := range []string{"passages", "blocks", "sections", "pages"} {
				if n := content(table); n > 0 {
					bad("%s is %s but has %d rows in %s", d.filename, d.status, n, table)
				}
			}
			switch {
			case d.status == string(app.StatusFailed):
				st.failed[d.filename] = d.errText
				if d.errText == "" {
					bad("%s failed without a reason", d.filename)
				}
			case !pendingDocs[d.id]:
				bad("%s is %s with no pending job: it would never finish", d.filename, d.status)
			}
			continue
		}
		// A ready document is whole: its passages are exactly what the
		// passage builder makes of its stored blocks.
		parsed, title, err := db.StoredParse(ctx, d.id)
		if err != nil {
			bad("%s: stored parse: %v", d.filename, err)
			continue
		}
		if len(parsed.Blocks) == 0 && d.notice == "" {
			bad("%s is ready with no blocks", d.filename)
		}
		words := 0
		for _, b := range parsed.Blocks {
			words += app.BlockWords(b) // a table's cell separators are no words
		}
		if words != d.words {
			bad("%s: %d words recorded, %d in its blocks", d.filename, d.words, words)
		}
		if d.format == string(app.FormatPDF) {
			if n := content("pages"); n != d.pages || n == 0 {
				bad("%s: %d pages recorded, %d page rows", d.filename, d.pages, n)
			}
		}
		want := ingest.BuildPassages(d.id, title, parsed)
		prows, err := tx.QueryContext(ctx, `SELECT id, body FROM passages WHERE document_id = ? ORDER BY seq`, d.id)
		if err != nil {
			bad("%s: passages: %v", d.filename, err)
			continue
		}
		h := sha256.New()
		i := 0
		for prows.Next() {
			var id, body string
			prows.Scan(&id, &body)
			if i >= len(want) || want[i].ID != id || want[i].Text != body {
				bad("%s: stored passage %d (%s) differs from its rebuild", d.filename, i, id)
			}
			fmt.Fprintf(h, "%s\x00%s\x00", id, body)
			i++
		}
		prows.Close()
		if i != len(want) {
			bad("%s: %d passages stored, %d built from its blocks", d.filename, i, len(want))
		}
		st.ready[d.id] = hex.EncodeToString(h.Sum(nil))
	}
	return st, problems
}

// TestCrashSafety is the harness. ARCHIVIST_CRASH_TRIALS sets the number of
// kills (default 120), ARCHIVIST_CRASH_SEED the randomness, and
// ARCHIVIST_CRASH_PDFS how many FinanceBench PDFs to use (default all).
func TestCrashSafety(t *testing.T) {
	ctx := context.Background()
	bin := buildBinary(t)
	seed := int64(envInt("ARCHIVIST_CRASH_SEED", int(time.Now().UnixNano()%1e9)))
	trials := envInt("ARCHIVIST_CRASH_TRIALS", 120)
	r := rand.New(rand.NewSource(seed))
	corpusDir := filepath.Join(t.TempDir(), "corpus")
	os.MkdirAll(corpusDir, 0o755)
	corpus := makeCorpus(t, corpusDir, r, 3, true)
	libs := t.TempDir()
	round := 1
	lib := filepath.Join(libs, "library-1")
	t.Logf("seed %d, %d trials, %d files", seed, trials, len(corpus.files))

	var (
		modes                                                = map[string]int{}
		failedTrials, groupKills, finishedEarly, orphanWaits int
		slowestOrphan                                        time.Duration
		prev                                                 *libraryState
	)
	for trial := 1; trial <= trials; trial++ {
		files := append([]string(nil), corpus.files...)
		r.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
		group := r.Intn(2) == 0
		mode := killMode(r)
		var out bytes.Buffer
		cmd, err := startImport(bin, lib, files, &out)
		if err != nil {
			t.Fatal(err)
		}
		started := time.Now()
		trigger := killTrigger(r, mode, lib)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			finishedEarly++
			if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
				t.Errorf("trial %d: import exited %d before the kill: %v\n%s", trial, code, err, out.String())
			}
		case <-trigger:
			modes[mode]++
			if group {
				groupKills++
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			} else {
				cmd.Process.Signal(syscall.SIGKILL)
			}
			<-done
		}
		delay := time.Since(started).Round(time.Millisecond)
		if strings.Contains(out.String(), "panic") {
			t.Errorf("trial %d: panic:\n%s", trial, out.String())
		}
		// A worker whose parent was killed alone notices within seconds.
		left, took := waitNoWorkers(bin, 8*time.Second)
		if took > 100*time.Millisecond {
			orphanWaits++
		}
		if took > slowestOrphan {
			slowestOrphan = took
		}
		var problems []string
		if len(left) > 0 {
			problems = append(problems, fmt.Sprintf("PDF workers %v still running 8 s after the kill", left))
			for _, pid := range left {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		st, found := checkLibrary(ctx, lib)
		problems = append(problems, found...)
		if st != nil && prev != nil {
			// Nothing committed is lost or changed by a later crash.
			for id, digest := range prev.ready {
				if st.ready[id] != digest {
					problems = append(problems, fmt.Sprintf("ready document %s changed or vanished after a crash", id))
				}
			}
		}
		if st != nil {
			prev = st
		}
		if len(problems) > 0 {
			failedTrials++
			t.Errorf("trial %d (%s kill after %v, group %v): %s\noutput:\n%s", trial, mode, delay, group, strings.Join(problems, "\n"), out.String())
		}
		if trial%10 == 0 && st != nil {
			t.Logf("trial %d (library %d): %v, %d jobs pending", trial, round, st.status, st.pending)
		}
		// Once the queue is through the whole corpus, later kills would
		// only interrupt duplicate checks: start a new library.
		if st != nil && len(problems) == 0 && st.pending == 0 && len(st.ready)+len(st.failed) == len(corpus.files)-1 {
			t.Logf("trial %d: library %d finished; starting library %d", trial, round, round+1)
			os.RemoveAll(lib)
			round++
			lib = filepath.Join(libs, fmt.Sprintf("library-%d", round))
			prev = nil
		}
	}

	// The queue resumes and finishes: one more run, not killed.
	start := time.Now()
	var out bytes.Buffer
	cmd, err := startImport(bin, lib, corpus.files, &out)
	if err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(40*time.Minute, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	cmd.Wait()
	timer.Stop()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		// 1: the two bad files fail, and must.
		t.Errorf("final import exited %d, want 1 (the bad files fail):\n%s", code, out.String())
	}
	st, problems := checkLibrary(ctx, lib)
	for _, p := range problems {
		t.Errorf("after the final import: %s", p)
	}
	if st == nil {
		t.Fatal("library did not open after the final import")
	}
	if st.pending != 0 || st.status[string(app.StatusQueued)]+st.status[string(app.StatusImporting)] != 0 {
		t.Errorf("queue not finished: %d jobs pending, statuses %v", st.pending, st.status)
	}
	for _, f := range corpus.files {
		b, _ := os.ReadFile(f)
		sum := sha256.Sum256(b)
		name := filepath.Base(f)
		id, ok := st.docs[hex.EncodeToString(sum[:])]
		switch {
		case corpus.bad[name] && name == "empty.txt":
			if ok {
				t.Errorf("the empty file became a document")
			}
		case corpus.bad[name]:
			reason := st.failed[name]
			if reason == "" || reason == app.ErrorMessage(fmt.Errorf("x")) {
				t.Errorf("%s: failure reason %q is not clear", name, reason)
			}
		case !ok:
			t.Errorf("%s never became a document", name)
		case st.ready[id] == "":
			t.Errorf("%s did not finish: %q", name, st.failed[name])
		case strings.HasPrefix(name, "scan-"):
			if _, err := exec.LookPath("tesseract"); err != nil {
				break
			}
			db, err := store.Open(ctx, lib)
			if err != nil {
				t.Fatal(err)
			}
			pages, err := db.OCRPages(ctx, id)
			db.Close()
			for _, p := range pages {
				if p.State != app.OCRRead {
					err = fmt.Errorf("page %d is %s", p.Number, p.State)
				}
			}
			if err != nil || len(pages) == 0 {
				t.Errorf("%s: OCR pages %+v %v", name, pages, err)
			}
		}
	}
	if !strings.Contains(out.String(), "failed: "+filepath.Join(corpusDir, "empty.txt")+": the file is empty") {
		t.Errorf("the final import did not report the empty file clearly:\n%s", out.String())
	}
	// And the finished library answers from the documents that survived.
	markers := make([]string, 0, len(corpus.markers))
	for m := range corpus.markers {
		markers = append(markers, m)
	}
	sort.Strings(markers)
	for _, m := range []string{markers[0], markers[len(markers)/2], markers[len(markers)-1]} {
		ans, err := exec.Command(bin, "--library", lib, "ask", "--json", "What is the archive token "+m+"?").Output()
		if err != nil || !strings.Contains(string(ans), m) {
			t.Errorf("ask for %s (in %s): %v\n%s", m, corpus.markers[m], err, ans)
		}
	}
	t.Logf("CRASH SUMMARY: seed %d; %d libraries; %d kills %v (%d of the whole process group, %d of the import alone), %d runs ended before their kill; %d trials failed; "+
		"orphaned PDF workers exited within %v at most (%d waits); final run %v; documents %v",
		seed, round, trials-finishedEarly, modes, groupKills, trials-finishedEarly-groupKills, finishedEarly, failedTrials,
		slowestOrphan.Round(10*time.Millisecond), orphanWaits, time.Since(start).Round(time.Second), st.status)
}
