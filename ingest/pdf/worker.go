package pdf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"time"

	"github.com/klippa-app/go-pdfium"
	pdferrors "github.com/klippa-app/go-pdfium/errors"

	"archivist/app"
)

// A worker process is this same executable started with workerEnv set:
// package pdf's init sees the variable and serves requests from the
// parent, on its stdin (requests) and stdout (replies), instead of running
// main. It runs PDFium compiled without wazero's termination
// checks, which makes PDFium 3–4× faster (the checks call out of the
// compiled code at every loop iteration); a stuck call is stopped by
// killing the process. One document is open at a time, each in a fresh
// PDFium instance.
const (
	workerEnv      = "ARCHIVIST_PDFIUM_WORKER"
	workerMagic    = "1"
	workerCacheEnv = "ARCHIVIST_PDFIUM_CACHE"
)

func init() {
	if os.Getenv(workerEnv) != workerMagic {
		return
	}
	in, out := os.Stdin, os.Stdout
	// Anything else printed to stdout would corrupt the replies.
	os.Stdout = os.Stderr
	// Ctrl-C in a terminal reaches the whole process group: the parent
	// decides what an interrupt means, and closes or kills the worker.
	signal.Ignore(os.Interrupt)
	go watchParent(os.Getppid())
	os.Exit(serveWorker(in, out, os.Getenv(workerCacheEnv)))
}

// watchParent exits the worker when its parent has gone, even while PDFium
// is busy (the request pipe's EOF is only seen between requests).
func watchParent(ppid int) {
	for {
		time.Sleep(2 * time.Second)
		if os.Getppid() != ppid {
			os.Exit(3)
		}
	}
}

// Request operations.
const (
	opOpen     byte = iota + 1 // data, password → pages, title, outline
	opPages                    // from, to → pages [from, to)
	opRender                   // page (1-based), dpi → width, height, RGBA pixels
	opClose                    // close the document and its instance
	opDiagnose                 // → what pdfcpu finds wrong with the last data that failed to open
)

// Reply status bytes.
const (
	replyOK       byte = iota
	replyAppError      // code, message
	replyOpenFail      // security (bool), message: PDFium could not open the file
	replyError         // message
)

// worker is the serving side of one worker process.
type worker struct {
	pool   pdfium.Pool
	s      *session // the open document, or nil
	failed []byte   // the data of the last open that failed
	out    *bufio.Writer
	outMu  sync.Mutex // held while a reply is written (see watchMemory)
	reply  wbuf
}

// send writes one reply frame.
func (w *worker) send(b []byte) error {
	w.outMu.Lock()
	defer w.outMu.Unlock()
	return writeFrame(w.out, b)
}

// serveWorker answers requests until in is closed; it returns the exit
// code.
func serveWorker(in io.Reader, out io.Writer, dir string) int {
	// The worker's heap is mostly PDFium's wasm memory, which holds no
	// pointers, so collecting often is cheap; the default pacing let a
	// worker reach twice its live memory.
	debug.SetGCPercent(25)
	w := &worker{out: bufio.NewWriterSize(out, 1<<16)}
	limit := workerMemoryLimit()
	go watchMemory(limit, &w.outMu, func(b []byte) error { return writeFrame(w.out, b) })
	pool, cache, err := startPool(context.Background(), dir, false, 1, wasmLimitPages(limit))
	if err != nil {
		w.reply.byte(replyError)
		w.reply.str(err.Error())
		w.send(w.reply.b)
		return 1
	}
	defer func() {
		pool.Close()
		if cache != nil {
			cache.Close(context.Background())
		}
	}()
	w.pool = pool
	// Ready.
	w.reply.byte(replyOK)
	if w.send(w.reply.b) != nil {
		return 1
	}
	r := bufio.NewReaderSize(in, 1<<16)
	for {
		req, err := readFrame(r)
		if err != nil {
			return 0 // the parent closed the pipe, or died
		}
		w.reply.reset()
		w.handle(&rbuf{b: req})
		if w.send(w.reply.b) != nil {
			return 0
		}
		if len(w.reply.b) > 1<<24 {
			w.reply.b = nil // do not keep a rendered page's worth of buffer
		}
	}
}

