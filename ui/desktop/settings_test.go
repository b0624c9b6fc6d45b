package desktop

import (
	"context"
	"image/color"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// providerRecorder is a Providers whose Apply and Test record their calls.
type providerRecorder struct {
	mu       sync.Mutex
	applied  []app.Settings
	keys     []ProviderKeys
	applyErr error
	tests    []string        // role, kind, URL, key, egress
	acked    map[string]bool // endpoints acknowledged, as the library records them
	testErr  error
}

func (r *providerRecorder) providers() Providers {
	return Providers{
		Apply: func(s app.Settings, k ProviderKeys) (app.Receivers, error) {
			r.mu.Lock()
			defer r.mu.Unlock()
			if r.applyErr != nil {
				return app.Receivers{}, r.applyErr
			}
			r.applied = append(r.applied, s)
			r.keys = append(r.keys, k)
			if s.EgressAcknowledged {
				if r.acked == nil {
					r.acked = map[string]bool{}
				}
				r.acked[s.Answer.URL], r.acked[s.Decision.URL] = true, true
			}
			if s.Answer.Remote() {
				return app.Receivers{Answer: s.Answer.Model}, nil
			}
			return app.Receivers{}, nil
		},
		Acknowledged: func(s app.Settings) bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			return (!s.Answer.Remote() || r.acked[s.Answer.URL]) && (!s.Decision.Remote() || r.acked[s.Decision.URL]) &&
				(s.Answer.Remote() || s.Decision.Remote())
		},
		Test: func(ctx context.Context, role Role, p app.ProviderSettings, key string, egress bool) error {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.tests = append(r.tests, strings.Join([]string{string(role), p.Kind, p.URL, key, strconvBool(egress)}, "|"))
			return r.testErr
		},
	}
}

func strconvBool(b bool) string {
	if b {
		return "egress"
	}
	return "no-egress"
}

func openSettings(t *testing.T, h *harness) *settingsView {
	t.Helper()
	h.ui.ShowSettings()
	if h.ui.settingsView == nil {
		t.Fatal("no settings window")
	}
	return h.ui.settingsView
}

// entriesShow reports whether any entry in o shows s.
func entriesShow(o fyne.CanvasObject, s string) bool {
	for _, e := range findAll[*widget.Entry](o) {
		if strings.Contains(e.Text, s) || strings.Contains(e.PlaceHolder, s) {
			return true
		}
	}
	return false
}

