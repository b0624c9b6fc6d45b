package ingest

import (
	"context"
	"image"
	"image/png"
	"os"

	"archivist/app"
)

func (im *Importer) rememberPassword(docID, password string) {
	im.mu.Lock()
	defer im.mu.Unlock()
	if im.passwords == nil {
		im.passwords = map[string]string{}
	}
	im.passwords[docID] = password
}

func (im *Importer) password(docID string) string {
	im.mu.Lock()
	defer im.mu.Unlock()
	return im.passwords[docID]
}

// PageImage returns the cached PNG of one page of a PDF, rendering it now
// when it is missing.
func (im *Importer) PageImage(ctx context.Context, docID string, page int) (string, error) {
	doc, err := im.DB.Document(ctx, docID)
	if err != nil {
		return "", err
	}
	if doc.Format == app.FormatImage && page >= 1 && page <= doc.Pages {
		return im.imagePageImage(doc, page)
	}
	if doc.Format != app.FormatPDF {
		return "", app.Errorf(app.EUnsupported, "%s documents have no page images", formatName(doc.Format))
	}
	if page < 1 || page > doc.Pages {
		return "", app.Errorf(app.ENotFound, "%s has no page %d", doc.Title, page)
	}
	path := im.DB.PageImagePath(doc.SHA256, page, app.PageImageDPI)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	return path, im.renderPages(ctx, doc, []int{page})
}

// renderPages renders the given pages of doc into the page-image cache in
// one PDFium instance.
func (im *Importer) renderPages(ctx context.Context, doc *app.Document, pages []int) error {
	eng, err := im.engine(ctx)
	if err != nil {
		return err
	}
	data, err := im.DB.ReadBlob(doc.SHA256)
	if err != nil {
		return err
	}
	err = eng.RenderPages(ctx, data, im.password(doc.ID), pages, app.PageImageDPI, func(page int, img image.Image) error {
		return im.DB.WritePageImage(im.DB.PageImagePath(doc.SHA256, page, app.PageImageDPI), func(f *os.File) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(f, img)
		})
	})
	if app.ErrorCode(err) == app.EPassword {
		return app.Errorf(app.EPassword, "the page images of a password-protected PDF are made while it is imported; import it again with its password to see this page")
	}
	return err
}

// queueRender schedules the rendering of a PDF's missing page images, when
// the importer renders in the background. The queue is bounded; a document
// that does not fit is rendered on demand instead.
func (im *Importer) queueRender(docID string) {
	if !im.RenderPages {
		return
	}
	im.mu.Lock()
	if im.renders == nil {
		ctx, cancel := context.WithCancel(context.Background())
		im.renders, im.stop = make(chan string, 1024), cancel
		go im.renderLoop(ctx)
	}
	ch := im.renders
	im.mu.Unlock()
	select {
	case ch <- docID:
	default:
	}
}

// renderLoop renders queued documents' missing page images, one document
// at a time so imports keep a core.
func (im *Importer) renderLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case id := <-im.renders:
			doc, err := im.DB.Document(ctx, id)
			if err != nil || doc.Status != app.StatusReady {
				continue
			}
			var missing []int
			for p := 1; p <= doc.Pages; p++ {
				if _, err := os.Stat(im.DB.PageImagePath(doc.SHA256, p, app.PageImageDPI)); err != nil {
					missing = append(missing, p)
				}
			}
			if len(missing) > 0 {
				// A failure leaves the pages to be rendered on demand.
				_ = im.renderPages(ctx, doc, missing)
			}
		}
	}
}
