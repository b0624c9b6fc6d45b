package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Windows is tested under Wine, on Linux, on every run of the suite: the
// program is cross-compiled for windows/amd64 and its .exe run by Wine in a
// private, throw-away Wine prefix (the "C:" drive and registry of a fresh
// Windows user). Wine maps the Linux root to drive Z:, so test files under
// /tmp are Z:\tmp\… to the Windows program.
//
// Wine 8 has no bcryptprimitives.dll, which every Go 1.22+ program loads
// before main. The test builds a three-line stand-in from
// ../shared/tools/wine/ with mingw into the test prefix; it is test set-up
// only and never part of Archivist.

// wineShimDir holds the stand-in's source, beside the checkout.
const wineShimDir = "../../../shared/tools/wine"

// wine is a prepared Wine prefix.
type wine struct {
	prefix string
	env    []string
}

// newWine makes and starts a fresh Wine prefix under a temporary folder, or
// skips the test saying what is missing.
func newWine(t *testing.T) *wine {
	t.Helper()
	if testing.Short() {
		t.Skip("the Wine tests start Windows programs (minutes)")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the Wine tests run on linux/amd64")
	}
	for _, tool := range []string{"wine", "wineboot", "wineserver", "x86_64-w64-mingw32-gcc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the Windows tests need Wine and mingw (apt-get install wine gcc-mingw-w64-x86-64)", tool)
		}
	}
	shim := filepath.Join(wineShimDir, "bcryptprimitives.c")
	if _, err := os.Stat(shim); err != nil {
		t.Skipf("%s is absent: Go programs cannot start under Wine 8 without its bcryptprimitives stand-in", shim)
	}
	w := &wine{prefix: filepath.Join(t.TempDir(), "prefix")}
	w.env = append(os.Environ(),
		"WINEPREFIX="+w.prefix,
		"WINEDEBUG=-all",
		"WINEARCH=win64",
		// Windows names are Unicode; Wine stores them as UTF-8 only in a
		// UTF-8 locale.
		"LC_ALL=C.UTF-8",
		// No Mono or Gecko installers: nothing here needs .NET or a browser.
		"WINEDLLOVERRIDES=mscoree,mshtml=",
	)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	boot := exec.CommandContext(ctx, "wineboot", "-i")
	boot.Env = w.env
	if out, err := boot.CombinedOutput(); err != nil {
		t.Fatalf("wineboot -i: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		// Stop this prefix's wineserver (and anything left in it).
		k := exec.Command("wineserver", "-k")
		k.Env = w.env
		k.Run()
	})
	dll := filepath.Join(w.prefix, "drive_c", "windows", "system32", "bcryptprimitives.dll")
	cc := exec.Command("x86_64-w64-mingw32-gcc", "-shared", "-o", dll,
		shim, filepath.Join(wineShimDir, "bcryptprimitives.def"), "-ladvapi32")
	if out, err := cc.CombinedOutput(); err != nil {
		t.Fatalf("building the bcryptprimitives stand-in: %v\n%s", err, out)
	}
	t.Logf("Wine prefix ready in %v", time.Since(start).Round(time.Millisecond))
	return w
}

// appData is the prefix's %AppData% folder, seen from Linux.
func (w *wine) appData(t *testing.T) string {
	t.Helper()
	users, _ := filepath.Glob(filepath.Join(w.prefix, "drive_c", "users", "*", "AppData", "Roaming"))
	for _, u := range users {
		if !strings.Contains(u, string(filepath.Separator)+"Public"+string(filepath.Separator)) {
			return u
		}
	}
	t.Fatalf("no AppData\\Roaming in the Wine prefix: %v", users)
	return ""
}

// command is a Windows program run under Wine in this prefix.
func (w *wine) command(ctx context.Context, exe string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "wine", append([]string{exe}, args...)...)
	cmd.Env = w.env
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// run runs a Windows program to its end (within timeout) and returns what
// it wrote and its exit status.
func (w *wine) run(t *testing.T, timeout time.Duration, dir, exe string, args ...string) (string, string, int) {
	t.Helper()
	out, errOut, code, took := w.runOnce(t, timeout, dir, exe, args...)
	// Wine's launcher itself once failed on CI right after the installer
	// ran: exit 1 in 17 ms, nothing written on either stream — before any
	// Windows program could start (a Go .exe takes 300 ms and more here to
	// print its version, and every failure of ours prints a reason). Such a
	// start that never reached the program is tried once more, and said.
	if code != 0 && out == "" && errOut == "" && took < 150*time.Millisecond {
		t.Logf("%s %s: exit %d in %v with nothing written: Wine did not start it; trying once more",
			filepath.Base(exe), firstWords(args, 3), code, took.Round(time.Millisecond))
		out, errOut, code, _ = w.runOnce(t, timeout, dir, exe, args...)
	}
	return out, errOut, code
}

// runOnce is one run of run, with how long it took.
func (w *wine) runOnce(t *testing.T, timeout time.Duration, dir, exe string, args ...string) (string, string, int, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := w.command(ctx, exe, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("%s %s: %v", filepath.Base(exe), strings.Join(args, " "), err)
	}
	if ctx.Err() != nil {
		t.Fatalf("%s %s: still running after %v\n%s", filepath.Base(exe), strings.Join(args, " "), timeout, errOut.String())
	}
	took := time.Since(start)
	t.Logf("%s %s: exit %d in %v", filepath.Base(exe), firstWords(args, 3), code, took.Round(time.Millisecond))
	return out.String(), errOut.String(), code, took
}

func firstWords(args []string, n int) string {
	if len(args) > n {
		return strings.Join(args[:n], " ") + " …"
	}
	return strings.Join(args, " ")
}

// winPath is the Windows name Wine gives a Linux path: Z: is the Linux root.
func winPath(t *testing.T, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return "Z:" + strings.ReplaceAll(abs, "/", `\`)
}

// crossBuild builds this module's main package (or, with test set, the
// test binary of pkg) for windows/amd64 without cgo.
func crossBuild(t *testing.T, out string, test bool, pkg string) {
	t.Helper()
	start := time.Now()
	args := []string{"build", "-tags", "ci", "-o", out, pkg}
	if test {
		args = []string{"test", "-c", "-tags", "ci", "-o", out, pkg}
	}
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	t.Logf("built %s for Windows in %v", filepath.Base(out), time.Since(start).Round(time.Millisecond))
}
