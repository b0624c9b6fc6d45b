package desktop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"archivist/app"
)

// Role names the provider a setting or a connection test is about.
type Role string

// The provider roles.
const (
	RoleDecision Role = "decision" // routing and passage scoring
	RoleAnswer   Role = "answer"   // composing the answer
)

// ProviderKeys are the saved API keys. They are read from the key file only
// to build providers; the settings window never shows them.
type ProviderKeys struct {
	Decision string `json:"decision,omitempty"`
	Answer   string `json:"answer,omitempty"`
}

func (k *ProviderKeys) of(r Role) *string {
	if r == RoleAnswer {
		return &k.Answer
	}
	return &k.Decision
}

// Providers connects the settings to real providers; main.go sets it with
// UI.setProviders.
type Providers struct {
	// Apply makes the next questions use the providers s names. It returns
	// what receives evidence, for the drawer; on an error the providers in
	// use stay. s.EgressAcknowledged set means the person acknowledges now
	// that document text goes to the endpoints s names.
	Apply func(s app.Settings, keys ProviderKeys) (app.Receivers, error)
	// Acknowledged reports whether the library holds the acknowledgement
	// of every endpoint s names that is not on this computer (the record is
	// per endpoint and shared with the command line); nil means none is.
	Acknowledged func(s app.Settings) bool
	// Models lists the models the endpoint p names serves, for the model
	// field to offer; none (or a nil Models) leaves the field free text.
	Models func(ctx context.Context, role Role, p app.ProviderSettings, key string, egressOK bool) ([]string, error)
	// Test makes one real request to the provider p configures.
	Test func(ctx context.Context, role Role, p app.ProviderSettings, key string, egressOK bool) error
	// Pictures says, after a test that connected, whether the provider
	// is shown pictures and why ("" when it never is); nil says nothing.
	Pictures func(ctx context.Context, p app.ProviderSettings, key string, egressOK bool) string
}

func (p Providers) acknowledged(s app.Settings) bool {
	return p.Acknowledged != nil && p.Acknowledged(s)
}

// settingsStore keeps Settings in Fyne preferences and the API keys in a
// JSON file of their own, readable by the user alone (0600).
type settingsStore struct {
	prefs   fyne.Preferences
	keyFile string
}

// keyFileName is the key file's name inside the app's storage folder.
const keyFileName = "provider-keys.json"

// Preference names.
const (
	prefDecisionKind   = "decision.kind"
	prefDecisionURL    = "decision.url"
	prefDecisionModel  = "decision.model"
	prefDecisionImages = "decision.images" // app.ImagesSetting: "yes", "no" or "" (ask the endpoint)
	prefAnswerKind     = "answer.kind"
	prefAnswerURL      = "answer.url"
	prefAnswerModel    = "answer.model"
	prefAnswerImages   = "answer.images"
	prefEgress         = "egress.acknowledged"
	prefPreset         = "research.preset"
	prefLibraryDir     = "library.dir"
	prefTheme          = "theme"
)

func newSettingsStore(a fyne.App) *settingsStore {
	s := &settingsStore{prefs: a.Preferences()}
	if st := a.Storage(); st != nil && st.RootURI() != nil {
		s.keyFile = filepath.Join(st.RootURI().Path(), keyFileName)
	}
	return s
}

// load reads the settings; HasKey says whether a key is saved.
func (s *settingsStore) load() app.Settings {
	p := s.prefs
	keys, _ := s.keys()
	st := app.Settings{
		Decision: app.ProviderSettings{Kind: p.StringWithFallback(prefDecisionKind, app.ProviderLocal),
			URL: p.String(prefDecisionURL), Model: p.String(prefDecisionModel), HasKey: keys.Decision != "",
			Images: app.ImagesSetting(p.String(prefDecisionImages))},
		Answer: app.ProviderSettings{Kind: p.StringWithFallback(prefAnswerKind, app.ProviderExtractive),
			URL: p.String(prefAnswerURL), Model: p.String(prefAnswerModel), HasKey: keys.Answer != "",
			Images: app.ImagesSetting(p.String(prefAnswerImages))},
		EgressAcknowledged: p.Bool(prefEgress),
		Preset:             app.ParsePreset(p.String(prefPreset)),
		LibraryDir:         p.String(prefLibraryDir),
		Theme:              p.StringWithFallback(prefTheme, app.ThemeSystem),
	}
	switch st.Theme {
	case app.ThemeLight, app.ThemeDark:
	default:
		st.Theme = app.ThemeSystem
	}
	return st
}

