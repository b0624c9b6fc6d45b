package pdf

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"sync"
	"time"

	"archivist/app"
)

// Reading a document in worker processes: the first worker opens it and
// reports its pages, title and outline; a second, when a slot is free and
// the document is long, opens it too; both then take chunks of pages from
// a shared queue, so the faster one reads more. Each chunk's pages are
// laid out (lines, blocks) by the goroutine that received them while its
// worker reads the next chunk.
const (
	chunkPages       = 8  // pages per request
	parallelMinPages = 24 // shorter documents are read by one worker
)

// docRun is one Parse or RenderPages call's worker processes, all killed
// when its time limit or its caller's context ends.
type docRun struct {
	e      *Engine
	mu     sync.Mutex
	procs  []*proc
	killed bool
	stop   func() bool
}

func (e *Engine) newRun(ctx context.Context) *docRun {
	run := &docRun{e: e}
	run.stop = context.AfterFunc(ctx, func() {
		run.mu.Lock()
		defer run.mu.Unlock()
		run.killed = true
		for _, p := range run.procs {
			p.kill()
		}
	})
	return run
}

// add registers p to be killed with the run; false when the run is
// already being killed (p is then killed too).
func (run *docRun) add(p *proc) bool {
	run.mu.Lock()
	defer run.mu.Unlock()
	if run.killed {
		p.kill()
		return false
	}
	run.procs = append(run.procs, p)
	return true
}

// release closes p's document and gives it back to the pool.
func (run *docRun) release(p *proc) {
	ok := !p.killed.Load() && p.closeDoc() == nil
	run.e.procs.release(p, ok)
}

// openErr turns a worker's failure to open data into the error Parse
// returns.
func (e *Engine) openErr(parent, ctx context.Context, p *proc, data []byte, err error) error {
	if cerr := e.limitErr(parent, ctx); cerr != nil {
		return cerr
	}
	var of *openFailure
	if !errors.As(err, &of) {
		if errors.As(err, new(*app.Error)) {
			return err
		}
		return damagedDetail("PDFium could not open it", err.Error())
	}
	// pdfcpu reads the structure inside the worker, where a read that
	// loops is ended by killing the process.
	return diagnoseWith(data, of, func([]byte) string {
		t := time.AfterFunc(structureTimeout, p.kill)
		defer t.Stop()
		why, err := p.diagnose()
		if err != nil {
			return ""
		}
		return why
	})
}

// parseWorkers is Parse in worker processes.
func (e *Engine) parseWorkers(ctx context.Context, data []byte, password string) (*app.Parsed, string, error) {
	parent := ctx
	ctx, cancel, err := e.begin(ctx, data)
	if err != nil {
		return nil, "", err
	}
	defer cancel()
	p1, err := e.procs.acquire(ctx)
	if err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return nil, "", cerr
		}
		return nil, "", err
	}
	run := e.newRun(ctx)
	defer run.stop()
	run.add(p1)
	info, err := p1.open(data, password, true)
	if err != nil {
		err = e.openErr(parent, ctx, p1, data, err)
		e.procs.release(p1, !p1.killed.Load())
		return nil, "", err
	}
	n := min(info.pages, len(data)/4+1, maxPages)
	if n <= 0 {
		run.release(p1)
		return nil, "", damaged("it has no pages")
	}

	c := newChunker(n)
	c.report = func(done int) { app.ReportPages(parent, done, n) }
	go func() {
		run.read(p1, c)
		run.release(p1)
	}()
	if n >= parallelMinPages {
		go func() {
			// Not waited for: if every chunk is taken before this worker
			// is ready, it goes back to the pool unused.
			p2, err := e.procs.tryAcquire(ctx)
			if p2 == nil || err != nil {
				return
			}
			if !run.add(p2) || c.over() {
				e.procs.release(p2, !p2.killed.Load())
				return
			}
			if _, err := p2.open(data, password, false); err == nil {
				run.read(p2, c)
			}
			run.release(p2)
		}()
	}
	<-c.finished
	if cerr := e.limitErr(parent, ctx); cerr != nil {
		return nil, "", cerr
	}
	if c.err != nil {
		if errors.As(c.err, new(*app.Error)) {
			return nil, "", c.err
		}
		if errors.Is(c.err, errProcDied) {
			// Not the file's fault, as far as anyone knows: the process
			// reading it died (killed from outside, or PDFium crashed).
			return nil, "", &app.Error{Code: app.EInternal, Message: "the PDF reader stopped while reading this PDF; importing it again may work",
				Details: c.err.Error()}
		}
		return nil, "", damagedDetail("PDFium stopped while reading its pages", c.err.Error())
	}
	end := c.end()
	if !slices.Contains(c.ok[:end], true) {
		return nil, "", damaged("none of its pages can be read")
	}
	pages := c.pages[:end]
	notice := e.readScans(parent, data, password, pages)
	e.readFigures(parent, data, password, pages)
	p, source := assembleTree(pages, info.outline, info.title)
	p.Notice = cmp.Or(notice, p.Notice)
	return p, source, nil
}

