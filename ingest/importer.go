package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"archivist/app"
	"archivist/app/lang"
	"archivist/ingest/abbrev"
	"archivist/ingest/dates"
	"archivist/ingest/docmeta"
	"archivist/ingest/internal/bounds"
	"archivist/ingest/ocr"
	"archivist/ingest/pdf"
	"archivist/store"
)

// MaxTextBytes bounds a text-format original and MaxPDFBytes a PDF. Larger
// files are refused with a clear error rather than exhausting memory (a PDF
// is read whole into PDFium's 32-bit WebAssembly memory).
const (
	MaxTextBytes = 256 << 20
	MaxPDFBytes  = 1 << 30
)

// sniffBytes is how much of a file Detect sees.
const sniffBytes = 8 << 10

// Importer brings files into the library through the persistent queue. It
// implements app.Library.
type Importer struct {
	DB    *store.DB
	NewID func() string
	// PDF configures the PDF engine, started when the first PDF needs it.
	PDF pdf.Config
	// Passages builds a document's passages and PassagesVersion is its
	// version; nil and 0 mean BuildPassages and IndexVersion. A document
	// built by an older version is rebuilt from its stored blocks.
	Passages        func(docID, title string, p *app.Parsed) []app.Passage
	PassagesVersion int
	// RenderPages makes the importer render every imported PDF's page
	// images in the background, one document at a time. The window sets it;
	// the CLI renders on demand instead.
	RenderPages bool
	// Workers is how many files import at once; 0 means
	// DefaultImportWorkers (fewer on a single core).
	Workers int
	// Committed, when set, is called with each document once its import
	// has committed, with its parse (blocks carrying their stored IDs):
	// extraction of dates runs there. Its failure never fails the import.
	Committed func(ctx context.Context, doc *app.Document, p *app.Parsed)
	// Imported, when set, is called once an ImportFiles call has committed
	// its files, with the documents it newly imported: the review of
	// related older documents runs there, so imports from the window, the
	// command line, the API and watched folders are all reviewed. It runs
	// before ImportFiles returns; its failure never fails the import.
	Imported func(ctx context.Context, documentIDs []string)

	// OCR reads scanned PDF pages and image documents (Tesseract); its
	// zero value finds tesseract on PATH and reads English.
	OCR ocr.Engine

	dates  *dates.Service // what New derives at commit (Committed)
	abbrev abbrev.Service

	ocrSem       chan struct{} // OCRWorkers slots, across the importer
	ocrInstalled []string      // Tesseract's languages, listed once

	pdfOnce   sync.Once
	pdfEngine *pdf.Engine
	pdfErr    error

	mu        sync.Mutex
	passwords map[string]string // document ID → password, this process only, never stored
	renders   chan string       // document IDs whose pages to render
	stop      context.CancelFunc

	// PicturesInBackground reads the pictures of newly imported documents
	// on a goroutine of the importer's once their imports are announced
	// (NotifyImported), as the window and the servers want; otherwise they
	// are read by ReadWaitingPictures (Resume calls it).
	PicturesInBackground bool
	picturesMu           sync.Mutex // one ReadWaitingPictures pass at a time
	picturesRunning      bool
	picturesAgain        bool
	picturesCtx          context.Context
	picturesStop         context.CancelCauseFunc
	picturesDone         sync.WaitGroup
}

// Import copies each file (folders are walked; hidden entries skipped) into
// the library, parses it and commits it, a few files at once. A file
// that cannot be read, is empty, or is not a supported format gets a failed
// result and leaves the library as it was.
func (im *Importer) Import(ctx context.Context, paths []string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	return im.ImportFiles(ctx, paths, "", progress)
}

// ImportWithPassword imports one password-protected PDF.
func (im *Importer) ImportWithPassword(ctx context.Context, path, password string) app.ImportResult {
	results, err := im.ImportFiles(ctx, []string{path}, password, nil)
	if err != nil {
		return app.ImportResult{Path: path, Outcome: app.OutcomeFailed, Err: err}
	}
	return results[0]
}

// ImportFiles is Import with a password for encrypted PDFs among the files.
func (im *Importer) ImportFiles(ctx context.Context, paths []string, password string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	results, err := im.ImportUnannounced(ctx, paths, password, progress)
	if err == nil {
		im.NotifyImported(ctx, importedIDs(results))
	}
	return results, err
}

