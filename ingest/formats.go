package ingest

import (
	"context"

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
func (im *Importer) engine(ctx context.Context) (*pdf.Engine, error) {
	im.pdfOnce.Do(func() {
		im.pdfEngine, im.pdfErr = pdf.NewEngine(context.WithoutCancel(ctx), im.PDF)
	})
	return im.pdfEngine, im.pdfErr
}

// Close stops background rendering and the PDF engine.
func (im *Importer) Close() {
	im.mu.Lock()
	if im.stop != nil {
		im.stop()
	}
	im.mu.Unlock()
	if im.pdfEngine != nil {
		im.pdfEngine.Close()
	}
}
