package api

import (
	"errors"
	"io"
	"sync"
)

// stagingBudget bounds the bytes of uploads staged at once, across
// requests, in flight and queued: each request is bounded by
// MaxUploadBytes, but six parallel uploads once staged close to a
// gigabyte in the temporary folder (RAM where it is a tmpfs).
type stagingBudget struct {
	mu        sync.Mutex
	used, max int64
}

// errStagingFull is returned by a reader when the budget is spent.
var errStagingFull = errors.New("staging budget spent")

// take reserves n bytes, reporting false when they would pass the budget.
func (b *stagingBudget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.max {
		return false
	}
	b.used += n
	return true
}

func (b *stagingBudget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// budgetReader reserves what it reads from r in b, counting it in *held.
type budgetReader struct {
	r    io.Reader
	b    *stagingBudget
	held *int64
}

func (br budgetReader) Read(p []byte) (int, error) {
	n, err := br.r.Read(p)
	if n > 0 {
		if !br.b.take(int64(n)) {
			return 0, errStagingFull
		}
		*br.held += int64(n)
	}
	return n, err
}
