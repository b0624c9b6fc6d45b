package api

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func TestRateLimiter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := DefaultRateLimit(func() time.Time { return now })
	for i := range 2 {
		if _, ok := l.Take(); !ok {
			t.Fatalf("burst request %d refused", i+1)
		}
	}
	wait, ok := l.Take()
	if ok || wait != 10*time.Second {
		t.Fatalf("third request: ok=%v wait=%v, want a 10 s wait", ok, wait)
	}
	// A refused request spends nothing: after 10 s exactly one is allowed.
	now = now.Add(10 * time.Second)
	if _, ok := l.Take(); !ok {
		t.Error("refused after 10 s")
	}
	if _, ok := l.Take(); ok {
		t.Error("two allowed after 10 s")
	}
	// A quiet minute refills the burst, no more.
	now = now.Add(time.Minute)
	for i := range 2 {
		if _, ok := l.Take(); !ok {
			t.Errorf("burst after a quiet minute, request %d refused", i+1)
		}
	}
	if _, ok := l.Take(); ok {
		t.Error("the burst grew past two")
	}
}

func TestLoadOrCreateToken(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "archivist")
	tok, err := LoadOrCreateToken(dir)
	if err != nil || len(tok) != 64 {
		t.Fatalf("token %q, %v", tok, err)
	}
	again, err := LoadOrCreateToken(dir)
	if err != nil || again != tok {
		t.Fatalf("second load %q, %v; want the same token", again, err)
	}
	other, _ := LoadOrCreateToken(filepath.Join(t.TempDir(), "b"))
	if other == tok {
		t.Error("two folders got the same token")
	}
	path := filepath.Join(dir, TokenFileName)
	if runtime.GOOS != "windows" {
		os.Chmod(path, 0o644)
		if _, err := LoadOrCreateToken(dir); err != nil {
			t.Fatal(err)
		}
		if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
			t.Errorf("a readable token file was left %v", info.Mode().Perm())
		}
	}
	os.WriteFile(path, []byte("short\n"), 0o600)
	if _, err := LoadOrCreateToken(dir); err == nil {
		t.Error("a damaged token file was accepted")
	}
}

func TestIsLoopbackAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8765": true, "localhost:8765": true, "[::1]:8765": true, "127.0.0.2:1": true,
		"0.0.0.0:8765": false, ":8765": false, "192.168.1.4:8765": false, "example.com:80": false, "nonsense": false,
	} {
		if got := IsLoopbackAddr(addr); got != want {
			t.Errorf("IsLoopbackAddr(%q) = %v", addr, got)
		}
	}
}
