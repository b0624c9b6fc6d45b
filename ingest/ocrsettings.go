package ingest

import (
	"context"
	"os"
	"slices"
	"strings"

	"archivist/app"
)

// OCR settings live in the library's settings, so the window and the
// command line read scans alike.
const (
	settingTesseract = "ocr.tesseract" // path of the tesseract executable; "" finds it on PATH
	settingLanguages = "ocr.languages" // Tesseract codes joined by "+", e.g. "deu+eng"
)

// OCRSettings is how scans are read: the Tesseract executable ("" for the
// one on PATH) and the languages, as Tesseract codes.
type OCRSettings struct {
	Tesseract string
	Languages []string
}

// LoadOCRSettings configures the importer's OCR from the library's
// settings; languages never chosen default to the system's language and
// English (DefaultOCRLanguages).
func (im *Importer) LoadOCRSettings(ctx context.Context) error {
	s, err := im.OCRSettings(ctx)
	if err != nil {
		return err
	}
	im.mu.Lock()
	im.OCR.Path, im.OCR.Languages = s.Tesseract, s.Languages
	im.mu.Unlock()
	return nil
}

// OCRSettings returns the stored OCR settings, with the default languages
// when none were chosen.
func (im *Importer) OCRSettings(ctx context.Context) (OCRSettings, error) {
	path, err := im.DB.Setting(ctx, settingTesseract)
	if err != nil {
		return OCRSettings{}, err
	}
	langs, err := im.DB.Setting(ctx, settingLanguages)
	if err != nil {
		return OCRSettings{}, err
	}
	s := OCRSettings{Tesseract: path, Languages: DefaultOCRLanguages()}
	if langs != "" {
		s.Languages = strings.Split(langs, "+")
	}
	return s, nil
}

// SaveOCRSettings stores s and uses it for the next pages read. Pages that
// waited for a missing Tesseract are read at the next start.
func (im *Importer) SaveOCRSettings(ctx context.Context, s OCRSettings) error {
	for _, l := range s.Languages {
		if l == "" || strings.ContainsAny(l, "+ /\\") {
			return app.Errorf(app.EInvalid, "%q is not a Tesseract language code", l)
		}
	}
	if err := im.DB.SetSetting(ctx, settingTesseract, strings.TrimSpace(s.Tesseract)); err != nil {
		return err
	}
	if err := im.DB.SetSetting(ctx, settingLanguages, strings.Join(s.Languages, "+")); err != nil {
		return err
	}
	im.mu.Lock()
	im.OCR.Path, im.OCR.Languages = strings.TrimSpace(s.Tesseract), slices.Clone(s.Languages)
	im.ocrInstalled = nil
	im.mu.Unlock()
	return nil
}

// InstalledOCRLanguages lists the languages the configured Tesseract reads,
// or the error saying it is missing.
func (im *Importer) InstalledOCRLanguages(ctx context.Context) ([]string, error) {
	return im.ocrEngine().Installed(ctx)
}

// DefaultOCRLanguages is the system's language (from LC_ALL, LC_MESSAGES
// or LANG) and English, as Tesseract codes.
func DefaultOCRLanguages() []string {
	locale := ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			locale = v
			break
		}
	}
	return localeLanguages(locale)
}

// localeLanguages maps a POSIX locale ("de_DE.UTF-8") to Tesseract codes:
// its language, then English.
func localeLanguages(locale string) []string {
	lang := strings.ToLower(locale)
	if i := strings.IndexAny(lang, "_.@-"); i >= 0 {
		lang = lang[:i]
	}
	code, ok := tesseractCodes[lang]
	if !ok || code == "eng" {
		return []string{"eng"}
	}
	return []string{code, "eng"}
}

// tesseractCodes maps ISO 639-1 codes to Tesseract's (ISO 639-2/T with
// its own names for scripts), for the languages Debian packages.
var tesseractCodes = map[string]string{
	"af": "afr", "ar": "ara", "bg": "bul", "bn": "ben", "ca": "cat", "cs": "ces", "cy": "cym",
	"da": "dan", "de": "deu", "el": "ell", "en": "eng", "es": "spa", "et": "est", "eu": "eus",
	"fa": "fas", "fi": "fin", "fr": "fra", "ga": "gle", "gl": "glg", "he": "heb", "hi": "hin",
	"hr": "hrv", "hu": "hun", "id": "ind", "is": "isl", "it": "ita", "ja": "jpn", "ko": "kor",
	"lt": "lit", "lv": "lav", "mt": "mlt", "nb": "nor", "nl": "nld", "nn": "nor", "no": "nor",
	"pl": "pol", "pt": "por", "ro": "ron", "ru": "rus", "sk": "slk", "sl": "slv", "sq": "sqi",
	"sr": "srp", "sv": "swe", "ta": "tam", "th": "tha", "tr": "tur", "uk": "ukr", "vi": "vie",
	"zh": "chi_sim",
}
