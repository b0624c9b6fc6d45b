package pdf

import (
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"

	"archivist/app"
)

// The memory cap. A document is read in a worker process, and no document
// may make that process take more than Config.MemoryLimit (default
// DefaultMemoryLimit) of memory. Two bounds hold it:
//
//   - PDFium's wasm memory may not grow past 5/4 of the cap (wazero's
//     memory limit), a backstop for one allocation too big to wait for the
//     next measurement: it fails inside PDFium (a page's image is then not
//     drawn, or the page reads as unreadable);
//   - the worker measures its whole memory (the Go heap, which holds the
//     wasm memory, and the runtime) every memoryPoll; past the cap it
//     replies with the document's error and exits, so the parent reports
//     "the PDF needed more than … of memory" as it reports a timeout.
//
// In-process PDFium (the fallback where workers cannot run) has the first
// bound only: the process is the application itself.
const (
	DefaultMemoryLimit = 1536 << 20
	memoryPoll         = 20 * time.Millisecond
	workerMemoryEnv    = "ARCHIVIST_PDFIUM_MEMORY"
	// minMemoryLimit keeps a configured cap above what PDFium needs to
	// start (about 60 MB).
	minMemoryLimit = 32 << 20
)

// wasmLimitPages is the wasm memory limit, in 64 KiB pages, for a worker
// capped at limit bytes.
func wasmLimitPages(limit int64) uint32 {
	pages := limit * 5 / 4 / 65536
	return uint32(max(256, min(pages, 65536)))
}

// memoryError is the error of a document that ran past the cap.
func memoryError(limit int64) error {
	return &app.Error{Code: app.ETooLarge, Message: fmt.Sprintf(
		"the PDF needed more than %s of memory to read and was stopped", megabytes(limit))}
}

// megabytes says n bytes for a person: "1.5 GB", "512 MB".
func megabytes(n int64) string {
	if n >= 1<<30 {
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<30)), ".0") + " GB"
	}
	return strconv.FormatInt(n>>20, 10) + " MB"
}

// workerMemoryLimit reads the cap a worker was started with.
func workerMemoryLimit() int64 {
	n, err := strconv.ParseInt(os.Getenv(workerMemoryEnv), 10, 64)
	if err != nil || n <= 0 {
		return DefaultMemoryLimit
	}
	return max(n, minMemoryLimit)
}

// processMemory returns the memory the Go runtime holds from the system,
// less what it has handed back.
func processMemory(s []metrics.Sample) int64 {
	metrics.Read(s)
	total, released := s[0].Value.Uint64(), s[1].Value.Uint64()
	if released > total {
		return 0
	}
	return int64(total - released)
}

// watchMemory runs in a worker: past limit, it sends the open request's
// reply — the document's error — under mu (the lock on the reply
// stream), and exits.
func watchMemory(limit int64, mu *sync.Mutex, send func([]byte) error) {
	// Collect harder as the cap nears, so garbage does not end a document.
	debug.SetMemoryLimit(limit * 9 / 10)
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	for {
		time.Sleep(memoryPoll)
		if processMemory(s) <= limit {
			continue
		}
		mu.Lock()
		var b wbuf
		b.byte(replyAppError)
		b.str(app.ETooLarge)
		b.str(memoryError(limit).Error())
		send(b.b)
		os.Exit(4)
	}
}
