package ingest

import (
	"context"
	"math"
	"runtime/debug"

	"archivist/app"
	"archivist/ingest/docx"
	"archivist/ingest/html"
	"archivist/ingest/markdown"
	"archivist/ingest/pdf"
	"archivist/ingest/text"
)

// parseBytes parses an original of the given format with its parser.
func (im *Importer) parseBytes(ctx context.Context, format app.Format, data []byte, password string) (*app.Parsed, error) {
	switch format {
	case app.FormatPDF:
		eng, err := im.engine(ctx)
		if err != nil {
			return nil, err
		}
		return eng.Parse(ctx, data, password)
	case app.FormatHTML:
		return html.Parse(ctx, html.Decode(data))
	case app.FormatDOCX:
		return docx.Parse(ctx, data)
	case app.FormatMarkdown, app.FormatText:
		src, err := DecodeText(data)
		if err != nil {
			return nil, err
		}
		if format == app.FormatMarkdown {
			return markdown.Parse(ctx, []byte(src))
		}
		return text.Parse(ctx, []byte(src))
	}
	return nil, app.Errorf(app.EUnsupported, "%s import is not supported yet", formatName(format))
}

// engine starts the PDF engine on first use: compiling PDFium costs 0.1–6 s
// and 100+ MB, which a library of Markdown never needs to pay.
// PDFMemoryLimit is the soft limit on this process's Go memory set when the
// first PDF is read, unless GOMEMLIMIT sets one. Reading a long PDF grows
// the heap in one burst (every page's words and blocks, ~75 KB a page at
// the peak), and the collector's default pacing lets the heap reach twice
// its live size before it runs: 270–350 MB of app on a 2,000-page PDF.
// Near the limit the collector runs sooner; it is soft — a document whose
// live heap is larger still imports, with more collector work.
const PDFMemoryLimit = 160 << 20

func (im *Importer) engine(ctx context.Context) (*pdf.Engine, error) {
	im.pdfOnce.Do(func() {
		if debug.SetMemoryLimit(-1) == math.MaxInt64 { // GOMEMLIMIT not set
			debug.SetMemoryLimit(PDFMemoryLimit)
		}
		cfg := im.PDF
		if cfg.Scans == nil {
			cfg.Scans = im.scanReader
		}
		if cfg.Figures == nil {
			cfg.Figures = im.figureReader
		}
		im.pdfEngine, im.pdfErr = pdf.NewEngine(context.WithoutCancel(ctx), cfg)
	})
	return im.pdfEngine, im.pdfErr
}

// Close stops background rendering and the PDF engine.
func (im *Importer) Close() {
	im.mu.Lock()
	if im.stop != nil {
		im.stop()
	}
	if im.picturesStop != nil {
		im.picturesStop(app.ErrQuitting)
	}
	im.mu.Unlock()
	im.picturesDone.Wait() // the pass stops at its next step; its job stays queued
	if im.pdfEngine != nil {
		im.pdfEngine.Close()
	}
}
