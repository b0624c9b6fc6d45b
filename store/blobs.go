package store

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// blobDir holds the originals, named by the SHA-256 of their bytes:
// blobs/ab/abcdef….
const blobDir = "blobs"

// PutBlob copies r into the blob folder under its SHA-256 and returns the
// hex digest and size in bytes. The copy is written to a temporary file,
// synced, then renamed, so a blob that exists is always complete. Putting
// bytes that are already stored keeps the existing copy.
func (db *DB) PutBlob(r io.Reader) (sum string, size int64, err error) {
	defer func() {
		if err != nil {
			err = db.WriteError(err)
		}
	}()
	tmp, err := os.CreateTemp(filepath.Join(db.Dir, blobDir), ".incoming-*")
	if err != nil {
		return "", 0, fmt.Errorf("store: put blob: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	h := sha256.New()
	if size, err = io.Copy(io.MultiWriter(tmp, h), r); err != nil {
		return "", 0, fmt.Errorf("store: put blob: %w", err)
	}
	if err = tmp.Sync(); err != nil {
		return "", 0, fmt.Errorf("store: put blob: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return "", 0, fmt.Errorf("store: put blob: %w", err)
	}
	sum = hex.EncodeToString(h.Sum(nil))
	dst := db.BlobPath(sum)
	if _, statErr := os.Stat(dst); statErr == nil {
		os.Remove(tmp.Name())
		return sum, size, nil
	}
	if err = os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		return "", 0, fmt.Errorf("store: put blob: %w", err)
	}
	if err = os.Rename(tmp.Name(), dst); err != nil {
		return "", 0, fmt.Errorf("store: put blob: %w", err)
	}
	// The rename reaches the disk with its folder's entry: sync it, so a
	// document committed after this call never outlives its original.
	syncDir(filepath.Dir(dst))
	return sum, size, nil
}

// syncDir flushes a folder's entries to disk where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// removeIncoming deletes the partial copies an interrupted PutBlob left
// behind. Only the process holding the library's lock calls it, so no copy
// is still being written.
func removeIncoming(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, ".incoming-*"))
	for _, n := range names {
		os.Remove(n)
	}
}

// BlobPath is where the original with the given SHA-256 is kept.
func (db *DB) BlobPath(sum string) string {
	if len(sum) < 2 {
		return filepath.Join(db.Dir, blobDir, "_", sum)
	}
	return filepath.Join(db.Dir, blobDir, sum[:2], sum)
}

// ReadBlob returns the bytes of the original with the given SHA-256.
func (db *DB) ReadBlob(sum string) ([]byte, error) {
	b, err := os.ReadFile(db.BlobPath(sum))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("store: original %s is missing from the library: %w", sum, err)
	}
	return b, err
}
