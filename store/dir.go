package store

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// libraryDirFor is the per-user data folder for a library on the system
// goos, for the user whose home folder is home: XDG on Linux and BSD,
// Application Support on macOS, %AppData% (the roaming application data,
// C:\Users\NAME\AppData\Roaming) on Windows. Paths are joined with the
// system's separator, so a Windows folder is spelled right only in a
// Windows build; the choice of folder is tested everywhere.
func libraryDirFor(goos, home string, getenv func(string) string) string {
	switch goos {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Archivist")
	case "windows":
		if d := getenv("AppData"); d != "" {
			return filepath.Join(d, "Archivist")
		}
		return filepath.Join(home, "AppData", "Roaming", "Archivist")
	}
	if d := getenv("XDG_DATA_HOME"); d != "" && (filepath.IsAbs(d) || strings.HasPrefix(d, "/")) {
		return filepath.Join(d, "archivist")
	}
	return filepath.Join(home, ".local", "share", "archivist")
}

// DefaultDir is the per-user data folder the OS expects for the library
// (see libraryDirFor).
func DefaultDir() string {
	home, _ := os.UserHomeDir()
	return libraryDirFor(runtime.GOOS, home, os.Getenv)
}