func (w *worker) fail(err error) {
	w.reply.reset()
	var ae *app.Error
	if errors.As(err, &ae) {
		w.reply.byte(replyAppError)
		w.reply.str(ae.Code)
		w.reply.str(ae.Message)
		return
	}
	w.reply.byte(replyError)
	w.reply.str(err.Error())
}

func (w *worker) handle(r *rbuf) {
	switch op := r.byte(); op {
	case opOpen:
		data, password, info := r.bytes(), r.str(), r.bool()
		if r.err != nil {
			w.fail(r.err)
			return
		}
		w.closeDoc()
		if err := w.open(data, password); err != nil {
			var ae *app.Error
			if errors.As(err, &ae) {
				w.fail(err)
				return
			}
			w.failed = data
			w.reply.byte(replyOpenFail)
			w.reply.bool(errors.Is(err, pdferrors.ErrSecurity))
			w.reply.str(err.Error())
			return
		}
		n, err := w.s.pageCount()
		if err != nil {
			w.fail(fmt.Errorf("pdf: count pages: %w", err))
			return
		}
		w.reply.byte(replyOK)
		w.reply.int(n)
		if info {
			w.reply.str(w.s.metaTitle())
			w.reply.putOutline(w.s.outline(n))
		} else {
			w.reply.str("")
			w.reply.putOutline(nil)
		}
	case opPages:
		from, to := r.int(), r.int()
		if r.err != nil || w.s == nil || from < 0 || to < from {
			w.fail(errors.New("pdf: bad pages request"))
			return
		}
		w.reply.byte(replyOK)
		w.reply.int(to - from)
		for i := from; i < to; i++ {
			pg, ok := w.s.readPage(i)
			w.reply.putPage(&pg, ok)
		}
	case opRender:
		page, dpi := r.int(), r.int()
		if r.err != nil || w.s == nil {
			w.fail(errors.New("pdf: bad render request"))
			return
		}
		n, err := w.s.pageCount()
		if err != nil {
			w.fail(err)
			return
		}
		img, err := w.s.render(page, n, dpi)
		if err != nil {
			w.fail(err)
			return
		}
		rgba, ok := img.(*image.RGBA)
		if !ok {
			rgba = image.NewRGBA(img.Bounds())
			draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
		}
		b := rgba.Bounds()
		w.reply.byte(replyOK)
		w.reply.int(b.Dx())
		w.reply.int(b.Dy())
		w.reply.int(rgba.Stride)
		w.reply.bytes(rgba.Pix)
	case opClose:
		w.closeDoc()
		w.reply.byte(replyOK)
	case opDiagnose:
		why := ""
		if w.failed != nil {
			why = readStructure(w.failed, true)
		}
		w.reply.byte(replyOK)
		w.reply.str(why)
	default:
		w.fail(fmt.Errorf("pdf: unknown worker request %d", op))
	}
}

// open opens data in a fresh instance.
func (w *worker) open(data []byte, password string) error {
	inst, err := w.pool.GetInstanceWithContext(context.Background())
	if err != nil {
		return fmt.Errorf("pdf: get pdfium instance: %w", err)
	}
	s := &session{inst: inst, ctx: context.Background()}
	if err := s.open(data, password); err != nil {
		inst.Close()
		return err
	}
	s.fast = newFastText(inst)
	s.renew = func() error {
		s.inst.Close()
		fresh, err := w.pool.GetInstanceWithContext(context.Background())
		if err != nil {
			return err
		}
		s.inst = fresh
		if err := s.open(data, password); err != nil {
			return err
		}
		s.fast = newFastText(fresh)
		return nil
	}
	w.s = s
	w.failed = nil
	return nil
}

// closeDoc closes the open document and its instance, and hands the
// instance's memory back to the system.
func (w *worker) closeDoc() {
	w.failed = nil
	if w.s == nil {
		return
	}
	w.s.close()
	w.s.inst.Close()
	w.s = nil
	debug.FreeOSMemory()
}
