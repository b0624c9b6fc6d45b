package desktop

import (
	"context"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// OCRSettings connects the settings window's OCR section to the library:
// Load returns the Tesseract path ("" for the one on PATH) and the
// languages; Installed lists the languages the given Tesseract reads;
// Save stores both.
type OCRSettings struct {
	Load      func(ctx context.Context) (tesseract string, langs []string, err error)
	Installed func(ctx context.Context, tesseract string) ([]string, error)
	Save      func(ctx context.Context, tesseract string, langs []string) error
}

// setOCR connects the OCR settings; without it the section is not shown.
// Call it before the settings window opens.
func (u *UI) setOCR(o OCRSettings) { u.ocr = o }

func (u *UI) ocrSettings() (OCRSettings, bool) {
	o := u.ocr
	return o, o.Load != nil && o.Save != nil && o.Installed != nil
}

// ocrForm is the OCR section: the Tesseract executable and the languages
// it reads, one check each, from those installed.
type ocrForm struct {
	hooks  OCRSettings
	path   *widget.Entry
	langs  *widget.CheckGroup
	note   *widget.Label
	chosen []string // languages chosen, installed or not
}

func newOCRForm(u *UI) *ocrForm {
	hooks, ok := u.ocrSettings()
	if !ok {
		return nil
	}
	f := &ocrForm{hooks: hooks, path: widget.NewEntry(), note: widget.NewLabel("")}
	f.path.SetPlaceHolder("tesseract (found on PATH)")
	f.langs = widget.NewCheckGroup(nil, nil)
	f.langs.Horizontal = true
	f.note.Wrapping = fyne.TextWrapWord
	f.note.SizeName = theme.SizeNameCaptionText
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	path, langs, err := hooks.Load(ctx)
	if err != nil {
		f.note.SetText(app.ErrorMessage(err))
	}
	f.path.SetText(path)
	f.chosen = langs
	f.refresh()
	f.path.OnSubmitted = func(string) { f.chosen = f.langs.Selected; f.refresh() }
	return f
}

// refresh lists the languages the Tesseract in the path field reads.
func (f *ocrForm) refresh() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	installed, err := f.hooks.Installed(ctx, strings.TrimSpace(f.path.Text))
	if err != nil {
		f.langs.Options = nil
		f.langs.Refresh()
		f.note.SetText(app.ErrorMessage(err) + ". Scanned pages and images wait for OCR until it is.")
		return
	}
	f.langs.Options = installed
	var sel []string
	for _, l := range f.chosen {
		if slices.Contains(installed, l) {
			sel = append(sel, l)
		}
	}
	f.langs.SetSelected(sel)
	f.note.SetText("Scanned pages and images are read in the checked languages (the installed Tesseract languages are listed).")
}

func (f *ocrForm) box() fyne.CanvasObject {
	return container.NewVBox(
		widget.NewForm(widget.NewFormItem("Tesseract", f.path), widget.NewFormItem("Languages", f.langs)),
		f.note)
}

// save stores the section; languages chosen but not installed are kept,
// so a path typed later finds them.
func (f *ocrForm) save() error {
	langs := f.langs.Selected
	if len(f.langs.Options) == 0 {
		langs = f.chosen
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.hooks.Save(ctx, strings.TrimSpace(f.path.Text), langs); err != nil {
		return err
	}
	f.chosen = langs
	f.refresh()
	return nil
}
