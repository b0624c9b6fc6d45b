package store

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestLibraryDirFor checks the per-user library folder chosen on each
// system. (Under Wine, TestWindowsUnderWine checks the Windows build puts
// it in %AppData%\Archivist.)
func TestLibraryDirFor(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		goos, home string
		getenv     func(string) string
		want       string
	}{
		{"linux", "/home/ann", env(), filepath.Join("/home/ann", ".local", "share", "archivist")},
		{"linux", "/home/ann", env("XDG_DATA_HOME", "/data/ann"), filepath.Join("/data/ann", "archivist")},
		{"linux", "/home/ann", env("XDG_DATA_HOME", "relative"), filepath.Join("/home/ann", ".local", "share", "archivist")},
		{"freebsd", "/home/ann", env(), filepath.Join("/home/ann", ".local", "share", "archivist")},
		{"darwin", "/Users/ann", env("XDG_DATA_HOME", "/data/ann"), filepath.Join("/Users/ann", "Library", "Application Support", "Archivist")},
		{"windows", `C:\Users\ann`, env("AppData", `C:\Users\ann\AppData\Roaming`), filepath.Join(`C:\Users\ann\AppData\Roaming`, "Archivist")},
		{"windows", `C:\Users\ann`, env(), filepath.Join(`C:\Users\ann`, "AppData", "Roaming", "Archivist")},
	} {
		if got := libraryDirFor(c.goos, c.home, c.getenv); got != c.want {
			t.Errorf("%s: library folder %q, want %q", c.goos, got, c.want)
		}
	}
}

func TestDefaultLibraryDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("XDG applies on Linux")
	}
	t.Setenv("XDG_DATA_HOME", "/data/home")
	if got := DefaultDir(); got != "/data/home/archivist" {
		t.Errorf("DefaultDir = %s", got)
	}
}