func TestSettingsRoundTrip(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	h.ui.setProviders(rec.providers())

	v := openSettings(t, h)
	if v.answer.kindValue() != app.ProviderExtractive || v.decision.kindValue() != app.ProviderLocal {
		t.Fatalf("fresh settings show %q / %q, want extractive / local", v.answer.kindValue(), v.decision.kindValue())
	}
	if !v.answer.url.Disabled() {
		t.Error("URL editable for the offline answerer")
	}
	v.answer.setKind(app.ProviderOpenAI)
	if v.answer.url.Disabled() {
		t.Fatal("URL still disabled for an HTTP answerer")
	}
	test.Type(v.answer.url, "https://models.example.com/v1")
	test.Type(v.answer.model, "big-model")
	test.Type(v.answer.key, "sk-secret-123")
	v.answer.images.SetSelected("Send pictures")
	v.decision.setKind(app.ProviderSystemOne)
	test.Type(v.decision.url, "https://s1.example.com")
	test.Type(v.decision.key, "s1-key-456")
	v.egress.SetChecked(true)
	v.preset.SetSelected("Detailed")
	v.library.SetText("/data/archive")
	v.theme.SetSelected("Dark")
	test.Tap(v.save)

	if v.status.Text != "Saved." {
		t.Fatalf("status after Save = %q", v.status.Text)
	}
	last := rec.applied[len(rec.applied)-1]
	want := app.Settings{
		Decision:           app.ProviderSettings{Kind: "systemone", URL: "https://s1.example.com", HasKey: true},
		Answer:             app.ProviderSettings{Kind: "openai", URL: "https://models.example.com/v1", Model: "big-model", HasKey: true, Images: app.ImagesYes},
		EgressAcknowledged: true, Preset: app.PresetDetailed, LibraryDir: "/data/archive", Theme: app.ThemeDark,
	}
	if last != want {
		t.Errorf("applied %+v\nwant    %+v", last, want)
	}
	if k := rec.keys[len(rec.keys)-1]; k.Answer != "sk-secret-123" || k.Decision != "s1-key-456" {
		t.Errorf("providers got keys %+v", k)
	}
	if got := h.ui.drawer.receiver.Text; got != "Your text goes to: answers: big-model" {
		t.Errorf("drawer names %q", got)
	}
	if h.ui.drawer.presetValue() != app.PresetDetailed {
		t.Error("the drawer's preset did not follow the setting")
	}
	if _, ok := h.ui.fapp.Settings().Theme().(variantTheme); !ok {
		t.Error("the dark theme setting did not change the theme")
	}

	// Stored: preferences hold everything but the keys; the key file is
	// the user's alone and holds them.
	reread := newSettingsStore(h.ui.fapp).load()
	stored := want
	stored.EgressAcknowledged = false // the library holds it, per endpoint
	if reread != stored {
		t.Errorf("stored %+v\nwant   %+v", reread, stored)
	}
	prefs := h.ui.fapp.Preferences()
	for _, k := range []string{prefAnswerURL, prefDecisionURL, prefAnswerModel} {
		if strings.Contains(prefs.String(k), "secret") {
			t.Errorf("preference %s holds a key", k)
		}
	}
	info, err := os.Stat(h.ui.settings.keyFile)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", info.Mode().Perm())
	}
	// A key file loosened by hand is tightened again when it is read.
	if err := os.Chmod(h.ui.settings.keyFile, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.ui.settings.keys(); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(h.ui.settings.keyFile); info.Mode().Perm() != 0o600 {
		t.Errorf("loosened key file left at %v after reading, want 0600", info.Mode().Perm())
	}
	data, _ := os.ReadFile(h.ui.settings.keyFile)
	if !strings.Contains(string(data), "sk-secret-123") || !strings.Contains(string(data), "s1-key-456") {
		t.Error("key file lacks the saved keys")
	}

	// Never displayed back: a new window says a key is saved, shows none.
	h.ui.settingsWin.Close()
	v = openSettings(t, h)
	if v.answer.key.Text != "" || v.answer.key.PlaceHolder != keySavedHint {
		t.Errorf("answer key entry shows %q / %q", v.answer.key.Text, v.answer.key.PlaceHolder)
	}
	if entriesShow(v.content, "sk-secret") || entriesShow(v.content, "s1-key") {
		t.Error("a saved key is shown in the settings window")
	}
	if v.answer.url.Text != "https://models.example.com/v1" || v.theme.Selected != "Dark" || v.preset.Selected != "Detailed" ||
		v.answer.images.Selected != "Send pictures" {
		t.Error("the reopened window does not show the saved settings")
	}
	if !v.egress.Checked {
		t.Error("the reopened window does not show the endpoints' acknowledgement")
	}
	// A new endpoint asks again: the tick goes with the old URL and comes
	// back with it.
	v.answer.url.SetText("https://other.example.com/v1")
	if v.egress.Checked {
		t.Error("a new answer endpoint kept the acknowledgement of the old one")
	}
	v.answer.url.SetText("https://models.example.com/v1")
	if !v.egress.Checked {
		t.Error("the acknowledged endpoint typed again is not shown as acknowledged")
	}

	// Remove key: saving drops it from the file.
	test.Tap(v.answer.forget)
	test.Tap(v.save)
	keys, _ := h.ui.settings.keys()
	if keys.Answer != "" || keys.Decision != "s1-key-456" {
		t.Errorf("after Remove key the file holds %+v", keys)
	}
}

// TestSettingsStoreImages: the Pictures setting of both providers survives
// a save and a load, and preferences written before it existed read as
// "ask the endpoint".
func TestSettingsStoreImages(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	store := newSettingsStore(h.ui.fapp)
	old := store.load()
	if old.Answer.Images != app.ImagesDetect || old.Decision.Images != app.ImagesDetect {
		t.Fatalf("preferences without the keys read as %q / %q, want detect", old.Answer.Images, old.Decision.Images)
	}
	st := old
	st.Decision = app.ProviderSettings{Kind: app.ProviderOpenAI, URL: "ollama", Model: "judge", Images: app.ImagesNo}
	st.Answer = app.ProviderSettings{Kind: app.ProviderOpenAI, URL: "ollama", Model: "writer", Images: app.ImagesYes}
	store.save(st)
	got := newSettingsStore(h.ui.fapp).load()
	if got.Decision.Images != app.ImagesNo || got.Answer.Images != app.ImagesYes {
		t.Errorf("reloaded Images %q / %q, want no / yes", got.Decision.Images, got.Answer.Images)
	}
	if p := h.ui.fapp.Preferences(); p.String(prefDecisionImages) != "no" || p.String(prefAnswerImages) != "yes" {
		t.Errorf("preferences hold %q / %q", p.String(prefDecisionImages), p.String(prefAnswerImages))
	}
	// A value typed into the file by hand is normalised on reading.
	h.ui.fapp.Preferences().SetString(prefAnswerImages, " On ")
	h.ui.fapp.Preferences().SetString(prefDecisionImages, "maybe")
	if got := store.load(); got.Answer.Images != app.ImagesYes || got.Decision.Images != app.ImagesDetect {
		t.Errorf("hand-typed values read as %q / %q", got.Answer.Images, got.Decision.Images)
	}
}

