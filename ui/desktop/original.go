package desktop

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"fyne.io/fyne/v2/dialog"

	"archivist/app"
)

// openOriginal opens the library's copy of d's original with the system's
// default application, or shows it in the file manager (reveal). The copy
// in the library is named by its SHA-256 without extension, so it is first
// linked (or copied) under its own file name into a per-user temporary
// folder: the viewer then knows the format and the title bar names it.
func (u *UI) openOriginal(d app.Document, reveal bool) {
	if u.folders == nil {
		return
	}
	go func() {
		path, err := u.folders.OriginalPath(u.ctx, d.ID)
		if err == nil {
			path, err = namedCopy(path, d)
		}
		if err == nil {
			err = u.open(path, reveal)
		}
		if err != nil && u.ctx.Err() == nil {
			u.do(func() { dialog.ShowError(errorForDialog(err), u.win) })
		}
	}()
}

// namedCopy returns a read-only copy of blob named as the document was
// imported, made once per document.
func namedCopy(blob string, d app.Document) (string, error) {
	name := filepath.Base(d.Filename)
	if name == "." || name == string(filepath.Separator) || name == "" {
		name = d.ID
	}
	dir := filepath.Join(os.TempDir(), "archivist-originals-"+userKey(), d.ID)
	dst := filepath.Join(dir, name)
	if _, err := os.Stat(dst); err == nil {
		return dst, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", app.Errorf(app.EInternal, "cannot prepare the original: %v", err)
	}
	if os.Link(blob, dst) == nil {
		return dst, nil
	}
	in, err := os.Open(blob)
	if err != nil {
		return "", app.Errorf(app.ENotFound, "The original of %q is missing from the library.", docTitle(d))
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o400)
	if err != nil {
		return "", app.Errorf(app.EInternal, "cannot prepare the original: %v", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(dst)
		return "", app.Errorf(app.EInternal, "cannot prepare the original: %v", err)
	}
	return dst, out.Close()
}

// userKey keeps two users' temporary copies apart on a shared machine.
func userKey() string {
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Base(h)
	}
	return "user"
}

// systemOpen opens path with the desktop's default application, or shows
// it selected in the file manager (reveal), without waiting for either.
func systemOpen(path string, reveal bool) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		if reveal {
			cmd = exec.Command("open", "-R", path)
		} else {
			cmd = exec.Command("open", path)
		}
	case "windows":
		if reveal {
			cmd = exec.Command("explorer", "/select,", path)
		} else {
			cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", path)
		}
	default:
		// xdg-open has no "select this file": open its folder.
		if reveal {
			path = filepath.Dir(path)
		}
		cmd = exec.Command("xdg-open", path)
	}
	if err := cmd.Start(); err != nil {
		return app.Errorf(app.EUnsupported, "“%s” could not be opened: %s did not start. Install a program that opens this kind of file.", filepath.Base(path), filepath.Base(cmd.Path))
	}
	go cmd.Wait() // reap it
	return nil
}
