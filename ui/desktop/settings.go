package desktop

import (
	"context"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// connectionTestTimeout bounds "Test connection".
const connectionTestTimeout = 30 * time.Second

// Placeholders of a key entry: a saved key is never shown back, only that
// it exists; typing replaces it.
const (
	keySavedHint = "key saved — type to replace"
	noKeyHint    = "no key (leave empty if the endpoint needs none)"
)

var (
	decisionKinds = []string{app.ProviderLocal, app.ProviderSystemOne, app.ProviderOpenAI}
	answerKinds   = []string{app.ProviderExtractive, app.ProviderOpenAI}
	themeLabels   = []string{"System", "Light", "Dark"}
	themeValues   = []string{app.ThemeSystem, app.ThemeLight, app.ThemeDark}
	// The Pictures choices of a provider that can be shown images, and the
	// app.ProviderSettings.Images values they stand for.
	imagesLabels = []string{"Ask the endpoint", "Send pictures", "Text only"}
	imagesValues = []string{app.ImagesDetect, app.ImagesYes, app.ImagesNo}
)

// picturesHint sits under the Pictures choice.
const picturesHint = "Figures are cut from their pages and sent with the text; Confidential and Restricted pages only with the conversation's consent."

// providerForm edits one provider: kind, URL, model, key and, for one that
// can be sent images, Pictures, with a test button.
type providerForm struct {
	kinds    []string // the providers' short names, in the selector's order
	role     Role
	kind     *widget.Select
	url      *widget.Entry
	model    *widget.Entry
	key      *widget.Entry // empty unless the person typed a new key
	hasKey   bool
	forget   *widget.Button
	test     *widget.Button
	result   *widget.Label
	testing  context.CancelFunc
	httpOnly []fyne.Disableable
	models   *widget.Select // the models the endpoint listed; hidden when none
	images   *widget.Select // Pictures: shown only for a provider that can take images
	form     *widget.Form   // built by box; holds the Pictures row only while images shows
	rows     int            // the form's rows without Pictures
	pictures *widget.FormItem
}

// settingsView is the settings window's content.
type settingsView struct {
	ui       *UI
	win      fyne.Window
	decision *providerForm
	answer   *providerForm
	ocr      *ocrForm       // nil when OCR settings are not connected
	watch    *watchSettings // nil when no watcher is connected
	egress   *widget.Check
	preset   *widget.Select
	library  *widget.Entry
	theme    *widget.RadioGroup
	save     *widget.Button
	status   *widget.Label
	content  fyne.CanvasObject
}

// ShowSettings opens the settings window (or brings it to the front).
func (u *UI) ShowSettings() {
	if u.settingsWin != nil {
		u.settingsWin.RequestFocus()
		return
	}
	w := u.fapp.NewWindow("Archivist settings")
	v := newSettingsView(u, w)
	w.SetContent(v.content)
	w.Resize(u.fit(fyne.NewSize(640, 780)))
	w.SetOnClosed(func() {
		v.cancelTests()
		u.settingsWin, u.settingsView = nil, nil
	})
	u.settingsWin, u.settingsView = w, v
	w.Show()
}

func newSettingsView(u *UI, w fyne.Window) *settingsView {
	st := u.settings.load()
	v := &settingsView{ui: u, win: w}
	v.decision = v.newProviderForm(RoleDecision, decisionKinds, st.Decision)
	v.answer = v.newProviderForm(RoleAnswer, answerKinds, st.Answer)

	v.egress = widget.NewCheck("Document text may be sent to endpoints that are not on this computer", nil)
	v.egress.SetChecked(u.providers.acknowledged(st))
	// A new endpoint asks again: the tick stays only while the library
	// holds the acknowledgement of every endpoint shown.
	for _, f := range []*providerForm{v.decision, v.answer} {
		f.url.OnChanged = func(string) { v.egress.SetChecked(u.providers.acknowledged(v.current())) }
		f.kind.OnChanged = func(string) { f.syncEnabled(); v.egress.SetChecked(u.providers.acknowledged(v.current())) }
	}
	labels := make([]string, len(presetNames))
	for i, p := range presetNames {
		labels[i] = p.label
	}
	v.preset = widget.NewSelect(labels, nil)
	v.preset.SetSelected(presetLabel(st.Preset))
	v.library = widget.NewEntry()
	v.library.SetPlaceHolder("the default folder for this system")
	v.library.SetText(st.LibraryDir)
	browse := widget.NewButtonWithIcon("", theme.FolderOpenIcon(), func() {
		dialog.ShowFolderOpen(func(dir fyne.ListableURI, err error) {
			if err == nil && dir != nil {
				v.library.SetText(dir.Path())
			}
		}, w)
	})
	v.theme = widget.NewRadioGroup(themeLabels, nil)
	v.theme.Horizontal = true
	for i, t := range themeValues {
		if t == st.Theme {
			v.theme.SetSelected(themeLabels[i])
		}
	}
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.status.Hide()
	v.save = widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), v.apply)
	v.save.Importance = widget.HighImportance
	cancel := widget.NewButton("Close", w.Close)

	libNote := widget.NewLabel("A new library location is used from the next start.")
	libNote.SizeName = theme.SizeNameCaptionText
	form := container.NewVBox(
		heading("Answers"),
		v.answer.box("Offline, answers are the sentences of your documents that answer best, quoted. A language model writes an answer from them instead; the quotes still cite your documents."),
		widget.NewSeparator(),
		// How sources are chosen is for people tuning the program: out of
		// the way until asked for.
		widget.NewAccordion(widget.NewAccordionItem("Advanced: how sources are chosen",
			v.decision.box("Built in, nothing leaves this computer; a server is asked over HTTP."))),
		widget.NewSeparator(),
		heading("Privacy"),
		v.egress,
		widget.NewSeparator(),
		heading("Local API"),
		v.localAPIBox(),
		widget.NewSeparator(),
		heading("Research"),
		widget.NewForm(widget.NewFormItem("Preset", v.preset),
			widget.NewFormItem("Library", container.NewBorder(nil, nil, nil, browse, v.library)),
			widget.NewFormItem("", libNote),
			widget.NewFormItem("Theme", v.theme)),
	)
	if v.watch = newWatchSettings(u, w); v.watch != nil {
		form.Add(widget.NewSeparator())
		form.Add(heading("Watched folders"))
		form.Add(v.watch.content)
	}
	if v.ocr = newOCRForm(u); v.ocr != nil {
		form.Add(widget.NewSeparator())
		form.Add(heading("OCR (scans and images)"))
		form.Add(v.ocr.box())
	}
	if c := autoSuggestCheck(u); c != nil {
		form.Add(widget.NewSeparator())
		form.Add(heading("Metadata suggestions"))
		form.Add(c)
	}
	buttons := container.NewBorder(nil, nil, nil, container.NewHBox(cancel, v.save), v.status)
	v.content = container.NewBorder(nil, container.NewPadded(buttons), nil, nil, container.NewVScroll(container.NewPadded(form)))
	return v
}