// save stores st (HasKey is ignored: keys change through setKey only).
func (s *settingsStore) save(st app.Settings) {
	p := s.prefs
	p.SetString(prefDecisionKind, st.Decision.Kind)
	p.SetString(prefDecisionURL, st.Decision.URL)
	p.SetString(prefDecisionModel, st.Decision.Model)
	p.SetString(prefDecisionImages, app.ImagesSetting(st.Decision.Images))
	p.SetString(prefAnswerKind, st.Answer.Kind)
	p.SetString(prefAnswerURL, st.Answer.URL)
	p.SetString(prefAnswerModel, st.Answer.Model)
	p.SetString(prefAnswerImages, app.ImagesSetting(st.Answer.Images))
	// The acknowledgement lives in the library, per endpoint; the old
	// global preference is only read once, to carry it over.
	p.SetBool(prefEgress, false)
	p.SetString(prefPreset, string(app.ParsePreset(string(st.Preset))))
	p.SetString(prefLibraryDir, st.LibraryDir)
	p.SetString(prefTheme, st.Theme)
}

// keys reads the key file; a missing file means no keys.
func (s *settingsStore) keys() (ProviderKeys, error) {
	var k ProviderKeys
	if s.keyFile == "" {
		return k, nil
	}
	data, err := app.ReadPrivateFile(s.keyFile) // a key file loosened by hand is tightened again
	if errors.Is(err, fs.ErrNotExist) {
		return k, nil
	}
	if err != nil {
		return k, fmt.Errorf("settings: read keys: %w", err)
	}
	if err := json.Unmarshal(data, &k); err != nil {
		return ProviderKeys{}, app.Errorf(app.EInvalid, "The saved provider keys are unreadable; enter them again.")
	}
	return k, nil
}

// setKey saves (or, with "", removes) the key of role. The file is written
// beside the old one with mode 0600 and renamed over it, so a crash leaves
// either the old keys or the new ones.
func (s *settingsStore) setKey(r Role, key string) error {
	if s.keyFile == "" {
		return app.Errorf(app.EInternal, "There is no folder to keep provider keys in.")
	}
	k, err := s.keys()
	if err != nil && app.ErrorCode(err) != app.EInvalid {
		return err
	}
	*k.of(r) = key
	data, err := json.Marshal(k)
	if err != nil {
		return fmt.Errorf("settings: encode keys: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(s.keyFile), 0o700); err != nil {
		return fmt.Errorf("settings: key folder: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.keyFile), ".keys-*")
	if err != nil {
		return fmt.Errorf("settings: write keys: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("settings: write keys: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("settings: write keys: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("settings: write keys: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.keyFile); err != nil {
		return fmt.Errorf("settings: write keys: %w", err)
	}
	return nil
}

// variantTheme is the default theme held to one variant, for the light and
// dark theme settings; "system" uses the default theme as it is.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// clearTheme is the default theme with the outline of unticked boxes,
// radio buttons and fields dark enough to see on the light background (3:1
// against white, as a control's outline needs); the default's light grey
// left an unticked box nearly invisible.
type clearTheme struct{ fyne.Theme }

// lightInputBorder is the light variant's outline of controls.
var lightInputBorder = color.NRGBA{R: 0x8a, G: 0x8a, B: 0x8a, A: 0xff}

func (t clearTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameInputBorder && v == theme.VariantLight {
		return lightInputBorder
	}
	return t.Theme.Color(n, v)
}

// themeFor returns the theme a theme setting names.
func themeFor(setting string) fyne.Theme {
	base := clearTheme{theme.DefaultTheme()}
	switch setting {
	case app.ThemeLight:
		return variantTheme{base, theme.VariantLight}
	case app.ThemeDark:
		return variantTheme{base, theme.VariantDark}
	}
	return base
}

// AppID is the application's ID: Fyne keeps its preferences under it, and
// packaging names the desktop entry after it.
const AppID = "app.archivist.Archivist"

// SavedLibraryDir is the library folder chosen in settings, "" for the OS
// default. main reads it before the window exists.
func SavedLibraryDir(a fyne.App) string {
	return a.Preferences().String(prefLibraryDir)
}
