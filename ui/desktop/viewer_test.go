package desktop

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
