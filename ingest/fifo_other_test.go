//go:build !unix

package ingest_test

import "errors"

// mkfifo cannot make a named pipe in the file system here (Windows pipes
// live under \\.\pipe\, not beside files).
func mkfifo(string) error { return errors.ErrUnsupported }
