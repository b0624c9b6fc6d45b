package desktop

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenCommandWindowsAndMac: on Windows a PDF opens at its page in
// SumatraPDF when it is installed (on the PATH or in its usual folder),
// and otherwise in the default application, which is told only the file;
// macOS's `open` takes no page.
func TestOpenCommandWindowsAndMac(t *testing.T) {
	t.Setenv("LOCALAPPDATA", `C:\Users\ann\AppData\Local`)
	path := `C:\Users\ann\AppData\Local\Temp\archivist-originals\report.pdf`
	installed := filepath.Join(`C:\Users\ann\AppData\Local`, "SumatraPDF", "SumatraPDF.exe")
	have := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			for _, h := range names {
				if h == n {
					return n, nil
				}
			}
			return "", errors.New("not found")
		}
	}
	for _, c := range []struct {
		goos  string
		pdf   bool
		page  int
		found []string
		want  string
	}{
		{"windows", true, 7, []string{"SumatraPDF.exe"}, "SumatraPDF.exe -page 7 " + path},
		{"windows", true, 7, []string{installed}, installed + " -page 7 " + path},
		{"windows", true, 7, nil, "rundll32 url.dll,FileProtocolHandler " + path},
		{"windows", true, 0, []string{"SumatraPDF.exe"}, "rundll32 url.dll,FileProtocolHandler " + path},
		{"windows", false, 3, []string{"SumatraPDF.exe"}, "rundll32 url.dll,FileProtocolHandler " + path},
		{"darwin", true, 7, []string{"evince"}, "open " + path},
	} {
		if got := strings.Join(openCommandFor(c.goos, path, c.page, c.pdf, have(c.found...)), " "); got != c.want {
			t.Errorf("%s: openCommand(pdf=%v, page %d, %v) = %q, want %q", c.goos, c.pdf, c.page, c.found, got, c.want)
		}
	}
}

// TestPlaceForViewer: the viewer's file shows the library's copy, and
// placing it again (a second "open original") keeps working.
func TestPlaceForViewer(t *testing.T) {
	dir := t.TempDir()
	blob := filepath.Join(dir, "blobs", "ab", "abcdef")
	if err := os.MkdirAll(filepath.Dir(blob), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(blob, []byte("%PDF-1.7 the original"), 0o600); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "view", "Annual Report.pdf")
	os.MkdirAll(filepath.Dir(name), 0o700)
	for i := 0; i < 2; i++ {
		if err := placeForViewer(blob, name); err != nil {
			t.Fatalf("placing #%d: %v", i+1, err)
		}
		b, err := os.ReadFile(name)
		if err != nil || string(b) != "%PDF-1.7 the original" {
			t.Fatalf("placing #%d: the viewer's file reads %q, %v", i+1, b, err)
		}
	}
}
