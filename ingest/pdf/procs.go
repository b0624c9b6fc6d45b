package pdf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"archivist/app"
)

// procIdleTimeout is how long an idle worker process is kept for the next
// document before it is stopped to give its memory back.
const procIdleTimeout = time.Minute

// proc is one worker process, seen from the parent.
type proc struct {
	cmd    *exec.Cmd
	w      *bufio.Writer
	r      *bufio.Reader
	wf, rf *os.File // the parent's ends of the pipes
	stderr *tail
	killed atomic.Bool
	req    wbuf
	idle   *time.Timer // set while the process waits in the pool
}

// errProcDied is the error of a call to a worker process that died (was
// killed, or crashed).
var errProcDied = errors.New("pdf: the PDFium worker process stopped")

// startAttempts bounds the tries to create one worker process, the pause
// before the next growing by startRetryPause each time.
const (
	startAttempts   = 3
	startRetryPause = 100 * time.Millisecond
)

// startProcess starts cmd; tests replace it to make creation fail.
var startProcess = (*exec.Cmd).Start

// spawn starts a worker process and waits, under ctx, until it is ready.
func spawn(ctx context.Context, dir string, memLimit int64) (*proc, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("pdf: start worker: %w", err)
	}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("pdf: start worker: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, fmt.Errorf("pdf: start worker: %w", err)
	}
	p := &proc{
		wf:     reqW,
		rf:     repR,
		stderr: &tail{},
	}
	p.w = bufio.NewWriterSize(reqW, 1<<16)
	p.r = bufio.NewReaderSize(repR, 1<<16)
	env := append(os.Environ(), workerEnv+"="+workerMagic, workerCacheEnv+"="+dir,
		workerMemoryEnv+"="+strconv.FormatInt(memLimit, 10))
	// Creating a process can fail for a moment on Windows — right after
	// another worker was killed, or while a scanner holds the executable
	// — so a failed start is tried again, a little later, before the
	// document fails with it.
	for attempt := 0; ; attempt++ {
		p.cmd = exec.Command(exe)
		p.cmd.Env = env
		p.cmd.Stdin, p.cmd.Stdout = reqR, repW
		p.cmd.Stderr = p.stderr
		if err = startProcess(p.cmd); err == nil || attempt+1 == startAttempts || ctx.Err() != nil {
			break
		}
		select {
		case <-time.After(time.Duration(attempt+1) * startRetryPause):
		case <-ctx.Done():
		}
	}
	reqR.Close()
	repW.Close()
	if err != nil {
		reqW.Close()
		repR.Close()
		return nil, fmt.Errorf("pdf: start worker: %w", err)
	}
	ready := make(chan error, 1)
	go func() {
		b, err := readFrame(p.r)
		if err == nil {
			err = replyErr(&rbuf{b: b})
		}
		ready <- err
	}()
	select {
	case err = <-ready:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		p.close()
		<-ready
		if errors.Is(err, ctx.Err()) {
			return nil, fmt.Errorf("pdf: start worker: %w", err)
		}
		return nil, fmt.Errorf("pdf: start worker: %w%s", err, p.stderr.suffix())
	}
	return p, nil
}

// call sends the request in p.req and returns the reply, after its
// status byte.
func (p *proc) call() (*rbuf, error) {
	if err := p.send(); err != nil {
		return nil, err
	}
	return p.recv()
}

func (p *proc) send() error {
	if p.killed.Load() {
		return errProcDied
	}
	if err := writeFrame(p.w, p.req.b); err != nil {
		p.kill()
		return p.died()
	}
	return nil
}

func (p *proc) recv() (*rbuf, error) {
	b, err := readFrame(p.r)
	if err != nil {
		p.kill()
		return nil, p.died()
	}
	r := &rbuf{b: b}
	if err := replyErr(r); err != nil {
		return nil, err
	}
	return r, nil
}