// ImportUnannounced is ImportFiles without handing the new documents to
// Imported: its caller calls NotifyImported once it has filed them. A
// watched folder files each new document in its folder after importing
// it, and the review Imported runs must see the document where it lies,
// or it proposes moving it to the folder it is about to be filed in.
func (im *Importer) ImportUnannounced(ctx context.Context, paths []string, password string, progress func(app.ImportProgress)) ([]app.ImportResult, error) {
	files, results := expand(paths)
	total := len(files) + len(results)
	report := func(p app.ImportProgress) {
		if progress != nil {
			p.Total = total
			progress(p)
		}
	}
	for i := range results {
		report(app.ImportProgress{Path: results[i].Path, Done: i + 1, Result: &results[i]})
	}
	// Files are parsed by up to im.workers() goroutines at once; each
	// commits its own document and waits for the store's one writer to do
	// so before taking the next file, so at most that many parsed
	// documents are held in memory, and a slow writer slows the parsers.
	// Progress calls are serialised; results keep the order of files.
	var (
		mu   sync.Mutex
		done = len(results)
		next = 0
		out  = make([]app.ImportResult, len(files))
		ran  = make([]bool, len(files))
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next >= len(files) || ctx.Err() != nil {
			return 0, false
		}
		next++
		report(app.ImportProgress{Path: files[next-1], Done: done})
		return next - 1, true
	}
	var wg sync.WaitGroup
	for range min(im.workers(), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i, ok := take()
				if !ok {
					return
				}
				pages := app.WithPageProgress(ctx, func(n, of int) {
					mu.Lock()
					report(app.ImportProgress{Path: files[i], Done: done, Pages: n, PageTotal: of})
					mu.Unlock()
				})
				pages = app.WithOCRProgress(pages, func(n, of int) {
					mu.Lock()
					report(app.ImportProgress{Path: files[i], Done: done, Pages: n, PageTotal: of, OCR: true})
					mu.Unlock()
				})
				r := im.importFile(pages, files[i], password)
				mu.Lock()
				out[i], ran[i] = r, true
				done++
				report(app.ImportProgress{Path: files[i], Done: done, Result: &r})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for i := range files {
		if ran[i] {
			results = append(results, out[i])
		}
	}
	if ctx.Err() != nil && len(results) < total {
		return results, app.Errorf(app.ECancelled, "Import cancelled.")
	}
	return results, nil
}

// importedIDs returns the documents results newly imported.
func importedIDs(results []app.ImportResult) []string {
	var ids []string
	for _, r := range results {
		if r.Outcome == app.OutcomeImported && r.DocumentID != "" {
			ids = append(ids, r.DocumentID)
		}
	}
	return ids
}

// NotifyImported hands newly imported documents to Imported, when it is
// set: what ImportFiles does after an import (ImportUnannounced leaves it
// to its caller).
func (im *Importer) NotifyImported(ctx context.Context, ids []string) {
	if len(ids) > 0 && im.Imported != nil && ctx.Err() == nil {
		im.Imported(ctx, ids)
	}
	if len(ids) > 0 {
		im.readPicturesInBackground()
	}
}

// DefaultImportWorkers is how many files import at once when
// Importer.Workers is 0: one per core, at most 2 — the machines this is
// for have few cores, and every parsed document waiting for the writer
// is held in memory.
const DefaultImportWorkers = 2

func (im *Importer) workers() int {
	if im.Workers > 0 {
		return im.Workers
	}
	return max(1, min(runtime.NumCPU(), DefaultImportWorkers))
}

// expand turns the given paths into the files to import, plus a failed
// result for each path or folder entry that cannot be read.
func expand(paths []string) (files []string, failed []app.ImportResult) {
	fail := func(path string, err error) {
		failed = append(failed, app.ImportResult{Path: path, Outcome: app.OutcomeFailed, Err: readError(err)})
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			fail(root, err)
			continue
		}
		if !info.IsDir() {
			if !info.Mode().IsRegular() {
				fail(root, errNotRegular)
				continue
			}
			files = append(files, root)
			continue
		}
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				fail(path, err)
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if path != root && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			switch {
			case d.Type().IsRegular():
				files = append(files, path)
			case d.Type()&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice|fs.ModeCharDevice|fs.ModeIrregular) != 0:
				fail(path, errNotRegular)
			case d.Type()&fs.ModeSymlink != 0:
				// A link to a file is imported; a broken one is reported.
				if info, err := os.Stat(path); err != nil {
					fail(path, err)
				} else if info.Mode().IsRegular() {
					files = append(files, path)
				} else if !info.IsDir() {
					fail(path, errNotRegular)
				}
			}
			return nil
		})
	}
	return files, failed
}

