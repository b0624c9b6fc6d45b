package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The packages are built by the Makefile's own targets, at a version given
// on the make command line, into temporary folders: what is tested is what
// `make package` and `make windows` make for a release.
const (
	packageVersion = "v9.8.7"
	debVersion     = "9.8.7"
	appID          = "app.archivist.Archivist"
)

// TestDebianPackage builds the .deb with `make package`, checks its fields
// and files and runs lintian on it, installs it with apt-get, runs the
// installed program, starts it from its desktop entry under Xvfb until its
// window shows, and removes it. Installing needs root; the test skips,
// saying why, without it or without the tools.
func TestDebianPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("the package test builds and installs the program (a minute or two)")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the .deb is built for linux/amd64")
	}
	if os.Geteuid() != 0 {
		t.Skip("installing the .deb with apt-get needs root: run the test as root (CI does)")
	}
	needTools(t, "apt-get install dpkg-dev lintian imagemagick xvfb xauth xdotool",
		"make", "dpkg-deb", "dpkg-shlibdeps", "convert", "lintian", "apt-get", "xvfb-run", "xdotool")
	if out, _ := exec.Command("dpkg-query", "-W", "-f=${Status}", "archivist").Output(); strings.Contains(string(out), " installed") {
		t.Skip("the package archivist is installed on this machine: the test would replace and remove it")
	}

	commit := headCommit(t) // before the build: the one it links in
	dist := t.TempDir()
	runMake(t, "package", "VERSION="+packageVersion, "DIST="+dist)
	deb := filepath.Join(dist, "archivist_"+debVersion+"_amd64.deb")
	if _, err := os.Stat(deb); err != nil {
		t.Fatalf("make package made no %s: %v", filepath.Base(deb), err)
	}

	t.Run("Fields", func(t *testing.T) { debFields(t, deb) })
	t.Run("Files", func(t *testing.T) { debFiles(t, deb) })
	t.Run("Lintian", func(t *testing.T) {
		out, err := exec.Command("lintian", "--tag-display-limit", "0", deb).CombinedOutput()
		if regexp.MustCompile(`(?m)^E: `).Match(out) || err != nil {
			t.Errorf("lintian: %v\n%s", err, out)
		}
		t.Logf("lintian (no errors):\n%s", out)
	})

	apt(t, "install", "--no-install-recommends", deb)
	t.Cleanup(func() {
		if dpkgInstalled("archivist") {
			exec.Command("apt-get", "remove", "-y", "-qq", "archivist").Run()
		}
	})
	t.Run("Version", func(t *testing.T) {
		out, err := exec.Command("/usr/bin/archivist", "--version").CombinedOutput()
		if want := "Archivist " + packageVersion + " (commit " + commit + ")\n"; err != nil || string(out) != want {
			t.Errorf("archivist --version: %v, %q; want %q", err, out, want)
		}
	})
	t.Run("Icons", func(t *testing.T) {
		for _, size := range []int{16, 22, 24, 32, 48, 64, 128, 256, 512} {
			path := fmt.Sprintf("/usr/share/icons/hicolor/%dx%d/apps/%s.png", size, size, appID)
			img := readPNG(t, path)
			if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Errorf("%s is %dx%d", path, b.Dx(), b.Dy())
			}
		}
	})
	t.Run("StartsFromDesktopEntry", desktopEntryStarts)
	t.Run("Metainfo", func(t *testing.T) {
		if _, err := exec.LookPath("appstreamcli"); err != nil {
			t.Skip("appstreamcli is not installed (apt-get install appstream)")
		}
		out, err := exec.Command("appstreamcli", "validate", "--no-net", "/usr/share/metainfo/"+appID+".metainfo.xml").CombinedOutput()
		if err != nil {
			t.Errorf("appstreamcli validate: %v\n%s", err, out)
		}
	})

	apt(t, "remove", "archivist")
	if dpkgInstalled("archivist") {
		t.Error("archivist is still installed after apt-get remove")
	}
	for _, path := range []string{"/usr/bin/archivist", "/usr/share/applications/" + appID + ".desktop",
		"/usr/share/metainfo/" + appID + ".metainfo.xml", "/usr/share/icons/hicolor/48x48/apps/" + appID + ".png"} {
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is left after apt-get remove (%v)", path, err)
		}
	}
}

// debFields checks the control fields: the version, the libraries the cgo
// binary links as Depends, Tesseract recommended.
func debFields(t *testing.T, deb string) {
	out, err := exec.Command("dpkg-deb", "--field", deb, "Package", "Version", "Architecture", "Depends", "Recommends").Output()
	if err != nil {
		t.Fatalf("dpkg-deb --field: %v", err)
	}
	fields := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok {
			fields[k] = v
		}
	}
	for k, want := range map[string]string{"Package": "archivist", "Version": debVersion, "Architecture": "amd64"} {
		if fields[k] != want {
			t.Errorf("%s: %q, want %q", k, fields[k], want)
		}
	}
	// OpenGL and X11 are what the window links beyond libc.
	for _, lib := range []string{"libc6", "libgl1", "libx11-6"} {
		if !regexp.MustCompile(`(^|, )` + lib + `( |,|$)`).MatchString(fields["Depends"]) {
			t.Errorf("Depends %q does not name %s", fields["Depends"], lib)
		}
	}
	if !strings.Contains(fields["Recommends"], "tesseract-ocr") {
		t.Errorf("Recommends %q does not name tesseract-ocr", fields["Recommends"])
	}
}

