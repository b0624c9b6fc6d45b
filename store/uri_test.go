package store_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"archivist/store"
)

// TestOpenAwkwardPaths opens, writes and reopens libraries in folders
// whose names broke the database URI: a relative path, spaces, non-ASCII
// letters, URI characters and a path longer than Windows' classic
// 260-character limit. Built for Windows and run under Wine (see the Wine
// test at the root) it opens them through drive paths too.
func TestOpenAwkwardPaths(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	names := []string{
		"My Library",
		"Zoë's Ärchiv 档案",
		"50% #1 & co",
		// (Windows drops a trailing space from a name, so none ends in one.)
		filepath.Join(strings.Repeat("a long folder name ", 6)+"1", strings.Repeat("and another one ", 6)+"2",
			strings.Repeat("still deeper here ", 6)+"3"),
	}
	if runtime.GOOS != "windows" {
		names = append(names, "why?", `back\slash`)
	}
	open := func(t *testing.T, dir, want string) {
		t.Helper()
		db, err := store.Open(ctx, dir)
		if err != nil {
			t.Fatalf("Open(%q): %v", dir, err)
		}
		if _, err := db.Migrations(ctx); err != nil {
			t.Errorf("Migrations: %v", err)
		}
		if err := db.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		// The database is where the folder says, not beside it.
		if _, err := os.Stat(filepath.Join(want, store.DatabaseFile)); err != nil {
			t.Errorf("no database in %q: %v", want, err)
		}
		db, err = store.Open(ctx, dir)
		if err != nil {
			t.Fatalf("reopen %q: %v", dir, err)
		}
		db.Close()
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(base, name)
			if len(name) > 200 && len(dir) < 300 {
				t.Fatalf("the long path is only %d characters", len(dir))
			}
			open(t, dir, dir)
		})
	}
	t.Run("Relative", func(t *testing.T) {
		t.Chdir(base)
		open(t, filepath.Join("relative", "lib"), filepath.Join(base, "relative", "lib"))
		open(t, ".", base)
	})
}
