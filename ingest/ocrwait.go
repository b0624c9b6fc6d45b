package ingest

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"archivist/app"
	"archivist/store"
)

// ReadWaitingPages parses again, from their stored originals, the documents
// whose pages waited for OCR because Tesseract was missing, once it is
// found. Each stays ready with what it had until its new parse commits;
// one that fails again is left as it was. It returns how many documents
// were read. Resume calls it after the interrupted imports.
func (im *Importer) ReadWaitingPages(ctx context.Context) (int, error) {
	if _, err := im.ocrEngine().Find(); err != nil {
		return 0, nil // still missing: the pages keep waiting
	}
	ids, err := im.DB.WaitingForOCR(ctx)
	if err != nil {
		return 0, err
	}
	return im.rereadAll(ctx, ids, nil)
}

// rereadAll requeues and rereads each document, returning how many
// committed; a document that fails again is left as it was, and failed,
// when set, hears of it with the error.
func (im *Importer) rereadAll(ctx context.Context, ids []string, failed func(id string, err error)) (int, error) {
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
			if failed != nil {
				failed(id, err)
			}
			continue
		}
		n++
	}
	return n, nil
}

// reread parses a ready document again, reading its pictures, and commits
// it over its old content. A failure marks the job, never the document.
func (im *Importer) reread(ctx context.Context, job store.Job) error {
	ctx = readingPictures(ctx)
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

// CiteOCR marks the citations whose quoted pages were read by OCR: "read
// by OCR, 91% confidence" (the lowest confidence of the cited pages), and
// those that quote the print inside a picture, read by OCR: "read by OCR
// from a picture". Research calls it on every answer.
func (im *Importer) CiteOCR(ctx context.Context, cs []app.Citation) {
	defer im.citeFigures(ctx, cs)
	byDoc := map[string][]store.OCRPage{}
	for i := range cs {
		c := &cs[i]
		if c.PageStart == 0 {
			continue
		}
		pages, ok := byDoc[c.DocumentID]
		if !ok {
			pages, _ = im.DB.OCRPages(ctx, c.DocumentID)
			byDoc[c.DocumentID] = pages
		}
		last := max(c.PageEnd, c.PageStart)
		conf, read := 1.0, false
		for _, p := range pages {
			if p.State == app.OCRRead && p.Number >= c.PageStart && p.Number <= last {
				conf, read = min(conf, p.Confidence), true
			}
		}
		if read {
			c.OCR = fmt.Sprintf("read by OCR, %.0f%% confidence", conf*100)
		}
	}
}

// FigureOCR is what a citation of a picture's print says of it.
const FigureOCR = "read by OCR from a picture"

// citeFigures marks the citations that quote print read inside a picture
// (app.BlockFigure), alone or with its caption.
func (im *Importer) citeFigures(ctx context.Context, cs []app.Citation) {
	var ids []string
	for _, c := range cs {
		if c.OCR == "" {
			ids = append(ids, c.Blocks...)
		}
	}
	if len(ids) == 0 {
		return
	}
	snap, err := im.DB.Snapshot(ctx)
	if err != nil {
		return
	}
	defer snap.Close()
	blocks, err := snap.BlocksByID(ctx, ids)
	if err != nil {
		return
	}
	figure := make(map[string]bool, len(blocks))
	for _, b := range blocks {
		figure[b.ID] = b.Kind == app.BlockFigure
	}
	for i := range cs {
		c := &cs[i]
		if c.OCR == "" && slices.ContainsFunc(c.Blocks, func(id string) bool { return figure[id] }) {
			c.OCR = FigureOCR
		}
	}
}