func heading(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func presetLabel(p app.Preset) string {
	for _, n := range presetNames {
		if n.preset == p {
			return n.label
		}
	}
	return "Balanced"
}

func (v *settingsView) newProviderForm(r Role, kinds []string, p app.ProviderSettings) *providerForm {
	f := &providerForm{role: r, hasKey: p.HasKey}
	f.url = widget.NewEntry()
	f.url.SetPlaceHolder("http://localhost:11434/v1, or ollama, llamacpp")
	f.url.SetText(p.URL)
	f.model = widget.NewEntry()
	f.model.SetPlaceHolder("model name")
	f.model.SetText(p.Model)
	f.key = widget.NewPasswordEntry()
	f.forget = widget.NewButton("Remove key", func() {
		f.hasKey = false
		f.key.SetText("")
		f.showKeyState()
	})
	f.result = widget.NewLabel("")
	f.result.Wrapping = fyne.TextWrapWord
	f.result.Hide()
	f.test = widget.NewButtonWithIcon("Test connection", theme.MediaPlayIcon(), func() { v.testConnection(f) })
	f.models = newModelPicker(f.model)
	f.httpOnly = []fyne.Disableable{f.url, f.model, f.key, f.test}
	f.images = widget.NewSelect(imagesLabels, nil)
	// A select is as wide as its placeholder: the longest choice, so none
	// is cut short. One is always selected, so the placeholder never shows.
	for _, l := range imagesLabels {
		if len(l) > len(f.images.PlaceHolder) {
			f.images.PlaceHolder = l
		}
	}
	f.setImages(p.Images)
	labels := make([]string, len(kinds))
	for i, k := range kinds {
		labels[i] = kindLabel(k)
	}
	f.kinds = kinds
	f.kind = widget.NewSelect(labels, func(string) { f.syncEnabled() })
	kind := p.Kind
	if kind == "" {
		kind = kinds[0]
	}
	f.setKind(kind)
	f.showKeyState()
	f.syncEnabled()
	return f
}

// kindLabels name the providers in the words of the people choosing them;
// the settings file keeps the short names.
var kindLabels = map[string]string{
	app.ProviderExtractive: "Offline — quotes your documents",
	app.ProviderOpenAI:     "A language model (Ollama, llama.cpp or any OpenAI-compatible server)",
	app.ProviderLocal:      "Offline — built in",
	app.ProviderSystemOne:  "A System One server",
}

func kindLabel(kind string) string { return nonEmpty(kindLabels[kind], kind) }

// kindValue is the provider the selector shows, by its short name.
func (f *providerForm) kindValue() string {
	for _, k := range f.kinds {
		if kindLabel(k) == f.kind.Selected {
			return k
		}
	}
	return f.kind.Selected
}

// setKind shows the provider named kind.
func (f *providerForm) setKind(kind string) { f.kind.SetSelected(kindLabel(kind)) }

func (f *providerForm) box(help string) fyne.CanvasObject {
	h := widget.NewLabel(help)
	h.Wrapping = fyne.TextWrapWord
	h.SizeName = theme.SizeNameCaptionText
	f.form = widget.NewForm(
		widget.NewFormItem("Provider", f.kind),
		widget.NewFormItem("URL", f.url),
		widget.NewFormItem("Model", container.NewBorder(nil, nil, nil, f.models, f.model)),
		widget.NewFormItem("API key", container.NewBorder(nil, nil, nil, f.forget, f.key)),
	)
	f.rows = len(f.form.Items)
	// The choice keeps its own width, the hint under it in the caption
	// size of the window's other notes.
	hint := widget.NewLabel(picturesHint)
	hint.Wrapping = fyne.TextWrapWord
	hint.SizeName = theme.SizeNameCaptionText
	f.pictures = widget.NewFormItem("Pictures", container.NewVBox(container.NewBorder(nil, nil, f.images, nil), hint))
	f.syncPictures()
	return container.NewVBox(h, f.form, container.NewBorder(nil, nil, f.test, nil, f.result))
}

// takesImages reports whether the provider shown can be sent pictures: an
// OpenAI-compatible endpoint; the offline providers and System One take
// text alone.
func (f *providerForm) takesImages() bool { return f.kindValue() == app.ProviderOpenAI }

// imagesValue is the Pictures choice as app.ProviderSettings.Images.
func (f *providerForm) imagesValue() string {
	for i, l := range imagesLabels {
		if l == f.images.Selected {
			return imagesValues[i]
		}
	}
	return app.ImagesDetect
}

// setImages shows the Pictures choice of an Images setting.
func (f *providerForm) setImages(images string) {
	images = app.ImagesSetting(images)
	for i, v := range imagesValues {
		if v == images {
			f.images.SetSelected(imagesLabels[i])
		}
	}
}

// syncPictures shows the Pictures row, with its hint, only for a provider
// that can take images; for the others the row goes, label and all, so
// the form does not grow for a choice that means nothing there.
func (f *providerForm) syncPictures() {
	show := f.takesImages()
	if show {
		f.images.Enable()
		f.images.Show()
	} else {
		f.images.Disable()
		f.images.Hide()
	}
	if f.form == nil {
		return // box has not built the form yet
	}
	if shown := len(f.form.Items) > f.rows; shown == show {
		return
	}
	if show {
		f.form.Items = append(f.form.Items[:f.rows:f.rows], f.pictures)
	} else {
		f.form.Items = f.form.Items[:f.rows]
	}
	f.form.Refresh()
}

func (f *providerForm) showKeyState() {
	if f.hasKey {
		f.key.SetPlaceHolder(keySavedHint)
		f.forget.Show()
	} else {
		f.key.SetPlaceHolder(noKeyHint)
		f.forget.Hide()
	}
}

// syncEnabled enables the HTTP fields only for an HTTP provider, and shows
// Pictures only for one that can take images.
func (f *providerForm) syncEnabled() {
	remote := f.settings().Remote()
	for _, d := range f.httpOnly {
		if remote {
			d.Enable()
		} else {
			d.Disable()
		}
	}
	f.syncPictures()
}

// settings is the provider the form shows. Images is said only for a
// provider that can take images; the others carry ImagesDetect.
func (f *providerForm) settings() app.ProviderSettings {
	p := app.ProviderSettings{Kind: f.kindValue(), URL: f.url.Text, Model: f.model.Text, HasKey: f.hasKey || f.key.Text != ""}
	if f.takesImages() {
		p.Images = f.imagesValue()
	}
	return p
}

// keyFor is the key a test or save uses: the one typed, else the saved one
// unless it was removed.
func (v *settingsView) keyFor(f *providerForm) string {
	if f.key.Text != "" {
		return f.key.Text
	}
	if !f.hasKey {
		return ""
	}
	keys, _ := v.ui.settings.keys()
	return *keys.of(f.role)
}

// testConnection sends one real request with what the form holds now.
func (v *settingsView) testConnection(f *providerForm) {
	if v.ui.providers.Test == nil {
		f.setResult("Connection tests are not available in this build.", widget.WarningImportance)
		return
	}
	if f.testing != nil {
		f.testing()
	}
	ctx, cancel := context.WithTimeout(v.ui.ctx, connectionTestTimeout)
	f.testing = cancel
	f.setResult("Testing…", widget.LowImportance)
	f.test.Disable()
	p, key, egress, test, list := f.settings(), v.keyFor(f), v.egress.Checked, v.ui.providers.Test, v.ui.providers.Models
	pictures := v.ui.providers.Pictures
	go func() {
		var models []string
		if list != nil {
			models, _ = list(ctx, f.role, p, key, egress) // a listing that fails leaves the field free text
		}
		err := test(ctx, f.role, p, key, egress)
		seen := ""
		if err == nil && pictures != nil {
			seen = pictures(ctx, p, key, egress)
		}
		v.ui.do(func() {
			cancel()
			if f.testing == nil {
				return // the window closed
			}
			f.testing = nil
			f.test.Enable()
			f.showModels(models)
			if err != nil && len(models) > 0 && strings.TrimSpace(p.Model) == "" {
				f.setResult(fmt.Sprintf("The endpoint lists %d models: pick one, then test again.", len(models)), widget.WarningImportance)
				return
			}
			if err != nil {
				f.setResult(app.ErrorMessage(err), widget.DangerImportance)
				return
			}
			f.setResult(strings.TrimSpace("Connected: the provider answered in the expected format. "+seen), widget.SuccessImportance)
		})
	}()
}

func (f *providerForm) setResult(msg string, imp widget.Importance) {
	f.result.Importance = imp
	f.result.SetText(msg)
	f.result.Show()
}

func (v *settingsView) cancelTests() {
	for _, f := range []*providerForm{v.decision, v.answer} {
		if f.testing != nil {
			f.testing()
			f.testing = nil
		}
	}
}

// current is the settings the window shows.
func (v *settingsView) current() app.Settings {
	st := app.Settings{
		Decision:           v.decision.settings(),
		Answer:             v.answer.settings(),
		EgressAcknowledged: v.egress.Checked,
		Preset:             app.PresetBalanced,
		LibraryDir:         v.library.Text,
		Theme:              app.ThemeSystem,
	}
	for _, p := range presetNames {
		if p.label == v.preset.Selected {
			st.Preset = p.preset
		}
	}
	for i, l := range themeLabels {
		if l == v.theme.Selected {
			st.Theme = themeValues[i]
		}
	}
	return st
}

// apply checks the settings by building their providers, then stores them
// and the keys. Settings that cannot be used are not saved: the message
// says why and everything typed stays in the window.
func (v *settingsView) apply() {
	st := v.current()
	keys := ProviderKeys{Decision: v.keyFor(v.decision), Answer: v.keyFor(v.answer)}
	if err := v.ui.applySettings(st, keys); err != nil {
		v.setStatus(app.ErrorMessage(err), widget.DangerImportance)
		return
	}
	for _, f := range []*providerForm{v.decision, v.answer} {
		if f.key.Text != "" || !f.hasKey {
			if err := v.ui.settings.setKey(f.role, *keys.of(f.role)); err != nil {
				v.setStatus(app.ErrorMessage(err), widget.DangerImportance)
				return
			}
		}
		f.hasKey = *keys.of(f.role) != ""
		f.key.SetText("")
		f.showKeyState()
	}
	if v.ocr != nil {
		if err := v.ocr.save(); err != nil {
			v.setStatus(app.ErrorMessage(err), widget.DangerImportance)
			return
		}
	}
	v.ui.settings.save(st)
	v.setStatus("Saved.", widget.SuccessImportance)
}

func (v *settingsView) setStatus(msg string, imp widget.Importance) {
	v.status.Importance = imp
	v.status.SetText(msg)
	v.status.Show()
}

// setProviders connects the settings to real providers and applies the
// saved settings at once; the drawer then names what receives evidence.
func (u *UI) setProviders(p Providers) {
	u.providers = p
	st := u.settings.load()
	keys, err := u.settings.keys()
	if err == nil {
		err = u.applySettings(st, keys)
	}
	if err == nil && st.EgressAcknowledged {
		u.settings.save(st) // the old global acknowledgement is now the library's, per endpoint
	}
	if err != nil {
		u.drawer.setReceiver("offline — the saved provider settings cannot be used: " + app.ErrorMessage(err))
	}
}

// applySettings makes st take effect: theme, preset and providers.
func (u *UI) applySettings(st app.Settings, keys ProviderKeys) error {
	var receivers app.Receivers
	if u.providers.Apply != nil {
		r, err := u.providers.Apply(st, keys)
		if err != nil {
			return err
		}
		receivers = r
	}
	if t := themeFor(st.Theme); !sameTheme(u.fapp.Settings().Theme(), t) {
		u.fapp.Settings().SetTheme(t)
	}
	u.drawer.preset.SetSelected(presetLabel(st.Preset))
	switch {
	case receivers != u.drawer.receivers:
		// docs/design.md §6: a provider change starts a new conversation.
		u.drawer.setReceivers(receivers)
		u.drawer.resetTranscript()
	case u.drawer.receiverText() != receivers.String():
		u.drawer.setReceivers(receivers) // after a message that the saved settings could not be used
	}
	return nil
}

func sameTheme(a, b fyne.Theme) bool {
	va, okA := a.(variantTheme)
	vb, okB := b.(variantTheme)
	if okA || okB {
		return okA && okB && va.variant == vb.variant
	}
	return a == b
}
