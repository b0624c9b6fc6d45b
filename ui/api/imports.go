package api

import (
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"archivist/app"
)

// Bounds of one import request.
const (
	maxUploadFiles = 100
	maxImportFiles = 10000
	maxFileName    = 255 // bytes: the longest name most file systems store
)

// ImportRequest is the JSON body of /v1/import: files or folders on this
// computer, inside the server's allowed import folders.
type ImportRequest struct {
	Path     string   `json:"path,omitempty"`
	Paths    []string `json:"paths,omitempty"`
	Password string   `json:"password,omitempty"` // for password-protected PDFs among the files
}

// handleImport queues an import of uploaded files (multipart/form-data,
// one or more "file" parts) or of paths (application/json) and answers the
// queued job (202).
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	if s.importer == nil {
		writeError(w, app.Errorf(app.EUnsupported, "Imports are not available in this server."))
		return
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var p *pendingJob
	var err error
	if mt == "multipart/form-data" {
		p, err = s.stageUploads(w, r)
	} else {
		var req ImportRequest
		if err = s.decodeJSON(w, r, &req); err == nil {
			paths := req.Paths
			if req.Path != "" {
				paths = append([]string{req.Path}, paths...)
			}
			p = &pendingJob{password: req.Password}
			p.paths, err = ImportablePaths(paths, s.cfg.ImportFolders)
		}
	}
	if err != nil {
		writeError(w, err)
		return
	}
	job, err := s.jobs.add(p)
	if err != nil {
		p.done()
		writeError(w, err)
		return
	}
	w.Header().Set("Location", "/v1/jobs/"+job.ID)
	writeJSON(w, http.StatusAccepted, struct {
		Job Job `json:"job"`
	}{job})
}

// stageUploads copies each uploaded file into a private staging folder
// under its own base name (formats are detected by name and content), within
// MaxUploadBytes for the whole request.
func (s *Server) stageUploads(w http.ResponseWriter, r *http.Request) (p *pendingJob, err error) {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxUploadBytes)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, app.Errorf(app.EInvalid, "The upload is not multipart/form-data.")
	}
	dir, err := os.MkdirTemp("", "archivist-upload-")
	if err != nil {
		return nil, err
	}
	var held int64
	staged := &pendingJob{staging: dir, names: map[string]string{}, release: func() { s.staged.give(held) }}
	p = staged
	defer func() {
		if err != nil {
			staged.done() // p is nil by then
		}
	}()
	tooBig := func(err error) bool {
		var mb *http.MaxBytesError
		return errors.As(err, &mb)
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if tooBig(err) {
			return nil, app.Errorf(app.ETooLarge, "The upload exceeds %d MB.", s.cfg.MaxUploadBytes>>20)
		} else if err != nil {
			return nil, app.Errorf(app.EInvalid, "The upload could not be read.")
		}
		switch part.FormName() {
		case "password":
			b, err := io.ReadAll(io.LimitReader(part, 1<<10))
			if err != nil {
				return nil, app.Errorf(app.EInvalid, "The upload could not be read.")
			}
			p.password = string(b)
			continue
		case "file":
		default:
			return nil, app.Errorf(app.EInvalid, "Unknown form field %q: send files as \"file\".", clip(part.FormName(), 40))
		}
		name := filepath.Base(filepath.Clean("/" + strings.ReplaceAll(part.FileName(), `\`, "/")))
		if name == "/" || name == "." || strings.HasPrefix(name, ".") {
			return nil, app.Errorf(app.EInvalid, "Each uploaded file needs a file name (with its extension).")
		}
		if len(name) > maxFileName {
			return nil, app.Errorf(app.EInvalid, "The file name %q… is too long: at most %d bytes.", clip(name, 40), maxFileName)
		}
		if len(p.paths) == maxUploadFiles {
			return nil, app.Errorf(app.ETooLarge, "At most %d files can be uploaded at once.", maxUploadFiles)
		}
		sub := filepath.Join(dir, strconv.Itoa(len(p.paths)))
		if err := os.Mkdir(sub, 0o700); err != nil {
			return nil, err
		}
		path := filepath.Join(sub, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, err
		}
		_, err = io.Copy(f, budgetReader{r: part, b: &s.staged, held: &held})
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if errors.Is(err, errStagingFull) {
			return nil, app.Errorf(app.EConflict, "Uploads waiting to be imported already hold %d MB, the most this server stages; try again when they are done.",
				s.staged.max>>20)
		}
		if tooBig(err) {
			return nil, app.Errorf(app.ETooLarge, "The upload exceeds %d MB.", s.cfg.MaxUploadBytes>>20)
		} else if err != nil {
			return nil, app.Errorf(app.EInvalid, "The upload could not be read.")
		}
		p.paths = append(p.paths, path)
		p.names[path] = name
	}
	if len(p.paths) == 0 {
		return nil, app.Errorf(app.EInvalid, "The upload holds no file: send each as a \"file\" part.")
	}
	return p, nil
}

// ImportablePaths checks paths against the allowed import folders and
// returns the files to import: each path must be absolute and, with every
// link resolved, inside one of the folders; a folder is walked (hidden
// entries skipped) and each file under it checked the same way, so a link
// inside an allowed folder cannot reach outside it.
func ImportablePaths(paths, allowed []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, app.Errorf(app.EInvalid, "Give a path (or paths) to import, or upload files.")
	}
	if len(allowed) == 0 {
		return nil, app.Errorf(EForbidden, "Path imports are off: start the server with --import-dir DIR to allow a folder, or upload the files.")
	}
	var roots []string
	for _, a := range allowed {
		if r, err := filepath.EvalSymlinks(a); err == nil {
			roots = append(roots, r)
		}
	}
	inside := func(p string) bool {
		for _, r := range roots {
			if rel, err := filepath.Rel(r, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return true
			}
		}
		return false
	}
	refuse := func() error {
		return app.Errorf(EForbidden, "The path is outside the folders this server may import from.")
	}
	var files []string
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			return nil, app.Errorf(app.EInvalid, "Paths must be absolute.")
		}
		real, err := filepath.EvalSymlinks(p)
		if errors.Is(err, fs.ErrNotExist) {
			if !inside(filepath.Clean(p)) {
				return nil, refuse() // say nothing about what exists elsewhere
			}
			return nil, app.Errorf(app.ENotFound, "No file or folder at that path.")
		} else if err != nil {
			return nil, refuse()
		}
		if !inside(real) {
			return nil, refuse()
		}
		info, err := os.Stat(real)
		if err != nil {
			return nil, app.Errorf(app.ENotFound, "No file or folder at that path.")
		}
		if !info.IsDir() {
			files = append(files, real)
			continue
		}
		err = filepath.WalkDir(real, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // the importer reports unreadable entries itself
			}
			if path != real && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			target, err := filepath.EvalSymlinks(path)
			if err != nil || !inside(target) {
				return refuse()
			}
			if info, err := os.Stat(target); err != nil || !info.Mode().IsRegular() {
				return nil // a link to a folder is not followed; pipes and devices are not files
			}
			if len(files) == maxImportFiles {
				return app.Errorf(app.ETooLarge, "At most %d files can be imported at once.", maxImportFiles)
			}
			files = append(files, target)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