// errNotRegular refuses pipes, sockets and devices: reading one could block
// forever or never end.
var errNotRegular = app.Errorf(app.EInvalid, "not a regular file (a pipe, socket or device)")

// readError words a file-system error for the person who chose the file.
func readError(err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return app.Errorf(app.ENotFound, "file not found")
	case errors.Is(err, fs.ErrPermission):
		return app.Errorf(app.EInvalid, "cannot read the file: permission denied")
	}
	var e *app.Error
	if errors.As(err, &e) {
		return e
	}
	return app.Errorf(app.EInvalid, "cannot read the file: %v", errors.Unwrap(err))
}

// importFile imports one file: detect, copy the original, queue, parse,
// commit.
func (im *Importer) importFile(ctx context.Context, path, password string) app.ImportResult {
	r := app.ImportResult{Path: path, Outcome: app.OutcomeFailed}
	doc, err := im.admit(ctx, path)
	if err != nil {
		r.Err = err
		return r
	}
	jobID := im.NewID()
	dup, err := im.DB.EnqueueImport(ctx, doc, jobID, path)
	if err != nil {
		r.Err = im.DB.WriteError(err)
		return r
	}
	if dup != nil {
		r.DocumentID, r.Title, r.Outcome = dup.ID, dup.Title, app.OutcomeDuplicate
		return r
	}
	r.DocumentID, r.Title = doc.ID, doc.Title
	job := store.Job{ID: jobID, DocumentID: doc.ID, SourcePath: path}
	title, err := im.run(ctx, job, password)
	if err != nil {
		r.Err = err
		return r
	}
	r.Title, r.Outcome = title, app.OutcomeImported
	return r
}

// admit checks a file and copies it into the blob folder, returning the
// document to queue.
func (im *Importer) admit(ctx context.Context, path string) (*app.Document, error) {
	f, err := openFile(ctx, path)
	if err != nil {
		return nil, readError(err)
	}
	defer f.Close()
	// What was opened, not what the name was when the file was chosen:
	// the file may have been replaced since by a pipe or a device.
	info, err := f.Stat()
	if err != nil {
		return nil, readError(err)
	}
	if !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	if info.Size() == 0 {
		return nil, app.Errorf(app.EInvalid, "the file is empty")
	}
	head := make([]byte, sniffBytes)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, readError(err)
	}
	format, err := Detect(filepath.Base(path), head[:n])
	if err != nil {
		return nil, err
	}
	if !Supported(format) {
		return nil, app.Errorf(app.EUnsupported, "%s import is not supported yet", formatName(format))
	}
	limit := int64(MaxTextBytes)
	switch format {
	case app.FormatPDF:
		limit = MaxPDFBytes
	case app.FormatImage:
		limit = MaxImageBytes
	}
	if info.Size() > limit {
		return nil, app.Errorf(app.ETooLarge, "the file is %d MB; %s files over %d MB are not imported",
			info.Size()>>20, formatName(format), limit>>20)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, readError(err)
	}
	sum, size, err := im.DB.PutBlob(f)
	if err != nil {
		return nil, err
	}
	name := filepath.Base(path)
	return &app.Document{
		ID:        im.NewID(),
		Title:     strings.TrimSuffix(name, filepath.Ext(name)),
		Filename:  name,
		Format:    format,
		SHA256:    sum,
		SizeBytes: size,
	}, nil
}

// textFormat reports whether f is parsed in this process under the limits
// of package bounds; PDFs and images are read by engines with their own.
func textFormat(f app.Format) bool {
	switch f {
	case app.FormatText, app.FormatMarkdown, app.FormatHTML, app.FormatDOCX:
		return true
	}
	return false
}

// Supported reports whether this build can parse format.
func Supported(f app.Format) bool {
	switch f {
	case app.FormatText, app.FormatMarkdown, app.FormatPDF, app.FormatHTML, app.FormatDOCX, app.FormatImage:
		return true
	}
	return false
}

func formatName(f app.Format) string {
	switch f {
	case app.FormatPDF, app.FormatHTML, app.FormatDOCX:
		return strings.ToUpper(string(f))
	}
	return string(f)
}

// Run parses a queued document from its stored original and commits it, or
// records why it failed. It returns the document's title.
func (im *Importer) Run(ctx context.Context, job store.Job) (string, error) {
	return im.run(ctx, job, "")
}

