package desktop

import (
	"context"
	"slices"
	"strings"
	"testing"

	"archivist/app"
)

// TestOCRSettings: the OCR section lists the installed languages with the
// stored ones checked, says when Tesseract is missing, and saves.
func TestOCRSettings(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	stored := struct {
		path  string
		langs []string
	}{"", []string{"deu", "eng"}}
	h.ui.setOCR(OCRSettings{
		Load: func(context.Context) (string, []string, error) { return stored.path, stored.langs, nil },
		Installed: func(_ context.Context, path string) ([]string, error) {
			if path == "/nowhere/tesseract" {
				return nil, app.Errorf(app.EUnsupported, "Tesseract OCR is not installed")
			}
			return []string{"deu", "eng", "fra"}, nil
		},
		Save: func(_ context.Context, path string, langs []string) error {
			stored.path, stored.langs = path, langs
			return nil
		},
	})
	v := openSettings(t, h)
	if v.ocr == nil {
		t.Fatal("no OCR section")
	}
	if !slices.Equal(v.ocr.langs.Options, []string{"deu", "eng", "fra"}) || !slices.Equal(v.ocr.langs.Selected, []string{"deu", "eng"}) {
		t.Fatalf("languages %v, checked %v", v.ocr.langs.Options, v.ocr.langs.Selected)
	}
	v.ocr.langs.SetSelected([]string{"fra", "eng"})
	v.save.OnTapped()
	if v.status.Text != "Saved." || !slices.Equal(stored.langs, []string{"fra", "eng"}) {
		t.Fatalf("status %q, stored %v", v.status.Text, stored.langs)
	}
	v.ocr.path.SetText("/nowhere/tesseract")
	v.ocr.path.OnSubmitted(v.ocr.path.Text)
	if len(v.ocr.langs.Options) != 0 || !strings.Contains(v.ocr.note.Text, "not installed") || !strings.Contains(v.ocr.note.Text, "wait for OCR") {
		t.Fatalf("with a missing tesseract: options %v, note %q", v.ocr.langs.Options, v.ocr.note.Text)
	}
	v.save.OnTapped()
	if stored.path != "/nowhere/tesseract" || !slices.Equal(stored.langs, []string{"fra", "eng"}) {
		t.Fatalf("saved %q %v: the chosen languages must survive a missing tesseract", stored.path, stored.langs)
	}
}
