package export

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

// TestCycleFilesEndExport copies page 1 of each of ingest/pdf's cycle
// files as an export does: every copy ends — done, or given up on with an
// error — and the outline loops copy.
func TestCycleFilesEndExport(t *testing.T) {
	defer func(l time.Duration) { pdfcpuLimit = l }(pdfcpuLimit)
	pdfcpuLimit = 3 * time.Second
	files, _ := filepath.Glob(filepath.Join("..", "..", "ingest", "pdf", "testdata", "cycles", "*.pdf"))
	if len(files) == 0 {
		t.Fatal("no cycle files")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		start := time.Now()
		err = safely(func() error { return api.Collect(bytes.NewReader(data), &out, []string{"1"}, config()) })
		if time.Since(start) > pdfcpuLimit+2*time.Second {
			t.Errorf("%s: the copy did not end", filepath.Base(f))
		}
		if name := filepath.Base(f); err != nil && (name == "outline-next-loop.pdf" || name == "outline-next-parent.pdf") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