// formRows are the row labels of a provider form.
func formRows(f *providerForm) []string {
	var rows []string
	for _, it := range f.form.Items {
		rows = append(rows, it.Text)
	}
	return rows
}

// TestSettingsPictures: the Pictures choice shows only for a provider that
// can be sent images, and what is picked reaches the saved settings.
func TestSettingsPictures(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	h.ui.setProviders(rec.providers())
	v := openSettings(t, h)
	for _, f := range []*providerForm{v.answer, v.decision} {
		if f.images.Visible() || !f.images.Disabled() || slices.Contains(formRows(f), "Pictures") {
			t.Errorf("%s (%s): Pictures offered to an offline provider, rows %q", f.role, f.kindValue(), formRows(f))
		}
	}
	v.decision.setKind(app.ProviderSystemOne)
	if v.decision.images.Visible() || slices.Contains(formRows(v.decision), "Pictures") {
		t.Error("Pictures offered for System One")
	}
	v.decision.setKind(app.ProviderOpenAI)
	if !v.decision.images.Visible() || v.decision.images.Disabled() || !slices.Contains(formRows(v.decision), "Pictures") {
		t.Errorf("no Pictures for an OpenAI-compatible decision provider, rows %q", formRows(v.decision))
	}
	v.decision.setKind(app.ProviderLocal)
	if v.decision.images.Visible() || !v.decision.images.Disabled() || slices.Contains(formRows(v.decision), "Pictures") {
		t.Errorf("Pictures still offered for the local decision provider, rows %q", formRows(v.decision))
	}

	v.answer.setKind(app.ProviderOpenAI)
	if !v.answer.images.Visible() || v.answer.images.Disabled() {
		t.Fatal("no Pictures for an OpenAI-compatible answer model")
	}
	if rows := formRows(v.answer); !slices.Equal(rows, []string{"Provider", "URL", "Model", "API key", "Pictures"}) {
		t.Errorf("answer rows %q", rows)
	}
	if v.answer.images.Selected != "Ask the endpoint" || !slices.Equal(v.answer.images.Options, imagesLabels) {
		t.Errorf("Pictures shows %q of %q", v.answer.images.Selected, v.answer.images.Options)
	}
	if !slices.Contains(labelTexts(v.content), picturesHint) {
		t.Error("no hint under Pictures")
	}
	test.Type(v.answer.url, "http://localhost:11434/v1")
	test.Type(v.answer.model, "gemma3:4b")
	v.answer.images.SetSelected("Send pictures")
	test.Tap(v.save)
	if v.status.Text != "Saved." {
		t.Fatalf("status after Save = %q", v.status.Text)
	}
	last := rec.applied[len(rec.applied)-1]
	if last.Answer.Images != app.ImagesYes || last.Decision.Images != app.ImagesDetect {
		t.Errorf("applied Images %q / %q, want yes / detect", last.Answer.Images, last.Decision.Images)
	}
	if got := newSettingsStore(h.ui.fapp).load(); got.Answer.Images != app.ImagesYes {
		t.Errorf("stored answer Images %q", got.Answer.Images)
	}

	// Back to quoting: the choice no longer applies and is not carried.
	v.answer.setKind(app.ProviderExtractive)
	if v.answer.images.Visible() || slices.Contains(formRows(v.answer), "Pictures") {
		t.Error("Pictures still offered for the offline answerer")
	}
	if p := v.answer.settings(); p.Images != app.ImagesDetect {
		t.Errorf("the offline answerer carries Images %q", p.Images)
	}
}

