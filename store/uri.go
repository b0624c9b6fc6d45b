package store

import (
	"path/filepath"
	"runtime"
	"strings"
)

// The database is opened through an SQLite URI ("file:" + path + "?" +
// parameters), because the driver reads its connection settings from the
// URI's query. SQLite is strict about the rest of the URI, and a path
// pasted after "file:" as it stands breaks in three ordinary cases:
//
//   - a relative path: "file://lib/library.db" names a host "lib", and
//     SQLite refuses any authority but "localhost";
//   - a Windows path: "C:\Users\…" needs slashes and a leading "/" to be
//     a path at all ("file:///C:/Users/…");
//   - a name holding "?", "#" or "%": the first two end the path early,
//     the third starts an escape.
//
// So the path is made absolute first, written with forward slashes and
// percent-escaped byte by byte, and always follows an empty authority:
// "file://" + "/abs/path". SQLite undoes the escapes, and on Windows drops
// the "/" before a drive letter or a "\\?\" prefix itself.

// dsn is the driver's connection string for the database file at path,
// with the library's settings and extra (more "key=value" parameters).
func dsn(path string, extra string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	q := "_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	return fileURI(path, runtime.GOOS == "windows") + "?" + q + "&" + extra
}

// longPath is the length from which a Windows path is given the "\\?\"
// prefix: the classic limit is 260 characters (MAX_PATH) for a file and
// 248 for a folder, and SQLite adds "-wal" and "-journal" to the name.
const longPath = 240

// fileURI is the SQLite URI of the absolute path abs, written for Windows
// when windows is set (the rules do not depend on the running system, so
// they are tested everywhere):
//
//	/home/ann/My Library/library.db → file:///home/ann/My%20Library/library.db
//	C:\Users\ann\library.db         → file:///C:/Users/ann/library.db
//	\\nas\share\library.db          → file:////nas/share/library.db
//
// A Windows path longer than longPath keeps its backslashes behind the
// "\\?\" prefix ("?" escaped as "%3F"), which lifts the 260-character
// limit for SQLite's own file calls, as Go's os package does for the rest.
func fileURI(abs string, windows bool) string {
	if windows {
		if len(abs) >= longPath {
			abs = extendedLength(abs)
			return "file:///" + escapePath(abs, true)
		}
		abs = strings.ReplaceAll(abs, `\`, "/")
		if !strings.HasPrefix(abs, "/") {
			abs = "/" + abs // a drive letter: "/C:/…"
		}
		// A UNC path already starts "//server/share", so the empty
		// authority before it makes "file:////server/share/…".
	}
	return "file://" + escapePath(abs, false)
}

// extendedLength turns an absolute Windows path into its "\\?\" form:
// C:\dir\f → \\?\C:\dir\f, \\server\share\f → \\?\UNC\server\share\f.
// Forward slashes become backslashes, since Windows takes such a path
// literally.
func extendedLength(abs string) string {
	abs = strings.ReplaceAll(abs, "/", `\`)
	switch {
	case strings.HasPrefix(abs, `\\?\`), strings.HasPrefix(abs, `\\.\`):
		return abs
	case strings.HasPrefix(abs, `\\`):
		return `\\?\UNC\` + abs[2:]
	}
	return `\\?\` + abs
}

// escapePath percent-escapes every byte of p that is not a letter, digit,
// one of "/-._~:" or, with backslashes set, "\\". Non-ASCII names are escaped as their UTF-8
// bytes, which SQLite turns back into the same bytes.
func escapePath(p string, backslashes bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			strings.IndexByte("/-._~:", c) >= 0:
			b.WriteByte(c)
		case c == '\\' && backslashes:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
