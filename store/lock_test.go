package store_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

func TestLibraryLock(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("SecondOpenRefusedWithClearMessage", func(t *testing.T) {
		_, err := store.Open(ctx, dir)
		var e *app.Error
		if !errors.As(err, &e) || e.Code != app.EConflict {
			t.Fatalf("second Open = %v, want an %s error", err, app.EConflict)
		}
		if !strings.Contains(e.Message, dir) || !strings.Contains(e.Message, "already open") {
			t.Errorf("message %q does not name the library and say it is open", e.Message)
		}
	})
	t.Run("ReopensAfterClose", func(t *testing.T) {
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db2, err := store.Open(ctx, dir)
		if err != nil {
			t.Fatalf("Open after Close: %v", err)
		}
		db2.Close()
	})
}

// TestLockHelperProcess is not a test: TestLibraryLockAcrossProcesses runs
// this test binary again with the variable set, to hold a library's lock
// in another process.
func TestLockHelperProcess(t *testing.T) {
	dir := os.Getenv("ARCHIVIST_TEST_LOCK_DIR")
	if dir == "" {
		return
	}
	db, err := store.Open(context.Background(), dir)
	if err != nil {
		os.Stdout.WriteString("error: " + err.Error() + "\n")
		os.Exit(1)
	}
	defer db.Close()
	os.Stdout.WriteString("locked\n")
	bufio.NewReader(os.Stdin).ReadString('\n') // hold until told or killed
	os.Exit(0)
}

func TestLibraryLockAcrossProcesses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHelperProcess$")
	cmd.Env = append(os.Environ(), "ARCHIVIST_TEST_LOCK_DIR="+dir)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if line != "locked\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper said %q", line)
	}
	_, err := store.Open(ctx, dir)
	var e *app.Error
	if !errors.As(err, &e) || e.Code != app.EConflict || !strings.Contains(e.Message, "process ") {
		t.Errorf("Open while another process holds the library = %v, want a conflict naming the process", err)
	}
	// A crash must not leave the library locked.
	cmd.Process.Kill()
	cmd.Wait()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatalf("Open after the holder was killed: %v", err)
	}
	if err := db.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
	db.Close()
}

func TestOpenReadOnlyFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("skipped as root: root writes through folder permissions (make crashtest checks a read-only mount instead)")
	}
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	os.Remove(filepath.Join(dir, store.LockFile))
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	_, err = store.Open(ctx, dir)
	var e *app.Error
	if !errors.As(err, &e) || !strings.Contains(e.Message, "read-only") || !strings.Contains(e.Message, dir) {
		t.Fatalf("Open of a read-only folder = %v, want a message naming the folder as read-only", err)
	}
}

func TestOpenRemovesPartialOriginals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	sum, _, err := db.PutBlob(strings.NewReader("kept"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	// What a copy cut short by a crash leaves behind.
	partial := filepath.Join(dir, "blobs", ".incoming-123")
	if err := os.WriteFile(partial, []byte("ha"), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err = store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := os.Stat(partial); !os.IsNotExist(err) {
		t.Errorf("partial copy still there after Open: %v", err)
	}
	if b, err := db.ReadBlob(sum); err != nil || string(b) != "kept" {
		t.Errorf("complete original = %q, %v", b, err)
	}
}
