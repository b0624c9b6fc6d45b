package ingest

import (
	"context"
	"slices"
	"testing"

	"github.com/google/uuid"

	"archivist/store"
)

func TestLocaleLanguages(t *testing.T) {
	for locale, want := range map[string][]string{
		"de_DE.UTF-8": {"deu", "eng"},
		"fr_CA":       {"fra", "eng"},
		"en_GB.UTF-8": {"eng"},
		"C":           {"eng"},
		"":            {"eng"},
		"zh_CN.UTF-8": {"chi_sim", "eng"},
	} {
		if got := localeLanguages(locale); !slices.Equal(got, want) {
			t.Errorf("%q: %v, want %v", locale, got, want)
		}
	}
}

func TestOCRSettingsStored(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "nl_NL.UTF-8")
	im := &Importer{DB: db, NewID: uuid.NewString}
	s, err := im.OCRSettings(ctx)
	if err != nil || s.Tesseract != "" || !slices.Equal(s.Languages, []string{"nld", "eng"}) {
		t.Fatalf("defaults %+v %v", s, err)
	}
	if err := im.SaveOCRSettings(ctx, OCRSettings{Tesseract: "/opt/tess/bin/tesseract", Languages: []string{"deu", "eng"}}); err != nil {
		t.Fatal(err)
	}
	if err := im.SaveOCRSettings(ctx, OCRSettings{Languages: []string{"deu+eng"}}); err == nil {
		t.Error("a code with + was saved")
	}
	other := &Importer{DB: db, NewID: uuid.NewString}
	if err := other.LoadOCRSettings(ctx); err != nil {
		t.Fatal(err)
	}
	if other.OCR.Path != "/opt/tess/bin/tesseract" || !slices.Equal(other.OCR.Languages, []string{"deu", "eng"}) {
		t.Fatalf("loaded %+v", other.OCR)
	}
}