// died returns errProcDied with what the process last wrote to stderr.
func (p *proc) died() error {
	if s := p.stderr.suffix(); s != "" {
		return fmt.Errorf("%w%s", errProcDied, s)
	}
	return errProcDied
}

// openFailure is a worker's report that PDFium could not open the data.
type openFailure struct {
	security bool
	msg      string
}

func (o *openFailure) Error() string { return o.msg }

// replyErr reads a reply's status byte and returns the error it reports.
func replyErr(r *rbuf) error {
	switch st := r.byte(); st {
	case replyOK:
		return r.err
	case replyAppError:
		code, msg := r.str(), r.str()
		if r.err != nil {
			return r.err
		}
		return &app.Error{Code: code, Message: msg}
	case replyOpenFail:
		sec, msg := r.bool(), r.str()
		if r.err != nil {
			return r.err
		}
		return &openFailure{security: sec, msg: msg}
	case replyError:
		msg := r.str()
		if r.err != nil {
			return r.err
		}
		return errors.New(msg)
	default:
		return errWire
	}
}

// kill stops the process; calls in flight fail with errProcDied.
func (p *proc) kill() {
	if p.killed.CompareAndSwap(false, true) && p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
}

// close kills the process, reaps it and closes the pipes.
func (p *proc) close() {
	p.kill()
	p.cmd.Wait()
	p.wf.Close()
	p.rf.Close()
}

// docInfo is what opening a document in a worker tells.
type docInfo struct {
	pages   int
	title   string
	outline []outlineEntry
}

// open opens data in the worker; info asks for the title and outline.
func (p *proc) open(data []byte, password string, info bool) (docInfo, error) {
	p.req.reset()
	p.req.byte(opOpen)
	p.req.bytes(data)
	p.req.str(password)
	p.req.bool(info)
	r, err := p.call()
	p.req.b = nil // do not keep a copy of the document
	if err != nil {
		return docInfo{}, err
	}
	d := docInfo{pages: r.int(), title: r.str(), outline: r.outline()}
	return d, r.err
}

// closeDoc closes the worker's open document.
func (p *proc) closeDoc() error {
	p.req.reset()
	p.req.byte(opClose)
	_, err := p.call()
	return err
}

// sendPages asks for pages [from, to); recvPages reads them.
func (p *proc) sendPages(from, to int) error {
	p.req.reset()
	p.req.byte(opPages)
	p.req.int(from)
	p.req.int(to)
	return p.send()
}

func (p *proc) recvPages(out []page, ok []bool) error {
	r, err := p.recv()
	if err != nil {
		return err
	}
	if n := r.int(); n != len(out) {
		return errWire
	}
	for i := range out {
		out[i], ok[i] = r.page()
		out[i].unreadable = !ok[i]
	}
	return r.err
}

// render renders one page of the open document.
func (p *proc) render(page, dpi int) (image.Image, error) {
	p.req.reset()
	p.req.byte(opRender)
	p.req.int(page)
	p.req.int(dpi)
	r, err := p.call()
	if err != nil {
		return nil, err
	}
	w, h, stride, pix := r.int(), r.int(), r.int(), r.bytes()
	if r.err != nil || w < 0 || h < 0 || stride < 4*w || len(pix) < stride*h {
		return nil, errWire
	}
	return &image.RGBA{Pix: pix, Stride: stride, Rect: image.Rect(0, 0, w, h)}, nil
}

// diagnose asks the worker what pdfcpu finds wrong with the data whose
// open just failed.
func (p *proc) diagnose() (string, error) {
	p.req.reset()
	p.req.byte(opDiagnose)
	r, err := p.call()
	if err != nil {
		return "", err
	}
	why := r.str()
	return why, r.err
}