func (im *Importer) run(ctx context.Context, job store.Job, password string) (string, error) {
	if err := im.DB.StartImport(ctx, job); err != nil {
		return "", im.DB.WriteError(err)
	}
	doc, err := im.DB.Document(ctx, job.DocumentID)
	if err != nil {
		return "", err
	}
	content, err := im.parse(ctx, doc, password)
	if err != nil && errors.Is(context.Cause(ctx), app.ErrQuitting) {
		// Quitting, not cancelling: the job stays pending and resumes at
		// the next start, like one a crash interrupted — but this start
		// is not counted against it.
		_ = im.DB.UnstartImport(context.WithoutCancel(ctx), job)
		return "", app.Errorf(app.ECancelled, "the import was interrupted; it resumes at the next start")
	}
	if err != nil {
		reason := app.ErrorMessage(err)
		if ctx.Err() != nil {
			reason = "the import was cancelled"
			err = app.Errorf(app.ECancelled, "the import was cancelled")
		}
		// Record the failure even when ctx is done: the queue must not
		// retry a file forever, and the user must see why.
		if ferr := im.DB.FailImport(context.WithoutCancel(ctx), job, reason); ferr != nil {
			return "", ferr
		}
		return "", err
	}
	if err := im.DB.CommitImport(ctx, job, content); err != nil {
		// Nothing of the document was written. Say why on the document, so
		// a full disk is not retried at every start and the person can
		// import the file again once there is room.
		err = im.DB.WriteError(err)
		reason := "the library could not save this document (internal error); import it again to retry"
		var ae *app.Error
		switch {
		case errors.Is(context.Cause(ctx), app.ErrQuitting):
			_ = im.DB.UnstartImport(context.WithoutCancel(ctx), job)
			return "", app.Errorf(app.ECancelled, "the import was interrupted; it resumes at the next start")
		case ctx.Err() != nil:
			reason, err = "the import was cancelled", app.Errorf(app.ECancelled, "the import was cancelled")
		case errors.As(err, &ae):
			reason = ae.Message
		}
		if ferr := im.DB.FailImport(context.WithoutCancel(ctx), job, reason); ferr != nil {
			return "", err
		}
		return "", err
	}
	if im.Committed != nil {
		im.Committed(ctx, doc, content.Parsed)
	}
	if doc.Format == app.FormatPDF {
		if password != "" {
			im.rememberPassword(doc.ID, password)
		}
		im.queueRender(doc.ID)
	}
	return content.Title, nil
}

// parse turns a stored original into the content to commit.
func (im *Importer) parse(ctx context.Context, doc *app.Document, password string) (*store.Content, error) {
	data, err := im.DB.ReadBlob(doc.SHA256)
	if err != nil {
		return nil, err
	}
	ctx, unread := withPictureWait(ctx)
	var parsed *app.Parsed
	if doc.Format == app.FormatImage {
		parsed, err = im.parseImage(ctx, data, doc.SHA256)
	} else {
		parsed, err = im.parseBytes(ctx, doc.Format, data, password)
	}
	if err == nil && textFormat(doc.Format) {
		err = bounds.Check(parsed)
	}
	if err != nil {
		return nil, fmt.Errorf("ingest: parse %s: %w", doc.Filename, err)
	}
	// A scanned PDF is kept, with a notice saying it needs OCR; any other
	// document without text is refused rather than silently empty.
	if len(parsed.Blocks) == 0 && parsed.Notice == "" {
		return nil, app.Errorf(app.EInvalid, "the file contains no text")
	}
	title := strings.TrimSpace(parsed.Title)
	if title == "" {
		title = doc.Title
	}
	AssignIDs(parsed, im.NewID)
	words := 0
	for _, b := range parsed.Blocks {
		words += app.BlockWords(b)
	}
	build, version := im.builder()
	passages := build(doc.ID, title, parsed)
	if textFormat(doc.Format) && len(passages) > bounds.MaxPassages {
		return nil, fmt.Errorf("ingest: parse %s: %w", doc.Filename, bounds.TooMany("passages", bounds.MaxPassages))
	}
	return &store.Content{
		Title:        title,
		Words:        words,
		Notice:       parsed.Notice,
		Profile:      BuildProfile(parsed),
		IndexVersion: version,
		Parsed:       parsed,
		Passages:     passages,
		Language:     lang.DetectLanguage(startText(parsed)),
		Created:      docmeta.Created(startText(parsed)),
		// Pictures are read by a second parse (ReadWaitingPictures).
		PicturesWaiting: unread.n.Load() > 0,
	}, nil
}

