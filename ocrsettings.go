package main

import (
	"context"
	"os"
	"strconv"

	"archivist/ingest"
	"archivist/ingest/ocr"
	"archivist/ui/desktop"
)

// ocrSettings connects the settings window's OCR section to the importer.
func ocrSettings(im *ingest.Importer) desktop.OCRSettings {
	return desktop.OCRSettings{
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

// scanDPI is the resolution scanned PDF pages are rendered at for OCR:
// ARCHIVIST_OCR_DPI (72–600) when set, else the engine's default (300).
func scanDPI() int {
	n, err := strconv.Atoi(os.Getenv("ARCHIVIST_OCR_DPI"))
	if err != nil || n < 72 || n > 600 {
		return 0
	}
	return n
}
