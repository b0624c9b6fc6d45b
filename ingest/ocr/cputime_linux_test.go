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
	x := 0
	for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); {
		x++
	}
	after, _ := cpuTime(os.Getpid())
	if after <= before {
		t.Errorf("processor time %v then %v after spinning (%d)", before, after, x)
	}
}
