//go:build crashtest

package cli

// Quitting by a signal during an import, run by `make crashtest`: Ctrl-C
// (SIGINT) or SIGTERM, as a terminal or an ending session sends it, is a
// quit and not a crash. The running import's job stays pending and its
// start is not counted toward ingest.MaxImportAttempts, so a file quit
// twice is still imported at the next start rather than given up on.

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
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

// longPDF writes a PDF of pages pages of prose: long enough to import that
// a signal sent once its import starts lands in the middle of it.
func longPDF(t *testing.T, path string, pages int) {
	t.Helper()
	r := rand.New(rand.NewSource(7))
	pdf := fpdf.New("P", "pt", "Letter", "")
	for p := range pages {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 18)
		pdf.Text(72, 90, fmt.Sprintf("Chapter %d", p+1))
		pdf.SetFont("Helvetica", "", 11)
		pdf.SetXY(72, 110)
		body := strings.Join(strings.Fields(string(genMarkdown(r, "x", 1800)[4:])), " ")
		pdf.MultiCell(468, 15, strings.ReplaceAll(body, "#", ""), "", "L", false)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// importJob is the one import job of a library, as the database holds it.
type importJob struct {
	state    string
	attempts int
	status   string // its document's
}

func readJob(t *testing.T, lib string) (importJob, bool) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(lib, store.DatabaseFile)+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var j importJob
	err = raw.QueryRow(`SELECT j.state, j.attempts, d.status FROM import_jobs j JOIN documents d ON d.id = j.document_id
		ORDER BY j.created_at LIMIT 1`).Scan(&j.state, &j.attempts, &j.status)
	return j, err == nil
}

// quitMidImport starts cmd, waits until the library's job runs, sends sig
// to the process and waits for it to exit; the job must be pending again
// with no start counted.
func quitMidImport(t *testing.T, cmd *exec.Cmd, lib string, sig syscall.Signal, out *bytes.Buffer) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	kill := time.AfterFunc(2*time.Minute, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	defer kill.Stop()
	for {
		if j, ok := readJob(t, lib); ok && j.state == "running" {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("%s ended (%v) before its import ran; output:\n%s", cmd.Args[0], err, out)
		case <-time.After(20 * time.Millisecond):
		}
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(60 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
		t.Fatalf("still running 60 s after %v; output:\n%s", sig, out)
	}
	j, ok := readJob(t, lib)
	if !ok {
		t.Fatal("the import job is gone")
	}
	if j.state != "queued" || j.attempts != 0 {
		t.Fatalf("after %v the job is %s with %d starts counted (document %s), want queued with none; output:\n%s",
			sig, j.state, j.attempts, j.status, out)
	}
	if pids := processesOf(cmd.Path); len(pids) > 0 {
		t.Errorf("processes %v of the binary outlived it", pids)
	}
}

// xDisplay starts a virtual X server and returns its display (":N"), or
// "" when the machine has none to start.
func xDisplay(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return ""
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	buf := make([]byte, 16)
	n, _ := r.Read(buf)
	r.Close()
	num, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil {
		t.Fatalf("Xvfb gave no display: %q", buf[:n])
	}
	return ":" + strconv.Itoa(num)
}

// TestQuitBySignal: an import stopped by SIGINT (the command line) or
// SIGTERM (the window, resuming it) stays pending with no start counted —
// twice, one more than ingest.MaxImportAttempts allows crashes — and the
// next start then imports it.
func TestQuitBySignal(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	lib, file := filepath.Join(dir, "lib"), filepath.Join(dir, "long.pdf")
	longPDF(t, file, 400)
	home := filepath.Join(dir, "home") // the window's settings
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))

	quits := 0
	t.Run("CommandLineSIGINT", func(t *testing.T) {
		var out bytes.Buffer
		cmd := exec.Command(bin, "--library", lib, "import", file)
		cmd.Stdout, cmd.Stderr, cmd.Env = &out, &out, env
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		quitMidImport(t, cmd, lib, syscall.SIGINT, &out)
		quits++
	})
	t.Run("WindowSIGTERM", func(t *testing.T) {
		display := xDisplay(t)
		if display == "" {
			t.Skip("no Xvfb to run the window in")
		}
		var out bytes.Buffer
		cmd := exec.Command(bin, "--library", lib)
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.Env = append(env, "DISPLAY="+display)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		quitMidImport(t, cmd, lib, syscall.SIGTERM, &out)
		quits++
	})
	if quits < ingest.MaxImportAttempts {
		t.Fatalf("%d quits: fewer than the %d starts that would give the file up", quits, ingest.MaxImportAttempts)
	}
	out, err := exec.Command(bin, "--library", lib, "import", file).CombinedOutput()
	if err != nil {
		t.Fatalf("the next start: %v\n%s", err, out)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	docs, err := db.Documents(ctx)
	if err != nil || len(docs) != 1 || docs[0].Status != app.StatusReady {
		t.Fatalf("after %d quits the library holds %+v (%v), want the file ready", quits, docs, err)
	}
}
