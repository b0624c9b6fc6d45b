package watch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"archivist/app"
	"archivist/store"
)

// What a sync did to one file.
const (
	Imported  = "imported"    // a new document
	Version   = "new version" // the file changed: a new version of its document
	Moved     = "moved"       // the same bytes under another path: the same document
	Duplicate = "duplicate"   // bytes the library holds already
	Removed   = "removed"     // the file is gone; its document is kept, marked
	Failed    = "failed"
	Changing  = "changing" // still being written: imported once it is stable
)

// Change is what a sync did to one file.
type Change struct {
	Kind       string
	Rel        string // the file, below the watched folder
	From       string // for Moved: where it was
	DocumentID string
	Previous   string // for Version: the version it replaced
	Err        string // for Failed
}

// Result is what one sync of a folder did.
type Result struct {
	// Offline says the folder could not be reached; nothing was changed.
	Offline bool
	Reason  string
	Files   int // importable files found
	Changes []Change
	// Problems are the folders and files that could not be read; what was
	// below them is left as it was.
	Problems []string
	// Unsettled says the tree changed during the walk, so files not found
	// were not taken as deleted: sync again soon.
	Unsettled bool
}

// Count returns how many changes of a kind the sync made.
func (r *Result) Count(kind string) int {
	n := 0
	for _, c := range r.Changes {
		if c.Kind == kind {
			n++
		}
	}
	return n
}

// String says what the sync did in a few words.
func (r *Result) String() string {
	if r.Offline {
		return "offline: " + r.Reason
	}
	var parts []string
	for _, k := range []string{Imported, Version, Moved, Duplicate, Removed, Failed, Changing} {
		if n := r.Count(k); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k))
		}
	}
	if len(r.Problems) > 0 {
		parts = append(parts, fmt.Sprintf("%d unreadable", len(r.Problems)))
	}
	files := fmt.Sprintf("%d files", r.Files)
	if r.Files == 1 {
		files = "1 file"
	}
	if len(parts) == 0 {
		return "up to date (" + files + ")"
	}
	return strings.Join(parts, ", ") + " (" + files + ")"
}

// Sync brings the library up to date with one watched folder: new and
// changed files are imported once stable, moved files keep their
// document, deleted files mark theirs. progress, when not nil, is called
// with how many of the files to look at are done. An absent folder is
// reported offline and nothing is changed.
func (e *Engine) Sync(ctx context.Context, f store.WatchFolder, progress func(done, total int)) (*Result, error) {
	res := &Result{}
	if reason := offline(f); reason != "" {
		res.Offline, res.Reason = true, reason
		return res, nil
	}
	w, err := walk(ctx, f.Path)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res.Offline, res.Reason = true, "cannot read the folder: "+plainError(err)
		return res, nil
	}
	res.Files, res.Unsettled = len(w.files), w.vanished
	if e.walked != nil {
		e.walked(f, w.dirs)
	}
	for _, p := range w.problems {
		res.Problems = append(res.Problems, p.rel+": "+p.msg)
		e.DB.AddWatchError(ctx, f.ID, p.rel, p.msg)
	}
	rows, err := e.DB.WatchFiles(ctx, f.ID)
	if err != nil {
		return nil, err
	}
	s := &syncer{e: e, f: f, res: res, rows: rows, missingByDoc: map[string][]string{}}
	seen := make(map[string]bool, len(w.files))
	var cands []entry
	for _, en := range w.files {
		seen[en.rel] = true
		row, ok := rows[en.rel]
		if ok && row.Size == en.size && row.MtimeNS == en.mtimeNS && row.PendingSHA == "" {
			continue
		}
		cands = append(cands, en)
	}
	for rel, row := range rows {
		if !seen[rel] && row.PendingSHA != "" {
			// Interrupted, and the file gone or moved since: settle what
			// the import made before telling moves from deletions.
			if row, err = s.finishPending(ctx, row); err != nil {
				return nil, err
			}
			rows[rel] = row
		}
		if !seen[rel] && row.DocumentID != "" {
			s.missingByDoc[row.DocumentID] = append(s.missingByDoc[row.DocumentID], rel)
		}
	}
	cands, err = s.settle(ctx, cands)
	if err != nil {
		return nil, err
	}
	for i, en := range cands {
		if progress != nil {
			progress(i, len(cands))
		}
		if err := s.file(ctx, en); err != nil {
			return nil, err
		}
	}
	if progress != nil {
		progress(len(cands), len(cands))
	}
	if err := s.deleted(ctx, w, seen); err != nil {
		return nil, err
	}
	if e.Imported != nil {
		var ids []string
		for _, c := range res.Changes {
			if (c.Kind == Imported || c.Kind == Version) && c.DocumentID != "" {
				ids = append(ids, c.DocumentID)
			}
		}
		if len(ids) > 0 && ctx.Err() == nil {
			e.Imported(ctx, ids)
		}
	}
	return res, nil
}

