package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// wineDesktop starts the Windows desktop program (bin/archivist-cli.exe:
// the window's cgo build, which `make windows-exe` makes and `make test`
// builds first) under Wine and Xvfb on the library the workflow filled,
// waits for its window and checks from a screenshot that it drew the
// library. ARCHIVIST_WINE_SHOT=FILE keeps the screenshot.
func wineDesktop(t *testing.T, w *wine) {
	for _, tool := range []string{"xvfb-run", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the Windows window test needs Xvfb, xdotool and ImageMagick", tool)
		}
	}
	exe, err := filepath.Abs(filepath.Join("..", "..", "bin", "archivist-cli.exe"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(exe); err != nil {
		t.Skip("bin/archivist-cli.exe is not built: run `make windows-exe` (make test does; it needs gcc-mingw-w64-x86-64)")
	}
	shot := filepath.Join(t.TempDir(), "windows.png")
	// The window's title is "Archivist"; Wine's own windows have others.
	script := `
set -e
wine "$EXE" & APP=$!
trap 'kill $APP 2>/dev/null || true' EXIT
WID=$(timeout 240 xdotool search --sync --onlyvisible --name '^Archivist$' | head -1)
[ -n "$WID" ] || { echo "no Archivist window"; exit 1; }
xdotool windowsize --sync "$WID" 1280 800 2>/dev/null || true
sleep 8
import -window root "$SHOT"
`
	cmd := exec.Command("timeout", "300", "xvfb-run", "-a", "-s", "-screen 0 1440x900x24", "bash", "-c", script)
	cmd.Env = append(w.env, "EXE="+exe, "SHOT="+shot)
	began := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the window under Wine and Xvfb failed after %s: %v\n%s", time.Since(began).Round(time.Second), err, lastLines(string(out), 30))
	}
	t.Logf("the window under Wine drew in %s", time.Since(began).Round(time.Second))
	img := readPNG(t, shot)
	if v := variance(img); v < 200 {
		t.Fatalf("the window under Wine looks blank: pixel variance %.0f", v)
	}
	if keep := os.Getenv("ARCHIVIST_WINE_SHOT"); keep != "" {
		if b, err := os.ReadFile(shot); err == nil {
			os.WriteFile(keep, b, 0o644)
		}
	}
}
