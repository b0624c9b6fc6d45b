package api

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	"archivist/app"
	"archivist/ingest"
)

// ConfineImports returns a context whose imports open each file inside
// one of the allowed folders, through os.Root: the path is resolved again
// when the file is opened, component by component from the folder, and a
// link that leads out of it — even one swapped in after ImportablePaths
// checked the path — is refused. The importer then reads the opened file,
// never the name.
func ConfineImports(ctx context.Context, allowed []string) context.Context {
	return ingest.WithOpen(ctx, func(path string) (*os.File, error) { return openConfined(path, allowed) })
}

// beforeOpen, when set, runs between the check of a path and its opening;
// tests change the file system there.
var beforeOpen func(path string)

// errOutside refuses a file outside the allowed folders.
var errOutside = app.Errorf(EForbidden, "The path is outside the folders this server may import from.")

func openConfined(path string, allowed []string) (*os.File, error) {
	if beforeOpen != nil {
		beforeOpen(path)
	}
	for _, a := range allowed {
		root, err := filepath.EvalSymlinks(a)
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(root, path)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			continue
		}
		r, err := os.OpenRoot(root)
		if err != nil {
			continue
		}
		// Non-blocking, so that a pipe swapped in for the file cannot
		// hold the import; the importer refuses anything but a regular
		// file from the opened file's own Stat.
		f, err := r.OpenFile(rel, openFlags, 0)
		r.Close()
		if err != nil {
			if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
				return nil, err
			}
			return nil, errOutside // a link out of the folder, among others
		}
		return f, nil
	}
	return nil, errOutside
}