// syncer holds one sync's working state.
type syncer struct {
	e    *Engine
	f    store.WatchFolder
	res  *Result
	rows map[string]store.WatchFile
	// missingByDoc are the stored files the walk did not find, by the
	// document they hold: a new path with that document's bytes is a move.
	missingByDoc map[string][]string
	moved        map[string]bool // missing rows consumed by moves
}

// settle waits until the candidates have kept their size and time for
// the engine's Stable interval, and keeps those that did.
func (s *syncer) settle(ctx context.Context, cands []entry) ([]entry, error) {
	if len(cands) == 0 || s.e.stable() <= 0 {
		return cands, nil
	}
	t := time.NewTimer(s.e.stable())
	select {
	case <-ctx.Done():
		t.Stop()
		return nil, ctx.Err()
	case <-t.C:
	}
	kept := cands[:0]
	for _, en := range cands {
		info, err := os.Stat(en.abs)
		if err != nil {
			continue // gone again; the deletion pass or the next sync sees to it
		}
		if info.Size() != en.size || info.ModTime().UnixNano() != en.mtimeNS {
			s.change(Change{Kind: Changing, Rel: en.rel})
			continue
		}
		kept = append(kept, en)
	}
	return kept, nil
}

func (s *syncer) change(c Change) { s.res.Changes = append(s.res.Changes, c) }

// folderPath is the chain of Archivist folders a file's document is filed
// in, or nil when the folder's structure is not mapped.
func (s *syncer) folderPath(rel string) []string {
	if !s.f.MapFolders {
		return nil
	}
	p := []string{"Watched", s.f.Name}
	if dir := path.Dir(rel); dir != "." {
		p = append(p, strings.Split(dir, "/")...)
	}
	return p
}

// file syncs one new or changed file.
func (s *syncer) file(ctx context.Context, en entry) error {
	row, had := s.rows[en.rel]
	sum, err := hashStable(en)
	if errors.Is(err, errChanged) {
		s.change(Change{Kind: Changing, Rel: en.rel})
		return nil
	} else if errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return s.fail(ctx, en, row, "cannot read the file: "+plainError(err))
	}
	if had && row.PendingSHA != "" && row.PendingSHA != sum {
		// An import a crash interrupted, of bytes the file no longer has.
		if row, err = s.finishPending(ctx, row); err != nil {
			return err
		}
		s.rows[en.rel] = row
	}
	f := store.WatchFile{FolderID: s.f.ID, Rel: en.rel, Size: en.size, MtimeNS: en.mtimeNS, SHA256: sum}
	if had && row.SHA256 == sum && row.PendingSHA == "" {
		// Touched, not changed.
		f.DocumentID, f.Error = row.DocumentID, row.Error
		return s.e.DB.PutWatchFile(ctx, f)
	}
	existing, err := s.e.DB.DocumentBySHA(ctx, sum)
	if err != nil {
		return err
	}
	if existing != nil && existing.Status != app.StatusFailed {
		return s.known(ctx, en, row, had, f, existing)
	}
	// New bytes, or bytes that failed before: the importer tries them
	// (again).
	// Say so before importing, so a crash in between is finished by the
	// next sync rather than repeated.
	pending := row
	if !had {
		pending = store.WatchFile{FolderID: s.f.ID, Rel: en.rel}
	}
	pending.PendingSHA = sum
	if err := s.e.DB.PutWatchFile(ctx, pending); err != nil {
		return err
	}
	r := s.e.importFile(ctx, en.abs)
	if ctx.Err() != nil {
		return ctx.Err() // the pending mark stays: the next sync finishes it
	}
	switch r.Outcome {
	case app.OutcomeFailed:
		return s.fail(ctx, en, row, app.ErrorMessage(r.Err))
	case app.OutcomeDuplicate:
		// Its bytes arrived meanwhile through another way in.
		f.DocumentID = r.DocumentID
		return s.claim(ctx, f, row, Change{Kind: Duplicate, Rel: en.rel, DocumentID: r.DocumentID}, nil)
	}
	nd, err := s.e.DB.StoredDocumentByID(ctx, r.DocumentID)
	if err != nil {
		return err
	}
	if info, err := os.Stat(en.abs); nd.SHA256 != sum || err != nil || info.Size() != en.size || info.ModTime().UnixNano() != en.mtimeNS {
		// The file changed while it was copied: the copy may be torn.
		// Take it back; the file is imported once it is stable.
		if err := s.e.DB.DeleteDocument(ctx, nd.ID); err != nil {
			return err
		}
		pending.PendingSHA = ""
		s.change(Change{Kind: Changing, Rel: en.rel})
		return s.e.DB.PutWatchFile(ctx, pending)
	}
	f.DocumentID = nd.ID
	return s.imported(ctx, en, row, had, f, nd)
}

