package store

import (
	"strings"
	"testing"
)

// TestFileURI checks the URI written for each kind of path. The Windows
// rules are plain string work, so they are checked on every system; the
// end-to-end opens are in TestOpenAwkwardPaths.
func TestFileURI(t *testing.T) {
	long := `C:\Users\ann\` + strings.Repeat(`deep folder\`, 22) + "library.db"
	for _, c := range []struct {
		name    string
		abs     string
		windows bool
		want    string
	}{
		{"unix", "/home/ann/lib/library.db", false, "file:///home/ann/lib/library.db"},
		{"unix spaces", "/home/ann/My Library/library.db", false, "file:///home/ann/My%20Library/library.db"},
		{"unix non-ASCII", "/home/zoë/Ärchiv/library.db", false, "file:///home/zo%C3%AB/%C3%84rchiv/library.db"},
		{"unix URI characters", "/tmp/a?b#c%d&e/library.db", false, "file:///tmp/a%3Fb%23c%25d%26e/library.db"},
		{"unix backslash is a name character", `/tmp/a\b/library.db`, false, "file:///tmp/a%5Cb/library.db"},
		{"drive", `C:\Users\ann\AppData\Roaming\Archivist\library.db`, true,
			"file:///C:/Users/ann/AppData/Roaming/Archivist/library.db"},
		{"drive with spaces and non-ASCII", `D:\Mes documents\Zoë\library.db`, true,
			"file:///D:/Mes%20documents/Zo%C3%AB/library.db"},
		{"UNC", `\\nas\share\archive\library.db`, true, "file:////nas/share/archive/library.db"},
		{"long drive path", long, true,
			`file:///\\%3F\C:\Users\ann\` + strings.Repeat(`deep%20folder\`, 22) + "library.db"},
		{"long UNC path", `\\nas\share\` + strings.Repeat(`deep folder\`, 22) + "library.db", true,
			`file:///\\%3F\UNC\nas\share\` + strings.Repeat(`deep%20folder\`, 22) + "library.db"},
	} {
		if got := fileURI(c.abs, c.windows); got != c.want {
			t.Errorf("%s: fileURI(%q) =\n  %s\nwant\n  %s", c.name, c.abs, got, c.want)
		}
	}
}

// TestFileURIParsesAsSQLiteDoes decodes each URI by SQLite's rules
// (sqlite3ParseUri: an empty or "localhost" authority, "%HH" escapes, the
// path ending at "?" or "#", and on Windows the "/" before "X:" or "\\?\"
// dropped) and checks the original path comes back.
func TestFileURIParsesAsSQLiteDoes(t *testing.T) {
	for _, c := range []struct {
		abs     string
		windows bool
		want    string
	}{
		{"/srv/a?b#c%41/z ü.db", false, "/srv/a?b#c%41/z ü.db"},
		{`C:\x y\%20\z.db`, true, "C:/x y/%20/z.db"},
		{`\\nas\share\z.db`, true, "//nas/share/z.db"},
		{`C:\` + strings.Repeat("a", 300) + `\z?.db`, true, `\\?\C:\` + strings.Repeat("a", 300) + `\z?.db`},
	} {
		uri := fileURI(c.abs, c.windows)
		got, err := sqliteURIPath(uri, c.windows)
		if err != nil {
			t.Errorf("%q: %v", uri, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q decodes to %q, want %q", uri, got, c.want)
		}
	}
}

// sqliteURIPath is the file name SQLite takes from uri.
func sqliteURIPath(uri string, windows bool) (string, error) {
	rest, ok := strings.CutPrefix(uri, "file:")
	if !ok {
		return "", errorString("no file: scheme")
	}
	if strings.HasPrefix(rest, "//") {
		i := strings.IndexByte(rest[2:], '/')
		if i < 0 {
			i = len(rest) - 2
		}
		if auth := rest[2 : 2+i]; auth != "" && auth != "localhost" {
			return "", errorString("invalid uri authority: " + auth)
		}
		rest = rest[2+i:]
	}
	var b []byte
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if c == '?' || c == '#' {
			break
		}
		if c == '%' && i+2 < len(rest) {
			var v byte
			for _, h := range []byte(rest[i+1 : i+3]) {
				switch {
				case '0' <= h && h <= '9':
					v = v<<4 | (h - '0')
				case 'A' <= h && h <= 'F':
					v = v<<4 | (h - 'A' + 10)
				default:
					return "", errorString("bad escape in " + uri)
				}
			}
			b = append(b, v)
			i += 2
			continue
		}
		b = append(b, c)
	}
	p := string(b)
	if windows && len(p) > 3 && p[0] == '/' && (p[2] == ':' || strings.HasPrefix(p[1:], `\\?\`)) {
		p = p[1:]
	}
	return p, nil
}

type errorString string

func (e errorString) Error() string { return string(e) }
