package cli

import (
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDesktopSmoke starts the real desktop binary (bin/archivist, which
// `make test` builds first) under Xvfb on a library holding a generated
// PDF, asks a question with the keyboard as a person would (Ctrl-K, type,
// Enter), and checks from screenshots that the window drew something and
// that the drawer changed when the answer came. It skips when Xvfb,
// xdotool, ImageMagick's import or the binary are missing.
func TestDesktopSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("the desktop smoke test starts the real app")
	}
	for _, tool := range []string{"xvfb-run", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the desktop smoke test needs Xvfb, xdotool and ImageMagick", tool)
		}
	}
	bin, err := filepath.Abs(filepath.Join("..", "..", "bin", "archivist"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Skip("bin/archivist is not built: run `make build` (make test does)")
	}

	lib := t.TempDir()
	src := filepath.Join(t.TempDir(), "survey.pdf")
	writePDF(t, src, "")
	if out, errOut, code := cli(t, lib, "import", src); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}

	shots := t.TempDir()
	before, after := filepath.Join(shots, "before.png"), filepath.Join(shots, "after.png")
	// The app's own settings go to a scratch home, never the user's.
	home := t.TempDir()
	script := `
set -e
"$BIN" --library "$LIB" & APP=$!
trap 'kill $APP 2>/dev/null || true' EXIT
WID=$(xdotool search --sync --onlyvisible --name '^Archivist$' | head -1)
sleep 2
import -window root "$BEFORE"
xdotool windowactivate --sync "$WID" 2>/dev/null || xdotool windowfocus --sync "$WID"
xdotool key --window "$WID" ctrl+k
sleep 0.5
xdotool type --delay 20 "How deep will the channel be dredged?"
xdotool key Return
sleep 4
import -window root "$AFTER"
`
	cmd := exec.Command("timeout", "55", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "bash", "-c", script)
	cmd.Env = append(os.Environ(), "BIN="+bin, "LIB="+lib, "BEFORE="+before, "AFTER="+after,
		"HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "LANG=en_US.UTF-8")
	began := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the app under Xvfb failed after %s: %v\n%s", time.Since(began).Round(time.Second), err, lastLines(string(out), 20))
	}

	a, b := readPNG(t, before), readPNG(t, after)
	for _, s := range []struct {
		name string
		img  image.Image
	}{{"before asking", a}, {"after asking", b}} {
		if v := variance(s.img); v < 200 {
			t.Fatalf("the window looks blank %s: pixel variance %.0f", s.name, v)
		}
	}
	// The drawer is the right part of the window: the answer, its sources
	// and the question change it.
	if d := changed(a, b, image.Rect(a.Bounds().Dx()/2, a.Bounds().Dy()/8, a.Bounds().Dx(), a.Bounds().Dy())); d < 0.01 {
		t.Errorf("only %.2f%% of the drawer changed after asking: no answer drawn", 100*d)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// variance is the variance of the image's grey levels (0–255).
func variance(img image.Image) float64 {
	var sum, sq, n float64
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			v := float64(r+g+bl) / 3 / 257
			sum += v
			sq += v * v
			n++
		}
	}
	mean := sum / n
	return sq/n - mean*mean
}

// changed is the fraction of pixels in r that differ between a and b.
func changed(a, b image.Image, r image.Rectangle) float64 {
	var diff, n float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				diff++
			}
			n++
		}
	}
	return diff / n
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