// procPool keeps up to max worker processes, started on demand and
// stopped after procIdleTimeout idle.
type procPool struct {
	dir      string
	memLimit int64         // each process's memory cap, bytes
	slots    chan struct{} // one token per process in use
	mu       sync.Mutex
	idle     []*proc
	live     map[*proc]bool // every process not yet closed, for CPU accounting
	shut     bool
}

func newProcPool(dir string, max int, memLimit int64) *procPool {
	return &procPool{dir: dir, memLimit: memLimit, slots: make(chan struct{}, max), live: map[*proc]bool{}}
}

var errEngineClosed = errors.New("pdf: the engine is closed")

// acquire returns an idle process or starts one, waiting under ctx for a
// free slot.
func (pp *procPool) acquire(ctx context.Context) (*proc, error) {
	select {
	case pp.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return pp.take(ctx)
}

// tryAcquire is acquire when a slot is free now, else nil.
func (pp *procPool) tryAcquire(ctx context.Context) (*proc, error) {
	select {
	case pp.slots <- struct{}{}:
	default:
		return nil, nil
	}
	return pp.take(ctx)
}

// take returns a process for a slot already held.
func (pp *procPool) take(ctx context.Context) (*proc, error) {
	pp.mu.Lock()
	if pp.shut {
		pp.mu.Unlock()
		<-pp.slots
		return nil, errEngineClosed
	}
	for len(pp.idle) > 0 {
		p := pp.idle[len(pp.idle)-1]
		pp.idle = pp.idle[:len(pp.idle)-1]
		if p.idle.Stop() && !p.killed.Load() {
			pp.mu.Unlock()
			return p, nil
		}
	}
	pp.mu.Unlock()
	p, err := spawn(ctx, pp.dir, pp.memLimit)
	if err != nil {
		<-pp.slots
		return nil, err
	}
	pp.mu.Lock()
	if pp.shut {
		pp.mu.Unlock()
		p.close()
		<-pp.slots
		return nil, errEngineClosed
	}
	pp.live[p] = true
	pp.mu.Unlock()
	return p, nil
}

// release gives p back: kept for the next document when reusable and
// alive, else closed.
func (pp *procPool) release(p *proc, reusable bool) {
	defer func() { <-pp.slots }()
	pp.mu.Lock()
	if !reusable || pp.shut || p.killed.Load() {
		delete(pp.live, p)
		pp.mu.Unlock()
		p.close()
		return
	}
	p.idle = time.AfterFunc(procIdleTimeout, func() {
		pp.mu.Lock()
		i := -1
		for k, q := range pp.idle {
			if q == p {
				i = k
			}
		}
		if i < 0 {
			pp.mu.Unlock()
			return // taken meanwhile
		}
		pp.idle = append(pp.idle[:i], pp.idle[i+1:]...)
		delete(pp.live, p)
		pp.mu.Unlock()
		p.close()
	})
	pp.idle = append(pp.idle, p)
	pp.mu.Unlock()
}

// close stops the idle processes; busy ones stop when released.
func (pp *procPool) close() {
	pp.mu.Lock()
	pp.shut = true
	idle := pp.idle
	pp.idle = nil
	for _, p := range idle {
		p.idle.Stop()
		delete(pp.live, p)
	}
	pp.mu.Unlock()
	for _, p := range idle {
		p.close()
	}
}

// pids returns the process ids of the live worker processes.
func (pp *procPool) pids() []int {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	var out []int
	for p := range pp.live {
		if p.cmd.Process != nil {
			out = append(out, p.cmd.Process.Pid)
		}
	}
	return out
}

// tail keeps the last bytes a worker wrote to stderr (a Go panic, say).
type tail struct {
	mu sync.Mutex
	b  []byte
}

const tailMax = 2048

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > tailMax {
		t.b = append(t.b[:0], t.b[len(t.b)-tailMax:]...)
	}
	return len(p), nil
}

// suffix returns ": " and the first line of what was written, or "".
func (t *tail) suffix() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.b))
	if s == "" {
		return ""
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return ": " + s
}
