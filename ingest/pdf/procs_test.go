package pdf

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestWorkerStartIsRetried: creating a worker process that fails once (on
// Windows, right after another worker was killed) is tried again; one
// that keeps failing fails with the system's reason after startAttempts.
func TestWorkerStartIsRetried(t *testing.T) {
	e := testEngine(t)
	if e.procs == nil {
		t.Skipf("no worker processes here: %v", e.workerErr)
	}
	saved := startProcess
	t.Cleanup(func() { startProcess = saved })
	calls := 0
	startProcess = func(c *exec.Cmd) error {
		calls++
		if calls == 1 {
			return errors.New("Internal error")
		}
		return c.Start()
	}
	p, err := spawn(context.Background(), e.dir, e.cfg.MemoryLimit)
	if err != nil {
		t.Fatalf("a start that failed once: %v", err)
	}
	p.close()
	if calls != 2 {
		t.Errorf("%d starts, want 2", calls)
	}

	calls = 0
	startProcess = func(*exec.Cmd) error { calls++; return errors.New("Internal error") }
	if _, err := spawn(context.Background(), e.dir, e.cfg.MemoryLimit); err == nil || !strings.Contains(err.Error(), "Internal error") {
		t.Errorf("a start that always fails: %v", err)
	}
	if calls != startAttempts {
		t.Errorf("%d starts, want %d", calls, startAttempts)
	}

	// Cancelled while waiting to try again: no more tries.
	calls = 0
	ctx, cancel := context.WithCancel(context.Background())
	startProcess = func(*exec.Cmd) error { calls++; cancel(); return errors.New("Internal error") }
	if _, err := spawn(ctx, e.dir, e.cfg.MemoryLimit); err == nil || calls != 1 {
		t.Errorf("cancelled: %d starts, %v", calls, err)
	}
}