// MaxImportAttempts is how many times an import may start: a file whose
// import was interrupted that many times (the process killed, out of
// memory, crashed — not a quit) is marked failed rather than retried at
// every start, where it would stop every other import behind it.
const MaxImportAttempts = 2

// ErrStoppedTwice is the reason a person reads on such a file.
const ErrStoppedTwice = "the import stopped twice; the file may be too large or damaged"

// Resume finishes the imports a crash or quit interrupted, giving up on a
// file whose import has already started MaxImportAttempts times, then the
// pages and pictures waiting for OCR — the pictures in the background when
// PicturesInBackground is set.
func (im *Importer) Resume(ctx context.Context) error {
	jobs, err := im.DB.PendingJobs(ctx)
	if err != nil {
		return err
	}
	for _, job := range jobs {
		if job.Attempts >= MaxImportAttempts && !im.isReread(ctx, job) {
			if err := im.DB.FailImport(ctx, job, ErrStoppedTwice); err != nil {
				return err
			}
			continue
		}
		if im.isReread(ctx, job) {
			if err := im.reread(ctx, job); err != nil && ctx.Err() != nil {
				return err
			}
			continue
		}
		if _, err := im.Run(ctx, job); err != nil && ctx.Err() != nil {
			return err
		}
	}
	if _, err = im.ReadWaitingPages(ctx); err != nil {
		return err
	}
	if im.PicturesInBackground {
		// A library made before pictures were read waits for all its
		// PDFs' pictures: the window and the servers read them behind
		// the imports and the watched folders, not before them.
		im.readPicturesInBackground()
		return nil
	}
	_, err = im.ReadWaitingPictures(ctx)
	return err
}

// ResumeInBackground runs Resume on its own goroutine and returns at
// once, so that a server listens and new imports run while earlier ones
// finish. done, when set, is called once the resume ends, with its error
// (nil when it finished, or was stopped or ctx ended). stop ends the resume
// as quitting does — the job it was running stays pending and its start is
// not counted — and waits for it.
func (im *Importer) ResumeInBackground(ctx context.Context, done func(error)) (stop func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		err := im.Resume(ctx)
		if ctx.Err() != nil {
			err = nil
		}
		if done != nil {
			done(err)
		}
	}()
	return func() {
		cancel(app.ErrQuitting)
		<-ended
	}
}

// Documents lists the library's documents, newest first.
func (im *Importer) Documents(ctx context.Context) ([]app.Document, error) {
	return im.DB.Documents(ctx)
}

// CitedText returns the text of the blocks a citation names, with the
// quote located in it.
func (im *Importer) CitedText(ctx context.Context, c app.Citation) (*app.CitedText, error) {
	snap, err := im.DB.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	blocks, err := snap.BlocksByID(ctx, c.Blocks)
	if err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		return nil, app.Errorf(app.ENotFound, "The cited text is no longer in the library.")
	}
	texts := make([]string, len(blocks))
	for i, b := range blocks {
		texts[i] = b.Text
	}
	ct := &app.CitedText{Title: c.Title, Section: c.Section, Text: strings.Join(texts, app.PassageSeparator),
		LineStart: c.LineStart, LineEnd: c.LineEnd}
	if i := strings.Index(ct.Text, c.Quote); i >= 0 && c.Quote != "" {
		ct.QuoteStart, ct.QuoteEnd = i, i+len(c.Quote)
	} else if len(texts) == 2 {
		ct.QuoteStart, ct.QuoteEnd = acrossBlocks(texts[0], texts[1], c.Quote)
	}
	return ct, nil
}

// acrossBlocks places a quote of a sentence a page break cuts — its end of
// the first block and its start of the second, joined by a space — in the
// two blocks' text joined by app.PassageSeparator; 0, 0 when it is not
// such a quote.
func acrossBlocks(first, second, quote string) (int, int) {
	head := strings.TrimRight(first, " \n\t")
	lead := len(second) - len(strings.TrimLeft(second, " \n\t"))
	for k := strings.IndexByte(quote, ' '); k >= 0; {
		if strings.HasSuffix(head, quote[:k]) && strings.HasPrefix(second[lead:], quote[k+1:]) {
			tail := len(first) + len(app.PassageSeparator) + lead + len(quote) - k - 1
			return len(head) - k, tail
		}
		next := strings.IndexByte(quote[k+1:], ' ')
		if next < 0 {
			break
		}
		k += next + 1
	}
	return 0, 0
}
