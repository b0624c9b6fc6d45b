package desktop

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"archivist/app"
)

func TestOpenCommand(t *testing.T) {
	have := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			for _, h := range names {
				if h == n {
					return "/usr/bin/" + n, nil
				}
			}
			return "", fmt.Errorf("%s not found", n)
		}
	}
	path := filepath.Join(os.TempDir(), "report.pdf")
	cases := []struct {
		pdf   bool
		page  int
		found []string
		want  string
	}{
		{true, 7, []string{"evince", "okular"}, "evince --page-index=7 " + path},
		{true, 7, []string{"okular"}, "okular --page 7 " + path},
		{true, 7, []string{"zathura"}, "zathura --page=7 " + path},
		{true, 7, nil, "xdg-open " + path},
		{true, 0, []string{"evince"}, "xdg-open " + path},
		{false, 3, []string{"evince"}, "xdg-open " + path},
	}
	for _, c := range cases {
		if got := strings.Join(openCommandFor("linux", path, c.page, c.pdf, have(c.found...)), " "); got != c.want {
			t.Errorf("openCommand(pdf=%v, page %d, %v) = %q, want %q", c.pdf, c.page, c.found, got, c.want)
		}
	}
}

// TestOpenOriginalWithoutAViewer: when no program opens the file, the
// message names the file and the program tried, and says what to do.
func TestOpenOriginalWithoutAViewer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the desktop opener is looked up on PATH on Linux")
	}
	t.Setenv("PATH", t.TempDir()) // no xdg-open, no PDF viewer
	blob := filepath.Join(t.TempDir(), "blob")
	if err := os.WriteFile(blob, []byte("%PDF-1.4"), 0o600); err != nil {
		t.Fatal(err)
	}
	doc := &app.Document{Filename: "lease.pdf", Format: app.FormatPDF, SHA256: strings.Repeat("ab", 32)}
	err := OpenOriginalAt(blob, doc, 3)
	if err == nil {
		t.Fatal("opened without a viewer")
	}
	msg := app.ErrorMessage(err)
	for _, want := range []string{"“lease.pdf” could not be opened", "xdg-open did not start", "Install a viewer", "Show in folder"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
}

// TestSystemOpenWithoutAnOpener: with no desktop opener, the message names
// the file and the program tried.
func TestSystemOpenWithoutAnOpener(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the desktop opener is looked up on PATH on Linux")
	}
	t.Setenv("PATH", t.TempDir())
	err := systemOpen(filepath.Join(t.TempDir(), "minutes.docx"), false)
	if err == nil {
		t.Fatal("opened without an opener")
	}
	if msg, want := app.ErrorMessage(err), "“minutes.docx” could not be opened: xdg-open did not start."; !strings.HasPrefix(msg, want) {
		t.Errorf("%q, want it to start %q", msg, want)
	}
}