// finishPending settles a file's import that a crash interrupted after
// its document was made, when the file has changed again since: that
// document was a real state of the file, so it becomes the file's document
// (a version of the one it held) before the new bytes are looked at. The
// returned record holds it; a pending import that made nothing is dropped.
func (s *syncer) finishPending(ctx context.Context, row store.WatchFile) (store.WatchFile, error) {
	d, err := s.e.DB.DocumentBySHA(ctx, row.PendingSHA)
	row.PendingSHA = ""
	if err != nil {
		return row, err
	}
	if d == nil || d.SupersededBy != "" || d.LineageID != "" || d.Status != app.StatusReady {
		return row, s.e.DB.PutWatchFile(ctx, row)
	}
	if n, err := s.e.DB.WatchReferences(ctx, d.ID); err != nil || n > 0 {
		return row, err
	}
	prev := row.DocumentID
	row.DocumentID, row.SHA256 = d.ID, d.SHA256
	if prev != "" && s.versionable(ctx, prev, row.Rel) {
		return row, s.e.DB.AddVersion(ctx, prev, d.ID, row)
	}
	return row, s.e.DB.ClaimWatchFile(ctx, row, s.folderPath(row.Rel), s.e.NewID, "", prev, s.f.TrashRemoved)
}

// imported links a document just imported from a file (or found imported
// by an earlier, interrupted sync): a new version of the file's document,
// or a new document.
func (s *syncer) imported(ctx context.Context, en entry, row store.WatchFile, had bool, f store.WatchFile, nd *store.StoredDocument) error {
	if had && row.DocumentID != "" && row.DocumentID != nd.ID && s.versionable(ctx, row.DocumentID, en.rel) {
		if err := s.e.DB.AddVersion(ctx, row.DocumentID, nd.ID, f); err != nil {
			return err
		}
		s.e.DB.ClearWatchError(ctx, s.f.ID, en.rel)
		s.change(Change{Kind: Version, Rel: en.rel, DocumentID: nd.ID, Previous: row.DocumentID})
		return nil
	}
	return s.claim(ctx, f, row, Change{Kind: Imported, Rel: en.rel, DocumentID: nd.ID}, s.folderPath(en.rel))
}

// known syncs a file whose bytes the library holds already.
func (s *syncer) known(ctx context.Context, en entry, row store.WatchFile, had bool, f store.WatchFile, d *store.StoredDocument) error {
	if d.SupersededBy != "" {
		// An older version: the file went back to earlier bytes. It
		// becomes the current version again.
		if had && row.DocumentID != "" && s.sameLineage(ctx, row.DocumentID, d) && !s.heldElsewhere(ctx, row.DocumentID, en.rel) {
			f.DocumentID = d.ID
			if err := s.e.DB.AddVersion(ctx, row.DocumentID, d.ID, f); err != nil {
				return err
			}
			s.change(Change{Kind: Version, Rel: en.rel, DocumentID: d.ID, Previous: row.DocumentID})
			return nil
		}
		f.DocumentID = d.SupersededBy
		return s.claim(ctx, f, row, Change{Kind: Duplicate, Rel: en.rel, DocumentID: f.DocumentID}, nil)
	}
	f.DocumentID = d.ID
	if had && row.PendingSHA == f.SHA256 {
		// Imported by a sync a crash interrupted before it linked it.
		if d.LineageID == "" && !s.heldElsewhere(ctx, d.ID, en.rel) {
			return s.imported(ctx, en, row, had, f, d)
		}
	}
	if had && row.DocumentID == d.ID {
		return s.e.DB.PutWatchFile(ctx, f)
	}
	if from := s.takeMissing(d.ID); from != "" {
		var folders []string
		if path.Dir(from) != path.Dir(en.rel) {
			folders = s.folderPath(en.rel)
		}
		return s.claim(ctx, f, row, Change{Kind: Moved, Rel: en.rel, From: from, DocumentID: d.ID}, folders)
	}
	return s.claim(ctx, f, row, Change{Kind: Duplicate, Rel: en.rel, DocumentID: d.ID}, nil)
}

