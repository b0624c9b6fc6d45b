package pdf

import (
	"context"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

// TestMemoryCap renders a page at 400 dpi (a 3400 × 4400 bitmap, 60 MB in
// PDFium and as much again copied out) in a worker capped at 96 MB: the
// render fails with the cap's message, as a timeout does, and the next
// call runs in a fresh worker.
func TestMemoryCap(t *testing.T) {
	e, err := NewEngine(context.Background(), Config{MemoryLimit: 96 << 20, CacheDir: testEngine(t).dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.procs == nil {
		t.Skipf("no worker processes here: %v", e.workerErr)
	}
	_, data := mixedDoc(t)
	if _, err := e.Parse(context.Background(), data, ""); err != nil {
		t.Fatalf("Parse under a 96 MB cap: %v", err)
	}
	_, err = e.RenderPage(context.Background(), data, 1, 400)
	if app.ErrorCode(err) != app.ETooLarge || !strings.Contains(err.Error(), "needed more than 96 MB of memory") {
		t.Fatalf("render at 400 dpi under a 96 MB cap: %v", err)
	}
	var img image.Image
	if img, err = e.RenderPage(context.Background(), data, 1, 72); err != nil || img.Bounds().Dx() != 612 {
		t.Fatalf("render at 72 dpi after the cap: %v", err)
	}
}

// TestUnusableCompilationCache: the compiled-code cache is a speed-up
// only. A cache PDFium cannot be read from or stored in — here each stored
// file replaced by a directory of its name; on Windows, a copy another
// process holds open — does not stop PDFs from being read.
func TestUnusableCompilationCache(t *testing.T) {
	dir := t.TempDir()
	_, data := mixedDoc(t)
	first, err := NewEngine(context.Background(), Config{InProcess: true, CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Parse(context.Background(), data, ""); err != nil {
		t.Fatal(err)
	}
	first.Close()
	var stored []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			stored = append(stored, path)
		}
		return nil
	})
	if len(stored) == 0 {
		t.Fatalf("nothing was stored in the cache %s", dir)
	}
	for _, p := range stored {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(p, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	e, err := NewEngine(context.Background(), Config{InProcess: true, CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Parse(context.Background(), data, ""); err != nil {
		t.Fatalf("Parse with a cache that cannot be used: %v", err)
	}
}