func TestSettingsThatCannotBeUsedAreNotSaved(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	h.ui.setProviders(rec.providers())
	v := openSettings(t, h)
	rec.applyErr = app.Errorf(app.EEgressNotAcknowledged, "The answer endpoint models.example.com is not on this computer.")
	v.answer.setKind(app.ProviderOpenAI)
	test.Type(v.answer.url, "https://models.example.com/v1")
	test.Type(v.answer.key, "sk-never")
	test.Tap(v.save)
	if v.status.Importance != widget.DangerImportance || !strings.Contains(v.status.Text, "not on this computer") {
		t.Errorf("status = %q", v.status.Text)
	}
	if got := newSettingsStore(h.ui.fapp).load(); got.Answer.Kind != app.ProviderExtractive {
		t.Errorf("refused settings were stored: %+v", got.Answer)
	}
	if keys, _ := h.ui.settings.keys(); keys.Answer != "" {
		t.Error("the key of refused settings was stored")
	}
	if v.answer.url.Text != "https://models.example.com/v1" {
		t.Error("the typed settings were lost")
	}
}

func TestTestConnection(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	h.ui.setProviders(rec.providers())
	if err := h.ui.settings.setKey(RoleDecision, "saved-key"); err != nil {
		t.Fatal(err)
	}
	v := openSettings(t, h)
	v.decision.setKind(app.ProviderOpenAI)
	test.Type(v.decision.url, "http://localhost:11434/v1")
	test.Tap(v.decision.test)
	h.loop.waitFor(t, "the test result", func() bool { return strings.HasPrefix(v.decision.result.Text, "Connected") })
	if want := "decision|openai|http://localhost:11434/v1|saved-key|no-egress"; !slices.Equal(rec.tests, []string{want}) {
		t.Errorf("tests %q, want %q (the saved key is used without being shown)", rec.tests, want)
	}

	rec.testErr = app.Errorf(app.EProviderFailure, "The openai decision provider failed: HTTP 401.")
	test.Tap(v.decision.test)
	h.loop.waitFor(t, "the failure", func() bool { return strings.Contains(v.decision.result.Text, "HTTP 401") })
	if v.decision.result.Importance != widget.DangerImportance {
		t.Error("a failed test is not shown as an error")
	}
}

