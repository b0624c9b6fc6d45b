package ingest

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"archivist/store"
)

// TestMeasureOCRSpeed reads the same page images (pages of the scanned
// slide decks, rendered at 300 dpi as scans are) twice over, alternating:
// by the tesseract command alone, two processes at a time with one thread
// each (how OCR runs here), and through the importer's OCR (grey
// conversion, hashing, the cache write, two workers). It prints pages a
// second of each and their ratio. A measurement: set ARCHIVIST_MEASURE_OCR=1.
//
//	ARCHIVIST_MEASURE_OCR=1 go test -tags ci -run TestMeasureOCRSpeed -v ./ingest/
func TestMeasureOCRSpeed(t *testing.T) {
	if os.Getenv("ARCHIVIST_MEASURE_OCR") == "" {
		t.Skip("a measurement: set ARCHIVIST_MEASURE_OCR=1")
	}
	tess, err := exec.LookPath("tesseract")
	if err != nil {
		t.Skip("tesseract is not installed")
	}
	const dir = "../../shared/eval/mmlongbench-scans/documents"
	decks, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	if len(decks) == 0 {
		t.Skip("the shared evaluation sets are not beside the checkout (../shared/eval)")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im := &Importer{DB: db, NewID: uuid.NewString}
	defer im.Close()
	eng, err := im.engine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var files []string
	var imgs []image.Image
	// ARCHIVIST_MEASURE_PAGES pages a deck (default 4) of the first five.
	per := 4
	if n, err := strconv.Atoi(os.Getenv("ARCHIVIST_MEASURE_PAGES")); err == nil && n > 0 {
		per = n
	}
	nums := make([]int, per)
	for i := range nums {
		nums[i] = i + 2
	}
	for _, deck := range decks[:5] {
		data, err := os.ReadFile(deck)
		if err != nil {
			t.Fatal(err)
		}
		err = eng.RenderPages(ctx, data, "", nums, 300, func(n int, img image.Image) error {
			path := filepath.Join(out, fmt.Sprintf("%s-%d.png", filepath.Base(deck), n))
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			defer f.Close()
			files, imgs = append(files, path), append(imgs, img)
			return png.Encode(f, img)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	cli := func(paths []string) time.Duration {
		start := time.Now()
		work := make(chan string)
		var wg sync.WaitGroup
		for range OCRWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for p := range work {
					cmd := exec.Command(tess, p, "-", "--psm", "3", "tsv")
					cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
					if err := cmd.Run(); err != nil {
						t.Error(err)
					}
				}
			}()
		}
		for _, p := range paths {
			work <- p
		}
		close(work)
		wg.Wait()
		return time.Since(start)
	}
	ours := func(from, to int) time.Duration {
		nums := make([]int, to-from)
		for i := range nums {
			nums[i] = from + i + 1
		}
		src := func(ctx context.Context, pages []int, fn func(int, image.Image) error) error {
			for _, p := range pages {
				if err := fn(p, imgs[p-1]); err != nil {
					return err
				}
			}
			return nil
		}
		start := time.Now()
		if _, failed, err := im.readPages(ctx, nums, src, 1); err != nil || len(failed) > 0 {
			t.Fatalf("readPages: %v %v", err, failed)
		}
		return time.Since(start)
	}
	half := len(files) / 2
	// Alternate, so the machine's load falls on both alike; each half of
	// the pages is read once by each (our second reading of a half would
	// come from the cache).
	c1 := cli(files[:half])
	o1 := ours(half, len(files))
	o2 := ours(0, half)
	c2 := cli(files[half:])
	n := float64(len(files))
	cliRate, ourRate := n/(c1+c2).Seconds(), n/(o1+o2).Seconds()
	t.Logf("%d pages at 300 dpi: tesseract CLI %.3f pages/s, Archivist OCR %.3f pages/s: ratio %.2f",
		len(files), cliRate, ourRate, ourRate/cliRate)
}