// read takes chunks of c and reads them with p until none are left,
// asking for the next chunk before laying out the last.
func (run *docRun) read(p *proc, c *chunker) {
	from, to, ok := c.take()
	if !ok {
		return
	}
	if err := p.sendPages(from, to); err != nil {
		c.complete(from, to, err)
		return
	}
	for {
		pgs, oks := c.pages[from:to], c.ok[from:to]
		err := p.recvPages(pgs, oks)
		nf, nt, more := 0, 0, false
		if err == nil {
			if nf, nt, more = c.take(); more {
				if serr := p.sendPages(nf, nt); serr != nil {
					c.complete(nf, nt, serr)
					more = false
				}
			}
			for i := range pgs {
				// A page that may gain OCR words is laid out once it has
				// them (assembleTree).
				if !sparseLayer(&pgs[i]) {
					layoutPage(&pgs[i])
				}
			}
		}
		c.complete(from, to, err)
		if !more {
			return
		}
		from, to = nf, nt
	}
}

// chunker hands out a document's pages in chunks and collects them.
type chunker struct {
	mu       sync.Mutex
	n        int
	next     int
	limit    int // no chunk starting here or later is handed out
	inFlight int
	pages    []page
	ok, done []bool
	read     int            // pages read so far
	report   func(read int) // told after each chunk; may be nil; must not block
	err      error
	finished chan struct{} // closed when every chunk handed out is back
	closed   bool
}

func newChunker(n int) *chunker {
	return &chunker{n: n, limit: n, pages: make([]page, n), ok: make([]bool, n), done: make([]bool, n), finished: make(chan struct{})}
}

// take hands out the next chunk.
func (c *chunker) take() (from, to int, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil || c.next >= c.limit {
		return 0, 0, false
	}
	from, to = c.next, min(c.next+chunkPages, c.n)
	c.next = to
	c.inFlight++
	return from, to, true
}

// over reports whether every chunk has been handed out.
func (c *chunker) over() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err != nil || c.next >= c.limit
}

// complete records a chunk's return. maxBadPages unloadable pages in a row
// end the document: a hostile /Count can claim far more pages than there
// are.
func (c *chunker) complete(from, to int, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.inFlight--
	if err == nil {
		// Told under the lock, so counts arrive in order and none after
		// the document is finished.
		if c.read += to - from; c.report != nil {
			c.report(c.read)
		}
	}
	if err != nil && c.err == nil {
		c.err = err
	}
	if err == nil {
		for i := from; i < to; i++ {
			c.done[i] = true
		}
		for i := from; i < to; {
			if c.ok[i] {
				i++
				continue
			}
			start := i
			for start > 0 && c.done[start-1] && !c.ok[start-1] {
				start--
			}
			j := i
			for j < c.n && c.done[j] && !c.ok[j] {
				j++
			}
			if j-start >= maxBadPages {
				c.limit = min(c.limit, start)
			}
			i = max(j, i+1)
		}
	}
	if (c.err != nil || c.next >= c.limit) && c.inFlight == 0 && !c.closed {
		c.closed = true
		close(c.finished)
	}
}

// end returns how many pages the document has: up to the first run of
// maxBadPages unloadable pages.
func (c *chunker) end() int {
	run := 0
	for i := range c.n {
		if !c.done[i] {
			return i - run
		}
		if c.ok[i] {
			run = 0
			continue
		}
		if run++; run >= maxBadPages {
			return i + 1 - run
		}
	}
	return c.n
}

// renderWorkers is RenderPages in a worker process.
func (e *Engine) renderWorkers(ctx context.Context, data []byte, password string, pages []int, dpi int, fn func(page int, img image.Image) error) error {
	parent := ctx
	ctx, cancel, err := e.begin(ctx, data)
	if err != nil {
		return err
	}
	defer cancel()
	p, err := e.procs.acquire(ctx)
	if err != nil {
		if cerr := e.limitErr(parent, ctx); cerr != nil {
			return cerr
		}
		return err
	}
	run := e.newRun(ctx)
	defer run.stop()
	run.add(p)
	if _, err := p.open(data, password, false); err != nil {
		err = e.openErr(parent, ctx, p, data, err)
		e.procs.release(p, !p.killed.Load())
		return err
	}
	err = func() error {
		for _, page := range pages {
			if err := ctx.Err(); err != nil {
				return err
			}
			img, err := p.render(page, dpi)
			if err != nil {
				return err
			}
			if err := fn(page, img); err != nil {
				return err
			}
		}
		return nil
	}()
	run.release(p)
	if cerr := e.limitErr(parent, ctx); cerr != nil {
		return cerr
	}
	if errors.Is(err, errProcDied) {
		return fmt.Errorf("pdf: render: %w", err)
	}
	return err
}