func TestThemeFor(t *testing.T) {
	bg := func(th fyne.Theme) fyne.ThemeVariant {
		// The light background is brighter than the dark one.
		r, _, _, _ := th.Color(theme.ColorNameBackground, theme.VariantDark).RGBA()
		if r > 0x8000 {
			return theme.VariantLight
		}
		return theme.VariantDark
	}
	if bg(themeFor(app.ThemeLight)) != theme.VariantLight || bg(themeFor(app.ThemeDark)) != theme.VariantDark {
		t.Error("light and dark themes do not hold their variant")
	}
	// An unticked box's outline stands out from the light background by
	// at least 3:1, in the light setting and in the system's light variant.
	for _, th := range []fyne.Theme{themeFor(app.ThemeLight), themeFor(app.ThemeSystem)} {
		border := th.Color(theme.ColorNameInputBorder, theme.VariantLight)
		back := th.Color(theme.ColorNameBackground, theme.VariantLight)
		if c := contrast(border, back); c < 3 {
			t.Errorf("an unticked box's outline has a contrast of %.2f:1 with the light background", c)
		}
	}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, b, _ := c.RGBA()
		ch := func(v uint32) float64 {
			s := float64(v) / 0xffff
			if s <= 0.03928 {
				return s / 12.92
			}
			return math.Pow((s+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(b)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestConnectionListsModels: Test connection offers the models the
// endpoint lists beside the model field; picking one types it; an endpoint
// that lists none leaves the free-text field alone.
func TestConnectionListsModels(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	listed := []string{"gemma3:4b", "llama3.2"}
	p := rec.providers()
	p.Models = func(ctx context.Context, role Role, ps app.ProviderSettings, key string, egress bool) ([]string, error) {
		return listed, nil
	}
	h.ui.setProviders(p)
	v := openSettings(t, h)
	v.answer.setKind(app.ProviderOpenAI)
	test.Type(v.answer.url, "ollama")
	if v.answer.models.Visible() {
		t.Fatal("the model menu shows before any endpoint listed a model")
	}
	rec.testErr = app.Errorf(app.EInvalid, "The answer model needs a model name.")
	test.Tap(v.answer.test)
	h.loop.waitFor(t, "the listing", func() bool { return v.answer.models.Visible() })
	if !slices.Equal(v.answer.models.Options, listed) || !strings.Contains(v.answer.result.Text, "lists 2 models") {
		t.Fatalf("menu %q, result %q", v.answer.models.Options, v.answer.result.Text)
	}
	v.answer.models.SetSelected("llama3.2")
	if v.answer.model.Text != "llama3.2" {
		t.Fatalf("picking a model typed %q", v.answer.model.Text)
	}
	rec.testErr = nil
	test.Tap(v.answer.test)
	h.loop.waitFor(t, "the test result", func() bool { return strings.HasPrefix(v.answer.result.Text, "Connected") })
	if v.answer.models.Selected != "llama3.2" {
		t.Errorf("the menu does not show the model in the field: %q", v.answer.models.Selected)
	}

	listed = nil
	test.Tap(v.answer.test)
	h.loop.waitFor(t, "the test result", func() bool { return !v.answer.models.Visible() })
	if v.answer.model.Text != "llama3.2" || v.answer.model.Disabled() {
		t.Errorf("an endpoint listing none changed the model field: %q", v.answer.model.Text)
	}
}

// TestSettingsSpeakPlainly: providers are named in a person's words, the
// short names stay in the settings file, and how sources are chosen sits
// folded under "Advanced"; a pill's tip says what is highlighted.
func TestSettingsSpeakPlainly(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	h.ui.setProviders(rec.providers())
	v := openSettings(t, h)
	if got := v.answer.kind.Selected; got != "Offline — quotes your documents" {
		t.Errorf("the answer provider reads %q", got)
	}
	if !slices.Contains(v.answer.kind.Options, "A language model (Ollama, llama.cpp or any OpenAI-compatible server)") {
		t.Errorf("answer providers offered: %q", v.answer.kind.Options)
	}
	for _, o := range append(v.answer.kind.Options, v.decision.kind.Options...) {
		if o == app.ProviderExtractive || o == app.ProviderOpenAI || o == app.ProviderLocal || o == app.ProviderSystemOne {
			t.Errorf("a provider is offered by its short name %q", o)
		}
	}
	var advanced *widget.Accordion
	for _, a := range findAll[*widget.Accordion](h.ui.settingsWin.Content()) {
		if len(a.Items) == 1 && strings.HasPrefix(a.Items[0].Title, "Advanced") {
			advanced = a
		}
	}
	if advanced == nil || advanced.Items[0].Open {
		t.Error("how sources are chosen is not folded under Advanced")
	}
	if tip := pillTip(app.Citation{Title: "T", Precision: "cell"}); !strings.Contains(tip, "the cell is highlighted") || strings.Contains(tip, "precision") {
		t.Errorf("a cell pill's tip reads %q", tip)
	}
}

// TestConnectionSaysPictures: a connection test that connected says
// whether the model is shown pictures, as the library found out; one that
// failed says only why it failed.
func TestConnectionSaysPictures(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	rec := &providerRecorder{}
	p := rec.providers()
	var asked []app.ProviderSettings
	p.Pictures = func(ctx context.Context, ps app.ProviderSettings, key string, egress bool) string {
		asked = append(asked, ps)
		return "Pictures: the endpoint says llava sees images; figures are sent with the text."
	}
	h.ui.setProviders(p)
	v := openSettings(t, h)
	v.answer.setKind(app.ProviderOpenAI)
	test.Type(v.answer.url, "ollama")
	test.Type(v.answer.model, "llava")
	test.Tap(v.answer.test)
	h.loop.waitFor(t, "the test result", func() bool { return strings.HasPrefix(v.answer.result.Text, "Connected") })
	if !strings.HasSuffix(v.answer.result.Text, "says llava sees images; figures are sent with the text.") {
		t.Errorf("result %q", v.answer.result.Text)
	}
	if len(asked) != 1 || asked[0].Model != "llava" {
		t.Errorf("pictures asked for %+v", asked)
	}
	rec.testErr = app.Errorf(app.EProviderFailure, "The model endpoint could not be reached.")
	test.Tap(v.answer.test)
	h.loop.waitFor(t, "the failure", func() bool { return strings.HasPrefix(v.answer.result.Text, "The model endpoint") })
	if strings.Contains(v.answer.result.Text, "Pictures") || len(asked) != 1 {
		t.Errorf("a failed test spoke of pictures: %q", v.answer.result.Text)
	}
}
