package api

import (
	"context"
	"net/http"
	"os"
	"sync"
	"time"

	"archivist/app"
)

// Job is an import the API queued, with its progress.
type Job struct {
	ID string `json:"id"`
	// State is queued, running, done (every file has its outcome in
	// Results) or failed (the import stopped, Error says why).
	State      string      `json:"state"`
	FilesTotal int         `json:"files_total"`
	FilesDone  int         `json:"files_done"`
	Current    string      `json:"current,omitempty"` // the file being read
	PagesDone  int         `json:"pages_done"`        // of Current
	PagesTotal int         `json:"pages_total"`       // of Current; 0 when not known
	Results    []JobResult `json:"results"`
	Error      string      `json:"error,omitempty"`
	CreatedAt  time.Time   `json:"created_at"`
	UpdatedAt  time.Time   `json:"updated_at"`
}

// JobResult is what became of one file of a job.
type JobResult struct {
	File       string `json:"file"`
	DocumentID string `json:"document_id,omitempty"`
	Outcome    string `json:"outcome"` // imported, duplicate or failed
	Error      string `json:"error,omitempty"`
}

// Bounds of the job list.
const (
	maxQueuedJobs = 16
	keptJobs      = 100
)

// jobQueue runs the API's imports one at a time, in arrival order, and
// remembers the newest keptJobs of them (in memory: the library's own
// import queue is what survives a restart).
type jobQueue struct {
	importer Importer
	folders  []string // the allowed import folders: path imports open files only inside them
	newID    func() string
	now      func() time.Time
	ctx      context.Context
	stop     context.CancelCauseFunc
	queue    chan *pendingJob
	done     chan struct{}

	mu     sync.Mutex
	closed bool
	jobs   map[string]*Job
	order  []string // oldest first
}

// pendingJob is a queued job's work: the files to import, the names to
// report them by (uploads are staged under temporary names), and the
// staging folder to remove afterwards.
type pendingJob struct {
	job      *Job
	paths    []string
	names    map[string]string
	password string
	staging  string
	release  func() // gives back the staging budget the uploads hold; nil for path imports
}

// done removes the job's staging folder and gives back its budget.
func (p *pendingJob) done() {
	if p.staging != "" {
		os.RemoveAll(p.staging)
	}
	if p.release != nil {
		p.release()
	}
}

func newJobQueue(im Importer, newID func() string, now func() time.Time) *jobQueue {
	ctx, stop := context.WithCancelCause(context.Background())
	q := &jobQueue{importer: im, newID: newID, now: now, ctx: ctx, stop: stop,
		queue: make(chan *pendingJob, maxQueuedJobs), done: make(chan struct{}), jobs: map[string]*Job{}}
	go q.work()
	return q
}

// close stops the worker. The running import is interrupted as by quitting
// (app.ErrQuitting), so it stays in the library's queue and resumes at the
// next start instead of failing.
func (q *jobQueue) close() {
	q.stop(app.ErrQuitting)
	q.mu.Lock()
	q.closed = true
	close(q.queue)
	q.mu.Unlock()
	<-q.done
}

// add queues an import and returns a copy of its job.
func (q *jobQueue) add(p *pendingJob) (Job, error) {
	now := q.now()
	p.job = &Job{ID: q.newID(), State: "queued", FilesTotal: len(p.paths), Results: []JobResult{}, CreatedAt: now, UpdatedAt: now}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return Job{}, app.Errorf(app.ECancelled, "The server is stopping.")
	}
	select {
	case q.queue <- p:
	default:
		return Job{}, app.Errorf(app.EConflict, "%d imports are already waiting; try again when they are done.", maxQueuedJobs)
	}
	q.jobs[p.job.ID] = p.job
	q.order = append(q.order, p.job.ID)
	for len(q.order) > keptJobs {
		old := q.jobs[q.order[0]]
		if old.State == "queued" || old.State == "running" {
			break
		}
		delete(q.jobs, q.order[0])
		q.order = q.order[1:]
	}
	return snapshotJob(p.job), nil
}

func snapshotJob(j *Job) Job {
	c := *j
	c.Results = append([]JobResult{}, j.Results...)
	return c
}

// get returns a copy of one job.
func (q *jobQueue) get(id string) (Job, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	j, ok := q.jobs[id]
	if !ok {
		return Job{}, false
	}
	return snapshotJob(j), true
}

// list returns copies of the kept jobs, newest first.
func (q *jobQueue) list() []Job {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := make([]Job, 0, len(q.order))
	for i := len(q.order) - 1; i >= 0; i-- {
		out = append(out, snapshotJob(q.jobs[q.order[i]]))
	}
	return out
}

func (q *jobQueue) work() {
	defer close(q.done)
	for p := range q.queue {
		q.run(p)
	}
}

func (q *jobQueue) update(j *Job, f func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	f()
	j.UpdatedAt = q.now()
}

func (q *jobQueue) run(p *pendingJob) {
	defer p.done()
	j := p.job
	name := func(path string) string {
		if n, ok := p.names[path]; ok {
			return n
		}
		return path
	}
	if q.ctx.Err() != nil {
		q.update(j, func() { j.State, j.Error = "failed", "the server stopped before this import ran" })
		return
	}
	q.update(j, func() { j.State = "running" })
	ctx := q.ctx
	if p.staging == "" {
		ctx = ConfineImports(ctx, q.folders)
	}
	_, err := q.importer.ImportFiles(ctx, p.paths, p.password, func(pr app.ImportProgress) {
		q.update(j, func() {
			j.FilesDone = pr.Done
			if pr.Total > 0 {
				j.FilesTotal = pr.Total
			}
			j.Current, j.PagesDone, j.PagesTotal = name(pr.Path), pr.Pages, pr.PageTotal
			if r := pr.Result; r != nil {
				res := JobResult{File: name(r.Path), DocumentID: r.DocumentID, Outcome: string(r.Outcome)}
				if r.Err != nil {
					res.Error = app.ErrorMessage(r.Err)
				}
				j.Results = append(j.Results, res)
				j.Current, j.PagesDone, j.PagesTotal = "", 0, 0
			}
		})
	})
	q.update(j, func() {
		j.Current = ""
		if err != nil {
			j.State, j.Error = "failed", app.ErrorMessage(err)
			return
		}
		j.State = "done"
	})
}

func (s *Server) handleJobs(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, struct {
		Jobs []Job `json:"jobs"`
	}{s.jobs.list()})
}

func (s *Server) handleJob(w http.ResponseWriter, r *http.Request) {
	j, ok := s.jobs.get(r.PathValue("id"))
	if !ok {
		writeError(w, app.Errorf(app.ENotFound, "No import job with this ID (the newest %d are kept until the server stops).", keptJobs))
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Job Job `json:"job"`
	}{j})
}
