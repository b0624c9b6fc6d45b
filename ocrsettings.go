package main

import (
	"context"

	"archivist/ingest"
	"archivist/ingest/ocr"
	"archivist/ui"
)

// ocrSettings connects the settings window's OCR section to the importer.
func ocrSettings(im *ingest.Importer) ui.OCRSettings {
	return ui.OCRSettings{
		Load: func(ctx context.Context) (string, []string, error) {
			s, err := im.OCRSettings(ctx)
			return s.Tesseract, s.Languages, err
		},
		Installed: func(ctx context.Context, path string) ([]string, error) {
			return (&ocr.Engine{Path: path}).Installed(ctx)
		},
		Save: func(ctx context.Context, path string, langs []string) error {
			return im.SaveOCRSettings(ctx, ingest.OCRSettings{Tesseract: path, Languages: langs})
		},
	}
}
