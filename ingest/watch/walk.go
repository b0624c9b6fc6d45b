package watch

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// entry is one importable file found by a walk.
type entry struct {
	rel     string // '/'-separated, below the watched folder
	abs     string
	size    int64
	mtimeNS int64
}

// problem is something a walk could not read.
type problem struct {
	rel string
	msg string
}

// walked is what one walk of a watched folder found.
type walked struct {
	files []entry
	// dirs are the folders walked (absolute paths as reached): what to
	// ask the system to watch.
	dirs []string
	// denied are the folders that could not be read, relative: what was
	// below them is unknown, not deleted.
	denied   map[string]bool
	problems []problem
	// vanished says a folder disappeared between being listed and being
	// read: the tree changed under the walk (a folder renamed), so what
	// it did not find may only have moved.
	vanished bool
}

// afterList, when set (by tests), is called after each folder is listed:
// the moment a folder renamed mid-walk is missed.
var afterList func(rel string)

// walk lists the importable files under root. Hidden folders, ignored
// paths and skipped names are left out. Links are followed — to files,
// and to folders once each: a folder reached again through a link (a
// loop, or a second way in) is not walked again.
func walk(ctx context.Context, root string) (*walked, error) {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, err
	}
	w := &walked{denied: map[string]bool{}}
	visited := map[string]bool{real: true}
	var dir func(abs, realDir, rel string, ign ignores) error
	dir = func(abs, realDir, rel string, ign ignores) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		list, err := os.ReadDir(abs)
		if err != nil {
			switch {
			case errors.Is(err, fs.ErrNotExist) && rel != "":
				w.vanished = true
			case errors.Is(err, fs.ErrPermission):
				w.denied[rel] = true
				w.problems = append(w.problems, problem{rel, "cannot read this folder: permission denied; its files are left as they were"})
			default:
				w.denied[rel] = true
				w.problems = append(w.problems, problem{rel, "cannot read this folder: " + err.Error()})
			}
			if rel == "" {
				return err
			}
			return nil
		}
		w.dirs = append(w.dirs, abs)
		if afterList != nil {
			afterList(rel)
		}
		for _, d := range list {
			if d.Name() == IgnoreFile {
				if set := readIgnore(filepath.Join(abs, IgnoreFile), rel); set != nil {
					ign = append(ign[:len(ign):len(ign)], set)
				}
				break
			}
		}
		for _, d := range list {
			name := d.Name()
			childAbs := filepath.Join(abs, name)
			childRel := name
			if rel != "" {
				childRel = rel + "/" + name
			}
			typ := d.Type()
			var info fs.FileInfo
			if typ&fs.ModeSymlink != 0 {
				if info, err = os.Stat(childAbs); err != nil {
					continue // a broken link
				}
				typ = info.Mode().Type()
			}
			switch {
			case typ.IsDir():
				if SkippedDir(name) || ign.match(childRel, true) {
					continue
				}
				childReal := filepath.Join(realDir, name)
				if info != nil { // reached through a link
					if childReal, err = filepath.EvalSymlinks(childAbs); err != nil {
						continue
					}
				}
				if visited[childReal] {
					continue
				}
				visited[childReal] = true
				if err := dir(childAbs, childReal, childRel, ign); err != nil {
					return err
				}
			case typ.IsRegular():
				if Skipped(name) || ign.match(childRel, false) {
					continue
				}
				if info == nil {
					if info, err = d.Info(); err != nil {
						if errors.Is(err, fs.ErrNotExist) {
							continue // deleted since listed; the next sync sees it gone
						}
						w.problems = append(w.problems, problem{childRel, "cannot read this file: " + err.Error()})
						continue
					}
				}
				w.files = append(w.files, entry{childRel, childAbs, info.Size(), info.ModTime().UnixNano()})
			}
		}
		return nil
	}
	if err := dir(root, real, "", nil); err != nil {
		return nil, err
	}
	return w, nil
}

// under reports whether rel lies in folder dir ("" is the top).
func under(rel, dir string) bool {
	return dir == "" || rel == dir || (len(rel) > len(dir) && rel[:len(dir)] == dir && rel[len(dir)] == '/')
}