// debFiles checks the package holds the program and what the desktop needs
// to show it.
func debFiles(t *testing.T, deb string) {
	out, err := exec.Command("dpkg-deb", "--contents", deb).Output()
	if err != nil {
		t.Fatalf("dpkg-deb --contents: %v", err)
	}
	want := []string{"./usr/bin/archivist", "./usr/share/applications/" + appID + ".desktop",
		"./usr/share/metainfo/" + appID + ".metainfo.xml", "./usr/share/icons/hicolor/scalable/apps/" + appID + ".svg",
		"./usr/share/man/man1/archivist.1.gz", "./usr/share/doc/archivist/copyright"}
	for _, path := range want {
		if !regexp.MustCompile(`(?m) root/root .* ` + regexp.QuoteMeta(path) + `$`).Match(out) {
			t.Errorf("the package has no %s owned by root:\n%s", path, out)
		}
	}
}

// desktopEntryStarts runs the installed desktop entry's Exec line, as a
// desktop's launcher does, under Xvfb with a scratch home, and waits for the
// window to show.
func desktopEntryStarts(t *testing.T) {
	entry, err := os.ReadFile("/usr/share/applications/" + appID + ".desktop")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^Exec=(.+)$`).FindSubmatch(entry)
	if m == nil {
		t.Fatalf("the desktop entry has no Exec line:\n%s", entry)
	}
	// Field codes (%f, %U …) stand for files the launcher passes; it
	// passes none here.
	exe := strings.TrimSpace(regexp.MustCompile(`%[a-zA-Z]`).ReplaceAllString(string(m[1]), ""))
	script := `
$EXEC & APP=$!
trap 'kill $APP 2>/dev/null || true' EXIT
WID=$(timeout 60 xdotool search --sync --onlyvisible --name '^Archivist$' | head -1)
[ -n "$WID" ] || { echo "no Archivist window"; exit 1; }
kill -0 $APP || { echo "the program ended"; exit 1; }
`
	home := t.TempDir()
	cmd := exec.Command("timeout", "90", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script)
	// PATH as a desktop session has it: the entry names the program, not
	// where it is.
	cmd.Env = append(os.Environ(), "EXEC="+exe, "HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "PATH=/usr/local/bin:/usr/bin:/bin")
	began := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("Exec=%s under Xvfb: %v after %s\n%s", m[1], err, time.Since(began).Round(time.Second), lastLines(string(out), 20))
	}
	t.Logf("Exec=%s showed its window in %s", m[1], time.Since(began).Round(100*time.Millisecond))
}

// TestWindowsInstaller builds the installer with `make windows`, installs it
// silently (/S) in a fresh Wine prefix, checks the files, the Start-menu
// shortcut and the uninstaller's entry in HKCU, runs the installed
// archivist-cli.exe (--version, and a question answered with a citation),
// and uninstalls it silently. It skips, saying why, without Wine, mingw or
// makensis.
func TestWindowsInstaller(t *testing.T) {
	w := newWine(t)
	needTools(t, "apt-get install nsis imagemagick gcc-mingw-w64-x86-64 zip",
		"make", "makensis", "convert", "x86_64-w64-mingw32-windres", "zip")
	// No menu entries on the Linux desktop of whoever runs the test for
	// the shortcut the installer makes.
	w.env = append(w.env, "WINEDLLOVERRIDES=mscoree,mshtml,winemenubuilder.exe=")

	commit := headCommit(t) // before the build: the one it links in
	dist, winbin := t.TempDir(), t.TempDir()
	runMake(t, "windows", "VERSION="+packageVersion, "DIST="+dist, "WINBIN="+winbin)
	setup := filepath.Join(dist, "Archivist-Setup-"+debVersion+".exe")
	if _, err := os.Stat(setup); err != nil {
		t.Fatalf("make windows made no %s: %v", filepath.Base(setup), err)
	}
	const slow = 5 * time.Minute
	if _, errOut, code := w.run(t, slow, dist, setup, "/S"); code != 0 {
		t.Fatalf("%s /S: exit %d\n%s", filepath.Base(setup), code, errOut)
	}

	dir := filepath.Join(w.localAppData(t), "Programs", "Archivist")
	for _, f := range []string{"Archivist.exe", "archivist-cli.exe", "Uninstall.exe"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("not installed: %v", err)
		}
	}
	shortcut := filepath.Join(w.appData(t), "Microsoft", "Windows", "Start Menu", "Programs", "Archivist.lnk")
	if _, err := os.Stat(shortcut); err != nil {
		t.Errorf("no Start-menu shortcut: %v", err)
	}
	const key = `HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Archivist`
	reg, _, code := w.run(t, slow, dist, "reg", "query", key)
	for _, want := range []string{"DisplayName", "DisplayVersion    REG_SZ    " + packageVersion,
		`UninstallString    REG_SZ    "C:\users\`, `Uninstall.exe" /S`} {
		if code != 0 || !strings.Contains(reg, want) {
			t.Errorf("reg query %s: exit %d, no %q in\n%s", key, code, want, reg)
		}
	}

	cli := filepath.Join(dir, "archivist-cli.exe")
	out, errOut, code := w.run(t, slow, dist, cli, "--version")
	if want := "Archivist " + packageVersion + " (commit " + commit + ")"; code != 0 || strings.TrimSpace(out) != want {
		t.Errorf("archivist-cli.exe --version: exit %d, %q%s; want %q", code, out, errOut, want)
	}
	t.Run("Ask", func(t *testing.T) {
		src := filepath.Join(t.TempDir(), "survey.pdf")
		writePDF(t, src, "")
		lib := winPath(t, filepath.Join(t.TempDir(), "library"))
		if out, errOut, code := w.run(t, slow, dist, cli, "--library", lib, "import", winPath(t, src)); code != 0 {
			t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
		}
		out, errOut, code := w.run(t, slow, dist, cli, "--library", lib, "ask", "--json", "How deep will the channel be dredged?")
		a := parseAnswer(t, out, errOut, code)
		if c := a.Citations[0]; !strings.Contains(c.Quote, "11 metres") || c.PageStart != 2 {
			t.Errorf("the citation is %+v; want the quote of page 2 with 11 metres", c)
		}
	})

	uninstall := filepath.Join(dir, "Uninstall.exe")
	if _, errOut, code := w.run(t, slow, dist, uninstall, "/S"); code != 0 {
		t.Fatalf("Uninstall.exe /S: exit %d\n%s", code, errOut)
	}
	// The uninstaller runs from a copy of itself in %TEMP%, so that it can
	// delete its own file: wait for every program of the prefix to end.
	wait := exec.Command("wineserver", "-w")
	wait.Env = w.env
	if err := wait.Run(); err != nil {
		t.Fatalf("wineserver -w: %v", err)
	}
	for _, path := range []string{dir, shortcut} {
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is left after the uninstall (%v)", path, err)
		}
	}
	if reg, _, code := w.run(t, slow, dist, "reg", "query", key); code == 0 {
		t.Errorf("the uninstall entry is left:\n%s", reg)
	}
}

// localAppData is the prefix's %LocalAppData% folder, seen from Linux.
func (w *wine) localAppData(t *testing.T) string {
	t.Helper()
	return filepath.Join(filepath.Dir(w.appData(t)), "Local")
}

// runMake runs a target of the repository's Makefile.
func runMake(t *testing.T, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "make", append([]string{"--no-print-directory", "-C", "../.."}, args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	began := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("make %s: %v\n%s", strings.Join(args, " "), err, lastLines(out.String(), 30))
	}
	t.Logf("make %s: %s", strings.Join(args, " "), time.Since(began).Round(100*time.Millisecond))
}

// needTools skips the test when a tool is missing, saying how to get them.
func needTools(t *testing.T, install string, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the package test needs it (%s)", tool, install)
		}
	}
}

// apt runs apt-get without questions; it waits for another apt to finish.
func apt(t *testing.T, args ...string) {
	t.Helper()
	args = append([]string{"-y", "-qq", "-o", "DPkg::Lock::Timeout=300"}, args...)
	cmd := exec.Command("apt-get", args...)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("apt-get %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func dpkgInstalled(pkg string) bool {
	out, _ := exec.Command("dpkg-query", "-W", "-f=${Status}", pkg).Output()
	return strings.HasSuffix(string(out), " installed")
}

// headCommit is the commit the Makefile links in, as the version shows it.
func headCommit(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "-C", "../..", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("git rev-parse HEAD: %v (the package tests build from a git checkout)", err)
	}
	return strings.TrimSpace(string(out))[:12]
}

// TestVersionLinkedIn builds the program with the link flags `make build`
// passes for a given version and checks that --version names it and the
// commit. (The package tests check the packages' programs the same way.)
func TestVersionLinkedIn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	needTools(t, "apt-get install make git", "make", "git")
	commit := headCommit(t)
	plan, err := exec.Command("make", "--no-print-directory", "-C", "../..", "-n", "build", "VERSION=v1.2.3").Output()
	if err != nil {
		t.Fatalf("make -n build: %v", err)
	}
	m := regexp.MustCompile(`go build .*-ldflags '([^']*)'`).FindSubmatch(plan)
	if m == nil {
		t.Fatalf("make build passes no -ldflags:\n%s", plan)
	}
	exe := filepath.Join(t.TempDir(), "archivist")
	build := exec.Command("go", "build", "-tags", "ci", "-ldflags", string(m[1]), "-o", exe, "../..")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -ldflags %q: %v\n%s", m[1], err, out)
	}
	out, err := exec.Command(exe, "--version").CombinedOutput()
	if want := "Archivist v1.2.3 (commit " + commit + ")\n"; err != nil || string(out) != want {
		t.Errorf("--version: %v, %q; want %q", err, out, want)
	}
}
