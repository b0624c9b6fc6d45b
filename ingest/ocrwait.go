package ingest

import (
	"context"
	"errors"

	"archivist/app"
	"archivist/store"
)

// ReadWaitingPages parses again, from their stored originals, the documents
// whose pages waited for OCR because Tesseract was missing, once it is
// found. Each stays ready with what it had until its new parse commits;
// one that fails again is left as it was. It returns how many documents
// were read. Resume calls it after the interrupted imports.
func (im *Importer) ReadWaitingPages(ctx context.Context) (int, error) {
	if _, err := im.OCR.Find(); err != nil {
		return 0, nil // still missing: the pages keep waiting
	}
	ids, err := im.DB.WaitingForOCR(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		job, err := im.DB.RequeueImport(ctx, id, im.NewID())
		if err != nil {
			return n, err
		}
		if err := im.reread(ctx, job); err != nil {
			if ctx.Err() != nil {
				return n, err
			}
			continue
		}
		n++
	}
	return n, nil
}

// reread parses a ready document again and commits it over its old
// content. A failure marks the job, never the document.
func (im *Importer) reread(ctx context.Context, job store.Job) error {
	doc, err := im.DB.Document(ctx, job.DocumentID)
	if err != nil {
		return err
	}
	content, err := im.parse(ctx, doc, im.password(doc.ID))
	if err == nil {
		err = im.DB.CommitImport(ctx, job, content)
	}
	if err != nil {
		if errors.Is(context.Cause(ctx), app.ErrQuitting) {
			return err // the job stays queued and runs at the next start
		}
		_ = im.DB.EndJob(context.WithoutCancel(ctx), job, "failed", app.ErrorMessage(err))
		return err
	}
	if doc.Format == app.FormatPDF {
		im.queueRender(doc.ID)
	}
	return nil
}

// isReread reports whether a pending job re-reads a document that is
// already ready (queued by ReadWaitingPages), rather than importing one.
func (im *Importer) isReread(ctx context.Context, job store.Job) bool {
	doc, err := im.DB.Document(ctx, job.DocumentID)
	return err == nil && doc.Status == app.StatusReady
}
