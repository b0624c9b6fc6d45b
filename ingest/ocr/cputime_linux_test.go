package ocr

import (
	"os"
	"testing"
	"time"
)

func TestCPUTimeOfThisProcess(t *testing.T) {
	before, ok := cpuTime(os.Getpid())
	if !ok {
		t.Fatal("no processor time for this process")
	}
	// Spin until the kernel's clock ticks past before: on a loaded machine
	// this process may get little of 300 ms, so the wall time only bounds
	// the wait.
	x, after := 0, before
	for end := time.Now().Add(10 * time.Second); after <= before && time.Now().Before(end); {
		for range 1_000_000 {
			x++
		}
		after, _ = cpuTime(os.Getpid())
	}
	if after <= before {
		t.Errorf("processor time %v then %v after spinning (%d)", before, after, x)
	}
}
