package desktop

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"

	"archivist/app"
)

// OpenOriginalAt opens doc's original — blob, the library's copy of it —
// in the system's viewer, at page (1-based; 0 for none) when a viewer that
// takes a page is installed. The viewer gets a link named like the
// imported file, so it sees the right name and extension, in a private
// folder under the temp dir.
func OpenOriginalAt(blob string, doc *app.Document, page int) error {
	if doc == nil {
		return app.Errorf(app.ENotFound, "The document is no longer in the library.")
	}
	if _, err := os.Stat(blob); err != nil {
		return app.Errorf(app.ENotFound, "The library's copy of “%s” is missing.", doc.Filename)
	}
	dir := filepath.Join(os.TempDir(), "archivist-originals-"+strconv.Itoa(os.Getuid()), doc.SHA256[:16])
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return app.Errorf(app.EInternal, "Could not prepare the file for the viewer.")
	}
	name := filepath.Base(doc.Filename)
	if name == "." || name == string(filepath.Separator) || name == "" {
		name = "document"
	}
	link := filepath.Join(dir, name)
	if err := placeForViewer(blob, link); err != nil {
		return app.Errorf(app.EInternal, "Could not prepare the file for the viewer.")
	}
	argv := openCommand(link, page, doc.Format == app.FormatPDF, exec.LookPath)
	cmd := exec.Command(argv[0], argv[1:]...)
	if err := cmd.Start(); err != nil {
		return app.Errorf(app.EInternal, "“%s” could not be opened: %s did not start. Install a viewer for this kind of file, or open it from its folder with “Show in folder”.", name, argv[0])
	}
	go cmd.Wait() // the viewer runs on its own; reap it when it exits
	return nil
}

// openCommand is the command that opens path: a PDF viewer known to take a
// page number when one is installed and page > 0, else the desktop's
// opener (which cannot be told a page).
func openCommand(path string, page int, pdf bool, lookPath func(string) (string, error)) []string {
	return openCommandFor(runtime.GOOS, path, page, pdf, lookPath)
}

// openCommandFor is openCommand on the system goos.
func openCommandFor(goos, path string, page int, pdf bool, lookPath func(string) (string, error)) []string {
	if pdf && page > 0 && goos == "windows" {
		// SumatraPDF takes a page; the default PDF application is told
		// nothing but the file.
		for _, exe := range sumatraCandidates() {
			if found, err := lookPath(exe); err == nil {
				return []string{found, "-page", strconv.Itoa(page), path}
			}
		}
	}
	if pdf && page > 0 && goos != "darwin" && goos != "windows" {
		p := strconv.Itoa(page)
		viewers := [][]string{
			{"evince", "--page-index=" + p, path},
			{"okular", "--page", p, path},
			{"zathura", "--page=" + p, path},
			{"qpdfview", path + "#" + p},
			{"mupdf", path, p},
		}
		for _, v := range viewers {
			if _, err := lookPath(v[0]); err == nil {
				return v
			}
		}
	}
	switch goos {
	case "darwin":
		return []string{"open", path}
	case "windows":
		return []string{"rundll32", "url.dll,FileProtocolHandler", path}
	}
	return []string{"xdg-open", path}
}

// sumatraCandidates are where SumatraPDF is found: on the PATH, or in
// its installer's per-user or per-machine folder.
func sumatraCandidates() []string {
	c := []string{"SumatraPDF.exe"}
	for _, env := range []string{"LOCALAPPDATA", "ProgramFiles"} {
		if d := os.Getenv(env); d != "" {
			c = append(c, filepath.Join(d, "SumatraPDF", "SumatraPDF.exe"))
		}
	}
	return c
}

// placeForViewer makes name (in a private folder) show the library's copy
// blob: a symbolic link where the system allows one, else a hard link,
// else a copy. Windows lets only administrators and developer-mode users
// make symbolic links, and a library on another drive cannot be hard
// linked.
func placeForViewer(blob, name string) error {
	if target, err := os.Readlink(name); err == nil && target == blob {
		return nil
	}
	if a, err := os.Stat(name); err == nil {
		if b, err := os.Stat(blob); err == nil && os.SameFile(a, b) {
			return nil
		}
	}
	os.Remove(name)
	if os.Symlink(blob, name) == nil || os.Link(blob, name) == nil {
		return nil
	}
	in, err := os.Open(blob)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o400)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(name)
		return err
	}
	return out.Close()
}
