//go:build unix

package watch_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestPermissionDeniedFolder makes a sub-folder unreadable: its files are
// left as they were, not taken as deleted, and the problem is listed. As
// root (who reads everything) the test runs itself again as nobody.
func TestPermissionDeniedFolder(t *testing.T) {
	if os.Geteuid() == 0 && os.Getenv("WATCH_TEST_UNPRIVILEGED") == "" {
		top, err := os.MkdirTemp("", "watch-perm-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(top)
		os.Chmod(top, 0o777)
		// The test binary is built in a folder only root may enter.
		bin := filepath.Join(top, "watch.test")
		self, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bin, self, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-test.run=^TestPermissionDeniedFolder$", "-test.v")
		cmd.Dir = top
		cmd.Env = append(os.Environ(), "WATCH_TEST_UNPRIVILEGED=1", "TMPDIR="+top)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestPermissionDeniedFolder") {
			t.Fatalf("as nobody: %v\n%s", err, out)
		}
		return
	}
	fx := newFixture(t)
	fx.write("open/a.md", "# A\n\nKittiwakes.\n")
	fx.write("closed/b.md", "# B\n\nFulmars.\n")
	wantKinds(t, fx.sync(), "imported open/a.md", "imported closed/b.md")
	closed := filepath.Join(fx.dir, "closed")
	if err := os.Chmod(closed, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(closed, 0o755)
	r := fx.sync()
	wantKinds(t, r)
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "permission denied") {
		t.Fatalf("problems %q", r.Problems)
	}
	for _, d := range fx.docs() {
		if d.OriginalRemoved {
			t.Errorf("%s marked removed behind a closed folder", d.Title)
		}
	}
	errs, _ := fx.db.WatchErrors(context.Background())
	if len(errs) != 1 || errs[0].Path != "closed" {
		t.Fatalf("listed errors %+v", errs)
	}
	// Dismissed, it stays away while the problem is the same.
	fx.db.DismissWatchError(context.Background(), fx.id, "closed")
	fx.sync()
	if errs, _ := fx.db.WatchErrors(context.Background()); len(errs) != 0 {
		t.Fatalf("a dismissed error came back: %+v", errs)
	}
	os.Chmod(closed, 0o755)
	wantKinds(t, fx.sync())
}
