//go:build bench || ci

package cli

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
	"archivist/ui/desktop"
)

// docsBench is the window library's figures, measured with the toolkit's
// headless test driver: the real window code, painted in software.
type docsBench struct {
	Documents       int     `json:"documents"`
	GenerateSeconds float64 `json:"generate_seconds"`
	// ListQueryMS is the store's document list alone; StartMS is from
	// building the window to its list holding every document, ready for
	// input.
	ListQueryMS float64 `json:"list_query_ms"`
	StartMS     float64 `json:"start_to_interactive_ms"`
	// FirstFrameMS is painting that first frame in software, which the
	// test driver does on the CPU and a desktop's GPU driver does not.
	FirstFrameMS float64 `json:"first_frame_ms"`
	// ScrollFrame is one step of scrolling the list (a jump of 1% of it)
	// and painting the window in software.
	ScrollFrame latency `json:"scroll_frame"`
	// ScrollUpdate is the list's part of a step: moving, and binding the
	// rows that come into view, without painting.
	ScrollUpdate latency `json:"scroll_update"`
	// IdleFrame and ImportFrame paint the window with nothing running and
	// while files dropped on it import.
	IdleFrame   latency `json:"idle_frame"`
	ImportFrame latency `json:"import_frame"`
	ImportFiles int     `json:"import_files"`
	HeapMB      float64 `json:"heap_mb"`
	RSSMB       float64 `json:"rss_mb"`
}

// watchedLibrary tells when the window's calls into the library return.
type watchedLibrary struct {
	app.Library
	listed   chan struct{}
	imported atomic.Int32
}

func (l *watchedLibrary) Documents(ctx context.Context) ([]app.Document, error) {
	docs, err := l.Library.Documents(ctx)
	select {
	case l.listed <- struct{}{}:
	default:
	}
	return docs, err
}

func (l *watchedLibrary) Import(ctx context.Context, paths []string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	defer l.imported.Add(1)
	return l.Library.Import(ctx, paths, progress)
}

// benchDocuments generates a library of n small documents (unless dir
// holds one), then opens the main window on it with the test driver.
func benchDocuments(ctx context.Context, open opener, dir string, n int, logf func(string, ...any)) (*docsBench, error) {
	p, err := open(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	res := &docsBench{}
	have, err := p.DB.Documents(ctx)
	if err != nil {
		return nil, err
	}
	if len(have) < n {
		logf("generating %d documents in %s", n-len(have), dir)
		start := time.Now()
		r := rand.New(rand.NewSource(12))
		for i := len(have); i < n; i++ {
			doc, c, _ := benchDocument(r, 1_000_000+i, 1)
			job := newBenchID()
			if _, err := p.DB.EnqueueImport(ctx, doc, job, doc.Filename); err != nil {
				return nil, err
			}
			if err := p.DB.CommitImport(ctx, jobFor(job, doc), c); err != nil {
				return nil, err
			}
		}
		res.GenerateSeconds = time.Since(start).Seconds()
	}
	t := time.Now()
	docs, err := p.DB.Documents(ctx)
	if err != nil {
		return nil, err
	}
	res.ListQueryMS = float64(time.Since(t).Microseconds()) / 1000
	res.Documents = len(docs)
	docs = nil

	a := test.NewApp()
	defer a.Quit()
	lib := &watchedLibrary{Library: p.Importer, listed: make(chan struct{}, 1)}
	w := a.NewWindow("Archivist")
	start := time.Now()
	// The headless driver would run the window's updates on whichever
	// goroutine finished the work, racing this one's painting; they wait
	// in a queue this goroutine runs between frames, as the toolkit's own
	// loop runs them in the app.
	var q updateQueue
	u := desktop.NewWith(a, w, desktop.Services{Library: lib, Research: p.Research}, q.add)
	defer u.Close()
	w.Resize(fyne.NewSize(1280, 800))
	list := findList(w.Content())
	if list == nil {
		return nil, fmt.Errorf("bench: the window has no document list")
	}
	<-lib.listed
	for q.run(); list.Length() < res.Documents; q.run() {
		time.Sleep(100 * time.Microsecond)
	}
	res.StartMS = float64(time.Since(start).Microseconds()) / 1000
	t = time.Now()
	w.Canvas().Capture()
	res.FirstFrameMS = float64(time.Since(t).Microseconds()) / 1000
	res.HeapMB = float64(heapBytes()) / (1 << 20)
	res.RSSMB = float64(rssBytes()) / (1 << 20)

	frame := func() time.Duration {
		t := time.Now()
		q.run()
		w.Canvas().Capture()
		return time.Since(t)
	}
	var scroll, update []time.Duration
	step := max(25, res.Documents/100)
	for i := 0; i < res.Documents; i += step {
		q.run()
		t := time.Now()
		list.ScrollTo(i)
		update = append(update, time.Since(t))
		w.Canvas().Capture()
		scroll = append(scroll, time.Since(t))
	}
	res.ScrollUpdate, res.ScrollFrame = latencyOf(update), latencyOf(scroll)
	var idle []time.Duration
	for range 50 {
		idle = append(idle, frame())
	}
	res.IdleFrame = latencyOf(idle)

	// Frames while files dropped on the window import.
	files := filepath.Join(dir, "drop")
	if err := os.MkdirAll(files, 0o755); err != nil {
		return nil, err
	}
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	var uris []fyne.URI
	for i := range 40 {
		path := filepath.Join(files, fmt.Sprintf("dropped-%d.md", i))
		if err := os.WriteFile(path, genMarkdown(r, fmt.Sprintf("Dropped %d", i), 128<<10), 0o644); err != nil {
			return nil, err
		}
		uris = append(uris, storage.NewFileURI(path))
	}
	res.ImportFiles = len(uris)
	logf("painting the window while %d dropped files import", len(uris))
	u.Drop(fyne.NewPos(0, 0), uris)
	var busy []time.Duration
	for lib.imported.Load() == 0 {
		busy = append(busy, frame())
		time.Sleep(16 * time.Millisecond) // a 60 Hz frame budget
	}
	res.ImportFrame = latencyOf(busy)
	return res, nil
}

// updateQueue holds the window's updates until run.
type updateQueue struct {
	mu  sync.Mutex
	fns []func()
}

func (q *updateQueue) add(f func()) {
	q.mu.Lock()
	q.fns = append(q.fns, f)
	q.mu.Unlock()
}

// run runs the queued updates, and those they queue, in order.
func (q *updateQueue) run() {
	for {
		q.mu.Lock()
		fns := q.fns
		q.fns = nil
		q.mu.Unlock()
		if len(fns) == 0 {
			return
		}
		for _, f := range fns {
			f()
		}
	}
}

// findList returns the first widget.List under o.
func findList(o fyne.CanvasObject) *widget.List {
	switch v := o.(type) {
	case *widget.List:
		return v
	case *fyne.Container:
		for _, c := range v.Objects {
			if l := findList(c); l != nil {
				return l
			}
		}
	case fyne.Widget:
		r := test.WidgetRenderer(v)
		for _, c := range r.Objects() {
			if l := findList(c); l != nil {
				return l
			}
		}
	}
	return nil
}
