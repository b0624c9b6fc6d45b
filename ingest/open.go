package ingest

import (
	"context"
	"os"
)

// openKey carries the function an import opens its files with.
type openKey struct{}

// WithOpen returns a context whose imports open each file with open
// instead of by name. A server confines path imports with it: open
// resolves the path inside an allowed folder at the moment of opening, and
// the importer reads the file it opened, never the name again, so nothing
// that changes on disk after a path was checked can make it read a file
// outside the folder.
func WithOpen(ctx context.Context, open func(path string) (*os.File, error)) context.Context {
	return context.WithValue(ctx, openKey{}, open)
}

// openFile opens path for reading as ctx says (WithOpen), else by name.
func openFile(ctx context.Context, path string) (*os.File, error) {
	if open, ok := ctx.Value(openKey{}).(func(string) (*os.File, error)); ok {
		return open(path)
	}
	return os.Open(path)
}
