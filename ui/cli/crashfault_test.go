//go:build crashtest

package cli

// Disk and resource faults, run by `make crashtest`: a full disk during
// import, a read-only library folder, a library on a slow folder, and a
// second instance opening a library in use. The first three need root (to
// mount size-limited, read-only and throttled file systems) and skip with
// the reason otherwise.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"archivist/app"
	"archivist/store"
)

// requireRoot skips a check that mounts file systems.
func requireRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("skipped: needs root to mount a size-limited, read-only or throttled file system")
	}
}

// sh runs a system command, returning its combined output on failure.
func sh(name string, args ...string) error {
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// mountTmpfs mounts a tmpfs of the given size on a new folder, unmounted
// when the test ends; it skips the test when mounting is not allowed.
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	requireRoot(t)
	dir := filepath.Join(t.TempDir(), "mnt")
	os.MkdirAll(dir, 0o755)
	if err := sh("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir); err != nil {
		t.Skipf("skipped: cannot mount a tmpfs here: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// archivist runs the binary to completion and returns its output and exit
// status.
func archivist(t *testing.T, bin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

// checkOpens opens the library and runs its integrity checks.
func checkOpens(t *testing.T, lib string) {
	t.Helper()
	st, problems := checkLibrary(context.Background(), lib)
	for _, p := range problems {
		t.Error(p)
	}
	if st == nil {
		t.Fatal("the library does not open")
	}
}

func writeText(t *testing.T, dir, name string, r *rand.Rand, size int) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, genMarkdown(r, strings.TrimSuffix(name, filepath.Ext(name)), size), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDiskFull(t *testing.T) {
	bin := buildBinary(t)
	r := rand.New(rand.NewSource(7))
	src := t.TempDir()

	t.Run("OriginalDoesNotFit", func(t *testing.T) {
		mnt := mountTmpfs(t, "3m")
		lib := filepath.Join(mnt, "library")
		small := writeText(t, src, "small.md", r, 20_000)
		big := writeText(t, src, "big.md", r, 5_000_000)
		out, _, code := archivist(t, bin, "--library", lib, "import", small, big)
		if code != 1 || !strings.Contains(out, "failed: "+big+": The disk holding the library "+lib+" is full") {
			t.Errorf("import onto a full disk: exit %d, output:\n%s", code, out)
		}
		if !strings.Contains(out, "imported: "+small) {
			t.Errorf("the file that fits was not imported:\n%s", out)
		}
		checkOpens(t, lib)
		if left, _ := filepath.Glob(filepath.Join(lib, "blobs", ".incoming-*")); len(left) > 0 {
			t.Errorf("partial copies left after reopening: %v", left)
		}
	})

	t.Run("CommitDoesNotFit", func(t *testing.T) {
		// The original fits but the database's pages and FTS index do not:
		// leave a little room, then import a file that needs more. Several
		// margins, so the failure lands in the blob copy, the queue entry,
		// or the commit.
		mnt := mountTmpfs(t, "24m")
		lib := filepath.Join(mnt, "library")
		seed := writeText(t, src, "seed.md", r, 10_000)
		if out, _, code := archivist(t, bin, "--library", lib, "import", seed); code != 0 {
			t.Fatalf("seed import: %s", out)
		}
		outcomes := map[string]int{}
		for i, free := range []int{40_000, 120_000, 250_000, 400_000, 700_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000} {
			doc := writeText(t, src, fmt.Sprintf("doc-%d.md", i), r, 300_000)
			filler := filepath.Join(mnt, "filler")
			fill(t, mnt, filler, free)
			out, errOut, code := archivist(t, bin, "--library", lib, "import", doc)
			switch {
			case code == 0 && strings.Contains(out, "imported: "+doc):
				outcomes["imported"]++
			case code == 1 && strings.Contains(out+errOut, "is full"):
				outcomes["failed: disk full"]++
			default:
				t.Errorf("free %d bytes: exit %d, unclear outcome:\n%s%s", free, code, out, errOut)
			}
			os.Remove(filler)
			// With room again the library opens whole, a failed document
			// says why, and importing the file again finishes it.
			st, problems := checkLibrary(context.Background(), lib)
			for _, p := range problems {
				t.Errorf("free %d bytes: %s", free, p)
			}
			if st != nil && code == 1 {
				// Where it stopped: before the queue (no document), at the
				// commit (a failed document saying why), or with the job
				// still pending (even the failure could not be written).
				reason, failed := st.failed[filepath.Base(doc)]
				sum := sha256.Sum256(mustRead(t, doc))
				_, queued := st.docs[hex.EncodeToString(sum[:])]
				switch {
				case failed && !strings.Contains(reason, "is full"):
					t.Errorf("free %d bytes: %s failed with %q", free, doc, reason)
				case failed:
					outcomes["stored as failed: disk full"]++
				case queued:
					outcomes["left queued, resumed later"]++
				default:
					outcomes["refused before the queue"]++
				}
			}
			out, errOut, code = archivist(t, bin, "--library", lib, "import", doc)
			if code != 0 || !(strings.Contains(out, "imported: "+doc) || strings.Contains(out, "duplicate: "+doc)) {
				t.Errorf("free %d bytes: importing again with room: exit %d\n%s%s", free, code, out, errOut)
			}
		}
		checkOpens(t, lib)
		t.Logf("DISK FULL SUMMARY: %v", outcomes)
		if outcomes["failed: disk full"] == 0 {
			t.Error("no margin made the disk full: the check proved nothing")
		}
	})
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fill writes a file that leaves about free bytes on the file system.
func fill(t *testing.T, mnt, path string, free int) {
	t.Helper()
	var fs syscall.Statfs_t
	if err := syscall.Statfs(mnt, &fs); err != nil {
		t.Fatal(err)
	}
	avail := int64(fs.Bavail) * int64(fs.Bsize)
	n := avail - int64(free)
	if n <= 0 {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	for n > 0 {
		k := int64(len(buf))
		if n < k {
			k = n
		}
		if _, err := f.Write(buf[:k]); err != nil {
			t.Fatal(err)
		}
		n -= k
	}
}

func TestReadOnlyLibrary(t *testing.T) {
	bin := buildBinary(t)
	r := rand.New(rand.NewSource(8))
	src := t.TempDir()
	doc := writeText(t, src, "kept.md", r, 30_000)

	t.Run("ExistingLibrary", func(t *testing.T) {
		mnt := mountTmpfs(t, "16m")
		lib := filepath.Join(mnt, "library")
		if out, _, code := archivist(t, bin, "--library", lib, "import", doc); code != 0 {
			t.Fatalf("import: %s", out)
		}
		if err := sh("mount", "-o", "remount,ro", mnt); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"list", "--json"}, {"import", doc}, {"ask", "what is kept?"}} {
			_, errOut, code := archivist(t, bin, append([]string{"--library", lib}, args...)...)
			if code != 1 || !strings.Contains(errOut, "The library folder "+lib+" is read-only") {
				t.Errorf("%s on a read-only library: exit %d, %q", args[0], code, errOut)
			}
		}
		if err := sh("mount", "-o", "remount,rw", mnt); err != nil {
			t.Fatal(err)
		}
		checkOpens(t, lib)
		out, _, code := archivist(t, bin, "--library", lib, "list")
		if code != 0 || !strings.Contains(out, "ready") {
			t.Errorf("list after the folder is writable again: exit %d\n%s", code, out)
		}
	})

	t.Run("NewLibrary", func(t *testing.T) {
		mnt := mountTmpfs(t, "1m")
		if err := sh("mount", "-o", "remount,ro", mnt); err != nil {
			t.Fatal(err)
		}
		lib := filepath.Join(mnt, "library")
		_, errOut, code := archivist(t, bin, "--library", lib, "import", doc)
		if code != 1 || !strings.Contains(errOut, "The library folder "+lib+" is read-only") {
			t.Errorf("new library on a read-only folder: exit %d, %q", code, errOut)
		}
	})
}

func TestSecondInstance(t *testing.T) {
	bin := buildBinary(t)
	r := rand.New(rand.NewSource(9))
	src := t.TempDir()
	var files []string
	for i := 0; i < 40; i++ {
		files = append(files, writeText(t, src, fmt.Sprintf("n%02d.md", i), r, 200_000))
	}
	lib := filepath.Join(t.TempDir(), "library")
	var out bytes.Buffer
	first, err := startImport(bin, lib, files, &out)
	if err != nil {
		t.Fatal(err)
	}
	// Wait until the first instance holds the library.
	lockFile := filepath.Join(lib, store.LockFile)
	deadline := time.Now().Add(20 * time.Second)
	for {
		b, _ := os.ReadFile(lockFile)
		if strings.TrimSpace(string(b)) == strconv.Itoa(first.Process.Pid) {
			break
		}
		if time.Now().After(deadline) {
			first.Process.Kill()
			t.Fatalf("the first instance never took the lock:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	want := "The library " + lib + " is already open in another Archivist (process " + strconv.Itoa(first.Process.Pid) + ")"
	for _, args := range [][]string{{"list", "--json"}, {"import", files[0]}, {"ask", "anything?"}} {
		stdout, errOut, code := archivist(t, bin, append([]string{"--library", lib}, args...)...)
		if code != 1 || !strings.Contains(errOut, want) || stdout != "" {
			t.Errorf("second instance %s: exit %d, stdout %q, stderr %q; want %q", args[0], code, stdout, errOut, want)
		}
	}
	if err := first.Wait(); err != nil {
		t.Errorf("the first instance: %v\n%s", err, out.String())
	}
	if strings.Count(out.String(), "imported: ") != len(files) {
		t.Errorf("the first instance did not import everything:\n%s", out.String())
	}
	checkOpens(t, lib)
	stdout, _, code := archivist(t, bin, "--library", lib, "list")
	if code != 0 || strings.Count(stdout, string(app.StatusReady)) != len(files) {
		t.Errorf("after the first instance closed: exit %d\n%s", code, stdout)
	}
}

// TestSlowLibrary puts the library on a folder whose disk completes only a
// few writes a second — an ext4 file system without a journal on a loop
// device opened with direct I/O, its writes throttled by the blkio cgroup —
// then kills imports on it and lets the last one finish.
func TestSlowLibrary(t *testing.T) {
	requireRoot(t)
	const iops = 20
	cg := "/sys/fs/cgroup/blkio"
	if _, err := os.Stat(filepath.Join(cg, "blkio.throttle.write_iops_device")); err != nil {
		t.Skipf("skipped: no blkio cgroup (v1) to throttle a disk with: %v", err)
	}
	bin := buildBinary(t)
	tmp := t.TempDir()
	img := filepath.Join(tmp, "slow.img")
	if err := os.WriteFile(img, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(img, 256<<20); err != nil {
		t.Fatal(err)
	}
	dev, err := exec.Command("losetup", "-f", "--show", "--direct-io=on", img).Output()
	if err != nil {
		t.Skipf("skipped: cannot attach a loop device: %v", err)
	}
	loop := strings.TrimSpace(string(dev))
	t.Cleanup(func() { sh("losetup", "-d", loop) })
	if err := sh("mkfs.ext4", "-q", "-O", "^has_journal", loop); err != nil {
		t.Skip("skipped:", err)
	}
	mnt := filepath.Join(tmp, "mnt")
	os.MkdirAll(mnt, 0o755)
	if err := sh("mount", loop, mnt); err != nil {
		t.Skip("skipped:", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	majmin, err := exec.Command("lsblk", "-dno", "MAJ:MIN", loop).Output()
	if err != nil {
		t.Skip("skipped: lsblk:", err)
	}
	group := filepath.Join(cg, "archivist-crashtest-"+strconv.Itoa(os.Getpid()))
	if err := os.Mkdir(group, 0o755); err != nil {
		t.Skip("skipped: cannot make a blkio cgroup:", err)
	}
	t.Cleanup(func() { os.Remove(group) })
	rule := strings.TrimSpace(string(majmin)) + " " + strconv.Itoa(iops)
	if err := os.WriteFile(filepath.Join(group, "blkio.throttle.write_iops_device"), []byte(rule), 0o644); err != nil {
		t.Skip("skipped: cannot throttle the loop device:", err)
	}

	r := rand.New(rand.NewSource(10))
	src := t.TempDir()
	corpus := makeCorpus(t, src, r, 1, false)
	var files []string
	for _, f := range corpus.files {
		if !corpus.bad[filepath.Base(f)] {
			files = append(files, f)
		}
	}
	// Each run is started inside the throttled group, so every write it
	// and its PDF workers make waits its turn.
	throttled := func(lib string, out *bytes.Buffer) *exec.Cmd {
		script := `echo $$ > "$0/cgroup.procs" && exec "$@"`
		cmd := exec.Command("sh", append([]string{"-c", script, group, bin, "--library", lib, "import"}, files...)...)
		cmd.Stdout, cmd.Stderr = out, out
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		return cmd
	}
	timed := func(lib string, slow bool) (time.Duration, string) {
		var out bytes.Buffer
		cmd := exec.Command(bin, append([]string{"--library", lib, "import"}, files...)...)
		cmd.Stdout, cmd.Stderr = &out, &out
		if slow {
			cmd = throttled(lib, &out)
		}
		start := time.Now()
		cmd.Run()
		return time.Since(start), out.String()
	}
	fast, _ := timed(filepath.Join(t.TempDir(), "library"), false)
	lib := filepath.Join(mnt, "library")
	for trial := 0; trial < 5; trial++ {
		var out bytes.Buffer
		cmd := throttled(lib, &out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(500+r.Intn(4000)) * time.Millisecond)
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		checkOpens(t, lib)
	}
	slow, out := timed(lib, true)
	if strings.Contains(out, "failed:") {
		t.Errorf("import on the slow folder failed:\n%s", out)
	}
	st, problems := checkLibrary(context.Background(), lib)
	for _, p := range problems {
		t.Error(p)
	}
	if st != nil && (st.pending != 0 || len(st.ready) != len(files)) {
		t.Errorf("on the slow folder: %d of %d ready, %d pending", len(st.ready), len(files), st.pending)
	}
	// A fresh library on the slow folder, timed whole, for the ratio.
	slowFresh, _ := timed(filepath.Join(mnt, "fresh"), true)
	t.Logf("SLOW SUMMARY: %d files; fresh import on a plain folder %v, on the %d-writes/s folder %v (%.1f×); finishing after 5 kills there %v",
		len(files), fast.Round(time.Millisecond), iops, slowFresh.Round(time.Millisecond),
		float64(slowFresh)/float64(fast), slow.Round(time.Millisecond))
}
