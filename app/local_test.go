package app

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// The one loopback rule: the name localhost in any case and loopback
// address literals; a name a resolver may send to DNS is another host.
func TestIsLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LocalHost": true, "127.0.0.1": true, "127.0.0.2": true, "::1": true, "[::1]": true, "::ffff:127.0.0.1": true,
		"localhost.": false, "x.localhost": false, "localhost.example.com": false, "": false, "0.0.0.0": false, "[::]": false,
		"192.168.1.4": false, "example.com": false,
	} {
		if got := IsLoopbackHost(host); got != want {
			t.Errorf("IsLoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

// A secrets file others can read is made private again when it is read.
func TestReadPrivateFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows files have no mode bits to tighten")
	}
	path := filepath.Join(t.TempDir(), "keys.json")
	if err := os.WriteFile(path, []byte(`{"answer":"sk-x"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := ReadPrivateFile(path)
	if err != nil || string(data) != `{"answer":"sk-x"}` {
		t.Fatalf("read %q, %v", data, err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after reading, want 0600", info.Mode().Perm())
	}
	if _, err := ReadPrivateFile(filepath.Join(t.TempDir(), "none")); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v, want not-exist", err)
	}
}
