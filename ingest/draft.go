package ingest

import (
	"context"

	"archivist/app"
)

// ParseDraft reads a file the person is writing — DOCX, Markdown, text,
// HTML or PDF — with the parser an import would use, without importing it:
// a draft to check against the library is not a document of the library.
// An image has no text to check and is refused.
func (im *Importer) ParseDraft(ctx context.Context, name string, data []byte) (*app.Parsed, error) {
	format, err := Detect(name, data[:min(len(data), 8<<10)])
	if err != nil {
		return nil, err
	}
	if format == app.FormatImage {
		return nil, app.Errorf(app.EUnsupported, "%s is a picture: a draft to check must be DOCX, Markdown, text, HTML or PDF", name)
	}
	return im.parseBytes(ctx, format, data, "")
}