// claim records f as holding its document, files it, and brings back a
// document marked removed.
func (s *syncer) claim(ctx context.Context, f store.WatchFile, row store.WatchFile, c Change, folders []string) error {
	if err := s.e.DB.ClaimWatchFile(ctx, f, folders, s.e.NewID, c.From, row.DocumentID, s.f.TrashRemoved); err != nil {
		return err
	}
	s.change(c)
	return nil
}

// fail records why a file did not import; it is tried again when it
// changes. Its document, if it had one, stays as it was.
func (s *syncer) fail(ctx context.Context, en entry, row store.WatchFile, msg string) error {
	f := row
	f.FolderID, f.Rel, f.Size, f.MtimeNS, f.PendingSHA, f.Error = s.f.ID, en.rel, en.size, en.mtimeNS, "", msg
	if err := s.e.DB.PutWatchFile(ctx, f); err != nil {
		return err
	}
	s.e.DB.AddWatchError(ctx, s.f.ID, en.rel, msg)
	s.change(Change{Kind: Failed, Rel: en.rel, DocumentID: row.DocumentID, Err: msg})
	return nil
}

// versionable reports whether a changed file's new bytes become a new
// version of doc: doc is current, and no other watched file still holds
// its bytes (a copy elsewhere keeps the old text searchable, so the new
// bytes are a document of their own).
func (s *syncer) versionable(ctx context.Context, doc, rel string) bool {
	d, err := s.e.DB.StoredDocumentByID(ctx, doc)
	if err != nil || d.SupersededBy != "" {
		return false
	}
	return !s.heldElsewhere(ctx, doc, rel)
}

// heldElsewhere reports whether a watched file other than rel of this
// folder holds doc.
func (s *syncer) heldElsewhere(ctx context.Context, doc, rel string) bool {
	n, err := s.e.DB.WatchReferences(ctx, doc)
	if err != nil {
		return true
	}
	if row, ok := s.rows[rel]; ok && row.DocumentID == doc {
		n--
	}
	for _, m := range s.missingByDoc[doc] {
		if !s.moved[m] {
			n-- // gone from disk: it holds nothing any more
		}
	}
	return n > 0
}

func (s *syncer) sameLineage(ctx context.Context, doc string, v *store.StoredDocument) bool {
	d, err := s.e.DB.StoredDocumentByID(ctx, doc)
	return err == nil && d.Lineage() == v.Lineage()
}

// takeMissing returns a stored path of doc the walk did not find, and
// forgets it: the file moved from there.
func (s *syncer) takeMissing(doc string) string {
	for _, rel := range s.missingByDoc[doc] {
		if s.moved == nil {
			s.moved = map[string]bool{}
		}
		if !s.moved[rel] {
			s.moved[rel] = true
			return rel
		}
	}
	return ""
}

// deleted forgets the stored files the walk did not find and that are
// gone from disk. A file below an unreadable folder, or missing from a
// walk the tree changed under, is kept: it may only have moved.
func (s *syncer) deleted(ctx context.Context, w *walked, seen map[string]bool) error {
	for rel := range s.rows {
		if seen[rel] {
			continue
		}
		if s.moved[rel] {
			continue // its record went with the move
		}
		if s.deniedAbove(w, rel) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(s.f.Path, filepath.FromSlash(rel))); err == nil || !errors.Is(err, fs.ErrNotExist) {
			continue // still there (skipped or ignored now), or unknown
		}
		if w.vanished {
			continue
		}
		doc, err := s.e.DB.ForgetWatchFile(ctx, s.f.ID, rel, s.f.TrashRemoved)
		if err != nil {
			return err
		}
		if doc != "" {
			s.change(Change{Kind: Removed, Rel: rel, DocumentID: doc})
		}
	}
	return nil
}

func (s *syncer) deniedAbove(w *walked, rel string) bool {
	for d := range w.denied {
		if under(rel, d) {
			return true
		}
	}
	return false
}

// errChanged says a file changed while it was read.
var errChanged = errors.New("the file changed while it was read")

// hashStable returns the SHA-256 of a file's bytes, or errChanged when its
// size or time differ from the walk's or changed during the read.
func hashStable(en entry) (string, error) {
	f, err := os.Open(en.abs)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	if info.Size() != en.size || info.ModTime().UnixNano() != en.mtimeNS {
		return "", errChanged
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// plainError words a file-system error without the Go operation prefix.
func plainError(err error) string {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, fs.ErrNotExist):
		return "not found"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
