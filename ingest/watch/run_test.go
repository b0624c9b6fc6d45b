package watch_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"archivist/ingest/watch"
)

// eventually waits up to 20 s for cond.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (fx *fixture) run(t *testing.T) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- fx.e.Run(ctx) }()
	return func() {
		cancel()
		if err := <-done; err != context.Canceled {
			t.Errorf("Run: %v", err)
		}
	}
}

func (fx *fixture) state() watch.Status {
	for _, s := range fx.e.Statuses() {
		if s.Folder.ID == fx.id {
			return s
		}
	}
	return watch.Status{}
}

// TestRunCatchesUpAndFollows starts the engine on a folder that changed
// while it was not running, then follows changes through the system's
// notifications alone (the periodic rescan is an hour away).
func TestRunCatchesUpAndFollows(t *testing.T) {
	fx := newFixture(t)
	fx.e.Stable = 100 * time.Millisecond
	fx.e.Rescan, fx.e.Poll = time.Hour, time.Hour
	fx.write("before.md", "# Before\n\nWritten while closed: gadwalls.\n")
	stop := fx.run(t)
	defer stop()
	eventually(t, "the catch-up import", func() bool { return len(fx.hits("gadwalls")) == 1 })
	eventually(t, "the watching state", func() bool { return fx.state().State == watch.Watching && fx.state().Last != nil })

	fx.write("deep/er/new.md", "# New\n\nTeal arrive.\n")
	eventually(t, "a new file in a new folder", func() bool { return len(fx.hits("teal")) == 1 })
	fx.write("deep/er/later.md", "# Later\n\nWigeon too.\n")
	eventually(t, "a file in the folder made while watching", func() bool { return len(fx.hits("wigeon")) == 1 })
	os.Remove(filepath.Join(fx.dir, "before.md"))
	eventually(t, "the deletion", func() bool {
		for _, d := range fx.docs() {
			if d.Title == "Before" {
				return d.OriginalRemoved
			}
		}
		return false
	})

	// Paused: nothing is followed; resumed: it catches up.
	fx.db.SetWatchPaused(context.Background(), fx.id, true)
	fx.e.ScanNow("")
	eventually(t, "paused", func() bool { return fx.state().State == watch.Paused })
	fx.write("while-paused.md", "# Paused\n\nScaup.\n")
	time.Sleep(500 * time.Millisecond)
	if len(fx.hits("scaup")) != 0 {
		t.Fatal("a paused folder was synced")
	}
	fx.db.SetWatchPaused(context.Background(), fx.id, false)
	fx.e.ScanNow("")
	eventually(t, "the resumed catch-up", func() bool { return len(fx.hits("scaup")) == 1 })
}

// TestRunPollsWhenTheSystemCannotWatch stands for a system whose limit on
// watches is reached: the folder is polled, and says so.
func TestRunPollsWhenTheSystemCannotWatch(t *testing.T) {
	fx := newFixture(t)
	fx.e.Stable = 50 * time.Millisecond
	fx.e.Rescan, fx.e.Poll = time.Hour, 200*time.Millisecond
	fx.e.AddWatch = func(string) error { return syscall.ENOSPC }
	stop := fx.run(t)
	defer stop()
	eventually(t, "polling", func() bool { return fx.state().State == watch.Polling })
	if msg := fx.state().Message; !strings.Contains(msg, "max_user_watches") {
		t.Errorf("message %q", msg)
	}
	fx.write("polled.md", "# Polled\n\nSmew.\n")
	eventually(t, "a polled import", func() bool { return len(fx.hits("smew")) == 1 })
}

// TestRunOfflineFolderComesBack: a folder absent at start is offline,
// nothing is marked removed, and it syncs when it is back.
func TestRunOfflineFolderComesBack(t *testing.T) {
	fx := newFixture(t)
	fx.e.Stable = -1
	fx.e.Rescan, fx.e.Poll = time.Hour, 200*time.Millisecond
	fx.write("kept.md", "# Kept\n\nEiders.\n")
	fx.sync()
	os.Rename(fx.dir, fx.dir+".unplugged")
	stop := fx.run(t)
	defer stop()
	eventually(t, "offline", func() bool { return fx.state().State == watch.Offline })
	if d := fx.docs(); len(d) != 1 || d[0].OriginalRemoved {
		t.Fatalf("%+v", d)
	}
	os.Rename(fx.dir+".unplugged", fx.dir)
	fx.write("new.md", "# New\n\nScoters.\n")
	eventually(t, "back online", func() bool { return len(fx.hits("scoters")) == 1 })
}
